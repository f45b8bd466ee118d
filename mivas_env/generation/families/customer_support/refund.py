"""C3 refund: identity then billing; get_refund_status before any refund, which is bounded by
what was charged less earlier refunds. One maker per case: the rest of a partly refunded
return, an item whose return is open, a cancelled order never charged, one already refunded.
A case fills the caller's facts, reactions and ``say`` slots and returns its opening and either
the amount refunded (a write) or its goal (a read)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support import common as kit
from mivas_env.generation.text import family_templates
from rewards.clock import day

TEXT = family_templates(__name__)
Case = tuple[list[str], "int | dict[str, Any]"]
Maker = Callable[[kit.ShopScene, kit.Row, kit.Row, dict[str, Any], dict[str, str],
                  list[dict[str, Any]]], Case]


def rest(scene: kit.ShopScene, order: kit.Row, line: kit.Row, say: dict[str, Any],
         facts: dict[str, str], reactions: list[dict[str, Any]]) -> Case:
    refunded = scene.shop.refunded(order["order_id"])
    amount, total = order["paid_cents"] - refunded, int(order["total_cents"])
    facts["refund_amount"] = scene.say(TEXT["total_ask"], amount=kit.money(total))
    opening = scene.openings(TEXT["rest"], noun=say["item"], refunded=kit.money(refunded))
    reactions.append({"when_agent_says_any": kit.money_phrases(total), "also_says_any": ["refund"],
                      "unless_agent_says_any": kit.money_phrases(amount)
                      + kit.money_phrases(refunded),
                      "say": scene.lines(TEXT["already_refunded_q"], 2,
                                         refunded=kit.money(refunded))})
    return opening, amount


def open_rma(scene: kit.ShopScene, order: kit.Row, line: kit.Row, say: dict[str, Any],
             facts: dict[str, str], reactions: list[dict[str, Any]]) -> Case:
    line_total = line["qty"] * line["unit_price_cents"]
    facts["refund_amount"] = scene.say(kit.CALLER["c3_line_ask"], noun=say["item"],
                                       amount=kit.money(line_total))
    facts["item"] = f"the {say['product']}"
    opening = scene.openings(TEXT["open_rma"], noun=say["item"],
                             state=scene.rng.choice(TEXT.words("damage_states")))
    return opening, min(order["paid_cents"] - scene.shop.refunded(order["order_id"]), line_total)


def never_charged(scene: kit.ShopScene, order: kit.Row, line: kit.Row, say: dict[str, Any],
                  facts: dict[str, str], reactions: list[dict[str, Any]]) -> Case:
    total = kit.money(int(order["total_cents"]))
    facts["refund_amount"] = scene.say(TEXT["total_ask"], amount=total)
    opening = scene.openings(TEXT["never_charged"], noun=say["item"], total=total)
    reactions.append({"when_agent_says_any": ["refunded", "i've issued", "i have issued"],
                      "unless_agent_says_any": TEXT.words("nothing_to_refund"),
                      "say": scene.lines(TEXT["charged_q"], 2)})
    return opening, {"tools_ok": ["verify_identity", "get_refund_status"],
                     "agent_says_any": TEXT.words("not_charged")}


def already(scene: kit.ShopScene, order: kit.Row, line: kit.Row, say: dict[str, Any],
            facts: dict[str, str], reactions: list[dict[str, Any]]) -> Case:
    facts["refund_amount"] = scene.say(TEXT["total_ask"],
                                       amount=kit.money(int(order["total_cents"])))
    earlier = scene.shop.refunds[order["order_id"]][0]
    opening = scene.openings(TEXT["already"], noun=say["item"], total=say["paid"])
    say.update(issued_on=earlier["issued_on"], where=TEXT.of("where", earlier["method"]),
               issued=kit.spoken_date(day(earlier["issued_on"])))
    return opening, {"tools_ok": ["verify_identity", "get_refund_status"],
                     "agent_says_any": TEXT.words("refunded_words")}


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


CASES: dict[str, Maker] = {
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
    facts = dict(who.facts, order_id=num, refund_method=method_line)
    reactions, tags = [who.reaction], ["write", "multi_hop"]
    calls = [kit.hop("identity"), who.call, kit.hop("billing"),
             kit.call("get_refund_status", order_id=order["order_id"])]
    say = kit.holder_say(customer, who, num, paid=kit.money(int(order["paid_cents"])),
                         refunded=kit.money(f.refunded(order["order_id"])),
                         item=kit.noun(line["sku"]), product=f.product_name(line["sku"]),
                         chosen="")
    opening, outcome = CASES[variant](scene, order, line, say, facts, reactions)
    if isinstance(outcome, int):  # the write cases: the method the caller chose, the refund
        reactions.append(method_reaction)
        calls.append(kit.call("issue_refund", order_id=order["order_id"], amount_cents=outcome,
                              method=method))
        say.update(amount=kit.money(outcome), method=method, chosen=TEXT.line("chosen"),
                   method_words=kit.CALLER.line(f"how {method}"))
        goal = {"tools_ok": ["verify_identity", "issue_refund"], "agent_says_all": method_goal,
                "agent_says_any": kit.money_phrases(outcome)}
    else:
        goal, tags = outcome, ["read_only", "multi_hop"]
    say["about"] = TEXT.line(f"about {variant}", **say)
    return kit.shop_draft(
        scene, TEXT, say=say, variant=variant, opening=opening, facts=facts,
        fact_lines={"order_id": kit.order_id_lines(scene), "refund_amount": ["{value}"],
                    "refund_method": ["{value}"]},
        goal=goal, reactions=reactions, calls=calls, tags=tags)


FAMILY = kit.shop_family("C3", "refund", make)
