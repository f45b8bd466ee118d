"""What every LLM adapter shares: the text env, the prompt a policy may see, flattened tool
schemas, and tool calls parsed out of a model's reply.

Only policy-visible information reaches a prompt: the business's desk instructions, the caller's
words, tool results and the tool schemas. Nothing from a lockfile (gold calls, caller facts, the
expected answer, the task's category) is ever put into text a model reads."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import gymnasium as gym

from mivas_env.env import MivasEnv, policy_info
from rewards import load_industry
from rewards.industry import PropertySchema, industry_names

ENV_ID = re.compile(r"^(?:mivas_env:)?mivas/(?P<industry>[a-z_]+?)(?P<suffix>-gen)?-v\d+$")
IDENTIFIER = re.compile(r"[^0-9A-Za-z_]")


def industry_of(industry_or_id: str) -> str:
    """``healthcare`` for ``healthcare``, ``mivas/healthcare-v0`` or ``mivas/healthcare-gen-v0``."""
    match = ENV_ID.match(industry_or_id)
    name = match["industry"] if match else industry_or_id
    if name not in industry_names():
        raise ValueError(f"unknown industry {industry_or_id!r}: LLM adapters take one industry "
                         f"({', '.join(industry_names())}) or its env id, e.g. mivas/healthcare-v0")
    return name


def make_text_env(industry_or_id: str, **env_kwargs: Any) -> MivasEnv:
    """The text ``MivasEnv`` for an industry name or a registered env id (``mivas/<industry>-v0``,
    and the generated families' ``mivas/<industry>-gen-v0`` once registered). ``env_kwargs`` go
    to the env unchanged (``discount``, ``max_turns``, ``task_id``, ``tasks``, ``reward``...)."""
    industry = industry_of(industry_or_id)
    if ENV_ID.match(industry_or_id):
        env_id = industry_or_id if industry_or_id.startswith("mivas_env:") \
            else f"mivas_env:{industry_or_id}"
        made = gym.make(env_id, disable_env_checker=True, **env_kwargs).unwrapped
        if not isinstance(made, MivasEnv):
            raise TypeError(f"{industry_or_id} is not a MivasEnv")
        return made
    return MivasEnv(industry=industry, **env_kwargs)


def is_generated(env: MivasEnv) -> bool:
    """Whether the env draws a generated instance per reset (``mivas/<industry>-gen-v0``)."""
    try:
        from mivas_env.generated import GeneratedEnv
    except ImportError:  # a tree without the generation package
        return False
    return isinstance(env, GeneratedEnv)


def reset_options(env: MivasEnv, task_id: Any = None, family: Any = None, level: Any = None
                  ) -> dict[str, Any] | None:
    """``reset`` options for a row's ``task_id`` (shipped tasks) or ``family`` and ``level``
    (generated envs, where the seed picks the instance; a row's level overrides the env's)."""
    if is_generated(env):
        if task_id:
            raise ValueError("a generated env (mivas/<industry>-gen-v0) picks its instance from "
                             "the seed; give a seed (and optionally a family), not a task_id")
        options = ({"family": str(family)} if family else {}) | (
            {"level": int(level)} if level is not None else {})
        return options or None
    if level is not None:
        raise ValueError("only a generated env (mivas/<industry>-gen-v0) takes a level")
    return {"task_id": str(task_id)} if task_id else None


def identifier(name: str) -> str:
    """A tool or argument name as a Python identifier (TRL makes methods of tools)."""
    text = IDENTIFIER.sub("_", name)
    return text if text and not text[0].isdigit() else f"t_{text}"


@dataclass(frozen=True)
class Param:
    """One flattened tool parameter: a scalar, an enum as a string, or an array of scalars."""

    name: str
    type: str  # string | integer | number | boolean | array
    item_type: str | None
    description: str
    required: bool
    enum: tuple[str | int, ...] | None


@dataclass(frozen=True)
class ToolSpec:
    name: str  # the industry's name (identifier-safe already in the shipped industries)
    method: str  # identifier-safe
    description: str
    desks: tuple[str, ...]
    params: tuple[Param, ...]


def _describe(prop: PropertySchema) -> str:
    text = " ".join(prop.description.split())
    if prop.format == "date":
        text += " Format YYYY-MM-DD."
    elif prop.format == "date-time":
        text += " Format YYYY-MM-DDTHH:MM."
    return text.strip() or "A value."


@cache
def tool_specs(industry: str) -> tuple[ToolSpec, ...]:
    """Every tool of an industry, flattened (enums become strings with their choices listed,
    arrays keep their item type), in industry.json order."""
    spec = load_industry(industry)
    out = []
    for name, tool in spec.tools.items():
        params = []
        for key, prop in tool.parameters.properties.items():
            item = prop.items
            enum = prop.enum if prop.enum is not None else (item.enum if item is not None else None)
            params.append(Param(identifier(key), prop.type,
                                item.type if item is not None else None, _describe(prop),
                                key in tool.parameters.required,
                                tuple(enum) if enum is not None else None))
        desks = ", ".join(tool.nodes)
        description = f"{' '.join(tool.description.split())} (Available at: {desks}.)"
        out.append(ToolSpec(name, identifier(name), description, tuple(tool.nodes), tuple(params)))
    return tuple(out)


def openai_schema(tool: ToolSpec) -> dict[str, Any]:
    """An OpenAI-style function schema for a flattened tool."""
    properties: dict[str, Any] = {}
    for param in tool.params:
        entry: dict[str, Any] = {"type": param.type, "description": param.description}
        if param.item_type is not None:
            entry["items"] = {"type": param.item_type}
        if param.enum is not None:
            if param.type == "array":
                entry["items"]["enum"] = list(param.enum)
            else:
                entry["enum"] = list(param.enum)
        properties[param.name] = entry
    return {"type": "function", "function": {
        "name": tool.method, "description": tool.description,
        "parameters": {"type": "object", "properties": properties,
                       "required": [p.name for p in tool.params if p.required]}}}


SAY_SCHEMA = {"type": "function", "function": {
    "name": "say", "description": "Speak to the caller; returns what the caller says back.",
    "parameters": {"type": "object", "properties": {
        "text": {"type": "string", "description": "What you say to the caller."}},
        "required": ["text"]}}}


def all_schemas(industry: str) -> list[dict[str, Any]]:
    """``say`` plus every tool of the industry (tools of other desks answer
    ``not_available_at_node`` until the call is transferred there)."""
    return [SAY_SCHEMA, *(openai_schema(tool) for tool in tool_specs(industry))]


def system_prompt(industry: str) -> str:
    """The system prompt of an agent at this business: who it is, how a turn works."""
    spec = load_industry(industry)
    return (f"You are the phone agent of {spec.business.name} ({spec.business.description}). "
            "Each turn, call exactly one tool. Speak to the caller only with the `say` tool; use "
            "the business tools to look things up and act; transfer to the right desk when the "
            "task needs it (a tool of another desk answers not_available_at_node until you "
            "transfer); call end_call when the caller's request is handled.")


def tools_message(industry: str) -> str:
    """The system prompt with the tool schemas and the tool-call format."""
    schemas = "\n".join(json.dumps(schema["function"]) for schema in all_schemas(industry))
    return (f"{system_prompt(industry)}\n\nTools (one JSON schema per line):\n{schemas}\n\n"
            'Call a tool as <tool_call>{"name": "NAME", "arguments": {...}}</tool_call>. '
            "A reply without a tool call is said to the caller.")


def opening_message(info: Mapping[str, Any], opening: str) -> str:
    """The first user message: the active desk's instructions and the caller's first words.
    Reads only the policy-visible part of ``info`` (``mivas_env.env.policy_info``)."""
    visible = policy_info(dict(info))
    desk = visible.get("active_node", "")
    instructions = visible.get("instructions", "")
    return f"[desk: {desk}] {instructions}\nCaller: {opening}"


def tool_result_text(observation: str, info: Mapping[str, Any], was_speech: bool) -> str:
    """What the model reads after an action: the caller's reply or the tool result, plus the new
    desk's instructions after a transfer, and a note once the call is over."""
    parts = [f"Caller: {observation}" if was_speech else observation]
    visible = policy_info(dict(info))
    if "instructions" in visible and "verdict" not in info and not was_speech:
        parts.append(f"[desk: {visible.get('active_node', '')}] {visible['instructions']}")
    if "verdict" in info:
        parts.append("[The call has ended.]")
    return "\n".join(parts)


_TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)


