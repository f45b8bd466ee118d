"""C4 cancel and refund: identity, then orders cancels, then billing refunds (cancelling does not refund)."""

from mivas_env.generation.families.customer_support import common as kit

CODE = "C4"
TEXT = kit.family_templates(__name__)


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    order = scene.pick([o for o in f.orders if o["status"] == "processing" and o["paid_cents"] > 0])
    c = kit.holder(scene, order, "orders")
    paid = int(order["paid_cents"])
    sku = rng.choice(order["items"])["sku"]
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    item = c.about(sku)
    c.tell(refund_amount=scene.say(TEXT["amount"]), refund_method=method_line)
    c.react(TEXT["and_refund"], TEXT.words("cancelled_words"), unless=TEXT.words("refund_words"))
    c.reactions.append(method_reaction)
    gift = (TEXT.line("gift", gift_paid=kit.money(int(order["total_cents"]) - paid),
                      paid=kit.money(paid)) if paid < order["total_cents"] else "")
    c.say.update(method=method.replace("_", " "), method_id=method, gift=gift, paid=kit.money(paid),
                 how=kit.CALLER.line(f"how {method}"))
    c.opening = scene.openings(TEXT["openings"], noun=item)
    c.calls += [kit.call("cancel_order", order_id=order["order_id"]), *kit.refund_calls(order, paid, method)]
    return kit.shop_draft(c, TEXT, tags=["write", "multi_hop"], goal={
        "tools_ok": ["verify_identity", "cancel_order", "issue_refund"],
        "agent_says_all": ["cancelled", *method_goal], "agent_says_any": kit.money_phrases(paid)})
