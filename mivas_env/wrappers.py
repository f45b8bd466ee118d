"""Wrappers for training and evaluation, in the style of ``gymnasium.wrappers``: each does one
thing and says what changes for the caller of ``step``."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mivas_env.env import MivasEnv, to_charset
from rewards import load_industry
from rewards.verify import check_discount, r_train


class FixedDiscountEval(gym.Wrapper[str, Any, str, Any], gym.utils.RecordConstructorArgs):
    """Recompute the terminal reward from the verdict with a fixed ``discount``, whatever the
    environment was built with; ``discount=None`` gives ``r_eval`` (pass = 1, fail = 0).

    This is what leaderboards and ``mivas eval`` use, so numbers from runs trained with different
    discounts stay comparable. ``info["reward_basis"]`` records which reward was returned."""

    def __init__(self, env: gym.Env[str, Any], discount: float | None = None) -> None:
        if discount is not None:
            check_discount(discount)
        gym.utils.RecordConstructorArgs.__init__(self, discount=discount)
        gym.Wrapper.__init__(self, env)
        self.discount = discount

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        verdict = info.get("verdict")
        if verdict is not None:
            if self.discount is None:
                reward = float(verdict["r_eval"])
                info = {**info, "reward_basis": "r_eval"}
            else:
                reward = r_train(verdict["r_eval"], verdict["handoff"]["verdict"], self.discount)
                info = {**info, "reward_basis": f"r_train@{self.discount:g}"}
        return obs, reward, terminated, truncated, info


@dataclass(frozen=True)
class Macro:
    """One entry of the discrete menu."""

    kind: str  # ask | answer | transfer | tool | end
    target: str = ""

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.target}" if self.target else self.kind


def build_menu(industry: str) -> list[Macro]:
    """The fixed macro menu of an industry: identical for every task of that industry."""
    spec = load_industry(industry)
    menu = [Macro("ask", slot) for slot in spec.slots]
    menu.append(Macro("answer"))
    menu += [Macro("transfer", hop) for hop in spec.transfer_tools]
    menu += [Macro("tool", name) for name, tool in spec.tools.items()
             if tool.access != "session"]
    menu.append(Macro("end"))
    return menu


class DiscreteActions(gym.Wrapper[np.ndarray, np.int64, str, Any],
                      gym.utils.RecordConstructorArgs):
    """A ``Discrete`` menu of macro actions and a float32 ``Box`` observation, so RLlib's default
    models (PPO) can train on MIVAS.

    Macros: ask the caller for slot X (the industry's question for it); answer the caller from the
    last successful tool result; transfer to a desk; call tool Z with arguments filled from the
    slots the caller has revealed and the ids seen in earlier tool results; end the call. The
    menu is the same for every task of an industry; a macro that makes no sense at the current
    desk is still legal and yields the environment's error observation.

    Observation: active desk one-hot, slots revealed, last tool outcome (none/ok/error), turn
    fraction, task category one-hot. ``info`` keeps everything the text env reports, plus
    ``text_observation`` and ``macro``."""

    def __init__(self, env: gym.Env[str, Any]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)
        base = env.unwrapped
        if not isinstance(base, MivasEnv):
            raise TypeError("DiscreteActions wraps a MivasEnv")
        industries = {task.industry for task in base.tasks}
        if len(industries) != 1:
            raise ValueError("DiscreteActions needs a single-industry env "
                             f"(got {sorted(industries)}); use mivas/<industry>-v0")
        self.base = base
        self.industry_name = industries.pop()
        self.industry = load_industry(self.industry_name)
        self.menu = build_menu(self.industry_name)
        self.nodes = list(self.industry.nodes)
        self.slots = list(self.industry.slots)
        self.categories = sorted({task.lock.category for task in base.tasks})
        self.size = len(self.nodes) + len(self.slots) + 3 + 1 + len(self.categories)
        size = self.size
        self.action_space = spaces.Discrete(len(self.menu))
        self.observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        self._reset_memory()

    def _reset_memory(self) -> None:
        self.revealed: dict[str, str] = {}
        self.ids: dict[str, Any] = {}
        self.last_outcome = 0  # 0 none, 1 ok, 2 error
        self.last_data: Any = None
        self.node = self.industry.entry_node

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        text, info = self.env.reset(seed=seed, options=options)
        self._reset_memory()
        self.node = info["active_node"]
        return self._observe(info), {**info, "text_observation": text}

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        index = int(action)
        macro = self.menu[index] if 0 <= index < len(self.menu) else Macro("end")
        text_action = self._render(macro)
        text, reward, terminated, truncated, info = self.env.step(text_action)
        self.node = info["active_node"]
        if macro.kind in ("tool", "transfer", "end"):
            self._remember(text)
        elif macro.kind == "ask":
            value = self._fact(macro.target)
            if value is not None and to_charset(value).casefold() in text.casefold():
                self.revealed[macro.target] = value
        info = {**info, "text_observation": text, "macro": macro.label}
        return self._observe(info), reward, terminated, truncated, info

    # --- macro rendering ---------------------------------------------------------------------

    def _fact(self, slot: str) -> str | None:
        task = self.base.task
        return task.caller.facts.get(slot) if task is not None else None

    def _render(self, macro: Macro) -> Any:
        """The text-env action a macro stands for."""
        renderers: dict[str, Callable[[str], Any]] = {
            "ask": lambda slot: self.industry.slots[slot].question,
            "answer": lambda _: self._answer(),
            "transfer": lambda hop: {"tool": hop, "arguments": {}},
            "tool": lambda name: {"tool": name, "arguments": self._arguments(name)},
            "end": lambda _: {"tool": "end_call", "arguments": {}},
        }
        return renderers[macro.kind](macro.target)

    def _arguments(self, tool_name: str) -> dict[str, Any]:
        arguments: dict[str, Any] = {}
        for key, prop in self.industry.tools[tool_name].parameters.properties.items():
            value: Any = None
            if prop.x_slot is not None and prop.x_slot in self.revealed:
                value = self.revealed[prop.x_slot]
            elif key in self.ids:
                value = self.ids[key]
            if value is not None:
                arguments[key] = [value] if prop.type == "array" else value
        return arguments

    def _answer(self) -> str:
        if self.last_outcome != 1 or self.last_data is None:
            return "Let me check on that for you."
        facts = [str(v) for v in _scalars(self.last_data) if isinstance(v, (str, int, float))]
        return "Here is what I found: " + "; ".join(facts[:12]) + "."

    def _remember(self, text: str) -> None:
        try:
            output = json.loads(text)
        except json.JSONDecodeError:
            return
        if not isinstance(output, dict):
            return
        self.last_outcome = 1 if output.get("ok") else 2
        self.last_data = output.get("data") if output.get("ok") else None
        for key, value in _id_pairs(output.get("data")):
            self.ids.setdefault(key, value)

    def _observe(self, info: dict[str, Any]) -> np.ndarray:
        vector = np.zeros(self.size, dtype=np.float32)
        vector[self.nodes.index(self.node)] = 1.0
        offset = len(self.nodes)
        for i, slot in enumerate(self.slots):
            vector[offset + i] = slot in self.revealed
        offset += len(self.slots)
        vector[offset + self.last_outcome] = 1.0
        offset += 3
        vector[offset] = min(1.0, info["turn"] / self.base.max_turns)
        offset += 1
        task = self.base.task
        if task is not None and task.lock.category in self.categories:
            vector[offset + self.categories.index(task.lock.category)] = 1.0
        return vector


def _scalars(data: Any, depth: int = 0) -> list[Any]:
    if depth > 4:
        return []
    if isinstance(data, dict):
        return [v for value in data.values() for v in _scalars(value, depth + 1)]
    if isinstance(data, list):
        return [v for value in data[:5] for v in _scalars(value, depth + 1)]
    return [data] if not isinstance(data, bool) else ["yes" if data else "no"]


def _id_pairs(data: Any, depth: int = 0) -> list[tuple[str, Any]]:
    """(key, value) for every ``*_id`` key in a tool result, first occurrence first."""
    if depth > 4:
        return []
    if isinstance(data, dict):
        pairs = [(k, v) for k, v in data.items() if k.endswith("_id") and isinstance(v, str)]
        return pairs + [p for v in data.values() for p in _id_pairs(v, depth + 1)]
    if isinstance(data, list):
        return [p for v in data[:5] for p in _id_pairs(v, depth + 1)]
    return []
