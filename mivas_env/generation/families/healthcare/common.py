"""What the healthcare families share: the world read through the real tool server (the plan
the office really refuses, the slot search_availability really returns, the day that is
really full), new people, and the caller block with this practice's voice."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from mivas_env.generation.core import Draft, Family, NearMiss, Row, World, load_world
from mivas_env.generation.lockfile import LockedCall, call, caller_block, hop, hops, reaction
from mivas_env.generation.scene import NoFit, Scene, family
from mivas_env.generation.spoken import (
    WEEKDAYS,
    age_on,
    clock,
    clock_ampm,
    date_phrases,
    long_date,
    spoken_birthday,
    spoken_date,
    spoken_phone,
    spoken_time,
)
from mivas_env.generation.text import TemplateSet, Text, family_templates, load_templates
from mivas_env.industries.base import Database
from mivas_env.industries.healthcare import HealthcareServer

INDUSTRY = "healthcare"
PACKAGE = "mivas_env.generation.families.healthcare"
WINDOW = 28  # the booking window: today and the 27 days after it
VISIT_WORDS = {"follow_up": "follow-up", "annual_physical": "annual physical",
               "sick_visit": "sick visit", "new_patient": "new-patient visit"}
VISIT_FACTS = {"follow_up": "A follow-up", "annual_physical": "My annual physical",
               "sick_visit": "A sick visit", "new_patient": "A new-patient visit, it's my first time"}
BOOKED_WORDS = ["booked", "scheduled", "all set", "confirmed", "you're set", "reserved"]
REFUSAL_WORDS = ["can't", "cannot", "unable", "not able"]
AREA_CODES = ["212", "646", "718", "347", "914", "917"]
Person = dict[str, Any]
# What the families take from here besides the helpers below (``kit.call``, ``kit.Scene``).
__all__ = ["Draft", "LockedCall", "NearMiss", "NoFit", "Row", "Scene", "World", "call", "clock",
           "clock_ampm", "date_phrases", "family_templates", "hop", "long_date", "reaction",
           "spoken_birthday", "spoken_date", "spoken_phone", "spoken_time"]


CALLER = load_templates(PACKAGE, "caller")  # the practice's callers: fact lines, traits, sign-offs
FACT_LINES = {"full_name": CALLER["name_lines"], "date_of_birth": CALLER["birthday_lines"],
              "phone": CALLER["phone_lines"]}


def healthcare_family(code: str, category: str, make: Callable[[Scene], Draft | None], *,
                      refusal: bool = False,
                      near_misses: Callable[[World, Draft], list[NearMiss]] | None = None
                      ) -> Family:
    return family(INDUSTRY, code, category, make, scene=Scene, refusal=refusal,
                  near_misses=near_misses)


# --- the world, read through the real tool server ----------------------------------------

def server(world: World) -> HealthcareServer:
    """A tool server over a private copy-on-write view of the world."""
    tables = {name: list(rows) if not isinstance(rows, list) else rows
              for name, rows in world.tables.items()}
    return HealthcareServer(Database(tables))  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _reader(seed: int) -> HealthcareServer:
    """One reading server per world seed (a seed always builds the same tables; only
    read-only tools are called on it)."""
    return server(load_world(INDUSTRY, seed))


def ask(world: World, tool: str, **arguments: Any) -> Any:
    """The data of a successful read-only call, or None."""
    output = _reader(world.seed).call(tool, arguments)
    return output["data"] if output["ok"] else None


def works(world: World, calls: Sequence[tuple[str, dict[str, Any]]]) -> bool:
    """Whether these calls all succeed in order on a fresh server."""
    fresh = server(world)
    return all(fresh.call(name, args)["ok"] for name, args in calls)


def registered_id(world: World, person: Person, carrier: str) -> str:
    """The patient id the server gives ``person`` when registered with ``carrier``."""
    output = server(world).call("register_patient", {
        "full_name": person["full_name"], "date_of_birth": person["date_of_birth"],
        "phone_e164": person["phone_e164"], "carrier": carrier})
    if not output["ok"]:
        raise NoFit(f"register_patient refused: {output}")
    return str(output["data"]["patient_id"])


def window(world: World) -> list[date]:
    return [world.today + timedelta(days=d) for d in range(WINDOW)]


def office_name(world: World, location_id: str) -> str:
    return str(world.by_id("locations", "location_id")[location_id]["name"])


def office_ids(world: World) -> list[str]:
    return sorted(world.by_id("locations", "location_id"))


def carrier_spelling(scene: Scene, carrier: str) -> str:
    """One of the spellings industry.json accepts for a carrier."""
    spellings = list(scene.world.definition.aliases["carrier"][carrier])
    return spellings[scene.rng.randrange(len(spellings))]


def patients(world: World) -> list[Person]:
    """Patients a caller can be identified as (name and date of birth pick one chart)."""
    return [dict(p) for p in world.rows("patients")]


@lru_cache(maxsize=64)
def _book(seed: int) -> tuple[dict[str, list[dict[str, Any]]], frozenset[str]]:
    """Per patient their upcoming booked visits, and the established patients (per world)."""
    world = load_world(INDUSTRY, seed)
    today = world.today.isoformat()
    booked: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for a in world.rows("appointments"):
        if a["status"] == "booked" and a["start_time"][:10] >= today:
            booked.setdefault(a["patient_id"], []).append(dict(a))
        elif a["status"] == "completed":
            seen.add(a["patient_id"])
    return booked, frozenset(seen)


def upcoming(world: World, patient_id: str) -> list[dict[str, Any]]:
    return list(_book(world.seed)[0].get(patient_id, []))


def established(world: World, patient_id: str) -> bool:
    return patient_id in _book(world.seed)[1]


def booked_visit(scene: Scene, keep: Callable[[dict[str, Any]], bool] | None = None
                 ) -> tuple[Person, dict[str, Any]]:
    """A patient and one of their upcoming visits (those ``keep`` accepts), drawn evenly over
    all such visits."""
    world = scene.world
    candidates = [(p, a) for p in patients(world) for a in upcoming(world, p["patient_id"])
                  if keep is None or keep(a)]
    if not candidates:
        raise NoFit("no upcoming visit")
    return scene.rng.choice(candidates)


def new_person(scene: Scene) -> Person:
    """Someone who is not a patient: a name from the split's pool, a date of birth, a phone."""
    people = scene.world.rows("patients")
    name = scene.person_name({p["full_name"].casefold() for p in people})
    born = scene.birthday(19, 84)
    phone = scene.draw(lambda rng: f"+1{rng.choice(AREA_CODES)}5550{rng.randint(100, 199)}",
                       {p["phone_e164"] for p in people})
    return {"full_name": name, "date_of_birth": born.isoformat(), "phone_e164": phone}


