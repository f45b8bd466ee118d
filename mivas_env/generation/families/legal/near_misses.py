"""Legal near-misses, beside the core's skipped desk and wrong argument: a party misheard
beyond the fuzzy rule, an intake despite a conflict, a refusal that writes, a message in place
of an escalation."""

from __future__ import annotations

from typing import Any

from mivas_env.agents.baselines import gold_arguments
from mivas_env.generation.core import Draft, NearMiss, World
from mivas_env.generation.families.legal import common as kit
from rewards.names import names_match
from rewards.worlds.names import pool

Calls = list[tuple[str, dict[str, Any]]]


def gold(data: Draft) -> Calls:
    return [(c["name"], gold_arguments(c.get("parameters") or {})) for c in data["exp_tool_calls"]]


def misheard(world: World, name: str) -> str | None:
    """A mishearing of ``name`` beyond the fuzzy rule that names nobody at the firm."""
    known = kit.firm(world)
    words = name.split()
    for surname in pool(world.split).surnames:
        candidate = " ".join([*words[:-1], surname]) if len(words) > 1 else f"{surname} {name}"
        if (not names_match(name, candidate) and not names_match(candidate, name)
                and known.unknown(candidate)):
            return candidate
    return None


def with_party(calls: Calls, party: str) -> Calls:
    """The calls with every opposing_party replaced."""
    return [(name, {**args, "opposing_party": party} if "opposing_party" in args else args)
            for name, args in calls]


def near_client(world: World, name: str) -> str | None:
    """A client of the world whose name starts like ``name`` but does not match it (the party
    Daniel Okonkwo, the client Daniel Okafor): the mishearing a conflict check must survive."""
    first, _, last = name.partition(" ")
    for row in kit.firm(world).clients:
        known = row["full_name"]
        k_first, _, k_last = known.partition(" ")
        if (k_first == first and k_last[:2].casefold() == last[:2].casefold()
                and not names_match(known, name) and not names_match(name, known)):
            return str(known)
    return None


def _party(calls: Calls) -> Any:
    return next((args["opposing_party"] for _, args in calls if "opposing_party" in args), None)


def misheard_party_misses(world: World, data: Draft) -> list[NearMiss]:
    """The party misheard beyond the rule: the check (and the intake) name someone else; when a
    client's name starts like the party's, that client (the agent then wrongly refuses)."""
    calls = gold(data)
    party = _party(calls)
    if not isinstance(party, str):
        return []
    return [NearMiss(f"opposing_party misheard as {wrong!r}", tuple(with_party(calls, wrong)), "T")
            for wrong in dict.fromkeys(w for w in (near_client(world, party),
                                                   misheard(world, party)) if w is not None)]


def intake_despite_conflict_misses(world: World, data: Draft) -> list[NearMiss]:
    """An intake opened under a misheard name after the check: D (intakes allows no extra row)."""
    calls = gold(data)
    party = _party(calls)
    wrong = misheard(world, party) if isinstance(party, str) else None
    if wrong is None:
        return []
    intake = ("create_intake", {"full_name": data["caller"]["facts"]["full_name"],
                                "phone_e164": "+12125550100",
                                "practice_area": "personal_injury", "summary": "Misheard party.",
                                "opposing_party": wrong})
    return [NearMiss(f"intake opened against misheard {wrong!r}",
                     (*with_party(calls, wrong), intake), "D"),
            *misheard_party_misses(world, data)]


def stray_write_misses(world: World, data: Draft) -> list[NearMiss]:
    """A refusal that writes something anyway: an escalation row where none is allowed (D)."""
    return [NearMiss("escalates the refusal", (("escalate_to_human", {
        "reason": "Caller wants an answer reception cannot give.", "urgency": "normal"}),), "D")]


def message_instead_misses(world: World, data: Draft) -> list[NearMiss]:
    """A message in place of an escalation (T and D)."""
    return [NearMiss("takes a message instead of escalating", (("take_message", {
        "for_attorney_id": "att_01", "caller_name": data["caller"]["facts"]["full_name"],
        "phone_e164": "+12125550100", "message": "Please call back."}),), "T")]
