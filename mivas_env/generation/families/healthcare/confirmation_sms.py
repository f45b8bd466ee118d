"""C7 confirmation SMS: book a visit and text it, sometimes to a new number (send_sms expected only here)."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C7"
TEXT = kit.family_templates(__name__)
NEW_NUMBER = 0.35  # how often the text goes to a number not on file


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    person = rng.choice(kit.established(world))
    visit_type = rng.choice(TEXT.words("visit_types"))
    location_id = rng.choice(kit.office_ids(world))
    day, slot = kit.pick_slot(scene, [location_id], visit_type, kit.window(world)[1:],
                                kit.books(world, person["patient_id"], location_id, visit_type))
    hhmm = slot["start_time"][11:16]
    office, visit = kit.office_name(world, location_id), kit.VISIT_WORDS[visit_type]
    new_number = rng.random() < NEW_NUMBER
    phone = kit.new_person(scene)["phone_e164"] if new_number else person["phone_e164"]
    which = "new_phone" if new_number else "old_phone"  # the phone fact: which number the text goes to
    facts = {**kit.person_facts(scene, person), "phone": TEXT.line(which, phone=kit.spoken_phone(rng, phone)),
             "location": office, "visit_type": kit.VISIT_FACTS[visit_type],
             "preferred_date": kit.spoken_date(rng, day), "appointment_time": kit.spoken_time(rng, hhmm)}
    said = {"visit": visit, "office": office, **kit.when(day, hhmm)}
    message = TEXT.line("message", business=world.definition.business.name, **said)
    return kit.lockfile(
        scene, TEXT, person, variant="new" if new_number else "",
        say={**said, "provider": slot["provider_name"], "phone": kit.spoken_phone(rng, phone)},
        slots={"visit": visit, "office": office, "day": kit.spoken_date(rng, day)}, facts=facts,
        goal=kit.booking_goal(office, day, hhmm, ["lookup_patient", "book_appointment", "send_sms"],
                              ["text"]),
        reactions=[kit.reaction(after_tool="book_appointment", unless_agent_says_any=["text"],
                                say=[TEXT.line("send_it")], once=False), kit.booked_reaction(office)],
        calls=kit.scheduling(person, kit.search([location_id], visit_type, day),
                             kit.book(person["patient_id"], location_id, slot, visit_type),
                             kit.call("send_sms", phone_e164=phone, message=message)))
