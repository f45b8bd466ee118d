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
    gift = (TEXT.line("gift", gift_paid=kit.money(int(order["total_cents"]) - paid),
                      paid=kit.money(paid)) if paid < order["total_cents"] else "")
    return kit.shop_draft(
        scene, TEXT,
        say={"item": item, "method": method.replace("_", " "), "method_id": method, "gift": gift,
             "name": customer["full_name"], "city": kit.city_of(customer), "who": who.persona,
             "num": num, "paid": kit.money(paid), "first": kit.first_name(customer["full_name"]),
             "how": kit.CALLER.line(f"how {method}")},
        opening=scene.openings(TEXT["openings"], noun=item), facts=facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "refund_amount": ["{value}"],
                    "refund_method": ["{value}"]},
        goal={"tools_ok": ["verify_identity", "cancel_order", "issue_refund"],
              "agent_says_all": ["cancelled", *method_goal],
              "agent_says_any": kit.money_phrases(paid)},
        reactions=reactions, tags=["write", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("cancel_order", order_id=order["order_id"]),
               *kit.refund_calls(order, paid, method)])


FAMILY = kit.shop_family("C4", "cancel_and_refund", make)
