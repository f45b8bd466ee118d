"""C7 confirmation SMS: book a visit and text the confirmation (send_sms is expected here and
forbidden elsewhere), sometimes to a new number."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import call, hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.spoken import clock_ampm, long_date, spoken_date, spoken_phone, spoken_time
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
NEW_NUMBER = 0.35  # how often the text goes to a number not on file
VISIT_TYPES = ["follow_up", "annual_physical", "sick_visit"]


def make(scene: Scene) -> Draft | None:
    world, rng = scene.world, scene.rng
    person = rng.choice([p for p in kit.patients(world) if kit.established(world, p["patient_id"])])
    visit_type = rng.choice(VISIT_TYPES)
    location_id = rng.choice(kit.office_ids(world))
    day, slot = kit.pick_slot(scene, [location_id], visit_type, kit.window(world)[1:],
                          kit.books(world, person["patient_id"], location_id, visit_type))
    hhmm = slot["start_time"][11:16]
    office = kit.office_name(world, location_id)
    visit = kit.VISIT_WORDS[visit_type]
    new_number = rng.random() < NEW_NUMBER
    phone = kit.new_person(scene)["phone_e164"] if new_number else person["phone_e164"]
    facts = kit.person_facts(scene, person)
    facts["phone"] = (f"{spoken_phone(rng, phone)}, that's my new cell" if new_number
                      else f"{spoken_phone(rng, phone)}, the one you have on file")
    facts.update(location=office, visit_type=kit.VISIT_FACTS[visit_type],
                 preferred_date=spoken_date(rng, day), appointment_time=spoken_time(rng, hhmm))
    message = (f"{world.definition.business.name}: your {visit} is booked at {office} on "
               f"{long_date(day)} at {clock_ampm(hhmm)}.")
    answer = (f"Your {visit} is booked at the {office} office on {long_date(day)} at "
              f"{clock_ampm(hhmm)} with {slot['provider_name']}, and I've sent a confirmation "
              f"text to {spoken_phone(rng, phone)}.")
    return {
        "title": f"Book a {visit} at {office} and text the confirmation"
                 + (" to a new number" if new_number else ""),
        "description": "Identify, search, book, then send_sms (expected here, forbidden "
                       "elsewhere). T: the text to the right number. D: the right slot.",
        "caller": kit.caller(
            scene, name=person["full_name"],
            slots={"visit": visit, "office": office, "day": spoken_date(rng, day)},
            persona=f"{person['full_name']}, {kit.age(scene, person)}, established "
                    f"patient who wants every booking confirmed by text.",
            openings=TEXT["openings"], nudges=TEXT["nudges"], facts=facts,
            goal=kit.booking_goal(office, day, hhmm,
                              ["lookup_patient", "book_appointment", "send_sms"], ["text"]),
            reactions=[reaction(after_tool="book_appointment", unless_agent_says_any=["text"],
                                say=["Good. Please send me the text with the details, like I "
                                     "asked."], once=False),
                       kit.booked_reaction(office)],
            answer=answer),
        "exp_handoff_path": ["transfer_to_scheduling"],
        "exp_tool_calls": [
            hop("transfer_to_scheduling"), kit.lookup(person),
            kit.search([location_id], visit_type, day),
            kit.book(person["patient_id"], location_id, slot, visit_type),
            call("send_sms", phone_e164=phone, message=message)],
    }


FAMILY = kit.healthcare_family("C7", "confirmation_sms", make)
