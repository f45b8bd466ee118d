"""C9 full-day rebook: the preferred day is full; the caller takes a day in the week after it, no waitlist."""

from datetime import timedelta

from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.families.healthcare import waitlist

CODE = "C9"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    rng = scene.rng
    person, location_id, day, visit_type = kit.full_day(scene)
    later = [d for d in kit.window(scene.world) if day < d <= day + timedelta(days=7)]
    alt_day, slot = kit.pick_slot(scene, [location_id], visit_type, later,
                                    kit.books(scene.world, person["patient_id"], location_id, visit_type))
    hhmm = slot["start_time"][11:16]
    office, visit = kit.office_name(scene.world, location_id), kit.VISIT_WORDS[visit_type]
    spoken, alt = kit.spoken_date(rng, day), kit.spoken_date(rng, alt_day)
    return kit.lockfile(
        scene, TEXT, person, openings=waitlist.TEXT["openings"],
        say={**kit.when(day, hhmm), "alt_iso": alt_day.isoformat(), "alt_date": kit.long_date(alt_day),
             "provider": slot["provider_name"]},
        slots={"visit": visit, "office": office, "day": spoken, "alt": alt},
        facts={**kit.person_facts(scene, person), "location": office,
               "visit_type": kit.VISIT_FACTS[visit_type],
               "preferred_date": TEXT.line("preferred", spoken=spoken, alt=alt),
               "appointment_time": TEXT.line("at_time", time=kit.spoken_time(rng, hhmm), alt=alt),
               "waitlist_notes": TEXT.line("no_waitlist")},
        goal=kit.booking_goal(office, alt_day, hhmm, ["search_availability", "book_appointment"]),
        reactions=[kit.reaction(when_agent_says_any=kit.WAITLIST_WORDS,
                                unless_agent_says_any=kit.BOOKED_WORDS,
                                say=[TEXT.line("what_about", alt=alt)])],
        calls=kit.scheduling(person, kit.search([location_id], visit_type, day),
                             kit.search([location_id], visit_type, alt_day),
                             kit.book(person["patient_id"], location_id, slot, visit_type)),
        exp_db_state={"waitlist": []})
