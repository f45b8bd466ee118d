"""What the customer_support families share: ``ShopScene``, this shop's way of speaking; ``Caller``, a
lockfile being built (``holder`` starts one for an account holder), and ``shop_draft`` that locks it."""

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.customer_support.near_misses import near_misses
from mivas_env.generation.families.customer_support.shop import INDUSTRY, Row, Shop, _shop
from mivas_env.generation.lockfile import LockedCall, call, caller_block, draft, fixed_lines, hop
from mivas_env.generation.scene import Scene, family, fit
from mivas_env.generation.spoken import date_phrases, month, month_day
from mivas_env.generation.text import TemplateSet, Text, family_templates, load_data, load_templates
from mivas_env.industries.customer_support import RETURN_WINDOW_DAYS
from rewards.clock import day

PACKAGE = "mivas_env.generation.families.customer_support"
# What a caller calls each product ("my kettle") and a short name an agent can search by; the
# word of the catalog name a reaction listens for where the caller's noun differs; US states.
WORDS = load_data(PACKAGE, "words.json")
NOUNS: dict[str, list[str]] = WORDS["nouns"]
KEYWORDS: dict[str, str] = WORDS["keywords"]
STATE_NAMES: dict[str, str] = WORDS["state_names"]
CALLER = load_templates(PACKAGE, "caller")  # the lines several families share
REASON_QUESTIONS = CALLER.words("reason_questions")  # what an agent asking why a return is wanted says
# What the families take from here besides the helpers below (``kit.Draft``, ``kit.day``).
__all__ = ["Draft", "LockedCall", "RETURN_WINDOW_DAYS", "Row", "Shop", "call", "date_phrases", "day",
           "family_templates", "fit", "hop", "month", "month_day"]


def money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def money_phrases(cents: int) -> list[str]:
    return sorted({f"{cents / 100:,.2f}", f"{cents / 100:.2f}"})


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


def distinct_nouns(order: Row) -> bool:
    nouns = [noun(line["sku"]) for line in order["items"]]
    return len(set(nouns)) == len(nouns)


def _with_articles(templates: TemplateSet, slots: dict[str, Any]) -> TemplateSet:
    # "a {noun}" becomes "an air purifier" where the noun starts with a vowel.
    if "noun" not in slots:
        return templates
    slots["a_noun"] = ("an " if str(slots["noun"])[:1] in "aeiou" else "a ") + str(slots["noun"])
    return TemplateSet(templates.name, {split: tuple(t.replace("a {noun}", "{a_noun}") for t in lines)
                                        for split, lines in templates.by_split.items()})


_GREETING = re.compile(r"^(Hi there|Hi|Hello|Hey|Good morning|Good afternoon)[,!]?\s+")


@dataclass
class ShopScene(Scene):
    """The customer_support scene: the world's ``Shop`` and this shop's way of speaking."""

    @property
    def shop(self) -> Shop:
        return _shop(self.world.seed)

    def say(self, templates: TemplateSet, **slots: Any) -> str:
        return super().say(_with_articles(templates, slots), **slots)

    def lines(self, templates: TemplateSet, count: int = 3, **slots: Any) -> list[str]:
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

    def react(self, templates: TemplateSet, when: list[str], /, *, also: list[str] | None = None,
              unless: list[str] | None = None, once: bool = True, **slots: Any) -> dict[str, Any]:
        """A reaction: when the agent says any of ``when`` (and of ``also``, and none of
        ``unless``) the caller says two lines of ``templates``; only once unless ``once`` is off."""
        out = {"when_agent_says_any": when, "also_says_any": also, "unless_agent_says_any": unless,
               "say": self.lines(templates, 2, **slots), "once": None if once else False}
        return {key: value for key, value in out.items() if value is not None}


# ``shop_family(code, category, make, refusal=)``: a family drawing from a ``ShopScene``
shop_family = partial(family, INDUSTRY, scene=ShopScene, near_misses=near_misses)


