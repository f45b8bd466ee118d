"""C13 appointment lookup: when is my next visit at this office? A read at scheduling."""

from __future__ import annotations

from datetime import date

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import call, hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.spoken import clock_ampm, date_phrases, long_date
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


def make(scene: Scene) -> Draft | None:
    world = scene.world
    person, drawn = kit.booked_visit(scene)
    appt = min((a for a in kit.upcoming(world, person["patient_id"])
                if a["location_id"] == drawn["location_id"]), key=lambda a: a["start_time"])
    day = date.fromisoformat(appt["start_time"][:10])
    hhmm = appt["start_time"][11:16]
    office = kit.office_name(world, appt["location_id"])
    provider = world.by_id("providers", "provider_id")[appt["provider_id"]]
    answer = (f"Your {office} appointment is a {kit.VISIT_WORDS[appt['visit_type']]} with "
              f"{provider['display_name']} on {long_date(day)} at {clock_ampm(hhmm)}.")
    return {
        "title": f"When is my {office} appointment? ({day.isoformat()})",
        "description": "Read-only lookup at scheduling. T: the right date of birth and patient "
                       "id. H: scheduling. D: unchanged.",
        "caller": kit.caller(
            scene, name=person["full_name"], slots={"office": office},
            persona=f"{person['full_name']}, {kit.age(scene, person)}, lost the reminder "
                    f"for a visit at {office}.",
            openings=TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "location": office},
            goal={"description": f"The day and time of the {office} appointment.",
                  "tools_ok": ["get_patient_appointments"],
                  "agent_says_all": [office.lower()], "agent_says_any": date_phrases(day)},
            reactions=[reaction(when_agent_says_any=["reschedule", "cancel"],
                                say=["I don't want to change anything, I just need the date."])],
            answer=answer),
        "exp_handoff_path": ["transfer_to_scheduling"],
        "exp_tool_calls": [hop("transfer_to_scheduling"), kit.lookup(person),
                           call("get_patient_appointments", patient_id=person["patient_id"])],
    }


FAMILY = kit.healthcare_family("C13", "appointment_lookup", make)
