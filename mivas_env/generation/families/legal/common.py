"""What the legal families (Brennan & Adeyemi LLP) share: the firm as it is in one world,
answered by the tool server itself where a rule is involved (deadlines, availability,
conflicts), and ``Draw``, the legal ``Scene``: new callers who match nobody at the firm, dates,
phones and places in the split's words, and the caller block."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, TypeVar

from mivas_env.generation.core import Draft, Family, NearMiss, World
from mivas_env.generation.families.legal.spelling import spelled
from mivas_env.generation.lockfile import (
    LockedCall,
    ReactionFields,
    caller_block,
    draft,
    hops,
    reaction,
)
from mivas_env.generation.lockfile import call as locked_call
from mivas_env.generation.scene import NoFit, Scene, family
from mivas_env.generation.spoken import month, weekday
from mivas_env.generation.text import TemplateSet, Text, load_templates
from mivas_env.industries import Database
from mivas_env.industries.legal import LegalServer
from rewards import load_industry
from rewards.clock import ordinal_day
from rewards.names import names_match
from rewards.worlds import SPLITS
from rewards.worlds.legal import match_keys
from rewards.worlds.names import NamePool, pool

Row = dict[str, Any]
T = TypeVar("T")
INDUSTRY = "legal"
PACKAGE = "mivas_env.generation.families.legal"
CANT = ["can't", "cannot", "unable", "not able"]
AREA_WORDS = {
    "personal_injury": "personal injury", "employment": "employment", "family": "family law",
    "estate_planning": "estate planning", "criminal_defense": "criminal defense",
    "immigration": "immigration",
}
STATES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # code -> (name, towns, area codes)
    "NY": ("New York", ("Queens", "Brooklyn", "the Bronx", "Yonkers", "Albany", "Buffalo"),
           ("212", "646", "718", "917", "347")),
    "NJ": ("New Jersey", ("Newark", "Jersey City", "Elizabeth", "Paterson", "Hoboken",
                          "Trenton"), ("973", "201", "862", "908", "732", "551", "609")),
    "CT": ("Connecticut", ("Stamford", "Hartford", "New Haven", "Bridgeport"), ("203", "860")),
    "PA": ("Pennsylvania", ("Philadelphia", "Pittsburgh", "Allentown", "Scranton"),
           ("215", "267", "412")),
    "CA": ("California", ("Los Angeles", "San Diego", "Oakland", "Sacramento"),
           ("213", "415", "619")),
    "FL": ("Florida", ("Miami", "Orlando", "Tampa"), ("305", "407")),
    "TX": ("Texas", ("Houston", "Dallas", "Austin"), ("713", "214")),
    "MA": ("Massachusetts", ("Boston", "Worcester", "Springfield"), ("617", "508")),
}
RULE_STATES = ("NY", "NJ", "CT", "PA", "CA")
HONORIFIC = {"att_01": "Ms.", "att_02": "Mr.", "att_03": "Ms.", "att_04": "Mr.", "att_05": "Ms.",
             "att_06": "Mr.", "att_07": "Ms.", "att_08": "Mr.", "att_09": "Ms."}
RELATIVES = {"mother": "her", "father": "his", "brother": "his", "sister": "her", "son": "his",
             "daughter": "her", "husband": "his", "wife": "her", "aunt": "her", "uncle": "his"}
CALLER = load_templates(PACKAGE, "caller")
FACT_LINES = {"full_name": CALLER["name_lines"], "phone": CALLER["phone_lines"],
              "incident_date": CALLER["date_lines"]}
# How a persona joins who calls and their mood, per split. The split still draws one of its
# two (identical) joins, so every later draw of a seed stays where it was.
PERSONA_JOINS = {"train": ".", "test": ";", "bench": "."}


def sentence_case(text: str) -> str:
    """Capitalise each sentence's first letter ("... to call. he needs" -> "... He needs")."""
    return re.sub(r"([.?!] +)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def goal_date(day: date) -> str:
    """The date as a correct agent says it (lower case, for goal phrases): 'march 10, 2027'."""
    return f"{month(day)} {day.day}, {day.year}".lower()


def clock(start_time: str) -> str:
    """'2026-12-14T13:30' -> '1:30 PM'."""
    hour = int(start_time[11:13])
    return f"{hour % 12 or 12}:{start_time[14:16]} {'AM' if hour < 12 else 'PM'}"


def call(name: str, /, **parameters: Any) -> LockedCall:
    """A gold call; a legal lockfile locks each call's output (``ok``)."""
    return locked_call(name, output={"ok": True}, **parameters)


def react(when: Sequence[str], say: Sequence[str], *, unless: Sequence[str] = (),
          also: Sequence[str] = (), after_tool: str | None = None,
          once: bool = True) -> dict[str, Any]:
    """A caller reaction (what the agent says, what the caller answers)."""
    fields: ReactionFields = {"when_agent_says_any": list(when), "say": list(say)}
    if unless:
        fields["unless_agent_says_any"] = list(unless)
    if also:
        fields["also_says_any"] = list(also)
    if after_tool is not None:
        fields["after_tool"] = after_tool
    if not once:
        fields["once"] = False
    return reaction(**fields)


# --- the firm as it is in one world ------------------------------------------------------------

class Firm:
    """A world's catalog with the lookups the families need, answered by the tool server itself
    where a rule is involved (deadlines, availability, conflicts). Only read-only tools are
    called on its server."""

    def __init__(self, world: World) -> None:
        tables = {name: rows if isinstance(rows, list) else [dict(r) for r in rows]
                  for name, rows in world.tables.items()}
        self.today = world.today
        self.server = LegalServer(Database(tables), load_industry(INDUSTRY))
        self.clients: list[Row] = tables["clients"]
        self.matters: list[Row] = tables["matters"]
        self.adverse: list[Row] = tables["adverse_parties"]
        self.attorneys: dict[str, Row] = {row["attorney_id"]: row for row in tables["attorneys"]}
        self.closures = {row["date"] for row in tables["office_closures"]}
        self.clients_by_id = {row["client_id"]: row for row in self.clients}
        self.names: list[tuple[str, str]] = [(name, "client") for row in self.clients
                                             for name in (row["full_name"], *row["also_known_as"])]
        self.names += [(row["name"], "adverse_party") for row in self.adverse]
        self.phones: set[str] = {row["phone_e164"] for row in self.clients}
        self.by_key: dict[str, list[tuple[str, str]]] = {}
        for entry in self.names:
            for key in match_keys(entry[0]):
                self.by_key.setdefault(key, []).append(entry)

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.server.call(tool, arguments)
        return result

    def next_id(self, table: str, column: str, prefix: str) -> str:
        """The id the server gives the next row it writes to ``table``."""
        return self.server.db.next_id(table, column, prefix)

    def relations(self, name: str) -> set[str]:
        """How a name spoken by a caller relates to the firm under the fuzzy name rule (only
        names sharing a match key can match, so only those are compared)."""
        candidates = {entry for key in match_keys(name) for entry in self.by_key.get(key, ())}
        return {relation for known, relation in candidates
                if names_match(known, name) or names_match(name, known)}

    def conflict(self, name: str) -> bool:
        data = self.call("run_conflict_check", opposing_party=name)["data"]
        return bool(data["conflict"])

    def unknown(self, name: str) -> bool:
        return not self.relations(name)

    def deadline(self, area: str, state: str, incident: date) -> dict[str, Any]:
        return self.call("check_filing_deadline", practice_area=area, state=state,
                         incident_date=incident.isoformat())

    def free_starts(self, attorney_id: str, day: date) -> list[str]:
        result = self.call("check_attorney_availability", date=day.isoformat(),
                           attorney_id=attorney_id)
        if not result["ok"]:
            return []
        starts: list[str] = result["data"]["attorneys"][0]["free_start_times"]
        return starts

    def candidate_starts(self, attorney_id: str, day: date) -> list[str]:
        """Every start the attorney's windows allow that day, free or not."""
        weekday_key = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[day.weekday()]
        return [f"{day.isoformat()}T{start}"
                for start, _ in self.server.catalog.slots.get((attorney_id, weekday_key), ())]

    def booking_days(self) -> list[date]:
        return [self.today + timedelta(days=n) for n in range(1, 91)
                if (self.today + timedelta(days=n)).isoformat() not in self.closures]

    def open_matters(self, *areas: str) -> list[tuple[Row, Row]]:
        """(client, matter) pairs of open matters of people, optionally in these areas."""
        return [(self.clients_by_id[m["client_id"]], m) for m in self.matters
                if m["status"] == "open" and (not areas or m["practice_area"] in areas)
                and self.clients_by_id[m["client_id"]]["kind"] == "person"]

    def verified(self, name: str, phone: str) -> bool:
        """Whether lookup_client finds a client by this name and phone."""
        return bool(self.call("lookup_client", full_name=name, phone_e164=phone)["ok"])


_FIRMS: dict[tuple[str, int, int], Firm] = {}
MAX_FIRMS = 32


def firm(world: World) -> Firm:
    """The ``Firm`` of a world. Keyed by the world's tables object: the world cache hands out
    the same tables for a seed until it evicts them, and then a new object (a new key); the
    whole memo is dropped past ``MAX_FIRMS``."""
    key = (world.industry, world.seed, id(world.tables))
    found = _FIRMS.get(key)
    if found is None:
        if len(_FIRMS) > MAX_FIRMS:
            _FIRMS.clear()
        found = _FIRMS[key] = Firm(world)
    return found


# --- one instance being written ----------------------------------------------------------------

@dataclass
class Draw(Scene):
    """The legal scene: the firm of the world, the split's name pool, the names used so far."""

    firm: Firm = field(init=False)
    names: NamePool = field(init=False)
    used: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.firm = firm(self.world)
        self.names = pool(self.world.split)

    def pick(self, items: Sequence[T]) -> T:
        """One of the split's items (item ``i`` belongs to split ``SPLITS[i % 3]``, as templates)."""
        own = items[SPLITS.index(self.split)::len(SPLITS)]
        return own[self.rng.randrange(len(own))]

    def variants(self, templates: TemplateSet, count: int = 3, **slots: Any) -> list[str]:
        """Up to ``count`` distinct phrasings from the split's templates (``3 * count`` draws)."""
        out: list[str] = []
        for _ in range(count * 3):
            text = self.say(templates, **slots)
            if text not in out:
                out.append(text)
            if len(out) == count:
                break
        return out

    def person(self, surname: str | None = None) -> str | None:
        """A new person from the split's pool: matches nobody at the firm or in this call."""
        for _ in range(50):
            last = surname or self.rng.choice(self.names.surnames)
            name = f"{self.rng.choice(self.names.first_names)} {last}"
            if self.firm.unknown(name) and not any(names_match(name, u) or names_match(u, name)
                                                   for u in self.used):
                self.used.append(name)
                return name
        return None

    def company(self, kind: str) -> str | None:
        for _ in range(50):
            name = f"{self.rng.choice(self.names.company_words)} {kind}"
            if self.firm.unknown(name) and name not in self.used:
                self.used.append(name)
                return name
        return None

    def phone(self, state: str) -> str:
        """A number of the state's area codes that no client has."""
        codes = STATES[state][2]

        def number(rng: random.Random) -> str:
            return f"+1{rng.choice(codes)}5550{rng.randrange(100, 200):03d}"

        return self.draw(number, self.firm.phones)

    def date(self, day: date) -> str:
        """How the caller says a date (the form is the split's)."""
        return self.say(CALLER["date_forms"], month=month(day), day=day.day,
                        ordinal=ordinal_day(day.day), year=day.year, weekday=weekday(day))

    def spoken_phone(self, e164: str) -> str:
        digits = e164[2:]
        return self.say(CALLER["phone_forms"], a=digits[:3], b=digits[3:6], c=digits[6:])

    def where(self, state: str) -> tuple[str, str]:
        name, towns, _ = STATES[state]
        town = self.rng.choice(towns)
        return self.say(CALLER["state_forms"], state=name, town=town), town

    def spell(self, name: str) -> str:
        return self.say(CALLER["spell_forms"], name=name, letters=spelled(name))

    def persona(self, who: str) -> str:
        mood = self.say(CALLER["moods"])
        self.rng.randrange(2)  # the split's join (see PERSONA_JOINS)
        return f"{who}{PERSONA_JOINS[self.split]} {mood}"

    def opening_line(self, line: str, caller: str = "") -> str:
        if not caller or self.rng.random() < 0.25:
            return sentence_case(self.say(CALLER["hellos"]) + line)
        first, _, last = caller.partition(" ")
        intro = self.say(CALLER["intros"], name=caller, first=first, last_initial=f"{last[:1]}.")
        return sentence_case(self.say(CALLER["hellos"]) + intro + line)

    def openings(self, templates: TemplateSet, count: int = 3, caller: str = "",
                 **slots: Any) -> list[str]:
        """Opening lines: a greeting, often the caller's name, and the split's templates."""
        out: list[str] = []
        for _ in range(count * 3):
            text = self.opening_line(self.say(templates, **slots), caller)
            if text not in out:
                out.append(text)
            if len(out) == count:
                break
        return out

    def caller(self, *, persona: str, openings: Sequence[str], facts: dict[str, str],
               goal: dict[str, Any], reactions: list[dict[str, Any]], answer: str,
               nudges: Sequence[str] = ()) -> dict[str, Any]:
        """The caller block: fact lines in the split's words (sentence facts start capitalised)."""
        fact_lines = {slot: self.variants(FACT_LINES.get(slot, CALLER["sentence_lines"]), 2,
                                          value="{value}")
                      for slot in facts}
        said = {slot: value if slot in FACT_LINES else value[:1].upper() + value[1:]
                for slot, value in facts.items()}
        return caller_block(
            persona=persona, opening=list(dict.fromkeys(openings)), facts=said,
            fact_lines=fact_lines, goal=goal, reactions=reactions, agent_answer=answer,
            nudges=list(dict.fromkeys([*nudges, *self.variants(CALLER["nudges"], 2)])))


def legal_family(code: str, category: str, make: Callable[[Draw], Draft | None], *,
                 refusal: bool = False,
                 near_misses: Callable[[World, Draft], list[NearMiss]] | None = None) -> Family:
    return family(INDUSTRY, code, category, make, scene=draw_for, refusal=refusal,
                  near_misses=near_misses)


def draw_for(world: World, rng: random.Random) -> Draw:
    return Draw(world, rng)


def new_caller(draw: Draw, state: str) -> tuple[str, str, str] | None:
    """A caller who is not known to the firm: (full name, surname, E.164 phone)."""
    name = draw.person()
    if name is None:
        return None
    return name, name.split(" ", 1)[1], draw.phone(state)


def nearby_caller(draw: Draw) -> tuple[str, str, str]:
    """A caller unknown to the firm from New York or New Jersey (``NoFit`` when none is free)."""
    found = new_caller(draw, draw.rng.choice(("NY", "NJ")))
    if found is None:
        raise NoFit("no new caller")
    return found


def lockfile(draw: Draw, text: Text, *, say: Mapping[str, Any],
             openings: Callable[[], Sequence[str]],
             facts: dict[str, str] | Callable[[], dict[str, str]], goal: dict[str, Any],
             reactions: list[dict[str, Any]], calls: Sequence[LockedCall],
             variant: str = "", nudges: Sequence[str] = ()) -> Draft:
    """A family's lockfile: ``text``'s fixed lines (title, description, the persona's who,
    answer and, unless ``goal`` has one, the goal's description; ``"<line> <variant>"`` where
    the text has it) filled from ``say``; the openings (and ``facts``, when a callable) are
    drawn after the persona's mood and ``nudges`` come before the caller's own; the path is the
    calls' hops."""

    def line(name: str) -> str:
        return text.of(name, variant, **say)

    if "description" not in goal:
        goal = {"description": line("goal"), **goal}
    caller = draw.caller(persona=draw.persona(line("persona")), openings=openings(),
                         facts=facts() if callable(facts) else facts,
                         goal=goal, reactions=reactions, answer=line("answer"), nudges=nudges)
    return draft(title=line("title"), description=line("description"), caller=caller,
                 path=hops(calls), calls=calls)
