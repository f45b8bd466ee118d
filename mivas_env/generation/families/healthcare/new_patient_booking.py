"""C3 new-patient booking: check the plan (perhaps refused at the first-choice office),
register the caller, then book a new-patient visit where the plan is accepted."""

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)
FIRST_CHOICE_REFUSES = 0.35  # how often the caller first asks for an office that refuses the plan


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    carrier = rng.choice(sorted(world.by_id("carriers", "carrier")))
    accepting = [row["location_id"] for row in world.rows("plan_acceptance")
                 if row["carrier"] == carrier and row["accepted"]]
    if not accepting:
        return None
    location_id = rng.choice(sorted(accepting))
    refusing = sorted(row["location_id"] for row in world.rows("plan_acceptance")
                      if row["carrier"] == carrier and not row["accepted"])
    first_choice = (rng.choice(refusing) if refusing and rng.random() < FIRST_CHOICE_REFUSES
                    else None)
    day, slot = kit.pick_slot(scene, [location_id], "new_patient", kit.window(world)[1:])
    hhmm = slot["start_time"][11:16]
    person = kit.new_person(scene)
    office = kit.office_name(world, location_id)
    spoken = kit.carrier_spelling(scene, carrier)
    patient_id = kit.registered_id(world, person, carrier)
    said = {"carrier": spoken, "office": office, "asked": office}
    offices = [location_id]
    checks = [kit.plan_check(carrier, location_id)]
    if first_choice is not None:
        said["asked"] = kit.office_name(world, first_choice)
        offices.insert(0, first_choice)
        checks.insert(0, kit.plan_check(carrier, first_choice))
    return kit.lockfile(
        scene, TEXT, person, slots={"carrier": spoken, "office": said["asked"]},
        say={**said, "date": kit.long_date(day), "time": kit.clock_ampm(hhmm),
             "provider": slot["provider_name"],
             "refused": TEXT.line("refused", **said) if first_choice else "",
             "accepted": TEXT.line("accepted_elsewhere" if first_choice else "accepted", **said)},
        facts={**kit.person_facts(scene, person), "carrier": spoken,
               "location": TEXT.line("or_office", **said) if first_choice else office,
               "visit_type": kit.VISIT_FACTS["new_patient"],
               "preferred_date": kit.spoken_date(rng, day),
               "appointment_time": kit.spoken_time(rng, hhmm)},
        goal=kit.booking_goal(office, day, hhmm,
                              ["check_plan_accepted", "register_patient", "book_appointment"]),
        reactions=[kit.booked_reaction(office), kit.other_office_reaction(scene, offices)],
        calls=[kit.hop("transfer_to_coverage"), *checks,
               kit.call("register_patient", full_name=person["full_name"],
                    date_of_birth=person["date_of_birth"], phone_e164=person["phone_e164"],
                    carrier=carrier),
               kit.hop("transfer_to_scheduling"), kit.search([location_id], "new_patient", day),
               kit.book(patient_id, location_id, slot, "new_patient")])


FAMILY = kit.healthcare_family("C3", "new_patient_booking", make)
