"""One error family for every bad input: each error names the file and the JSON path."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def format_path(path: Iterable[Any]) -> str:
    """Render a location such as ``("exp_tool_calls", 1, "name")`` as ``$.exp_tool_calls[1].name``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


class MivasError(Exception):
    """Base of every error MIVAS raises on bad input; printable as one line."""

    def __init__(self, message: str, *, file: str | None = None, path: Sequence[Any] = ()) -> None:
        self.message = message
        self.file = file
        self.path = tuple(path)
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """``file at $.path: message``; the parts that are not known are left out."""
        where = " at ".join(part for part in (self.file, format_path(self.path) if self.path
                                              else None) if part)
        return f"{where}: {self.message}" if where else self.message

    def with_file(self, file: str) -> MivasError:
        """The same error, attributed to ``file`` when no file was known yet."""
        if self.file is None:
            self.file = file
            self.args = (self.one_line(),)
        return self


class InputFormatError(MivasError):
    """A document is not valid JSON or does not have the declared shape."""


class LockfileError(MivasError):
    """A lockfile is inconsistent with its industry (unknown tool, parameter, hop or table)."""


class TraceError(MivasError):
    """A trace cannot be scored (bad call shape, unknown table)."""


class IndustryError(MivasError):
    """An industry definition is missing or inconsistent."""


class TaskNotFoundError(MivasError):
    """A task id or industry name does not resolve to a shipped file."""


class LimitExceededError(MivasError):
    """An input is larger or deeper than the configured limit allows."""
