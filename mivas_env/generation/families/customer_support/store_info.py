"""C9 store info: read-only at reception, no verification and no handoff. Mostly a catalog or
policy rule applied to the caller's own order (a warranty's end date, the price-adjustment
window); otherwise one catalog or policy fact (returnable, warranty, price, a policy topic).
One maker per question."""

from __future__ import annotations

import calendar
from collections.abc import Callable
from dataclasses import dataclass, field
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


@dataclass
class Answer:
    """A store question and its right answer: its title, answer and what it is about are the
    text's ``"<line> <kind>"`` filled from ``say``."""

    kind: str
    say: dict[str, Any]
    opening: list[str]
    goal: dict[str, Any]
    calls: list[LockedCall]
    reactions: list[dict[str, Any]] = field(default_factory=list)
    ends: date | None = None  # the date that answers a question about an order
    variant: str = ""  # "final": a product that can't be returned

    def line(self, name: str) -> str:
        return TEXT.of(f"{name} {self.kind}", self.variant, **self.say)


def add_months(value: date, months: int) -> date:
    year, month_index = divmod(value.month - 1 + months, 12)
    year, month_index = value.year + year, month_index + 1
    return date(year, month_index,
                min(value.day, calendar.monthrange(year, month_index)[1]))


def dated_phrases(value: date) -> list[str]:
    """A date said with its year (a warranty that ends next year)."""
    name = month(value).lower()
    return [f"{name} {value.day}, {value.year}", f"{name} {value.year}",
            f"{value.month}/{value.day}/{value.year}"]


# --- about the caller's order --------------------------------------------------------------

def warranty_until(scene: kit.ShopScene, order: kit.Row, sku: str, item: str, num: str) -> Answer:
    f = scene.shop
    got = day(order["delivered_on"])
    months = int(f.products[sku]["warranty_months"])
    ends = add_months(got, months)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["12 to 36", "12 and 36", "depends", f"{months} months"],
         "unless_agent_says_any": [str(ends.year)],
         "say": scene.lines(TEXT["which_date"], 2, noun=item), "once": False},
        {"when_agent_says_any": ["start a return", "return window", "30 days"],
         "unless_agent_says_any": ["warranty"], "say": scene.lines(TEXT["not_returning"], 2)}]
    say = {"num": num, "product": f.product_name(sku), "got": kit.spoken_date(got),
           "got_year": got.year, "months": months, "ends": kit.spoken_date(ends),
           "ends_year": ends.year, "delivered_on": order["delivered_on"],
           "ends_iso": ends.isoformat(), "item": item}
    return Answer("warranty_until", say, scene.openings(TEXT["warranty_until"], noun=item),
                  {"agent_says_any": dated_phrases(ends)},
                  [kit.call("get_order_status", order_id=order["order_id"]),
                   kit.call("search_products", query=kit.NOUNS[sku][1])], reactions, ends)


def price_window(scene: kit.ShopScene, order: kit.Row, sku: str, item: str, num: str) -> Answer:
    got = day(order["delivered_on"])
    ends = got + timedelta(days=PRICE_WINDOW_DAYS)
    window = "open" if (scene.today - got).days <= PRICE_WINDOW_DAYS else "closed"
    reactions = [{"when_agent_says_any": ["14 days", "fourteen days", "two weeks"],
                  "unless_agent_says_any": [month(ends).lower()],
                  "say": scene.lines(TEXT["which_date"], 2, noun=item), "once": False}]
    say = {"num": num, "product": scene.shop.product_name(sku), "got": kit.spoken_date(got),
           "verdict": TEXT.of("verdict", window, ends=kit.spoken_date(ends)),
           "runs": TEXT.of("runs", window), "delivered_on": order["delivered_on"],
           "ends_iso": ends.isoformat(), "item": item}
    return Answer("price_window", say, scene.openings(TEXT["price_window"], noun=item),
                  {"agent_says_any": kit.date_phrases(ends, scene.today)},
                  [kit.call("get_order_status", order_id=order["order_id"]),
                   kit.call("get_policy", topic="price_adjustment")], reactions, ends)


def about_an_order(scene: kit.ShopScene) -> Draft:
    """A catalog or policy fact applied to the caller's own order: the answer needs the
    order's delivery date as well."""
    f, rng = scene.shop, scene.rng
    delivered = [o for o in f.orders if o["status"] == "delivered"]
    warranty = [(o, ln) for o in delivered for ln in o["items"]
                if f.products[ln["sku"]]["warranty_months"]]
    variant = rng.choice(["warranty", "price_window"] if warranty else ["price_window"])
    if variant == "warranty":
        order, line = rng.choice(warranty)
    else:
        order = rng.choice(delivered)
        line = rng.choice(order["items"])
    customer = f.customer(order)
    sku = str(line["sku"])
    item, num = kit.noun(sku), kit.number(order["order_id"])
    asked = (warranty_until if variant == "warranty" else price_window)(scene, order, sku, item,
                                                                        num)
    assert asked.ends is not None
    say = {"name": customer["full_name"], "city": kit.city_of(customer), "item": item,
           "num": num, "ends": asked.ends.isoformat(), "about": asked.line("about")}
    caller = kit.shop_caller(
        scene, persona=TEXT.line("persona order", **say), opening=asked.opening,
        facts={"full_name": str(customer["full_name"]), "order_id": num,
               "item": f"the {f.product_name(sku)}"},
        fact_lines={"order_id": kit.order_id_lines(scene)},
        goal={"description": TEXT.line("goal order", **say),
              "tools_ok": [c["name"] for c in asked.calls], **asked.goal},
        reactions=asked.reactions, answer=asked.line("answer"), speaker=str(customer["full_name"]))
    return kit.lockfile(title=asked.line("title"), tags=["read_only"], caller=caller, path=[],
                        calls=asked.calls, description=TEXT.line("description order", **say))


