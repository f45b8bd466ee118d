"""Difficulty levels (issue 21) over a family's instance: level 0 leaves it untouched, higher ones add
task structure (``generation.structure``, before the lock), caller behaviours and a default word error
rate; the gold calls and handoffs stay the family's. ``LEVELS`` is the table docs/generation.md shows."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mivas_env.caller.behaviours import Behaviour, BehaviourKind, wrong_value
from mivas_env.generation.structure import StructureKind
from mivas_env.speech.channel import LEVEL_WER
from rewards.models import MAX_LEVEL

if TYPE_CHECKING:
    from mivas_env.generation.core import Draft, World


@dataclass(frozen=True)
class Level:
    """What a level adds over the one below, and its default word error rate (``asr``)."""

    number: int
    wer: float
    adds: tuple[BehaviourKind, ...]
    rates: tuple[tuple[BehaviourKind, float], ...] = ()  # side speech and fillers: how often
    barge_in_words: int = 14
    structure: tuple[StructureKind, ...] = ()  # task structure it adds (generation.structure)

    @property
    def kinds(self) -> tuple[BehaviourKind, ...]:
        """Every behaviour of this level: its own and those of the levels below."""
        return tuple(kind for level in LEVELS[1:self.number + 1] for kind in level.adds)

    @property
    def structures(self) -> tuple[StructureKind, ...]:
        """Every kind of task structure of this level: its own and those of the levels below."""
        return tuple(kind for level in LEVELS[1:self.number + 1] for kind in level.structure)

    def rate(self, kind: BehaviourKind) -> float:
        """The rate of the nearest level (this one or below) that sets one, else 0."""
        rates = [dict(level.rates) for level in reversed(LEVELS[:self.number + 1])]
        return next((found[kind] for found in rates if kind in found), 0.0)


LEVELS: tuple[Level, ...] = (
    Level(0, LEVEL_WER[0], ()),
    Level(1, LEVEL_WER[1], ("disfluency", "self_correction"), rates=(("disfluency", 0.3),)),
    Level(2, LEVEL_WER[2], ("reluctance", "one_at_a_time"), rates=(("disfluency", 0.4),),
          structure=("look_alike",)),
    Level(3, LEVEL_WER[3], ("side_speech", "wrong_guess"),
          rates=(("disfluency", 0.5), ("side_speech", 0.3)), structure=("turned_down",)),
    Level(4, LEVEL_WER[4], ("barge_in",), rates=(("side_speech", 0.5),), structure=("extra_lookup",)),
)
assert len(LEVELS) == len(LEVEL_WER) == MAX_LEVEL + 1
# Facts a caller may be reluctant to give: a date of birth or an account detail.
SENSITIVE = ("date_of_birth", "member_id", "phone", "email", "zip", "order_id")


def check_level(level: Any) -> int:
    """``level`` as an int in 0..MAX_LEVEL (a ValueError naming the range otherwise)."""
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= MAX_LEVEL:
        raise ValueError(f"level must be an integer in 0..{MAX_LEVEL}, got {level!r}")
    return level


def apply_level(data: Draft, world: World, level: int, rng: random.Random) -> Draft:
    """A locked level-0 lockfile made a level-``level`` one: the id ends in ``-L<level>``,
    ``"level"`` follows ``"world"``, a ``level-<n>`` tag, and ``caller.behaviours``. Each
    behaviour about a fact picks one the gold route uses (a digit in it where it is said
    wrong); a family whose facts offer none simply does without that behaviour."""
    check_level(level)
    if level == 0:
        return data
    spec = LEVELS[level]
    out = dict(data)  # only the id, tags and caller change: copy those, share the rest
    caller = out["caller"] = dict(data["caller"])
    facts: dict[str, str] = caller.get("facts", {})
    used = dictated_slots(out, world, facts)
    behaviours: list[Behaviour] = []
    for kind in spec.kinds:
        corrected = next((done.slot for done in behaviours if done.kind == "self_correction"), None)
        made = _behaviour(spec, kind, facts, used, rng, corrected)
        if made is not None:
            behaviours.append(made)
    # The structure's behaviours (a first choice, generation.structure) follow the level's own.
    caller["behaviours"] = [*(b.model_dump(exclude_none=True) for b in behaviours),
                            *caller.get("behaviours", [])]
    out["id"] = f"{out['id']}-L{level}"
    out["tags"] = [*out.get("tags", []), f"level-{level}"]
    structure = {"structure": out.pop("structure")} if "structure" in out else {}
    ordered: Draft = {}
    for key, value in out.items():
        ordered[key] = value
        if key == "world":
            ordered.update(level=level, **structure)
    return ordered


def dictated_slots(data: Draft, world: World, facts: dict[str, str]) -> list[str]:
    """The caller's facts the gold calls take as arguments, in the order they are used."""
    tools = world.definition.tools
    slots = [prop.x_slot for call in data.get("exp_tool_calls", []) if call["name"] in tools
             for key in call.get("parameters", {})
             if (prop := tools[call["name"]].parameters.properties.get(key)) is not None]
    return list(dict.fromkeys(slot for slot in slots if slot is not None and slot in facts))


def _behaviour(spec: Level, kind: BehaviourKind, facts: dict[str, str], used: list[str],
               rng: random.Random, corrected_slot: str | None) -> Behaviour | None:
    """One behaviour of ``kind``, or None when the facts the gold route uses (``used``) offer
    none. A fact said wrong (a digit changed) by a wrong guess, one the agent has not asked for
    yet, needs two facts from the caller and avoids the self-corrected one where it can."""
    if kind in ("disfluency", "side_speech"):
        return Behaviour(kind=kind, rate=spec.rate(kind))
    if kind == "barge_in":
        return Behaviour(kind=kind, words=spec.barge_in_words)
    if kind == "one_at_a_time":
        return Behaviour(kind=kind)
    if kind == "reluctance":
        sensitive = [slot for slot in used if slot in SENSITIVE]
        return Behaviour(kind=kind, slot=sensitive[rng.randrange(len(sensitive))]) if sensitive else None
    if kind == "wrong_guess" and len(used) < 2:
        return None
    candidates = digits = [slot for slot in used if any(ch.isdigit() for ch in facts[slot])]
    if kind == "wrong_guess":  # else a self-correction
        candidates = [slot for slot in digits if slot != corrected_slot] or digits
    if not candidates:
        return None
    slot = candidates[rng.randrange(len(candidates))]
    wrong = wrong_value(facts[slot], rng)
    return Behaviour(kind=kind, slot=slot, wrong=wrong) if wrong else None
