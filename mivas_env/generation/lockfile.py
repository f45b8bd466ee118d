"""The lockfile builder every industry uses, typed after ``mivas_env/caller/scripted.py``. Builders
keep the key order they are given: a lockfile's bytes are part of what a seed fixes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict, Unpack

from mivas_env.agents.baselines import gold_arguments
from mivas_env.generation.text import Text

LockedCall = dict[str, Any]
ReactionBlock = dict[str, Any]
Calls = list[tuple[str, dict[str, Any]]]  # a run: each call's name and arguments


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


def call(name: str, /, ok: bool | None = True, error_code: str | None = None, **parameters: Any
         ) -> LockedCall:
    """A gold call: its name, its parameters (left out when it has none) and, unless ``ok`` is
    None, the output the lock expects (``ok``, and the error code of a refused call)."""
    locked: LockedCall = {"name": name}
    if parameters:
        locked["parameters"] = parameters
    if ok is not None:
        locked["output"] = {"ok": ok} if error_code is None else {"ok": ok, "error_code": error_code}
    return locked


def hop(desk: str) -> LockedCall:
    """A transfer to a desk, as a gold call (``transfer_to_<desk>`` takes no argument)."""
    return {"name": f"transfer_to_{desk}"}


def gold_run(data: Mapping[str, Any]) -> Calls:
    """A lockfile's gold calls as run: (name, arguments), an ``any_of`` as its first alternative."""
    return [(call["name"], gold_arguments(call.get("parameters") or {}))
            for call in data.get("exp_tool_calls", [])]


def reaction(**fields: Unpack[ReactionFields]) -> ReactionBlock:
    """A caller reaction, its keys in the order given."""
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
    """The lockfile's ``caller``, its keys in the order given."""
    return dict(fields)


def fixed_lines(text: Text, variants: str | Sequence[str], values: Mapping[str, Any]) -> Callable[..., str]:
    """``line(name)``: ``text``'s fixed line ``"<name> <variant>"`` for the first of ``variants``
    it has, else ``name``, filled from ``values``; ``line(name, missing)`` is ``missing`` where
    the text has neither."""
    names = (variants,) if isinstance(variants, str) else tuple(variants)

    def line(name: str, missing: str | None = None) -> str:
        key = next((f"{name} {v}" for v in names if f"{name} {v}" in text.lines), name)
        return missing if missing is not None and key not in text.lines else text.line(key, **values)
    return line


def draft(line: Callable[[str], str], caller: dict[str, Any], calls: Sequence[LockedCall],
          **more: Any) -> dict[str, Any]:
    """A family's draft lockfile: the ``title`` and ``description`` lines, ``caller`` (its goal
    described by the ``goal`` line unless it says), the calls and their transfers, then ``more``
    where set. The core adds ``id``, ``industry``, ``world``, ``category`` and ``tags``."""
    if "description" not in caller["goal"]:
        caller["goal"] = {"description": line("goal"), **caller["goal"]}
    return {"title": line("title"), "description": line("description"), "caller": caller,
            "exp_handoff_path": [c["name"] for c in calls if c["name"].startswith("transfer_to_")],
            "exp_tool_calls": list(calls), **{key: value for key, value in more.items() if value}}
