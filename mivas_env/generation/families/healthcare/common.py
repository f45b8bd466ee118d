"""What the healthcare families share: the world read through the real tool server, new people,
the gold calls, and the caller block in this practice's voice."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from functools import lru_cache, partial
from typing import Any

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.core import Draft, Row, World, load_world
from mivas_env.generation.lockfile import LockedCall, caller_block, draft, fixed_lines, hop, reaction
from mivas_env.generation.lockfile import call as locked_call
from mivas_env.generation.scene import NoFit, Scene, family, fit
from mivas_env.generation.spoken import (
    age_on,
    clock,
    clock_ampm,
    date_phrases,
    long_date,
    spoken_birthday,
    spoken_date,
    spoken_phone,
    spoken_time,
    weekday,
)
from mivas_env.generation.text import TemplateSet, Text, family_templates, load_data, load_templates
from mivas_env.industries.base import ToolServer
from rewards.worlds.names import pool

INDUSTRY = "healthcare"
PACKAGE = "mivas_env.generation.families.healthcare"
WINDOW = 28  # the booking window: today and the 27 days after it
# Visit types as said (and as a fact); what booked and waitlisting agents say; new phones' area codes.
WORDS = load_data(PACKAGE, "words.json")
VISIT_WORDS: dict[str, str] = WORDS["visit_words"]
VISIT_FACTS: dict[str, str] = WORDS["visit_facts"]
BOOKED_WORDS: list[str] = WORDS["booked"]
WAITLIST_WORDS: list[str] = WORDS["waitlist"]
AREA_CODES: list[str] = WORDS["area_codes"]
Person = dict[str, Any]
Check = Callable[[date, dict[str, Any]], bool]  # a ``pick_slot`` check of a day and a slot
# What the families take from here besides the helpers below (``kit.call``, ``kit.NoFit``).
__all__ = ["Draft", "LockedCall", "NearMiss", "NoFit", "Row", "Scene", "World", "call", "clock",
           "clock_ampm", "date_phrases", "family_templates", "fit", "hop", "long_date", "reaction",
           "spoken_birthday", "spoken_date", "spoken_phone", "spoken_time"]


call = partial(locked_call, ok=None)  # a gold call: a healthcare lockfile locks no call's output
CALLER = load_templates(PACKAGE, "caller")  # the practice's callers: fact lines, traits, sign-offs
FACT_LINES = {"full_name": CALLER["name_lines"], "date_of_birth": CALLER["birthday_lines"],
              "phone": CALLER["phone_lines"]}


@lru_cache(maxsize=64)
def _reader(seed: int) -> ToolServer:
    """One reading server per world seed (only read-only tools are called on it)."""
    return load_world(INDUSTRY, seed).server()


@lru_cache(maxsize=256)
def _full_days(seed: int) -> tuple[tuple[str, str, str], ...]:
    """(office, day, visit type) with no open slot after today, the office open that day."""
    world = load_world(INDUSTRY, seed)
    works_on = {(row["location_id"], row["weekday"]) for row in world.rows("provider_schedules")}
    out = []
    for day in window(world)[1:]:
        for location_id in world.by_id("locations", "location_id"):
            if (location_id, weekday(day).lower()) not in works_on:
                continue
            for visit_type in ("follow_up", "sick_visit", "annual_physical"):
                data = ask(world, "search_availability", location_ids=[location_id], visit_type=visit_type,
                           date=day.isoformat())
                if data and not data["closed"] and data["total_open"] == 0:
                    out.append((location_id, day.isoformat(), visit_type))
    return tuple(out)


def day_of(appointment: Mapping[str, Any]) -> date:
    return date.fromisoformat(appointment["start_time"][:10])


def when(day: date, hhmm: str) -> dict[str, str]:
    """How a lockfile's fixed lines name a visit's day and time (``{iso}``, ``{date}``, ``{time}``)."""
    return {"iso": day.isoformat(), "date": long_date(day), "time": clock_ampm(hhmm)}


def scheduling(person: Person, *calls: LockedCall) -> list[LockedCall]:
    """The gold calls at scheduling: the hop, the patient's lookup, then ``calls``."""
    return [hop("scheduling"), lookup(person), *calls]


