"""Handoff gate H (contract: 'The algorithm is a single pointer')."""

from __future__ import annotations

from collections.abc import Sequence

from rewards.compile import CompiledLock
from rewards.models import HandoffKind, HandoffVerdict
from rewards.tool_gate import TimedCall


def hops_of(calls: Sequence[TimedCall], transfer_set: frozenset[str]) -> list[str]:
    """Actual hops: the time-sorted call names kept if they sit in the industry transfer set."""
    return [call.name for call in calls if call.name in transfer_set]


def handoff_gate(compiled: CompiledLock, calls: Sequence[TimedCall]) -> HandoffVerdict:
    """H holds when the expected path is an in-order subsequence of the actual hops."""
    expected = compiled.hops
    actual = hops_of(calls, compiled.industry.hops)
    i = 0
    for hop in actual:
        if i < len(expected) and hop == expected[i]:
            i += 1
    passed = not expected or i == len(expected)
    verdict: HandoffKind = ("exact" if tuple(actual) == expected
                            else "in_order_with_extras" if passed else "incomplete")
    return HandoffVerdict(passed=passed, score=i / len(expected) if expected else 1.0,
                          verdict=verdict, expected=list(expected), actual=actual, consumed=i)
