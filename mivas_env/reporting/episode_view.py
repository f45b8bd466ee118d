"""One episode laid out for reading: the transcript as lines, with the verdict's explanations
attached to the lines they refer to. Shared by the HTML report (``mivas eval --report``) and
the terminal viewer (``mivas show``); neither renders anything that is not here.

Every string in a ``Line`` or a note comes from a trace, an agent or a lockfile: untrusted text.
The renderers escape it; nothing here interprets it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rewards.models import Trace
from rewards.tool_gate import flatten


@dataclass
class Line:
    """One transcript line: a caller or agent utterance, or a tool call with its result."""

    kind: str  # "caller" | "agent" | "tool" | "transfer"
    text: str = ""
    name: str = ""
    arguments: str = ""  # the JSON text the agent sent
    result: str = ""  # the JSON text the tool answered
    live_index: int | None = None  # position among the live calls (wall-clock order)
    notes: list[str] = field(default_factory=list)  # verdict explanations about this line
    ok: bool | None = None


def _json_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def lines_from_messages(messages: list[dict[str, Any]], hops: frozenset[str]) -> list[Line]:
    """The chat messages of an episode (``info["messages"]`` of every step) as lines; the n-th
    tool call is live call n, as the environment records calls in the order they are made."""
    lines: list[Line] = []
    by_call_id: dict[str, Line] = {}
    count = 0
    for message in messages:
        if not isinstance(message, dict):
            continue
        role = message.get("role")
        content = message.get("content")
        if role == "user" and content:
            lines.append(Line("caller", text=_json_text(content)))
        elif role == "assistant":
            if content:
                lines.append(Line("agent", text=_json_text(content)))
            for tool_call in message.get("tool_calls") or []:
                function = tool_call.get("function") or {} if isinstance(tool_call, dict) else {}
                name = str(function.get("name", ""))
                line = Line("transfer" if name in hops else "tool", name=name,
                            arguments=_json_text(function.get("arguments", "")),
                            live_index=count)
                count += 1
                by_call_id[str(tool_call.get("id"))] = line
                lines.append(line)
        elif role == "tool":
            answered = by_call_id.get(str(message.get("tool_call_id")))
            if answered is not None:
                answered.result = _json_text(content)
                try:
                    parsed = json.loads(answered.result)
                except (ValueError, RecursionError):
                    parsed = None
                if isinstance(parsed, dict) and isinstance(parsed.get("ok"), bool):
                    answered.ok = parsed["ok"]
    return lines


def lines_from_trace(trace: Trace, hops: frozenset[str]) -> list[Line]:
    """A trace file's calls in wall-clock order (a trace records no speech)."""
    lines = []
    for call in flatten(trace):
        output = call.output if isinstance(call.output, dict) else None
        lines.append(Line("transfer" if call.name in hops else "tool", name=call.name,
                          arguments=_json_text(call.arguments),
                          result=_json_text(output) if output is not None else "",
                          live_index=call.index,
                          ok=output.get("ok") if output and isinstance(output.get("ok"), bool)
                          else None))
    return lines


def _mismatch_text(mismatch: dict[str, Any]) -> str:
    return (f"{mismatch.get('key')}: expected {mismatch.get('expected')!r}, "
            f"got {mismatch.get('got')!r} ({mismatch.get('reason')})")


@dataclass
class Explained:
    """The verdict split into notes on transcript lines and notes about the whole episode."""

    lines: list[Line]
    gates: dict[str, list[str]]  # "T" | "H" | "D" -> explanations not tied to one line
    failed: list[str]  # the gates that failed, in T, H, D order
    aux: list[tuple[str, Any]]  # auxiliary judges (verdict["aux"]), shown beside, never inside


def explain(verdict: dict[str, Any], lines: list[Line]) -> Explained:
    """Attach each failure of ``verdict`` (a ``Verdict`` as JSON) to the line it is about: a
    missing call to its nearest live call, a forbidden extra to itself; the rest per gate."""
    by_index: dict[Any, Line] = {line.live_index: line for line in lines
                                 if line.live_index is not None}
    gates: dict[str, list[str]] = {"T": [], "H": [], "D": []}
    tools = verdict.get("tools") or {}
    for hit in tools.get("hits") or []:
        line = by_index.get(hit.get("live_index"))
        if line is not None:
            line.notes.append(f"T hit: expected call #{hit.get('expected_index')} "
                              f"{hit.get('name')}" + (" (name only)" if hit.get("name_only")
                                                      else ""))
    for miss in tools.get("missing") or []:
        text = (f"T missing: expected {miss.get('name')} #{miss.get('expected_index')} "
                f"{_json_text(miss.get('parameters', {}))}: {miss.get('reason')}")
        nearest = miss.get("nearest")
        line = by_index.get(nearest.get("live_index")) if isinstance(nearest, dict) else None
        if isinstance(nearest, dict):
            used = " (already used by an earlier expected call)" if nearest.get("already_used") \
                else ""
            details = "; ".join(_mismatch_text(m) for m in nearest.get("mismatches") or [])
            text += f"; nearest live call #{nearest.get('live_index')}{used}: {details}"
        gates["T"].append(text)
        if line is not None:
            line.notes.append(text)
    for extra in tools.get("forbidden_extra") or []:
        text = f"T forbidden extra: {extra.get('name')}: {extra.get('reason')}"
        gates["T"].append(text)
        line = by_index.get(extra.get("live_index"))
        if line is not None:
            line.notes.append(text)
    handoff = verdict.get("handoff") or {}
    if not handoff.get("passed", True):
        gates["H"].append(f"H: expected hops {handoff.get('expected')} in order, got "
                          f"{handoff.get('actual')}; consumed {handoff.get('consumed')}")
    db = verdict.get("db") or {}
    for name, table in (db.get("tables") or {}).items():
        for row in table.get("missing_rows") or []:
            gates["D"].append(f"D: {name} ({table.get('rule')}) missing row {_json_text(row)}")
        for row in table.get("extra_rows") or []:
            gates["D"].append(f"D: {name} ({table.get('rule')}) extra row {_json_text(row)}")
    failed = [gate for gate, part in (("T", tools), ("H", handoff), ("D", db))
              if part and not part.get("passed", True)]
    aux = verdict.get("aux")
    aux_items = list(aux.items()) if isinstance(aux, dict) else []
    return Explained(lines=lines, gates=gates, failed=failed, aux=aux_items)


def aux_summary(value: Any) -> str:
    """One line for an auxiliary judge's result, whatever its shape."""
    if isinstance(value, dict):
        head = []
        for key in ("passed", "score", "verdict"):
            if key in value:
                head.append(f"{key}={value[key]}")
        rest = {k: v for k, v in value.items() if k not in ("passed", "score", "verdict")}
        return ", ".join(head) + (("; " if head else "") + _json_text(rest) if rest else "")
    return _json_text(value)
