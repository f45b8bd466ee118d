"""The lockfile builder every family uses: gold calls, hops, caller reactions and the caller
block, typed after the caller's own models (``mivas_env/caller/scripted.py``).

Builders keep the key order they are given: a lockfile's bytes are part of what a seed fixes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, Unpack

LockedCall = dict[str, Any]
ReactionBlock = dict[str, Any]


class ReactionFields(TypedDict, total=False):
    """The fields of ``mivas_env.caller.scripted.Reaction`` (a test keeps the two equal)."""

    when_agent_says_any: list[str]
    also_says_any: list[str]
    unless_agent_says_any: list[str]
    after_tool: str
    say: list[str]
    once: bool
    hang_up: bool


class GoalFields(TypedDict, total=False):
    """The fields of ``mivas_env.caller.scripted.Goal``."""

    description: str
    tools_ok: list[str]
    agent_says_all: list[str]
    agent_says_any: list[str]


def call(name: str, /, *, output: Mapping[str, Any] | None = None,
         **parameters: Any) -> LockedCall:
    """A gold call: its name, its parameters (left out when it has none) and, when given, the
    output the lock expects (``{"ok": True}``)."""
    locked: LockedCall = {"name": name}
    if parameters:
        locked["parameters"] = parameters
    if output is not None:
        locked["output"] = dict(output)
    return locked


def hop(desk: str) -> LockedCall:
    """A transfer to a desk, as a gold call (``transfer_to_<desk>`` takes no argument)."""
    return {"name": desk}


def reaction(**fields: Unpack[ReactionFields]) -> ReactionBlock:
    """A caller reaction, its keys in the order given."""
    return dict(fields)


def goal(**fields: Unpack[GoalFields]) -> dict[str, Any]:
    """The caller's goal, its keys in the order given."""
    return dict(fields)


def caller_block(*, persona: str, opening: Sequence[str], facts: Mapping[str, str],
                 fact_lines: Mapping[str, Sequence[str]], goal: Mapping[str, Any],
                 reactions: Sequence[ReactionBlock], nudges: Sequence[str], agent_answer: str,
                 thanks: Sequence[str] | None = None,
                 unknown: Sequence[str] | None = None) -> dict[str, Any]:
    """The lockfile's ``caller`` (``CallerSpec``): ``thanks`` and ``unknown`` only when given."""
    block: dict[str, Any] = {
        "persona": persona, "opening": list(opening), "facts": dict(facts),
        "fact_lines": {key: list(lines) for key, lines in fact_lines.items()},
        "goal": dict(goal), "reactions": list(reactions), "nudges": list(nudges),
        "agent_answer": agent_answer}
    if thanks is not None:
        block["thanks"] = list(thanks)
    if unknown is not None:
        block["unknown"] = list(unknown)
    return block
