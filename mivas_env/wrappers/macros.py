"""The macro action menu: ``MacroActions`` (a ``Discrete`` menu of desk moves, filled in from
the call so far), ``MacroObservations`` and ``DiscreteActions`` (both, with a vector observation)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mivas_env.call.tasks import Task, load_tasks
from mivas_env.env import MivasEnv, to_charset
from mivas_env.speech.heard import (
    heard_alias,
    heard_cents,
    heard_dates,
    heard_emails,
    heard_enum,
    heard_ids,
    heard_name,
    heard_overlap,
    heard_phone,
    heard_times,
    ranked_records,
)
from rewards import load_industry
from rewards.industry import Industry, PropertySchema
from rewards.normalize import minute


class OutOfRangeAction(gym.error.InvalidAction, AssertionError):
    """An action outside the wrapper's ``Discrete`` space. Gymnasium's own environments reject
    such actions with an ``AssertionError``; this is one too (and a ``gym.error.InvalidAction``),
    raised even under ``python -O``."""


@dataclass(frozen=True)
class Macro:
    """One entry of the discrete menu. A ``pick`` macro carries the parameter (``target``) and
    the enum value (``value``) it settles."""

    kind: str  # ask | answer | transfer | tool | end | pick
    target: str = ""
    value: str = ""

    @property
    def label(self) -> str:
        if self.value:
            return f"{self.kind}:{self.target}={self.value}"
        return f"{self.kind}:{self.target}" if self.target else self.kind


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


OUTCOMES = ("none", "ok", "error")  # the last tool outcome, as MacroMemory.last_outcome indexes


@dataclass
class MacroMemory:
    """What the macro policy has learnt in this call: the caller's answers (as heard, by slot),
    the records of successful tool results (newest call first), the last tool outcome."""

    node: str
    revealed: dict[str, str] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    last_outcome: int = 0
    last_data: Any = None
    turn: int = 0
    heard: list[str] = field(default_factory=list)  # everything the caller said
    picks: dict[str, str] = field(default_factory=dict)  # enum values settled by pick macros


class MacroActions(gym.ActionWrapper[str, int | np.int64, Any], gym.utils.RecordConstructorArgs):
    """A ``Discrete`` menu of macro actions over a single-industry ``MivasEnv``; observations stay
    text.

    Macros: ask the caller for slot X (the industry's question for it); answer the caller from the
    last successful tool result; transfer to a desk; call tool Z; end the call; pick value V for
    enum parameter P (see :func:`pick_parameters`: the agent's judgement, such as an escalation's
    urgency or which kind of document "the termination letter" is, said to the caller as "I'll
    put the urgency down as high."), which every later tool macro with parameter P sends, over
    what the caller's words name, until another pick of P. A tool macro fills
    each parameter in the format the tool takes (:mod:`mivas_env.speech.heard`): an alias or enum value
    the caller named, an ISO date or minute datetime read from the caller's words, an E.164 phone,
    an amount in cents, an id from an earlier tool result (the record that best matches what the
    caller said), otherwise the caller's words as heard (names, prose). The menu is the same for
    every task of an industry; a macro that makes no sense at the current desk is still legal and
    yields the environment's error observation. An index outside the menu raises
    :class:`OutOfRangeAction`. ``info`` gains ``text_observation`` and ``macro``."""

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
        self.today = date.fromisoformat(self.industry.business.today)
        self.menu = build_menu(self.industry_name)
        self.labels = {macro.label: i for i, macro in enumerate(self.menu)}
        self.action_space = spaces.Discrete(len(self.menu))
        self.memory = MacroMemory(node=self.industry.entry_node)
        self._date_slots = sorted({prop.x_slot for tool in self.industry.tools.values()
                                   for prop in tool.parameters.properties.values()
                                   if prop.format == "date" and prop.x_slot is not None})

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        text, info = self.env.reset(seed=seed, options=options)
        self.memory = MacroMemory(node=info["active_node"], heard=[text])
        return text, {**info, "text_observation": text}

    def macro(self, action: Any) -> Macro:
        """The menu entry an action index stands for (out of range: :class:`OutOfRangeAction`)."""
        if not self.action_space.contains(action):
            raise OutOfRangeAction(f"{action!r} ({type(action)}) invalid: the menu has "
                                   f"{len(self.menu)} macros (0..{len(self.menu) - 1})")
        return self.menu[int(action)]

    def action(self, action: Any) -> Any:
        """The text-env action a macro index stands for."""
        macro = self.macro(action)
        renderers: dict[str, Callable[[str], Any]] = {
            "ask": lambda slot: self.industry.slots[slot].question,
            "answer": lambda _: self._answer(),
            "transfer": lambda hop: {"tool": hop, "arguments": {}},
            "tool": lambda name: {"tool": name, "arguments": self.arguments(name)},
            "end": lambda _: {"tool": "end_call", "arguments": {}},
            "pick": lambda key: (f"I'll put the {key.replace('_', ' ')} down as "
                                 f"{macro.value.replace('_', ' ')}."),
        }
        return renderers[macro.kind](macro.target)

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        macro = self.macro(action)
        text, reward, terminated, truncated, info = self.env.step(self.action(action))
        memory = self.memory
        memory.node, memory.turn = info["active_node"], info["turn"]
        if macro.kind in ("tool", "transfer", "end"):
            self._remember(text)
        elif macro.kind == "ask" and not text.startswith("{"):
            memory.revealed[macro.target] = self._answer_in(macro.target, text)
        elif macro.kind == "pick":
            memory.picks[macro.target] = macro.value
        if macro.kind in ("ask", "answer", "pick"):
            memory.heard.append(text)
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
                slot = _slot_of(tool.parameters.properties.get(key))
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
            heard = self._from_words(key, prop, fact) if fact is not None else []
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
            if prop is None or prop.x_slot is None or prop.x_alias is not None or not _is_id(prop):
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

    # --- filling arguments -------------------------------------------------------------------

    def _answer_in(self, slot: str, reply: str) -> str:
        """The caller's answer to a question, as heard: the reply stripped to the answer when it
        holds the caller's words for the slot verbatim (a reply may also carry a reaction), else
        the whole reply ("It's 9-1-8-2-7-3-6-4-5.")."""
        task = self.base.task
        value = task.caller.facts.get(slot) if task is not None else None
        if value is not None and to_charset(value).casefold() in reply.casefold():
            return value
        return reply

    def arguments(self, tool_name: str) -> dict[str, Any]:
        """The arguments a tool macro sends now, each in the format the tool takes. Optional
        parameters come only from the caller's words; required ones may also come from earlier
        tool results. When the caller named alternatives ("Park Avenue, or Windermere"), the
        n-th call of the same tool takes the n-th (an array parameter takes them all)."""
        tool = self.industry.tools[tool_name]
        required = set(tool.parameters.required)
        attempt = sum(1 for call in self.base.session.calls if call.name == tool_name) \
            if self.base.session is not None else 0
        options: dict[str, list[Any]] = {}
        arrays: set[str] = set()
        for key, prop in tool.parameters.properties.items():
            picked = self.memory.picks.get(key)
            if picked is not None and prop.type != "array" and prop.enum is not None:
                chosen = [v for v in prop.enum if str(v) == picked]
                if chosen:  # the agent's pick wins over the caller's words
                    options[key] = chosen
                    continue
            item = prop.items if prop.type == "array" and prop.items is not None else prop
            slot = _slot_of(prop)
            said = self.memory.revealed.get(slot) if slot is not None else None
            values = self._from_words(key, item, said) if said is not None else []
            if not values and (key in required or (slot is None and _is_id(item))):
                values = self._from_results(key, item, said)
            if key.endswith("_cents") and prop.type == "integer":
                values = self._amount(values)
            if not values and key in required and prop.x_kind == "prose":
                values = [self._prose(prop.maxLength)]
            if values:
                if item is not prop:
                    arrays.add(key)
                shift = attempt % len(values)
                options[key] = values[shift:] + values[:shift]
        for key in arrays:
            options[key] = self._not_refused(options[key])
        if attempt:  # a repeated call moves on to the next alternatives
            return {key: values if key in arrays else values[0] for key, values in options.items()}
        return {key: values if key in arrays else self._consistent(key, options)
                for key, values in options.items()}

    def _not_refused(self, values: list[Any]) -> list[Any]:
        """Alternatives without those a tool result turned down (``"accepted": false`` for that
        very value, or a day's listed times that leave that time out): the caller's cue to move
        on to the next. All of them if none is left."""
        refused = [v for v in values
                   if any((_refuses(r) and v in r.values()) or _not_listed(r, v)
                          for r in self.memory.records)]
        return [v for v in values if v not in refused] or values

    def _consistent(self, key: str, options: dict[str, list[Any]]) -> Any:
        """Of a parameter's alternatives, the first that a tool result shows together with
        another chosen value (the office that offers the chosen time, the time the chosen
        attorney has free), leaving out those a result turned down; else the first."""
        values = options[key]
        if len(values) > 1:
            others = [v[0] for k, v in options.items() if k != key and len(v) == 1]
            # an alternative a result turned down ("accepted": false) is the caller's cue to
            # move on to the next
            values = self._not_refused(values)
            for value in values:
                if any(_holds(r, value) and any(_holds(r, o) for o in others)
                       for r in self.memory.records):
                    return value
        return values[0]

    def _from_words(self, key: str, prop: PropertySchema, said: str) -> list[Any]:
        """Values in the tool's format read from the caller's words (alternatives in order)."""
        if prop.x_alias is not None:
            found = heard_alias(self.industry, prop.x_alias, said)
            if found:
                return found
            if prop.enum is None and not _is_id(prop):  # "the Hearth wool throw": DEC-3102
                found = heard_overlap(said, self.industry.aliases.get(prop.x_alias, {}))
                if found:
                    return found
        if prop.enum is not None:
            spellings = {str(v): self.industry.aliases.get(prop.x_alias or "", {}).get(str(v), [])
                         for v in prop.enum}
            return heard_enum(prop.enum, said) or heard_overlap(said, spellings)
        if prop.format == "date":
            return heard_dates(said, self.today)
        if prop.format == "date-time":
            return self._datetimes(said)
        if _is_phone(key, prop):
            phone = heard_phone(said, self.industry.phone_region)
            return [phone] if phone is not None else []
        if prop.type == "integer":
            cents = heard_cents(said) if key.endswith("_cents") else None
            return [cents] if cents is not None else []
        if prop.pattern is not None:
            return [value for value in heard_ids(said, prop.pattern)]
        if prop.type == "string":
            if "email" in key:
                return heard_emails(said)
            if prop.x_match == "fuzzy_name" or key.endswith("name"):
                name = heard_name(said)
                return [name] if name is not None else []
            return [said.strip()]  # prose, as heard
        return []

    def _datetimes(self, said: str) -> list[str]:
        """Datetimes the caller's words name; with several days, those offered in a tool
        result come first."""
        days = heard_dates(said, self.today)
        if not days:
            hints = [self.memory.revealed[s] for s in self._date_slots if s in self.memory.revealed]
            days = [d for h in hints for d in heard_dates(h, self.today)
                    if d >= self.today.isoformat()]
        return [f"{day}T{clock}" for clock in heard_times(said) for day in days]

    def _from_results(self, key: str, prop: PropertySchema, said: str | None) -> list[Any]:
        """Values for ``key`` from earlier tool results, the record that best matches what the
        caller said first; for an id, any id of the same pattern."""
        hints = [said] if said is not None else [*self.memory.revealed.values(),
                                                 *self.memory.heard]
        found: list[Any] = []
        for name in _key_forms(key):  # for_attorney_id, then attorney_id
            found = ranked_records(self.memory.records, name, hints, self.today)
            if found:
                break
        if not found and _is_id(prop):
            assert prop.pattern is not None
            pattern = re.compile(prop.pattern)
            ids = [{"id": value, **record} for record in self.memory.records
                   for value in record.values()
                   if isinstance(value, str) and pattern.fullmatch(value)]
            found = ranked_records(ids, "id", hints, self.today)
        if prop.enum is not None:
            found = [value for value in found if value in prop.enum]
        # the best match first; the others stay as alternatives a result may single out (the
        # attorney who has the chosen time free)
        return found if _is_id(prop) else found[:1]

    def _amount(self, said: list[Any]) -> list[Any]:
        """An amount in cents: what the caller asked for, capped by what the latest tool result
        says can be done (``refundable_cents`` and the like); that, when the caller named none
        ("the whole order")."""
        limits = [v for r in self.memory.records for k, v in r.items()
                  if k.endswith("able_cents") and isinstance(v, int) and not isinstance(v, bool)]
        if not limits:
            return said
        return [min(said[0], limits[0])] if said else [limits[0]]

    def _prose(self, limit: int | None) -> str:
        """Free text for a required prose parameter the caller gave no words for: what the
        caller said, cut to the parameter's length."""
        said = "; ".join([*self.memory.revealed.values(), *self.memory.heard[:1]]) or \
            self._answer()
        if limit is not None and len(said) > limit:
            said = said[:limit].rsplit(" ", 1)[0] if " " in said[:limit] else said[:limit]
        return said

    def _answer(self) -> str:
        if self.memory.last_outcome != 1 or self.memory.last_data is None:
            return "Let me check on that for you."
        facts = [str(v) for v in _scalars(self.memory.last_data)
                 if isinstance(v, (str, int, float))]
        return "Here is what I found: " + "; ".join(facts[:12]) + "."

    def _remember(self, text: str) -> None:
        try:
            output = json.loads(text)
        except json.JSONDecodeError:
            return
        if not isinstance(output, dict):
            return
        memory = self.memory
        memory.last_outcome = 1 if output.get("ok") else 2
        memory.last_data = output.get("data") if output.get("ok") else None
        if output.get("ok"):
            memory.records[:0] = _records(output.get("data"))


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


def _slot_of(prop: PropertySchema | None) -> str | None:
    if prop is None:
        return None
    if prop.x_slot is not None:
        return prop.x_slot
    return prop.items.x_slot if prop.items is not None else None


def _is_id(prop: PropertySchema) -> bool:
    """An id parameter: its pattern starts with a literal prefix such as ``^ord_``."""
    return prop.pattern is not None and re.match(r"^\^?\(?[a-z|]+\)?_", prop.pattern) is not None


def _key_forms(key: str) -> list[str]:
    """A parameter name and the shorter names a tool result may use for it."""
    parts = key.split("_")
    return ["_".join(parts[i:]) for i in range(len(parts)) if len(parts) - i >= 2] or [key]


def _refuses(record: dict[str, Any]) -> bool:
    """A result that turns something down: a false ``accepted``/``available``-style flag."""
    return any(value is False and key in ("accepted", "available", "eligible", "allowed", "ok")
               for key, value in record.items())


def _not_listed(record: dict[str, Any], value: Any) -> bool:
    """A record lists the times of one day (``"date"`` and a list of entries with datetimes on
    that day) and the datetime ``value`` is not among them: that time is not to be had."""
    stamp = minute(value) if isinstance(value, str) and "T" in value else None
    if stamp is None or record.get("date") != stamp[:10]:
        return False
    listed = {minute(item) for entries in record.values() if isinstance(entries, list)
              for entry in entries if isinstance(entry, dict)
              for item in entry.values() if isinstance(item, str) and item.startswith(stamp[:10])}
    listed.discard(None)
    return bool(listed) and stamp not in listed


def _holds(record: dict[str, Any], value: Any) -> bool:
    """A record shows a value: as one of its fields or inside a list field (datetimes compared
    to the minute)."""
    for field_value in record.values():
        items = field_value if isinstance(field_value, list) else [field_value]
        for item in items:
            if item == value or (isinstance(item, str) and isinstance(value, str)
                                 and "T" in value and minute(item) == value):
                return True
    return False


def _is_phone(key: str, prop: PropertySchema) -> bool:
    return key.endswith("_e164") or prop.x_match == "digits"


def _scalars(data: Any, depth: int = 0) -> list[Any]:
    if depth > 4:
        return []
    if isinstance(data, dict):
        return [v for value in data.values() for v in _scalars(value, depth + 1)]
    if isinstance(data, list):
        return [v for value in data[:5] for v in _scalars(value, depth + 1)]
    return [data] if not isinstance(data, bool) else ["yes" if data else "no"]


def _records(data: Any, depth: int = 0) -> list[dict[str, Any]]:
    """Every object in a tool result (outer first, list items in order), at most 200."""
    if depth > 4:
        return []
    found: list[dict[str, Any]] = []
    if isinstance(data, dict):
        found.append(data)
        for value in data.values():
            found += _records(value, depth + 1)
    elif isinstance(data, list):
        for value in data[:100]:
            found += _records(value, depth + 1)
    return found[:200]
