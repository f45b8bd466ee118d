"""C12 account order lookup: no order number: verify, list the customer's orders, read the right one."""

from mivas_env.generation.families.customer_support import common as kit

CODE = "C12"
TEXT = kit.family_templates(__name__)


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f = scene.shop
    candidates: list[tuple[kit.Row, kit.Row, list[kit.Row]]] = []
    for o in f.orders:
        if o["status"] not in ("shipped", "processing") or not kit.distinct_nouns(o):
            continue
        others = [x for x in f.by_customer[o["customer_id"]] if x is not o]
        other_nouns = {kit.keyword(ln["sku"]) for x in others for ln in x["items"]}
        candidates += [(o, ln, others) for ln in o["items"] if kit.keyword(ln["sku"]) not in other_nouns]
    order, line, others = scene.pick(candidates)
    c = kit.holder(scene, order, "orders", numbered=False)
    item, num = c.about(line["sku"]), c.say["num"]
    c.react(TEXT["no_number"], TEXT.words("asks_number"), once=False, noun=item)
    in_transit = [x for x in others if x["status"] in ("shipped", "processing")]
    if in_transit:
        words = sorted({kit.number(x["order_id"]) for x in in_transit}
                       | {kit.keyword(ln["sku"]) for x in in_transit for ln in x["items"]})
        c.react(TEXT["other_parcel"], words, unless=[kit.keyword(line["sku"]), num], once=False, noun=item)
    when = f.status_date(order, "estimated_delivery") if order["status"] == "shipped" else None
    c.say.update(order_id=order["order_id"], others=TEXT.line("others", count=len(others)) if others else "")
    if when is not None:
        c.say.update(carrier=order["carrier"], when=kit.month_day(when),
                     shipped=kit.month_day(kit.day(order["shipped_on"])))
    c.opening = scene.openings(TEXT["openings"], noun=item)
    c.calls += [kit.call("list_orders", customer_id=order["customer_id"]),
                kit.call("get_order_status", order_id=order["order_id"])]
    says = kit.date_phrases(when, scene.today) if when is not None else TEXT.words("not_shipped")
    return kit.shop_draft(c, TEXT, variant=order["status"], tags=["read_only", "multi_hop"], goal={
        "tools_ok": ["verify_identity", "list_orders", "get_order_status"], "agent_says_any": says})
