"""Legal near-misses beside the core's: a party misheard beyond the fuzzy rule, an intake despite
a conflict, a refusal that writes, a message in place of an escalation."""

from typing import Any

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.core import Draft, World
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.lockfile import Calls, gold_run

WRONG: dict[str, dict[str, str]] = kit.WORDS["near_misses"]  # the wrong calls' other arguments


def gold(data: Draft) -> tuple[Calls, Any]:
    """The gold calls and the opposing party they name (``None`` when none does)."""
    calls = gold_run(data)
    return calls, next((args["opposing_party"] for _, args in calls if "opposing_party" in args), None)


def misheard(world: World, name: str) -> str | None:
    """A mishearing of ``name`` beyond the fuzzy rule that names nobody at the firm."""
    words, firm = name.split(), kit.firm(world.seed)
    candidates = (" ".join([*words[:-1], surname]) if len(words) > 1 else f"{surname} {name}"
                  for surname in kit.pool(world.split).surnames)
    return next((c for c in candidates if not kit.related(name, c) and firm.unknown(c)), None)


def with_party(calls: Calls, party: str) -> Calls:
    return [(name, {**args, "opposing_party": party} if "opposing_party" in args else args)
            for name, args in calls]


def near_client(world: World, name: str) -> str | None:
    """A client whose name starts like ``name`` but does not match it (the party Daniel Okonkwo,
    the client Daniel Okafor): the mishearing a conflict check must survive."""
    first, _, last = name.partition(" ")
    for known in (str(row["full_name"]) for row in kit.firm(world.seed).clients):
        k_first, _, k_last = known.partition(" ")
        if k_first == first and k_last[:2].casefold() == last[:2].casefold() and not kit.related(known, name):
            return known
    return None


def misheard_party_misses(world: World, data: Draft) -> list[NearMiss]:
    """The party misheard beyond the rule (as a client named like it, the agent then wrongly
    refuses; or as nobody): the check and the intake name someone else (T)."""
    calls, party = gold(data)
    if not isinstance(party, str):
        return []
    wrongs = (near_client(world, party), misheard(world, party))
    return [NearMiss(f"opposing_party misheard as {wrong!r}", tuple(with_party(calls, wrong)), "T")
            for wrong in dict.fromkeys(w for w in wrongs if w is not None)]


def intake_despite_conflict_misses(world: World, data: Draft) -> list[NearMiss]:
    """An intake opened under a misheard name after the check: D (intakes allows no extra row)."""
    calls, party = gold(data)
    wrong = misheard(world, party) if isinstance(party, str) else None
    if wrong is None:
        return []
    intake = ("create_intake", {"full_name": data["caller"]["facts"]["full_name"], **WRONG["create_intake"],
                                "opposing_party": wrong})
    return [NearMiss(f"intake opened against misheard {wrong!r}", (*with_party(calls, wrong), intake), "D"),
            *misheard_party_misses(world, data)]


def stray_write_misses(world: World, data: Draft) -> list[NearMiss]:
    """A refusal that writes an escalation row where none is allowed (D)."""
    escalation = dict(WRONG["escalate_to_human"])
    return [NearMiss("escalates the refusal", (("escalate_to_human", escalation),), "D")]


def message_instead_misses(world: World, data: Draft) -> list[NearMiss]:
    """A message in place of an escalation (T)."""
    message = {**WRONG["take_message"], "caller_name": data["caller"]["facts"]["full_name"]}
    return [NearMiss("takes a message instead of escalating", (("take_message", message),), "T")]
