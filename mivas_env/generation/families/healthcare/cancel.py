"""C5 cancel: cancel exactly one booked visit; no waitlist, the patient's other visit kept."""

from __future__ import annotations

from datetime import date

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import call, hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.spoken import clock_ampm, date_phrases, long_date, spoken_date
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
REASONS = ["I'm feeling better", "a work conflict", "I'll be out of town",
           "my ride fell through", "family plans"]


def make(scene: Scene) -> Draft | None:
    world, rng = scene.world, scene.rng
    person, appt = kit.booked_visit(scene)
    day = date.fromisoformat(appt["start_time"][:10])
    office = kit.office_name(world, appt["location_id"])
    visit = kit.VISIT_WORDS[appt["visit_type"]]
    others = [a for a in kit.upcoming(world, person["patient_id"])
              if a["appointment_id"] != appt["appointment_id"]]
    reason = rng.choice(REASONS)
    answer = (f"Your {visit} at {office} on {long_date(day)} at "
              f"{clock_ampm(appt['start_time'][11:16])} is cancelled.")
    reactions = [reaction(when_agent_says_any=["waitlist", "wait list", "reschedule"],
                          say=["No thanks, I don't need another appointment or a waitlist. "
                               "Just the cancel."])]
    if others:
        keep_day = date.fromisoformat(others[0]["start_time"][:10])
        answer += f" Your other visit on {long_date(keep_day)} is still on."
    slots = {"visit": visit, "office": office, "day": spoken_date(rng, day)}
    return {
        "title": f"Cancel one {visit} at {office} ({day.isoformat()})"
                 + (" and keep the other visit" if others else ""),
        "description": "Identify, read the appointments, cancel exactly one; the waitlist stays "
                       "empty. D: only that visit cancelled. T: the right appointment id.",
        "caller": kit.caller(
            scene, name=person["full_name"], slots=slots,
            persona=f"{person['full_name']}, {kit.age(scene, person)}, cancelling one "
                    f"visit ({reason}); does not want a waitlist.",
            openings=TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "cancel_reason": reason, "location": office},
            goal={"description": f"The {visit} at {office} on {long_date(day)} is cancelled.",
                  "tools_ok": ["lookup_patient", "cancel_appointment"],
                  "agent_says_all": [office.lower(), "cancel"],
                  "agent_says_any": date_phrases(day)},
            reactions=reactions, answer=answer),
        "exp_handoff_path": ["transfer_to_scheduling"],
        "exp_tool_calls": [hop("transfer_to_scheduling"), kit.lookup(person),
                           call("get_patient_appointments", patient_id=person["patient_id"]),
                           call("cancel_appointment", appointment_id=appt["appointment_id"])],
        "exp_db_state": {"waitlist": []},
    }


FAMILY = kit.healthcare_family("C5", "cancel", make)
