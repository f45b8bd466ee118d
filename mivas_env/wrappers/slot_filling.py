"""The slot-filling policy behind the macro menu (:mod:`mivas_env.wrappers.macros`): what each
desk move says or sends, filled in from the call so far.

``SlotFilling.act(move)`` is the text-env action a move stands for now: the industry's question
for a slot, an answer from the last tool result, a tool call whose arguments are read from the
caller's answers (:mod:`mivas_env.speech.heard`, the one reader of spoken values), from earlier
tool results and from the agent's picks. ``observe(move, reply, ...)`` learns from the line that
came back. The policy sees the call only through its own moves and those replies: it counts its
own tool calls, and is told the caller's words for each slot at ``reset`` (the lockfile's facts,
used only to cut an answer out of a longer reply)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from mivas_env.env import to_charset
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
from rewards.industry import Industry, PropertySchema
from rewards.normalize import minute


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
    calls: Counter[str] = field(default_factory=Counter)  # tool calls made, by tool name
    over: bool = False  # the episode ended: later moves reach no tool



class SlotFilling:
    """The menu's policy for one industry: ``act(move)`` gives the text-env action of a move,
    ``observe`` takes what came back. ``memory`` is what it has learnt in this call."""

    def __init__(self, industry: Industry) -> None:
        self.industry = industry
        self.today = date.fromisoformat(industry.business.today)
        self.memory = MacroMemory(node=industry.entry_node)
        self.facts: Mapping[str, str] = {}
        self._date_slots = sorted({prop.x_slot for tool in industry.tools.values()
                                   for prop in tool.parameters.properties.values()
                                   if prop.format == "date" and prop.x_slot is not None})

    def reset(self, node: str, opening: str, facts: Mapping[str, str]) -> None:
        """A new call at desk ``node`` that opened with ``opening``; ``facts``: the caller's
        words for each slot."""
        self.memory = MacroMemory(node=node, heard=[opening])
        self.facts = facts

    def act(self, move: Macro) -> Any:
        """The text-env action ``move`` stands for now."""
        renderers: dict[str, Callable[[str], Any]] = {
            "ask": lambda slot: self.industry.slots[slot].question,
            "answer": lambda _: self.answer(),
            "transfer": lambda hop: {"tool": hop, "arguments": {}},
            "tool": lambda name: {"tool": name, "arguments": self.arguments(name)},
            "end": lambda _: {"tool": "end_call", "arguments": {}},
            "pick": lambda key: (f"I'll put the {key.replace('_', ' ')} down as "
                                 f"{move.value.replace('_', ' ')}."),
        }
        return renderers[move.kind](move.target)

    def observe(self, move: Macro, reply: str, node: str, turn: int, ended: bool) -> None:
        """What came back for ``move``: the tool result or the caller's reply, the desk and turn
        after it, and whether the call is over."""
        memory = self.memory
        memory.node, memory.turn = node, turn
        if move.kind in ("tool", "transfer", "end"):
            if not memory.over:  # a move after the end is refused before it reaches a tool
                memory.calls[move.target if move.kind != "end" else "end_call"] += 1
            self._remember(reply)
        elif move.kind == "ask" and not reply.startswith("{"):
            memory.revealed[move.target] = self._answer_in(move.target, reply)
        elif move.kind == "pick":
            memory.picks[move.target] = move.value
        if move.kind in ("ask", "answer", "pick"):
            memory.heard.append(reply)
        memory.over = memory.over or ended

    def _answer_in(self, slot: str, reply: str) -> str:
        """The caller's answer to a question, as heard: the reply stripped to the answer when it
        holds the caller's words for the slot verbatim (a reply may also carry a reaction), else
        the whole reply ("It's 9-1-8-2-7-3-6-4-5.")."""
        value = self.facts.get(slot)
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
        attempt = self.memory.calls[tool_name]
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
            slot = slot_of(prop)
            said = self.memory.revealed.get(slot) if slot is not None else None
            values = self.read(key, item, said) if said is not None else []
            if not values and (key in required or (slot is None and is_id(item))):
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

    def read(self, key: str, prop: PropertySchema, said: str) -> list[Any]:
        """Values in the tool's format read from the caller's words (alternatives in order)."""
        if prop.x_alias is not None:
            found = heard_alias(self.industry, prop.x_alias, said)
            if found:
                return found
            if prop.enum is None and not is_id(prop):  # "the Hearth wool throw": DEC-3102
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
        if not found and is_id(prop):
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
        return found if is_id(prop) else found[:1]

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
            self.answer()
        if limit is not None and len(said) > limit:
            said = said[:limit].rsplit(" ", 1)[0] if " " in said[:limit] else said[:limit]
        return said

    def answer(self) -> str:
        """What the agent says for the answer macro: the last successful tool result's facts."""
        if self.memory.last_outcome != 1 or self.memory.last_data is None:
            return "Let me check on that for you."
        facts = [str(v) for v in _scalars(self.memory.last_data)
                 if isinstance(v, (str, int, float))]
        return "Here is what I found: " + "; ".join(facts[:12]) + "."

    def _remember(self, text: str) -> None:
        """A tool result: its outcome, and on success its data and records."""
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


def slot_of(prop: PropertySchema | None) -> str | None:
    if prop is None:
        return None
    if prop.x_slot is not None:
        return prop.x_slot
    return prop.items.x_slot if prop.items is not None else None


def is_id(prop: PropertySchema) -> bool:
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
