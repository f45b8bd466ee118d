"""The shape every industry's tool server shares: a per-episode database and tool dispatch.

A tool server subclasses ``ToolServer`` and implements one method ``tool_<name>(**arguments)``
per read/write tool of its ``industry.json``. Arguments arrive already validated and
canonicalised (aliases resolved, phones in E.164, datetimes at minute precision). A method
returns the ``data`` of a successful answer or raises ``ToolError(code, message)``."""

from __future__ import annotations

import importlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from mivas_env.call.arguments import ArgumentChecker, ArgumentError, compile_checkers
from rewards.errors import IndustryError, MivasError
from rewards.industry import Industry, industry_names, load_industry, load_seed, tasks_dir
from rewards.normalize import Normalizer

Row = dict[str, Any]
T = TypeVar("T")


class ToolError(Exception):
    """A business-level refusal: becomes ``{"ok": false, "error_code": code, "message": ...}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# Indexes over tables still as a seed gave them, shared by every database of that seed:
# (memo key, ids of the tables' row lists) -> (those lists, kept alive so no id is reused; value).
# Generated worlds make many seeds, so only the most recently used are kept; a database keeps
# its own values either way.
_SEED_MEMOS: OrderedDict[tuple[Hashable, tuple[int, ...]], tuple[tuple[list[Row], ...], Any]] = \
    OrderedDict()
SEED_MEMO_LIMIT = 128


class Database:
    """A per-episode view of the seed: tables are shared with the seed until first written.

    Reset costs one dict copy; a write copies only the table it touches (copy-on-write), and
    rows are replaced, never mutated in place, so the seed is never changed. Every write bumps
    its table's version; ``memo`` caches what is derived from tables until one of them changes."""

    __slots__ = ("_seed", "_tables", "_owned", "_versions", "_writes", "_memos")

    def __init__(self, seed: dict[str, list[Row]]) -> None:
        self._seed = seed
        self._tables: dict[str, list[Row]] = dict(seed)
        self._owned: set[str] = set()
        self._versions: dict[str, int] = {}
        self._writes = 0  # all tables' writes: a memo checked since the last write is current
        self._memos: dict[Hashable, tuple[int, tuple[int, ...], Any]] = {}

    def version(self, table: str) -> int:
        """How many writes ``table`` has had in this database (0: still the seed's rows)."""
        return self._versions.get(table, 0)

    def memo(self, key: Hashable, tables: Sequence[str], build: Callable[[], T]) -> T:
        """``build()``, an index derived from ``tables`` (and nothing else that changes), computed
        once per state of those tables: a write to any of them makes the next call rebuild.
        While none of them has been written, the value is shared by every database of the
        same seed, so indexes over a seed are built once per process."""
        mine = self._memos.get(key)
        if mine is not None and mine[0] == self._writes:  # no write at all since: current
            value: T = mine[2]
            return value
        stamp = tuple([self._versions.get(table, 0) for table in tables])
        if mine is not None and mine[1] == stamp:
            self._memos[key] = (self._writes, stamp, mine[2])
            value = mine[2]
            return value
        if any(stamp):
            value = build()
        else:
            lists = tuple(self._tables.get(table, _NO_ROWS) for table in tables)
            shared_key = (key, tuple(map(id, lists)))
            shared = _SEED_MEMOS.get(shared_key)
            if shared is None:
                shared = _SEED_MEMOS[shared_key] = (lists, build())
                while len(_SEED_MEMOS) > SEED_MEMO_LIMIT:
                    _SEED_MEMOS.popitem(last=False)
            else:
                _SEED_MEMOS.move_to_end(shared_key)
            value = shared[1]
        self._memos[key] = (self._writes, stamp, value)
        return value

    def copy(self) -> Database:
        """A database that starts from this one's tables as they are now (copy-on-write: a
        write to either copies only the table it touches)."""
        return Database(dict(self._tables))

    def rows(self, table: str) -> list[Row]:
        """Rows of a table, for reading only."""
        return self._tables.get(table, [])

    def _own(self, table: str) -> list[Row]:
        """The table's own row list, about to be written (its version moves on)."""
        if table not in self._owned:
            self._tables[table] = list(self._tables.get(table, []))
            self._owned.add(table)
        self._versions[table] = self._versions.get(table, 0) + 1
        self._writes += 1
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


_NO_ROWS: list[Row] = []  # an absent table (one object, so its id is stable)


class ToolServer:
    """Dispatches validated tool calls to ``tool_<name>`` methods over a ``Database``.

    Without ``industry``, the server serves the industry whose ``industry.json`` names its class
    as ``"server"``; without ``db``, that industry's seed."""

    def __init__(self, db: Database | None = None, industry: Industry | None = None) -> None:
        self.industry = industry or load_industry(industry_of(type(self)))
        self.db = db if db is not None else Database(load_seed(self.industry.industry))
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


def _reference(cls: type[ToolServer]) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def industry_of(cls: type[ToolServer]) -> str:
    """The industry whose ``industry.json`` names ``cls`` as its server."""
    return _industry_of(_reference(cls), tasks_dir())


@cache
def _industry_of(reference: str, folder: Path) -> str:
    for name in industry_names():
        try:
            if load_industry(name).server == reference:
                return name
        except MivasError:
            continue  # a broken industry file is reported when that industry is used
    raise IndustryError(f"no {folder}/*/industry.json names {reference!r} as its server")


@cache
def server_class(industry: str) -> type[ToolServer]:
    """The tool-server class ``tasks/<industry>/industry.json`` names (``"module:Class"``)."""
    ref = load_industry(industry).server
    where = str(tasks_dir() / industry / "industry.json")
    if ref is None:
        raise IndustryError("names no tool server (\"server\": \"module:Class\")", file=where,
                            path=("server",))
    module, _, name = ref.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise IndustryError(f"cannot load the tool server {ref!r}: {exc}", file=where,
                            path=("server",)) from None
    if not (isinstance(cls, type) and issubclass(cls, ToolServer)):
        raise IndustryError(f"{ref!r} is not a ToolServer subclass", file=where, path=("server",))
    return cls
