"""``mivas show TRACE [--lock LOCK]``: one episode in the terminal — its calls (and speech, when the
trace file carries the episode's chat ``messages``) in wall-clock order, with the verdict's
explanations under the lines they refer to, wrapped to 100 columns; colour only on a tty.

Text from the trace is untrusted: control characters are shown as escapes, never sent to the
terminal (no escape sequence in a trace can move the cursor or recolour the screen)."""

from __future__ import annotations

import textwrap
from typing import Any

from mivas_env.reporting.episode_view import (
    Explained,
    Line,
    aux_summary,
    explain,
    lines_from_messages,
    lines_from_trace,
)
from rewards.models import Trace, Verdict

WIDTH = 100
_COLOURS = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
            "dim": "2", "bold": "1"}


def _safe(text: str) -> str:
    """Control characters (ESC, BEL, CR...) as visible escapes; newlines and tabs kept."""
    return "".join(ch if ch.isprintable() or ch in "\n\t" else repr(ch)[1:-1] for ch in text)


class _Pen:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, style: str) -> str:
        if not self.colour:
            return text
        return f"\x1b[{_COLOURS[style]}m{text}\x1b[0m"


def _wrap(text: str, indent: str, width: int) -> list[str]:
    out: list[str] = []
    for paragraph in _safe(text).splitlines() or [""]:
        out += textwrap.wrap(paragraph, width=width, initial_indent=indent,
                             subsequent_indent=indent + "  ", break_long_words=True,
                             break_on_hyphens=False) or [indent]
    return out


def _line(line: Line, pen: _Pen, width: int) -> list[str]:
    if line.kind in ("caller", "agent"):
        who = pen(f"{line.kind}:", "blue" if line.kind == "caller" else "bold")
        wrapped = _wrap(line.text, "", width - len(line.kind) - 2)
        rows = [f"{who} {wrapped[0]}"] + [" " * (len(line.kind) + 2) + w for w in wrapped[1:]]
    else:
        status = "" if line.ok is None else (" ok" if line.ok else " refused")
        head = ("⇢ " if line.kind == "transfer" else "") + f"#{line.live_index}{status} "
        rows = [pen(r, "magenta" if line.kind == "transfer" else "yellow")
                for r in _wrap(f"{head}{line.name}({line.arguments})", "", width)]
        if line.result:
            rows += [pen(r, "dim") for r in _wrap(f"→ {line.result}", "    ", width)]
    for note in line.notes:
        style = "green" if note.startswith("T hit") else "red"
        rows += [pen(r, style) for r in _wrap(f"^ {note}", "    ", width)]
    return rows


def render_episode(verdict: Verdict | dict[str, Any], trace: Trace, hops: frozenset[str], *,
                   messages: list[dict[str, Any]] | None = None, colour: bool = False,
                   width: int = WIDTH) -> str:
    """The episode as terminal text (no line wider than ``width`` columns, colour codes aside)."""
    data = verdict.model_dump(mode="json") if isinstance(verdict, Verdict) else verdict
    aux = getattr(verdict, "aux", None) if isinstance(verdict, Verdict) else None
    if aux is not None and "aux" not in data:
        data = {**data, "aux": aux}
    pen = _Pen(colour)
    lines = lines_from_messages(messages, hops) if messages else lines_from_trace(trace, hops)
    view: Explained = explain(data, lines)
    passed = bool(data.get("passed"))
    tools, handoff, db = data.get("tools") or {}, data.get("handoff") or {}, data.get("db") or {}

    def gate(name: str, ok: bool | None) -> str:
        return pen(f"{name}={'n/a' if ok is None else 'pass' if ok else 'FAIL'}",
                   "dim" if ok is None else "green" if ok else "red")

    out = [pen(_safe(str(data.get("task_id") or trace.task_id or "episode")), "bold") + "  "
           + pen("PASS" if passed else "FAIL", "green" if passed else "red")
           + f"  route {handoff.get('verdict', '')}  "
           + " ".join([gate("T", tools.get("passed")), gate("H", handoff.get("passed")),
                       gate("D", db.get("passed") if db.get("evaluated") else None)]),
           "-" * width]
    for line in view.lines:
        out += _line(line, pen, width)
    explained = [text for g in ("T", "H", "D") for text in view.gates[g]
                 if not any(text in line.notes for line in view.lines)]
    if explained:
        out += ["-" * width, pen("why it failed:", "bold")]
        for text in explained:
            out += [pen(r, "red") for r in _wrap(f"- {text}", "", width)]
    if view.aux:
        out += ["-" * width, pen("auxiliary judges (beside the result, never inside it):", "bold")]
        for name, value in view.aux:
            out += _wrap(f"- {name}: {aux_summary(value)}", "", width)
    return "\n".join(out)
