"""What the legal families share: the firm of a world, the legal scene (``Draw``), the lockfile."""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache, partial
from typing import Any, cast

from mivas_env.generation.core import Draft, World, load_world
from mivas_env.generation.families.legal.spelling import spelled
from mivas_env.generation.lockfile import LockedCall, call, caller_block, draft, fixed_lines, hop
from mivas_env.generation.scene import NoFit, Scene, family, fit
from mivas_env.generation.spoken import clock, clock_ampm, goal_date, long_date, month, month_day, weekday
from mivas_env.generation.text import TemplateSet, Text, family_templates, load_data, load_templates
from mivas_env.industries.legal import WEEKDAYS, LegalServer
from rewards.clock import ordinal_day
from rewards.names import names_match
from rewards.worlds.legal import match_keys
from rewards.worlds.names import NamePool, pool

Row = dict[str, Any]
INDUSTRY = "legal"
PACKAGE = "mivas_env.generation.families.legal"
WORDS = load_data(PACKAGE, "words.json")
STATES: dict[str, dict[str, Any]] = WORDS["states"]  # code -> name, towns, area codes
RULE_STATES: list[str] = WORDS["rule_states"]
AREA_WORDS: dict[str, str] = WORDS["area_words"]
HONORIFIC: dict[str, str] = WORDS["honorifics"]
RELATIVES: dict[str, str] = WORDS["relatives"]  # relation -> possessive pronoun
CANT: list[str] = WORDS["cant"]
CALLER = load_templates(PACKAGE, "caller")
FACT_LINES = {slot: CALLER[name] for slot, name in WORDS["fact_lines"].items()}  # the rest: sentence_lines
# What the families take from here besides the helpers below (``kit.call``, ``kit.fit``).
__all__ = ["Draft", "LockedCall", "NoFit", "TemplateSet", "call", "clock", "clock_ampm", "family_templates",
           "fit", "goal_date", "hop", "load_data", "load_templates", "long_date", "month_day", "names_match",
           "pool"]


def pronouns(relation: str) -> dict[str, str]:
    """A relative's pronouns: ``pos``, ``subj``, ``obj`` ("uncle": his, he, him)."""
    return dict(WORDS["pronouns"][RELATIVES.get(relation, "her")])


def related(a: str, b: str) -> bool:
    """Whether either name matches the other under the grader's fuzzy rule (``names_match``)."""
    return names_match(a, b) or names_match(b, a)


def react(when: Sequence[str], say: Sequence[str], *, unless: Sequence[str] = (), also: Sequence[str] = (),
          after_tool: str | None = None, once: bool = True) -> dict[str, Any]:
    """A caller reaction, its fields in this order, those left at their default left out."""
    optional = {"unless_agent_says_any": list(unless), "also_says_any": list(also),
                "after_tool": after_tool, "once": None if once else False}
    return {"when_agent_says_any": list(when), "say": list(say),
            **{key: value for key, value in optional.items() if value not in (None, [])}}


