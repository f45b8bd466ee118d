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
    say: dict[str, Any]
    tags: list[str] = field(default_factory=lambda: ["write", "multi_hop"])
    opening: list[str] = field(default_factory=list)
    goal: dict[str, Any] = field(default_factory=dict)


def refunds(scene: kit.ShopScene, c: Claim, amount: int) -> None:
    """The write cases' end: the method the caller chose, the refund, the goal."""
    c.reactions.append(c.method_reaction)
    c.calls.append(kit.call("issue_refund", order_id=c.order["order_id"], amount_cents=amount,
                            method=c.method))
    c.say.update(amount=kit.money(amount), method=c.method, chosen=TEXT.line("chosen"),
                 method_words=kit.method_words(c.method))
    c.goal = {"tools_ok": ["verify_identity", "issue_refund"],
              "agent_says_all": c.method_goal, "agent_says_any": kit.money_phrases(amount)}


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
    refunds(scene, c, amount)


def open_rma(scene: kit.ShopScene, c: Claim) -> None:
    line_total = c.line["qty"] * c.line["unit_price_cents"]
    amount = min(c.paid - c.refunded, line_total)
    c.facts["refund_amount"] = scene.say(kit.CALLER["c3_line_ask"], noun=c.item,
                                         amount=kit.money(line_total))
    c.facts["item"] = f"the {c.product}"
    c.opening = scene.openings(TEXT["open_rma"], noun=c.item,
                               state=scene.rng.choice(TEXT.words("damage_states")))
    refunds(scene, c, amount)


def never_charged(scene: kit.ShopScene, c: Claim) -> None:
    total = kit.money(int(c.order["total_cents"]))
    c.tags = ["read_only", "multi_hop"]
    c.facts["refund_amount"] = scene.say(TEXT["total_ask"], amount=total)
    c.opening = scene.openings(TEXT["never_charged"], noun=c.item, total=total)
    c.goal = {"tools_ok": ["verify_identity", "get_refund_status"],
              "agent_says_any": TEXT.words("not_charged")}
    c.reactions.append({"when_agent_says_any": ["refunded", "i've issued", "i have issued"],
                        "unless_agent_says_any": TEXT.words("nothing_to_refund"),
                        "say": scene.lines(TEXT["charged_q"], 2)})


def already(scene: kit.ShopScene, c: Claim) -> None:
    c.tags = ["read_only", "multi_hop"]
    c.facts["refund_amount"] = scene.say(TEXT["total_ask"],
                                         amount=kit.money(int(c.order["total_cents"])))
    earlier = scene.shop.refunds[c.order["order_id"]][0]
    c.opening = scene.openings(TEXT["already"], noun=c.item, total=kit.money(c.paid))
    c.goal = {"tools_ok": ["verify_identity", "get_refund_status"],
              "agent_says_any": TEXT.words("refunded_words")}
    c.say.update(issued_on=earlier["issued_on"], where=TEXT.of("where", earlier["method"]),
                 issued=kit.spoken_date(day(earlier["issued_on"])))


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
               kit.call("get_refund_status", order_id=order["order_id"])], say={})
    c.facts["refund_method"] = method_line
    c.say.update(name=customer["full_name"], city=kit.city_of(customer), num=num, who=who.persona,
                 first=c.first, paid=kit.money(c.paid), refunded=kit.money(c.refunded),
                 item=c.item, product=c.product, chosen="")
    CASES[variant](scene, c)
    c.say["about"] = TEXT.line(f"about {variant}", **c.say)
    return kit.shop_draft(
        scene, TEXT, say=c.say, variant=variant,
        opening=c.opening, facts=c.facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "refund_amount": ["{value}"],
                    "refund_method": ["{value}"]},
        goal=c.goal, reactions=c.reactions, calls=c.calls, tags=c.tags)


FAMILY = kit.shop_family("C3", "refund", make)
