"""C2 cancel order: the caller knows the order number, or has several processing orders and none (the
agent lists them); states a reason (locked), or will not say why."""

from mivas_env.generation.families.customer_support import common as kit

CODE = "C2"
TEXT = kit.family_templates(__name__)


def several(processing: list[kit.Row], by_customer: dict[str, list[kit.Row]]
            ) -> dict[str, tuple[kit.Row, list[kit.Row], list[kit.Row]]]:
    """Orders whose customer has other processing orders, with the lines no other of them has."""
    multi = {}
    for o in processing:
        others = [x for x in by_customer[o["customer_id"]] if x["status"] == "processing" and x is not o]
        other_nouns = {kit.keyword(y["sku"]) for x in others for y in x["items"]}
        unique = [ln for ln in o["items"] if kit.keyword(ln["sku"]) not in other_nouns]
        if others and unique:
            multi[o["order_id"]] = (o, others, unique)
    return multi


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    processing = [o for o in f.orders if o["status"] == "processing"]
    multi = several(processing, f.by_customer)
    variant = rng.choice(["reason", "no_reason"] + (["list"] if multi else []))
    others: list[kit.Row] = []
    if variant == "list":
        order, others, lines = multi[rng.choice(sorted(multi))]
        line = rng.choice(lines)
    else:
        order = rng.choice(processing)
        line = rng.choice(order["items"])
    c = kit.holder(scene, order, "orders", numbered=False)
    item, num = c.about(line["sku"]), c.say["num"]
    c.react(TEXT["no_refund"], TEXT.words("refund_offer"), also=TEXT.words("offer_asks"))
    params = {"order_id": order["order_id"]}
    if variant == "list":
        c.opening = scene.openings(TEXT["list_openings"], noun=item)
        other_words = sorted({kit.number(x["order_id"]) for x in others}
                             | {kit.keyword(y["sku"]) for x in others for y in x["items"]})
        c.react(TEXT["no_number"], TEXT.words("asks_number"), once=False, noun=item)
        c.react(TEXT["wrong_order"], other_words, unless=[num, kit.keyword(line["sku"])],
                once=False, noun=item)
        c.calls.append(kit.call("list_orders", customer_id=order["customer_id"]))
        c.say.update(orders=len(others) + 1, order_id=order["order_id"])
    else:
        c.facts["order_id"] = num
        c.fact_lines["order_id"] = scene.fact_lines(kit.CALLER["order_id_lines"])
        c.opening = scene.openings(TEXT["openings"], noun=item)
    if variant == "reason":
        c.tell(cancel_reason=scene.say(TEXT["reasons"], noun=item))
        params["reason"] = c.facts["cancel_reason"]
        # The opening says the reason (the plain opening drawn above is not used).
        c.opening = scene.openings(TEXT["reason_openings"], noun=item, reason=params["reason"])
    else:
        c.tell(cancel_reason=scene.say(TEXT["no_reason"]))
        c.react(TEXT["no_reason"], TEXT.words("why_words"), unless=TEXT.words("asks_why"), once=False)
    c.calls.append(kit.call("cancel_order", **params))
    c.say["paid"] = kit.money(order["paid_cents"])
    return kit.shop_draft(c, TEXT, variant=variant, tags=["write", "multi_hop"], goal={
        "tools_ok": ["verify_identity", "cancel_order"], "agent_says_all": ["cancelled"],
        "agent_says_any": [num, kit.keyword(line["sku"])]})
