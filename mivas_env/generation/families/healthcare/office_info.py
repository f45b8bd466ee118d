"""C12 office info: a reception read memory gets wrong: a closure day, a provider's language, closing time."""

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

CODE = "C12"
TEXT = kit.family_templates(__name__)
# One office question: the office asked about, the caller's slots, the answer's values and
# what the caller's goal needs the agent to say; ``READS`` has the read that answers it.
Question = tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]


def closures(world: kit.World) -> list[kit.Row]:
    """Closures within the booking window."""
    today, last = world.today.isoformat(), (world.today + timedelta(days=kit.WINDOW - 1)).isoformat()
    return [row for row in world.rows("closures") if today <= row["date"] <= last]


def closed(scene: kit.Scene) -> Question:
    row = scene.rng.choice(closures(scene.world))
    location_id, day = row["location_id"], date.fromisoformat(row["date"])
    office = kit.office_name(scene.world, location_id)
    return (location_id, {"office": office, "day": kit.spoken_date(scene.rng, day)},
            {"date": kit.long_date(day), "iso": day.isoformat(), "reason": row["reason"]},
            {"agent_says_all": ["closed", office.lower()]})


def language(scene: kit.Scene) -> Question:
    world, rng = scene.world, scene.rng
    provider_id, spoken = rng.choice([(row["provider_id"], lang) for row in world.rows("providers")
                                      for lang in row["languages"] if lang != "English"])
    location_id = rng.choice(sorted({row["location_id"] for row in world.rows("provider_schedules")
                                     if row["provider_id"] == provider_id}))
    provider = world.by_id("providers", "provider_id")[provider_id]
    taking = "taking" if provider["accepts_new_patients"] else "not taking"
    return (location_id, {"office": kit.office_name(world, location_id), "language": spoken,
                          "relative": rng.choice(TEXT.words("relatives"))},
            {"provider": provider["display_name"], "taking": TEXT.line(taking)},
            {"agent_says_all": [provider["full_name"].split()[-1].lower(), spoken.lower()]})


def hours(scene: kit.Scene) -> Question:
    location = scene.rng.choice(list(scene.world.rows("locations")))
    weekday = scene.rng.choice([day for day, open_hours in location["hours"].items() if open_hours])
    opens, closes = location["hours"][weekday].split("-")
    hour = (int(closes[:2]) - 1) % 12 + 1
    return (location["location_id"], {"office": location["name"], "weekday": weekday.capitalize()},
            {"opens": kit.clock_ampm(opens), "closes": kit.clock_ampm(closes)},
            {"agent_says_all": [location["name"].lower()],
             "agent_says_any": [kit.clock(closes), f"{hour} pm", f"{hour}pm", closes]})


QUESTIONS: dict[str, Callable[[kit.Scene], Question]] = {
    "closed": closed, "language": language, "hours": hours}
READS = {"closed": "get_location", "language": "list_providers", "hours": "get_location"}


def make(scene: kit.Scene) -> kit.Draft | None:
    person = kit.new_person(scene)
    kind = scene.rng.choice([kind for kind in QUESTIONS if kind != "closed" or closures(scene.world)])
    location_id, slots, say, says = QUESTIONS[kind](scene)
    return kit.lockfile(
        scene, TEXT, person, openings=TEXT[kind], variant=kind, say=say, slots=slots,
        facts={"full_name": person["full_name"], "location": slots["office"]},
        goal={"tools_ok": [READS[kind]], **says}, reactions=[kit.other_office_reaction(scene, [location_id])],
        calls=[kit.call(READS[kind], location_id=location_id)])
