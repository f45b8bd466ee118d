"""C12 account order lookup: no order number, so the agent verifies, lists the customer's
orders and reads the right order's status."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    candidates: list[tuple[kit.Row, kit.Row, list[kit.Row]]] = []
    for o in f.orders:
        if o["status"] not in ("shipped", "processing") or not kit.distinct_nouns(o):
            continue
        others = [x for x in f.by_customer[o["customer_id"]] if x is not o]
        other_nouns = {kit.keyword(ln["sku"]) for x in others for ln in x["items"]}
        candidates += [(o, ln, others) for ln in o["items"]
                       if kit.keyword(ln["sku"]) not in other_nouns]
    if not candidates:
        return None
    order, line, others = rng.choice(candidates)
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    item, num = kit.noun(line["sku"]), kit.number(order["order_id"])
    reactions: list[dict[str, Any]] = [
        who.reaction, {"when_agent_says_any": TEXT.words("asks_number"),
                       "say": scene.lines(TEXT["no_number"], 2, noun=item), "once": False}]
    in_transit = [x for x in others if x["status"] in ("shipped", "processing")]
    if in_transit:
        words = sorted({kit.number(x["order_id"]) for x in in_transit}
                       | {kit.keyword(ln["sku"]) for x in in_transit for ln in x["items"]})
        reactions.append({"when_agent_says_any": words,
                          "unless_agent_says_any": [kit.keyword(line["sku"]), num],
                          "say": scene.lines(TEXT["other_parcel"], 2, noun=item), "once": False})
    shipped = order["status"] == "shipped"
    when = f.status_date(order, "estimated_delivery") if shipped else None
    say = kit.holder_say(customer, who, num, item=item, order_id=order["order_id"],
                         others=TEXT.line("others", count=len(others)) if others else "")
    if when is not None:
        say.update(carrier=order["carrier"], when=kit.spoken_date(when),
                   shipped=kit.spoken_date(day(order["shipped_on"])))
    return kit.shop_draft(
        scene, TEXT, say=say, variant=order["status"],
        opening=scene.openings(TEXT["openings"], noun=item),
        facts=dict(who.facts, item=f"the {f.product_name(line['sku'])}"), fact_lines={},
        goal={"tools_ok": ["verify_identity", "list_orders", "get_order_status"],
              "agent_says_any": (kit.date_phrases(when, scene.today) if when is not None
                                 else TEXT.words("not_shipped"))},
        reactions=reactions, tags=["read_only", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("list_orders", customer_id=customer["customer_id"]),
               kit.call("get_order_status", order_id=order["order_id"])])


FAMILY = kit.shop_family("C12", "account_order_lookup", make)
