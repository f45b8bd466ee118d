"""Recorded calls from a voice platform, as MIVAS traces: ``retell_to_trace`` turns a Retell call
object (``GET /v2/get-call/{call_id}``, or the ``call`` of its ``call_ended``/``call_analyzed``
webhook) into a trace that ``mivas verify`` scores. docs/recorded-calls.md has the field mapping.

Retell records the call as ``transcript_with_tool_calls``: utterances (``role`` agent or user,
``content``, ``words`` with start/end seconds), ``tool_call_invocation`` entries (``name``,
``tool_call_id``, ``arguments`` as JSON text), ``tool_call_result`` entries (``content``,
``successful``), ``node_transition`` entries of conversation flows, and key presses. A
platform records no database: pass the hangup dump of your own system, or D is not evaluated."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from rewards import InputFormatError


def _seconds(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _start_ms(utterance: Mapping[str, Any]) -> float | None:
    words = utterance.get("words")
    if isinstance(words, list) and words and isinstance(words[0], dict):
        start = _seconds(words[0].get("start"))
        return None if start is None else round(start * 1000, 3)
    return None


def _end_ms(utterance: Mapping[str, Any]) -> float | None:
    words = utterance.get("words")
    if isinstance(words, list) and words and isinstance(words[-1], dict):
        end = _seconds(words[-1].get("end"))
        return None if end is None else round(end * 1000, 3)
    return None


def _output(result: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A tool result as the trace's output: the tool's JSON object when it returned one (a MIVAS
    tool server's {"ok": ...}), else what the platform knows (``successful``)."""
    if result is None:
        return None
    content = result.get("content")
    if isinstance(content, str):
        try:
            parsed = json.loads(content)
        except (json.JSONDecodeError, RecursionError):
            parsed = None
        if isinstance(parsed, dict):
            return parsed
    successful = result.get("successful")
    return {"ok": successful} if isinstance(successful, bool) else None


def retell_to_trace(call: Mapping[str, Any], *, task_id: str | None = None,
                    hangup_dump: Mapping[str, list[dict[str, Any]]] | None = None,
                    transfers: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A MIVAS trace from a Retell call object.

    Tool calls keep their order: each starts where the last utterance before it ended (plus
    1 ms per call after that utterance, so two calls never tie). ``transfers`` maps a
    conversation-flow node name to the transfer tool that reaches that desk
    (``{"Coverage": "transfer_to_coverage"}``): a node transition to it is recorded as that
    transfer. Caller lines carry the platform's recognised text as ``asr_text``."""
    if not isinstance(call, Mapping):
        raise InputFormatError("a Retell call must be a JSON object")
    entries = call.get("transcript_with_tool_calls")
    if not isinstance(entries, list):
        raise InputFormatError("the call has no transcript_with_tool_calls list (fetch it with "
                               "GET /v2/get-call/{call_id} after the call ended)",
                               path=("transcript_with_tool_calls",))
    results = {entry["tool_call_id"]: entry for entry in entries
               if isinstance(entry, dict) and entry.get("role") == "tool_call_result"
               and isinstance(entry.get("tool_call_id"), str)}
    calls: list[dict[str, Any]] = []
    transcript: list[dict[str, Any]] = []
    clock = 0.0  # ms: where the last utterance ended
    since = 0  # calls since that utterance
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        role = entry.get("role")
        if role in ("agent", "user") and isinstance(entry.get("content"), str):
            line: dict[str, Any] = {"role": "agent" if role == "agent" else "caller",
                                    "text": entry["content"]}
            if role == "user":
                line["asr_text"] = entry["content"]  # the platform's recogniser's text
            start = _start_ms(entry)
            if start is not None:
                line["start_offset_ms"] = start
            transcript.append(line)
            end = _end_ms(entry)
            if end is not None and end >= clock:
                clock, since = end, 0
            continue
        name: str | None = None
        arguments: Any = {}
        output: dict[str, Any] | None = None
        if role == "tool_call_invocation":
            name = entry.get("name")
            arguments = entry.get("arguments", "{}")
            call_id = entry.get("tool_call_id")
            output = _output(results.get(call_id) if isinstance(call_id, str) else None)
        elif role == "node_transition" and transfers:
            name = transfers.get(str(entry.get("new_node_name")))
            output = {"ok": True}
        if not isinstance(name, str) or not name:
            continue
        if not isinstance(arguments, (str, dict)):
            raise InputFormatError("tool call arguments must be a JSON object or its text",
                                   path=("transcript_with_tool_calls", index, "arguments"))
        since += 1
        calls.append({"name": name, "arguments": arguments, "output": output,
                      "start_offset_ms": round(clock + since, 3)})
    return {"task_id": task_id, "tool_calls": calls,
            "hangup_dump": dict(hangup_dump) if hangup_dump is not None else None,
            "transcript": transcript}
