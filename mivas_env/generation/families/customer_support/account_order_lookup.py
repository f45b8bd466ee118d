"""C12 account order lookup: no order number, so the agent verifies, lists the customer's
orders and reads the right order's status."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.families.customer_support.common import date_phrases as said_dates
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
        for ln in o["items"]:
            if kit.keyword(ln["sku"]) not in other_nouns:
                candidates.append((o, ln, others))
    if not candidates:
        return None
    order, line, others = rng.choice(candidates)
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    item, product, num = kit.noun(line["sku"]), f.product_name(line["sku"]), kit.number(order["order_id"])
    reactions: list[dict[str, Any]] = [
        who.reaction,
        {"when_agent_says_any": ["order number", "order id", "which order", "order #"],
         "say": scene.lines(TEXT["no_number"], 2, noun=item), "once": False}]
    in_transit = [x for x in others if x["status"] in ("shipped", "processing")]
    if in_transit:
        words = sorted({kit.number(x["order_id"]) for x in in_transit}
                       | {kit.keyword(ln["sku"]) for x in in_transit for ln in x["items"]})
        reactions.append({"when_agent_says_any": words,
                          "unless_agent_says_any": [kit.keyword(line["sku"]), num],
                          "say": scene.lines(TEXT["other_parcel"], 2, noun=item), "once": False})
    first = kit.first_name(customer["full_name"])
    if order["status"] == "shipped":
        when = f.eta(order)
        says = said_dates(when, scene.today)
        answer = (f"Thanks, {first}. I found your {item} order, {num}: it shipped with "
                  f"{order['carrier']} on {kit.spoken_date(day(order['shipped_on']))} and is "
                  f"expected on {kit.spoken_date(when)}.")
        want = f"the expected delivery of the {item} order ({num}): {kit.spoken_date(when)}"
    else:
        says = ["not shipped", "hasn't shipped", "has not shipped", "still processing"]
        answer = (f"Thanks, {first}. I found your {item} order, {num}: it is still processing "
                  "and has not shipped yet, so there's no tracking number.")
        want = f"the status of the {item} order ({num}): still processing, not shipped"
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Has no order number; asks about "
                f"the order with the {item}. {who.persona}",
        opening=scene.openings(TEXT["openings"], noun=item),
        facts=dict(who.facts, item=f"the {product}"), fact_lines={},
        goal={"description": want[0].upper() + want[1:] + ".",
              "tools_ok": ["verify_identity", "list_orders", "get_order_status"],
              "agent_says_any": says},
        reactions=reactions, answer=answer, speaker=str(customer["full_name"]))
    return kit.lockfile(
        title=f"Where is my {item}? (no order number: verify, list orders, status)",
        tags=["read_only", "multi_hop"], caller=caller,
        path=["transfer_to_identity", "transfer_to_orders"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("list_orders", customer_id=customer["customer_id"]),
               kit.call("get_order_status", order_id=order["order_id"])],
        description="Read-only, multi-hop: no order number, so the agent verifies, lists the "
                    "customer's orders and reads the right order's status. The seed does not "
                    f"change: only T and H catch an answer from memory. The {item} is on "
                    f"{order['order_id']}"
                    + (f"; the caller has {len(others)} other order(s)." if others else "."))


FAMILY = kit.shop_family("C12", "account_order_lookup", make)
