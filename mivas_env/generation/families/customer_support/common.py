"""What the customer_support families (Brightwell Home) share: ``Shop``, a world's rows
indexed, its tool server answering what it decides; ``ShopScene``, this shop's way of speaking
(greetings, sign-offs, "a"/"an"); identity, refund methods and ``shop_draft``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from importlib import resources
from typing import Any

from mivas_env.generation.core import Draft, Family, World, load_world
from mivas_env.generation.lockfile import LockedCall, caller_block, draft, hops
from mivas_env.generation.lockfile import call as locked_call
from mivas_env.generation.lockfile import hop as locked_hop
from mivas_env.generation.scene import Scene, family
from mivas_env.generation.spoken import month
from mivas_env.generation.text import TemplateSet, Text, load_templates
from mivas_env.industries import Database
from mivas_env.industries.customer_support import RETURN_WINDOW_DAYS, CustomerSupportServer
from rewards.clock import day

Row = Mapping[str, Any]
INDUSTRY = "customer_support"
PACKAGE = "mivas_env.generation.families.customer_support"
REFUSALS = ("can't", "cannot", "unable", "not able", "won't be able")
# What a caller calls each product ("my kettle") and a short name an agent can search by; the
# word of the catalog name a reaction listens for where the caller's noun differs; US states.
WORDS = json.loads(resources.files(PACKAGE).joinpath("words.json").read_text("utf-8"))
NOUNS: dict[str, tuple[str, str]] = {sku: (said, short) for sku, (said, short)
                                     in WORDS["nouns"].items()}
KEYWORDS: dict[str, str] = WORDS["keywords"]
STATE_NAMES: dict[str, str] = WORDS["state_names"]
REASON_QUESTIONS = ["why", "reason", "what is wrong with"]
CALLER = load_templates(PACKAGE, "caller")  # the lines several families share


# --- small helpers --------------------------------------------------------------------------

def spoken_date(value: date) -> str:
    return f"{month(value)} {value.day}"


def date_phrases(value: date, today: date) -> list[str]:
    name = month(value).lower()
    out = [f"{name} {value.day}", f"{name[:3]} {value.day}", f"{value.month}/{value.day}"]
    if value == today + timedelta(days=1):
        out.append("tomorrow")
    return out


def money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def money_phrases(cents: int) -> list[str]:
    return sorted({f"{cents / 100:,.2f}", f"{cents / 100:.2f}"})


def phone_spoken(e164: str) -> str:
    digits = e164[2:]
    return f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"


def first_name(full_name: str) -> str:
    return full_name.split(" ", 1)[0]


def number(order_id: str) -> str:
    return order_id.removeprefix("ord_")


def noun(sku: str) -> str:
    return NOUNS[sku][0]


def keyword(sku: str) -> str:
    """The words a reaction listens for: in the caller's noun and in the catalog name."""
    return KEYWORDS.get(sku, NOUNS[sku][0])


def city_of(customer: Row) -> str:
    return str(customer["address"]["city"])


def call(name: str, /, ok: bool = True, error_code: str | None = None,
         **parameters: Any) -> LockedCall:
    """A gold call and its locked output (``ok``, and the error code of a refused one)."""
    output: dict[str, Any] = {"ok": ok}
    if error_code is not None:
        output["error_code"] = error_code
    return locked_call(name, output=output, **parameters)


def hop(desk: str) -> LockedCall:
    return locked_hop(f"transfer_to_{desk}")


# --- the shop as it is in one world ---------------------------------------------------------

def grouped(rows: Sequence[Row], key: str) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = {}
    for row in rows:
        out.setdefault(row[key], []).append(row)
    return out


