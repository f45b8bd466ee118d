"""C2 cancel order: identity then orders, cancel_order on a processing order. The caller
knows the order number, or has several processing orders and none (the agent lists them);
states a reason (locked, prose), or will not say why."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


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
    reactions = [who.reaction, {"when_agent_says_any": TEXT.words("refund_offer"),
                                "also_says_any": TEXT.words("offer_asks"),
                                "say": scene.lines(TEXT["no_refund"], 2)}]
    params: dict[str, Any] = {"order_id": order["order_id"]}
    calls = [kit.hop("identity"), who.call, kit.hop("orders")]
    if variant == "list":
        opening = scene.openings(TEXT["list_openings"], noun=item)
        other_words = sorted({x["order_id"].removeprefix("ord_") for x in others}
                             | {kit.keyword(y["sku"]) for x in others for y in x["items"]})
        reactions += [
            {"when_agent_says_any": TEXT.words("asks_number"),
             "say": scene.lines(TEXT["no_number"], 2, noun=item), "once": False},
            {"when_agent_says_any": other_words, "unless_agent_says_any": [num, kit.keyword(line["sku"])],
             "say": scene.lines(TEXT["wrong_order"], 2, noun=item), "once": False}]
        calls.append(kit.call("list_orders", customer_id=customer["customer_id"]))
        about = TEXT.line("about list", orders=len(others) + 1, product=product,
                          order_id=order["order_id"])
    else:
        facts["order_id"] = num
        fact_lines["order_id"] = kit.order_id_lines(scene)
        opening = scene.openings(TEXT["openings"], noun=item)
        about = TEXT.line("about known")
    if variant == "reason":
        facts["cancel_reason"] = scene.say(TEXT["reasons"], noun=item)
        fact_lines["cancel_reason"] = ["{value}"]
        params["reason"] = facts["cancel_reason"]
        # The opening says the reason (the plain opening drawn above is not used).
        opening = scene.openings(TEXT["reason_openings"], noun=item, reason=facts["cancel_reason"])
    else:
        facts["cancel_reason"] = scene.say(TEXT["no_reason"])
        fact_lines["cancel_reason"] = ["{value}"]
        reactions.append({"when_agent_says_any": ["why", "reason"],
                          "unless_agent_says_any": TEXT.words("asks_why"),
                          "say": scene.lines(TEXT["no_reason"], 2), "once": False})
    calls.append(kit.call("cancel_order", **params))
    why = TEXT.line("why reason" if variant == "reason" else "why no_reason")
    return kit.shop_draft(
        scene, TEXT,
        say={"item": item, "shown": TEXT.line(f"shown {variant}"), "about": about + why,
             "name": customer["full_name"], "city": kit.city_of(customer), "who": who.persona,
             "num": num, "first": kit.first_name(customer["full_name"]), "product": product,
             "paid": kit.money(order["paid_cents"])},
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"tools_ok": ["verify_identity", "cancel_order"], "agent_says_all": ["cancelled"],
              "agent_says_any": [num, kit.keyword(line["sku"])]},
        reactions=reactions, calls=calls, tags=["write", "multi_hop"])


FAMILY = kit.shop_family("C2", "cancel_order", make)
