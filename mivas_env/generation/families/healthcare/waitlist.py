"""C8 waitlist: the office is full on the only day the caller can come: search it, then join its waitlist."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C8"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    person, location_id, day, visit_type = kit.full_day(scene)
    office, visit = kit.office_name(scene.world, location_id), kit.VISIT_WORDS[visit_type]
    notes = TEXT.line("notes", date=kit.long_date(day))
    spoken = kit.spoken_date(scene.rng, day)
    return kit.lockfile(
        scene, TEXT, person, slots={"visit": visit, "office": office, "day": spoken},
        say={"iso": day.isoformat(), "date": kit.long_date(day)},
        facts={**kit.person_facts(scene, person), "location": office,
               "visit_type": kit.VISIT_FACTS[visit_type], "preferred_date": spoken, "waitlist_notes": notes},
        goal={"tools_ok": ["search_availability", "add_to_waitlist"],
              "agent_says_all": ["waitlist", office.lower()]},
        reactions=[kit.reaction(when_agent_says_any=kit.BOOKED_WORDS,
                                unless_agent_says_any=kit.WAITLIST_WORDS,
                                say=[TEXT.line("booked_when", spoken=spoken)], once=False),
                   kit.other_office_reaction(scene, [location_id])],
        calls=kit.scheduling(person, kit.search([location_id], visit_type, day), kit.call(
            "add_to_waitlist", patient_id=person["patient_id"], location_id=location_id,
            visit_type=visit_type, notes=notes)))
