"""C4 reschedule: move one booked visit to another day (sometimes to another office)."""

from datetime import date
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)
MOVES_OFFICE = 0.3  # how often the visit also moves to another office


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    person, appt = kit.booked_visit(scene, lambda appt: appt["visit_type"] != "new_patient")
    old_day = date.fromisoformat(appt["start_time"][:10])
    move_office = rng.random() < MOVES_OFFICE
    location_id = appt["location_id"]
    if move_office:
        location_id = rng.choice([loc for loc in kit.office_ids(world) if loc != appt["location_id"]])
    days = [d for d in kit.window(world)[1:] if d != old_day]
    params: dict[str, Any] = {"appointment_id": appt["appointment_id"]}

    def fits(day: date, slot: dict[str, Any]) -> bool:
        moved = {**params, "start_time": slot["start_time"]}
        if move_office:
            moved["location_id"] = location_id
        return kit.works(world, [("reschedule_appointment", moved)])

    day, slot = kit.pick_slot(scene, [location_id], appt["visit_type"], days, fits)
    hhmm = slot["start_time"][11:16]
    office = kit.office_name(world, location_id)
    old_office = kit.office_name(world, appt["location_id"])
    visit = kit.VISIT_WORDS[appt["visit_type"]]
    params["start_time"] = slot["start_time"]
    if move_office:
        params["location_id"] = location_id
    new_spoken = kit.spoken_date(rng, day)
    said = {"office": office, "old_office": old_office}
    return kit.lockfile(
        scene, TEXT, person,
        say={**said, "visit": visit, "old_iso": old_day.isoformat(), "iso": day.isoformat(),
             "old_date": kit.long_date(old_day), "date": kit.long_date(day), "time": kit.clock_ampm(hhmm),
             "moved": TEXT.line("moved", office=office) if move_office else "",
             "and_office": TEXT.line("and_office") if move_office else ""},
        slots={"visit": visit, "old": kit.spoken_date(rng, old_day), "new": new_spoken},
        facts={**kit.person_facts(scene, person),
               "location": TEXT.line("other_office" if move_office else "same_office", **said),
               "preferred_date": new_spoken, "appointment_time": kit.spoken_time(rng, hhmm)},
        goal={"tools_ok": ["lookup_patient", "reschedule_appointment"],
              "agent_says_all": [kit.clock(hhmm)], "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=["cancel"],
                            unless_agent_says_any=["not cancel", "moved"],
                            say=[TEXT.line("just_move")])],
        calls=[kit.hop("transfer_to_scheduling"), kit.lookup(person),
               kit.call("get_patient_appointments", patient_id=person["patient_id"]),
               kit.search([location_id], appt["visit_type"], day),
               kit.call("reschedule_appointment", **params)])


FAMILY = kit.healthcare_family("C4", "reschedule", make)
