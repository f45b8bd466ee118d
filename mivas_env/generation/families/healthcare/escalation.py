"""C6 escalation: a call that must end with transfer_to_human after the expected desk. One
maker per way a call turns: an emergency behind a same-day request, a refill request after
an appointment read, a copay question after a coverage check."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mivas_env.generation.families.healthcare import common as kit

TEXT = kit.family_templates(__name__)


@dataclass
class Turn:
    """How one escalation goes: who calls, what they say, the gold route to the human."""

    person: kit.Person
    slots: dict[str, Any]
    desk: str
    calls: list[kit.LockedCall]
    tools: list[str]
    reactions: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, str] = field(default_factory=dict)


def urgent(scene: kit.Scene) -> Turn:
    person = scene.rng.choice(kit.patients(scene.world))
    symptoms = [*scene.lines(TEXT["symptoms"], 2), TEXT.line("nurse")]
    return Turn(person, {}, "transfer_to_scheduling", [kit.lookup(person)],
                ["lookup_patient", "transfer_to_human"],
                [kit.reaction(after_tool="lookup_patient", say=symptoms)])


def refill(scene: kit.Scene) -> Turn:
    person, appt = kit.booked_visit(scene)
    office = kit.office_name(scene.world, appt["location_id"])
    return Turn(person, {"office": office}, "transfer_to_scheduling",
                [kit.lookup(person), kit.call("get_patient_appointments", patient_id=person["patient_id"])],
                ["get_patient_appointments", "transfer_to_human"],
                [kit.reaction(after_tool="get_patient_appointments", when_agent_says_any=[office.lower()],
                          say=[TEXT.line("almost_out")])])


def copay(scene: kit.Scene) -> Turn:
    person = kit.new_person(scene)
    accepted = [(row["carrier"], row["location_id"]) for row in scene.world.rows("plan_acceptance")
                if row["accepted"]]
    carrier, location_id = scene.rng.choice(sorted(accepted))
    spoken = kit.carrier_spelling(scene, carrier)
    office = kit.office_name(scene.world, location_id)
    return Turn(person, {"carrier": spoken, "office": office}, "transfer_to_coverage",
                [kit.plan_check(carrier, location_id)],
                ["check_plan_accepted", "transfer_to_human"],
                facts={"carrier": spoken, "location": office})


TURNS: dict[str, Callable[[kit.Scene], Turn]] = {"urgent": urgent, "refill": refill, "copay": copay}


def make(scene: kit.Scene) -> kit.Draft | None:
    kind = scene.rng.choice(list(TURNS))
    turn = TURNS[kind](scene)
    return kit.lockfile(
        scene, TEXT, turn.person, openings=TEXT[kind], variant=kind, say=turn.slots,
        slots=turn.slots, facts={**kit.person_facts(scene, turn.person), **turn.facts},
        goal={"tools_ok": turn.tools}, reactions=turn.reactions,
        calls=[kit.hop(turn.desk), *turn.calls, kit.hop("transfer_to_human")])


FAMILY = kit.healthcare_family("C6", "escalation", make)