class Shop:
    """A world's rows indexed the way families look them up; what the server decides is asked
    of its reading server (only read tools are called on it)."""

    def __init__(self, world: World) -> None:
        tables = world.tables
        self.today = world.today
        self.customers: dict[str, Row] = {c["customer_id"]: c for c in tables["customers"]}
        self.products: dict[str, Row] = {p["sku"]: p for p in tables["products"]}
        self.orders: list[Row] = list(tables["orders"])
        self.by_customer = grouped(tables["orders"], "customer_id")
        self.refunds = grouped(tables["refunds"], "order_id")
        self.rmas = grouped(tables["rmas"], "order_id")
        rows = {name: list(rows) for name, rows in tables.items()}
        self.server = CustomerSupportServer(Database(rows))  # type: ignore[arg-type]
        # The generator reads refunds as an agent that verified every account holder would.
        self.server.verified.update(self.customers)
        self._refunded: dict[str, int] = {}

    def ask(self, tool: str, **arguments: Any) -> dict[str, Any]:
        output = self.server.call(tool, arguments)
        if not output["ok"]:
            raise ValueError(f"{tool}{arguments}: {output}")
        return dict(output["data"])

    def refunded(self, order_id: str) -> int:
        """What get_refund_status says was refunded on an order (memoised per world)."""
        if order_id not in self._refunded:
            self._refunded[order_id] = int(
                self.ask("get_refund_status", order_id=order_id)["refunded_cents"])
        return self._refunded[order_id]

    def status_date(self, order: Row, name: str) -> date:
        """A date get_order_status gives (``estimated_delivery``, ``return_window_ends``)."""
        return day(self.ask("get_order_status", order_id=order["order_id"])[name])

    def next_rma_id(self) -> str:
        """The id create_rma gives the next return."""
        return self.server.db.next_id("rmas", "rma_id", "rma_")

    def delivered_days(self, order: Row) -> int:
        return (self.today - day(order["delivered_on"])).days

    def in_window(self, order: Row) -> bool:
        return self.delivered_days(order) <= RETURN_WINDOW_DAYS

    def product_name(self, sku: str) -> str:
        return str(self.products[sku]["name"])

    def customer(self, order: Row) -> Row:
        return self.customers[order["customer_id"]]

    def returnable_lines(self, order: Row) -> list[Row]:
        """The lines of an order with no return on file."""
        taken = {r["sku"] for r in self.rmas.get(order["order_id"], [])}
        return [ln for ln in order["items"] if ln["sku"] not in taken]

    def names(self) -> list[str]:
        return sorted({str(c["full_name"]) for c in self.customers.values()})


@lru_cache(maxsize=128)
def _shop(seed: int) -> Shop:
    """The ``Shop`` of a world seed (a seed always builds the same tables)."""
    return Shop(load_world(INDUSTRY, seed))


def distinct_nouns(order: Row) -> bool:
    nouns = [noun(line["sku"]) for line in order["items"]]
    return len(set(nouns)) == len(nouns)


def _with_articles(templates: TemplateSet, slots: dict[str, Any]) -> TemplateSet:
    # "a {noun}" becomes "an air purifier" where the noun starts with a vowel.
    if "noun" not in slots:
        return templates
    slots["a_noun"] = ("an " if str(slots["noun"])[:1] in "aeiou" else "a ") + str(slots["noun"])
    return TemplateSet(templates.name, {split: tuple(t.replace("a {noun}", "{a_noun}")
                                                     for t in lines)
                                        for split, lines in templates.by_split.items()})


_GREETING = re.compile(r"^(Hi there|Hi|Hello|Hey|Good morning|Good afternoon)[,!]?\s+")


@dataclass
class ShopScene(Scene):
    """The customer_support scene: the world's ``Shop`` and this shop's way of speaking."""

    shop: Shop = field(init=False)

    def __post_init__(self) -> None:
        self.shop = _shop(self.world.seed)

    def say(self, templates: TemplateSet, **slots: Any) -> str:
        return super().say(_with_articles(templates, slots), **slots)

    def lines(self, templates: TemplateSet, count: int = 3, **slots: Any) -> list[str]:
        """Up to ``count`` distinct lines from the split's templates."""
        return super().lines(_with_articles(templates, slots), count, **slots)

    def openings(self, templates: TemplateSet, count: int = 3, **slots: Any) -> list[str]:
        """Opening paraphrases, each with its own greeting (or none)."""
        out = []
        for line in self.lines(templates, count, **slots):
            body = _GREETING.sub("", line)
            greeting = self.say(CALLER["greetings"])
            if not greeting:
                body = body[:1].upper() + body[1:]
            elif not body.startswith(("I ", "I'")):
                body = body[:1].lower() + body[1:]
            out.append(greeting + body)
        return out

    def fact_lines(self, templates: TemplateSet, **slots: str) -> list[str]:
        """The split's answer templates, ``{value}`` left for the caller to fill."""
        return [templates.fill(t, {"value": "{value}", **slots}) for t in templates.own(self.split)]

    def pick(self, rows: Sequence[Row]) -> Row | None:
        return self.rng.choice(list(rows)) if rows else None


def shop_family(code: str, category: str, make: Callable[[ShopScene], Draft | None], *,
                refusal: bool = False) -> Family:
    from mivas_env.generation.families.customer_support.near_misses import near_misses

    return family(INDUSTRY, code, category, make, scene=ShopScene, refusal=refusal,
                  near_misses=near_misses)


# --- the caller -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Identity:
    """How a caller verifies: the facts they know, the gold call, the reaction that offers
    their own channel when asked for the other, and how the persona says it."""

    facts: dict[str, str]
    call: LockedCall
    reaction: dict[str, Any]
    persona: str