class Firm:
    """A world's catalog and lookups; rules (deadlines, availability, conflicts) ask its tool server."""

    def __init__(self, world: World) -> None:
        self.today = world.today
        self.server = cast(LegalServer, world.server())
        self.clients = world.tables["clients"]
        self.matters = world.tables["matters"]
        self.adverse = world.tables["adverse_parties"]
        catalog = self.server.catalog  # the server's own indexes, not a second copy of them
        self.attorneys = catalog.attorneys
        self.clients_by_id = catalog.clients
        self.closures = catalog.closures  # date -> reason
        self.names = [(party.name, party.relation) for party in catalog.parties]  # clients (and aka), adverse
        self.phones: set[str] = {row["phone_e164"] for row in self.clients}
        self.by_key: dict[str, list[tuple[str, str]]] = {}
        for entry in self.names:
            for key in match_keys(entry[0]):
                self.by_key.setdefault(key, []).append(entry)

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return dict(self.server.call(tool, arguments))

    def lawyer(self, matter: Row) -> str:
        return str(self.attorneys[matter["attorney_id"]]["full_name"])

    def short_name(self, attorney_id: str) -> str:
        """How a caller names an attorney: 'Ms. Brennan'."""
        return f"{HONORIFIC[attorney_id]} {self.attorneys[attorney_id]['full_name'].split()[-1]}"

    def next_id(self, table: str) -> str:
        """The id the server gives the next row it writes to ``table``."""
        return self.server.db.next_id(table, *WORDS["row_ids"][table])

    def written(self, table: str, **row: Any) -> dict[str, list[Row]]:
        """The ``exp_db_state`` of a lock leaving columns blank: the row written to ``table``, id first."""
        return {table: [{WORDS["row_ids"][table][0]: self.next_id(table), **row}]}

    def relations(self, name: str) -> set[str]:
        """How a caller's name relates to the firm under the fuzzy rule (only names sharing a key match)."""
        candidates = {entry for key in match_keys(name) for entry in self.by_key.get(key, ())}
        return {relation for known, relation in candidates if related(known, name)}

    def conflict(self, name: str) -> bool:
        return bool(self.call("run_conflict_check", opposing_party=name)["data"]["conflict"])

    def unknown(self, name: str) -> bool:
        return not self.relations(name)

    def deadline(self, area: str, state: str, incident: date) -> dict[str, Any]:
        return self.call("check_filing_deadline", practice_area=area, state=state,
                         incident_date=incident.isoformat())

    def free_starts(self, attorney_id: str, day: date) -> list[str]:
        result = self.call("check_attorney_availability", date=day.isoformat(), attorney_id=attorney_id)
        return list(result["data"]["attorneys"][0]["free_start_times"]) if result["ok"] else []

    def candidate_starts(self, attorney_id: str, day: date) -> list[str]:
        """Every start the attorney's windows allow that day, free or not."""
        windows = self.server.catalog.slots.get((attorney_id, WEEKDAYS[day.weekday()]), ())
        return [f"{day.isoformat()}T{start}" for start, _ in windows]

    def booking_days(self) -> list[date]:
        days = (self.today + timedelta(days=n) for n in range(1, 91))
        return [day for day in days if day.isoformat() not in self.closures]

    def open_matters(self, *areas: str) -> list[tuple[Row, Row]]:
        """(client, matter) pairs of open matters of people, optionally in these areas."""
        return [(self.clients_by_id[m["client_id"]], m) for m in self.matters
                if m["status"] == "open" and (not areas or m["practice_area"] in areas)
                and self.clients_by_id[m["client_id"]]["kind"] == "person"]

    def client_lookup(self, name: str, phone: str) -> LockedCall:
        """The gold lookup_client of a client calling for themselves (``NoFit`` unless it verifies them)."""
        fit(self.call("lookup_client", full_name=name, phone_e164=phone)["ok"])
        return call("lookup_client", full_name=name, phone_e164=phone)


@lru_cache(maxsize=32)
def firm(seed: int) -> Firm:
    """The ``Firm`` of world ``seed`` (a seed always builds the same tables)."""
    return Firm(load_world(INDUSTRY, seed))


