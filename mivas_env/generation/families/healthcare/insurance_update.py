"""C2 insurance update: a patient puts a new carrier or a missing member ID on their chart."""

from mivas_env.generation.families.healthcare import common as kit
from rewards.worlds.healthcare import member_id_for

CODE = "C2"
TEXT = kit.family_templates(__name__)


def make(scene: kit.Scene) -> kit.Draft | None:
    rng = scene.rng
    person = rng.choice(kit.patients(scene.world))
    if person["carrier"] is not None and person["member_id"] is None:
        carrier, kind = person["carrier"], "missing_id"
    else:
        carrier = rng.choice([c for c in sorted(scene.world.by_id("carriers", "carrier"))
                              if c != person["carrier"]])
        kind = "new_carrier" if person["carrier"] else "self_pay"
    member_id = member_id_for(rng, carrier)
    spoken = kit.carrier_spelling(scene, carrier)
    readback = [member_id.lower(), " ".join(member_id.lower()), "-".join(member_id.lower())]
    return kit.lockfile(
        scene, TEXT, person, slots={"carrier": spoken}, say={"kind": TEXT.line(kind), "member_id": member_id},
        facts={**kit.person_facts(scene, person), "carrier": spoken, "member_id": member_id},
        goal={"tools_ok": ["lookup_patient", "update_insurance"],
              "agent_says_all": [member_id.lower()], "agent_says_any": TEXT.words("saved_words")},
        reactions=[kit.reaction(when_agent_says_any=TEXT.words("saved_words"), unless_agent_says_any=readback,
                                say=[TEXT.line("read_back")], once=False)],
        calls=[kit.hop("coverage"), kit.lookup(person), kit.call(
            "update_insurance", patient_id=person["patient_id"], carrier=carrier, member_id=member_id)])