def parse_tool_calls(reply: str) -> list[dict[str, Any]]:
    """Tool calls in a model's reply: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``
    blocks (Qwen/Hermes style), else the whole reply when it is one such JSON object. Malformed
    blocks are skipped; never raises."""
    blocks = _TOOL_CALL.findall(reply)
    if not blocks and reply.strip().startswith("{"):
        blocks = [reply.strip()]
    calls = []
    for block in blocks:
        try:
            data = json.loads(block)
        except (json.JSONDecodeError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("name", data.get("tool")), str):
            arguments = data.get("arguments", {})
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments)
                except (json.JSONDecodeError, RecursionError):
                    arguments = {}
            calls.append({"name": data.get("name", data.get("tool")),
                          "arguments": arguments if isinstance(arguments, dict) else {}})
    return calls


def env_action(call: Mapping[str, Any], industry: str) -> Any:
    """The MivasEnv action for a parsed tool call: ``say`` becomes speech; a tool's
    identifier-safe names are mapped back to the industry's names."""
    name = str(call.get("name", ""))
    arguments = dict(call.get("arguments") or {})
    if name == "say":
        return str(arguments.get("text", ""))
    for tool in tool_specs(industry):
        if tool.method == name:
            spec = load_industry(industry).tools[tool.name]
            back = {identifier(key): key for key in spec.parameters.properties}
            return {"tool": tool.name, "arguments": {back.get(k, k): v for k, v in arguments.items()
                                                     if v is not None}}
    return {"tool": name, "arguments": arguments}


OUTCOME_KEYS = ("r_train", "r_eval", "r_strict", "reward_kind", "verdict", "aux", "score_T",
                "score_H", "handoff_verdict", "db_passed", "ended_by")


def outcome(info: Mapping[str, Any]) -> dict[str, Any]:
    """The scored outcome of a finished episode, for logging: ``r_train`` (the reward),
    ``r_eval`` (pass/fail), the verdict, the auxiliary judges (``aux``, never part of ``r_eval``)
    and the per-gate summary (``score_T``, ``score_H``, ``handoff_verdict``, ``db_passed``,
    ``ended_by``). Empty while the call is open."""
    if "verdict" not in info:
        return {}
    found = {key: info[key] for key in OUTCOME_KEYS if key in info}
    found["r_train"], found["r_eval"] = float(info["r_train"]), float(info["r_eval"])
    return found


def finish(env: MivasEnv) -> dict[str, Any]:
    """Score an episode the trainer stopped before the call ended (its tool loop ran out of turns
    or the model answered without a tool call): the call ends as ``rollout_ended`` and is judged
    on what happened so far. Returns the final info (with the verdict)."""
    session = env.session
    if session is None:
        raise gym.error.ResetNeeded("reset() before scoring")
    if session.ended_by is None:
        session.ended_by = "rollout_ended"
    info = env._info([])  # the env's own info and scoring, as at a normal last step
    env._finish(info)
    env._last_info = info
    return dict(info)
