"""Opening a return (RMA) within the window, shared by C5 (the caller states a reason, which is
locked) and C6 (the caller never says why, so none is locked)."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates
from mivas_env.industries.customer_support import FINAL_SALE_REASONS, RETURN_WINDOW_DAYS
from rewards.clock import day

TEXT = family_templates(__name__)
EDGE = 0.3  # how often the return is asked on the window's last day
MAYBE_STARTED = 0.25  # how often the caller may have started it online already


def returns_case(scene: kit.ShopScene, with_reason: bool) -> Draft | None:
    f, rng = scene.shop, scene.rng
    window = [o for o in f.orders if o["status"] == "delivered" and f.in_window(o)
              and kit.distinct_nouns(o)]
    candidates: list[tuple[kit.Row, kit.Row]] = [(o, ln) for o in window for ln in f.returnable_lines(o)
                                         if with_reason or f.products[ln["sku"]]["returnable"]]
    if not candidates:
        return None
    edge = [(o, ln) for o, ln in candidates if f.delivered_days(o) == RETURN_WINDOW_DAYS]
    order, line = rng.choice(edge if edge and rng.random() < EDGE else candidates)
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    sku = line["sku"]
    item, product, num = kit.noun(sku), f.product_name(sku), kit.number(order["order_id"])
    final_sale = not f.products[sku]["returnable"]
    rma_id = f.next_rma_id()
    facts = dict(who.facts, order_id=num, item=f"the {product}")
    fact_lines = {"order_id": kit.order_id_lines(scene), "return_reason": ["{value}"]}
    reactions: list[dict[str, Any]] = [who.reaction, *kit.other_item_reaction(scene, order, sku)]
    params: dict[str, Any] = {"order_id": order["order_id"], "sku": sku}
    if with_reason:
        reasons = sorted(FINAL_SALE_REASONS) if final_sale else [*sorted(FINAL_SALE_REASONS),
                                                                  "no_longer_needed"]
        reason = rng.choice(reasons)
        params["reason"] = reason
        facts["return_reason"] = scene.say(TEXT[f"reason_{reason}"])
        opening = scene.openings(TEXT[f"openings_{reason}"], noun=item)
        about = TEXT.line("about stated", reason=reason)
        if final_sale:
            about += TEXT.line("about final_sale")
    else:
        facts["return_reason"] = scene.say(kit.CALLER["no_reason"])
        opening = scene.openings(TEXT["openings"], noun=item)
        reactions.append({"when_agent_says_any": kit.REASON_QUESTIONS,
                          "unless_agent_says_any": TEXT.words("asks_why"),
                          "say": scene.lines(kit.CALLER["no_reason"], 2), "once": False})
        about = TEXT.line("about none")
    if f.delivered_days(order) == RETURN_WINDOW_DAYS:
        reactions.append({"when_agent_says_any": TEXT.words("too_late"),
                          "unless_agent_says_any": [rma_id[-4:]],
                          "say": scene.lines(TEXT["window_edge"], 2,
                                             delivered=kit.spoken_date(day(order["delivered_on"]))),
                          "once": False})
        about += TEXT.line("about edge", delivered=order["delivered_on"])
    calls = [kit.hop("identity"), who.call, kit.hop("returns")]
    if rng.random() < MAYBE_STARTED:  # the caller may have started it online: check first
        opening = [f"{line} {scene.say(TEXT['maybe_started'])}" for line in opening]
        calls.append(kit.call("get_rma_status", order_id=order["order_id"]))
        about += TEXT.line("about started")
    calls.append(kit.call("create_rma", **params))
    return kit.shop_draft(
        scene, TEXT,
        say={"item": item, "reason": TEXT.line("reason stated" if with_reason else "reason none"),
             "about": about, "name": customer["full_name"],
             "city": kit.city_of(customer), "num": num, "who": who.persona,
             "rest": TEXT.line("rest") if len(order["items"]) > 1 else "",
             "first": kit.first_name(customer["full_name"]), "product": product,
             "rma_id": rma_id, "carrier": order["carrier"] or "UPS"},
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"tools_ok": ["verify_identity", "create_rma"],
              "agent_says_any": [rma_id[-4:], "rma number", "return number"]},
        reactions=reactions, calls=calls,
        tags=["write", "multi_hop"] + ([] if with_reason else ["blank_reason"]))