def lookup(person: Person) -> LockedCall:
    return call("lookup_patient", full_name=person["full_name"], date_of_birth=person["date_of_birth"])


def appointments(person: Person) -> LockedCall:
    return call("get_patient_appointments", patient_id=person["patient_id"])


def search(location_ids: Any, visit_type: str, day: date) -> LockedCall:
    """The gold search_availability of offices (a list, or an ``any_of`` of lists) on a day."""
    return call("search_availability", location_ids=location_ids, visit_type=visit_type, date=day.isoformat())


def book(patient_id: str, location_id: str, slot: Mapping[str, Any], visit_type: str) -> LockedCall:
    return call("book_appointment", patient_id=patient_id, location_id=location_id,
                start_time=slot["start_time"], visit_type=visit_type)


def plan_check(carrier: str, location_id: str) -> LockedCall:
    return call("check_plan_accepted", carrier=carrier, location_id=location_id)


def booking_goal(office: str, day: date, hhmm: str, tools: list[str],
                 extra: Sequence[str] = ()) -> dict[str, Any]:
    return {"description": CALLER.line("booked_goal", office=office, **when(day, hhmm)),
            "tools_ok": tools, "agent_says_all": [office.lower(), clock(hhmm), *extra],
            "agent_says_any": date_phrases(day)}


def booked_reaction(office: str) -> dict[str, Any]:
    return reaction(when_agent_says_any=BOOKED_WORDS, unless_agent_says_any=[office.lower()],
                    say=[CALLER.line("which_office", office=office)], once=False)


def office_name(world: World, location_id: str) -> str:
    return str(world.by_id("locations", "location_id")[location_id]["name"])


def office_ids(world: World) -> list[str]:
    return sorted(world.by_id("locations", "location_id"))


def window(world: World) -> list[date]:
    return [world.today + timedelta(days=d) for d in range(WINDOW)]


def ask(world: World, tool: str, **arguments: Any) -> Any:
    """The data of a successful read-only call, or None."""
    output = _reader(world.seed).call(tool, arguments)
    return output["data"] if output["ok"] else None


def patients(world: World) -> list[Person]:
    """Patients a caller can be identified as (name and date of birth pick one chart)."""
    return [dict(p) for p in world.rows("patients")]


def upcoming(world: World, patient_id: str) -> list[dict[str, Any]]:
    """The patient's booked visits from today on, in the order get_patient_appointments lists them."""
    return list(_upcoming(world.seed).get(patient_id, ()))


@lru_cache(maxsize=256)  # as many worlds as an env draws from (num_worlds=100)
def _upcoming(seed: int) -> dict[str, list[dict[str, Any]]]:
    """``upcoming`` of every patient of a world, asked once per world (families draw among them all)."""
    world = load_world(INDUSTRY, seed)
    visits = {p["patient_id"]: ask(world, "get_patient_appointments", patient_id=p["patient_id"])
              for p in world.rows("patients")}
    return {key: [v for v in data["appointments"] if v["status"] == "booked"] for key, data in visits.items()}


def established(world: World) -> list[Person]:
    """The patients who have been seen at the practice (a completed visit)."""
    seen = {a["patient_id"] for a in world.rows("appointments") if a["status"] == "completed"}
    return [p for p in patients(world) if p["patient_id"] in seen]


def carrier_spelling(scene: Scene, carrier: str) -> str:
    """One of the spellings industry.json accepts for a carrier."""
    return scene.pick(scene.world.definition.aliases["carrier"][carrier])


