"""C8 address update: identity then orders, update_shipping_address on a processing order:
the caller moved (a new ZIP, not the account's), or sends the order to a relative (a gift:
the recipient's name is locked too)."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates
from rewards.worlds import pool

TEXT = family_templates(__name__)
GIFT = 0.4  # how often the order goes to a relative instead
RELATIONS = ["child", "parent", "sibling", "cousin", "partner", "grandchild", "friend"]
LONG_SUFFIXES = ["Street", "Avenue", "Road", "Drive", "Lane", "Court", "Place", "Boulevard",
                 "Terrace"]


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    order = scene.pick([o for o in f.orders if o["status"] == "processing"])
    if order is None:
        return None
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    line = rng.choice(order["items"])
    item, num = kit.noun(line["sku"]), kit.number(order["order_id"])
    account_zip = str(customer["zip"])
    gift = rng.random() < GIFT
    street = pool(scene.split).street(rng)
    line1 = f"{rng.randint(10, 9899)} {street} {rng.choice(LONG_SUFFIXES)}"
    unit = rng.choice(["", "", f"Apartment {rng.randint(1, 30)}",
                       f"Unit {rng.randint(1, 20)}{rng.choice('ABCDR')}",
                       f"Suite {rng.randint(100, 450)}"])
    places = sorted({(a["city"], a["state"], a["zip"]) for c in f.customers.values()
                     for a in [c["address"]]})
    if gift:
        city, state, new_zip = rng.choice([p for p in places if p[2] != account_zip])
    else:
        city, state = str(customer["address"]["city"]), str(customer["address"]["state"])
        new_zip = f"{int(account_zip) + rng.choice([-3, -2, -1, 1, 2, 3, 5, 8]):05d}"
    state_said = kit.STATE_NAMES.get(state, state) if rng.random() < 0.5 else state
    facts = dict(who.facts, order_id=num, new_address_line1=line1, new_address_city=city,
                 new_address_state=state_said, new_address_zip=new_zip)
    params: dict[str, Any] = {"order_id": order["order_id"], "line1": line1, "city": city,
                              "state": state, "zip": new_zip}
    reactions: list[dict[str, Any]] = [who.reaction]
    if unit:
        facts["new_address_line2"] = params["line2"] = unit
    else:
        reactions.append({"when_agent_says_any": ["apartment", "unit number", "suite"],
                          "say": scene.lines(TEXT["no_unit"], 2), "once": False})
    fact_lines = {"order_id": kit.order_id_lines(scene)}
    goal_all = [street.lower()]
    shown = f"{line1}{', ' + unit if unit else ''}, {city}, {state} {new_zip}"
    if gift:
        relation = rng.choice(RELATIONS)
        names = f.names()
        surname = str(customer["full_name"]).split(" ", 1)[-1]
        given = kit.first_name(rng.choice(names))
        recipient = f"{given} {surname}" if relation != "friend" else rng.choice(names)
        if recipient == customer["full_name"]:
            return None
        facts["recipient_name"] = params["recipient_name"] = recipient
        fact_lines["recipient_name"] = scene.fact_lines(TEXT["recipient_lines"], relation=relation)
        goal_all.append(kit.first_name(recipient).lower())
        reactions.append({"when_agent_says_any": [street.lower()],
                          "unless_agent_says_any": [kit.first_name(recipient).lower()],
                          "say": scene.lines(TEXT["recipient_check"], 2,
                                             recipient=kit.first_name(recipient))})
        opening = scene.openings(TEXT["gift"], noun=item, relation=relation)
        answer = (f"Thanks, {kit.first_name(customer['full_name'])}. Order {num} will now ship to "
                  f"{recipient} at {shown}.")
        about = ("The parcel is re-addressed to someone else, so recipient_name is locked "
                 "(fuzzy name rule); leaving it out keeps the caller's name: T and D fail.")
    else:
        reactions.append({"when_agent_says_any": [account_zip],
                          "also_says_any": ["ship", "new address", "deliver"],
                          "say": scene.lines(TEXT["not_account_zip"], 2, zip=account_zip,
                                             new_zip=new_zip), "once": False})
        opening = scene.openings(TEXT["move"], noun=item)
        answer = (f"Thanks, {kit.first_name(customer['full_name'])}. Order {num} will now ship to "
                  f"{shown}.")
        about = (f"The new ZIP ({new_zip}) differs from the account ZIP ({account_zip}) the "
                 "caller gave at identity; reusing the account ZIP is the near miss.")
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Wants order {num} shipped to a "
                f"new address. {who.persona}",
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"description": f"Order {num} re-addressed to {shown}.",
              "tools_ok": ["verify_identity", "update_shipping_address"],
              "agent_says_all": goal_all, "agent_says_any": [new_zip]},
        reactions=reactions, answer=answer, speaker=str(customer["full_name"]))
    return kit.lockfile(
        title=f"Change the shipping address of a processing order ({'gift' if gift else 'move'})",
        tags=["write", "multi_hop"], caller=caller,
        path=["transfer_to_identity", "transfer_to_orders"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("update_shipping_address", **params)],
        description="Write, multi-hop: identity then orders, update_shipping_address on a "
                    "processing order. The stored address is normalised, so street-word "
                    "spelling does not matter but every field does: a wrong ZIP, city or state "
                    "fails T and D; a unit folded into line1 fails D. " + about)


FAMILY = kit.shop_family("C8", "address_update", make)