@dataclass
class Draw(Scene):
    """The legal scene: the firm of the world, the split's name pool, the names used so far."""

    firm: Firm = field(init=False)
    names: NamePool = field(init=False)
    used: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.firm = firm(self.world.seed)
        self.names = pool(self.world.split)

    def distinct(self, make: Callable[[], str], count: int) -> list[str]:
        """Up to ``count`` distinct results of ``make`` (``3 * count`` draws)."""
        out: list[str] = []
        for _ in range(count * 3):
            text = make()
            if text not in out:
                out.append(text)
            if len(out) == count:
                break
        return out

    def variants(self, templates: TemplateSet, count: int = 3, **slots: Any) -> list[str]:
        return self.distinct(lambda: self.say(templates, **slots), count)

    def person(self, surname: str | None = None) -> str:
        """A new person from the split's pool: matches nobody at the firm or in this call."""
        for _ in range(50):
            last = surname or self.rng.choice(self.names.surnames)
            name = f"{self.rng.choice(self.names.first_names)} {last}"
            if self.firm.unknown(name) and not any(related(name, u) for u in self.used):
                self.used.append(name)
                return name
        raise NoFit("no new person")

    def company(self, kind: str) -> str:
        for _ in range(50):
            name = f"{self.rng.choice(self.names.company_words)} {kind}"
            if self.firm.unknown(name) and name not in self.used:
                self.used.append(name)
                return name
        raise NoFit("no new company")

    def phone(self, state: str) -> str:
        codes = STATES[state]["area_codes"]
        return self.draw(lambda rng: f"+1{rng.choice(codes)}5550{rng.randrange(100, 200):03d}",
                         self.firm.phones)

    def date(self, day: date) -> str:
        return self.say(CALLER["date_forms"], month=month(day), day=day.day, ordinal=ordinal_day(day.day),
                        year=day.year, weekday=weekday(day))

    def spoken_phone(self, e164: str) -> str:
        return self.say(CALLER["phone_forms"], a=e164[2:5], b=e164[5:8], c=e164[8:])

    def where(self, state: str) -> tuple[str, str]:
        town = self.rng.choice(STATES[state]["towns"])
        return self.say(CALLER["state_forms"], state=STATES[state]["name"], town=town), town

    def spell(self, name: str) -> str:
        return self.say(CALLER["spell_forms"], name=name, letters=spelled(name))

    def persona(self, who: str) -> str:
        mood = self.say(CALLER["moods"])
        self.rng.randrange(2)  # the split's join, drawn so every later draw stays where it was
        return f"{who}{WORDS['persona_joins'][self.split]} {mood}"

    def opening_line(self, line: str, caller: str = "") -> str:
        if caller and self.rng.random() >= 0.25:  # the caller introduces themselves
            first, _, last = caller.partition(" ")
            line = self.say(CALLER["intros"], name=caller, first=first, last_initial=f"{last[:1]}.") + line
        text = self.say(CALLER["hellos"]) + line  # each sentence capitalised: "... to call. He needs"
        return re.sub(r"([.?!] +)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)

    def openings(self, templates: TemplateSet, count: int = 3, caller: str = "", **slots: Any) -> list[str]:
        """Opening lines: a greeting, often the caller's name, and the split's templates."""
        return self.distinct(lambda: self.opening_line(self.say(templates, **slots), caller), count)


# ``legal_family(code, category, make, refusal=, near_misses=)``: a family drawing from a ``Draw``
legal_family = partial(family, INDUSTRY, scene=Draw)


def new_caller(draw: Draw, state: str | None = None) -> tuple[str, str, str]:
    """A caller unknown to the firm: full name, surname, a phone of ``state`` (else NY or NJ)."""
    state = state or draw.rng.choice(("NY", "NJ"))
    name = draw.person()
    return name, name.split(" ", 1)[1], draw.phone(state)


def lockfile(draw: Draw, text: Text, *, say: Mapping[str, Any], openings: Callable[[], Sequence[str]],
             facts: dict[str, str] | Callable[[], dict[str, str]], goal: dict[str, Any],
             reactions: list[dict[str, Any]], calls: Sequence[LockedCall], variant: str = "",
             nudges: Sequence[str] = (), **more: Any) -> Draft:
    """A family's lockfile: ``text``'s lines (``lockfile.fixed_lines``) filled from ``say``; openings
    (and callable ``facts``) drawn after the persona; ``more`` (``exp_db_state``, ``aux``) if set."""
    line = fixed_lines(text, variant, say)
    persona, opening = draw.persona(line("persona")), openings()
    told = facts() if callable(facts) else facts
    fact_lines = {slot: draw.variants(FACT_LINES.get(slot, CALLER["sentence_lines"]), 2, value="{value}")
                  for slot in told}
    said = {slot: value if slot in FACT_LINES else value[:1].upper() + value[1:]
            for slot, value in told.items()}
    caller = caller_block(
        persona=persona, opening=list(dict.fromkeys(opening)), facts=said, fact_lines=fact_lines,
        goal=goal, reactions=reactions, agent_answer=line("answer"),
        nudges=list(dict.fromkeys([*nudges, *draw.variants(CALLER["nudges"], 2)])))
    return draft(line, caller, calls, **more)
