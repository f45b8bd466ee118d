"""C3 refund: identity then billing, get_refund_status before any refund (at most what was charged less
earlier refunds): the rest of a return, an open return's item, a cancelled order never charged or refunded."""

from collections.abc import Callable
from typing import Any

from mivas_env.generation.families.customer_support import common as kit

CODE = "C3"
TEXT = kit.family_templates(__name__)
# A case adds the caller's facts, reactions, slots and opening; it returns the amount refunded (a
# write) or its goal (a read).
Case = Callable[[kit.Caller, kit.Row, kit.Row], "int | dict[str, Any]"]


def rest(c: kit.Caller, order: kit.Row, line: kit.Row) -> int | dict[str, Any]:
    refunded, amount = c.scene.shop.refunded(order), c.scene.shop.refundable(order)
    total = int(order["total_cents"])
    c.facts["refund_amount"] = c.scene.say(TEXT["total_ask"], amount=kit.money(total))
    c.opening = c.scene.openings(TEXT["rest"], noun=c.say["item"], refunded=kit.money(refunded))
    c.react(TEXT["already_refunded_q"], kit.money_phrases(total), also=["refund"],
            unless=kit.money_phrases(amount) + kit.money_phrases(refunded), refunded=kit.money(refunded))
    return int(amount)


def open_rma(c: kit.Caller, order: kit.Row, line: kit.Row) -> int | dict[str, Any]:
    line_total = line["qty"] * line["unit_price_cents"]
    c.facts["refund_amount"] = c.scene.say(kit.CALLER["c3_line_ask"], noun=c.say["item"],
                                           amount=kit.money(line_total))
    c.facts["item"] = f"the {c.say['product']}"
    c.opening = c.scene.openings(TEXT["open_rma"], noun=c.say["item"],
                                 state=c.scene.rng.choice(TEXT.words("damage_states")))
    return int(min(c.scene.shop.refundable(order), line_total))


def never_charged(c: kit.Caller, order: kit.Row, line: kit.Row) -> int | dict[str, Any]:
    total = kit.money(int(order["total_cents"]))
    c.facts["refund_amount"] = c.scene.say(TEXT["total_ask"], amount=total)
    c.opening = c.scene.openings(TEXT["never_charged"], noun=c.say["item"], total=total)
    c.react(TEXT["charged_q"], TEXT.words("refunded_claims"), unless=TEXT.words("nothing_to_refund"))
    return {"tools_ok": ["verify_identity", "get_refund_status"], "agent_says_any": TEXT.words("not_charged")}


def already(c: kit.Caller, order: kit.Row, line: kit.Row) -> int | dict[str, Any]:
    c.facts["refund_amount"] = c.scene.say(TEXT["total_ask"], amount=kit.money(int(order["total_cents"])))
    earlier = c.scene.shop.refund_status(order)["refunds"][0]
    c.opening = c.scene.openings(TEXT["already"], noun=c.say["item"], total=c.say["paid"])
    c.say.update(issued_on=earlier["issued_on"], where=TEXT.of("where", earlier["method"]),
                 issued=kit.month_day(kit.day(earlier["issued_on"])))
    return {"tools_ok": ["verify_identity", "get_refund_status"],
            "agent_says_any": TEXT.words("refunded_words")}


def cases(f: kit.Shop) -> dict[str, list[Any]]:
    """The orders (or, of an open return, its order and line) each case can be written about."""
    return {
        "rest": [o for o in f.orders if o["status"] == "returned" and f.refunded(o) and f.refundable(o) > 0],
        "open_rma": [(o, ln) for o in f.orders if o["status"] == "delivered"
                     for r in f.rmas.get(o["order_id"], []) if r["status"] == "open"
                     for ln in o["items"] if ln["sku"] == r["sku"]
                     and min(f.refundable(o), ln["qty"] * ln["unit_price_cents"]) > 0],
        "never_charged": [o for o in f.orders if o["status"] == "cancelled" and o["paid_cents"] == 0],
        "already": [o for o in f.orders if o["status"] == "cancelled" and o["paid_cents"] > 0
                    and f.refundable(o) <= 0]}


CASES: dict[str, Case] = {
    "rest": rest, "open_rma": open_rma, "never_charged": never_charged, "already": already}


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    choices = cases(f)
    variant = rng.choice(sorted(k for k, v in choices.items() if v))
    picked = rng.choice(choices[variant])
    order: kit.Row = picked[0] if variant == "open_rma" else picked
    line: kit.Row = picked[1] if variant == "open_rma" else order["items"][0]
    c = kit.holder(scene, order, "billing")
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    c.facts["refund_method"] = method_line
    c.fact_lines.update(refund_amount=["{value}"], refund_method=["{value}"])
    c.calls.append(kit.call("get_refund_status", order_id=order["order_id"]))
    c.say.update(paid=kit.money(int(order["paid_cents"])), item=kit.noun(line["sku"]),
                 refunded=kit.money(f.refunded(order)),
                 product=f.product_name(line["sku"]), chosen="")
    outcome, tags = CASES[variant](c, order, line), ["write", "multi_hop"]
    if isinstance(outcome, int):  # the write cases: the method the caller chose, the refund
        c.reactions.append(method_reaction)
        c.calls.append(kit.call("issue_refund", order_id=order["order_id"], amount_cents=outcome,
                                method=method))
        c.say.update(amount=kit.money(outcome), method=method, chosen=TEXT.line("chosen"),
                     method_words=kit.CALLER.line(f"how {method}"))
        goal = {"tools_ok": ["verify_identity", "issue_refund"], "agent_says_all": method_goal,
                "agent_says_any": kit.money_phrases(outcome)}
    else:
        goal, tags = outcome, ["read_only", "multi_hop"]
    return kit.shop_draft(c, TEXT, variant=variant, goal=goal, tags=tags)
