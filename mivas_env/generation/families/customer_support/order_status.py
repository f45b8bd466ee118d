"""C1 order status: a read at reception (no verification, empty path) that only the order's
own record answers. One maker per question: when a shipped order arrives, the last day of a
delivered order's return window, whether a processing order shipped, whether a shipped order
can still be cancelled. Each question's title, persona, goal, answer and ``about`` are the
text's ``"<line> <question>"`` lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.spoken import month
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)
# A question's answer: the words of its answer, what the goal and the caller listen for.
Status = tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]


def eta(scene: kit.ShopScene, order: kit.Row, item: str) -> Status:
    when = scene.shop.status_date(order, "estimated_delivery")
    carrier = str(order["carrier"])
    return (
        {"carrier": carrier, "when": kit.spoken_date(when), "iso": when.isoformat(),
         "shipped": kit.spoken_date(day(order["shipped_on"]))},
        {"agent_says_all": [carrier.lower()], "agent_says_any": kit.date_phrases(when, scene.today)},
        [{"when_agent_says_any": TEXT.words("general_words"),
          "unless_agent_says_any": [month(when).lower(), "tomorrow"],
          "say": scene.lines(TEXT["general_times"], 2), "once": False},
         {"when_agent_says_any": TEXT.words("delivered_claims"),
          "say": scene.lines(TEXT["not_delivered"], 2)}])


def window(scene: kit.ShopScene, order: kit.Row, item: str) -> Status:
    ends = scene.shop.status_date(order, "return_window_ends")
    last = month(ends).lower()
    return (
        {"when": kit.spoken_date(ends), "iso": ends.isoformat(),
         "delivered": kit.spoken_date(day(order["delivered_on"])),
         "delivered_iso": order["delivered_on"]},
        {"agent_says_any": kit.date_phrases(ends, scene.today)},
        [{"when_agent_says_any": TEXT.words("vague_window"), "unless_agent_says_any": [last],
          "say": scene.lines(TEXT["window_vague"], 2, noun=item), "once": False},
         {"when_agent_says_any": TEXT.words("return_offers"), "unless_agent_says_any": [last],
          "say": scene.lines(TEXT["not_returning"], 2)}])


def processing(scene: kit.ShopScene, order: kit.Row, item: str) -> Status:
    return {}, {"agent_says_any": TEXT.words("not_shipped")}, [
        {"when_agent_says_any": TEXT.words("shipped_claims"),
         "unless_agent_says_any": ["not", "hasn't", "yet"],
         "say": scene.lines(TEXT["shipped_claim"], 2), "once": False}]


def cancel(scene: kit.ShopScene, order: kit.Row, item: str) -> Status:
    return (
        {"carrier": order["carrier"], "shipped": kit.spoken_date(day(order["shipped_on"]))},
        {"agent_says_all": ["shipped"], "agent_says_any": ["return"]},
        [{"when_agent_says_any": TEXT.words("cancelled_claims"),
          "also_says_any": TEXT.words("done_words"),
          "unless_agent_says_any": TEXT.words("cant_cancel"),
          "say": scene.lines(TEXT["cancelled_claim"], 2)}])


# Each question: the status of the orders it is asked about, and its answer.
QUESTIONS: dict[str, tuple[str, Callable[[kit.ShopScene, kit.Row, str], Status]]] = {
    "eta": ("shipped", eta), "window": ("delivered", window),
    "processing": ("processing", processing), "cancel": ("shipped", cancel)}


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    choices = {kind: [o for o in f.orders if o["status"] == status
                      and (kind != "window" or f.in_window(o))]  # a return still possible
               for kind, (status, _) in QUESTIONS.items()}
    variant = rng.choice(sorted(k for k, v in choices.items() if v))
    order = rng.choice(choices[variant])
    customer = f.customer(order)
    line = rng.choice(order["items"])
    item, product = kit.noun(line["sku"]), f.product_name(line["sku"])
    num, name = kit.number(order["order_id"]), str(customer["full_name"])
    opening = scene.openings(TEXT[variant], noun=item)
    said, goal, reactions = QUESTIONS[variant][1](scene, order, item)
    say = {"num": num, "item": item, "product": product, "name": name,
           "city": kit.city_of(customer), **said}
    say["about"] = TEXT.line(f"about {variant}", **say)
    return kit.shop_draft(
        scene, TEXT, say=say, variant=variant, opening=opening,
        facts={"order_id": num, "full_name": name, "item": f"the {product}"},
        fact_lines={"order_id": kit.order_id_lines(scene)},
        goal={"tools_ok": ["get_order_status"], **goal},
        reactions=reactions, tags=["read_only"],
        calls=[kit.call("get_order_status", order_id=order["order_id"])])


FAMILY = kit.shop_family("C1", "order_status", make)
