"""C3 refund: identity then billing; get_refund_status before any refund, which is bounded by
what was charged less earlier refunds. One maker per case: the rest of a partly refunded
return, an item whose return is open, a cancelled order never charged, one already refunded."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.lockfile import LockedCall
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)
DAMAGE_STATES = ["damaged", "cracked", "broken", "scratched", "dented", "smashed"]


@dataclass
class Claim:
    """One refund call being written: the order, what the caller says, the gold so far."""

    order: kit.Row
    line: kit.Row
    item: str
    product: str
    num: str
    first: str
    refunded: int
    paid: int
    method: str
    method_reaction: dict[str, Any]
    method_goal: list[str]
    facts: dict[str, str]
    reactions: list[dict[str, Any]]
    calls: list[LockedCall]
    tags: list[str] = field(default_factory=lambda: ["write", "multi_hop"])
    opening: list[str] = field(default_factory=list)
    goal: dict[str, Any] = field(default_factory=dict)
    answer: str = ""
    about: str = ""
    title: str = ""


def refunds(scene: kit.ShopScene, c: Claim, amount: int) -> None:
    """The write cases' end: the method the caller chose, the refund, the goal."""
    c.reactions.append(c.method_reaction)
    c.calls.append(kit.call("issue_refund", order_id=c.order["order_id"], amount_cents=amount,
                        method=c.method))
    c.goal = {"description": f"{kit.money(amount)} refunded on order {c.num} ({c.method}).",
              "tools_ok": ["verify_identity", "issue_refund"],
              "agent_says_all": c.method_goal, "agent_says_any": kit.money_phrases(amount)}
    c.about += (" The caller chose the method, so it is locked: the other one fails T and D. "
                "Going to billing before identity fails T, H and D.")


def rest(scene: kit.ShopScene, c: Claim) -> None:
    amount = c.paid - c.refunded
    total = int(c.order["total_cents"])
    c.facts["refund_amount"] = scene.say(TEXT["total_ask"], amount=kit.money(total))
    c.opening = scene.openings(TEXT["rest"], noun=c.item, refunded=kit.money(c.refunded))
    c.reactions.append({"when_agent_says_any": kit.money_phrases(total),
                        "also_says_any": ["refund"],
                        "unless_agent_says_any": kit.money_phrases(amount) + kit.money_phrases(c.refunded),
                        "say": scene.lines(TEXT["already_refunded_q"], 2,
                                           refunded=kit.money(c.refunded))})
    c.about = (f"The order was paid {kit.money(c.paid)} and {kit.money(c.refunded)} was already "
               f"refunded, so {kit.money(amount)} is the locked amount; refunding the whole "
               "order is refused (exceeds_paid).")
    c.answer = (f"Thanks, {c.first}. Order {c.num} was paid {kit.money(c.paid)} and "
                f"{kit.money(c.refunded)} was already refunded, so {kit.money(amount)} was left. "
                f"I've refunded that {kit.money(amount)} {kit.method_words(c.method)}.")
    c.title = "Refund the rest of a returned order (earlier partial refund)"
    refunds(scene, c, amount)


def open_rma(scene: kit.ShopScene, c: Claim) -> None:
    line_total = c.line["qty"] * c.line["unit_price_cents"]
    amount = min(c.paid - c.refunded, line_total)
    c.facts["refund_amount"] = scene.say(kit.CALLER["c3_line_ask"], noun=c.item,
                                         amount=kit.money(line_total))
    c.facts["item"] = f"the {c.product}"
    c.opening = scene.openings(TEXT["open_rma"], noun=c.item,
                               state=scene.rng.choice(DAMAGE_STATES))
    c.about = (f"A return for the {c.product} is already open; billing refunds it now: "
               f"{kit.money(amount)}, what was charged for that item.")
    c.answer = (f"Thanks, {c.first}. Order {c.num} was paid {kit.money(c.paid)}; the {c.product} "
                f"came to {kit.money(amount)}, and I've refunded {kit.money(amount)} "
                f"{kit.method_words(c.method)}.")
    c.title = f"Refund a {c.item} now (return already open)"
    refunds(scene, c, amount)


def never_charged(scene: kit.ShopScene, c: Claim) -> None:
    total = kit.money(int(c.order["total_cents"]))
    c.tags = ["read_only", "multi_hop"]
    c.facts["refund_amount"] = scene.say(TEXT["total_ask"], amount=total)
    c.opening = scene.openings(TEXT["never_charged"], noun=c.item, total=total)
    c.goal = {"description": f"Whether the caller was charged for order {c.num} (no: $0 paid).",
              "tools_ok": ["verify_identity", "get_refund_status"],
              "agent_says_any": ["never charged", "wasn't charged", "was not charged",
                                 "not charged", "no charge", "nothing was charged", "$0"]}
    c.reactions.append({"when_agent_says_any": ["refunded", "i've issued", "i have issued"],
                        "unless_agent_says_any": ["never charged", "wasn't charged",
                                                  "not charged", "nothing to refund"],
                        "say": scene.lines(TEXT["charged_q"], 2)})
    c.answer = (f"Thanks, {c.first}. I checked the payment on order {c.num}: the payment was "
                "declined when the order was placed, so you were never charged. $0 was "
                "paid, so there's nothing to refund.")
    c.about = ("The cancelled order's payment was declined: paid_cents is 0, so the right "
               "outcome is a payment check and no refund (an attempt is refused, exceeds_paid).")
    c.title = "Refund for a cancelled order that was never charged (nothing to refund)"