@dataclass
class Caller:
    """A caller's lockfile being built: the slots of the text's fixed lines (``say``), the
    facts and their lines, the reactions, the gold calls and the openings."""

    scene: ShopScene
    say: dict[str, Any]
    facts: dict[str, str]
    fact_lines: dict[str, list[str]] = field(default_factory=dict)
    reactions: list[dict[str, Any]] = field(default_factory=list)
    calls: list[LockedCall] = field(default_factory=list)
    opening: list[str] = field(default_factory=list)

    def react(self, templates: TemplateSet, when: list[str], /, **options: Any) -> None:
        self.reactions.append(self.scene.react(templates, when, **options))

    def about(self, sku: str) -> str:
        """The item called about: its noun (returned) and catalog name as slots, the fact."""
        item, product = noun(sku), self.scene.shop.product_name(sku)
        self.say.update(item=item, product=product)
        self.facts["item"] = f"the {product}"
        return item

    def tell(self, **facts: str) -> None:
        """Facts the caller says in their own words (each fact line is the value itself)."""
        self.facts.update(facts)
        self.fact_lines.update({key: ["{value}"] for key in facts})


def holder(scene: ShopScene, order: Row, desk: str, numbered: bool = True) -> Caller:
    """The account holder of ``order``: verifies with the account's email or phone (offered again
    when asked for the other), then goes to ``desk``; ``numbered``: knows the order number."""
    customer = scene.shop.customer(order)
    channel, key = ("email", "email") if scene.rng.random() < 0.5 else ("phone", "phone_e164")
    said = str(customer[key]) if channel == "email" else (
        f"{customer[key][2:5]}-{customer[key][5:8]}-{customer[key][8:]}")
    name, num = str(customer["full_name"]), number(order["order_id"])
    basics: dict[str, Any] = {"full_name": name, "zip": str(customer["zip"])}
    out = Caller(scene, {"name": name, "first": first_name(name), "city": city_of(customer),
                         "who": CALLER.line(f"verifies {channel}"), "num": num}, {**basics, channel: said},
                 calls=[hop("identity"), call("verify_identity", **{**basics, key: str(customer[key])}),
                        hop(desk)])
    out.react(CALLER[f"{channel}_instead"], CALLER.words(f"asks {channel}"), unless=[channel],
              once=False, **{channel: said})
    if numbered:
        out.facts["order_id"] = num
        out.fact_lines["order_id"] = scene.fact_lines(CALLER["order_id_lines"])
    return out


def shop_draft(c: Caller, text: Text, *, goal: dict[str, Any], tags: list[str],
               variant: str | tuple[str, ...] = "", **more: Any) -> Draft:
    """A family's lockfile: ``text``'s fixed lines filled from ``c.say`` (``about`` too unless the family
    wrote its own), each opening signed off as ``say["name"]``, then ``more`` (``aux``) where set."""
    line, scene = fixed_lines(text, variant, c.say), c.scene
    c.say.setdefault("about", line("about", ""))
    nudges = scene.lines(CALLER["nudge_generic"], 2)
    opening = [row + scene.say(CALLER["sign_offs"], first=first_name(c.say["name"])) for row in c.opening]
    caller = caller_block(persona=line("persona"), opening=opening, facts=dict(c.facts),
                          fact_lines=dict(c.fact_lines), goal=goal, reactions=c.reactions,
                          nudges=nudges, agent_answer=line("answer"), thanks=scene.lines(CALLER["thanks"], 2),
                          unknown=scene.lines(CALLER["unknown"], 2))
    return draft(line, caller, c.calls, tags=tags, **more)


def method_block(scene: ShopScene) -> tuple[str, str, dict[str, Any], list[str]]:
    """The caller's refund method: (canonical, fact line, reaction to the other way, goal phrases)."""
    method = "original_payment" if scene.rng.random() < 0.5 else "store_credit"
    said = "store credit" if method == "store_credit" else "card"
    line = scene.say(CALLER[f"method {method}"])
    return (method, line, scene.react(CALLER[f"want {method}"], CALLER.words(f"wrong {method}"),
                                      also=CALLER.words("refund_done"), unless=[said]),
            [said] if method == "store_credit" else [])


def refund_calls(order: Row, amount: int, method: str) -> list[LockedCall]:
    """Billing's part of a write: the hop, the payment check, the refund."""
    return [hop("billing"), call("get_refund_status", order_id=order["order_id"]),
            call("issue_refund", order_id=order["order_id"], amount_cents=amount, method=method)]


def other_item_reaction(scene: ShopScene, order: Row, sku: str) -> list[dict[str, Any]]:
    """The caller corrects an agent who names another item of the order."""
    others = sorted({keyword(ln["sku"]) for ln in order["items"] if ln["sku"] != sku} - {keyword(sku)})
    if not others or any(keyword(sku) in other or other in keyword(sku) for other in others):
        return []
    return [scene.react(CALLER["only_this_item"], others, unless=[keyword(sku)], once=False,
                        other=others[0], noun=keyword(sku))]
