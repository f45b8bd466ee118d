"""C10 either/or booking: two offices on one day, one full: one search over both (``any_of``), one booking."""

from contextlib import suppress
from datetime import date
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

CODE = "C10"
TEXT = kit.family_templates(__name__)


def open_office(scene: kit.Scene, person_id: str, full_id: str, day: date, visit_type: str
                ) -> tuple[str, dict[str, Any]]:
    """Another office with a slot the patient can book that day (offices in a drawn order)."""
    others = [loc for loc in kit.office_ids(scene.world) if loc != full_id]
    scene.rng.shuffle(others)
    for open_id in others:
        with suppress(kit.NoFit):
            return open_id, kit.pick_slot(scene, [full_id, open_id], visit_type, [day],
                                            kit.books(scene.world, person_id, open_id, visit_type))[1]
    raise kit.NoFit("no other office has room that day")


def make(scene: kit.Scene) -> kit.Draft | None:
    rng = scene.rng
    person, full_id, day, visit_type = kit.full_day(scene)
    open_id, slot = open_office(scene, person["patient_id"], full_id, day, visit_type)
    hhmm = slot["start_time"][11:16]
    a, b = kit.office_name(scene.world, full_id), kit.office_name(scene.world, open_id)
    first, second = (a, b) if rng.random() < 0.5 else (b, a)
    visit = kit.VISIT_WORDS[visit_type]
    spoken = kit.spoken_date(rng, day)
    return kit.lockfile(
        scene, TEXT, person, slots={"visit": visit, "a": first, "b": second, "day": spoken},
        say={"a": a, "b": b, "first": first, "second": second, **kit.when(day, hhmm),
             "provider": slot["provider_name"]},
        facts={**kit.person_facts(scene, person), "location": TEXT.line("either", first=first, second=second),
               "visit_type": kit.VISIT_FACTS[visit_type], "preferred_date": spoken,
               "appointment_time": kit.spoken_time(rng, hhmm)},
        goal=kit.booking_goal(b, day, hhmm, ["search_availability", "book_appointment"]),
        reactions=[kit.other_office_reaction(scene, [full_id, open_id]),
                   kit.reaction(when_agent_says_any=kit.WAITLIST_WORDS, unless_agent_says_any=[b.lower()],
                                say=[TEXT.line("no_waitlist", b=b)])],
        calls=kit.scheduling(person, kit.search({"any_of": [[full_id, open_id], [open_id]]}, visit_type, day),
                             kit.book(person["patient_id"], open_id, slot, visit_type)),
        exp_db_state={"waitlist": []})
