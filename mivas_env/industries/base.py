"""The shape every industry's tool server shares: a per-episode database and tool dispatch.

A tool server subclasses ``ToolServer`` and implements one method ``tool_<name>(**arguments)``
per read/write tool of its ``industry.json``. Arguments arrive already validated and
canonicalised (aliases resolved, phones in E.164, datetimes at minute precision). A method
returns the ``data`` of a successful answer or raises ``ToolError(code, message)``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from mivas_env.arguments import ArgumentChecker, ArgumentError, compile_checkers
from rewards.industry import Industry, load_industry, load_seed
from rewards.normalize import Normalizer

Row = dict[str, Any]


class ToolError(Exception):
    """A business-level refusal: becomes ``{"ok": false, "error_code": code, "message": ...}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Database:
    """A per-episode view of the seed: tables are shared with the seed until first written.

    Reset costs one dict copy; a write copies only the table it touches (copy-on-write), and
    rows are replaced, never mutated in place, so the seed is never changed."""

    __slots__ = ("_seed", "_tables", "_owned")

    def __init__(self, seed: dict[str, list[Row]]) -> None:
        self._seed = seed
        self._tables: dict[str, list[Row]] = dict(seed)
        self._owned: set[str] = set()

    def rows(self, table: str) -> list[Row]:
        """Rows of a table, for reading only."""
        return self._tables.get(table, [])

    def _own(self, table: str) -> list[Row]:
        if table not in self._owned:
            self._tables[table] = list(self._tables.get(table, []))
            self._owned.add(table)
        return self._tables[table]

    def insert(self, table: str, row: Row) -> Row:
        self._own(table).append(row)
        return row

    def update(self, table: str, index: int, **changes: Any) -> Row:
        """Replace row ``index`` of ``table`` by a copy with ``changes`` applied."""
        rows = self._own(table)
        rows[index] = {**rows[index], **changes}
        return rows[index]

    def find(self, table: str, **where: Any) -> Iterator[tuple[int, Row]]:
        """(index, row) pairs whose columns equal ``where``."""
        for index, row in enumerate(self._tables.get(table, [])):
            if all(row.get(key) == value for key, value in where.items()):
                yield index, row

    def first(self, table: str, **where: Any) -> tuple[int, Row] | None:
        return next(self.find(table, **where), None)

    def next_id(self, table: str, column: str, prefix: str, width: int = 4) -> str:
        """The next sequential id ``<prefix><n>`` for a table (deterministic across episodes)."""
        highest = 0
        for row in self._tables.get(table, []):
            value = str(row.get(column, ""))
            if value.startswith(prefix) and value[len(prefix):].isdigit():
                highest = max(highest, int(value[len(prefix):]))
        return f"{prefix}{highest + 1:0{width}d}"

    def dump(self, tables: list[str]) -> dict[str, list[Row]]:
        """The hangup dump: the named tables as lists of row copies."""
        return {table: [dict(row) for row in self._tables.get(table, [])] for table in tables}


class ToolServer:
    """Dispatches validated tool calls to ``tool_<name>`` methods over a ``Database``."""

    industry_name: ClassVar[str]

    def __init__(self, db: Database | None = None, industry: Industry | None = None) -> None:
        self.industry = industry or load_industry(self.industry_name)
        self.db = db if db is not None else Database(load_seed(self.industry_name))
        self._checkers: dict[str, ArgumentChecker] = _checkers_for(self.industry)

    @property
    def today(self) -> str:
        return self.industry.business.today

    def call(self, name: str, arguments: Any) -> dict[str, Any]:
        """Run one tool call; never raises. Session tools (transfers, end_call) are the runtime's."""
        tool = self.industry.tools.get(name)
        if tool is None or tool.access == "session":
            return {"ok": False, "error_code": "unknown_tool",
                    "message": f"no tool named {str(name)[:64]!r} on this server"}
        try:
            clean = self._checkers[name](arguments)
        except ArgumentError as exc:
            return {"ok": False, "error_code": "invalid_argument", "message": str(exc)}
        handler = getattr(self, f"tool_{name}")
        try:
            data = handler(**clean)
        except ToolError as exc:
            return {"ok": False, "error_code": exc.code, "message": exc.message}
        except Exception as exc:  # a bug in a tool must not end the episode
            return {"ok": False, "error_code": "internal_error",
                    "message": f"{type(exc).__name__} in {name}"}
        return {"ok": True, "data": data}

    def call_session(self, name: str, arguments: Any) -> dict[str, Any]:
        """Check a session tool's arguments (transfers, end_call); the runtime acts on it."""
        try:
            self._checkers[name](arguments)
        except ArgumentError as exc:
            return {"ok": False, "error_code": "invalid_argument", "message": str(exc)}
        return {"ok": True}

    def key(self, tool: str, parameter: str) -> Normalizer:
        """The grader's normaliser for ``tool``'s ``parameter``: a lookup by name compares the
        caller's spelling and the stored one with it, so a value the server finds is a value
        the tool gate accepts (contract: 'a call the environment honored cannot be scored as
        missing')."""
        return self._checkers[tool].keys[parameter]

    def check_arguments(self, name: str, arguments: Any) -> dict[str, Any]:
        """Validated, canonicalised arguments (raises ``ArgumentError``)."""
        return self._checkers[name](arguments)


# id -> (industry, checkers): holding the industry keeps its id from being reused.
_CHECKER_CACHE: dict[int, tuple[Industry, dict[str, ArgumentChecker]]] = {}


def _checkers_for(industry: Industry) -> dict[str, ArgumentChecker]:
    entry = _CHECKER_CACHE.get(id(industry))
    if entry is None:
        entry = _CHECKER_CACHE[id(industry)] = (industry, compile_checkers(industry))
    return entry[1]
