"""Dates and times of day as the tool servers and the world builders read them: one helper
each, so schedules are parsed and compared the same way everywhere."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import lru_cache
from typing import TypeVar

Instant = TypeVar("Instant", int, str)  # minutes after midnight, or ISO text of one width


def minutes(hhmm: str) -> int:
    """Minutes after midnight of a time of day ``"HH:MM"`` (anything after the minutes is
    ignored: ``"09:30:00"`` is 570)."""
    return int(hhmm[:2]) * 60 + int(hhmm[3:5])


@lru_cache(maxsize=65536)  # bounded: values may come from untrusted arguments
def day(iso: str) -> date:
    """The date of an ISO ``YYYY-MM-DD`` string (cached: the same dates recur in every call)."""
    return date.fromisoformat(iso)


def ordinal_day(n: int) -> str:
    """A day of the month as people write it: 1st, 2nd, 3rd, 11th, 22nd."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def overlaps(start: Instant, end: Instant, spans: Iterable[tuple[Instant, Instant]]) -> bool:
    """Whether the half-open interval [start, end) meets any [s, e) of ``spans``."""
    return any(s < end and start < e for s, e in spans)
