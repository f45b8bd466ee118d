"""C11 return then refund: three desks in order: identity, returns opens the RMA with the
stated reason (damaged or wrong item), billing refunds now after checking what was paid
(capped by what the card was charged less earlier refunds)."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
RETURNS_TEXT = family_templates("mivas_env.generation.families.customer_support.returns")
CAPPED = 0.4  # how often the card was charged less than the item's price


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    candidates = [(o, ln) for o in f.orders if o["status"] == "delivered" and f.in_window(o)
                  and kit.distinct_nouns(o)
                  for ln in f.returnable_lines(o)
                  if min(ln["qty"] * ln["unit_price_cents"],
                         o["paid_cents"] - f.refunded(o["order_id"])) > 0]
    if not candidates:
        return None
    capped = [(o, ln) for o, ln in candidates
              if o["paid_cents"] - f.refunded(o["order_id"]) < ln["qty"] * ln["unit_price_cents"]]
    order, line = rng.choice(capped if capped and rng.random() < CAPPED else candidates)
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    sku = line["sku"]
    item, product, num = kit.noun(sku), f.product_name(sku), kit.number(order["order_id"])
    line_total = line["qty"] * line["unit_price_cents"]
    remaining = order["paid_cents"] - f.refunded(order["order_id"])
    amount = min(line_total, remaining)
    reason = rng.choice(["damaged", "wrong_item"])
    rma_id = f.next_rma_id()
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    facts = dict(who.facts, order_id=num, item=f"the {product}",
                 return_reason=scene.say(RETURNS_TEXT[f"reason_{reason}"]),
                 refund_amount=scene.say(kit.CALLER["c3_line_ask"], noun=item,
                                         amount=kit.money(line_total)),
                 refund_method=method_line)
    reactions: list[dict[str, Any]] = [
        who.reaction, *kit.other_item_reaction(scene, order, sku),
        {"when_agent_says_any": [rma_id[-4:], "rma"], "unless_agent_says_any": ["refund"],
         "say": scene.lines(TEXT["refund_too"], 2)},
        method_reaction]
    if amount < line_total:
        reactions.append({"when_agent_says_any": kit.money_phrases(amount),
                          "unless_agent_says_any": ["gift card", "already refunded", "charged"],
                          "say": scene.lines(TEXT["why_less"], 2, full=kit.money(line_total))})
        gift = " (a gift card paid part of it)" if order["paid_cents"] < order["total_cents"] else ""
        why = (f" The card was charged {kit.money(remaining)} less earlier refunds{gift}, "
               f"so only {kit.money(amount)} can be refunded; the list price is refused "
               "(exceeds_paid).")
        explain = (f"The card was charged only {kit.money(remaining)} on this order (the rest was a "
                   f"gift card or already refunded), so I've refunded {kit.money(amount)}")
    else:
        why = ""
        explain = f"I've refunded the {kit.money(amount)} you paid for it"
    return kit.shop_draft(
        scene, TEXT,
        say={"item": item, "reason": reason.replace("_", " "), "why": why,
             "name": customer["full_name"], "city": kit.city_of(customer), "num": num,
             "what": TEXT.line(f"what {reason}"), "who": who.persona, "money": kit.money(amount),
             "first": kit.first_name(customer["full_name"]), "rma_id": rma_id,
             "product": product, "explain": explain, "how": kit.CALLER.line(f"how {method}")},
        opening=scene.openings(TEXT[f"openings_{reason}"], noun=item), facts=facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "return_reason": ["{value}"],
                    "refund_amount": ["{value}"], "refund_method": ["{value}"]},
        goal={"tools_ok": ["verify_identity", "create_rma", "issue_refund"],
              "agent_says_all": [kit.money_phrases(amount)[0], *method_goal],
              "agent_says_any": [rma_id[-4:]]},
        reactions=reactions, tags=["write", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("returns"),
               kit.call("create_rma", order_id=order["order_id"], sku=sku, reason=reason),
               *kit.refund_calls(order, amount, method)])


FAMILY = kit.shop_family("C11", "return_then_refund", make)
