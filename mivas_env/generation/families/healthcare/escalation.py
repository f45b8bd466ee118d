"""C6 escalation: the call ends with transfer_to_human after the expected desk; one maker per turn it takes
(an emergency behind a same-day request, a refill after an appointment read, a copay question)."""

from collections.abc import Callable
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

CODE = "C6"
TEXT = kit.family_templates(__name__)
# How one escalation goes: who calls, their slots, the gold calls before the human (from the
# desk's hop to the read the goal needs), the caller's reactions and extra facts.
Turn = tuple[kit.Person, dict[str, Any], list[kit.LockedCall], list[dict[str, Any]], dict[str, str]]


def urgent(scene: kit.Scene) -> Turn:
    person = scene.rng.choice(kit.patients(scene.world))
    symptoms = [*scene.lines(TEXT["symptoms"], 2), TEXT.line("nurse")]
    return person, {}, kit.scheduling(person), [kit.reaction(after_tool="lookup_patient", say=symptoms)], {}


def refill(scene: kit.Scene) -> Turn:
    person, appt = kit.booked_visit(scene)
    office = kit.office_name(scene.world, appt["location_id"])
    almost_out = kit.reaction(after_tool="get_patient_appointments", when_agent_says_any=[office.lower()],
                              say=[TEXT.line("almost_out")])
    return person, {"office": office}, kit.scheduling(person, kit.appointments(person)), [almost_out], {}


def copay(scene: kit.Scene) -> Turn:
    person = kit.new_person(scene)
    accepted = [(row["carrier"], row["location_id"]) for row in scene.world.rows("plan_acceptance")
                if row["accepted"]]
    carrier, location_id = scene.rng.choice(sorted(accepted))
    spoken, office = kit.carrier_spelling(scene, carrier), kit.office_name(scene.world, location_id)
    return (person, {"carrier": spoken, "office": office},
            [kit.hop("coverage"), kit.plan_check(carrier, location_id)], [],
            {"carrier": spoken, "location": office})


TURNS: dict[str, Callable[[kit.Scene], Turn]] = {"urgent": urgent, "refill": refill, "copay": copay}


def make(scene: kit.Scene) -> kit.Draft | None:
    kind = scene.rng.choice(list(TURNS))
    person, slots, calls, reactions, facts = TURNS[kind](scene)
    return kit.lockfile(
        scene, TEXT, person, openings=TEXT[kind], variant=kind, say={}, slots=slots,
        facts={**kit.person_facts(scene, person), **facts},
        goal={"tools_ok": [calls[-1]["name"], "transfer_to_human"]}, reactions=reactions,
        calls=[*calls, kit.hop("human")])
