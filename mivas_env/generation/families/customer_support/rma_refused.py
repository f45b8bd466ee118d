"""C7 return refused: identity then returns; create_rma is attempted and refused (gold output
ok:false with the code). One maker per refusal: not delivered yet, the window closed, a
final-sale item returned for a change of mind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support import returns
from mivas_env.generation.spoken import month
from mivas_env.generation.text import family_templates
from mivas_env.industries.customer_support import RETURN_WINDOW_DAYS
from rewards.clock import day

TEXT = family_templates(__name__)
RETURNS_TEXT = family_templates("mivas_env.generation.families.customer_support.returns")


@dataclass
class Refusal:
    """A return the server refuses: what the caller says and the right answer."""

    order: kit.Row
    item: str
    product: str
    num: str
    first: str
    facts: dict[str, str]
    fact_lines: dict[str, list[str]]
    reactions: list[dict[str, Any]]
    params: dict[str, Any]
    say: dict[str, Any]
    opening: list[str] = field(default_factory=list)
    goal: dict[str, Any] = field(default_factory=dict)


def not_eligible(scene: kit.ShopScene, r: Refusal) -> None:
    r.opening = scene.openings(TEXT["not_eligible"], noun=r.item)
    r.goal = {"tools_ok": ["verify_identity"], "agent_says_any": TEXT.words("arrives_words")}
    r.reactions.append({"when_agent_says_any": TEXT.words("opened_words"),
                        "unless_agent_says_any": ["delivered", "arrives"],
                        "say": scene.lines(TEXT["opened_claim"], 2)})
    r.say["carrier"] = r.order["carrier"]


def window_closed(scene: kit.ShopScene, r: Refusal) -> None:
    delivered = day(r.order["delivered_on"])
    r.opening = scene.openings(TEXT["return_window_closed"], noun=r.item, month=month(delivered))
    r.facts["return_reason"] = scene.say(kit.CALLER["no_reason"])
    r.fact_lines["return_reason"] = ["{value}"]
    r.reactions += [
        {"when_agent_says_any": kit.REASON_QUESTIONS, "unless_agent_says_any": returns.TEXT.words("asks_why"),
         "say": scene.lines(kit.CALLER["no_reason"], 2), "once": False},
        {"when_agent_says_any": ["30 days", "thirty days"],
         "unless_agent_says_any": [month(delivered).lower(), "closed", "can't", "cannot"],
         "say": scene.lines(TEXT["when_delivered"], 2, delivered=kit.spoken_date(delivered))}]
    r.goal = {"tools_ok": ["verify_identity"], "agent_says_all": ["window"],
              "agent_says_any": ["closed", "can't", "cannot", "not able", "unable"]}
    r.say.update(days=scene.shop.delivered_days(r.order), delivered=kit.spoken_date(delivered),
                 delivered_on=r.order["delivered_on"])


def final_sale(scene: kit.ShopScene, r: Refusal) -> None:
    r.params["reason"] = "no_longer_needed"
    r.facts["return_reason"] = scene.say(RETURNS_TEXT["reason_no_longer_needed"])
    r.fact_lines["return_reason"] = ["{value}"]
    r.opening = scene.openings(TEXT["not_returnable"], noun=r.item)
    r.reactions.append({"when_agent_says_any": ["damaged", "defective", "wrong item", "broken"],
                        "also_says_any": TEXT.words("asks_wrong"),
                        "say": scene.lines(TEXT["nothing_wrong"], 2), "once": False})
    r.goal = {"tools_ok": ["verify_identity"], "agent_says_all": ["final"],
              "agent_says_any": ["can't", "cannot", "not able", "unable"]}


REFUSALS: dict[str, Callable[[kit.ShopScene, Refusal], None]] = {
    "not_eligible": not_eligible, "return_window_closed": window_closed,
    "not_returnable": final_sale}


def cases(scene: kit.ShopScene, f: kit.Shop) -> dict[str, list[tuple[kit.Row, kit.Row]]]:
    def lines_without_rma(orders: list[kit.Row], final_only: bool = False) -> list[tuple[kit.Row, kit.Row]]:
        return [(o, ln) for o in orders if kit.distinct_nouns(o) for ln in f.returnable_lines(o)
                if not final_only or not f.products[ln["sku"]]["returnable"]]

    late = [o for o in f.orders if o["status"] == "delivered" and not f.in_window(o)]
    edge = [o for o in late if f.delivered_days(o) == RETURN_WINDOW_DAYS + 1]
    return {
        "not_eligible": lines_without_rma([o for o in f.orders if o["status"] == "shipped"]),
        "return_window_closed": lines_without_rma(
            edge if edge and scene.rng.random() < 0.5 else late),
        "not_returnable": lines_without_rma(
            [o for o in f.orders if o["status"] == "delivered" and f.in_window(o)],
            final_only=True),
    }


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    choices = cases(scene, f)
    code = rng.choice(sorted(k for k, v in choices.items() if v))
    order, line = rng.choice(choices[code])
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    sku = line["sku"]
    item, product, num = kit.noun(sku), f.product_name(sku), kit.number(order["order_id"])
    r = Refusal(order, item, product, num, kit.first_name(customer["full_name"]),
                dict(who.facts, order_id=num, item=f"the {product}"),
                {"order_id": kit.order_id_lines(scene)},
                [who.reaction, *kit.other_item_reaction(scene, order, sku)],
                {"order_id": order["order_id"], "sku": sku},
                {"name": customer["full_name"], "city": kit.city_of(customer), "item": item,
                 "num": num, "who": who.persona, "first": kit.first_name(customer["full_name"]),
                 "product": product})
    REFUSALS[code](scene, r)
    r.say["about"] = TEXT.line(f"about {code}", **r.say)
    return kit.shop_draft(
        scene, TEXT, say=r.say, variant=code,
        opening=r.opening, facts=r.facts, fact_lines=r.fact_lines, goal=r.goal,
        reactions=r.reactions, tags=["refused_write", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("returns"),
               kit.call("create_rma", ok=False, error_code=code, **r.params)])


FAMILY = kit.shop_family("C7", "rma_refused", make)
