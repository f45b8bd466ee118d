"""The macro action menu: ``MacroActions`` (a ``Discrete`` menu of desk moves, played by the
slot-filling policy of :mod:`mivas_env.wrappers.slot_filling`), ``MacroObservations`` and
``DiscreteActions`` (both, with a vector observation)."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mivas_env.call.tasks import Task, load_tasks
from mivas_env.env import MivasEnv
from mivas_env.wrappers.slot_filling import (
    OUTCOMES,
    Macro,
    MacroMemory,
    SlotFilling,
    is_id,
    slot_of,
)
from rewards import load_industry
from rewards.industry import Industry

__all__ = ["MAX_PICK_VALUES", "OUTCOMES", "DiscreteActions", "Macro", "MacroActions",
           "MacroMemory", "MacroObservations", "OutOfRangeAction", "build_menu",
           "pick_parameters"]


class OutOfRangeAction(gym.error.InvalidAction, AssertionError):
    """An action outside the wrapper's ``Discrete`` space. Gymnasium's own environments reject
    such actions with an ``AssertionError``; this is one too (and a ``gym.error.InvalidAction``),
    raised even under ``python -O``."""


MAX_PICK_VALUES = 16  # an enum with more values (US states) is left to the caller's words


def pick_parameters(industry: Industry) -> dict[str, list[str]]:
    """The enum parameters the agent may settle by judgement, with their values: every scalar
    enum parameter of a menu tool that some tool requires or that no caller slot fills (an
    escalation's urgency, the kind of document a description names, the policy topic a question
    is about), of at most :data:`MAX_PICK_VALUES` values. Parameters of the same name share
    one set of values (their union, in order of appearance)."""
    found: dict[str, list[str]] = {}
    for tool in industry.tools.values():
        if tool.access == "session":
            continue
        for key, prop in tool.parameters.properties.items():
            if prop.type == "array" or prop.enum is None or len(prop.enum) > MAX_PICK_VALUES:
                continue
            if key not in tool.parameters.required and prop.x_slot is not None:
                continue
            values = found.setdefault(key, [])
            values += [str(v) for v in prop.enum if str(v) not in values]
    return found


def build_menu(industry: str) -> list[Macro]:
    """The fixed macro menu of an industry: identical for every task of that industry. The
    ``pick`` macros come last, so the indices of the others do not depend on them."""
    spec = load_industry(industry)
    menu = [Macro("ask", slot) for slot in spec.slots]
    menu.append(Macro("answer"))
    menu += [Macro("transfer", hop) for hop in spec.transfer_tools]
    menu += [Macro("tool", name) for name, tool in spec.tools.items()
             if tool.access != "session"]
    menu.append(Macro("end"))
    menu += [Macro("pick", key, value) for key, values in pick_parameters(spec).items()
             for value in values]
    return menu


class MacroActions(gym.ActionWrapper[str, int | np.int64, Any], gym.utils.RecordConstructorArgs):
    """A ``Discrete`` menu of macro actions over a single-industry ``MivasEnv``; observations stay
    text.

    Macros: ask the caller for slot X (the industry's question for it); answer the caller from the
    last successful tool result; transfer to a desk; call tool Z; end the call; pick value V for
    enum parameter P (see :func:`pick_parameters`: the agent's judgement, such as an escalation's
    urgency or which kind of document "the termination letter" is, said to the caller as "I'll
    put the urgency down as high."), which every later tool macro with parameter P sends, over
    what the caller's words name, until another pick of P. What a macro says or sends is the
    slot-filling policy's (:class:`~mivas_env.wrappers.slot_filling.SlotFilling`, ``policy``):
    a tool macro fills each parameter in the format the tool takes, from the caller's words, an
    earlier tool result or a pick. The menu is the same for every task of an industry; a macro
    that makes no sense at the current desk is still legal and yields the environment's error
    observation. An index outside the menu raises :class:`OutOfRangeAction`. ``info`` gains
    ``text_observation`` and ``macro``."""

    def __init__(self, env: gym.Env[str, Any]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.ActionWrapper.__init__(self, env)
        base = env.unwrapped
        if not isinstance(base, MivasEnv):
            raise TypeError("MacroActions wraps a MivasEnv")
        industries = {task.industry for task in base.tasks}
        if len(industries) != 1:
            raise ValueError("DiscreteActions needs a single-industry env "
                             f"(got {sorted(industries)}); use mivas/<industry>-v0")
        self.base = base
        self.industry_name = industries.pop()
        self.industry = load_industry(self.industry_name)
        self.menu = build_menu(self.industry_name)
        self.labels = {macro.label: i for i, macro in enumerate(self.menu)}
        self.action_space = spaces.Discrete(len(self.menu))
        self.policy = SlotFilling(self.industry)

    @property
    def memory(self) -> MacroMemory:
        """What the policy has learnt in this call."""
        return self.policy.memory

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        text, info = self.env.reset(seed=seed, options=options)
        task = self.base.task
        self.policy.reset(info["active_node"], text, task.caller.facts if task is not None else {})
        return text, {**info, "text_observation": text}

    def macro(self, action: Any) -> Macro:
        """The menu entry an action index stands for (out of range: :class:`OutOfRangeAction`)."""
        if not self.action_space.contains(action):
            raise OutOfRangeAction(f"{action!r} ({type(action)}) invalid: the menu has "
                                   f"{len(self.menu)} macros (0..{len(self.menu) - 1})")
        return self.menu[int(action)]

    def action(self, action: Any) -> Any:
        """The text-env action a macro index stands for."""
        return self.policy.act(self.macro(action))

    def arguments(self, tool_name: str) -> dict[str, Any]:
        """The arguments a tool macro sends now (see :meth:`SlotFilling.arguments`)."""
        return self.policy.arguments(tool_name)

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        macro = self.macro(action)
        text, reward, terminated, truncated, info = self.env.step(self.action(action))
        self.policy.observe(macro, text, info["active_node"], info["turn"],
                            ended=terminated or truncated)
        return text, reward, terminated, truncated, {**info, "text_observation": text,
                                                     "macro": macro.label}

    # --- the gold script through the menu ----------------------------------------------------

    def script_for(self, task: Task) -> list[int]:
        """The task's gold calls as macro indices: before each call, ask for every slot its locked
        arguments are filled from (once), list the directory an id named by the caller is read
        from (see ``_directories_for``) and pick each enum value the caller's words would not
        give (see ``_picks_for``); then call it; finally answer and end the call."""
        script: list[int] = []
        asked: set[str] = set()
        called: set[str] = set()
        picked: dict[str, str] = {}
        for call in task.lock.exp_tool_calls:
            if call.name in self.industry.transfer_tools:
                script.append(self.labels[f"transfer:{call.name}"])
                continue
            if call.name in self.industry.terminal_tools:
                break
            tool = self.industry.tools.get(call.name)
            if tool is None or f"tool:{call.name}" not in self.labels:
                continue
            for key in call.parameters:
                slot = slot_of(tool.parameters.properties.get(key))
                if slot is not None and slot in task.caller.facts and slot not in asked:
                    asked.add(slot)
                    script.append(self.labels[f"ask:{slot}"])
            for directory in self._directories_for(tool, call.parameters, called):
                called.add(directory)
                script.append(self.labels[f"tool:{directory}"])
            for key, value in self._picks_for(task, tool, call.parameters, picked):
                picked[key] = value
                script.append(self.labels[f"pick:{key}={value}"])
            called.add(call.name)
            script.append(self.labels[f"tool:{call.name}"])
        return [*script, self.labels["answer"], self.labels["end"]]

    def _picks_for(self, task: Task, tool: Any, parameters: dict[str, Any],
                   picked: dict[str, str]) -> list[tuple[str, str]]:
        """The pick macros a gold call needs: for each locked enum argument with pick macros,
        the locked value (the first of an ``any_of``) unless it is already picked, or nothing
        is picked for it and the caller's words for its slot name it first."""
        needed = []
        for key, locked in parameters.items():
            prop = tool.parameters.properties.get(key)
            if prop is None or prop.enum is None or prop.type == "array":
                continue
            options = locked["any_of"] if isinstance(locked, dict) and "any_of" in locked \
                else [locked]
            values = [str(v) for v in options if f"pick:{key}={v}" in self.labels]
            if not values or picked.get(key) in values:
                continue
            fact = task.caller.facts.get(prop.x_slot) if prop.x_slot is not None else None
            heard = self.policy.read(key, prop, fact) if fact is not None else []
            if key not in picked and heard and str(heard[0]) in values:
                continue
            needed.append((key, values[0]))
        return needed

    def _directories_for(self, tool: Any, keys: Any, called: set[str]) -> list[str]:
        """Read tools to call first so that an id the caller gives by name ("Tunde Adeyemi"
        for ``for_attorney_id``) can be read off a tool result: a listing tool without required
        arguments whose name holds the id's stem, when no tool of that stem ran yet."""
        found = []
        for key in keys:
            prop = tool.parameters.properties.get(key)
            if prop is None or prop.x_slot is None or prop.x_alias is not None or not is_id(prop):
                continue
            stem = key.removesuffix("_id").rsplit("_", 1)[-1]
            if any(stem in name for name in called):
                continue
            for name, candidate in self.industry.tools.items():
                if (candidate.access == "read" and stem in name and not candidate.parameters.required
                        and f"tool:{name}" in self.labels and name not in found):
                    found.append(name)
                    break
        return found


class MacroObservations(gym.ObservationWrapper[np.ndarray, int | np.int64, str],
                        gym.utils.RecordConstructorArgs):
    """A float32 ``Box`` observation of a :class:`MacroActions` env's state, for RLlib's default
    models: active desk one-hot, slots revealed, last tool outcome (none/ok/error), turn fraction,
    the enum values picked so far (one entry per ``pick`` macro). The text observation stays in
    ``info["text_observation"]``.

    ``category=True`` appends a one-hot of the task's category. The category comes from the
    lockfile and is meant for logging, so it is off by default: a policy that sees it is told
    which kind of task it faces. Use it only for ablations that say so."""

    def __init__(self, env: MacroActions, category: bool = False) -> None:
        if not isinstance(env, MacroActions):
            raise TypeError("MacroObservations wraps a MacroActions env")
        gym.utils.RecordConstructorArgs.__init__(self, category=category)
        gym.ObservationWrapper.__init__(self, env)
        self.macros = env
        self.nodes = list(env.industry.nodes)
        self.slots = list(env.industry.slots)
        self.picks = [(m.target, m.value) for m in env.menu if m.kind == "pick"]
        self.categories: list[str] = []
        if category:
            # The industry's categories (shipped tasks) plus any new ones: the same vector size
            # for a training env and an evaluation env over other tasks of the industry.
            shipped = {task.lock.category for task in load_tasks(env.industry_name)}
            self.categories = sorted(shipped) + sorted(
                {task.lock.category for task in env.base.tasks} - shipped)
        self.size = (len(self.nodes) + len(self.slots) + len(OUTCOMES) + 1 + len(self.picks)
                     + len(self.categories))
        self.observation_space = spaces.Box(0.0, 1.0, shape=(self.size,), dtype=np.float32)

    def observation(self, observation: str) -> np.ndarray:
        memory, base = self.macros.memory, self.macros.base
        parts = [
            _one_hot(self.nodes, memory.node),
            np.array([slot in memory.revealed for slot in self.slots], dtype=np.float32),
            _one_hot(list(range(len(OUTCOMES))), memory.last_outcome),
            np.array([min(1.0, memory.turn / base.max_turns)], dtype=np.float32),
            np.array([memory.picks.get(key) == value for key, value in self.picks],
                     dtype=np.float32),
        ]
        if self.categories:
            parts.append(_one_hot(self.categories,
                                  base.task.lock.category if base.task is not None else None))
        return np.concatenate(parts).astype(np.float32)


class DiscreteActions(MacroObservations):
    """``MacroObservations(MacroActions(env))``: a ``Discrete`` macro menu and a float32 ``Box``
    observation, so RLlib's default models (PPO) can train on MIVAS. ``menu``, ``base``,
    ``industry`` and :meth:`script_for` come from the inner :class:`MacroActions`; ``info`` keeps
    everything the text env reports, plus ``text_observation`` and ``macro``. ``category``: see
    :class:`MacroObservations` (off by default)."""

    def __init__(self, env: gym.Env[str, Any], category: bool = False) -> None:
        super().__init__(MacroActions(env), category=category)

    @property
    def menu(self) -> list[Macro]:
        return self.macros.menu

    @property
    def base(self) -> MivasEnv:
        return self.macros.base

    @property
    def industry_name(self) -> str:
        return self.macros.industry_name

    def script_for(self, task: Task) -> list[int]:
        """See :meth:`MacroActions.script_for`."""
        return self.macros.script_for(task)


def _one_hot(values: list[Any], value: Any) -> np.ndarray:
    vector = np.zeros(len(values), dtype=np.float32)
    if value in values:
        vector[values.index(value)] = 1.0
    return vector
