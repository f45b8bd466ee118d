"""Hard limits on untrusted input, each configurable and each failing with a named error
(``LimitExceededError``), never a MemoryError or RecursionError.

Set them with environment variables (``MIVAS_MAX_CALLS=100000``) or ``set_limits(...)``."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any

from rewards.errors import LimitExceededError


@dataclass(frozen=True)
class Limits:
    max_file_bytes: int = 64 * 1024 * 1024  # a lockfile or trace file
    max_calls: int = 100_000  # recorded calls in one trace
    max_argument_chars: int = 262_144  # one call's arguments (or output), as JSON text
    max_json_depth: int = 64  # nesting of any JSON value
    max_dump_rows: int = 2_000_000  # rows in a hangup dump, all tables

    @classmethod
    def from_env(cls) -> Limits:
        values = {}
        for f in fields(cls):
            raw = os.environ.get(f"MIVAS_{f.name.upper()}")
            if raw is not None:
                try:
                    values[f.name] = int(raw)
                except ValueError:
                    raise LimitExceededError(f"MIVAS_{f.name.upper()} must be an integer, "
                                             f"got {raw!r}") from None
        return cls(**values)


_current = Limits.from_env()


def limits() -> Limits:
    """The limits in force."""
    return _current


def set_limits(**changes: int) -> Limits:
    """Change some limits for this process; returns the previous ones (to restore them)."""
    global _current
    previous = _current
    _current = replace(_current, **changes)
    return previous


def restore_limits(previous: Limits) -> None:
    global _current
    _current = previous


_SCALARS = (str, int, float, bool, type(None))


def check_value(value: Any, what: str) -> None:
    """Depth and size of one JSON value within limits (fast when it is flat)."""
    current = _current
    if isinstance(value, dict):  # the common case: a flat object of scalars
        size = 0
        for item in value.values():
            if type(item) is str:
                size += len(item)
            elif not isinstance(item, _SCALARS):
                break
        else:
            if size > current.max_argument_chars:
                raise LimitExceededError(f"{what} is larger than {current.max_argument_chars} "
                                         f"characters (MIVAS_MAX_ARGUMENT_CHARS)")
            return
    size = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > current.max_json_depth:
            raise LimitExceededError(f"{what} is nested deeper than {current.max_json_depth} "
                                     f"levels (MIVAS_MAX_JSON_DEPTH)")
        if isinstance(item, dict):
            size += sum(len(str(k)) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str):
            size += len(item)
        if size > current.max_argument_chars:
            raise LimitExceededError(f"{what} is larger than {current.max_argument_chars} "
                                     f"characters (MIVAS_MAX_ARGUMENT_CHARS)")


def json_depth_ok(value: Any, limit: int) -> bool:
    """Whether a parsed JSON document nests no deeper than ``limit`` (iterative)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
    return True