# --- one catalog or policy fact ------------------------------------------------------------

def returnable(scene: kit.ShopScene, product: kit.Row, short: str) -> Answer:
    opening = scene.openings(TEXT["returnable"], short=short)
    final = "" if product["returnable"] else "final"
    if not final:
        reaction: dict[str, Any] = {"when_agent_says_any": ["final sale", "final-sale"],
                    "unless_agent_says_any": ["isn't", "not a final", "30 days"],
                    "say": scene.lines(TEXT["really_final"], 2, short=short)}
    else:
        reaction = {"when_agent_says_any": ["30 days", "thirty days"],
                    "unless_agent_says_any": ["final"],
                    "say": scene.lines(TEXT["too"], 2, short=short), "once": False}
    say = {"product": product["name"], "short": short}
    return Answer("returnable", say, opening,
                  {"description": TEXT.line("goal returnable", **say),
                   "tools_ok": ["search_products"],
                   "agent_says_any": TEXT.words("says final" if final else "says returnable")},
                  [kit.call("search_products", query=short)], [reaction], variant=final)


def warranty(scene: kit.ShopScene, product: kit.Row, short: str) -> Answer:
    months = int(product["warranty_months"])
    opening = scene.openings(TEXT["warranty"], short=short)
    says = [f"{months} months", f"{months}-month"]
    if months % 12 == 0:
        years = months // 12
        says += [f"{years} year" if years == 1 else f"{years} years"]
    reaction = {"when_agent_says_any": ["12 to 36", "12 and 36", "depends"],
                "unless_agent_says_any": [f"{months} months"],
                "say": scene.lines(TEXT["specifically"], 2, short=short), "once": False}
    say = {"product": product["name"], "short": short, "months": months}
    return Answer("warranty", say, opening,
                  {"description": TEXT.line("goal warranty", **say),
                   "tools_ok": ["search_products"], "agent_says_any": says},
                  [kit.call("search_products", query=short)], [reaction])


def price(scene: kit.ShopScene, product: kit.Row, short: str) -> Answer:
    cents = int(product["price_cents"])
    say = {"product": product["name"], "short": short, "price": kit.money(cents)}
    return Answer("price", say, scene.openings(TEXT["price"], short=short),
                  {"description": TEXT.line("goal price", **say),
                   "tools_ok": ["search_products"], "agent_says_any": kit.money_phrases(cents)},
                  [kit.call("search_products", query=short)])


PRODUCT_FACTS: dict[str, Callable[[kit.ShopScene, kit.Row, str], Answer]] = {
    "returnable": returnable, "warranty": warranty, "price": price}


def policy(scene: kit.ShopScene, products: list[kit.Row], facts: dict[str, str]) -> Answer:
    topic = scene.rng.choice(POLICY_TOPICS)
    sku = str(scene.rng.choice(products)["sku"])
    words = topic.replace("_", " ")
    facts["policy_topic"] = words
    say = {"words": words, "topic": topic, "rule": TEXT.line(f"rule {topic}")}
    return Answer("policy", say, scene.openings(TEXT[f"policy_{topic}"], 2, noun=kit.noun(sku)),
                  {"description": TEXT.line("goal policy", **say), "tools_ok": ["get_policy"],
                   "agent_says_any": TEXT.words(f"says {topic}")},
                  [kit.call("get_policy", topic=topic)])


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    if rng.random() < ABOUT_AN_ORDER:
        return about_an_order(scene)
    caller_name = rng.choice(f.names())
    products = sorted(f.products.values(), key=lambda p: str(p["sku"]))
    variant = rng.choice(["returnable", "warranty", "price", "policy"])
    facts: dict[str, str] = {"full_name": caller_name}
    if variant == "policy":
        asked = policy(scene, products, facts)
    else:
        if variant == "warranty":
            products = [p for p in products if p["warranty_months"]]
        product = rng.choice(products)
        short = kit.NOUNS[str(product["sku"])][1]
        facts["product"] = f"the {product['name']}"
        asked = PRODUCT_FACTS[variant](scene, product, short)
    say = {"name": caller_name, "business": scene.world.definition.business.name,
           "about": asked.line("about")}
    caller = kit.shop_caller(
        scene, persona=TEXT.line("persona fact", **say), opening=asked.opening, facts=facts,
        fact_lines={}, goal=asked.goal, reactions=asked.reactions, answer=asked.line("answer"),
        speaker=caller_name)
    return kit.lockfile(title=asked.line("title"), tags=["read_only"], caller=caller, path=[],
                        calls=asked.calls, description=TEXT.line("description fact", **say))


FAMILY = kit.shop_family("C9", "store_info", make)