def pick_slot(scene: Scene, location_ids: list[str], visit_type: str, days: Sequence[date],
              check: Callable[[date, dict[str, Any]], bool] | None = None
              ) -> tuple[date, dict[str, Any]]:
    """A day among ``days`` and one of the slots search_availability shows for it (that
    ``check(day, slot)`` accepts); at most 8 days and 6 slots a day are tried."""
    order = list(days)
    scene.rng.shuffle(order)
    for day in order[:8]:
        data = ask(scene.world, "search_availability", location_ids=location_ids,
                   visit_type=visit_type, date=day.isoformat())
        found = list(data["slots"]) if data else []
        scene.rng.shuffle(found)
        for slot in found[:6]:
            if check is None or check(day, slot):
                return day, slot
    raise NoFit("no fitting slot")


def books(world: World, patient_id: str, location_id: str, visit_type: str
          ) -> Callable[[date, dict[str, Any]], bool]:
    """A ``pick_slot`` check: the patient can book that slot at that office."""
    def check(_: date, slot: dict[str, Any]) -> bool:
        return works(world, [("book_appointment", {
            "patient_id": patient_id, "location_id": location_id,
            "start_time": slot["start_time"], "visit_type": visit_type})])
    return check


@lru_cache(maxsize=256)
def _full_days(seed: int) -> tuple[tuple[str, str, str], ...]:
    world = load_world(INDUSTRY, seed)
    out = []
    fresh = server(world)
    schedules = {(row["location_id"], row["weekday"]) for row in world.rows("provider_schedules")}
    for day in window(world)[1:]:
        for location_id in world.by_id("locations", "location_id"):
            if (location_id, WEEKDAYS[day.weekday()].lower()) not in schedules:
                continue
            for visit_type in ("follow_up", "sick_visit", "annual_physical"):
                result = fresh.call("search_availability", {
                    "location_ids": [location_id], "visit_type": visit_type,
                    "date": day.isoformat()})
                if result["ok"] and not result["data"]["closed"] and \
                        result["data"]["total_open"] == 0:
                    out.append((location_id, day.isoformat(), visit_type))
    return tuple(out)


