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
    answer = (f"{long_date(day)} at {office} is fully booked, so your {visit} is booked at "
              f"{office} on {long_date(alt_day)} at {clock_ampm(hhmm)} with "
              f"{slot['provider_name']}.")
    return {
        "title": f"{office} is full on {day.isoformat()}; the caller takes {alt_day.isoformat()}",
        "description": "Search the full day, search the other day, book; the waitlist stays "
                       "empty. D: the booking, no waitlist row. T: both searches and the booking.",
        "caller": kit.caller(
            scene, name=person["full_name"],
            slots={"visit": visit, "office": office, "day": spoken, "alt": alt},
            persona=f"{person['full_name']}, {kit.age(scene, person)}, prefers "
                    f"{long_date(day)} but takes {long_date(alt_day)}; no waitlist.",
            openings=waitlist.TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "location": office,
                   "visit_type": kit.VISIT_FACTS[visit_type],
                   "preferred_date": f"{spoken}, or {alt} if that day is full",
                   "appointment_time": f"{spoken_time(rng, hhmm)} on {alt}",
                   "waitlist_notes": "No waitlist, thanks"},
            goal=kit.booking_goal(office, alt_day, hhmm, ["search_availability", "book_appointment"]),
            reactions=[reaction(when_agent_says_any=["waitlist", "wait list"],
                                unless_agent_says_any=kit.BOOKED_WORDS,
                                say=[f"No, please don't put me on a waitlist. What about {alt}?"])],
            answer=answer),
        "exp_handoff_path": ["transfer_to_scheduling"],
        "exp_tool_calls": [
            hop("transfer_to_scheduling"), kit.lookup(person),
            kit.search([location_id], visit_type, day),
            kit.search([location_id], visit_type, alt_day),
            kit.book(person["patient_id"], location_id, slot, visit_type)],
        "exp_db_state": {"waitlist": []},
    }


FAMILY = kit.healthcare_family("C9", "full_day_rebook", make)
