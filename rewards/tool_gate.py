"""Tool-call gate T (contract: 'Matching is greedy and one-to-one')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rewards.compile import CompiledIndustry, CompiledLock, ExpectedCallSpec, KeyRule
from rewards.models import (
    FlatCall,
    ForbiddenExtra,
    Hit,
    Mismatch,
    Missing,
    NearestCall,
    ToolsVerdict,
    Trace,
)
from rewards.names import names_match
from rewards.normalize import is_blank


@dataclass(slots=True)  # not frozen: built for every call of every verification
class TimedCall:
    """A recorded call after flattening, in wall-clock order (``index`` is its position).
    Not ``rewards.models.LiveCall``, the call as a trace file records it."""

    index: int
    name: str
    arguments: dict[str, Any]
    output: dict[str, Any] | None
    start_offset_ms: float | None
    desk: str | None = None  # the desk it ran at, when recorded (read by the scoping judge)


LiveCall = TimedCall  # the former name, kept for importers written before the rename


def flatten(trace: Trace) -> list[TimedCall]:
    """Flatten grouped calls and sort by start_offset_ms where present (contract: 'We flatten
    them and sort by start_offset_ms'): a stable sort on the offset alone, so calls with equal
    offsets keep their flattened order (group order, then list order); untimed calls keep their
    recorded order after every timed call."""
    if isinstance(trace.tool_calls, dict):
        recorded = [(name, call) for name, group in trace.tool_calls.items() for call in group]
    else:
        recorded = [(call.name, call) for call in trace.tool_calls if isinstance(call, FlatCall)]
    offsets = [call.start_offset_ms for _, call in recorded]
    if None in offsets:
        timed = sorted((offset, position) for position, offset in enumerate(offsets)
                       if offset is not None)
        order = [position for _, position in timed] + [
            position for position, offset in enumerate(offsets) if offset is None]
    else:  # every call timed (the common case): one stable sort on the offsets
        order = sorted(range(len(offsets)), key=cast(list[float], offsets).__getitem__)
    return [TimedCall(i, name, call.arguments, call.output, call.start_offset_ms, call.desk)
            for i, (name, call) in enumerate(map(recorded.__getitem__, order))]


def project(ci: CompiledIndustry, call: TimedCall) -> dict[str, Any]:
    """Live arguments projected onto the industry schema: harness and undeclared keys dropped,
    empty values dropped."""
    declared = ci.declared.get(call.name, frozenset())
    return {key: value for key, value in call.arguments.items()
            if key in declared and not is_blank(value)}


def _key_reason(rule: KeyRule, live: dict[str, Any]) -> str | None:
    """Why the projected live arguments do not satisfy one locked key (None: they do)."""
    value = live.get(rule.key, _ABSENT)
    if value is _ABSENT:
        return "absent"
    if rule.kind == "fact":
        return None if rule.fact_holds(value) else "not equal after normalisation and aliases"
    if rule.kind == "fuzzy_name":
        if isinstance(value, str) and any(isinstance(alt, str) and names_match(alt, value)
                                          for alt in rule.alternatives):
            return None
        return "a different name under the fuzzy name rule"
    return None  # prose and presence: any non-empty value (blanks were projected away)


def _check_key(rule: KeyRule, live: dict[str, Any]) -> Mismatch | None:
    reason = _key_reason(rule, live)
    if reason is None:
        return None
    return Mismatch(key=rule.key, expected=rule.shown, got=live.get(rule.key), reason=reason)


_ABSENT = object()


def _output_mismatches(expected: ExpectedCallSpec, output: dict[str, Any] | None) -> list[Mismatch]:
    """'If both sides recorded ok or error_code, those have to match.' A null is not a record,
    on either side: a lockfile's {"ok": null} and a live {"ok": null} both compare nothing."""
    if not isinstance(output, dict):
        return []
    out: list[Mismatch] = []
    if expected.ok is not None and output.get("ok") is not None and output["ok"] != expected.ok:
        out.append(Mismatch(key="output.ok", expected=expected.ok, got=output["ok"],
                            reason="output ok differs"))
    if (expected.error_code is not None and output.get("error_code") is not None
            and output["error_code"] != expected.error_code):
        out.append(Mismatch(key="output.error_code", expected=expected.error_code,
                            got=output["error_code"], reason="output error_code differs"))
    return out


def satisfies(expected: ExpectedCallSpec, projected: dict[str, Any],
              output: dict[str, Any] | None) -> bool:
    """Whether ``mismatches`` is empty, without building its explanations (the matching loop)."""
    if ((expected.ok is not None or expected.error_code is not None)
            and _output_mismatches(expected, output)):
        return False
    if not expected.rules or not projected:
        return True
    return all(_key_reason(rule, projected) is None for rule in expected.rules)


def mismatches(expected: ExpectedCallSpec, projected: dict[str, Any],
               output: dict[str, Any] | None) -> list[Mismatch]:
    """Everything that keeps a live call from satisfying an expected call (empty: it hits)."""
    found = _output_mismatches(expected, output)
    if not expected.rules or not projected:  # a name-only hit: no invented requirements
        return found
    for rule in expected.rules:
        miss = _check_key(rule, projected)
        if miss is not None:
            found.append(miss)
    return found


def strict_mismatches(expected: ExpectedCallSpec, projected: dict[str, Any],
                      output: dict[str, Any] | None) -> list[Mismatch]:
    """Like ``mismatches`` without the name-only rule: every locked key must be present and
    match, even when the live call projected to nothing (used beside the gates, never in them)."""
    found = _output_mismatches(expected, output)
    for rule in expected.rules:
        miss = _check_key(rule, projected)
        if miss is not None:
            found.append(miss)
    return found


def tool_gate(compiled: CompiledLock, calls: list[TimedCall]) -> ToolsVerdict:
    """T = (missing is empty) and (forbidden extra is empty); score_T = |hit| / |expected|."""
    ci = compiled.industry
    names = compiled.expected_names
    by_name: dict[str, list[tuple[TimedCall, dict[str, Any]]]] = {}
    for call in calls:
        if call.name in names:
            by_name.setdefault(call.name, []).append((call, project(ci, call)))
    used: set[int] = set()
    hits: list[Hit] = []
    missing: list[Missing] = []
    for expected in compiled.calls:
        candidates = by_name.get(expected.name, ())
        for call, projected in candidates:
            if call.index not in used and satisfies(expected, projected, call.output):
                used.add(call.index)
                hits.append(Hit(expected.index, expected.name, call.index,
                                not expected.rules or not projected))
                break
        else:
            missing.append(_explain_missing(expected, list(candidates), used))
    forbidden = ci.forbidden
    forbidden_extra = [
        ForbiddenExtra(name=call.name, live_index=call.index,
                       reason=f"{call.name} is forbidden unless the lockfile lists it")
        for call in calls
        if call.name in forbidden and call.name not in names
    ] if forbidden else []
    expected_count = len(compiled.calls)
    return ToolsVerdict(not missing and not forbidden_extra,
                        len(hits) / expected_count if expected_count else 1.0,
                        hits, missing, forbidden_extra)


def _explain_missing(expected: ExpectedCallSpec,
                     candidates: list[tuple[TimedCall, dict[str, Any]]],
                     used: set[int]) -> Missing:
    if not candidates:
        return Missing(expected_index=expected.index, name=expected.name,
                       parameters=expected.parameters, reason=f"no live call named {expected.name}")
    scored = [(len(found), call.index in used, call, found)
              for call, projected in candidates
              for found in [mismatches(expected, projected, call.output)]]
    _, already_used, call, found = min(scored, key=lambda s: (s[1], s[0], s[2].index))
    reason = ("every live call of this name was already matched to an earlier expected call"
              if already_used else "no live call of this name satisfies the matcher")
    return Missing(expected_index=expected.index, name=expected.name,
                   parameters=expected.parameters, reason=reason,
                   nearest=NearestCall(live_index=call.index, arguments=dict(call.arguments),
                                       mismatches=found, already_used=already_used))
