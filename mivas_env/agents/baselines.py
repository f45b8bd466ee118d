"""Agents shipped with MIVAS: ``oracle`` (the gold calls), ``random`` and ``noop`` baselines.

An agent is any object with ``reset(observation, info)`` and ``act(observation, info)`` returning
an action for ``MivasEnv.step``. It sees what a policy sees: the observation and
``policy_info(info)`` (no task id, category or verdict). A *privileged* agent (the oracle, the
red-team policies of ``mivas audit``) declares ``privileged = True`` and is handed the lockfile
through ``reveal(lock)`` before ``reset``; nothing else ever receives it."""

from __future__ import annotations

import json
import random
from collections import deque
from typing import Any, Literal, Protocol, runtime_checkable

from rewards import load_industry
from rewards.models import Lockfile

Action = str | dict[str, Any]


class Agent(Protocol):
    """A policy: it sees the observation and ``policy_info(info)`` only."""

    name: str

    def reset(self, observation: str, info: dict[str, Any]) -> None: ...

    def act(self, observation: str, info: dict[str, Any]) -> Action: ...


@runtime_checkable
class PrivilegedAgent(Protocol):
    """An agent that is handed the lockfile (gold calls, caller script) before each episode.
    Only evaluators call ``reveal``; a policy being trained or measured must never be one."""

    name: str
    privileged: Literal[True]

    def reveal(self, lock: Lockfile) -> None: ...

    def reset(self, observation: str, info: dict[str, Any]) -> None: ...

    def act(self, observation: str, info: dict[str, Any]) -> Action: ...


def is_privileged(agent: object) -> bool:
    """Whether ``agent`` asked for the lockfile (``privileged = True`` and a ``reveal``)."""
    return getattr(agent, "privileged", False) is True and callable(getattr(agent, "reveal", None))


def gold_arguments(parameters: dict[str, Any]) -> dict[str, Any]:
    """The gold call's arguments: every locked value, the first alternative of an any_of."""
    out: dict[str, Any] = {}
    for key, value in parameters.items():
        if isinstance(value, dict) and set(value) == {"any_of"}:
            value = value["any_of"][0]
        out[key] = value
    return out


class OracleAgent:
    """Replays the lockfile's gold calls in order, tells the caller the answer, ends the call."""

    name = "oracle"
    privileged: Literal[True] = True

    def __init__(self) -> None:
        self.plan: deque[Action] = deque()
        self.lock: Lockfile | None = None

    def reveal(self, lock: Lockfile) -> None:
        self.lock = lock

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        lock, self.lock = self.lock, None  # one lockfile per episode, never reused
        if lock is None:
            raise RuntimeError("the oracle needs the lockfile: the evaluator calls reveal(lock) "
                               "before reset")
        self.plan = deque({"tool": call.name, "arguments": gold_arguments(call.parameters)}
                          for call in lock.exp_tool_calls)
        answer = (lock.caller or {}).get("agent_answer")
        if isinstance(answer, str) and answer:
            # Said after the gold calls, or just before the last one when it ends the call
            # ("please call 911; I'm transferring you to a person").
            last = lock.exp_tool_calls[-1].name if lock.exp_tool_calls else None
            if last is not None and last in load_industry(lock.industry).terminal_tools:
                self.plan.insert(len(self.plan) - 1, answer)
            else:
                self.plan.append(answer)
        self.plan.append({"tool": "end_call", "arguments": {}})

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        return self.plan.popleft() if self.plan else {"tool": "end_call", "arguments": {}}


class NoopAgent:
    """Answers from memory: never calls a tool, says something plausible and hangs up."""

    name = "noop"
    LINES = ("Thanks for calling. Yes, we can help with that; everything is all set.",
             "I'm sorry, I can't help with that over the phone. Have a great day, goodbye.")

    def __init__(self) -> None:
        self.turn = 0

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        self.turn = 0

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        line = self.LINES[min(self.turn, len(self.LINES) - 1)]
        self.turn += 1
        return line


class RandomAgent:
    """Uniformly random: a tool available at the active node with arguments drawn from the
    caller's words so far, a canned question, or ending the call. Seeded, so reproducible."""

    name = "random"
    QUESTIONS = ("Can I have your full name?", "What is your date of birth?",
                 "What's the best phone number for you?", "Which location?",
                 "Could you give me your order number?", "How can I help you today?")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        # Seeded by what the policy heard: the same opening gives the same episode.
        self.rng = random.Random(f"{self.seed}:{observation}")
        self.words: list[str] = observation.split()

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        if not observation.startswith("{"):
            self.words.extend(observation.split())
        roll = self.rng.random()
        if roll < 0.05:
            return {"tool": "end_call", "arguments": {}}
        if roll < 0.35:
            return self.rng.choice(self.QUESTIONS)
        tool = self.rng.choice(info["tools"])["function"]
        arguments = {}
        for key, prop in tool["parameters"].get("properties", {}).items():
            if self.rng.random() < 0.7:
                arguments[key] = self._value(prop)
        return json.dumps({"tool": tool["name"], "arguments": arguments})

    def _value(self, prop: dict[str, Any]) -> Any:
        if prop.get("enum"):
            return self.rng.choice(prop["enum"])
        kind = prop.get("type")
        if kind == "integer" or kind == "number":
            return self.rng.randint(0, 20_000)
        if kind == "boolean":
            return self.rng.random() < 0.5
        if kind == "array":
            return [self._value(prop.get("items", {}))]
        return " ".join(self.rng.sample(self.words, min(2, len(self.words)))) if self.words else "x"


AGENTS: dict[str, type[Any]] = {"oracle": OracleAgent, "random": RandomAgent, "noop": NoopAgent}


def make_agent(name: str, **kwargs: Any) -> Agent:
    """An agent by name (``oracle``, ``random``, ``noop``, ``llm``, and the voice agents
    ``naive`` and ``careful`` of ``mivas_env.agents.voice``)."""
    if name in ("naive", "careful"):
        from mivas_env.agents.voice import VOICE_AGENTS

        voice: Agent = VOICE_AGENTS[name](**kwargs)
        return voice
    if name == "llm":
        from mivas_env.agents.llm import LLMAgent

        return LLMAgent(**kwargs)
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (choose from {', '.join(AGENTS)})")
    agent: Agent = AGENTS[name](**kwargs)
    return agent