def full_day(scene: Scene) -> tuple[Person, str, date, str]:
    """An established patient and (office, day, visit type) with no open slot although the
    office is open that day."""
    full = _full_days(scene.world.seed)
    if not full:
        raise NoFit("no full day")
    location_id, day, visit_type = scene.rng.choice(full)
    people = [p for p in patients(scene.world) if established(scene.world, p["patient_id"])]
    return scene.rng.choice(people), location_id, date.fromisoformat(day), visit_type


# --- lockfile pieces ------------------------------------------------------------------------

def lookup(person: Person) -> dict[str, Any]:
    return call("lookup_patient", full_name=person["full_name"],
                date_of_birth=person["date_of_birth"])


def person_facts(scene: Scene, person: Person) -> dict[str, str]:
    return {"full_name": person["full_name"],
            "date_of_birth": spoken_birthday(scene.rng, person["date_of_birth"]),
            "phone": spoken_phone(scene.rng, person["phone_e164"])}


def other_office_reaction(scene: Scene, location_ids: Sequence[str]) -> dict[str, Any]:
    """The caller corrects an agent who names another office."""
    world = scene.world
    names = [office_name(world, loc) for loc in location_ids]
    others = [office_name(world, loc).lower() for loc in world.by_id("locations", "location_id")
              if loc not in location_ids]
    return reaction(when_agent_says_any=others,
                    unless_agent_says_any=[n.lower() for n in names],
                    say=scene.lines(CALLER["other_office"], 2, office=" or ".join(names)),
                    once=False)


def booking_goal(office: str, day: date, hhmm: str, tools: list[str],
                 extra: Sequence[str] = ()) -> dict[str, Any]:
    return {"description": f"Booked at {office} on {long_date(day)} at {clock_ampm(hhmm)}.",
            "tools_ok": tools, "agent_says_all": [office.lower(), clock(hhmm), *extra],
            "agent_says_any": date_phrases(day)}


def booked_reaction(office: str) -> dict[str, Any]:
    return reaction(when_agent_says_any=BOOKED_WORDS, unless_agent_says_any=[office.lower()],
                    say=[f"Which office is that at? It needs to be {office}."], once=False)


def search(location_ids: Any, visit_type: str, day: date) -> dict[str, Any]:
    """The gold search_availability of offices (a list, or an ``any_of`` of lists) on a day."""
    return call("search_availability", location_ids=location_ids, visit_type=visit_type,
                date=day.isoformat())


def book(patient_id: str, location_id: str, slot: Mapping[str, Any], visit_type: str
         ) -> dict[str, Any]:
    """The gold book_appointment of a slot that search_availability showed."""
    return call("book_appointment", patient_id=patient_id, location_id=location_id,
                start_time=slot["start_time"], visit_type=visit_type)


def plan_check(carrier: str, location_id: str) -> dict[str, Any]:
    return call("check_plan_accepted", carrier=carrier, location_id=location_id)


def lockfile(scene: Scene, text: Text, person: Person, *, say: Mapping[str, Any],
             slots: Mapping[str, Any], facts: dict[str, str], goal: dict[str, Any],
             reactions: Sequence[dict[str, Any]], calls: Sequence[LockedCall],
             openings: TemplateSet | None = None, variant: str = "", **extra: Any) -> Draft:
    """A family's lockfile: ``text``'s fixed lines (title, description, persona, answer and,
    unless ``goal`` has one, the goal's description; ``"<line> <variant>"`` where the text has
    it) filled from ``say`` and the caller's ``name`` and ``age``; the path is the calls' hops.
    The caller has a fact line for each identity fact given, this practice's traits and
    sign-offs, three openings and two nudges of the split."""
    name = person["full_name"]
    values = {"name": name, "age": age_on(scene.today, person["date_of_birth"]), **say}

    def line(key: str) -> str:
        return text.of(key, variant, **values)

    fact_lines = {key: scene.verbatim(lines, 2) for key, lines in FACT_LINES.items()
                  if key in facts}
    caller = caller_block(
        persona=f"{line('persona')} {scene.say(CALLER['traits'])}",
        opening=scene.signed_openings(openings or text["openings"], CALLER["sign_offs"], name,
                                      **slots),
        facts=facts, fact_lines=fact_lines,
        goal=goal if "description" in goal else {"description": line("goal"), **goal},
        reactions=list(reactions), nudges=scene.lines(text["nudges"], 2, **slots),
        agent_answer=line("answer"))
    return {"title": line("title"), "description": line("description"), "caller": caller,
            "exp_handoff_path": hops(calls), "exp_tool_calls": list(calls), **extra}
