"""C9 store info, read at reception: mostly a catalog or policy rule applied to the caller's own order
(a warranty's end, the price-adjustment window), else one catalog or policy fact."""

import calendar
from collections.abc import Callable
from datetime import date, timedelta

from mivas_env.generation.families.customer_support import common as kit

CODE = "C9"
TEXT = kit.family_templates(__name__)
ABOUT_AN_ORDER = 0.75  # most store questions are about the caller's own order
PRICE_WINDOW_DAYS = 14


def add_months(value: date, months: int) -> date:
    year, month_index = divmod(value.month - 1 + months, 12)
    year, month_index = value.year + year, month_index + 1
    return date(year, month_index, min(value.day, calendar.monthrange(year, month_index)[1]))


def which_date(c: kit.Caller, vague: list[str], dated: str) -> None:
    """The caller asks for the date when the agent answers with the rule alone."""
    c.react(TEXT["which_date"], vague, unless=[dated], once=False, noun=c.say["item"])


# About the caller's order: a kind adds its slots and reactions and returns the date that answers,
# what the goal listens for and the catalog or policy call.

def warranty_until(c: kit.Caller, sku: str, got: date) -> tuple[date, list[str], kit.LockedCall]:
    months = int(c.scene.shop.products[sku]["warranty_months"])
    ends = add_months(got, months)
    which_date(c, [*TEXT.words("policy_range"), f"{months} months"], str(ends.year))
    c.react(TEXT["not_returning"], TEXT.words("return_words"), unless=["warranty"])
    c.say.update(got_year=got.year, months=months, ends_year=ends.year)
    name = kit.month(ends).lower()  # a date said with its year (a warranty that ends next year)
    says = [f"{name} {ends.day}, {ends.year}", f"{name} {ends.year}", f"{ends.month}/{ends.day}/{ends.year}"]
    return ends, says, kit.call("search_products", query=kit.NOUNS[sku][1])


def price_window(c: kit.Caller, sku: str, got: date) -> tuple[date, list[str], kit.LockedCall]:
    ends = got + timedelta(days=PRICE_WINDOW_DAYS)
    window = "open" if (c.scene.today - got).days <= PRICE_WINDOW_DAYS else "closed"
    which_date(c, TEXT.words("says price_adjustment"), kit.month(ends).lower())
    c.say.update(verdict=TEXT.of("verdict", window, ends=kit.month_day(ends)), runs=TEXT.of("runs", window))
    return (ends, kit.date_phrases(ends, c.scene.today), kit.call("get_policy", topic="price_adjustment"))


ORDER_KINDS = {"warranty_until": warranty_until, "price_window": price_window}


def about_an_order(scene: kit.ShopScene) -> kit.Draft:
    """A catalog or policy fact applied to the caller's own order (and its delivery date)."""
    f, rng = scene.shop, scene.rng
    delivered = [o for o in f.orders if o["status"] == "delivered"]
    warranty = [(o, ln) for o in delivered for ln in o["items"] if f.products[ln["sku"]]["warranty_months"]]
    kind = rng.choice(["warranty_until", "price_window"] if warranty else ["price_window"])
    if kind == "warranty_until":
        order, line = rng.choice(warranty)
    else:
        order = rng.choice(delivered)
        line = rng.choice(order["items"])
    customer = f.customer(order)
    sku, got = str(line["sku"]), kit.day(order["delivered_on"])
    num = kit.number(order["order_id"])
    c = kit.Caller(scene, {"name": customer["full_name"], "city": kit.city_of(customer), "num": num,
                           "got": kit.month_day(got), "delivered_on": order["delivered_on"]},
                   {"full_name": str(customer["full_name"]), "order_id": num})
    item = c.about(sku)
    ends, says, call = ORDER_KINDS[kind](c, sku, got)
    c.say.update(ends=kit.month_day(ends), ends_iso=ends.isoformat())
    c.opening = scene.openings(TEXT[kind], noun=item)
    c.fact_lines["order_id"] = scene.fact_lines(kit.CALLER["order_id_lines"])
    c.calls += [kit.call("get_order_status", order_id=order["order_id"]), call]
    return store_draft(c, (kind, "order"), says)


# One catalog fact: it adds its slots and reactions and returns what the goal listens for.

def returnable(c: kit.Caller, product: kit.Row) -> list[str]:
    if product["returnable"]:
        c.react(TEXT["really_final"], TEXT.words("final_words"),
                unless=["isn't", "not a final", "30 days"], short=c.say["short"])
        return TEXT.words("says returnable")
    c.react(TEXT["too"], TEXT.words("says returnable"), unless=["final"], once=False, short=c.say["short"])
    return TEXT.words("says final")


def warranty(c: kit.Caller, product: kit.Row) -> list[str]:
    months = c.say["months"] = int(product["warranty_months"])
    years = months // 12
    c.react(TEXT["specifically"], TEXT.words("policy_range"), unless=[f"{months} months"],
            once=False, short=c.say["short"])
    return [f"{months} months", f"{months}-month"] + (
        [f"{years} year" if years == 1 else f"{years} years"] if months % 12 == 0 else [])


def price(c: kit.Caller, product: kit.Row) -> list[str]:
    c.say["price"] = kit.money(int(product["price_cents"]))
    return kit.money_phrases(int(product["price_cents"]))


PRODUCT_FACTS: dict[str, Callable[[kit.Caller, kit.Row], list[str]]] = {
    "returnable": returnable, "warranty": warranty, "price": price}


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    if rng.random() < ABOUT_AN_ORDER:
        return about_an_order(scene)
    name = rng.choice(f.names())
    products = sorted(f.products.values(), key=lambda p: str(p["sku"]))
    kind = rng.choice(["returnable", "warranty", "price", "policy"])
    c = kit.Caller(scene, {"name": name, "business": scene.world.definition.business.name},
                   {"full_name": name})
    if kind == "policy":
        topic = rng.choice(TEXT.words("policy_topics"))
        sku = str(rng.choice(products)["sku"])
        c.facts["policy_topic"] = c.say["words"] = topic.replace("_", " ")
        c.say.update(topic=topic, rule=TEXT.line(f"rule {topic}"))
        c.opening = scene.openings(TEXT[f"policy_{topic}"], 2, noun=kit.noun(sku))
        says = TEXT.words(f"says {topic}")
        c.calls.append(kit.call("get_policy", topic=topic))
    else:
        product = rng.choice([p for p in products if kind != "warranty" or p["warranty_months"]])
        short = kit.NOUNS[str(product["sku"])][1]
        c.facts["product"] = f"the {product['name']}"
        c.say.update(product=product["name"], short=short)
        c.opening = scene.openings(TEXT[kind], short=short)
        says = PRODUCT_FACTS[kind](c, product)
        c.calls.append(kit.call("search_products", query=short))
    final = kind == "returnable" and not product["returnable"]  # "answer returnable final"
    return store_draft(c, (f"{kind} final", kind, "fact") if final else (kind, "fact"), says)


def store_draft(c: kit.Caller, variants: tuple[str, ...], says: list[str]) -> kit.Draft:
    """The lockfile of a store question; ``variants`` end in its kind and its group (``order`` or
    ``fact``: the persona and the description)."""
    return kit.shop_draft(c, TEXT, variant=variants, tags=["read_only"],
                          goal={"tools_ok": [call["name"] for call in c.calls], "agent_says_any": says})
