"""C8 waitlist: the office is fully booked on the only day the caller can come; search that
day, then add the caller to the office's waitlist."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import call, hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.spoken import long_date, spoken_date
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


def make(scene: Scene) -> Draft | None:
    person, location_id, day, visit_type = kit.full_day(scene)
    office, visit = kit.office_name(scene.world, location_id), kit.VISIT_WORDS[visit_type]
    notes = f"Any time on {long_date(day)}"
    answer = (f"{office} has no open {visit} slots on {long_date(day)}, so I've added you to the "
              f"{office} waitlist for a {visit}; we'll call you if a slot opens.")
    spoken = spoken_date(scene.rng, day)
    return {
        "title": f"{office} is fully booked on {day.isoformat()}: waitlist for a {visit}",
        "description": "Search the full day, then add_to_waitlist. D: the waitlist row (office, "
                       "visit type). T: the search of that office, day and visit type.",
        "caller": kit.caller(
            scene, name=person["full_name"],
            slots={"visit": visit, "office": office, "day": spoken},
            persona=f"{person['full_name']}, {kit.age(scene, person)}, can only come on "
                    f"{long_date(day)}.",
            openings=TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "location": office,
                   "visit_type": kit.VISIT_FACTS[visit_type], "preferred_date": spoken,
                   "waitlist_notes": notes},
            goal={"description": f"On the {office} waitlist for a {visit}.",
                  "tools_ok": ["search_availability", "add_to_waitlist"],
                  "agent_says_all": ["waitlist", office.lower()]},
            reactions=[reaction(when_agent_says_any=kit.BOOKED_WORDS,
                                unless_agent_says_any=["waitlist", "wait list"],
                                say=[f"Booked for when? I can only do {spoken}."], once=False),
                       kit.other_office_reaction(scene, [location_id])],
            answer=answer),
        "exp_handoff_path": ["transfer_to_scheduling"],
        "exp_tool_calls": [
            hop("transfer_to_scheduling"), kit.lookup(person),
            kit.search([location_id], visit_type, day),
            call("add_to_waitlist", patient_id=person["patient_id"], location_id=location_id,
                 visit_type=visit_type, notes=notes)],
    }


FAMILY = kit.healthcare_family("C8", "waitlist", make)
