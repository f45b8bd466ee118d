"""C2 cancel order: identity then orders, cancel_order on a processing order. The caller
knows the order number, or has several processing orders and none (the agent lists them);
states a reason (locked, prose), or will not say why."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
REFUND_OFFER = {"when_agent_says_any": ["transfer you to billing", "refund now", "like the refund",
                                        "want the refund"],
                "also_says_any": ["would you like", "do you want", "shall i", "should i"]}
SHOWN = {"reason": "reason stated", "no_reason": "no reason given",
         "list": "no order number: list the orders first"}


def several(processing: list[kit.Row], by_customer: dict[str, list[kit.Row]]
            ) -> dict[str, tuple[kit.Row, list[kit.Row], list[kit.Row]]]:
    """Orders whose customer has other processing orders, with the lines no other of them has."""
    multi = {}
    for o in processing:
        mine = [x for x in by_customer[o["customer_id"]] if x["status"] == "processing"]
        others = [x for x in mine if x is not o]
        other_nouns = {kit.keyword(y["sku"]) for x in others for y in x["items"]}
        unique = [ln for ln in o["items"] if kit.keyword(ln["sku"]) not in other_nouns]
        if others and unique:
            multi[o["order_id"]] = (o, others, unique)
    return multi


def make(scene: kit.ShopScene) -> Draft | None:
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
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    item, product, num = kit.noun(line["sku"]), f.product_name(line["sku"]), kit.number(order["order_id"])
    facts = dict(who.facts, item=f"the {product}")
    fact_lines: dict[str, list[str]] = {}
    reactions = [who.reaction, dict(REFUND_OFFER, say=scene.lines(TEXT["no_refund"], 2))]
    params: dict[str, Any] = {"order_id": order["order_id"]}
    calls = [kit.hop("identity"), who.call, kit.hop("orders")]
    if variant == "list":
        opening = scene.openings(TEXT["list_openings"], noun=item)
        other_words = sorted({x["order_id"].removeprefix("ord_") for x in others}
                             | {kit.keyword(y["sku"]) for x in others for y in x["items"]})
        reactions += [
            {"when_agent_says_any": ["order number", "order id", "which order", "order #"],
             "say": scene.lines(TEXT["no_number"], 2, noun=item), "once": False},
            {"when_agent_says_any": other_words, "unless_agent_says_any": [num, kit.keyword(line["sku"])],
             "say": scene.lines(TEXT["wrong_order"], 2, noun=item), "once": False}]
        calls.append(kit.call("list_orders", customer_id=customer["customer_id"]))
        about = (f"The caller has {len(others) + 1} processing orders and no order number; the "
                 f"one with the {product} is {order['order_id']}. The agent lists the orders "
                 "(list_orders needs verification) and cancels that one; cancelling another "
                 "fails T and D.")
    else:
        facts["order_id"] = num
        fact_lines["order_id"] = kit.order_id_lines(scene)
        opening = scene.openings(TEXT["openings"], noun=item)
        about = "The caller knows the order number."
    if variant == "reason":
        facts["cancel_reason"] = scene.say(TEXT["reasons"], noun=item)
        fact_lines["cancel_reason"] = ["{value}"]
        params["reason"] = facts["cancel_reason"]
        # The opening says the reason (the plain opening drawn above is not used).
        opening = scene.openings(TEXT["reason_openings"], noun=item, reason=facts["cancel_reason"])
        about += (" The caller states why, so cancel_order must carry a reason (prose: any "
                  "non-empty wording); leaving it out fails T only.")
    else:
        facts["cancel_reason"] = scene.say(TEXT["no_reason"])
        fact_lines["cancel_reason"] = ["{value}"]
        reactions.append({"when_agent_says_any": ["why", "reason"],
                          "unless_agent_says_any": ["why you would like to cancel",
                                                    "why you want to cancel", "why are you cancel",
                                                    "reason for cancel"],
                          "say": scene.lines(TEXT["no_reason"], 2), "once": False})
        about += " The caller never gives a reason, so none is locked."
    calls.append(kit.call("cancel_order", **params))
    answer = (f"Thank you, {kit.first_name(customer['full_name'])}, you're verified. Order {num} "
              f"with the {product} is now cancelled. Cancelling doesn't refund by itself; our "
              f"billing desk can refund the {kit.money(order['paid_cents'])} whenever you're ready.")
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Wants the order with the "
                f"{item} cancelled while it is still processing. {who.persona}",
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"description": f"Order {num} cancelled.",
              "tools_ok": ["verify_identity", "cancel_order"],
              "agent_says_all": ["cancelled"], "agent_says_any": [num, kit.keyword(line["sku"])]},
        reactions=reactions, answer=answer, speaker=str(customer["full_name"]))
    return kit.lockfile(title=f"Cancel the {item} order ({SHOWN[variant]})",
                    tags=["write", "multi_hop"], caller=caller,
                    path=["transfer_to_identity", "transfer_to_orders"], calls=calls,
                    description="Write, multi-hop: identity then orders, cancel_order on a "
                                "processing order. Skipping identity is refused "
                                "(identity_not_verified): T, H and D fail; the wrong order fails "
                                "T and D. " + about)


FAMILY = kit.shop_family("C2", "cancel_order", make)