def already(scene: kit.ShopScene, c: Claim) -> None:
    c.tags = ["read_only", "multi_hop"]
    c.facts["refund_amount"] = scene.say(TEXT["total_ask"],
                                         amount=kit.money(int(c.order["total_cents"])))
    earlier = scene.shop.refunds[c.order["order_id"]][0]
    c.opening = scene.openings(TEXT["already"], noun=c.item, total=kit.money(c.paid))
    c.goal = {"description": f"Whether order {c.num} was refunded (yes, in full, on "
                             f"{earlier['issued_on']}).",
              "tools_ok": ["verify_identity", "get_refund_status"],
              "agent_says_any": ["already refunded", "already been refunded",
                                 "was refunded", "were refunded", "nothing left"]}
    where = "to your card" if earlier["method"] == "original_payment" else "as store credit"
    c.answer = (f"Thanks, {c.first}. I checked order {c.num}: the full {kit.money(c.paid)} was "
                f"already refunded {where} on {kit.spoken_date(day(earlier['issued_on']))}, "
                "so there's nothing left to refund.")
    c.about = ("The cancelled order was refunded in full when it was cancelled; a second "
               "refund is refused (exceeds_paid) and the seed must not change.")
    c.title = "Refund a cancelled order that was already refunded (nothing left)"


def cases(f: kit.Shop) -> dict[str, list[Any]]:
    """The orders (or open returns and their orders) each case can be written about."""
    open_rmas = [(r, o) for o in f.orders if o["status"] == "delivered"
                 for r in f.rmas.get(o["order_id"], []) if r["status"] == "open"]
    return {
        "rest": [o for o in f.orders if o["status"] == "returned" and f.refunded(o["order_id"])
                 and o["paid_cents"] - f.refunded(o["order_id"]) > 0],
        "open_rma": [(r, o) for r, o in open_rmas
                     if min(o["paid_cents"] - f.refunded(o["order_id"]),
                            sum(ln["qty"] * ln["unit_price_cents"] for ln in o["items"]
                                if ln["sku"] == r["sku"])) > 0],
        "never_charged": [o for o in f.orders if o["status"] == "cancelled"
                          and o["paid_cents"] == 0],
        "already": [o for o in f.orders if o["status"] == "cancelled" and o["paid_cents"] > 0
                    and f.refunded(o["order_id"]) >= o["paid_cents"]],
    }


CASES: dict[str, Callable[[kit.ShopScene, Claim], None]] = {
    "rest": rest, "open_rma": open_rma, "never_charged": never_charged, "already": already}


def make(scene: kit.ShopScene) -> Draft | None:
    f, rng = scene.shop, scene.rng
    choices = cases(f)
    variant = rng.choice(sorted(k for k, v in choices.items() if v))
    picked = rng.choice(choices[variant])
    order: kit.Row = picked[1] if variant == "open_rma" else picked
    customer = f.customer(order)
    who = kit.identity(scene, customer)
    line = order["items"][0]
    if variant == "open_rma":
        line = next(ln for ln in order["items"] if ln["sku"] == picked[0]["sku"])
    num = kit.number(order["order_id"])
    method, method_line, method_reaction, method_goal = kit.method_block(scene)
    c = Claim(order, line, kit.noun(line["sku"]), f.product_name(line["sku"]), num,
              kit.first_name(customer["full_name"]), f.refunded(order["order_id"]),
              int(order["paid_cents"]), method, method_reaction, method_goal,
              dict(who.facts, order_id=num), [who.reaction],
              [kit.hop("identity"), who.call, kit.hop("billing"),
               kit.call("get_refund_status", order_id=order["order_id"])])
    c.facts["refund_method"] = method_line
    CASES[variant](scene, c)
    caller = kit.shop_caller(
        scene,
        persona=f"{customer['full_name']}, {kit.city_of(customer)}. Calling billing about money on "
                f"order {num}. {who.persona}",
        opening=c.opening, facts=c.facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "refund_amount": ["{value}"],
                    "refund_method": ["{value}"]},
        goal=c.goal, reactions=c.reactions, answer=c.answer,
        speaker=str(customer["full_name"]))
    return kit.lockfile(title=c.title, tags=c.tags, caller=caller,
                    path=["transfer_to_identity", "transfer_to_billing"], calls=c.calls,
                    description="Multi-hop: identity then billing; get_refund_status before any "
                                "refund, which is bounded by what was charged less earlier "
                                "refunds. " + c.about)


FAMILY = kit.shop_family("C3", "refund", make)
