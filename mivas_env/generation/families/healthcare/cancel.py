"""C5 cancel: cancel exactly one booked visit; no waitlist, the patient's other visit kept."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C5"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    person, appt = kit.booked_visit(scene)
    day = kit.day_of(appt)
    office = kit.office_name(scene.world, appt["location_id"])
    visit = kit.VISIT_WORDS[appt["visit_type"]]
    others = [a for a in kit.upcoming(scene.world, person["patient_id"])
              if a["appointment_id"] != appt["appointment_id"]]
    reason = scene.rng.choice(TEXT.words("reasons"))
    return kit.lockfile(
        scene, TEXT, person, variant="keep" if others else "",  # "keep": the other visit stays booked
        slots={"visit": visit, "office": office, "day": kit.spoken_date(scene.rng, day)},
        say={**kit.when(day, appt["start_time"][11:16]), "reason": reason,
             "other": kit.long_date(kit.day_of(others[0])) if others else ""},
        facts={**kit.person_facts(scene, person), "cancel_reason": reason, "location": office},
        goal={"tools_ok": ["lookup_patient", "cancel_appointment"],
              "agent_says_all": [office.lower(), "cancel"], "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=TEXT.words("rebook_words"),
                                say=[TEXT.line("just_cancel")])],
        calls=kit.scheduling(person, kit.appointments(person),
                             kit.call("cancel_appointment", appointment_id=appt["appointment_id"])),
        exp_db_state={"waitlist": []})
