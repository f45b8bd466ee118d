"""Auxiliary judges, reported beside the verdict and never inside it (contract: 'Spoken-policy
misses stay on auxiliary judges and do not enter combined pass'). r_eval stays T and H and D.

Every judge here is pure: it reads the compiled lockfile, the recorded calls, the hangup dump
and (when the trace carries it) what the agent said, and explains each failure in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rewards.compile import CompiledLock
from rewards.tool_gate import LiveCall, project, strict_mismatches


def locked_matches(compiled: CompiledLock, name: str, arguments: Any,
                   output: Mapping[str, Any] | None) -> frozenset[int]:
    """Indices of the locked calls named ``name`` that this call satisfies with every locked
    argument present and equal under the grader's own matcher (no name-only shortcut)."""
    if name not in compiled.expected_names:
        return frozenset()
    args = arguments if isinstance(arguments, dict) else {}
    out = dict(output) if isinstance(output, Mapping) else None
    projected = project(compiled.industry, LiveCall(0, name, args, out, None))
    return frozenset(expected.index for expected in compiled.calls
                     if expected.name == name
                     and not strict_mismatches(expected, projected, out))
