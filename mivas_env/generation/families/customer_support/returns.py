"""Opening a return (RMA) within the window, shared by C5 (the caller states a reason, which is
locked) and C6 (the caller never says why, so none is locked)."""

from typing import Any

from mivas_env.generation.families.customer_support import common as kit
from mivas_env.industries.customer_support import FINAL_SALE_REASONS

TEXT = kit.family_templates(__name__)
EDGE = 0.3  # how often the return is asked on the window's last day
MAYBE_STARTED = 0.25  # how often the caller may have started it online already


def returns_case(scene: kit.ShopScene, with_reason: bool) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    window = [o for o in f.orders if o["status"] == "delivered" and f.in_window(o) and kit.distinct_nouns(o)]
    candidates = kit.fit([(o, ln) for o in window for ln in f.returnable_lines(o)
                          if with_reason or f.products[ln["sku"]]["returnable"]])
    edge = [(o, ln) for o, ln in candidates if f.delivered_days(o) == kit.RETURN_WINDOW_DAYS]
    order, line = rng.choice(edge if edge and rng.random() < EDGE else candidates)
    c = kit.holder(scene, order, "returns")
    sku = line["sku"]
    final_sale, rma_id = not f.products[sku]["returnable"], f.next_rma_id()
    item = c.about(sku)
    c.reactions += kit.other_item_reaction(scene, order, sku)
    params: dict[str, Any] = {"order_id": order["order_id"], "sku": sku}
    if with_reason:
        reason = params["reason"] = rng.choice(
            sorted(FINAL_SALE_REASONS) + ([] if final_sale else ["no_longer_needed"]))
        c.tell(return_reason=scene.say(TEXT[f"reason_{reason}"]))
        c.opening = scene.openings(TEXT[f"openings_{reason}"], noun=item)
        about = TEXT.line("about stated", reason=reason)
        if final_sale:
            about += TEXT.line("about final_sale")
    else:
        c.tell(return_reason=scene.say(kit.CALLER["no_reason"]))
        c.opening = scene.openings(TEXT["openings"], noun=item)
        c.react(kit.CALLER["no_reason"], kit.REASON_QUESTIONS, unless=TEXT.words("asks_why"), once=False)
        about = TEXT.line("about none")
    if f.delivered_days(order) == kit.RETURN_WINDOW_DAYS:
        c.react(TEXT["window_edge"], TEXT.words("too_late"), unless=[rma_id[-4:]], once=False,
                delivered=kit.month_day(kit.day(order["delivered_on"])))
        about += TEXT.line("about edge", delivered=order["delivered_on"])
    if rng.random() < MAYBE_STARTED:  # the caller may have started it online: check first
        c.opening = [f"{line} {scene.say(TEXT['maybe_started'])}" for line in c.opening]
        c.calls.append(kit.call("get_rma_status", order_id=order["order_id"]))
        about += TEXT.line("about started")
    c.calls.append(kit.call("create_rma", **params))
    c.say.update(reason=TEXT.line("reason stated" if with_reason else "reason none"), about=about,
                 rest=TEXT.line("rest") if len(order["items"]) > 1 else "", rma_id=rma_id,
                 carrier=order["carrier"] or "UPS")
    return kit.shop_draft(c, TEXT, tags=["write", "multi_hop"] + ([] if with_reason else ["blank_reason"]),
                          goal={"tools_ok": ["verify_identity", "create_rma"],
                                "agent_says_any": [rma_id[-4:], "rma number", "return number"]})
