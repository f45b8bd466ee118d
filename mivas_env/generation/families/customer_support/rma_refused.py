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
    opening: list[str] = field(default_factory=list)
    goal: dict[str, Any] = field(default_factory=dict)
    answer: str = ""
    about: str = ""
    title: str = ""


def not_eligible(scene: kit.ShopScene, r: Refusal) -> None:
    r.opening = scene.openings(TEXT["not_eligible"], noun=r.item)
    r.goal = {"description": f"To learn that the return can only start once order {r.num} is "
                             "delivered.",
              "tools_ok": ["verify_identity"],
              "agent_says_any": ["once it's delivered", "once it arrives", "after it's delivered",
                                 "after it arrives", "until it's delivered", "until it arrives",
                                 "when it arrives", "once it is delivered"]}
    r.reactions.append({"when_agent_says_any": ["return is open", "i've opened", "i have opened",
                                                "label"],
                        "unless_agent_says_any": ["delivered", "arrives"],
                        "say": scene.lines(TEXT["opened_claim"], 2)})
    r.answer = (f"Thanks, {r.first}. I tried to open the return, but order {r.num} is still in "
                f"transit with {r.order['carrier']}, so a return can't be opened until it's "
                f"delivered. Once it arrives, call us and we'll set up the return for the "
                f"{r.item} within 30 days.")
    r.about = f"Order {r.num} has shipped but is not delivered: create_rma answers not_eligible."
    r.title = f"Return a {r.item} from an order still in transit (not delivered)"


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
    r.goal = {"description": f"Whether the {r.item} on order {r.num} can still be returned (no: "
                             "the window closed).",
              "tools_ok": ["verify_identity"], "agent_says_all": ["window"],
              "agent_says_any": ["closed", "can't", "cannot", "not able", "unable"]}
    days = scene.shop.delivered_days(r.order)
    r.answer = (f"Thanks, {r.first}. I tried to open the return, but order {r.num} was delivered "
                f"on {kit.spoken_date(delivered)}, {days} days ago, and the 30-day return window "
                f"has closed, so I'm not able to open a return for the {r.item}.")
    r.about = (f"Delivered {r.order['delivered_on']}, {days} days ago: create_rma answers "
               "return_window_closed. The caller never states a reason, so none is locked.")
    r.title = f"Return a {r.item} delivered {days} days ago (window closed)"


def final_sale(scene: kit.ShopScene, r: Refusal) -> None:
    r.params["reason"] = "no_longer_needed"
    r.facts["return_reason"] = scene.say(RETURNS_TEXT["reason_no_longer_needed"])
    r.fact_lines["return_reason"] = ["{value}"]
    r.opening = scene.openings(TEXT["not_returnable"], noun=r.item)
    r.reactions.append({"when_agent_says_any": ["damaged", "defective", "wrong item", "broken"],
                        "also_says_any": ["were they", "was it", "did they", "anything wrong",
                                          "is there a problem", "are they", "did it"],
                        "say": scene.lines(TEXT["nothing_wrong"], 2), "once": False})
    r.goal = {"description": f"To learn that the final-sale {r.item} can't be returned for a "
                             "change of mind.",
              "tools_ok": ["verify_identity"], "agent_says_all": ["final"],
              "agent_says_any": ["can't", "cannot", "not able", "unable"]}
    r.answer = (f"Thanks, {r.first}. I tried to open the return on order {r.num}, but the "
                f"{r.product} is a final-sale item: it can only come back if it arrived "
                "damaged, defective or wrong, so I can't open a return because you no longer "
                "need it.")
    r.about = ("The item is final sale and the stated reason is no_longer_needed: create_rma "
               "answers not_returnable; inventing a qualifying reason opens a return (T, D).")
    r.title = f"Return a final-sale {r.item} for a change of mind (not returnable)"


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
                {"order_id": order["order_id"], "sku": sku})
    REFUSALS[code](scene, r)
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Wants to return the {item} from "
                f"order {num}; honest about the facts. {who.persona}",
        opening=r.opening, facts=r.facts, fact_lines=r.fact_lines, goal=r.goal,
        reactions=r.reactions, answer=r.answer, speaker=str(customer["full_name"]))
    return kit.lockfile(
        title=r.title, tags=["refused_write", "multi_hop"], caller=caller,
        path=["transfer_to_identity", "transfer_to_returns"],
        calls=[kit.hop("identity"), who.call, kit.hop("returns"),
               kit.call("create_rma", ok=False, error_code=code, **r.params)],
        description="Refused write, multi-hop: identity then returns; create_rma is attempted "
                    "and refused, so the gold output is ok:false with the code and the seed "
                    "must not change. Promising a return without the attempt fails T. " + r.about)


FAMILY = kit.shop_family("C7", "rma_refused", make)
