"""C9 store info: read-only at reception, no verification and no handoff. Mostly a catalog or
policy rule applied to the caller's own order (a warranty's end date, the price-adjustment
window); otherwise one catalog or policy fact (returnable, warranty, price, a policy topic).
Each question's title, answer and ``about`` are the text's ``"<line> <kind>"`` lines."""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.lockfile import LockedCall
from mivas_env.generation.spoken import month
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)
ABOUT_AN_ORDER = 0.75  # most store questions are about the caller's own order
PRICE_WINDOW_DAYS = 14
POLICY_TOPICS = ["cancellations", "price_adjustment", "refunds", "shipping"]  # TEXT's rules
Reactions = list[dict[str, Any]]


def add_months(value: date, months: int) -> date:
    year, month_index = divmod(value.month - 1 + months, 12)
    year, month_index = value.year + year, month_index + 1
    return date(year, month_index, min(value.day, calendar.monthrange(year, month_index)[1]))


def which_date(scene: kit.ShopScene, item: str, vague: list[str], dated: str) -> dict[str, Any]:
    """The caller asks for the date when the agent answers with the rule alone."""
    return {"when_agent_says_any": vague, "unless_agent_says_any": [dated],
            "say": scene.lines(TEXT["which_date"], 2, noun=item), "once": False}


# --- about the caller's order: (the date that answers, what the goal listens for, the catalog
# or policy call, the reactions) ---------------------------------------------------------------

def warranty_until(scene: kit.ShopScene, sku: str, got: date, say: dict[str, Any]
                   ) -> tuple[date, list[str], LockedCall, Reactions]:
    months = int(scene.shop.products[sku]["warranty_months"])
    ends = add_months(got, months)
    reactions = [which_date(scene, say["item"], [*TEXT.words("policy_range"), f"{months} months"],
                            str(ends.year)),
                 {"when_agent_says_any": ["start a return", "return window", "30 days"],
                  "unless_agent_says_any": ["warranty"],
                  "say": scene.lines(TEXT["not_returning"], 2)}]
    say.update(got_year=got.year, months=months, ends_year=ends.year)
    name = month(ends).lower()  # a date said with its year (a warranty that ends next year)
    says = [f"{name} {ends.day}, {ends.year}", f"{name} {ends.year}",
            f"{ends.month}/{ends.day}/{ends.year}"]
    return ends, says, kit.call("search_products", query=kit.NOUNS[sku][1]), reactions


def price_window(scene: kit.ShopScene, sku: str, got: date, say: dict[str, Any]
                 ) -> tuple[date, list[str], LockedCall, Reactions]:
    ends = got + timedelta(days=PRICE_WINDOW_DAYS)
    window = "open" if (scene.today - got).days <= PRICE_WINDOW_DAYS else "closed"
    reactions = [which_date(scene, say["item"], ["14 days", "fourteen days", "two weeks"],
                            month(ends).lower())]
    say.update(verdict=TEXT.of("verdict", window, ends=kit.spoken_date(ends)),
               runs=TEXT.of("runs", window))
    return (ends, kit.date_phrases(ends, scene.today),
            kit.call("get_policy", topic="price_adjustment"), reactions)


def about_an_order(scene: kit.ShopScene) -> Draft:
    """A catalog or policy fact applied to the caller's own order: the answer needs the
    order's delivery date as well."""
    f, rng = scene.shop, scene.rng
    delivered = [o for o in f.orders if o["status"] == "delivered"]
    warranty = [(o, ln) for o in delivered for ln in o["items"]
                if f.products[ln["sku"]]["warranty_months"]]
    kind = rng.choice(["warranty_until", "price_window"] if warranty else ["price_window"])
    if kind == "warranty_until":
        order, line = rng.choice(warranty)
    else:
        order = rng.choice(delivered)
        line = rng.choice(order["items"])
    customer = f.customer(order)
    sku, got = str(line["sku"]), day(order["delivered_on"])
    item, num, product = kit.noun(sku), kit.number(order["order_id"]), f.product_name(sku)
    say = {"name": customer["full_name"], "city": kit.city_of(customer), "item": item,
           "num": num, "product": product, "got": kit.spoken_date(got),
           "delivered_on": order["delivered_on"]}
    ends, says, call, reactions = ORDER_KINDS[kind](scene, sku, got, say)
    say.update(ends=kit.spoken_date(ends), ends_iso=ends.isoformat())
    return store_draft(
        scene, say, (kind, "order"), scene.openings(TEXT[kind], noun=item),
        {"full_name": str(customer["full_name"]), "order_id": num, "item": f"the {product}"},
        says, [kit.call("get_order_status", order_id=order["order_id"]), call], reactions,
        {"order_id": kit.order_id_lines(scene)})


