"""C1 coverage: is the caller's plan accepted at one office? A read at the coverage desk."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import hop
from mivas_env.generation.scene import Scene
from mivas_env.generation.text import family_templates

# The opening never names the carrier and often not the office: the caller gives them when
# asked, so an opening line does not give away the gold arguments.
TEXT = family_templates(__name__)


def make(scene: Scene) -> Draft | None:
    world, rng = scene.world, scene.rng
    location_id = rng.choice(kit.office_ids(world))
    carrier = rng.choice(sorted(world.by_id("carriers", "carrier")))
    result = kit.ask(world, "check_plan_accepted", carrier=carrier, location_id=location_id)
    if result is None:
        return None
    office = kit.office_name(world, location_id)
    spoken = kit.carrier_spelling(scene, carrier)
    person = kit.new_person(scene)
    verdict = "is accepted" if result["accepted"] else "is not accepted"
    answer = f"I checked the {office} office: {spoken} {verdict} there."
    if result.get("note"):
        answer += f" Note: {result['note']}"
    return {
        "title": f"Is {spoken} accepted at {office}? ({'yes' if result['accepted'] else 'no'})",
        "description": "Read-only coverage check at the coverage desk. T: check_plan_accepted "
                       "with this carrier and office. H: the coverage desk. D: unchanged.",
        "caller": kit.caller(
            scene, name=person["full_name"], slots={"carrier": spoken, "office": office},
            persona=f"{person['full_name']}, a prospective new patient with {spoken}; wants a "
                    f"yes or no for the {office} office only.",
            openings=TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "carrier": spoken, "location": office},
            goal={"description": f"Whether {spoken} is accepted at {office}.",
                  "tools_ok": ["check_plan_accepted"],
                  "agent_says_all": [office.lower(), spoken.lower()]},
            reactions=[kit.other_office_reaction(scene, [location_id])], answer=answer),
        "exp_handoff_path": ["transfer_to_coverage"],
        "exp_tool_calls": [hop("transfer_to_coverage"), kit.plan_check(carrier, location_id)],
    }


FAMILY = kit.healthcare_family("C1", "coverage", make)
