"""C3 new-patient booking: plan check (perhaps refused at the first choice), register, book where accepted."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C3"
TEXT = kit.family_templates(__name__)
FIRST_CHOICE_REFUSES = 0.35  # how often the caller first asks for an office that refuses the plan


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    carrier = rng.choice(sorted(world.by_id("carriers", "carrier")))
    plans = [row for row in world.rows("plan_acceptance") if row["carrier"] == carrier]
    accepting = kit.fit(sorted(row["location_id"] for row in plans if row["accepted"]))
    location_id = rng.choice(accepting)
    refusing = sorted(row["location_id"] for row in plans if not row["accepted"])
    refused = "refused" if refusing and rng.random() < FIRST_CHOICE_REFUSES else ""  # the lines' variant
    offices = [rng.choice(refusing), location_id] if refused else [location_id]
    day, slot = kit.pick_slot(scene, [location_id], "new_patient", kit.window(world)[1:])
    hhmm = slot["start_time"][11:16]
    person = kit.new_person(scene)
    office = kit.office_name(world, location_id)
    spoken = kit.carrier_spelling(scene, carrier)
    registered = world.server().call("register_patient", {**person, "carrier": carrier})
    kit.fit(registered["ok"])
    said = {"carrier": spoken, "office": office, "asked": kit.office_name(world, offices[0])}
    return kit.lockfile(
        scene, TEXT, person, variant=refused, slots={"carrier": spoken, "office": said["asked"]},
        say={**said, **kit.when(day, hhmm), "provider": slot["provider_name"]},
        facts={**kit.person_facts(scene, person), "carrier": spoken,
               "location": TEXT.line("or_office", **said) if refused else office,
               "visit_type": kit.VISIT_FACTS["new_patient"], "preferred_date": kit.spoken_date(rng, day),
               "appointment_time": kit.spoken_time(rng, hhmm)},
        goal=kit.booking_goal(office, day, hhmm,
                              ["check_plan_accepted", "register_patient", "book_appointment"]),
        reactions=[kit.booked_reaction(office), kit.other_office_reaction(scene, offices)],
        calls=[kit.hop("coverage"), *[kit.plan_check(carrier, loc) for loc in offices],
               kit.call("register_patient", **person, carrier=carrier),
               kit.hop("scheduling"), kit.search([location_id], "new_patient", day),
               kit.book(registered["data"]["patient_id"], location_id, slot, "new_patient")])
