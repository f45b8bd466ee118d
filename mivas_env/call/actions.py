"""Parsing a policy's action: a tool call (JSON string or dict) or plain speech. Never raises."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_ACTION_CHARS = 65_536


@dataclass(frozen=True, slots=True)
class ToolAction:
    name: str
    arguments: Any  # validated by the tool server, not here


@dataclass(frozen=True, slots=True)
class SpeechAction:
    text: str


@dataclass(frozen=True, slots=True)
class InvalidAction:
    message: str


Action = ToolAction | SpeechAction | InvalidAction


def _from_mapping(data: dict[Any, Any]) -> Action:
    if isinstance(data.get("function"), dict):  # OpenAI tool_calls entry
        data = data["function"]
    name = data.get("tool", data.get("name"))
    if name is None:
        for key in ("say", "text", "content"):
            if isinstance(data.get(key), str):
                return SpeechAction(data[key])
        return InvalidAction("an action object needs 'tool' (or 'name') and 'arguments', "
                             "or 'say' for speech")
    if not isinstance(name, str) or not name.strip():
        return InvalidAction("the tool name must be a non-empty string")
    arguments = data.get("arguments", {})
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (json.JSONDecodeError, RecursionError):
            return InvalidAction(f"arguments of {name[:64]!r} are not valid JSON")
    if arguments is None:
        arguments = {}
    return ToolAction(name.strip(), arguments)


def parse_action(action: Any) -> Action:
    """Turn whatever the policy produced into an action; malformed input becomes InvalidAction."""
    if isinstance(action, dict):
        return _from_mapping(action)
    if isinstance(action, bytes):
        action = action.decode("utf-8", errors="replace")
    if not isinstance(action, str):
        return InvalidAction(f"an action must be a string or an object, got {type(action).__name__}")
    if len(action) > MAX_ACTION_CHARS:
        return InvalidAction(f"action longer than {MAX_ACTION_CHARS} characters")
    text = action.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            return InvalidAction("the action starts with '{' but is not valid JSON")
        if not isinstance(data, dict):
            return InvalidAction("a JSON action must be an object")
        return _from_mapping(data)
    return SpeechAction(action)
