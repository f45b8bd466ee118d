"""C13 appointment lookup: when is my next visit at this office? A read at scheduling."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C13"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    person, drawn = kit.booked_visit(scene)
    appt = min((a for a in kit.upcoming(scene.world, person["patient_id"])
                if a["location_id"] == drawn["location_id"]), key=lambda a: a["start_time"])
    day = kit.day_of(appt)
    office = kit.office_name(scene.world, appt["location_id"])
    provider = scene.world.by_id("providers", "provider_id")[appt["provider_id"]]
    return kit.lockfile(
        scene, TEXT, person, slots={"office": office},
        say={**kit.when(day, appt["start_time"][11:16]), "provider": provider["display_name"],
             "visit": kit.VISIT_WORDS[appt["visit_type"]]},
        facts={**kit.person_facts(scene, person), "location": office},
        goal={"tools_ok": ["get_patient_appointments"], "agent_says_all": [office.lower()],
              "agent_says_any": kit.date_phrases(day)},
        reactions=[kit.reaction(when_agent_says_any=TEXT.words("change_words"),
                                say=[TEXT.line("no_change")])],
        calls=kit.scheduling(person, kit.appointments(person)))
