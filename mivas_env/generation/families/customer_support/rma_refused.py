"""C7 return refused: identity then returns; create_rma is refused (gold output ok:false with the
code): not delivered yet, the window closed, a final-sale item returned for a change of mind."""

from collections.abc import Callable
from typing import Any

from mivas_env.generation.families.customer_support import common as kit

CODE = "C7"
TEXT = kit.family_templates(__name__)
RETURNS_TEXT = kit.family_templates("mivas_env.generation.families.customer_support.returns")


# A refusal: the caller's opening, reason and reactions added, the create_rma parameters
# completed; it returns what the goal listens for (the right answer).
def not_eligible(c: kit.Caller, order: kit.Row, params: dict[str, Any]) -> dict[str, Any]:
    c.opening = c.scene.openings(TEXT["not_eligible"], noun=c.say["item"])
    c.react(TEXT["opened_claim"], TEXT.words("opened_words"), unless=["delivered", "arrives"])
    c.say["carrier"] = order["carrier"]
    return {"agent_says_any": TEXT.words("arrives_words")}


def window_closed(c: kit.Caller, order: kit.Row, params: dict[str, Any]) -> dict[str, Any]:
    delivered = kit.day(order["delivered_on"])
    c.opening = c.scene.openings(TEXT["return_window_closed"], noun=c.say["item"], month=kit.month(delivered))
    c.tell(return_reason=c.scene.say(kit.CALLER["no_reason"]))
    c.react(kit.CALLER["no_reason"], kit.REASON_QUESTIONS, unless=RETURNS_TEXT.words("asks_why"), once=False)
    c.react(TEXT["when_delivered"], TEXT.words("window_words"),
            unless=[kit.month(delivered).lower(), "closed", "can't", "cannot"],
            delivered=kit.month_day(delivered))
    c.say.update(days=c.scene.shop.delivered_days(order), delivered=kit.month_day(delivered),
                 delivered_on=order["delivered_on"])
    return {"agent_says_all": ["window"], "agent_says_any": ["closed", *TEXT.words("cant_words")]}


def final_sale(c: kit.Caller, order: kit.Row, params: dict[str, Any]) -> dict[str, Any]:
    params["reason"] = "no_longer_needed"
    c.tell(return_reason=c.scene.say(RETURNS_TEXT["reason_no_longer_needed"]))
    c.opening = c.scene.openings(TEXT["not_returnable"], noun=c.say["item"])
    c.react(TEXT["nothing_wrong"], TEXT.words("defect_words"), also=TEXT.words("asks_wrong"), once=False)
    return {"agent_says_all": ["final"], "agent_says_any": TEXT.words("cant_words")}


REFUSALS: dict[str, Callable[[kit.Caller, kit.Row, dict[str, Any]], dict[str, Any]]] = {
    "not_eligible": not_eligible, "return_window_closed": window_closed, "not_returnable": final_sale}


def cases(scene: kit.ShopScene, f: kit.Shop) -> dict[str, list[tuple[kit.Row, kit.Row]]]:
    def lines_without_rma(orders: list[kit.Row], final_only: bool = False) -> list[tuple[kit.Row, kit.Row]]:
        return [(o, ln) for o in orders if kit.distinct_nouns(o) for ln in f.returnable_lines(o)
                if not final_only or not f.products[ln["sku"]]["returnable"]]

    late = [o for o in f.orders if o["status"] == "delivered" and not f.in_window(o)]
    edge = [o for o in late if f.delivered_days(o) == kit.RETURN_WINDOW_DAYS + 1]
    return {
        "not_eligible": lines_without_rma([o for o in f.orders if o["status"] == "shipped"]),
        "return_window_closed": lines_without_rma(edge if edge and scene.rng.random() < 0.5 else late),
        "not_returnable": lines_without_rma(
            [o for o in f.orders if o["status"] == "delivered" and f.in_window(o)], final_only=True)}


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    choices = cases(scene, f)
    code = rng.choice(sorted(k for k, v in choices.items() if v))
    order, line = rng.choice(choices[code])
    c = kit.holder(scene, order, "returns")
    c.about(line["sku"])
    c.reactions += kit.other_item_reaction(scene, order, line["sku"])
    params = {"order_id": order["order_id"], "sku": line["sku"]}
    goal = {"tools_ok": ["verify_identity"], **REFUSALS[code](c, order, params)}
    c.calls.append(kit.call("create_rma", ok=False, error_code=code, **params))
    return kit.shop_draft(c, TEXT, variant=code, goal=goal, tags=["refused_write", "multi_hop"])
