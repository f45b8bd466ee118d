"""C7 return refused: identity then returns; create_rma is attempted and refused (gold output
ok:false with the code). One maker per refusal: not delivered yet, the window closed, a
final-sale item returned for a change of mind. A maker fills the caller's facts, fact lines,
reactions, the call's parameters and ``say`` slots, and returns the opening and the goal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support import returns
from mivas_env.generation.spoken import month
from mivas_env.generation.text import family_templates
from mivas_env.industries.customer_support import RETURN_WINDOW_DAYS
from rewards.clock import day

TEXT = family_templates(__name__)
Filled = tuple[dict[str, str], dict[str, list[str]], list[dict[str, Any]], dict[str, Any],
               dict[str, Any]]  # facts, fact lines, reactions, parameters, say


def not_eligible(scene: kit.ShopScene, order: kit.Row, filled: Filled
                 ) -> tuple[list[str], dict[str, Any]]:
    facts, fact_lines, reactions, params, say = filled
    opening = scene.openings(TEXT["not_eligible"], noun=say["item"])
    reactions.append({"when_agent_says_any": TEXT.words("opened_words"),
                      "unless_agent_says_any": ["delivered", "arrives"],
                      "say": scene.lines(TEXT["opened_claim"], 2)})
    say["carrier"] = order["carrier"]
    return opening, {"tools_ok": ["verify_identity"], "agent_says_any": TEXT.words("arrives_words")}


def window_closed(scene: kit.ShopScene, order: kit.Row, filled: Filled
                  ) -> tuple[list[str], dict[str, Any]]:
    facts, fact_lines, reactions, params, say = filled
    delivered = day(order["delivered_on"])
    opening = scene.openings(TEXT["return_window_closed"], noun=say["item"],
                             month=month(delivered))
    facts["return_reason"] = scene.say(kit.CALLER["no_reason"])
    fact_lines["return_reason"] = ["{value}"]
    reactions += [
        {"when_agent_says_any": kit.REASON_QUESTIONS,
         "unless_agent_says_any": returns.TEXT.words("asks_why"),
         "say": scene.lines(kit.CALLER["no_reason"], 2), "once": False},
        {"when_agent_says_any": ["30 days", "thirty days"],
         "unless_agent_says_any": [month(delivered).lower(), "closed", "can't", "cannot"],
         "say": scene.lines(TEXT["when_delivered"], 2, delivered=kit.spoken_date(delivered))}]
    say.update(days=scene.shop.delivered_days(order), delivered=kit.spoken_date(delivered),
               delivered_on=order["delivered_on"])
    return opening, {"tools_ok": ["verify_identity"], "agent_says_all": ["window"],
                     "agent_says_any": ["closed", "can't", "cannot", "not able", "unable"]}


def final_sale(scene: kit.ShopScene, order: kit.Row, filled: Filled
               ) -> tuple[list[str], dict[str, Any]]:
    facts, fact_lines, reactions, params, say = filled
    params["reason"] = "no_longer_needed"
    facts["return_reason"] = scene.say(returns.TEXT["reason_no_longer_needed"])
    fact_lines["return_reason"] = ["{value}"]
    opening = scene.openings(TEXT["not_returnable"], noun=say["item"])
    reactions.append({"when_agent_says_any": ["damaged", "defective", "wrong item", "broken"],
                      "also_says_any": TEXT.words("asks_wrong"),
                      "say": scene.lines(TEXT["nothing_wrong"], 2), "once": False})
    return opening, {"tools_ok": ["verify_identity"], "agent_says_all": ["final"],
                     "agent_says_any": ["can't", "cannot", "not able", "unable"]}


REFUSALS: dict[str, Callable[[kit.ShopScene, kit.Row, Filled],
                             tuple[list[str], dict[str, Any]]]] = {
    "not_eligible": not_eligible, "return_window_closed": window_closed,
    "not_returnable": final_sale}


def cases(scene: kit.ShopScene, f: kit.Shop) -> dict[str, list[tuple[kit.Row, kit.Row]]]:
    def lines_without_rma(orders: list[kit.Row], final_only: bool = False
                          ) -> list[tuple[kit.Row, kit.Row]]:
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
    filled: Filled = (dict(who.facts, order_id=num, item=f"the {product}"),
                      {"order_id": kit.order_id_lines(scene)},
                      [who.reaction, *kit.other_item_reaction(scene, order, sku)],
                      {"order_id": order["order_id"], "sku": sku},
                      kit.holder_say(customer, who, num, item=item, product=product))
    facts, fact_lines, reactions, params, say = filled
    opening, goal = REFUSALS[code](scene, order, filled)
    say["about"] = TEXT.line(f"about {code}", **say)
    return kit.shop_draft(
        scene, TEXT, say=say, variant=code, opening=opening, facts=facts, fact_lines=fact_lines,
        goal=goal, reactions=reactions, tags=["refused_write", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("returns"),
               kit.call("create_rma", ok=False, error_code=code, **params)])


FAMILY = kit.shop_family("C7", "rma_refused", make)
