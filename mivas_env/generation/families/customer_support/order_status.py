"""C1 order status: a read at reception (no verification, empty path) that only the order's
own record answers. One maker per question: when a shipped order arrives, the last day of a
delivered order's return window, whether a processing order shipped, whether a shipped order
can still be cancelled."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.spoken import month
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)


@dataclass
class Status:
    """What the caller asks about one order, and the right answer."""

    opening: list[str]
    goal: dict[str, Any]
    answer: str
    title: str
    about: str
    persona: str
    reactions: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Order:
    order: kit.Row
    customer: kit.Row
    item: str
    product: str
    num: str
    name: str


def eta(scene: kit.ShopScene, o: Order) -> Status:
    when = scene.shop.eta(o.order)
    carrier = str(o.order["carrier"])
    opening = scene.openings(TEXT["eta"], noun=o.item)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["business days", "3 to 5", "three to five", "within a week",
                                 "usually"],
         "unless_agent_says_any": [month(when).lower(), "tomorrow"],
         "say": scene.lines(TEXT["general_times"], 2), "once": False},
        {"when_agent_says_any": ["has been delivered", "was delivered", "shows delivered",
                                 "it's delivered"],
         "say": scene.lines(TEXT["not_delivered"], 2)}]
    return Status(
        opening,
        {"description": f"The carrier and the expected delivery date of order {o.num} "
                        f"({carrier}, {kit.spoken_date(when)}).",
         "tools_ok": ["get_order_status"], "agent_says_all": [carrier.lower()],
         "agent_says_any": kit.date_phrases(when, scene.today)},
        f"I checked order {o.num}: your {o.product} shipped with {carrier} on "
        f"{kit.spoken_date(day(o.order['shipped_on']))} and is expected to arrive on "
        f"{kit.spoken_date(when)}.",
        f"When will my {o.item} arrive? (shipped order, estimated delivery)",
        f"The order shipped with {carrier}; get_order_status gives the estimated "
        f"delivery {when.isoformat()}, which no general shipping answer gives.",
        f"{o.name}, a customer in {kit.city_of(o.customer)} waiting on a {o.item}. Wants a "
        "concrete date.", reactions)


def window(scene: kit.ShopScene, o: Order) -> Status:
    ends = scene.shop.window_ends(o.order)
    last = month(ends).lower()
    opening = scene.openings(TEXT["window"], noun=o.item)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["30 days", "thirty days", "a month"],
         "unless_agent_says_any": [last],
         "say": scene.lines(TEXT["window_vague"], 2, noun=o.item), "once": False},
        {"when_agent_says_any": ["start a return", "start the return", "open a return",
                                 "returns desk", "returns team", "transfer you"],
         "unless_agent_says_any": [last],
         "say": scene.lines(TEXT["not_returning"], 2)}]
    return Status(
        opening,
        {"description": f"The last day of the return window for order {o.num} "
                        f"({kit.spoken_date(ends)}).",
         "tools_ok": ["get_order_status"], "agent_says_any": kit.date_phrases(ends, scene.today)},
        f"I checked order {o.num}: your {o.product} was delivered on "
        f"{kit.spoken_date(day(o.order['delivered_on']))}, so you can start a return "
        f"through {kit.spoken_date(ends)}.",
        f"What is the last day I can return my {o.item}? (return window of a delivered order)",
        f"Delivered {o.order['delivered_on']}: the window ends {ends.isoformat()}; "
        "'30 days' without the date is not an answer.",
        f"{o.name}, {kit.city_of(o.customer)}. Still deciding whether to keep a {o.item}; only "
        "wants the deadline.", reactions)


def processing(scene: kit.ShopScene, o: Order) -> Status:
    opening = scene.openings(TEXT["processing"], noun=o.item)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["tracking number is", "it shipped", "has shipped",
                                 "on its way", "out for delivery", "in transit"],
         "unless_agent_says_any": ["not", "hasn't", "yet"],
         "say": scene.lines(TEXT["shipped_claim"], 2), "once": False}]
    return Status(
        opening,
        {"description": f"Whether order {o.num} has shipped (it has not: still processing).",
         "tools_ok": ["get_order_status"],
         "agent_says_any": ["not shipped", "hasn't shipped", "has not shipped",
                            "not yet shipped", "still processing", "hasn't left",
                            "has not left"]},
        f"I checked order {o.num}: it is still processing, so it has not shipped yet "
        "and there's no tracking number. You'll get an email with tracking once it ships.",
        f"Has my {o.item} shipped? (still processing, no tracking yet)",
        "The order is still processing: there is no tracking number. An agent that "
        "assumes it shipped fails T.",
        f"{o.name}, {kit.city_of(o.customer)}. Ordered a {o.item} recently and wants the tracking "
        "number.", reactions)


def cancel(scene: kit.ShopScene, o: Order) -> Status:
    opening = scene.openings(TEXT["cancel"], noun=o.item)
    reactions: list[dict[str, Any]] = [
        {"when_agent_says_any": ["cancelled", "canceled"],
         "also_says_any": ["i've", "i have", "is now", "has been", "all set"],
         "unless_agent_says_any": ["can't", "cannot", "not able", "already shipped",
                                   "has shipped"],
         "say": scene.lines(TEXT["cancelled_claim"], 2)}]
    return Status(
        opening,
        {"description": f"Whether order {o.num} can still be cancelled (no: it shipped) "
                        "and what to do instead (return it).",
         "tools_ok": ["get_order_status"], "agent_says_all": ["shipped"],
         "agent_says_any": ["return"]},
        f"I checked order {o.num}: your {o.product} already shipped with "
        f"{o.order['carrier']} on {kit.spoken_date(day(o.order['shipped_on']))}, so it can't "
        "be cancelled anymore. Once it's delivered you can return it within 30 days "
        "through our returns desk.",
        f"Can I still cancel my {o.item}? (already shipped: status check, no cancellation)",
        "The order already shipped, so the answer is a status check and an offer of a "
        "return after delivery, with no write.",
        f"{o.name}, {kit.city_of(o.customer)}. Would cancel the {o.item} only if it hasn't left the "
        "warehouse.", reactions)


QUESTIONS: dict[str, tuple[Callable[[kit.Row, kit.ShopScene], bool],
                           Callable[[kit.ShopScene, Order], Status]]] = {
    "eta": (lambda o, scene: o["status"] == "shipped", eta),
    "window": (lambda o, scene: o["status"] == "delivered" and scene.shop.in_window(o), window),
    "processing": (lambda o, scene: o["status"] == "processing", processing),
    "cancel": (lambda o, scene: o["status"] == "shipped", cancel),
}


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    choices = {kind: [o for o in f.orders if fits(o, scene)]
               for kind, (fits, _) in QUESTIONS.items()}
    variant = rng.choice(sorted(k for k, v in choices.items() if v))
    order = rng.choice(choices[variant])
    customer = f.customer(order)
    line = rng.choice(order["items"])
    item, product = kit.noun(line["sku"]), f.product_name(line["sku"])
    num, name = kit.number(order["order_id"]), str(customer["full_name"])
    status = QUESTIONS[variant][1](scene, Order(order, customer, item, product, num, name))
    caller = kit.shop_caller(scene, persona=status.persona, opening=status.opening,
                         facts={"order_id": num, "full_name": name, "item": f"the {product}"},
                         fact_lines={"order_id": kit.order_id_lines(scene)}, goal=status.goal,
                         reactions=status.reactions, answer=status.answer, speaker=name)
    return kit.lockfile(title=status.title, tags=["read_only"], caller=caller, path=[],
                    description="Read-only order status at reception (no verification, empty "
                                "path, seed unchanged): only T catches an answer from memory "
                                "or from another order. " + status.about,
                    calls=[kit.call("get_order_status", order_id=order["order_id"])])


FAMILY = kit.shop_family("C1", "order_status", make)
