"""C5 cancel: cancel exactly one booked visit; no waitlist, the patient's other visit kept."""

from datetime import date

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    person, appt = kit.booked_visit(scene)
    day = date.fromisoformat(appt["start_time"][:10])
    office = kit.office_name(world, appt["location_id"])
    visit = kit.VISIT_WORDS[appt["visit_type"]]
    others = [a for a in kit.upcoming(world, person["patient_id"])
              if a["appointment_id"] != appt["appointment_id"]]
    reason = rng.choice(TEXT.words("reasons"))
    other = (TEXT.line("other", date=kit.long_date(date.fromisoformat(others[0]["start_time"][:10])))
             if others else "")
    return kit.lockfile(
        scene, TEXT, person,
        slots={"visit": visit, "office": office, "day": kit.spoken_date(rng, day)},
        say={"visit": visit, "office": office, "iso": day.isoformat(), "date": kit.long_date(day),
             "time": kit.clock_ampm(appt["start_time"][11:16]), "reason": reason, "other": other,
             "keep": TEXT.line("keep") if others else ""},
        facts={**kit.person_facts(scene, person), "cancel_reason": reason, "location": office},
        goal={"tools_ok": ["lookup_patient", "cancel_appointment"],
              "agent_says_all": [office.lower(), "cancel"], "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=TEXT.words("rebook_words"),
                            say=[TEXT.line("just_cancel")])],
        calls=[kit.hop("transfer_to_scheduling"), kit.lookup(person),
               kit.call("get_patient_appointments", patient_id=person["patient_id"]),
               kit.call("cancel_appointment", appointment_id=appt["appointment_id"])],
        exp_db_state={"waitlist": []})


FAMILY = kit.healthcare_family("C5", "cancel", make)