def identity(scene: ShopScene, customer: Row) -> Identity:
    """The caller verifies with the email or the phone on the account (and offers it again
    when asked for the other)."""
    channel, key = ("email", "email") if scene.rng.random() < 0.5 else ("phone", "phone_e164")
    said = str(customer["email"]) if channel == "email" else phone_spoken(customer[key])
    basics: dict[str, Any] = {"full_name": str(customer["full_name"]), "zip": str(customer["zip"])}
    reaction = {"when_agent_says_any": CALLER.words(f"asks {channel}"),
                "unless_agent_says_any": [channel],
                "say": scene.lines(CALLER[f"{channel}_instead"], 2, **{channel: said}),
                "once": False}
    return Identity(facts={**basics, channel: said}, reaction=reaction,
                    persona=CALLER.line(f"verifies {channel}"),
                    call=call("verify_identity", **{**basics, key: str(customer[key])}))


def holder_say(customer: Row, who: Identity, num: str, **more: Any) -> dict[str, Any]:
    """The ``say`` slots of an account holder who verifies and calls about order ``num``."""
    name = str(customer["full_name"])
    return {"name": name, "first": first_name(name), "city": city_of(customer),
            "who": who.persona, "num": num, **more}


def order_id_lines(scene: ShopScene) -> list[str]:
    return scene.fact_lines(CALLER["order_id_lines"])


def shop_draft(scene: ShopScene, text: Text, *, say: Mapping[str, Any], opening: list[str],
               facts: Mapping[str, str], fact_lines: Mapping[str, list[str]],
               goal: dict[str, Any], reactions: list[dict[str, Any]], calls: list[LockedCall],
               tags: list[str], variant: str | tuple[str, ...] = "") -> Draft:
    """A family's lockfile: ``text``'s fixed lines (title, description, persona, answer and,
    unless ``goal`` has one, the goal's description; ``"<line> <variant>"`` for the first of
    the variants the text has it for) filled from ``say``; the speaker is ``say["name"]``, each
    opening ends with its own sign-off naming them (or none); the path is the calls' hops."""
    variants = (variant,) if isinstance(variant, str) else variant

    def line(name: str) -> str:
        return text.line(next((f"{name} {v}" for v in variants if f"{name} {v}" in text.lines),
                              name), **say)

    if "description" not in goal:
        goal = {"description": line("goal"), **goal}
    nudges = scene.lines(CALLER["nudge_generic"], 2)
    opening = [row + scene.say(CALLER["sign_offs"], first=first_name(say["name"]))
               for row in opening]
    caller = caller_block(persona=line("persona"), opening=opening, facts=dict(facts),
                          fact_lines=dict(fact_lines), goal=goal, reactions=reactions,
                          nudges=nudges, agent_answer=line("answer"),
                          thanks=scene.lines(CALLER["thanks"], 2),
                          unknown=scene.lines(CALLER["unknown"], 2))
    return {**draft(title=line("title"), description=line("description"), caller=caller,
                    path=hops(calls), calls=calls), "tags": tags}


# --- refunds ----------------------------------------------------------------------------------

def method_block(scene: ShopScene) -> tuple[str, str, dict[str, Any], list[str]]:
    """The refund method a caller chooses: (canonical, fact line, the reaction to a refund the
    other way, goal phrases)."""
    method = "original_payment" if scene.rng.random() < 0.5 else "store_credit"
    said = "store credit" if method == "store_credit" else "card"
    return (method, scene.say(CALLER[f"method {method}"]),
            {"when_agent_says_any": CALLER.words(f"wrong {method}"),
             "also_says_any": CALLER.words("refund_done"), "unless_agent_says_any": [said],
             "say": scene.lines(CALLER[f"want {method}"], 2)},
            [said] if method == "store_credit" else [])


def refund_calls(order: Row, amount: int, method: str) -> list[LockedCall]:
    """Billing's part of a write: the hop, the payment check, the refund."""
    return [hop("billing"), call("get_refund_status", order_id=order["order_id"]),
            call("issue_refund", order_id=order["order_id"], amount_cents=amount, method=method)]


def other_item_reaction(scene: ShopScene, order: Row, sku: str) -> list[dict[str, Any]]:
    """The caller corrects an agent who names another item of the order."""
    others = sorted({keyword(ln["sku"]) for ln in order["items"] if ln["sku"] != sku}
                    - {keyword(sku)})
    if not others or any(keyword(sku) in other or other in keyword(sku) for other in others):
        return []
    return [{"when_agent_says_any": others, "unless_agent_says_any": [keyword(sku)],
             "say": scene.lines(CALLER["only_this_item"], 2, other=others[0], noun=keyword(sku)),
             "once": False}]

