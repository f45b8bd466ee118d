"""Agents that play the desk: baselines (``baselines``: oracle, noop, random), scripted voice
agents (``voice``) and the LLM agent (``llm``). ``mivas_env.agents`` was the baselines' module:
its names are still read here."""

from __future__ import annotations

from typing import Any

from mivas_env.agents import baselines
from mivas_env.agents.baselines import (
    Agent,
    NoopAgent,
    OracleAgent,
    PrivilegedAgent,
    RandomAgent,
    gold_arguments,
    is_privileged,
    make_agent,
)

__all__ = ["Agent", "NoopAgent", "OracleAgent", "PrivilegedAgent", "RandomAgent", "gold_arguments",
           "is_privileged", "make_agent"]


def __getattr__(name: str) -> Any:  # the old module's other names
    return getattr(baselines, name)
