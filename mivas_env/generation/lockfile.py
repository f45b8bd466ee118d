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


class CallerFields(TypedDict, total=False):
    """The fields of ``mivas_env.caller.scripted.CallerSpec``."""

    persona: str
    opening: list[str]
    facts: dict[str, str]
    fact_lines: dict[str, list[str]]
    goal: dict[str, Any]
    reactions: list[ReactionBlock]
    agent_answer: str
    nudges: list[str]
    thanks: list[str]
    unknown: list[str]
    clarify: list[str]
    acks: list[str]
    doubts: list[str]
    patience: int
    behaviours: list[dict[str, Any]]


def caller_block(**fields: Unpack[CallerFields]) -> dict[str, Any]:
    """The lockfile's ``caller``, its keys in the order given (an industry's callers keep one
    order; the bytes of its lockfiles depend on it)."""
    return dict(fields)


def draft(*, title: str, description: str, caller: Mapping[str, Any], path: Sequence[str],
          calls: Sequence[LockedCall]) -> dict[str, Any]:
    """A family's draft lockfile: the core adds ``id``, ``industry``, ``world``, ``category``,
    ``tags`` and locks ``exp_db_state``."""
    return {"title": title, "description": description, "caller": dict(caller),
            "exp_handoff_path": list(path), "exp_tool_calls": list(calls)}


def hops(calls: Sequence[LockedCall]) -> list[str]:
    """The handoff path of a run: its transfers to a desk, in order."""
    return [c["name"] for c in calls if c["name"].startswith("transfer_to_")]
