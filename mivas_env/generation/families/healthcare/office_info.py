"""C12 office info: a reception read that memory gets wrong. One maker per question: is the
office open on a closure day, who speaks a language, when does it close on a weekday."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)
RELATIVES = ["father", "mother", "grandmother", "uncle"]


@dataclass(frozen=True)
class Question:
    """One office question: the office, the caller's words and the values of the answer, and
    the read that answers it."""

    location_id: str
    office: str
    slots: dict[str, Any]
    say: dict[str, Any]
    says: dict[str, Any]
    read: kit.LockedCall


def closures(world: kit.World) -> list[kit.Row]:
    """Closures within the booking window."""
    today = world.today.isoformat()
    last = (world.today + timedelta(days=kit.WINDOW - 1)).isoformat()
    return [row for row in world.rows("closures") if today <= row["date"] <= last]


def closed(scene: kit.Scene) -> Question:
    row = scene.rng.choice(closures(scene.world))
    location_id, day = row["location_id"], date.fromisoformat(row["date"])
    office = kit.office_name(scene.world, location_id)
    return Question(
        location_id, office, {"office": office, "day": kit.spoken_date(scene.rng, day)},
        {"date": kit.long_date(day), "iso": day.isoformat(), "reason": row["reason"]},
        {"tools_ok": ["get_location"], "agent_says_all": ["closed", office.lower()]},
        kit.call("get_location", location_id=location_id))


def language(scene: kit.Scene) -> Question:
    world, rng = scene.world, scene.rng
    provider_id, spoken = rng.choice([(row["provider_id"], lang) for row in world.rows("providers")
                                      for lang in row["languages"] if lang != "English"])
    location_id = rng.choice(sorted({row["location_id"] for row in world.rows("provider_schedules")
                                     if row["provider_id"] == provider_id}))
    office = kit.office_name(world, location_id)
    provider = world.by_id("providers", "provider_id")[provider_id]
    surname = provider["full_name"].split()[-1]
    taking = "taking" if provider["accepts_new_patients"] else "not taking"
    return Question(
        location_id, office,
        {"office": office, "language": spoken, "relative": rng.choice(TEXT.words("relatives"))},
        {"language": spoken, "provider": provider["display_name"], "taking": TEXT.line(taking)},
        {"tools_ok": ["list_providers"], "agent_says_all": [surname.lower(), spoken.lower()]},
        kit.call("list_providers", location_id=location_id))


def hours(scene: kit.Scene) -> Question:
    location = scene.rng.choice(list(scene.world.rows("locations")))
    weekday = scene.rng.choice([day for day, open_hours in location["hours"].items() if open_hours])
    opens, closes = location["hours"][weekday].split("-")
    location_id, office = location["location_id"], location["name"]
    hour = (int(closes[:2]) - 1) % 12 + 1
    day_name = weekday.capitalize()
    return Question(
        location_id, office, {"office": office, "weekday": day_name},
        {"weekday": day_name, "opens": kit.clock_ampm(opens), "closes": kit.clock_ampm(closes)},
        {"tools_ok": ["get_location"], "agent_says_all": [office.lower()],
         "agent_says_any": [kit.clock(closes), f"{hour} pm", f"{hour}pm", closes]},
        kit.call("get_location", location_id=location_id))


QUESTIONS: dict[str, Callable[[kit.Scene], Question]] = {
    "closed": closed, "language": language, "hours": hours}


def make(scene: kit.Scene) -> kit.Draft | None:
    person = kit.new_person(scene)
    asked = [kind for kind in QUESTIONS if kind != "closed" or closures(scene.world)]
    kind = scene.rng.choice(asked)
    question = QUESTIONS[kind](scene)
    return kit.lockfile(
        scene, TEXT, person, openings=TEXT[kind], variant=kind,
        say={"office": question.office, **question.say}, slots=question.slots,
        facts={"full_name": person["full_name"], "location": question.office},
        goal=question.says, reactions=[kit.other_office_reaction(scene, [question.location_id])],
        calls=[question.read])


FAMILY = kit.healthcare_family("C12", "office_info", make)
