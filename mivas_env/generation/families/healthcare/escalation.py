"""C6 escalation: a call that must end with transfer_to_human after the expected desk. One
maker per way a call turns: an emergency behind a same-day request, a refill request after
an appointment read, a copay question after a coverage check."""

from collections.abc import Callable
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)
# How one escalation goes: who calls, their slots, the desk, the gold calls before the human,
# the tool the goal needs besides transfer_to_human, the caller's reactions and extra facts.
Turn = tuple[kit.Person, dict[str, Any], str, list[kit.LockedCall], str, list[dict[str, Any]],
             dict[str, str]]


def urgent(scene: kit.Clinic) -> Turn:
    person = scene.rng.choice(scene.patients())
    symptoms = [*scene.lines(TEXT["symptoms"], 2), TEXT.line("nurse")]
    return (person, {}, "transfer_to_scheduling", [kit.lookup(person)], "lookup_patient",
            [kit.reaction(after_tool="lookup_patient", say=symptoms)], {})


def refill(scene: kit.Clinic) -> Turn:
    person, appt = scene.booked_visit()
    office = scene.office(appt["location_id"])
    almost_out = kit.reaction(after_tool="get_patient_appointments", when_agent_says_any=[office.lower()],
                              say=[TEXT.line("almost_out")])
    return (person, {"office": office}, "transfer_to_scheduling",
            [kit.lookup(person), kit.appointments(person)], "get_patient_appointments", [almost_out], {})


def copay(scene: kit.Clinic) -> Turn:
    person = scene.new_person()
    accepted = [(row["carrier"], row["location_id"]) for row in scene.world.rows("plan_acceptance")
                if row["accepted"]]
    carrier, location_id = scene.rng.choice(sorted(accepted))
    spoken = scene.carrier_spelling(carrier)
    office = scene.office(location_id)
    return (person, {"carrier": spoken, "office": office}, "transfer_to_coverage",
            [kit.plan_check(carrier, location_id)], "check_plan_accepted", [],
            {"carrier": spoken, "location": office})


TURNS: dict[str, Callable[[kit.Clinic], Turn]] = {"urgent": urgent, "refill": refill, "copay": copay}


def make(scene: kit.Clinic) -> kit.Draft | None:
    kind = scene.rng.choice(list(TURNS))
    person, slots, desk, calls, tool, reactions, facts = TURNS[kind](scene)
    return scene.lockfile(
        TEXT, person, openings=TEXT[kind], variant=kind, say={}, slots=slots,
        facts={**scene.person_facts(person), **facts}, goal={"tools_ok": [tool, "transfer_to_human"]},
        reactions=reactions, calls=[kit.hop(desk), *calls, kit.hop("transfer_to_human")])


FAMILY = kit.healthcare_family("C6", "escalation", make)
