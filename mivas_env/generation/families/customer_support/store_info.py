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
# Per policy topic: what a right answer says, and the rule (the openings are templates).
POLICIES: dict[str, tuple[list[str], str]] = {
    "price_adjustment": (["14 days", "fourteen days", "two weeks"],
                         "if an item you bought drops in price on our site within 14 days of "
                         "delivery, our billing team can refund the difference once"),
    "shipping": (["free"], "shipping is free on every order; orders leave within two business "
                           "days and arrive in three to five business days"),
    "refunds": (["5 to 10", "five to ten"], "refunds go back to the original payment method in "
                                            "5 to 10 business days, or to store credit at once"),
    "cancellations": (["processing"], "an order can be cancelled, or its address changed, while "
                                      "it is still processing; once it has shipped it can't be "
                                      "stopped, so you'd return it after delivery"),
}


@dataclass
class Answer:
    """A store question and its right answer."""

    opening: list[str]
    goal: dict[str, Any]
    answer: str
    calls: list[LockedCall]
    about: str
    title: str
    reactions: list[dict[str, Any]] = field(default_factory=list)
    ends: date | None = None  # the date that answers a question about an order


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
    product, got = f.product_name(sku), day(order["delivered_on"])
    months = int(f.products[sku]["warranty_months"])
    ends = add_months(got, months)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["12 to 36", "12 and 36", "depends", f"{months} months"],
         "unless_agent_says_any": [str(ends.year)],
         "say": scene.lines(TEXT["which_date"], 2, noun=item), "once": False},
        {"when_agent_says_any": ["start a return", "return window", "30 days"],
         "unless_agent_says_any": ["warranty"], "say": scene.lines(TEXT["not_returning"], 2)}]
    return Answer(
        scene.openings(TEXT["warranty_until"], noun=item),
        {"agent_says_any": dated_phrases(ends)},
        f"I checked order {num}: your {product} was delivered on {kit.spoken_date(got)}, "
        f"{got.year}, and it carries a {months}-month manufacturer's warranty, so it is "
        f"covered until {kit.spoken_date(ends)}, {ends.year}.",
        [kit.call("get_order_status", order_id=order["order_id"]),
         kit.call("search_products", query=kit.NOUNS[sku][1])],
        f"Delivered {order['delivered_on']} with a {months}-month warranty: covered "
        f"until {ends.isoformat()}; the policy's '12 to 36 months' is not an answer.",
        f"Until when is my {item} under warranty? (order's delivery + catalog warranty)",
        reactions, ends)


def price_window(scene: kit.ShopScene, order: kit.Row, sku: str, item: str, num: str) -> Answer:
    product, got = scene.shop.product_name(sku), day(order["delivered_on"])
    ends = got + timedelta(days=PRICE_WINDOW_DAYS)
    open_now = (scene.today - got).days <= PRICE_WINDOW_DAYS
    reactions = [{"when_agent_says_any": ["14 days", "fourteen days", "two weeks"],
                  "unless_agent_says_any": [month(ends).lower()],
                  "say": scene.lines(TEXT["which_date"], 2, noun=item), "once": False}]
    verdict = (f"so the 14-day price adjustment window runs through {kit.spoken_date(ends)} and "
               "billing can refund the difference once" if open_now else
               f"so the 14-day price adjustment window ended on {kit.spoken_date(ends)}; I'm "
               "sorry, it no longer qualifies")
    return Answer(
        scene.openings(TEXT["price_window"], noun=item),
        {"agent_says_any": kit.date_phrases(ends, scene.today)},
        f"I checked order {num}: your {product} was delivered on {kit.spoken_date(got)}, {verdict}.",
        [kit.call("get_order_status", order_id=order["order_id"]),
         kit.call("get_policy", topic="price_adjustment")],
        f"Delivered {order['delivered_on']}: the 14-day price adjustment window "
        f"{'runs through' if open_now else 'ended on'} {ends.isoformat()}.",
        f"Can I still get a price adjustment on my {item}? (policy + delivery date)",
        reactions, ends)


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
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Asking about the {item} on "
                f"order {num}; only wants the date.",
        opening=asked.opening,
        facts={"full_name": str(customer["full_name"]), "order_id": num,
               "item": f"the {f.product_name(sku)}"},
        fact_lines={"order_id": kit.order_id_lines(scene)},
        goal={"description": f"The date that answers the question about order {num}: "
                             f"{asked.ends.isoformat()}.",
              "tools_ok": [c["name"] for c in asked.calls], **asked.goal},
        reactions=asked.reactions, answer=asked.answer, speaker=str(customer["full_name"]))
    return kit.lockfile(title=asked.title, tags=["read_only"], caller=caller, path=[],
                    calls=asked.calls,
                    description="Read-only at reception: a catalog or policy rule applied to the "
                                "caller's order, no verification and no handoff; an answer from "
                                "memory makes no matching call and only T catches it. "
                                + asked.about)


