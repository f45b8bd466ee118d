"""C13 appointment lookup: when is my next visit at this office? A read at scheduling."""

from datetime import date

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    world = scene.world
    person, drawn = kit.booked_visit(scene)
    appt = min((a for a in kit.upcoming(world, person["patient_id"])
                if a["location_id"] == drawn["location_id"]), key=lambda a: a["start_time"])
    day = date.fromisoformat(appt["start_time"][:10])
    office = kit.office_name(world, appt["location_id"])
    provider = world.by_id("providers", "provider_id")[appt["provider_id"]]
    return kit.lockfile(
        scene, TEXT, person, slots={"office": office},
        say={"office": office, "iso": day.isoformat(), "date": kit.long_date(day),
             "time": kit.clock_ampm(appt["start_time"][11:16]), "provider": provider["display_name"],
             "visit": kit.VISIT_WORDS[appt["visit_type"]]},
        facts={**kit.person_facts(scene, person), "location": office},
        goal={"tools_ok": ["get_patient_appointments"], "agent_says_all": [office.lower()],
              "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=TEXT.words("change_words"),
                            say=[TEXT.line("no_change")])],
        calls=[kit.hop("transfer_to_scheduling"), kit.lookup(person),
               kit.call("get_patient_appointments", patient_id=person["patient_id"])])


FAMILY = kit.healthcare_family("C13", "appointment_lookup", make)
