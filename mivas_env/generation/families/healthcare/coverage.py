"""C1 coverage: is the caller's plan accepted at one office? A read at the coverage desk. Openings never
name the carrier (often not the office): the caller gives the gold arguments only when asked."""

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)


def make(scene: kit.Clinic) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    location_id = rng.choice(scene.offices())
    carrier = rng.choice(sorted(world.by_id("carriers", "carrier")))
    result = scene.ask("check_plan_accepted", carrier=carrier, location_id=location_id)
    if result is None:
        return None
    office = scene.office(location_id)
    spoken = scene.carrier_spelling(carrier)
    person = scene.new_person()
    note = TEXT.line("note", note=result["note"]) if result.get("note") else ""
    return scene.lockfile(
        TEXT, person, variant="" if result["accepted"] else "refused",
        slots={"carrier": spoken, "office": office}, say={"note": note},
        facts={**scene.person_facts(person), "carrier": spoken, "location": office},
        goal={"tools_ok": ["check_plan_accepted"], "agent_says_all": [office.lower(), spoken.lower()]},
        reactions=[scene.other_office_reaction([location_id])],
        calls=[kit.hop("transfer_to_coverage"), kit.plan_check(carrier, location_id)])


FAMILY = kit.healthcare_family("C1", "coverage", make)