# --- one catalog or policy fact ------------------------------------------------------------

def returnable(scene: kit.ShopScene, product: kit.Row, short: str) -> Answer:
    opening = scene.openings(TEXT["returnable"], short=short)
    if product["returnable"]:
        says = ["30 days", "thirty days"]
        answer = (f"I looked up the {product['name']}: it isn't a final-sale item, so it "
                  "can be returned within 30 days of delivery.")
        reaction: dict[str, Any] = {"when_agent_says_any": ["final sale", "final-sale"],
                    "unless_agent_says_any": ["isn't", "not a final", "30 days"],
                    "say": scene.lines(TEXT["really_final"], 2, short=short)}
    else:
        says = ["final sale", "final-sale", "can't be returned", "cannot be returned",
                "not returnable", "non-returnable"]
        answer = (f"I looked up the {product['name']}: it's a final-sale item, so it "
                  "can't be returned unless it arrives damaged, defective or not what "
                  "was ordered.")
        reaction = {"when_agent_says_any": ["30 days", "thirty days"],
                    "unless_agent_says_any": ["final"],
                    "say": scene.lines(TEXT["too"], 2, short=short), "once": False}
    return Answer(opening, {"description": f"Whether the {product['name']} can be returned.",
                            "tools_ok": ["search_products"], "agent_says_any": says},
                  answer, [kit.call("search_products", query=short)],
                  "Whether one product is final sale is in its catalog record only.",
                  f"Can the {short} be returned? (catalog: final sale or not)", [reaction])


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
    return Answer(opening, {"description": f"The {product['name']}'s warranty: {months} months.",
                            "tools_ok": ["search_products"], "agent_says_any": says},
                  f"I looked up the {product['name']}: it comes with a {months} months "
                  "manufacturer's warranty.", [kit.call("search_products", query=short)],
                  "The warranty policy only says '12 to 36 months', so the product record "
                  "must be read (search_products).",
                  f"How long is the warranty on the {short}? (catalog, not the general policy)",
                  [reaction])


def price(scene: kit.ShopScene, product: kit.Row, short: str) -> Answer:
    cents = int(product["price_cents"])
    return Answer(scene.openings(TEXT["price"], short=short),
                  {"description": f"The price of the {product['name']}: {kit.money(cents)}.",
                   "tools_ok": ["search_products"], "agent_says_any": kit.money_phrases(cents)},
                  f"I looked up the {product['name']}: it's {kit.money(cents)}.",
                  [kit.call("search_products", query=short)],
                  "The price is in the product record (search_products).",
                  f"How much is the {short}? (catalog price)")


PRODUCT_FACTS: dict[str, Callable[[kit.ShopScene, kit.Row, str], Answer]] = {
    "returnable": returnable, "warranty": warranty, "price": price}


def policy(scene: kit.ShopScene, products: list[kit.Row], facts: dict[str, str]) -> Answer:
    topic = scene.rng.choice(sorted(POLICIES))
    says, rule = POLICIES[topic]
    sku = str(scene.rng.choice(products)["sku"])
    words = topic.replace("_", " ")
    facts["policy_topic"] = words
    return Answer(scene.openings(TEXT[f"policy_{topic}"], 2, noun=kit.noun(sku)),
                  {"description": f"The {words} policy.", "tools_ok": ["get_policy"],
                   "agent_says_any": says},
                  f"I checked our {words} policy: {rule}.", [kit.call("get_policy", topic=topic)],
                  f"The rule is only in the policy table: get_policy(topic={topic}); reading "
                  "another topic fails T.", f"Store policy question ({words})")


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
    caller = kit.shop_caller(
        scene,
        persona=f"{caller_name}, shopping at {scene.world.definition.business.name}. Wants one "
                "fact before buying or returning.",
        opening=asked.opening, facts=facts, fact_lines={}, goal=asked.goal,
        reactions=asked.reactions, answer=asked.answer, speaker=caller_name)
    return kit.lockfile(title=asked.title, tags=["read_only"], caller=caller, path=[],
                    calls=asked.calls,
                    description="Read-only at reception: a catalog or policy fact, no "
                                "verification and no handoff; an answer from memory makes no "
                                "matching call and only T catches it. " + asked.about)


FAMILY = kit.shop_family("C9", "store_info", make)
