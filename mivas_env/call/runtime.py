"""The call runtime: active node, transfers along the specialist graph, scoping, a simulated
clock, the recorded calls and the hangup dump."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, Literal

from mivas_env.call.tasks import Task
from mivas_env.caller.behaving import BehavingCaller
from mivas_env.caller.llm import LLMCaller, LLMCallerConfig
from mivas_env.caller.scripted import CallerReply, CallerSpec, ScriptedCaller
from mivas_env.caller.understanding import industry_understanding
from mivas_env.industries import Database, ToolServer, server_class
from mivas_env.speech.spoken import spoken
from rewards import LimitExceededError, load_industry
from rewards.industry import Industry
from rewards.judges import locked_matches
from rewards.limits import check_value
from rewards.tool_gate import TimedCall
from rewards.worlds import world_with

Scoping = Literal["enforce", "permissive"]
MS_PER_WORD = 400  # about 150 words a minute
TURN_GAP_MS = 250
MAX_NAME = 128


def speech_ms(text: str) -> int:
    return len(text.split()) * MS_PER_WORD + TURN_GAP_MS


@cache
def tools_by_node(industry_name: str) -> dict[str, frozenset[str]]:
    industry = load_industry(industry_name)
    return {node: frozenset(industry.tools_at(node)) for node in industry.nodes}


@cache
def slot_keywords(industry_name: str) -> dict[str, tuple[str, ...]]:
    slots = load_industry(industry_name).slots
    return {name: tuple(k.casefold() for k in slot.keywords) for name, slot in slots.items()}


@cache
def desk_slots(industry_name: str, node: str) -> frozenset[str]:
    """The caller slots the tools at a desk take (``x-slot``): the caller's context for telling
    apart two readings of a question ("the ZIP" at identity is the account's)."""
    industry = load_industry(industry_name)
    return frozenset(prop.x_slot for name in industry.tools_at(node)
                     for prop in industry.tools[name].parameters.properties.values()
                     if prop.x_slot is not None)


@cache
def own_slots(industry_name: str, node: str) -> frozenset[str]:
    """The slots only this desk's tools take (the consultation's date at legal's scheduling desk;
    not a date of birth, which every healthcare desk takes)."""
    others = [desk_slots(industry_name, other) for other in load_industry(industry_name).nodes
              if other != node]
    return desk_slots(industry_name, node).difference(*others)


def with_acronyms(heard: str) -> str:
    """A heard line, then (as a second sentence) the same line with its spelled letter runs
    joined ("u p s" -> "ups", "z i p code" -> "zip code"), so a caller's phrase or keyword
    written as a word is still recognised when it was said letter by letter."""
    joined = re.sub(r"\b[a-z](?: [a-z]\b)+", lambda m: m[0].replace(" ", ""), heard)
    return heard if joined == heard else f"{heard}. {joined}"


def spoken_caller(spec: CallerSpec) -> CallerSpec:
    """A caller whose phrases are matched in spoken form, for when it hears the agent through
    the speech channel ("march 10" is heard as "march tenth")."""
    def form(phrase: str) -> str:
        # "79.99" in a goal is an amount the agent says as dollars and cents
        money = re.fullmatch(r"\d[\d,]*\.\d\d", phrase.strip())
        return spoken("$" + phrase.strip()) if money else spoken(phrase)

    def said(phrases: list[str]) -> list[str]:
        return [form(p) for p in phrases if form(p)]

    goal = spec.goal.model_copy(update={"agent_says_all": said(spec.goal.agent_says_all),
                                        "agent_says_any": said(spec.goal.agent_says_any)})
    reactions = [r.model_copy(update={"when_agent_says_any": said(r.when_agent_says_any),
                                      "also_says_any": said(r.also_says_any),
                                      "unless_agent_says_any": said(r.unless_agent_says_any)})
                 for r in spec.reactions]
    return spec.model_copy(update={"goal": goal, "reactions": reactions})


def _as_json(arguments: Any) -> str | None:
    """Arguments as JSON text when they may go into the trace (a JSON object within the trace
    limits), else None."""
    if not isinstance(arguments, dict) or not all(isinstance(key, str) for key in arguments):
        return None
    try:
        check_value(arguments, "arguments")
        return json.dumps(arguments, ensure_ascii=True)
    except (LimitExceededError, TypeError, ValueError, RecursionError):
        return None


def error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error_code": code, "message": message}


@dataclass(frozen=True, slots=True)
class RecordedCall:
    """A tool call as the session recorded it: the trace entry, its output (``call.output``,
    typed) and its recorded arguments as the JSON text a chat transcript shows."""

    call: TimedCall
    output: dict[str, Any]
    arguments_json: str


@dataclass
class CallSession:
    """One phone call: everything an episode records, independent of Gymnasium."""

    task: Task
    seed: int | None = None
    scoping: Scoping = "enforce"
    caller_hears_spoken: bool = False  # the agent's speech reaches the caller as spoken words
    industry: Industry = field(init=False)
    server: ToolServer = field(init=False)
    llm_caller: LLMCallerConfig | None = None  # an LLM speaks the caller's lines (opt-in)
    caller: ScriptedCaller | LLMCaller = field(init=False)
    scripted: ScriptedCaller = field(init=False)  # the scripted caller (under an LLM one, if any)
    node: str = field(init=False)
    clock_ms: int = 0
    calls: list[TimedCall] = field(default_factory=list)
    ended_by: str | None = None
    transcript: list[tuple[str, str]] = field(default_factory=list)  # (role, text) in order

    def __post_init__(self) -> None:
        name = self.task.industry
        self.industry = load_industry(name)
        self.server = server_class(name)(Database(world_with(
            name, self.task.lock.world_seed, self.task.lock.world_rows)),
                                         self.industry)
        compiled = self.task.compiled
        goal_tools = set(self.task.caller.goal.tools_ok)
        locked = {tool: frozenset(c.index for c in compiled.calls
                                  if c.name == tool and c.ok is not False)
                  for tool in goal_tools}
        # the understanding reads spoken and written lines alike; the goal's and reactions'
        # phrases are matched in the form the caller hears
        spec = spoken_caller(self.task.caller) if self.caller_hears_spoken else self.task.caller
        self.node = self.industry.entry_node
        # A caller with behaviours (a generated level above 0) plays them; else the plain one.
        kind = BehavingCaller if spec.behaviours else ScriptedCaller
        self.scripted = kind(
            spec, slot_keywords(name), self.seed, industry_understanding(name),
            check=partial(locked_matches, compiled), locked=locked,
            desk_slots=desk_slots(name, self.node), desk_own=own_slots(name, self.node))
        self.caller = (self.scripted if self.llm_caller is None
                       else LLMCaller(self.scripted, self.llm_caller))

    @property
    def ended(self) -> bool:
        return self.ended_by is not None

    def available(self) -> frozenset[str]:
        return tools_by_node(self.task.industry)[self.node]

    def opening(self) -> str:
        text = self.caller.opening()
        self.clock_ms += speech_ms(text)
        self.transcript.append(("caller", text))
        return text

    def call_tool(self, name: str, arguments: Any) -> RecordedCall:
        """Run a tool call at the active node, record it with its start offset, return the record.

        Arguments that cannot go into a trace (not a JSON object, over the limits) are recorded
        as ``{}``; the output is always a dict ``{"ok": ...}``."""
        start = self.clock_ms
        desk = self.node  # where the call runs (before a transfer moves the call)
        tool = self.industry.tools.get(name)
        if tool is None:
            output = error("unknown_tool", f"no tool named {name[:MAX_NAME]!r}")
        elif self.scoping == "enforce" and name not in self.available():
            output = error("not_available_at_node",
                           f"{name} is not available at {self.node}; transfer first")
        elif tool.access == "session":
            output = self._session_tool(name, arguments)
        else:
            output = self.server.call(name, arguments)
        self.clock_ms += tool.latency_ms if tool is not None else 50
        text = _as_json(arguments)
        call = TimedCall(len(self.calls), name[:MAX_NAME], arguments if text is not None else {},
                         output, start, desk)
        self.calls.append(call)
        self.caller.observe_tool(name, output, call.arguments,
                                 transfer=name in self.industry.transfer_tools)
        return RecordedCall(call, output, text if text is not None else "{}")

    def _session_tool(self, name: str, arguments: Any) -> dict[str, Any]:
        output = self.server.call_session(name, arguments)
        if not output["ok"]:
            return output
        target = self.industry.transfer_tools.get(name)
        if target is not None:
            self.node = target
            self.scripted.desk_slots = desk_slots(self.task.industry, target)
            self.scripted.desk_own = own_slots(self.task.industry, target)
            output["data"] = {"active_node": target}
        if name in self.industry.terminal_tools:
            self.ended_by = name
        return output

    def say(self, text: str, heard: str | None = None) -> CallerReply:
        """The agent speaks; the caller answers what it heard (``heard``, when the agent's
        speech passes through a noisy channel; else the line itself) and may hang up."""
        self.clock_ms += speech_ms(text)
        reply = self.caller.respond(text if heard is None else with_acronyms(heard))
        self.clock_ms += speech_ms(reply.text)
        self.transcript += [("agent", text), ("caller", reply.text)]
        if reply.hang_up:
            self.ended_by = "caller_hung_up"
        return reply

    def dump(self) -> dict[str, list[dict[str, Any]]]:
        return self.server.db.dump(list(self.industry.write_tables))

    def trace(self, dump: Mapping[str, list[dict[str, Any]]] | None) -> dict[str, Any]:
        """The recorded actuals grouped by name, as voice platforms export them (docs/formats.md)."""
        grouped: dict[str, list[dict[str, Any]]] = {}
        for call in self.calls:
            grouped.setdefault(call.name, []).append({
                "arguments": call.arguments, "output": call.output,
                "start_offset_ms": call.start_offset_ms, "desk": call.desk})
        trace: dict[str, Any] = {
            "task_id": self.task.full_id, "tool_calls": grouped,
            "hangup_dump": dict(dump) if dump is not None else None,
            "transcript": [{"role": role, "text": text} for role, text in self.transcript]}
        if self.task.lock.level:  # a level above 0 says so, and how its caller behaved
            trace["level"] = self.task.lock.level
            trace["caller_behaviours"] = [b.model_dump(exclude_none=True)
                                          for b in self.task.caller.behaviours]
        return trace