def booked_visit(scene: Scene, keep: Callable[[dict[str, Any]], bool] | None = None
                 ) -> tuple[Person, dict[str, Any]]:
    """A patient and one of their upcoming visits (that ``keep`` accepts), evenly over visits."""
    world = scene.world
    return scene.pick([(p, a) for p in patients(world) for a in upcoming(world, p["patient_id"])
                       if keep is None or keep(a)])


def new_person(scene: Scene) -> Person:
    """Someone who is not a patient: a name from the split's pool, a date of birth, a phone."""
    people = scene.world.rows("patients")
    name = scene.draw(pool(scene.split).person, {p["full_name"].casefold() for p in people}, str.casefold)
    born = scene.birthday(19, 84)
    phone = scene.draw(lambda rng: f"+1{rng.choice(AREA_CODES)}5550{rng.randint(100, 199)}",
                       {p["phone_e164"] for p in people})
    return {"full_name": name, "date_of_birth": born.isoformat(), "phone_e164": phone}


def pick_slot(scene: Scene, location_ids: list[str], visit_type: str, days: Sequence[date],
              check: Check | None = None) -> tuple[date, dict[str, Any]]:
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


def fits(world: World, tool: str, **params: Any) -> Check:
    """A ``pick_slot`` check: the slot is at ``params``' office (if it names one) and ``tool``
    with ``params`` succeeds at the slot's start time."""
    def check(_: date, slot: dict[str, Any]) -> bool:
        arguments = {**params, "start_time": slot["start_time"]}
        return (slot["location_id"] == params.get("location_id", slot["location_id"])
                and bool(world.server().call(tool, arguments)["ok"]))
    return check


def books(world: World, patient_id: str, location_id: str, visit_type: str) -> Check:
    """A ``pick_slot`` check: the patient can book that slot at that office."""
    return fits(world, "book_appointment", patient_id=patient_id, location_id=location_id,
                visit_type=visit_type)


def full_day(scene: Scene) -> tuple[Person, str, date, str]:
    """An established patient and (office, day, visit type) with no open slot, the office open."""
    location_id, day, visit_type = scene.pick(_full_days(scene.world.seed))
    return scene.rng.choice(established(scene.world)), location_id, date.fromisoformat(day), visit_type


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
    return reaction(when_agent_says_any=others, unless_agent_says_any=[n.lower() for n in names],
                    say=scene.lines(CALLER["other_office"], 2, office=" or ".join(names)), once=False)


def lockfile(scene: Scene, text: Text, person: Person, *, say: Mapping[str, Any], slots: Mapping[str, Any],
             facts: dict[str, str], goal: dict[str, Any], reactions: Sequence[dict[str, Any]],
             calls: Sequence[LockedCall], openings: TemplateSet | None = None, variant: str = "",
             **extra: Any) -> Draft:
    """A family's lockfile: ``text``'s fixed lines filled from ``slots``, ``say``, ``name`` and ``age``; the
    caller gets fact lines, this practice's traits and sign-offs, three openings and two nudges."""
    name = person["full_name"]
    line = fixed_lines(text, variant, {"name": name, "age": age_on(scene.today, person["date_of_birth"]),
                                       **slots, **say})
    fact_lines = {key: scene.lines(lines, 2, value="{value}")  # {value}: the caller fills it
                  for key, lines in FACT_LINES.items() if key in facts}
    caller = caller_block(
        persona=f"{line('persona')} {scene.say(CALLER['traits'])}",
        opening=[said + scene.say(CALLER["sign_offs"], name=name, first=name.split()[0])
                 for said in scene.lines(openings or text["openings"], 3, **slots)],
        facts=facts, fact_lines=fact_lines, goal=goal, reactions=list(reactions),
        nudges=scene.lines(text["nudges"], 2, **slots), agent_answer=line("answer"))
    return draft(line, caller, calls, **extra)


# ``healthcare_family(code, category, make, refusal=, near_misses=)``: a family drawing from a ``Scene``
healthcare_family = partial(family, INDUSTRY, scene=Scene)
