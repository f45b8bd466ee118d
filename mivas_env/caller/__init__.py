"""The simulated caller: scripted (``scripted``: the deterministic caller every task declares)
and LLM-backed (``llm``). ``mivas_env.caller`` was the scripted caller's module: its names are
still read here."""

from __future__ import annotations

from typing import Any

from mivas_env.caller import scripted
from mivas_env.caller.scripted import CallerReply, CallerSpec, Goal, Reaction, ScriptedCaller

__all__ = ["CallerReply", "CallerSpec", "Goal", "Reaction", "ScriptedCaller"]


def __getattr__(name: str) -> Any:  # the old module's other names
    return getattr(scripted, name)
