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
    line1 = f"{rng.randint(10, 9899)} {street} {rng.choice(TEXT.words('suffixes'))}"
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
    variant = "gift" if gift else "move"
    say = {"variant": variant, "name": customer["full_name"], "city": kit.city_of(customer),
           "first": kit.first_name(customer["full_name"]), "num": num, "shown": shown,
           "who": who.persona, "new_zip": new_zip, "account_zip": account_zip}
    if gift:
        relation = rng.choice(TEXT.words("relations"))
        names = f.names()
        surname = str(customer["full_name"]).split(" ", 1)[-1]
        given = kit.first_name(rng.choice(names))
        recipient = f"{given} {surname}" if relation != "friend" else rng.choice(names)
        if recipient == customer["full_name"]:
            return None
        facts["recipient_name"] = params["recipient_name"] = say["recipient"] = recipient
        fact_lines["recipient_name"] = scene.fact_lines(TEXT["recipient_lines"], relation=relation)
        goal_all.append(kit.first_name(recipient).lower())
        reactions.append({"when_agent_says_any": [street.lower()],
                          "unless_agent_says_any": [kit.first_name(recipient).lower()],
                          "say": scene.lines(TEXT["recipient_check"], 2,
                                             recipient=kit.first_name(recipient))})
        opening = scene.openings(TEXT["gift"], noun=item, relation=relation)
    else:
        reactions.append({"when_agent_says_any": [account_zip],
                          "also_says_any": ["ship", "new address", "deliver"],
                          "say": scene.lines(TEXT["not_account_zip"], 2, zip=account_zip,
                                             new_zip=new_zip), "once": False})
        opening = scene.openings(TEXT["move"], noun=item)
    say["about"] = TEXT.of("about", variant, **say)
    return kit.shop_draft(
        scene, TEXT, say=say, variant=variant,
        opening=opening, facts=facts, fact_lines=fact_lines,
        goal={"tools_ok": ["verify_identity", "update_shipping_address"],
              "agent_says_all": goal_all, "agent_says_any": [new_zip]},
        reactions=reactions, tags=["write", "multi_hop"],
        calls=[kit.hop("identity"), who.call, kit.hop("orders"),
               kit.call("update_shipping_address", **params)])


FAMILY = kit.shop_family("C8", "address_update", make)
