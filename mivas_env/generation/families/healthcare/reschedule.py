"""C4 reschedule: move one booked visit to another day (sometimes to another office)."""

from typing import Any

from mivas_env.generation.families.healthcare import common as kit

CODE = "C4"
TEXT = kit.family_templates(__name__)
MOVES_OFFICE = 0.3  # how often the visit also moves to another office


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    person, appt = kit.booked_visit(scene, lambda appt: appt["visit_type"] != "new_patient")
    old, old_id, visit_type = kit.day_of(appt), appt["location_id"], appt["visit_type"]
    move_office = rng.random() < MOVES_OFFICE
    location_id = (rng.choice([loc for loc in kit.office_ids(world) if loc != old_id]) if move_office
                   else old_id)
    moved: dict[str, Any] = {"location_id": location_id} if move_office else {}
    fits = kit.fits(world, "reschedule_appointment", appointment_id=appt["appointment_id"], **moved)
    days = [d for d in kit.window(world)[1:] if d != old]
    day, slot = kit.pick_slot(scene, [location_id], visit_type, days, fits)
    hhmm = slot["start_time"][11:16]
    said = {"office": kit.office_name(world, location_id), "old_office": kit.office_name(world, old_id)}
    visit, new_spoken = kit.VISIT_WORDS[visit_type], kit.spoken_date(rng, day)
    return kit.lockfile(
        scene, TEXT, person, variant="moved" if move_office else "",
        say={**said, **kit.when(day, hhmm), "old_iso": old.isoformat(), "old_date": kit.long_date(old)},
        slots={"visit": visit, "old": kit.spoken_date(rng, old), "new": new_spoken},
        facts={**kit.person_facts(scene, person),
               "location": TEXT.line("other_office" if move_office else "same_office", **said),
               "preferred_date": new_spoken, "appointment_time": kit.spoken_time(rng, hhmm)},
        goal={"tools_ok": ["lookup_patient", "reschedule_appointment"],
              "agent_says_all": [kit.clock(hhmm)], "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=["cancel"], unless_agent_says_any=["not cancel", "moved"],
                                say=[TEXT.line("just_move")])],
        calls=kit.scheduling(person, kit.appointments(person), kit.search([location_id], visit_type, day),
                             kit.call("reschedule_appointment", appointment_id=appt["appointment_id"],
                                      start_time=slot["start_time"], **moved)))
