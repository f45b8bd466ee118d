"""C4 cancel and refund: three desks in order: identity, orders cancels, billing refunds
(cancelling does not refund)."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    order = scene.pick([o for o in f.orders if o["status"] == "processing" and o["paid_cents"] > 0])
    if order is None:
        return None
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    num, paid = kit.number(order["order_id"]), int(order["paid_cents"])
    line = rng.choice(order["items"])
    item, product = kit.noun(line["sku"]), f.product_name(line["sku"])
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    facts = dict(who.facts, order_id=num, item=f"the {product}",
                 refund_amount=scene.say(TEXT["amount"]), refund_method=method_line)
    reactions = [who.reaction,
                 {"when_agent_says_any": ["cancelled", "canceled"],
                  "unless_agent_says_any": ["refund", "credit"],
                  "say": scene.lines(TEXT["and_refund"], 2)},
                 method_reaction]
    gift = (f" {kit.money(int(order['total_cents']) - paid)} was paid with a gift card, so "
            f"{kit.money(paid)} is what the card can get back." if paid < order["total_cents"] else "")
    answer = (f"Thank you, {kit.first_name(customer['full_name'])}. Order {num} is cancelled, and "
              f"I've refunded the {kit.money(paid)} you paid {kit.method_words(method)}.")
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Ordered a {item} and no longer "
                f"wants it: cancel and refund today. {who.persona}",
        opening=scene.openings(TEXT["openings"], noun=item), facts=facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "refund_amount": ["{value}"],
                    "refund_method": ["{value}"]},
        goal={"description": f"Order {num} cancelled and {kit.money(paid)} refunded ({method}).",
              "tools_ok": ["verify_identity", "cancel_order", "issue_refund"],
              "agent_says_all": ["cancelled", *method_goal],
              "agent_says_any": kit.money_phrases(paid)},
        reactions=reactions, answer=answer, speaker=str(customer["full_name"]))
    return kit.lockfile(
        title=f"Cancel a {item} order and refund it ({method.replace('_', ' ')})",
        tags=["write", "multi_hop"], caller=caller,
        path=["transfer_to_identity", "transfer_to_orders", "transfer_to_billing"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("cancel_order", order_id=order["order_id"]),
               *kit.refund_calls(order, paid, method)],
        description="Write, three desks in order: identity, orders cancels, billing refunds "
                    "(cancelling does not refund). Refunding first is refused (not_eligible) "
                    "and puts billing before orders: T, H and D fail; the wrong method fails T "
                    "and D." + gift)


FAMILY = kit.shop_family("C4", "cancel_and_refund", make)