ORDER_KINDS = {"warranty_until": warranty_until, "price_window": price_window}


# --- one catalog fact: (what the goal listens for, the reactions) ------------------------------

def returnable(scene: kit.ShopScene, product: kit.Row, say: dict[str, Any]
               ) -> tuple[list[str], Reactions]:
    if product["returnable"]:
        return TEXT.words("says returnable"), [
            {"when_agent_says_any": ["final sale", "final-sale"],
             "unless_agent_says_any": ["isn't", "not a final", "30 days"],
             "say": scene.lines(TEXT["really_final"], 2, short=say["short"])}]
    return TEXT.words("says final"), [
        {"when_agent_says_any": ["30 days", "thirty days"], "unless_agent_says_any": ["final"],
         "say": scene.lines(TEXT["too"], 2, short=say["short"]), "once": False}]


def warranty(scene: kit.ShopScene, product: kit.Row, say: dict[str, Any]
             ) -> tuple[list[str], Reactions]:
    months = say["months"] = int(product["warranty_months"])
    years = months // 12
    says = [f"{months} months", f"{months}-month"] + (
        [f"{years} year" if years == 1 else f"{years} years"] if months % 12 == 0 else [])
    return says, [{"when_agent_says_any": TEXT.words("policy_range"),
                   "unless_agent_says_any": [f"{months} months"],
                   "say": scene.lines(TEXT["specifically"], 2, short=say["short"]),
                   "once": False}]


def price(scene: kit.ShopScene, product: kit.Row, say: dict[str, Any]
          ) -> tuple[list[str], Reactions]:
    say["price"] = kit.money(int(product["price_cents"]))
    return kit.money_phrases(int(product["price_cents"])), []


PRODUCT_FACTS: dict[str, Callable[[kit.ShopScene, kit.Row, dict[str, Any]],
                                  tuple[list[str], Reactions]]] = {
    "returnable": returnable, "warranty": warranty, "price": price}


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    if rng.random() < ABOUT_AN_ORDER:
        return about_an_order(scene)
    name = rng.choice(f.names())
    products = sorted(f.products.values(), key=lambda p: str(p["sku"]))
    kind = rng.choice(["returnable", "warranty", "price", "policy"])
    say: dict[str, Any] = {"name": name, "business": scene.world.definition.business.name}
    facts = {"full_name": name}
    if kind == "policy":
        topic = rng.choice(POLICY_TOPICS)
        sku = str(rng.choice(products)["sku"])
        facts["policy_topic"] = say["words"] = topic.replace("_", " ")
        say.update(topic=topic, rule=TEXT.line(f"rule {topic}"))
        opening = scene.openings(TEXT[f"policy_{topic}"], 2, noun=kit.noun(sku))
        says, reactions = TEXT.words(f"says {topic}"), Reactions()
        calls = [kit.call("get_policy", topic=topic)]
    else:
        product = rng.choice([p for p in products if kind != "warranty" or p["warranty_months"]])
        short = kit.NOUNS[str(product["sku"])][1]
        facts["product"] = f"the {product['name']}"
        say.update(product=product["name"], short=short)
        opening = scene.openings(TEXT[kind], short=short)
        says, reactions = PRODUCT_FACTS[kind](scene, product, say)
        calls = [kit.call("search_products", query=short)]
    final = kind == "returnable" and not product["returnable"]  # "answer returnable final"
    return store_draft(scene, say, (f"{kind} final", kind, "fact") if final else (kind, "fact"),
                       opening, facts, says, calls, reactions, {})


def store_draft(scene: kit.ShopScene, say: dict[str, Any], variants: tuple[str, ...],
                opening: list[str], facts: dict[str, str], says: list[str],
                calls: list[LockedCall], reactions: Reactions,
                fact_lines: dict[str, list[str]]) -> Draft:
    """The lockfile of a store question; ``variants`` end in its kind (``about <kind>``) and
    its group (``order`` or ``fact``: the persona and the description)."""
    say["about"] = TEXT.line(f"about {variants[-2]}", **say)
    return kit.shop_draft(
        scene, TEXT, say=say, variant=variants, opening=opening, facts=facts,
        fact_lines=fact_lines, goal={"tools_ok": [c["name"] for c in calls],
                                     "agent_says_any": says},
        reactions=reactions, calls=calls, tags=["read_only"])


FAMILY = kit.shop_family("C9", "store_info", make)
