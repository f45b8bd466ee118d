"""C8 address update on a processing order: the caller moved (a new ZIP, not the account's), or sends
the order to a relative (a gift: the recipient's name is locked too)."""

from typing import Any

from mivas_env.generation.families.customer_support import common as kit
from rewards.worlds import pool

CODE = "C8"
TEXT = kit.family_templates(__name__)
GIFT = 0.4  # how often the order goes to a relative instead


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    order = scene.pick([o for o in f.orders if o["status"] == "processing"])
    c = kit.holder(scene, order, "orders")
    customer, name = f.customer(order), c.say["name"]
    item = kit.noun(rng.choice(order["items"])["sku"])
    account_zip = str(customer["zip"])
    variant = "gift" if rng.random() < GIFT else "move"
    street = pool(scene.split).street(rng)
    line1 = f"{rng.randint(10, 9899)} {street} {rng.choice(TEXT.words('suffixes'))}"
    unit = rng.choice(["", "", f"Apartment {rng.randint(1, 30)}",
                       f"Unit {rng.randint(1, 20)}{rng.choice('ABCDR')}", f"Suite {rng.randint(100, 450)}"])
    places = sorted({(a["city"], a["state"], a["zip"]) for x in f.customers.values() for a in [x["address"]]})
    if variant == "gift":
        city, state, new_zip = rng.choice([p for p in places if p[2] != account_zip])
    else:
        city, state = str(customer["address"]["city"]), str(customer["address"]["state"])
        new_zip = f"{int(account_zip) + rng.choice([-3, -2, -1, 1, 2, 3, 5, 8]):05d}"
    state_said = kit.STATE_NAMES.get(state, state) if rng.random() < 0.5 else state
    c.facts.update(new_address_line1=line1, new_address_city=city, new_address_state=state_said,
                   new_address_zip=new_zip)
    params: dict[str, Any] = {"order_id": order["order_id"], "line1": line1, "city": city,
                              "state": state, "zip": new_zip}
    if unit:
        c.facts["new_address_line2"] = params["line2"] = unit
    else:
        c.react(TEXT["no_unit"], TEXT.words("unit_words"), once=False)
    goal_all = [street.lower()]
    c.say.update(variant=variant, new_zip=new_zip, account_zip=account_zip,
                 shown=f"{line1}{', ' + unit if unit else ''}, {city}, {state} {new_zip}")
    if variant == "gift":
        relation = rng.choice(TEXT.words("relations"))
        given = kit.first_name(rng.choice(f.names()))
        recipient = f"{given} {name.split(' ', 1)[-1]}" if relation != "friend" else rng.choice(f.names())
        kit.fit(recipient != name)
        c.facts["recipient_name"] = params["recipient_name"] = c.say["recipient"] = recipient
        c.fact_lines["recipient_name"] = scene.fact_lines(TEXT["recipient_lines"], relation=relation)
        first = kit.first_name(recipient)
        goal_all.append(first.lower())
        c.react(TEXT["recipient_check"], [street.lower()], unless=[first.lower()], recipient=first)
        c.opening = scene.openings(TEXT["gift"], noun=item, relation=relation)
    else:
        c.react(TEXT["not_account_zip"], [account_zip], also=TEXT.words("ship_words"), once=False,
                zip=account_zip, new_zip=new_zip)
        c.opening = scene.openings(TEXT["move"], noun=item)
    c.calls.append(kit.call("update_shipping_address", **params))
    return kit.shop_draft(c, TEXT, variant=variant, tags=["write", "multi_hop"], goal={
        "tools_ok": ["verify_identity", "update_shipping_address"], "agent_says_all": goal_all,
        "agent_says_any": [new_zip]})
