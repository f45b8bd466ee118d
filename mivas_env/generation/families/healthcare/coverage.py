"""C1 coverage: is the caller's plan accepted at one office? A read at the coverage desk. Openings never
name the carrier (often not the office): the caller gives the gold arguments only when asked."""

from mivas_env.generation.families.healthcare import common as kit

CODE = "C1"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    world, rng = scene.world, scene.rng
    location_id = rng.choice(kit.office_ids(world))
    carrier = rng.choice(sorted(world.by_id("carriers", "carrier")))
    result = kit.fit(kit.ask(world, "check_plan_accepted", carrier=carrier, location_id=location_id))
    office = kit.office_name(world, location_id)
    spoken = kit.carrier_spelling(scene, carrier)
    person = kit.new_person(scene)
    note = TEXT.line("note", note=result["note"]) if result.get("note") else ""
    return kit.lockfile(
        scene, TEXT, person, variant="" if result["accepted"] else "refused",
        slots={"carrier": spoken, "office": office}, say={"note": note},
        facts={**kit.person_facts(scene, person), "carrier": spoken, "location": office},
        goal={"tools_ok": ["check_plan_accepted"], "agent_says_all": [office.lower(), spoken.lower()]},
        reactions=[kit.other_office_reaction(scene, [location_id])],
        calls=[kit.hop("coverage"), kit.plan_check(carrier, location_id)])
