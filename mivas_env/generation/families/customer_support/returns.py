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
ASKS_WHY = ["why you are returning", "why are you returning", "why you're returning",
            "reason for the return", "reason for returning", "what's wrong with"]


def rma_answer(first: str, product: str, num: str, rma_id: str, carrier: str) -> str:
    return (f"Thanks, {first}. I've opened a return for the {product} on order {num}: your RMA "
            f"number is {rma_id}, and a prepaid {carrier} label is on its way.")


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
        about = f"The caller states the reason ({reason}), so it is locked. "
        if final_sale:
            about += ("The item is final sale, so only a qualifying reason opens the return; "
                      "leaving the reason out is refused (not_returnable): T and D fail. ")
    else:
        facts["return_reason"] = scene.say(kit.CALLER["no_reason"])
        opening = scene.openings(TEXT["openings"], noun=item)
        reactions.append({"when_agent_says_any": kit.REASON_QUESTIONS,
                          "unless_agent_says_any": ASKS_WHY,
                          "say": scene.lines(kit.CALLER["no_reason"], 2), "once": False})
        about = ("The caller never states a reason: reason is left out of the gold call and "
                 "rmas.reason stays blank, so any reason passes. ")
    if f.delivered_days(order) == RETURN_WINDOW_DAYS:
        reactions.append({"when_agent_says_any": ["window has closed", "window closed",
                                                  "too late", "more than 30 days",
                                                  "past the 30", "outside the"],
                          "unless_agent_says_any": [rma_id[-4:]],
                          "say": scene.lines(TEXT["window_edge"], 2,
                                             delivered=kit.spoken_date(day(order["delivered_on"]))),
                          "once": False})
        about += (f"Delivered {order['delivered_on']}, exactly 30 days ago: the window is still "
                  "open, and refusing from memory fails T and D. ")
    calls = [kit.hop("identity"), who.call, kit.hop("returns")]
    if rng.random() < MAYBE_STARTED:  # the caller may have started it online: check first
        opening = [f"{line} {scene.say(TEXT['maybe_started'])}" for line in opening]
        calls.append(kit.call("get_rma_status", order_id=order["order_id"]))
        about += ("The caller thinks a return may already be on file, so the desk checks "
                  "get_rma_status first (there is none for this item). ")
    calls.append(kit.call("create_rma", **params))
    answer = rma_answer(kit.first_name(customer["full_name"]), product, num, rma_id,
                        str(order["carrier"] or "UPS"))
    caller = shop_caller_for(scene, customer, item, num, order, who.persona, opening, facts,
                             fact_lines, rma_id, reactions, answer)
    return kit.lockfile(
        title=f"Return a {item}{' (reason stated)' if with_reason else ', no reason given'}",
        tags=["write", "multi_hop"] + ([] if with_reason else ["blank_reason"]), caller=caller,
        path=["transfer_to_identity", "transfer_to_returns"], calls=calls,
        description="Write, multi-hop: identity then returns, create_rma. rmas is exact: the "
                    "wrong item fails T and D; skipping identity fails T, H and D. " + about)


def shop_caller_for(scene: kit.ShopScene, customer: kit.Row, item: str, num: str, order: kit.Row,
                    persona: str, opening: list[str], facts: dict[str, str],
                    fact_lines: dict[str, list[str]], rma_id: str,
                    reactions: list[dict[str, Any]], answer: str) -> dict[str, Any]:
    return kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Returning the {item} from order "
                f"{num}{' and keeping the rest' if len(order['items']) > 1 else ''}. {persona}",
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"description": f"A return open for the {item} on order {num}.",
              "tools_ok": ["verify_identity", "create_rma"],
              "agent_says_any": [rma_id[-4:], "rma number", "return number"]},
        reactions=reactions, answer=answer, speaker=str(customer["full_name"]))
