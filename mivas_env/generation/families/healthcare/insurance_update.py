"""C2 insurance update: a patient puts a new carrier or a missing member ID on their chart."""

from __future__ import annotations

from mivas_env.generation.core import Draft
from mivas_env.generation.families.healthcare import common as kit
from mivas_env.generation.lockfile import call, hop, reaction
from mivas_env.generation.scene import Scene
from mivas_env.generation.text import family_templates
from rewards.worlds.healthcare import member_id_for

TEXT = family_templates(__name__)
SAVED_WORDS = ["updated", "saved", "on file", "recorded"]


def make(scene: Scene) -> Draft | None:
    world, rng = scene.world, scene.rng
    person = rng.choice(kit.patients(world))
    carriers = sorted(world.by_id("carriers", "carrier"))
    if person["carrier"] is not None and person["member_id"] is None:
        carrier, kind = person["carrier"], "the missing member ID"
    else:
        carrier = rng.choice([c for c in carriers if c != person["carrier"]])
        kind = "a new carrier" if person["carrier"] else "insurance for a self-pay chart"
    member_id = member_id_for(rng, carrier)
    spoken = kit.carrier_spelling(scene, carrier)
    answer = (f"Done: your {spoken} member ID {member_id} is now saved on your record, "
              f"{person['full_name']}. Your insurance is updated.")
    readback = [member_id.lower(), " ".join(member_id.lower()), "-".join(member_id.lower())]
    return {
        "title": f"Update insurance: {kind} ({spoken})",
        "description": "lookup_patient then update_insurance at coverage. D: the carrier and "
                       "member ID on exactly this chart. T: the lookup and the update. H: coverage.",
        "caller": kit.caller(
            scene, name=person["full_name"], slots={"carrier": spoken},
            persona=f"{person['full_name']}, {kit.age(scene, person)}, established "
                    f"patient with a {spoken} card in hand.",
            openings=TEXT["openings"], nudges=TEXT["nudges"],
            facts={**kit.person_facts(scene, person), "carrier": spoken, "member_id": member_id},
            goal={"description": f"{spoken} with member ID {member_id} saved on the chart.",
                  "tools_ok": ["lookup_patient", "update_insurance"],
                  "agent_says_all": [member_id.lower()], "agent_says_any": SAVED_WORDS},
            reactions=[reaction(when_agent_says_any=SAVED_WORDS, unless_agent_says_any=readback,
                                say=["Can you read back the member ID you saved?"], once=False)],
            answer=answer),
        "exp_handoff_path": ["transfer_to_coverage"],
        "exp_tool_calls": [hop("transfer_to_coverage"), kit.lookup(person),
                           call("update_insurance", patient_id=person["patient_id"],
                                carrier=carrier, member_id=member_id)],
    }


FAMILY = kit.healthcare_family("C2", "insurance_update", make)
