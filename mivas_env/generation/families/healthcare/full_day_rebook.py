"""C9 full-day rebook: the preferred day is full, the caller takes a day within the week after
it instead (two searches, one booking, no waitlist). Openings are the waitlist family's."""

from __future__ import annotations

from datetime import timedelta

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.families.healthcare import waitlist
from mivas_env.generation.lockfile import hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.spoken import clock_ampm, long_date, spoken_date, spoken_time
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


def make(scene: Scene) -> Draft | None:
    world, rng = scene.world, scene.rng
    person, location_id, day, visit_type = kit.full_day(scene)
    later = [d for d in kit.window(world) if day < d <= day + timedelta(days=7)]
    alt_day, slot = kit.pick_slot(scene, [location_id], visit_type, later,
                                  kit.books(world, person["patient_id"], location_id, visit_type))
    hhmm = slot["start_time"][11:16]
    office, visit = kit.office_name(world, location_id), kit.VISIT_WORDS[visit_type]
    spoken, alt = spoken_date(rng, day), spoken_date(rng, alt_day)
    return kit.lockfile(
        scene, TEXT, person, openings=waitlist.TEXT["openings"],
        say={"office": office, "visit": visit, "iso": day.isoformat(),
             "alt_iso": alt_day.isoformat(), "date": long_date(day),
             "alt_date": long_date(alt_day), "time": clock_ampm(hhmm),
             "provider": slot["provider_name"]},
        slots={"visit": visit, "office": office, "day": spoken, "alt": alt},
        facts={**kit.person_facts(scene, person), "location": office,
               "visit_type": kit.VISIT_FACTS[visit_type],
               "preferred_date": TEXT.line("preferred", spoken=spoken, alt=alt),
               "appointment_time": TEXT.line("at_time", time=spoken_time(rng, hhmm), alt=alt),
               "waitlist_notes": TEXT.line("no_waitlist")},
        goal=kit.booking_goal(office, alt_day, hhmm, ["search_availability", "book_appointment"]),
        reactions=[reaction(when_agent_says_any=["waitlist", "wait list"],
                            unless_agent_says_any=kit.BOOKED_WORDS,
                            say=[TEXT.line("what_about", alt=alt)])],
        calls=[hop("transfer_to_scheduling"), kit.lookup(person),
               kit.search([location_id], visit_type, day),
               kit.search([location_id], visit_type, alt_day),
               kit.book(person["patient_id"], location_id, slot, visit_type)],
        exp_db_state={"waitlist": []})


FAMILY = kit.healthcare_family("C9", "full_day_rebook", make)
