"""C1 order status, a read at reception, one maker per question: a shipped order's arrival, a
delivered one's last return day, whether it shipped, whether it can still be cancelled."""

from collections.abc import Callable
from typing import Any

from mivas_env.generation.families.customer_support import common as kit

CODE = "C1"
TEXT = kit.family_templates(__name__)


# A question's answer: its slots and reactions added to the caller, what the goal listens for.
def eta(c: kit.Caller, order: kit.Row) -> dict[str, Any]:
    when = c.scene.shop.status_date(order, "estimated_delivery")
    carrier = str(order["carrier"])
    c.say.update(carrier=carrier, when=kit.month_day(when), iso=when.isoformat(),
                 shipped=kit.month_day(kit.day(order["shipped_on"])))
    c.react(TEXT["general_times"], TEXT.words("general_words"),
            unless=[kit.month(when).lower(), "tomorrow"], once=False)
    c.react(TEXT["not_delivered"], TEXT.words("delivered_claims"))
    return {"agent_says_all": [carrier.lower()], "agent_says_any": kit.date_phrases(when, c.scene.today)}


def window(c: kit.Caller, order: kit.Row) -> dict[str, Any]:
    ends = c.scene.shop.status_date(order, "return_window_ends")
    last = kit.month(ends).lower()
    c.say.update(when=kit.month_day(ends), iso=ends.isoformat(),
                 delivered=kit.month_day(kit.day(order["delivered_on"])), delivered_iso=order["delivered_on"])
    c.react(TEXT["window_vague"], TEXT.words("vague_window"), unless=[last], once=False, noun=c.say["item"])
    c.react(TEXT["not_returning"], TEXT.words("return_offers"), unless=[last])
    return {"agent_says_any": kit.date_phrases(ends, c.scene.today)}


def processing(c: kit.Caller, order: kit.Row) -> dict[str, Any]:
    c.react(TEXT["shipped_claim"], TEXT.words("shipped_claims"),
            unless=TEXT.words("not_yet_words"), once=False)
    return {"agent_says_any": TEXT.words("not_shipped")}


def cancel(c: kit.Caller, order: kit.Row) -> dict[str, Any]:
    c.say.update(carrier=order["carrier"], shipped=kit.month_day(kit.day(order["shipped_on"])))
    c.react(TEXT["cancelled_claim"], TEXT.words("cancelled_claims"),
            also=TEXT.words("done_words"), unless=TEXT.words("cant_cancel"))
    return {"agent_says_all": ["shipped"], "agent_says_any": ["return"]}


# Each question: the status of the orders it is asked about, and its answer.
QUESTIONS: dict[str, tuple[str, Callable[[kit.Caller, kit.Row], dict[str, Any]]]] = {
    "eta": ("shipped", eta), "window": ("delivered", window),
    "processing": ("processing", processing), "cancel": ("shipped", cancel)}


def make(scene: kit.ShopScene) -> kit.Draft | None:
    f, rng = scene.shop, scene.rng
    choices = {kind: [o for o in f.orders if o["status"] == status
                      and (kind != "window" or f.in_window(o))]  # a return still possible
               for kind, (status, _) in QUESTIONS.items()}
    variant = rng.choice(sorted(k for k, v in choices.items() if v))
    order = rng.choice(choices[variant])
    customer = f.customer(order)
    sku = rng.choice(order["items"])["sku"]
    num, name = kit.number(order["order_id"]), str(customer["full_name"])
    c = kit.Caller(scene, {"num": num, "name": name, "city": kit.city_of(customer)},
                   {"order_id": num, "full_name": name})
    c.opening = scene.openings(TEXT[variant], noun=c.about(sku))
    goal = QUESTIONS[variant][1](c, order)
    c.fact_lines["order_id"] = scene.fact_lines(kit.CALLER["order_id_lines"])
    c.calls.append(kit.call("get_order_status", order_id=order["order_id"]))
    return kit.shop_draft(c, TEXT, variant=variant, tags=["read_only"],
                          goal={"tools_ok": ["get_order_status"], **goal})
