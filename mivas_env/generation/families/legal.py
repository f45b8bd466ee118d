"""Task families of the legal industry (Brennan & Adeyemi LLP), one per category C1..C12 of
``tasks/legal/README.md``.

Every family reads the world it is given: the deadline comes from the world's limitation rule
(asked of the tool server itself), the party that is a client is a client in that world, the
free slot is free in that attorney's calendar, and a caller's misspelling of a party is one the
grader's own fuzzy rule (``rewards.names.names_match``) accepts. Wording comes from template
lists through ``text.phrase``, so each split speaks with its own templates."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from mivas_env.agents.baselines import gold_arguments
from mivas_env.generation.core import Family, NearMiss, World
from mivas_env.generation.text import phrase
from mivas_env.industries import Database
from mivas_env.industries.legal import LegalServer
from rewards import load_industry
from rewards.clock import ordinal_day
from rewards.names import name_orders, names_match
from rewards.worlds import SPLITS
from rewards.worlds.legal import EMPLOYER_KINDS, LEGAL_FORMS, PI_SCENARIOS, match_keys
from rewards.worlds.names import NamePool, pool

Row = dict[str, Any]
Lock = dict[str, Any]
T = TypeVar("T")
INDUSTRY = "legal"
TODAY = date(2026, 12, 1)
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

# --- wording: every list has a multiple of three entries, one third per split -----------------

DATE_FORMS = ["{month} {day}, {year}", "{month} {ordinal}, {year}", "the {ordinal} of {month}, {year}",
              "{day} {month} {year}", "{weekday}, {month} {day}, {year}", "{month} {ordinal} of {year}",
              "{month} {day} {year}", "{weekday} the {ordinal} of {month}, {year}",
              "{month} the {ordinal}, {year}"]
PHONE_FORMS = ["({a}) {b}-{c}", "{a}-{b}-{c}", "{a} {b} {c}", "{a}.{b}.{c}", "({a}) {b} {c}",
               "1 {a} {b} {c}", "{a} {b}-{c}", "1-{a}-{b}-{c}", "({a}) {b}.{c}"]
NAME_LINES = ["It's {value}.", "My name is {value}.", "{value}.", "This is {value}.", "I'm {value}.",
              "Sure, it's {value}.", "You can put me down as {value}.", "The name is {value}.",
              "{value}, that's me."]
PHONE_LINES = ["It's {value}.", "{value}.", "You can reach me at {value}.", "My number is {value}.",
               "Best number is {value}.", "Call me at {value}.", "Try {value}.",
               "That would be {value}.", "{value}, any time."]
DATE_LINES = ["It was {value}.", "{value}.", "That was on {value}.", "It happened on {value}.",
              "On {value}.", "I'm pretty sure it was {value}.", "That was {value}.",
              "{value}, I wrote it down.", "It would have been {value}."]
SENTENCE_LINES = ["{value}", "Well, {value}", "So, {value}", "Okay. {value}", "Sure. {value}",
                  "Right. {value}", "Let me see. {value}", "Yes. {value}", "Um, {value}"]
FACT_LINES = {"full_name": NAME_LINES, "phone": PHONE_LINES, "incident_date": DATE_LINES}
STATE_FORMS = ["{state}, in {town}", "{town}, {state}", "In {state}. {town}, to be exact.",
               "{state}, it was in {town}", "It was in {town}, {state}", "{state}. Near {town}.",
               "{state}, {town}", "Over in {town}, {state}", "{town}. That's in {state}."]
SPELL_FORMS = ["{name}, spelled {letters}", "{name}. That's {letters}", "{name} ({letters})",
               "{name}, {letters}", "It's {name}: {letters}", "{name}, I'll spell it: {letters}",
               "{name}, that's {letters}", "{name}, let me spell that, {letters}",
               "{name}, {letters}, I think"]
PERSONAS = ["{who}. {mood}", "{who}; {mood}", "{who}. {mood}", "{who}. {mood}", "{who}; {mood}",
            "{who}. {mood}"]
MOODS = ["Polite and a little nervous.", "Direct and in a hurry.", "Calm, answers what is asked.",
         "Chatty, but gives straight answers.", "Anxious; wants a clear answer.",
         "Businesslike and brief.", "Friendly, a bit unsure of the details.",
         "Tired and wants this sorted today.", "Careful, repeats names slowly."]
NUDGES = ["Sorry, what do you need from me?", "Can you help me with that?", "Is that something you can do?",
          "What happens next?", "So where does that leave me?", "Are we getting anywhere?",
          "Could you check that for me?", "Okay, and then?", "Is there anything else you need?"]
INTROS = ["this is {first}. ", "my name is {name}. ", "{first} here. ", "it's {name}. ",
          "this is {name} calling. ", "I'm {first}. ", "{name} speaking. ", "my name's {first}. ",
          "this is {first} {last_initial}. "]
HELLOS = ["Hi, ", "Hello, ", "Good morning, ", "Hi there, ", "Hey, ", "Good afternoon, ",
          "Hello there, ", "Hi, um, ", "Yes, hello, "]


def sentence_case(text: str) -> str:
    """Capitalise each sentence's first letter ("... to call. he needs" -> "... He needs")."""
    return re.sub(r"([.?!] +)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def said_date(rng: random.Random, split: str, day: date) -> str:
    """How the caller says a date (the form is the split's)."""
    return phrase(rng, DATE_FORMS, split, month=f"{day:%B}", day=day.day,
                  ordinal=ordinal_day(day.day), year=day.year, weekday=f"{day:%A}")


def goal_date(day: date) -> str:
    """The date as a correct agent says it (lower case, for goal phrases): 'march 10, 2027'."""
    return f"{day:%B} {day.day}, {day.year}".lower()


def long_date(day: date) -> str:
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def said_phone(rng: random.Random, split: str, e164: str) -> str:
    digits = e164[2:]
    return phrase(rng, PHONE_FORMS, split, a=digits[:3], b=digits[3:6], c=digits[6:])


def clock(start_time: str) -> str:
    """'2026-12-14T13:30' -> '1:30 PM'."""
    moment = datetime.fromisoformat(start_time)
    return f"{moment.hour % 12 or 12}:{moment:%M} {'AM' if moment.hour < 12 else 'PM'}"


def spelled(name: str) -> str:
    """The distinctive word of a name letter by letter: a person's last word ('Oconquo' ->
    'O-C-O-N-Q-U-O'), a company's first ('Granite Financial Group' -> 'G-R-A-N-I-T-E')."""
    words = name.split()
    plain = [w for w in words if w.casefold().strip(".,") not in COMPANY_KIND_WORDS]
    word = plain[0] if plain and len(plain) < len(words) else words[-1]
    return "-".join(ch.upper() for ch in word if ch.isalpha())


def variants(rng: random.Random, split: str, templates: Sequence[str], count: int = 3,
             **slots: Any) -> list[str]:
    """Up to ``count`` distinct phrasings from the split's templates."""
    out: list[str] = []
    for _ in range(count * 3):
        text = phrase(rng, templates, split, **slots)
        if text not in out:
            out.append(text)
        if len(out) == count:
            break
    return out


# --- the firm as it is in one world ------------------------------------------------------------

class Firm:
    """A world's catalog with the lookups the families need, answered by the tool server itself
    where a rule is involved (deadlines, availability, conflicts)."""

    def __init__(self, world: World) -> None:
        tables = {name: rows if isinstance(rows, list) else [dict(r) for r in rows]
                  for name, rows in world.tables.items()}
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
        self.phones = {row["phone_e164"] for row in self.clients}
        self.by_key: dict[str, list[tuple[str, str]]] = {}
        for entry in self.names:
            for key in match_keys(entry[0]):
                self.by_key.setdefault(key, []).append(entry)

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.server.call(tool, arguments)
        return result

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
        catalog = self.server.catalog
        weekday = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[day.weekday()]
        return [f"{day.isoformat()}T{start}"
                for start, _ in catalog.slots.get((attorney_id, weekday), ())]

    def booking_days(self) -> list[date]:
        return [TODAY + timedelta(days=n) for n in range(1, 91)
                if (TODAY + timedelta(days=n)).isoformat() not in self.closures]

    def open_matters(self, *areas: str) -> list[tuple[Row, Row]]:
        """(client, matter) pairs of open matters of people, optionally in these areas."""
        return [(self.clients_by_id[m["client_id"]], m) for m in self.matters
                if m["status"] == "open" and (not areas or m["practice_area"] in areas)
                and self.clients_by_id[m["client_id"]]["kind"] == "person"]


_FIRMS: dict[tuple[str, int, int], Firm] = {}


def firm(world: World) -> Firm:
    key = (world.industry, world.seed, id(world.tables))
    found = _FIRMS.get(key)
    if found is None:
        if len(_FIRMS) > 32:
            _FIRMS.clear()
        found = _FIRMS[key] = Firm(world)
    return found


@dataclass
class Draw:
    """One instance being written: the world, the rng, the split and its name pool."""

    world: World
    rng: random.Random
    firm: Firm
    names: NamePool
    used: list[str]

    @property
    def split(self) -> str:
        return self.world.split

    def say(self, templates: Sequence[str], **slots: Any) -> str:
        return phrase(self.rng, templates, self.split, **slots)

    def pick(self, items: Sequence[T]) -> T:
        """One of the split's items (item ``i`` belongs to split ``SPLITS[i % 3]``, as templates)."""
        own = items[SPLITS.index(self.split)::len(SPLITS)]
        return own[self.rng.randrange(len(own))]

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
        codes = STATES[state][2]
        while True:
            number = f"+1{self.rng.choice(codes)}5550{self.rng.randrange(100, 200):03d}"
            if number not in self.firm.phones:
                return number

    def date(self, day: date) -> str:
        return said_date(self.rng, self.split, day)

    def spoken_phone(self, e164: str) -> str:
        return said_phone(self.rng, self.split, e164)

    def where(self, state: str) -> tuple[str, str]:
        name, towns, _ = STATES[state]
        town = self.rng.choice(towns)
        return self.say(STATE_FORMS, state=name, town=town), town

    def spell(self, name: str) -> str:
        return self.say(SPELL_FORMS, name=name, letters=spelled(name))

    def persona(self, who: str) -> str:
        return self.say(PERSONAS, who=who, mood=self.say(MOODS))

    def opening_line(self, line: str, caller: str = "") -> str:
        if not caller or self.rng.random() < 0.25:
            return sentence_case(self.say(HELLOS) + line)
        first, _, last = caller.partition(" ")
        intro = self.say(INTROS, name=caller, first=first, last_initial=f"{last[:1]}.")
        return sentence_case(self.say(HELLOS) + intro + line)

    def caller(self, *, persona: str, openings: Sequence[str], facts: dict[str, str],
               goal: dict[str, Any], reactions: list[dict[str, Any]], answer: str,
               nudges: Sequence[str] = ()) -> dict[str, Any]:
        """The caller block: openings and fact lines in the split's words."""
        fact_lines = {slot: variants(self.rng, self.split, FACT_LINES.get(slot, SENTENCE_LINES),
                                     2, value="{value}")
                      for slot in facts}
        # Sentence slots are said on their own ("{value}", "Okay. {value}"): start them capitalised.
        facts = {slot: value if slot in FACT_LINES else value[:1].upper() + value[1:]
                 for slot, value in facts.items()}
        return {"persona": persona, "opening": list(dict.fromkeys(openings)), "facts": facts,
                "fact_lines": fact_lines, "goal": goal, "reactions": reactions,
                "agent_answer": answer,
                "nudges": list(dict.fromkeys([*nudges, *variants(self.rng, self.split, NUDGES, 2)]))}

    def openings(self, templates: Sequence[str], count: int = 3, caller: str = "",
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


def call(name: str, **parameters: Any) -> dict[str, Any]:
    return {"name": name, "parameters": parameters, "output": {"ok": True}}


def hop(name: str) -> dict[str, Any]:
    return {"name": name}


def lock(category: str, title: str, description: str, caller: dict[str, Any],
         path: list[str], calls: list[dict[str, Any]]) -> Lock:
    return {"industry": INDUSTRY, "title": title, "category": category,
            "description": description, "caller": caller, "exp_handoff_path": path,
            "exp_tool_calls": calls}


def reaction(when: Sequence[str], say: Sequence[str], *, unless: Sequence[str] = (),
             also: Sequence[str] = (), after_tool: str | None = None,
             once: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"when_agent_says_any": list(when), "say": list(say)}
    if unless:
        out["unless_agent_says_any"] = list(unless)
    if also:
        out["also_says_any"] = list(also)
    if after_tool is not None:
        out["after_tool"] = after_tool
    if not once:
        out["once"] = False
    return out


# --- scenes: what happened, by practice area ----------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """A kind of matter a caller brings. ``party``: "person", a company kind, or "" (none);
    ``story``/``summary`` take {party} (the other side) and {town}."""

    area: str
    says: tuple[str, ...]  # the caller's words for the practice area (one per split at least)
    story: str
    summary: str
    party: str
    party_role: str  # how the caller refers to the other side
    event: str  # what the incident date is the date of ("" when there is none)
    documents: tuple[tuple[str, str], ...] = ()  # (document_type, the caller's words)
    opening: str = ""  # a phrase for openings: "I was rear-ended"
    story_for: str = ""  # the story told for a relative: {whom}, {subj}, {pos}, {party}, {town}
    opening_for: str = ""  # the opening phrase for a relative: "{subj} was rear-ended"


SCENES: tuple[Scene, ...] = (
    Scene("personal_injury",
          ("a car accident, personal injury", "personal injury, I was in a car crash",
           "a car accident. Personal injury, I guess", "personal injury, a crash",
           "it's a personal injury thing, a car accident", "a car wreck, personal injury"),
          "I was stopped at a light in {town} and {party} rear-ended me. My neck still hurts.",
          "Rear-ended at a light in {town}; neck injury.", "person", "the other driver",
          "the accident",
          (("police_report", "the police report"), ("medical_records", "my medical records"),
           ("photos", "photos of the car"), ("medical_bills", "the hospital bills")),
          "I was rear-ended",
          "My {relation}, {whom}, was rear-ended at a light in {town} by {party}; {subj} still "
          "has neck pain.",
          "{subj} was rear-ended"),
    Scene("personal_injury",
          ("personal injury, I fell in a store", "a slip and fall, personal injury",
           "personal injury, a fall at a supermarket", "an injury, I slipped in a store",
           "personal injury, a slip-and-fall", "a fall in a shop, personal injury"),
          "I slipped on a wet floor at {party} in {town} and broke my wrist.",
          "Slip and fall on a wet floor at {party} in {town}; broken wrist.", "Markets",
          "the store", "the fall",
          (("photos", "photos of the floor"), ("medical_records", "the X-ray report"),
           ("medical_bills", "the emergency room bill")),
          "I slipped and fell in a store",
          "My {relation}, {whom}, slipped on a wet floor at {party} in {town} and broke {pos} wrist.",
          "{subj} slipped and fell in a store"),
    Scene("personal_injury",
          ("personal injury, a dog bite", "a dog bite, personal injury",
           "personal injury, I was bitten by a dog", "a dog attack, personal injury",
           "an injury, a dog bit me", "personal injury, dog bite"),
          "A neighbour's dog bit my hand in {town}; I needed stitches. The owner is {party}.",
          "Dog bite in {town}; stitches to the hand.", "person", "the dog's owner", "the bite",
          (("medical_records", "the urgent care records"), ("photos", "photos of the bite")),
          "I was bitten by a dog",
          "My {relation}, {whom}, was bitten by a neighbour's dog in {town}; the owner is {party}.",
          "{subj} was bitten by a dog"),
    Scene("personal_injury",
          ("personal injury, a fall in my building", "personal injury, a stair collapsed",
           "an injury in my apartment building, personal injury", "personal injury, a fall at home",
           "a building accident, personal injury", "personal injury, bad stairs in my building"),
          "A stair broke under me in my building in {town}; I tore a ligament. {party} manages it.",
          "Stair collapsed in the caller's building in {town}; torn ligament.", "Properties",
          "the landlord", "the fall",
          (("photos", "photos of the stairs"), ("medical_records", "my MRI results"),
           ("correspondence", "my complaints to the landlord")),
          "a stair collapsed under me",
          "A stair broke under my {relation}, {whom}, in {pos} building in {town}; {party} manages it.",
          "a stair collapsed under {obj}"),
    Scene("employment",
          ("employment, I was fired", "an employment matter, wrongful termination",
           "employment law, they fired me", "I was let go, it's employment",
           "employment, I think it was retaliation", "a firing, employment law"),
          "I was fired from {party} two weeks after I complained about harassment.",
          "Fired by {party} two weeks after a harassment complaint.", "Logistics",
          "my employer", "my last day of work",
          (("employment_records", "my performance reviews"),
           ("correspondence", "the emails with HR"), ("pay_records", "my pay stubs")),
          "I was fired after I complained",
          "My {relation}, {whom}, was fired from {party} two weeks after complaining about harassment.",
          "{subj} was fired after complaining"),
    Scene("employment",
          ("employment, pay discrimination", "employment law, unequal pay",
           "an employment issue, I'm paid less than the men", "employment, discrimination",
           "a pay discrimination case, employment", "employment, it's about my pay"),
          "I found out the men doing my job at {party} are paid much more than me.",
          "Paid less than male colleagues in the same job at {party}.", "Financial Group",
          "my employer", "my last paycheck",
          (("pay_records", "my pay stubs"), ("employment_records", "my job description"),
           ("correspondence", "the emails about my raise")),
          "I'm paid less than the men in my job",
          "My {relation}, {whom}, is paid much less than the men doing the same job at {party}.",
          "{subj} is paid less than the men in {pos} job"),
    Scene("employment",
          ("employment, age discrimination", "employment law, I was passed over",
           "an employment matter, age discrimination", "employment, they passed me over",
           "discrimination at work, employment", "employment, my age"),
          "My manager at {party} gave the promotion to someone much younger and said I was too old.",
          "Passed over for promotion at {party} because of age.", "Senior Living",
          "my employer", "the promotion decision",
          (("employment_records", "my reviews"), ("correspondence", "the manager's emails")),
          "I was passed over because of my age",
          "My {relation}, {whom}, was passed over for promotion at {party} for being too old.",
          "{subj} was passed over because of {pos} age"),
    Scene("criminal_defense",
          ("criminal defense, an appeal", "a criminal appeal", "criminal law, I want to appeal",
           "criminal defense, my conviction", "an appeal of a conviction, criminal",
           "criminal, an appeal"),
          "I was convicted of a misdemeanor in {town} and I want to appeal the conviction.",
          "Wants to appeal a misdemeanor conviction in {town}.", "", "", "the sentencing",
          (("court_papers", "the court papers"), ("court_papers", "the judgment")),
          "I was convicted and want to appeal",
          "My {relation}, {whom}, was convicted of a misdemeanor in {town} and wants to appeal.",
          "{subj} was convicted and wants to appeal"),
    Scene("immigration",
          ("immigration, asylum", "asylum, immigration law", "an immigration case, asylum",
           "immigration, I need asylum", "asylum, it's immigration", "immigration, an asylum case"),
          "I fled threats at home because of my political work and want to apply for asylum.",
          "Fled political threats; wants to apply for asylum.", "", "", "the arrival",
          (("immigration_papers", "my immigration papers"), ("identity_document", "my passport")),
          "I need to apply for asylum",
          "My {relation}, {whom}, fled threats at home over {pos} political work and wants asylum.",
          "{subj} needs to apply for asylum"),
)
FAMILY_SCENE = Scene(
    "family",
    ("family law, a divorce", "a divorce, family law", "family, I want a divorce",
     "divorce, so family law", "family law, I need to file for divorce", "a divorce case, family"),
    "We separated in the summer and I want to file for divorce from {party}.",
    "Wants to file for divorce from {party}.", "spouse", "my spouse", "",
    (("financial_statements", "our bank statements"), ("court_papers", "the separation papers")),
    "I want to file for divorce")
ESTATE_SCENE = Scene(
    "estate_planning",
    ("estate planning, a will", "wills and trusts", "estate planning", "a will, estate planning",
     "estate planning, a will and a power of attorney", "wills, estate planning"),
    "I need a will and a power of attorney; I live in {town}.",
    "Will and power of attorney for the caller's {relation}.", "", "", "",
    (("will_or_trust", "the old will"), ("financial_statements", "the bank statements")),
    "a will",
    "My {relation}, {whom}, needs a will and a power of attorney; {subj} lives in {town}.",
    "{subj} needs a will")


def scene_party(draw: Draw, scene: Scene, caller_surname: str) -> str | None:
    if scene.party == "person":
        return draw.person()
    if scene.party == "spouse":
        return draw.person(caller_surname)
    return draw.company(scene.party)


# How long ago incidents happen, by area: criminal appeals (20 to 60 days) are mostly recent.
INCIDENT_DAYS = {"criminal_defense": 90, "immigration": 500}


def incident_day(rng: random.Random, area: str) -> date:
    return TODAY - timedelta(days=rng.randint(3, INCIDENT_DAYS.get(area, 700)))


def state_for(rng: random.Random, scene: Scene) -> str:
    if scene.area == "immigration":
        return rng.choice(sorted(STATES))
    return rng.choice(RULE_STATES)


def new_caller(draw: Draw, state: str) -> tuple[str, str, str] | None:
    """A caller who is not known to the firm: (full name, surname, E.164 phone)."""
    name = draw.person()
    if name is None:
        return None
    return name, name.split(" ", 1)[1], draw.phone(state)


# --- C1 filing_deadline ------------------------------------------------------------------------

C1_OPENINGS = [
    "{event_words} back in {month} and I need to know my deadline to file.",
    "I have a question about a filing deadline. {event_words}.",
    "how long do I have to file? {event_words}.",
    "{event_words}, and I'm worried I waited too long. When is my deadline?",
    "can you tell me the last day I can file? {event_words}.",
    "I'm not opening a case yet, I just want my deadline. {event_words}.",
    "{event_words}. Is there a deadline for that, and when is mine?",
    "what's the cut-off date for my claim? {event_words}.",
    "I need the actual date I have to file by. {event_words}.",
]


def make_filing_deadline(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    if rng.random() < 0.1:
        return no_deadline_question(draw)
    scene = rng.choice(SCENES)
    # Sometimes the matter happened in a state the firm has no rule for: the check says so.
    unsupported = scene.area != "immigration" and rng.random() < 0.12
    state = rng.choice(("FL", "TX", "MA")) if unsupported else state_for(rng, scene)
    who = new_caller(draw, state)
    if who is None:
        return None
    name, _, phone = who
    # Most deadlines are still ahead; some have passed (the caller waited too long).
    incident = (incident_day(rng, scene.area) if rng.random() < 0.85
                else TODAY - timedelta(days=rng.randint(400, 1400)))
    result = draw.firm.deadline(scene.area, state, incident)
    if unsupported:
        if result.get("error_code") != "unsupported_state":
            return None
        return unsupported_deadline(draw, scene, state, incident, name, phone)
    if not result["ok"]:
        return None
    data = result["data"]
    if not data["has_deadline"]:
        return None
    deadline = date.fromisoformat(data["deadline"])
    passed = bool(data["passed"])
    facts, town = deadline_facts(draw, scene, state, incident, name, phone)
    state_name = STATES[state][0]
    goal_phrases = [goal_date(deadline)]
    if passed:
        answer = (f"I checked the {state_name} rule for {AREA_WORDS[scene.area]}: it's "
                  f"{data['rule']}, so the deadline was {long_date(deadline)}, and it has passed. "
                  "I can't advise you on what that means for your case, but an attorney can "
                  "review it with you.")
        goal_phrases.append("passed")
    else:
        answer = (f"I checked the {state_name} rule for {AREA_WORDS[scene.area]}: it's "
                  f"{data['rule']}, so your filing deadline is {long_date(deadline)}. I can't "
                  "advise you on your case, but an attorney can go over it with you.")
    other = [STATES[s][0].lower() for s in RULE_STATES if s != state]
    reactions = [
        reaction(other, [f"No, it happened in {state_name}."], unless=[state_name.lower()]),
        reaction(["deadline", "year", "days"], [
            "Okay, but what's the actual date I have to file by?",
            "Right, but which date is that exactly?", "So what's the date, exactly?"],
            unless=[str(deadline.year)], after_tool="check_filing_deadline", once=False),
        reaction(["you should", "i would", "i'd recommend", "my advice", "i recommend"],
                 ["Wait, are you a lawyer? I just want to know what the rule says."],
                 unless=CANT),
    ]
    opening_event = scene.opening  # the state and date are facts, given when asked
    caller = draw.caller(
        persona=draw.persona(f"{name}, asking about a {AREA_WORDS[scene.area]} deadline in "
                             f"{state_name} ({scene.opening} in {town}, {scene.event} on "
                             f"{incident.isoformat()}). Wants the actual deadline date, not a rule "
                             "of thumb; not opening a case today"),
        openings=draw.openings(C1_OPENINGS, caller=name,
                               event_words=opening_event[:1].upper() + opening_event[1:],
                               month=f"{incident:%B} {incident.year}"),
        facts=facts,
        goal={"description": f"The {state_name} {AREA_WORDS[scene.area]} deadline for "
                             f"{incident.isoformat()}: {deadline.isoformat()}.",
              "tools_ok": ["check_filing_deadline"], "agent_says_all": goal_phrases},
        reactions=reactions, answer=answer)
    return lock("filing_deadline", f"{AREA_WORDS[scene.area].capitalize()} deadline in {state_name}",
                f"Read-only deadline question. The world's {state_name} rule for "
                f"{AREA_WORDS[scene.area]} is {data['rule']}; incident {incident.isoformat()} gives "
                f"{deadline.isoformat()}{' (passed)' if passed else ''}. The DB stays the seed, so "
                "only T (check_filing_deadline with the locked area, state and date) and H (the "
                "intake hop) catch an answer from memory.",
                caller, ["transfer_to_intake"],
                [hop("transfer_to_intake"),
                 call("check_filing_deadline", practice_area=scene.area, state=state,
                      incident_date=incident.isoformat())])


def no_deadline_question(draw: Draw) -> Lock | None:
    """C1 for a divorce: the family rule has no filing deadline, and the check says so."""
    rng = draw.rng
    state = rng.choice(RULE_STATES)
    who = new_caller(draw, state)
    if who is None:
        return None
    name, _, phone = who
    separated = incident_day(rng, "family")
    result = draw.firm.deadline("family", state, separated)
    if not result["ok"] or result["data"]["has_deadline"]:
        return None
    where, _ = draw.where(state)
    facts = {
        "full_name": name, "phone": draw.spoken_phone(phone),
        "practice_area": draw.say(FAMILY_SCENE.says), "incident_date": draw.date(separated),
        "incident_state": where,
        "matter_summary": draw.say([
            "We separated and I'm worried I've waited too long to file for divorce.",
            "I want to know if there's a time limit to file for divorce.",
            "Is it too late to file, since we separated a while ago?",
            "I just need to know whether there's a deadline for the divorce.",
            "Someone told me there's a deadline after you separate. Is that true?",
            "I don't want to miss a deadline for filing for divorce."]),
    }
    answer = ("I checked our family law rule: there is no filing deadline to start a divorce, so "
              "you haven't missed anything. I can't advise you on your case, but an attorney can "
              "go over it with you.")
    caller = draw.caller(
        persona=draw.persona(f"{name}, separated on {separated.isoformat()} in "
                             f"{STATES[state][0]}; worried about a divorce filing deadline"),
        openings=draw.openings([
            "is there a deadline to file for divorce? We separated a while ago.",
            "how long do I have to file for divorce after separating?",
            "I'm separated and wondering if I missed the deadline to file for divorce.",
            "do I have a time limit to file for divorce?",
            "is it too late to file for divorce? We split up some time ago.",
            "what's the deadline to file for divorce after a separation?",
            "I need to know if there's a cut-off for filing for divorce.",
            "does a divorce have a filing deadline? We separated already.",
            "am I too late to file for divorce?"], caller=name),
        facts=facts,
        goal={"description": "Told there is no filing deadline to start a divorce.",
              "tools_ok": ["check_filing_deadline"],
              "agent_says_any": ["no filing deadline", "no deadline", "no limitations period"]},
        reactions=[reaction(["years", "days", "deadline is"],
                            ["Are you sure? I thought there was no time limit for divorce."],
                            unless=["no filing deadline", "no deadline", "no limitations"])],
        answer=answer)
    return lock("filing_deadline", f"Divorce filing deadline in {STATES[state][0]} (none)",
                "Read-only deadline question: family matters have no filing deadline in this "
                "world's rules, and check_filing_deadline says so. T requires the check (a "
                "remembered rule of thumb is not a check), H the intake hop; the DB stays the "
                "seed.", caller, ["transfer_to_intake"],
                [hop("transfer_to_intake"),
                 call("check_filing_deadline", practice_area="family", state=state,
                      incident_date=separated.isoformat())])


def deadline_facts(draw: Draw, scene: Scene, state: str, incident: date, name: str,
                   phone: str) -> tuple[dict[str, str], str]:
    """What a C1 caller says when asked (a deadline only, no case yet), and the incident town."""
    where, town = draw.where(state)
    return {
        "full_name": name, "phone": draw.spoken_phone(phone),
        "practice_area": draw.say(scene.says), "incident_date": draw.date(incident),
        "incident_state": where,
        "matter_summary": draw.say([
            "I just want to know my deadline for now.", "Only the deadline for now, thanks.",
            "I'm not ready to start a case; I need the date.", "For now I only need my deadline.",
            "I just need to know how long I have.", "Just the filing deadline, please."]),
    }, town


def unsupported_deadline(draw: Draw, scene: Scene, state: str, incident: date, name: str,
                         phone: str) -> Lock:
    """C1 in a state without a rule on file: the check answers unsupported_state, and the
    right answer is that an attorney must review it (a remembered rule is wrong)."""
    facts, _ = deadline_facts(draw, scene, state, incident, name, phone)
    state_name = STATES[state][0]
    answer = (f"I checked our deadline rules: we have no {AREA_WORDS[scene.area]} deadline rule "
              f"on file for {state_name}, so an attorney must review it. I can't give you a date "
              "myself, but I can open an intake so an attorney looks at it soon.")
    opening_event = scene.opening
    caller = draw.caller(
        persona=draw.persona(f"{name}, asking about a {AREA_WORDS[scene.area]} deadline in "
                             f"{state_name} ({scene.event} on {incident.isoformat()}); expects a "
                             "date and doubts any rule of thumb"),
        openings=draw.openings(C1_OPENINGS, caller=name,
                               event_words=opening_event[:1].upper() + opening_event[1:],
                               month=f"{incident:%B} {incident.year}"),
        facts=facts,
        goal={"description": f"Told there is no {state_name} rule on file and an attorney must "
                             "review the deadline.",
              "tools_ok": [], "agent_says_any": ["attorney must review", "no rule",
                                                 "no deadline rule", "not on file"]},
        reactions=[reaction(["two years", "three years", "2 years", "3 years", "deadline is"],
                            [f"Is that really the rule in {state_name}? It happened there."],
                            unless=["no rule", "not on file", "no deadline rule"])],
        answer=answer)
    return lock("filing_deadline",
                f"{AREA_WORDS[scene.area].capitalize()} deadline in {state_name} (no rule on file)",
                f"Read-only deadline question in {state_name}, where the firm has no "
                f"{AREA_WORDS[scene.area]} rule: check_filing_deadline answers unsupported_state "
                "(locked as the gold output), so T catches a rule quoted from memory and H the "
                "missing intake hop; the DB stays the seed.",
                caller, ["transfer_to_intake"],
                [hop("transfer_to_intake"),
                 {"name": "check_filing_deadline",
                  "parameters": {"practice_area": scene.area, "state": state,
                                 "incident_date": incident.isoformat()},
                  "output": {"ok": False, "error_code": "unsupported_state"}}])


# --- misspellings the fuzzy rule accepts --------------------------------------------------------

# Spellings that sound the same (tier 1: what a caller writes from hearing a name), then
# doubled or dropped letters (tier 2, used when a name has no tier-1 spelling).
_SOUND_SWAPS: tuple[tuple[str, str], ...] = (
    ("ph", "f"), ("f", "ph"), ("c", "k"), ("k", "c"), ("qu", "kw"), ("kw", "qu"), ("q", "k"),
    ("y", "i"), ("i", "y"), ("z", "s"), ("s", "z"), ("ck", "k"), ("ie", "y"), ("ey", "y"),
    ("ei", "ie"), ("x", "ks"), ("ks", "x"), ("ck", "c"),
)
_LETTER_SWAPS: tuple[tuple[str, str], ...] = (
    ("ss", "s"), ("ll", "l"), ("l", "ll"), ("n", "nn"), ("nn", "n"), ("t", "tt"), ("tt", "t"),
    ("r", "rr"), ("rr", "r"), ("ah", "a"), ("a", "ah"), ("oh", "o"), ("th", "t"), ("v", "ph"),
    ("ou", "u"),
)
_FIRST_NAME_SWAPS = {"steven": "Stephen", "stephen": "Steven", "jon": "John", "john": "Jon",
                     "catherine": "Katherine", "katherine": "Catherine", "philip": "Phillip",
                     "phillip": "Philip", "sara": "Sarah", "sarah": "Sara", "jeffrey": "Geoffrey",
                     "mohammed": "Mohamed", "aisha": "Aysha", "sean": "Shaun"}


def _token_variants(token: str, tier: int) -> list[str]:
    low = token.lower()
    out: list[str] = []
    if tier == 1 and low in _FIRST_NAME_SWAPS:
        out.append(_FIRST_NAME_SWAPS[low])
    for old, new in _SOUND_SWAPS if tier == 1 else _LETTER_SWAPS:
        start = 1 if old in ("y", "i", "s", "z") else 0
        index = low.find(old, start)
        while index != -1:
            changed = low[:index] + new + low[index + len(old):]
            out.append(changed[:1].upper() + changed[1:])
            index = low.find(old, index + 1)
    if tier == 1 and "-" in token:
        out.append(token.replace("-", ""))
        out.append(token.replace("-", " "))
    return out


COMPANY_KIND_WORDS = frozenset(
    word.casefold() for kind in (*EMPLOYER_KINDS, *LEGAL_FORMS,
                                 *(k for _, kinds in PI_SCENARIOS for k, _ in kinds))
    for word in kind.replace(",", " ").split())


def misspellings(name: str, tier: int | None = None) -> list[str]:
    """Spellings of ``name`` that differ in letters, not just case or marks, and that the
    grader's fuzzy rule matches both ways: sound-alike ones first (tier 1), then doubled or
    dropped letters (tier 2); ``tier`` keeps one tier only."""
    words = name.split(" ")
    base = name_orders(name)[0]
    out: list[str] = []
    for level in (1, 2) if tier is None else (tier,):
        for index, word in enumerate(words):
            if len(word) < 3 or word.endswith(".") or word.casefold() in COMPANY_KIND_WORDS:
                continue  # a caller mishears the distinctive name, not "Markets" or "LLC"
            for variant in _token_variants(word, level):
                candidate = " ".join([*words[:index], variant, *words[index + 1:]])
                if (candidate not in out and name_orders(candidate)[0] != base
                        and names_match(name, candidate) and names_match(candidate, name)):
                    out.append(candidate)
    return out


def caller_spelling(draw: Draw, name: str, relation: str) -> str | None:
    """A spelling of a firm's party as a caller heard it: matched by the fuzzy rule to that
    party, to nobody of the other relation, and never to a client unless ``relation`` is one."""
    for tier in (1, 2):
        options = [v for v in misspellings(name, tier) if draw.firm.relations(v) == {relation}]
        if options:
            spelling = draw.rng.choice(options)
            # Sometimes the caller also gives a middle initial the records lack ("Teresa M.
            # Sparcs"): the rule drops initials when that evens the token count.
            first, _, rest = spelling.partition(" ")
            if rest and kind_of(name) == "person" and draw.rng.random() < 0.2:
                initial = f"{first} {draw.rng.choice('ABCDEFGHJKLMNPRSTW')}. {rest}"
                if (names_match(name, initial) and names_match(initial, name)
                        and draw.firm.relations(initial) == {relation}):
                    return initial
            return spelling
    return None


# --- C2 conflict_check ------------------------------------------------------------------------

# Who the other side is, as an opening says it (the name itself is a fact, given when asked).
PERSON_ROLES = ["someone I know", "a neighbour of mine", "my business partner",
                "a contractor I hired", "a former friend", "a man I lent money to"]
COMPANY_ROLES = ["a company", "a business I dealt with", "a local company",
                 "a contractor company", "a firm I did work for", "a supplier of mine"]


def kind_of(name: str) -> str:
    """'company' for a name with a company word ("Markets", "LLC"), else 'person'."""
    return "company" if any(w.casefold().strip(".,") in COMPANY_KIND_WORDS
                            for w in name.split()) else "person"


C2_OPENINGS = [
    "before I explain anything, can your firm take a case against {party}?",
    "I need to know if you can represent me against {party}. I'd like to check before I go into details.",
    "can you check whether your firm is able to act against {party}?",
    "I have a dispute with {party}. Is that someone you can take a case against?",
    "quick question first: would there be a problem with you going up against {party}?",
    "I want to make sure you can work against {party} before I tell you the story.",
    "is your firm free to take a matter against {party}?",
    "can you run a check on {party} for me? I might need a lawyer against them.",
    "first things first, do you have any conflict with {party}?",
]


def make_conflict_check(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    state = rng.choice(("NY", "NJ"))
    who = new_caller(draw, state)
    if who is None:
        return None
    name, _, phone = who
    kind = rng.choice(("client", "client_spelling", "adverse", "adverse_spelling", "nobody"))
    if kind.startswith("client"):
        row = rng.choice(draw.firm.clients)
        records = row["full_name"]
        heard = caller_spelling(draw, records, "client") if kind == "client_spelling" else records
    elif kind.startswith("adverse"):
        if not draw.firm.adverse:
            return None
        records = rng.choice(draw.firm.adverse)["name"]
        heard = (caller_spelling(draw, records, "adverse_party") if kind == "adverse_spelling"
                 else records)
    else:
        heard = records = draw.person() or ""
    if not heard or not records:
        return None
    conflict = draw.firm.conflict(heard)
    if conflict != kind.startswith("client"):
        return None
    spoken = draw.spell(heard) if heard != records or rng.random() < 0.5 else heard
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "opposing_party": spoken,
             "practice_area": draw.say(["a dispute", "a business dispute", "a dispute with them",
                                        "a disagreement over money", "a contract problem",
                                        "a money dispute"]),
             "matter_summary": draw.say([
                 "I'd rather not say much until I know you can act against {p}.",
                 "First tell me if you can go against {p}.",
                 "I'll explain once I know you can take on {p}.",
                 "Can you act against {p}? Then I'll tell you more.",
                 "I want to know about {p} before I go into it.",
                 "Let's see if {p} is a problem for you first."], p=heard)}
    if conflict:
        answer = (f"I ran a conflict check on {heard}, and the firm has a conflict of interest, "
                  "so we cannot take a matter against them. I'm sorry; you may want to contact "
                  "another firm.")
        goal: dict[str, Any] = {"description": f"Told the firm cannot act against {heard} (conflict).",
                                "tools_ok": ["run_conflict_check"], "agent_says_any": CANT}
        reactions = [reaction(["no conflict", "we can take", "we can help"],
                              [f"Are you sure? You checked {heard}?"])]
    else:
        answer = (f"I ran a conflict check on {heard}: there is no conflict, so the firm can "
                  "consider your matter. I can open an intake whenever you're ready.")
        goal = {"description": f"Told there is no conflict with {heard}.",
                "tools_ok": ["run_conflict_check"],
                "agent_says_any": ["no conflict", "not a conflict", "don't have a conflict"]}
        reactions = [reaction(["conflict"], [f"A conflict? Did you check {heard}?"],
                              also=CANT, unless=["no conflict"])]
    reactions.append(reaction(["intake", "open a file"], [
        "Before any of that, I just need to know whether you can act against them."],
        unless=["conflict"]))
    caller = draw.caller(
        persona=draw.persona(f"{name}, in a dispute with {heard}; wants to know if the firm can "
                             "act before sharing details"),
        openings=draw.openings(C2_OPENINGS, caller=name, party=rng.choice(
            PERSON_ROLES if kind_of(heard) == "person" else COMPANY_ROLES)), facts=facts, goal=goal,
        reactions=reactions, answer=answer)
    relation = "a client" if conflict else ("an adverse party" if kind.startswith("adverse")
                                            else "unknown to the firm")
    return lock("conflict_check", f"Can the firm act against {heard}?",
                f"Read-only conflict check. In this world {records} is {relation}"
                f"{f'; the caller says {heard}, which the fuzzy rule matches' if heard != records else ''}"
                f", so the check returns conflict={conflict}. Only T (run_conflict_check with the "
                "party, fuzzy-matched) and H (the intake hop) catch an answer from memory.",
                caller, ["transfer_to_intake"],
                [hop("transfer_to_intake"), call("run_conflict_check", opposing_party=heard)])


def start(world: World, rng: random.Random) -> Draw:
    return Draw(world=world, rng=rng, firm=firm(world), names=pool(world.split), used=[])


# --- intake building blocks (C3, C4, C6, C10, C12) ----------------------------------------------

@dataclass
class Intake:
    """A new matter as the caller tells it and as the gold intake records it."""

    name: str
    phone: str
    scene: Scene
    state: str
    town: str
    where: str
    incident: date | None
    party: str | None  # as the records / gold lock it
    heard: str | None  # as the caller says it
    for_whom: str | None
    relation: str | None
    facts: dict[str, str]
    summary: str
    deadline: dict[str, Any] | None

    def calls(self, conflict_check: bool = True) -> list[dict[str, Any]]:
        out = [hop("transfer_to_intake")]
        if self.party is not None and conflict_check:
            out.append(call("run_conflict_check", opposing_party=self.party))
        params: dict[str, Any] = {"full_name": self.name, "phone_e164": self.phone,
                                  "practice_area": self.scene.area}
        if self.incident is not None:
            params["incident_date"] = self.incident.isoformat()
        if self.party is not None:
            params["opposing_party"] = self.party
        if self.for_whom is not None:
            params["for_whom"] = self.for_whom
        params["summary"] = self.summary
        out.append(call("create_intake", **params))
        if self.deadline is not None and self.incident is not None:
            out.append(call("check_filing_deadline", practice_area=self.scene.area,
                            state=self.state, incident_date=self.incident.isoformat()))
        return out

    def deadline_words(self) -> tuple[str, list[str]]:
        """What the agent says about the deadline, and the goal phrases it must contain."""
        if self.deadline is None:
            return "", []
        data = self.deadline
        if not data["has_deadline"]:
            return " There is no filing deadline for this kind of matter.", ["no filing deadline"]
        day = date.fromisoformat(data["deadline"])
        state_name = STATES[self.state][0]
        if data["passed"]:
            return (f" Under the {state_name} rule the filing deadline was {long_date(day)}, "
                    "and it has passed; the attorney will review that with you.",
                    [goal_date(day), "passed"])
        return (f" Under the {state_name} rule the filing deadline is {long_date(day)}.",
                [goal_date(day)])


def new_intake(draw: Draw, scene: Scene, *, party: str | None = None, heard: str | None = None,
               for_someone: bool | None = None, known_date: bool = True) -> Intake | None:
    """A new caller with a new matter of ``scene``; ``party`` overrides the drawn other side."""
    rng = draw.rng
    state = state_for(rng, scene)
    who = new_caller(draw, state)
    if who is None:
        return None
    name, surname, phone = who
    where, town = draw.where(state)
    if scene.area == "estate_planning":
        for_someone = True
    elif for_someone is None:
        for_someone = scene.area in ("immigration", "criminal_defense") and rng.random() < 0.4
    relation = rng.choice(["mother", "father", "aunt", "uncle"] if scene.area == "estate_planning"
                          else sorted(RELATIVES)) if for_someone else None
    for_whom = draw.person(surname) if for_someone else None
    if for_someone and for_whom is None:
        return None
    if party is None and scene.party:
        party = scene_party(draw, scene, surname)
        if party is None:
            return None
    heard = heard or party
    incident = incident_day(rng, scene.area) if scene.event and known_date else None
    deadline = None
    if incident is not None:
        result = draw.firm.deadline(scene.area, state, incident)
        if not result["ok"]:
            return None
        deadline = result["data"]
    pos = RELATIVES.get(relation or "", "her")
    words = {"party": heard or "", "town": town, "relation": relation or "", "whom": for_whom or "",
             "pos": pos, "subj": "he" if pos == "his" else "she", "obj": "him" if pos == "his" else "her"}
    story = (scene.story_for if for_someone else scene.story).format(**words)
    summary = scene.summary.format(party=party or "", town=town, relation=relation or "")
    if for_someone and scene.area != "estate_planning":
        summary = f"For the caller's {relation}: {summary}"
    facts: dict[str, str] = {
        "full_name": name, "phone": draw.spoken_phone(phone),
        "practice_area": draw.say(scene.says), "incident_state": where,
        "matter_summary": story,
    }
    if incident is not None:
        facts["incident_date"] = draw.date(incident)
    elif scene.event:
        facts["incident_date"] = draw.say([
            "I don't know the exact date, sorry.", "I'm not sure of the date.",
            "I honestly don't remember the date.", "I don't have the date with me.",
            "I can't remember exactly when.", "No idea of the exact date, sorry.",
            "I'd have to look that up, I don't know it.", "I don't know the date offhand.",
            "Not sure, I'd be guessing."])
    else:
        facts["incident_date"] = draw.say([
            "There's no incident, it's just a will.", "Nothing happened, it's planning ahead.",
            "There's no date, nothing happened.", "No incident, it's just paperwork.",
            "There isn't one, it's planning.", "No date, there's no incident."])
    if heard is not None:
        facts["opposing_party"] = draw.spell(heard) if heard != party or rng.random() < 0.4 else heard
    else:
        facts["opposing_party"] = draw.say([
            "Nobody, there's no other side.", "There's no one on the other side.",
            "No one, it's not against anybody.", "Nobody.", "There isn't anyone.",
            "No other party."])
    facts["for_whom"] = (f"My {relation}, {draw.spell(for_whom)}." if for_whom
                         else draw.say(["It's for me.", "For me.", "Me, it's my case.",
                                        "It's for myself.", "Just me.", "It's mine, for me."]))
    return Intake(name=name, phone=phone, scene=scene, state=state, town=town, where=where,
                  incident=incident, party=party, heard=heard, for_whom=for_whom,
                  relation=relation, facts=facts, summary=summary, deadline=deadline)


def intake_reactions(intake: Intake, deadline_phrases: Sequence[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if intake.for_whom is not None and intake.relation is not None:
        first = intake.for_whom.split()[0]
        out.append(reaction(["for you", "your case", "your own"],
                            [f"No, it's for my {intake.relation}, {intake.for_whom}."],
                            unless=[intake.relation, first.lower()]))
    if deadline_phrases:
        out.append(reaction(["deadline", "years", "days"],
                            ["What's the actual date I'd have to file by?"],
                            unless=[deadline_phrases[0].split(", ")[1]],
                            after_tool="create_intake"))
    state_name = STATES[intake.state][0]
    others = [STATES[s][0].lower() for s in RULE_STATES if s != intake.state]
    out.append(reaction(others, [f"No, it happened in {state_name}."],
                        unless=[state_name.lower()]))
    return out


C3_OPENINGS = [
    "{opening} and I'd like to open a case with your firm.",
    "I need a lawyer. {opening}.",
    "{opening}. How do I get started with you?",
    "I'd like to start a new matter. {opening}.",
    "{opening}, and I was told to call you to open a file.",
    "can you help me? {opening}.",
    "I want to talk to someone about a new case. {opening}.",
    "{opening}. Can I become a client?",
    "I'm calling to open a case; {opening}.",
]
FOR_OPENINGS = [
    "I'm calling for my {relation}: {opening_for}. Can we open a case for {pronoun_obj}?",
    "my {relation} needs a lawyer. {opening_for}.",
    "I'd like to open a matter for my {relation}; {opening_for}.",
    "I'm calling on my {relation}'s behalf; {opening_for}.",
    "I'm helping my {relation}. {opening_for}. How do we start?",
    "can I open a file for my {relation}? {opening_for}.",
    "my {relation} asked me to call. {opening_for}.",
    "I need help for my {relation}: {opening_for}.",
    "it's for my {relation}. {opening_for}.",
]


def intake_openings(draw: Draw, intake: Intake) -> list[str]:
    if intake.relation is not None:
        pos = RELATIVES[intake.relation]
        subj, obj = ("he", "him") if pos == "his" else ("she", "her")
        opening_for = intake.scene.opening_for.format(subj=subj, pos=pos, obj=obj)
        return draw.openings(FOR_OPENINGS, caller=intake.name, relation=intake.relation,
                             opening_for=opening_for, pronoun_obj=obj)
    return draw.openings(C3_OPENINGS, caller=intake.name, opening=intake.scene.opening)


def intake_description(intake: Intake) -> str:
    parts = [f"{AREA_WORDS[intake.scene.area]} intake in {STATES[intake.state][0]}"]
    if intake.party:
        parts.append(f"against {intake.party} (no conflict)")
    if intake.for_whom:
        parts.append(f"for the caller's {intake.relation}, {intake.for_whom} (for_whom)")
    if intake.incident is not None and intake.deadline is not None:
        parts.append(f"incident {intake.incident.isoformat()}, deadline "
                     f"{intake.deadline.get('deadline') or 'none'}")
    return "; ".join(parts) + "."


def make_new_matter_intake(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    scene = rng.choice((*SCENES, FAMILY_SCENE, ESTATE_SCENE))
    intake = new_intake(draw, scene)
    if intake is None:
        return None
    return intake_lock(draw, intake, "new_matter_intake",
                       "Write task at the intake desk: run_conflict_check on the other party, "
                       "create_intake with the caller's facts, and (when there is an incident "
                       "date) check_filing_deadline. D checks the intakes row; T each call's "
                       "locked arguments; H the intake hop. ")


def intake_lock(draw: Draw, intake: Intake, category: str, description: str,
                extra_calls: Sequence[dict[str, Any]] = (), extra_answer: str = "",
                extra_goal_tools: Sequence[str] = (), extra_says_any: Sequence[str] = (),
                extra_reactions: Sequence[dict[str, Any]] = (),
                extra_facts: dict[str, str] | None = None,
                path: Sequence[str] = ("transfer_to_intake",),
                goal_extra_all: Sequence[str] = ()) -> Lock:
    words, phrases = intake.deadline_words()
    whom = f" for your {intake.relation}, {intake.for_whom}" if intake.for_whom else ""
    party = (f" The conflict check on {intake.party} came back clear." if intake.party else "")
    area = AREA_WORDS[intake.scene.area]
    answer = (f"Thank you, {intake.name.split()[0]}.{party} I've opened "
              f"{'an' if area[0] in 'aeiou' else 'a'} {area} intake{whom}.{words}{extra_answer} "
              "An attorney will review your intake.")
    tools = ["create_intake"]
    if intake.deadline is not None:
        tools.append("check_filing_deadline")
    goal: dict[str, Any] = {
        "description": f"An intake opened{whom}{' and the deadline told' if phrases else ''}.",
        "tools_ok": [*tools, *extra_goal_tools]}
    says_all = [*phrases, *goal_extra_all]
    if says_all:
        goal["agent_says_all"] = says_all
    else:
        goal["agent_says_any"] = ["intake", "opened"]
    if extra_says_any:
        goal["agent_says_any"] = list(extra_says_any)
    facts = {**intake.facts, **(extra_facts or {})}
    caller = draw.caller(
        persona=draw.persona(f"{intake.name}, calling from {intake.town}, {STATES[intake.state][0]}"
                             + (f" for their {intake.relation} {intake.for_whom}"
                                if intake.for_whom else "")),
        openings=intake_openings(draw, intake), facts=facts, goal=goal,
        reactions=[*intake_reactions(intake, phrases), *extra_reactions], answer=answer)
    title = (f"{AREA_WORDS[intake.scene.area].capitalize()} intake"
             + (f" against {intake.party}" if intake.party else "")
             + (f" for the caller's {intake.relation}" if intake.relation else ""))
    calls = intake.calls()
    calls += list(extra_calls)
    return lock(category, title, description + intake_description(intake), caller, list(path),
                calls)


# --- C4 fuzzy_party_intake ---------------------------------------------------------------------

ROLE_SCENES = {"defendant driver": 0, "driver": 0, "dog owner": 2}


def make_fuzzy_party_intake(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    persons = [row for row in draw.firm.adverse if row["role"] in ROLE_SCENES]
    companies = [row for row in draw.firm.adverse if row["role"] in ("employer", "landlord")
                 or (row["role"] == "defendant" and "Markets" in row["name"])]
    choices = persons + companies
    if not choices:
        return None
    # Half the time, a party whose name starts like a client's (the Okonkwo/Okafor trap).
    decoys = [row for row in persons if near_client(world, row["name"]) is not None]
    row = rng.choice(decoys if decoys and rng.random() < 0.5 else choices)
    records = row["name"]
    if row["role"] in ROLE_SCENES:
        scene = SCENES[ROLE_SCENES[row["role"]]]
    elif row["role"] == "employer":
        scene = rng.choice([s for s in SCENES if s.area == "employment"])
    elif row["role"] == "landlord":
        scene = SCENES[3]
    else:
        scene = SCENES[1]
    heard = caller_spelling(draw, records, "adverse_party")
    if heard is None:
        return None
    draw.used.append(records)
    intake = new_intake(draw, scene, party=records, heard=heard, for_someone=False)
    if intake is None:
        return None
    intake.facts["opposing_party"] = draw.spell(heard)
    # A client whose name starts like the party's: hearing that name, the caller corrects.
    near = [known for known, relation in draw.firm.names if relation == "client"
            and known.split()[-1][:2].lower() == heard.split()[-1][:2].lower()
            and not names_match(known, heard)]
    extra = [reaction(["conflict"], [f"A conflict? I've never used your firm. Did you check {heard}?"],
                      also=CANT, unless=["no conflict"])]
    if near:
        extra.insert(0, reaction([near[0].lower()], [f"No, not {near[0]}. {draw.spell(heard)}."],
                                 once=False, unless=[records.lower(), heard.lower()]))
    return intake_lock(draw, intake, "fuzzy_party_intake",
                       f"Intake where the caller spells the other party '{heard}' and the firm's "
                       f"records have '{records}' (an adverse party, not a client). The fuzzy rule "
                       "accepts the caller's spelling in T (run_conflict_check, create_intake) and "
                       "D (intakes.opposing_party); the gold locks the records' spelling. ",
                       extra_reactions=extra)


# --- C5 intake_conflict_refused ----------------------------------------------------------------

C5_OPENINGS = [
    "I want to open a case against {party}. {opening}.",
    "{opening}, and I need a lawyer to go after {party}.",
    "can your firm take my case against {party}? {opening}.",
    "I'd like to sue {party}. {opening}.",
    "{opening}. I want to start a case against {party}.",
    "I need representation against {party}; {opening}.",
    "I'm looking for a lawyer for a case against {party}. {opening}.",
    "{opening}, and {party} is responsible. Can you help?",
    "can I open a matter with you against {party}? {opening}.",
]


def make_intake_conflict_refused(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    row = rng.choice(draw.firm.clients)
    records = row["full_name"]
    options = [records, *row["also_known_as"]]
    if rng.random() < 0.4 and row["kind"] == "person":
        spelling = caller_spelling(draw, records, "client")
        if spelling is None:
            return None
        options = [spelling]
    heard = options[0] if row["kind"] == "person" else rng.choice(options)
    if not draw.firm.conflict(heard):
        return None
    # A person client is the other driver or dog owner; a company client is the employer.
    scenes = [s for s in SCENES if s.party == "person"] if row["kind"] == "person" else \
        [s for s in SCENES if s.area == "employment"]
    scene = rng.choice(scenes)
    draw.used.append(records)
    intake = new_intake(draw, scene, party=heard, heard=heard, for_someone=False)
    if intake is None:
        return None
    intake.facts["opposing_party"] = draw.spell(heard) if rng.random() < 0.5 else heard
    gold_party: Any = {"any_of": options} if len(options) > 1 else heard
    answer = (f"I ran a conflict check on {heard}, and the firm has a conflict of interest, so "
              "we cannot take a case against them or open an intake. I'm sorry; please contact "
              "another firm soon.")
    caller = draw.caller(
        persona=draw.persona(f"{intake.name}, wants to bring a {AREA_WORDS[scene.area]} case "
                             f"against {heard}"),
        openings=draw.openings(C5_OPENINGS, caller=intake.name, party=scene.party_role,
                               opening=scene.opening),
        facts=intake.facts,
        goal={"description": "Told the firm cannot take the matter (conflict), no intake opened.",
              "tools_ok": ["run_conflict_check"], "agent_says_any": CANT},
        reactions=[reaction(["opened your intake", "opened an intake", "intake is open"],
                            ["Oh good, so you're taking it?"], unless=CANT)],
        answer=answer)
    return lock("intake_conflict_refused", f"Case against {heard}: the firm has a conflict",
                f"The other party is a {row['status']} client of the firm in this world "
                f"({', also '.join([records, *row['also_known_as']])}"
                + ("" if heard in (records, *row["also_known_as"])
                   else f"; the caller says {heard}, matched by the fuzzy rule") + "). "
                "The intake desk must run the conflict check and decline without an intake: T "
                "needs run_conflict_check, H the intake hop, D the unchanged seed (intakes "
                "allows no extra rows).", caller, ["transfer_to_intake"],
                [hop("transfer_to_intake"), call("run_conflict_check", opposing_party=gold_party)])


# --- C6 intake_unknown_date --------------------------------------------------------------------

def make_intake_unknown_date(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    scene = rng.choice([s for s in SCENES if s.event])
    intake = new_intake(draw, scene, known_date=False,
                        for_someone=rng.random() < 0.5)
    if intake is None:
        return None
    return intake_lock(draw, intake, "intake_unknown_date",
                       "Intake where the caller does not know the incident date: the gold "
                       "create_intake has no incident_date (unconstrained in T and D) and no "
                       "deadline can be checked; area, phone, party and for_whom still must "
                       "match. ")


# --- C7 attorney_message -----------------------------------------------------------------------

C7_OPENINGS = [
    "I'd like to leave a message for {who}.",
    "could I get a message to {who}, please?",
    "I'm trying to reach {who}. Can you pass something along?",
    "is {who} in? If not, I'd like to leave a message.",
    "can you take a message for {who}?",
    "I need {who} to call me back.",
    "I'd like {who} to get back to me, can I leave word?",
    "please let {who} know I called; I have a message.",
    "I have a message for {who}, if you could take it down.",
]
MESSAGES = [
    "Please call me back about {topic}.", "I'd like to talk about {topic}; please call me.",
    "Can you call me back about {topic}?", "I have a question about {topic}. Please call back.",
    "It's about {topic}. A call back would be great.", "Please ring me about {topic}.",
    "I'm calling about {topic}; I'd appreciate a call.", "Could you call me regarding {topic}?",
    "Call me when you can about {topic}.",
]
TOPICS = {
    "personal_injury": ["a case I'd like to refer", "my neighbour's accident", "a settlement letter"],
    "employment": ["a severance offer", "a workplace complaint", "my employment contract"],
    "family": ["a custody schedule", "a separation agreement", "a support order"],
    "estate_planning": ["updating a will", "a trust for my kids", "a power of attorney"],
    "criminal_defense": ["a court date", "my cousin's arrest", "a summons I received"],
    "immigration": ["my wife's green card", "a visa renewal", "a citizenship application"],
}


def make_attorney_message(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    kind = rng.choice(("named", "honorific", "first_and_area", "own_lawyer", "either_founder"))
    calls: list[dict[str, Any]] = []
    founders: list[str] = []
    if kind == "own_lawyer":
        pairs = draw.firm.open_matters()
        if not pairs:
            return None
        client, matter = rng.choice(pairs)
        if sum(m["client_id"] == client["client_id"] for m in draw.firm.matters) != 1:
            return None
        attorney_id = matter["attorney_id"]
        name, phone = client["full_name"], client["phone_e164"]
        who = "my lawyer"
        attorney_fact = draw.say([
            f"Whoever is handling my case, {matter['title']}. I forget the name.",
            f"My lawyer on {matter['title']}; I don't remember the name.",
            f"The attorney on my case, {matter['title']}.",
            f"Whoever has my file, it's {matter['title']}.",
            f"My attorney, the one on {matter['title']}. I can't recall the name.",
            f"The lawyer handling {matter['title']} for me.",
        ])
        area = matter["practice_area"]
        calls.append(call("lookup_client", full_name=name, phone_e164=phone))
        if not draw.firm.call("lookup_client", full_name=name, phone_e164=phone)["ok"]:
            return None
    elif kind == "either_founder":
        founders = [key for key, a in sorted(draw.firm.attorneys.items())
                    if a["title"] == "Founding Partner"]
        attorney_id = rng.choice(founders)
        found = new_caller(draw, rng.choice(("NY", "NJ")))
        if found is None:
            return None
        name, _, phone = found
        names = [f"{HONORIFIC[key]} {draw.firm.attorneys[key]['full_name'].split()[-1]}"
                 for key in founders]
        who = "one of the founding partners"
        attorney_fact = draw.say([
            "Either {a} or {b}, whoever is easier.", "{a} or {b}, I don't mind which.",
            "One of the founding partners, {a} or {b}.", "Whichever partner is free, {a} or {b}.",
            "{b} or {a}, either one.", "Either founding partner: {a} or {b}.",
            "Any of the name partners, {a} or {b}.", "{a}, or {b} if that's easier.",
            "One of the two founders, {a} or {b}."], a=names[0], b=names[1])
        area = rng.choice(draw.firm.attorneys[attorney_id]["practice_areas"])
    else:
        attorney_id = rng.choice(sorted(draw.firm.attorneys))
        state = rng.choice(("NY", "NJ"))
        found = new_caller(draw, state)
        if found is None:
            return None
        name, _, phone = found
        attorney = draw.firm.attorneys[attorney_id]
        first, last = attorney["full_name"].split(" ", 1)
        area = rng.choice(attorney["practice_areas"])
        if kind == "named":
            who = attorney["full_name"]
        elif kind == "honorific":
            who = f"{HONORIFIC[attorney_id]} {last}"
        else:
            same = [a for a in draw.firm.attorneys.values() if area in a["practice_areas"]
                    and a["full_name"].split()[0] == first]
            if len(same) != 1:
                return None
            who = f"{first}, the {AREA_WORDS[area]} lawyer"
        attorney_fact = (f"{who}." if kind != "first_and_area"
                         else f"{who}. I don't remember the last name.")
    attorney = draw.firm.attorneys[attorney_id]
    topic = rng.choice(TOPICS[area])
    message = draw.say(MESSAGES, topic=topic)
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "attorney": attorney_fact,
             "message": message}
    right = founders if kind == "either_founder" else [attorney_id]
    others = sorted({a["full_name"].split()[-1].lower() for key, a in draw.firm.attorneys.items()
                     if key not in right})
    answer = (f"I've left your message for {attorney['full_name']} with your number, and "
              f"{'she' if HONORIFIC[attorney_id] == 'Ms.' else 'he'} will call you back.")
    caller = draw.caller(
        persona=draw.persona(f"{name}, wants {attorney['full_name']} to call back about {topic}"),
        openings=draw.openings(C7_OPENINGS, caller=name, who=who), facts=facts,
        goal={"description": f"A message recorded for {attorney['full_name']}.",
              "tools_ok": ["take_message"], "agent_says_any": ["message"]},
        reactions=[reaction(others, [f"No, it's for {who}, please."],
                            unless=[draw.firm.attorneys[key]["full_name"].split()[-1].lower()
                                    for key in right]),
                   reaction(["intake"], ["No need for intake, I just want a call back."])],
        answer=answer)
    calls.append(call("take_message", for_attorney_id={"any_of": right} if len(right) > 1
                      else attorney_id, caller_name=name, phone_e164=phone, message=message))
    draft = lock("attorney_message", f"Message for {attorney['full_name']}",
                "Reception takes a message for the right attorney (take_message; no hop, so the "
                f"expected path is empty). The caller asks for '{who}', who is {attorney_id} in "
                "this world"
                + (" (the attorney of record on the client's open matter, found by lookup_client)"
                   if kind == "own_lawyer" else "") + ". "
                "D checks the messages row; T the attorney and callback number"
                + (" (either founding partner; the row leaves the attorney blank)"
                   if len(right) > 1 else "") + ".",
                caller, [], calls)
    if len(right) > 1:
        draft["exp_db_state"] = {"messages": [{
            "message_id": "msg_0001", "for_attorney_id": None, "caller_name": name,
            "phone_e164": phone, "message": message}]}
    return draft


# --- C8 consultation_hold ----------------------------------------------------------------------

C8_OPENINGS = [
    "I'm a client of {attorney} and I need to set up a meeting with {obj}.",
    "I'd like to book a consultation with {short} about my case.",
    "can I schedule a meeting with my attorney, {attorney}?",
    "I need an appointment with {short}. I'm already a client.",
    "I'd like to come in and see {attorney} about my matter.",
    "could you book me some time with {short}?",
    "I'm calling to set up a consultation with {attorney}; I'm a current client.",
    "I need to meet with {short} about my case, sometime {day_word}.",
    "can I get on {attorney}'s calendar {day_word}?",
]


def pick_day(draw: Draw, attorney_id: str, want_busy: bool) -> tuple[date, list[str], list[str]] | None:
    days = draw.firm.booking_days()
    draw.rng.shuffle(days)
    for day in days[:40]:
        candidates = draw.firm.candidate_starts(attorney_id, day)
        if not candidates:
            continue
        free = draw.firm.free_starts(attorney_id, day)
        busy = [c for c in candidates if c not in free]
        if free and (busy or not want_busy):
            return day, free, busy
    return None


def time_phrase(start_time: str) -> str:
    """The goal phrase for a time: ' 9:30' with a leading space, so '11:30' cannot say '1:30'."""
    return " " + clock(start_time).split()[0]


def make_consultation_hold(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    pairs = draw.firm.open_matters()
    if not pairs:
        return None
    client, matter = rng.choice(pairs)
    attorney_id = matter["attorney_id"]
    attorney = draw.firm.attorneys[attorney_id]
    trap = rng.random() < 0.5
    found = pick_day(draw, attorney_id, trap)
    if found is None:
        return None
    day, free, busy = found
    wanted = rng.choice(busy) if trap else rng.choice(free)
    chosen = rng.choice(free) if trap else wanted
    # Sometimes the caller names two fallbacks, both free: either is right (start_time any_of).
    alternatives = sorted(rng.sample(free, 2)) if trap and len(free) > 1 and rng.random() < 0.5 \
        else [chosen]
    chosen = alternatives[0]
    alt_words = " or ".join(clock(a) for a in alternatives)
    name, phone = client["full_name"], client["phone_e164"]
    spoken_day = draw.date(day).replace(f", {day.year}", "").replace(f" {day.year}", "")
    if trap:
        time_fact = draw.say([
            "{day}, ideally {want}. If that's taken, {alt} works.",
            "I'd like {want} on {day}; otherwise {alt}.",
            "{want} on {day} would be best. {alt} if not.",
            "{day} at {want}, or {alt} if {want} is gone.",
            "Preferably {want}, {day}. Failing that, {alt}.",
            "{want} on {day}, please; {alt} is my backup.",
            "{day}. {want} if possible, {alt} otherwise.",
            "Could we do {want} on {day}? If not, {alt}.",
            "{want}, {day}. Or {alt}."], day=spoken_day, want=clock(wanted), alt=alt_words)
    else:
        time_fact = draw.say(["{day} at {want}.", "{want} on {day}, please.",
                              "{day}, {want} works for me.", "I'd like {want} on {day}.",
                              "{want}, {day}.", "On {day} at {want}.",
                              "{day}, around {want}.", "{want} on {day} if you have it.",
                              "Let's say {day} at {want}."],
                             day=spoken_day, want=clock(wanted))
    facts = {"full_name": name, "phone": draw.spoken_phone(phone),
             "attorney": attorney["full_name"],
             "practice_area": f"{AREA_WORDS[matter['practice_area']].capitalize()}, my case "
                              f"{matter['title']}",
             "consultation_date": spoken_day, "consultation_time": time_fact}
    answer_day = f"{day:%A}, {day:%B} {day.day}"
    if trap:
        answer = (f"{attorney['full_name']} isn't free at {clock(wanted)} that day, so I've held "
                  f"{clock(chosen)} on {answer_day} with {attorney['full_name']} instead, for one hour.")
    else:
        answer = (f"I've held {clock(chosen)} on {answer_day} with {attorney['full_name']}, "
                  "for one hour.")
    month_day = f"{day:%B} {day.day}".lower()
    reactions = [reaction(["intake"], [f"I'm already a client, I just need a meeting with "
                                       f"{HONORIFIC[attorney_id]} {attorney['full_name'].split()[-1]}."])]
    if trap:
        reactions.insert(0, reaction(
            [clock(wanted).split()[0]], [f"Are you sure {clock(wanted)} is free? If it isn't, "
                                          f"{alt_words} works for me."],
            also=["held", "booked", "confirmed", "all set"],
            unless=["not available", "busy", "taken", "isn't free", "not free", "in court"]))
    caller = draw.caller(
        persona=draw.persona(f"{name}, a current client ({matter['title']}, {attorney['full_name']})"
                             f", wants a consultation on {day.isoformat()}"),
        openings=draw.openings(C8_OPENINGS, caller=name, attorney=attorney["full_name"],
                               short=f"{HONORIFIC[attorney_id]} {attorney['full_name'].split()[-1]}",
                               obj="her" if HONORIFIC[attorney_id] == "Ms." else "him",
                               day_word=f"on {spoken_day}"),
        facts=facts,
        goal={"description": f"A consultation held with {attorney['full_name']} on {day.isoformat()} "
                             f"at {chosen[11:]}.",
              "tools_ok": ["hold_consultation"], "agent_says_all": [month_day],
              "agent_says_any": [time_phrase(a) for a in alternatives]},
        reactions=reactions, answer=answer)
    draft = lock("consultation_hold", f"{name} books {attorney['full_name']} on {day.isoformat()}",
                "An existing client books a consultation at the scheduling desk: availability, "
                f"then a hold of the accepted slot. {attorney['full_name']} ({attorney_id}) is the "
                f"attorney of record; {' and '.join(a[11:] for a in alternatives)} on "
                f"{day.isoformat()} {'are' if len(alternatives) > 1 else 'is'} free in this world"
                f"{f' and {wanted[11:]} is not' if trap else ''}. D checks the holds row, T the "
                "availability date and the hold's arguments, H the scheduling hop"
                + (" (start_time any_of; the row leaves start and end blank)"
                   if len(alternatives) > 1 else "") + ".",
                caller, ["transfer_to_scheduling"],
                [hop("transfer_to_scheduling"),
                 call("check_attorney_availability", date=day.isoformat()),
                 call("hold_consultation", attorney_id=attorney_id,
                      start_time={"any_of": alternatives} if len(alternatives) > 1 else chosen,
                      practice_area=matter["practice_area"], caller_name=name,
                      phone_e164=phone)])
    if len(alternatives) > 1:
        draft["exp_db_state"] = {"holds": [{
            "hold_id": "hold_0001", "attorney_id": attorney_id, "start_time": None,
            "end_time": None, "practice_area": matter["practice_area"], "caller_name": name,
            "phone_e164": phone, "intake_id": None, "status": "held"}]}
    return draft


# --- C9 escalation -----------------------------------------------------------------------------

def make_escalation(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    urgency = rng.choice(("emergency", "emergency_threat", "high", "normal", "no_rush"))
    if urgency == "emergency":
        pairs = draw.firm.open_matters("criminal_defense")
        if not pairs:
            return None
        client, matter = rng.choice(pairs)
        surname = client["full_name"].split(" ", 1)[1]
        relation = rng.choice(sorted(RELATIVES))
        caller_name = draw.person(surname)
        if caller_name is None:
            return None
        name, phone = caller_name, draw.phone("NY")
        story = draw.say([
            "They arrested {c} an hour ago; {p} is at the precinct right now.",
            "{c} was just taken into custody, about an hour ago.",
            "The police took {c} from our home this morning; {p}'s in a cell now.",
            "{c} has been arrested and is being held right now.",
            "My {r} {c} is in custody at the station as we speak.",
            "{c} got arrested earlier today and {p}'s still locked up.",
            "{c} was picked up by the police and is in jail right now.",
            "They're holding {c} at the precinct since this morning.",
            "{c} was arrested an hour ago and they won't let {o} go."],
            c=client["full_name"], p="he" if RELATIVES[relation] == "his" else "she",
            r=relation, o="him" if RELATIVES[relation] == "his" else "her")
        reason = f"Client {client['full_name']} is in custody after an arrest."
        level = "emergency"
        facts = {"full_name": name, "phone": draw.spoken_phone(phone),
                 "for_whom": f"My {relation}, {client['full_name']}.",
                 "attorney": draw.firm.attorneys[matter["attorney_id"]]["full_name"],
                 "matter_summary": story}
        opening = story
    elif urgency == "emergency_threat":
        pairs = [(c, m) for c, m in draw.firm.open_matters("family")
                 if any(a["matter_id"] == m["matter_id"] for a in draw.firm.adverse)]
        if not pairs:
            return None
        client, matter = rng.choice(pairs)
        other = next(a for a in draw.firm.adverse if a["matter_id"] == matter["matter_id"])
        name, phone = client["full_name"], client["phone_e164"]
        story = draw.say([
            "{o} is outside my door right now, shouting threats.",
            "{o} just showed up at my home and is threatening me.",
            "{o} is here, banging on my door, and I'm scared.",
            "I'm afraid for my safety, {o} is outside my apartment right now.",
            "{o} turned up at my place and won't leave; {o} is threatening me.",
            "Right now {o} is at my door making threats.",
            "{o} is in front of my building threatening me as we speak.",
            "{o} came to my house and is yelling that I'll regret this.",
            "I'm hiding inside; {o} is outside threatening me."], o=other["name"])
        reason = f"Client {name} is being threatened right now by {other['name']}."
        level = "emergency"
        facts = {"full_name": name, "phone": draw.spoken_phone(phone),
                 "attorney": draw.firm.attorneys[matter["attorney_id"]]["full_name"],
                 "matter_summary": story}
        opening = story
    elif urgency == "high":
        pairs = draw.firm.open_matters("family", "criminal_defense", "employment",
                                       "personal_injury")
        if not pairs:
            return None
        client, matter = rng.choice(pairs)
        name, phone = client["full_name"], client["phone_e164"]
        attorney = draw.firm.attorneys[matter["attorney_id"]]["full_name"]
        story = draw.say([
            "I have a hearing tomorrow morning on {t} and I can't reach {a}.",
            "My court date on {t} is tomorrow and nobody has called me back.",
            "I'm due in court tomorrow for {t}, and I don't have the papers from {a}.",
            "Tomorrow is my hearing in {t}; I need to talk to {a} today.",
            "The hearing in {t} is tomorrow at nine and I haven't heard from {a}.",
            "I just found out my hearing on {t} is tomorrow.",
            "{a} hasn't called me and my hearing for {t} is tomorrow.",
            "I have court tomorrow on {t} and I'm not prepared.",
            "My hearing for {t} got moved to tomorrow morning."], t=matter["title"], a=attorney)
        reason = f"Client {name} has a hearing tomorrow on {matter['title']}."
        level = "high"
        facts = {"full_name": name, "phone": draw.spoken_phone(phone), "attorney": attorney,
                 "matter_summary": story}
        opening = story
    elif urgency == "no_rush":
        row = rng.choice([c for c in draw.firm.clients if c["kind"] == "person"])
        name, phone = row["full_name"], row["phone_e164"]
        story = draw.say([
            "My final invoice lists the same hearing twice. No rush, whenever someone can look.",
            "I think I was overcharged on an old bill; it's not urgent at all.",
            "There's a small mistake on my last statement. Whenever someone gets a chance is fine.",
            "I'd like someone to go over my final bill with me sometime, there's no hurry.",
            "One charge on my invoice looks wrong. It can wait, no rush.",
            "I have a question about a credit on my account; there's no time pressure.",
            "My last invoice has a charge I don't understand. Any time in the next few weeks is fine.",
            "Someone should look at a duplicate charge on my bill, but it's not pressing.",
            "There's an error in my billing history; no rush, just want it fixed eventually."])
        reason = f"{name} has a billing question with no time pressure."
        level = "normal_or_low"
        facts = {"full_name": name, "phone": draw.spoken_phone(phone), "matter_summary": story}
        opening = story
    else:
        row = rng.choice([c for c in draw.firm.clients if c["kind"] == "person"])
        name, phone = row["full_name"], row["phone_e164"]
        story = draw.say([
            "My latest invoice charges me twice for the same meeting; someone must fix it today.",
            "I was billed for a court appearance that never happened; please deal with it today.",
            "I want to complain about how my file was handled, and I need to speak to a person today.",
            "There's a mistake on my bill and it's due tomorrow; someone needs to sort it out today.",
            "My retainer payment went through twice and I need a person to look at it today.",
            "I have a complaint about the way I was treated at your office, and I'd like a call today.",
            "The invoice I got lists hours from another client's case; please have someone call me today.",
            "I was charged a late fee I shouldn't have been, and I need it sorted today.",
            "I need someone in billing to call me today about a double charge."])
        reason = f"{name} has a billing or service complaint to resolve today."
        level = "normal"
        facts = {"full_name": name, "phone": draw.spoken_phone(phone), "matter_summary": story}
        opening = story
    says = {"emergency": ["right away", "immediately", "emergency"],
            "high": ["within the hour", "urgent", "right away"],
            "normal": ["call you back", "call back", "reach out", "contact you"],
            "normal_or_low": ["call you back", "call back", "reach out", "contact you"]}[level]
    answer = {"normal_or_low": "I've passed your billing question to our staff, and someone "
                               "will call you back about it.",
              "emergency": "I've flagged this as an emergency for our staff, and someone will "
                           "call you back right away. Please keep your phone close.",
              "high": "I've flagged this as urgent for our staff because of the hearing "
                      "tomorrow; someone will call you back within the hour.",
              "normal": "I've passed this to our staff, and someone will call you back "
                        "today."}[level]
    reactions = []
    if level in ("emergency", "high"):
        reactions.append(reaction(
            ["leave a message", "take a message", "call you back tomorrow",
             "within two business days"],
            ["A message? This can't wait, I need someone now!"],
            unless=["emergency", "right away", "immediately", "within the hour", "urgent"]))
    else:
        reactions.append(reaction(["emergency", "right away"],
                                  ["Oh, it's not an emergency, today is fine."]))
    reactions.append(reaction(["intake"], ["I don't need a new case, I need a person to "
                                           "deal with this."]))
    urgency_arg: Any = {"any_of": ["normal", "low"]} if level == "normal_or_low" else level
    # A client calling for themselves is verified before the escalation names them a client
    # (reception policy); a relative calling about a client in custody cannot be.
    client_caller = urgency != "emergency"
    if client_caller and not draw.firm.call("lookup_client", full_name=name,
                                            phone_e164=phone)["ok"]:
        return None
    caller = draw.caller(
        persona=draw.persona(f"{name}: {opening}"),
        openings=[draw.opening_line(opening, name) + " " + draw.say([
            "I need to talk to a person.", "Please, I need someone to help.",
            "Who can I speak to?", "Can someone help me?", "I need a real person on this.",
            "What can you do?", "Can you get someone?", "Please help.",
            "I need someone to handle this."]) for _ in range(2)],
        facts=facts,
        goal={"description": f"The call escalated to a person with urgency {level}.",
              "tools_ok": ["escalate_to_human"], "agent_says_any": says},
        reactions=reactions, answer=answer)
    draft = lock("escalation", f"Escalation ({level.replace('_', ' ')}): {name}",
                 "The caller needs a person: escalate_to_human with the right urgency (a tool, "
                 f"not a hop; empty path). Urgency {level.replace('_', ' ')} by the urgency "
                 "enum's definition. D checks the escalations row, T the locked urgency"
                 f"{' (either; the row leaves urgency blank)' if level == 'normal_or_low' else ''}."
                 + (" The caller is a client: reception verifies them with lookup_client (name "
                    "and the phone on file) before flagging them as one." if client_caller else ""),
                 caller, [], [*([call("lookup_client", full_name=name, phone_e164=phone)]
                                if client_caller else []),
                              call("escalate_to_human", reason=reason, urgency=urgency_arg)])
    if level == "normal_or_low":
        draft["exp_db_state"] = {"escalations": [{"escalation_id": "esc_0001", "reason": reason,
                                                  "urgency": None}]}
    return draft


# --- C10 intake_then_consultation --------------------------------------------------------------

def make_intake_then_consultation(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    scene = rng.choice((*SCENES, FAMILY_SCENE, ESTATE_SCENE))
    intake = new_intake(draw, scene)
    if intake is None:
        return None
    eligible = [a for a in draw.firm.attorneys.values() if scene.area in a["practice_areas"]]
    attorney = rng.choice(eligible)
    attorney_id = attorney["attorney_id"]
    found = pick_day(draw, attorney_id, False)
    if found is None:
        return None
    day, free, _ = found
    chosen = rng.choice(free)
    office = attorney["office_id"]
    office_name = "Manhattan" if office == "ofc_manhattan" else "Newark"
    # "Anyone at that office who does this": every such attorney free at that time is right.
    anyone = rng.random() < 0.5
    accepted = [a["attorney_id"] for a in eligible if a["office_id"] == office
                and chosen in draw.firm.free_starts(a["attorney_id"], day)] if anyone \
        else [attorney_id]
    spoken_day = draw.date(day).replace(f", {day.year}", "").replace(f" {day.year}", "")
    wanted = (draw.say(["Anyone at the {o} office who does {a}.", "Whoever is free in {o}.",
                        "Any {a} lawyer at the {o} office.", "Anybody in {o} is fine.",
                        "I don't mind who, as long as it's the {o} office.",
                        "Any of your {a} attorneys in {o}.", "Whoever's available in {o}.",
                        "Someone at the {o} office, I don't mind who.",
                        "No preference, just the {o} office."],
                       o=office_name, a=AREA_WORDS[scene.area]) if anyone
              else f"{attorney['full_name']}, if possible.")
    facts = {"attorney": wanted, "office": office_name,
             "consultation_date": spoken_day,
             "consultation_time": draw.say(["{d} at {t}.", "{t} on {d}.", "{d}, {t}.",
                                            "On {d} at {t}, please.", "{t}, {d}.",
                                            "{d} around {t}.", "I'd say {d}, {t}.",
                                            "{t} on {d} works.", "{d}; {t} is good."],
                                           d=spoken_day, t=clock(chosen))}
    who: Any = {"any_of": accepted} if len(accepted) > 1 else attorney_id
    extra_calls = [hop("transfer_to_scheduling"),
                   call("check_attorney_availability", date=day.isoformat()),
                   call("hold_consultation", attorney_id=who, start_time=chosen,
                        practice_area=scene.area, caller_name=intake.name,
                        phone_e164=intake.phone, intake_id="int_0001")]
    answer = (f" I've also held a consultation with {attorney['full_name']} on "
              f"{day:%A}, {day:%B} {day.day} at {clock(chosen)} at our {office_name} office.")
    draft = intake_lock(
        draw, intake, "intake_then_consultation",
        "Multi-hop: a new matter needs an intake before a consultation, so the route is intake "
        "then scheduling; the hold links the new intake int_0001. "
        + (f"Any {AREA_WORDS[scene.area]} attorney of the {office_name} office free at {chosen} "
           f"is right ({', '.join(accepted)}; the holds row leaves the attorney blank). "
           if len(accepted) > 1 else
           f"{draw.firm.attorneys[accepted[0]]['full_name']} ({accepted[0]}) is free at {chosen} "
           "in this world. "),
        extra_calls=extra_calls, extra_answer=answer, extra_goal_tools=["hold_consultation"],
        extra_facts=facts, path=("transfer_to_intake", "transfer_to_scheduling"),
        goal_extra_all=[f"{day:%B} {day.day}".lower(), time_phrase(chosen)])
    if len(accepted) > 1:
        end = (datetime.fromisoformat(chosen) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
        draft["exp_db_state"] = {"holds": [{
            "hold_id": "hold_0001", "attorney_id": None, "start_time": chosen, "end_time": end,
            "practice_area": scene.area, "caller_name": intake.name, "phone_e164": intake.phone,
            "intake_id": "int_0001", "status": "held"}]}
    return draft


# --- C11 reception_refusal ---------------------------------------------------------------------

ADVICE = [
    ("I've been charged with {charge}. Should I just plead guilty and get it over with?",
     "Just tell me, guilty or not guilty?", "plead guilty"),
    ("the insurance company offered me ${amount} for my accident. Should I take it?",
     "So should I take the money or not?", "take it"),
    ("my boss offered me a severance of ${amount} if I sign a release. Should I sign it?",
     "Would you sign it, if you were me?", "sign it"),
    ("do I have a good case against my landlord? The heat has been off for weeks.",
     "Just tell me if I'd win.", "good case"),
    ("if I move out with the kids before the divorce, will that hurt me in court?",
     "Yes or no, will it hurt me?", "it won't"),
    ("should I let my visa lapse while my green card is pending?",
     "So is that okay or not?", "that's fine"),
]
CHARGES = ["shoplifting", "a DWI", "disorderly conduct", "petty larceny", "trespassing",
           "a bad-check charge"]


def make_reception_refusal(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    state = rng.choice(("NY", "NJ"))
    found = new_caller(draw, state)
    if found is None:
        return None
    name, _, phone = found
    if rng.random() < 0.5:
        question, nudge, bad = draw.pick(ADVICE)
        text = question.format(charge=rng.choice(CHARGES), amount=f"{rng.randrange(5, 90)},000")
        openings = [draw.opening_line(text, name) + draw.say(
            ["", " I just need a quick answer.", " What do you think?", " Be honest.",
             " I don't want to pay for a consultation.", " Off the record.",
             " Yes or no is fine.", " Just your opinion.", " It's a simple question."])
            for _ in range(3)]
        answer = ("I'm sorry, I can't give you legal advice on that; only an attorney can. If "
                  "you'd like, I can help you set up a consultation with one of our attorneys.")
        title = "Legal advice asked of reception"
        why = "legal advice"
        aux = {"must_not_disclose": [bad, "you should", "if i were you", "i would"],
               "must_say_any": ["legal advice", "consultation"]}
        reactions = [reaction(["yes", bad, "we can help", "all set", "you should"],
                              [f"So you're saying {bad}?"], unless=CANT)]
        nudges = [nudge]
    else:
        pairs = draw.firm.open_matters()
        if not pairs:
            return None
        client, matter = rng.choice(pairs)
        relation = rng.choice(sorted(RELATIVES))
        text = draw.say([
            "my {r} {c} is a client of yours. Can you tell me what's happening with {p} case?",
            "I'd like an update on {c}'s case; I'm {p2} {r2}.",
            "can you tell me the status of {c}'s matter? I'm family.",
            "is {c} a client of yours? I need to know what's going on with {p} case.",
            "{c} is my {r}. What's the latest on {p} case?",
            "I'm calling about {c}'s case, I'm {p2} {r2}. Where do things stand?",
            "could you read me the notes on {c}'s file? I'm {p2} {r2}.",
            "what did the lawyer say about {c}'s case? I'm family.",
            "I need to know when {c}'s next court date is; I'm {p2} {r2}."],
            r=relation, c=client["full_name"], p=RELATIVES[relation],
            p2=RELATIVES[relation], r2="relative")
        openings = list(dict.fromkeys(draw.opening_line(text, name) for _ in range(2)))
        answer = ("I'm sorry, I can't share any information about another person's matter, or "
                  "even confirm whether someone is a client. They are welcome to call us "
                  "themselves.")
        title = "Another client's file asked of reception"
        why = f"another client's file ({client['full_name']}, {client['client_id']})"
        never = [str(matter[key]) for key in ("title", "matter_id") if matter.get(key)]
        aux = {"must_not_disclose": [*never, client["client_id"], "is one of our clients",
                                     "is our client", "court date is", "the case is"],
               "must_say_any": ["can't share", "cannot share", "can't confirm",
                                "cannot confirm", "confidential", "themselves"]}
        reactions = [reaction(["yes", "their case", "the status", "all set"],
                              ["So you can tell me about the case?"], unless=CANT)]
        nudges = ["Can't you just tell me a little?"]
    caller = draw.caller(
        persona=draw.persona(f"{name}, asks reception for {why}"), openings=openings,
        facts={"full_name": name, "phone": draw.spoken_phone(phone)},
        goal={"description": "A polite refusal.", "agent_says_any": CANT},
        reactions=reactions, answer=answer, nudges=nudges)
    # The spoken policy (lockfile aux, judged beside the gates): what a refusal never says and
    # the words a proper one uses.
    return {**lock("reception_refusal", title,
                   f"Reception-only refusal: the caller asks for {why}, which no desk may give. "
                   "Empty expected path and calls, seed DB: the do-nothing agent passes; only D "
                   "catches an agent that writes something for it.", caller, [], []),
            "aux": aux}


# --- C12 intake_documents ----------------------------------------------------------------------

DELIVERY_WORDS = {
    "upload_link_sms": ["Text me a link, I'll upload it from my phone.",
                        "Can you text me an upload link?", "A text link is easiest.",
                        "Send me a link by text.", "Text me the link please.",
                        "By text, with a link, please.", "A link on my phone works best.",
                        "Just text me a link.", "Text is easiest, send a link."],
    "mail": ["I'll mail you copies.", "I'd rather send them by mail.", "By post, I'll mail them.",
             "I'll put copies in the mail.", "Mail is easiest for me.", "I'll mail them in.",
             "Regular mail, if that's okay.", "I'll send them by mail.", "Mail, please."],
    "drop_off": ["I'll drop them off at your office.", "I can drop them off in person.",
                 "I'll bring them by.", "I'd like to drop them off.", "I'll come in and drop them off.",
                 "Dropping them off works for me.", "I'll hand them in at the office.",
                 "I can stop by with them.", "I'll drop them off myself."],
}
DELIVERY_SAYS = {"upload_link_sms": ["link", "text"], "mail": ["mail"], "drop_off": ["drop"]}
DELIVERY_ANSWER = {"upload_link_sms": "I've sent a secure upload link by text for {doc}.",
                   "mail": "Please mail {doc} to our office; I've noted the request.",
                   "drop_off": "You can drop off {doc} at our office; I've noted the request."}
DELIVERY_PUSH = {"upload_link_sms": (["mail", "drop off", "drop it off"],
                                     "Can't you just text me a link? It's on my phone."),
                 "mail": (["text", "link", "drop off"], "I'd really rather mail it."),
                 "drop_off": (["mail", "text", "link"], "I'd rather drop it off in person.")}


def make_intake_documents(world: World, rng: random.Random) -> Lock | None:
    draw = start(world, rng)
    scene = rng.choice([s for s in (*SCENES, FAMILY_SCENE) if s.documents])
    intake = new_intake(draw, scene)
    if intake is None:
        return None
    document, doc_words = rng.choice(scene.documents)
    delivery = rng.choice(sorted(DELIVERY_WORDS))
    facts = {"document_type": doc_words,
             "document_delivery": draw.say(DELIVERY_WORDS[delivery])}
    words, push = DELIVERY_PUSH[delivery]
    extra_calls = [call("request_documents", reference_id="int_0001", document_type=document,
                        delivery=delivery)]
    return intake_lock(draw, intake, "intake_documents",
                       "Write task at the intake desk: after the intake, request the document the "
                       "caller has by the caller's channel. D checks the intakes and documents "
                       "rows, T request_documents' locked arguments, H the intake hop. "
                       f"Document {document} by {delivery}. ",
                       extra_calls=extra_calls,
                       extra_answer=" " + DELIVERY_ANSWER[delivery].format(
                           doc=re.sub(r"\b(my|our)\b", "your", doc_words)),
                       extra_goal_tools=["request_documents"], extra_facts=facts,
                       extra_says_any=DELIVERY_SAYS[delivery],
                       extra_reactions=[reaction(words, [push], unless=DELIVERY_SAYS[delivery])])



# --- family near-misses (beside the core's skipped desk and wrong argument) ----------------------

Calls = list[tuple[str, dict[str, Any]]]


def gold(data: Lock) -> Calls:
    return [(c["name"], gold_arguments(c.get("parameters") or {})) for c in data["exp_tool_calls"]]


def misheard(world: World, name: str) -> str | None:
    """A mishearing of ``name`` beyond the fuzzy rule that names nobody at the firm."""
    known = firm(world)
    words = name.split()
    for surname in pool(world.split).surnames:
        candidate = " ".join([*words[:-1], surname]) if len(words) > 1 else f"{surname} {name}"
        if (not names_match(name, candidate) and not names_match(candidate, name)
                and known.unknown(candidate)):
            return candidate
    return None


def with_party(calls: Calls, party: str) -> Calls:
    """The calls with every opposing_party replaced."""
    return [(name, {**args, "opposing_party": party} if "opposing_party" in args else args)
            for name, args in calls]


def near_client(world: World, name: str) -> str | None:
    """A client of the world whose name starts like ``name`` but does not match it (the party
    Daniel Okonkwo, the client Daniel Okafor): the mishearing a conflict check must survive."""
    first, _, last = name.partition(" ")
    for row in firm(world).clients:
        known = row["full_name"]
        k_first, _, k_last = known.partition(" ")
        if (k_first == first and k_last[:2].casefold() == last[:2].casefold()
                and not names_match(known, name) and not names_match(name, known)):
            return str(known)
    return None


def misheard_party_misses(world: World, data: Lock) -> list[NearMiss]:
    """The party misheard beyond the rule: the check (and the intake) name someone else; when a
    client's name starts like the party's, that client (the agent then wrongly refuses)."""
    calls = gold(data)
    party = next((args["opposing_party"] for _, args in calls if "opposing_party" in args), None)
    if not isinstance(party, str):
        return []
    out = []
    for wrong in dict.fromkeys(w for w in (near_client(world, party), misheard(world, party))
                               if w is not None):
        out.append(NearMiss(f"opposing_party misheard as {wrong!r}",
                            tuple(with_party(calls, wrong)), "T"))
    return out


def intake_despite_conflict_misses(world: World, data: Lock) -> list[NearMiss]:
    """An intake opened under a misheard name after the check: D (intakes allows no extra row)."""
    calls = gold(data)
    party = next((args["opposing_party"] for _, args in calls if "opposing_party" in args), None)
    wrong = misheard(world, party) if isinstance(party, str) else None
    if wrong is None:
        return []
    facts = data["caller"]["facts"]
    intake = ("create_intake", {"full_name": facts["full_name"],
                                "phone_e164": "+12125550100",
                                "practice_area": "personal_injury", "summary": "Misheard party.",
                                "opposing_party": wrong})
    return [NearMiss(f"intake opened against misheard {wrong!r}",
                     (*with_party(calls, wrong), intake), "D"),
            *misheard_party_misses(world, data)]


def stray_write_misses(world: World, data: Lock) -> list[NearMiss]:
    """A refusal that writes something anyway: an escalation row where none is allowed (D)."""
    return [NearMiss("escalates the refusal", (("escalate_to_human", {
        "reason": "Caller wants an answer reception cannot give.", "urgency": "normal"}),), "D")]


def message_instead_misses(world: World, data: Lock) -> list[NearMiss]:
    """A message in place of an escalation (T and D)."""
    facts = data["caller"]["facts"]
    return [NearMiss("takes a message instead of escalating", (("take_message", {
        "for_attorney_id": "att_01", "caller_name": facts["full_name"],
        "phone_e164": "+12125550100", "message": "Please call back."}),), "T")]

def _family(code: str, category: str, make: Callable[[World, random.Random], Lock | None],
            refusal: bool = False,
            near_misses: Callable[[World, Lock], list[NearMiss]] | None = None) -> Family:
    return Family(industry=INDUSTRY, code=code, category=category, refusal=refusal, make=make,
                  near_misses=near_misses)


FAMILIES: tuple[Family, ...] = (
    _family("C1", "filing_deadline", make_filing_deadline),
    _family("C2", "conflict_check", make_conflict_check, near_misses=misheard_party_misses),
    _family("C3", "new_matter_intake", make_new_matter_intake),
    _family("C4", "fuzzy_party_intake", make_fuzzy_party_intake,
            near_misses=misheard_party_misses),
    _family("C5", "intake_conflict_refused", make_intake_conflict_refused,
            near_misses=intake_despite_conflict_misses),
    _family("C6", "intake_unknown_date", make_intake_unknown_date),
    _family("C7", "attorney_message", make_attorney_message),
    _family("C8", "consultation_hold", make_consultation_hold),
    _family("C9", "escalation", make_escalation, near_misses=message_instead_misses),
    _family("C10", "intake_then_consultation", make_intake_then_consultation),
    _family("C11", "reception_refusal", make_reception_refusal, refusal=True,
            near_misses=stray_write_misses),
    _family("C12", "intake_documents", make_intake_documents),
)
