"""The expected side, compiled once: per industry (parameter and column normalisers, the seed's
normalised tables) and per lockfile (expected calls with normalised values, hops, tables).

Scoring an episode then only normalises the live side, with caches for values that repeat."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from itertools import chain, compress
from operator import itemgetter, ne
from typing import Any, Literal

from rewards.errors import IndustryError, LockfileError
from rewards.industry import Industry, load_industry, load_seed
from rewards.models import Lockfile
from rewards.normalize import (
    KeyKind,
    Normalizer,
    column_normalizer,
    display,
    hashable,
    is_blank,
    key_kind,
    nested_key,
    property_normalizer,
)

ColumnMatch = Literal["eq", "presence", "fuzzy_name"]
# The normalisers live in rewards.normalize (shared with the tool servers); re-exported here.
__all__ = ["KeyKind", "Normalizer", "column_normalizer", "key_kind", "property_normalizer"]


# --- per industry -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ParamSpec:
    kind: KeyKind
    normalize: Normalizer


@dataclass(slots=True)
class TableSpec:
    """A write table's comparison, ready to run. On an exact table every column counts except
    the industry's ignored ones: undeclared columns are compared too (as one extra cell)."""

    name: str
    rule: str
    extra_rows: bool
    columns: tuple[str, ...]
    normalizers: tuple[Normalizer, ...]
    matches: tuple[ColumnMatch, ...]
    wildcard: frozenset[int]  # columns where a blank expected value is unconstrained
    known: frozenset[str] | None = None  # exact tables: declared and ignored columns
    cache: dict[Any, tuple[Any, ...]] = field(default_factory=dict)

    def normalize_row(self, row: Any) -> tuple[Any, ...]:
        """A row as a hashable tuple of normalised compared columns (cached by raw values);
        on an exact table, a last cell holds the undeclared columns (empty when none)."""
        if not isinstance(row, dict):
            return tuple(None for _ in self.columns) + (("not_a_row", hashable(row)),)
        raw = tuple(row.get(column) for column in self.columns)
        normal = self.normalize_raw(raw)
        known = self.known
        if known is None:
            return normal
        if row.keys() <= known:
            return (*normal, ())
        return (*normal, tuple(sorted((str(key), nested_key(value))
                                      for key, value in row.items() if key not in known)))

    def normalize_raw(self, raw: tuple[Any, ...]) -> tuple[Any, ...]:
        try:
            cached = self.cache.get(raw)
        except TypeError:  # unhashable raw values (lists, dicts): normalise without caching
            return tuple(norm(value) for norm, value in zip(self.normalizers, raw, strict=True))
        if cached is None:
            cached = tuple(norm(value) for norm, value in zip(self.normalizers, raw, strict=True))
            if len(self.cache) < 200_000:
                self.cache[raw] = cached
        return cached

    def cell_match(self, i: int) -> ColumnMatch:
        """How cell ``i`` of a normalised row compares (the undeclared-columns cell: equality)."""
        return self.matches[i] if i < len(self.matches) else "eq"

    def as_dict(self, row: tuple[Any, ...]) -> dict[str, Any]:
        shown = {column: display(value)
                 for column, value in zip(self.columns, row, strict=False)}
        if self.known is not None and len(row) > len(self.columns):
            shown.update((key, display(value)) for key, value in row[len(self.columns)])
        return shown


@dataclass(slots=True)
class CompiledIndustry:
    industry: Industry
    params: dict[str, dict[str, ParamSpec]]
    declared: dict[str, frozenset[str]]
    hops: frozenset[str]
    forbidden: frozenset[str]
    tables: dict[str, TableSpec]
    seed_tables: dict[str, ExpectedTable]  # a write table a lockfile does not name stays the seed
    wordy: dict[str, frozenset[str]]  # per tool, its prose and presence parameters
    desks: dict[str, frozenset[str]]  # per tool, the desks it is available at


def compile_industry(industry: Industry, seed: dict[str, list[dict[str, Any]]]) -> CompiledIndustry:
    params = {
        tool_name: {key: ParamSpec(key_kind(key, prop), property_normalizer(industry, key, prop))
                    for key, prop in tool.parameters.properties.items()
                    if key not in industry.harness_keys}
        for tool_name, tool in industry.tools.items()
    }
    tables: dict[str, TableSpec] = {}
    for name, rule in industry.write_tables.items():
        compared = [(column, col) for column, col in rule.columns.items()
                    if column not in rule.ignore_columns and col.match != "ignore"]
        tables[name] = TableSpec(
            name=name, rule=rule.rule, extra_rows=rule.extra_rows,
            columns=tuple(column for column, _ in compared),
            normalizers=tuple(column_normalizer(industry, col) for _, col in compared),
            matches=tuple("presence" if col.match == "presence"
                          else "fuzzy_name" if col.match == "fuzzy_name" else "eq"
                          for _, col in compared),
            wildcard=frozenset(i for i, (_, col) in enumerate(compared)
                               if col.blank_unconstrained or rule.rule == "constrained"),
            known=(frozenset(rule.columns) | frozenset(rule.ignore_columns)
                   if rule.rule == "exact" else None),
        )
    return CompiledIndustry(
        industry=industry, params=params,
        declared={tool: frozenset(spec) for tool, spec in params.items()},
        wordy={tool: frozenset(key for key, p in spec.items() if p.kind in ("prose", "presence"))
               for tool, spec in params.items()},
        desks=_tool_desks(industry),
        hops=industry.hop_set, forbidden=frozenset(industry.forbidden_unless_expected),
        tables=tables,
        seed_tables={name: expected_table(spec, list(seed.get(name, [])))
                     for name, spec in tables.items()})


def _tool_desks(industry: Industry) -> dict[str, frozenset[str]]:
    """Per tool, the desks (nodes) it is available at, transfers included; every tool of the
    industry is listed (one at no desk with an empty set)."""
    desks: dict[str, set[str]] = {name: set() for name in industry.tools}
    for node in industry.nodes:
        for name in industry.tools_at(node):
            if name in desks:
                desks[name].add(node)
    return {name: frozenset(nodes) for name, nodes in desks.items()}


def compiled_industry(name: str, world_seed: int = 0,
                      rows: dict[str, list[dict[str, Any]]] | None = None) -> CompiledIndustry:
    """The shipped industry ``name`` in world ``world_seed`` (0: the shipped seed), with a
    lockfile's added ``rows`` (``world.rows``), compiled once per process (generated worlds:
    the most recently used ones)."""
    if rows:
        return _rows_industry(name, world_seed, json.dumps(rows, sort_keys=True))
    if world_seed == 0:
        return _shipped_industry(name)
    return _world_industry(name, world_seed)


@lru_cache(maxsize=128)
def _rows_industry(name: str, world_seed: int, rows_json: str) -> CompiledIndustry:
    """World ``world_seed`` with added rows: only the tables they touch are compiled again."""
    from rewards.worlds import world_with

    base = compiled_industry(name, world_seed)
    rows: dict[str, list[dict[str, Any]]] = json.loads(rows_json)
    tables = world_with(name, world_seed, rows)
    seed_tables = dict(base.seed_tables)
    for table in rows:
        if table in seed_tables:
            seed_tables[table] = _extended_table(seed_tables[table], list(tables[table]))
    return dataclasses.replace(base, seed_tables=seed_tables)


@cache
def _shipped_industry(name: str) -> CompiledIndustry:
    return compile_industry(load_industry(name), load_seed(name))


@lru_cache(maxsize=128)
def _world_industry(name: str, world_seed: int) -> CompiledIndustry:
    from rewards.worlds import world

    base = _shipped_industry(name)
    tables = world(name, world_seed)
    # Each world's table specs get their own row caches, dropped with the world: generated
    # worlds never repeat their rows, so a shared cache would only grow (to its cap).
    specs = {table: dataclasses.replace(spec, cache={}) for table, spec in base.tables.items()}
    seed_tables = {table: expected_table(specs[table], list(tables.get(table, [])))
                   for table in base.seed_tables}
    return dataclasses.replace(base, tables=specs, seed_tables=seed_tables)


# --- per lockfile -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class KeyRule:
    key: str
    kind: KeyKind
    normalize: Normalizer
    alternatives: tuple[Any, ...]  # expected values (normalised for facts, raw otherwise)
    shown: Any  # the expected value as the lockfile wrote it
    # Fact rules: whether a live scalar satisfies them, by (type, value) (True is not 1);
    # bounded, the same values recur across episodes of one lockfile.
    seen: dict[tuple[type, Any], bool] = field(default_factory=dict, compare=False)

    def fact_holds(self, value: Any) -> bool:
        """Whether a live value equals an expected one after normalisation and aliases."""
        try:
            return self.seen[type(value), value]
        except KeyError:
            held = self.normalize(value) in self.alternatives
            if len(self.seen) < 1024:
                self.seen[type(value), value] = held
            return held
        except TypeError:  # a list or an object: not hashable, normalised every time
            return self.normalize(value) in self.alternatives


@dataclass(frozen=True, slots=True)
class ExpectedCallSpec:
    index: int
    name: str
    parameters: dict[str, Any]
    rules: tuple[KeyRule, ...]
    ok: bool | None
    error_code: str | None


Step = Callable[[Iterable[Any]], Iterable[Any]]


@dataclass(frozen=True, slots=True)
class LeafTypes:
    """Leaves where expected rows hold a bool, a 0 or a 1, by path pattern (a column, then keys
    inside it, every list position a wildcard): Python's ``==`` takes ``true`` for ``1`` there,
    normalising does not, so the fast path compares the types of every leaf on the pattern too,
    fetched for all rows at once by a chain of C-level iterators."""

    steps: tuple[Step, ...]  # row -> leaves on the pattern, one iterator step per path step
    rows: tuple[int, ...]  # the expected rows with a bool-like leaf on the pattern
    types: tuple[tuple[type, ...], ...]  # per such row, the type of each leaf on the pattern
    flat: tuple[type, ...]  # the same, row after row
    position: dict[int, int]  # expected row -> its index in ``rows``
    every: bool  # ``rows`` is every row of the table

    def fetch(self, rows: Iterable[Any]) -> tuple[type, ...]:
        return _leaf_types_along(self.steps, rows)


def _leaf_types_along(steps: tuple[Step, ...], rows: Iterable[Any]) -> tuple[type, ...]:
    """The types of the leaves on a pattern in ``rows``, row after row (LookupError or
    TypeError where a row does not have the pattern's shape)."""
    values: Iterable[Any] = rows
    for step in steps:
        values = step(values)
    return tuple(map(type, values))


@dataclass(frozen=True, slots=True)
class ExpectedTable:
    spec: TableSpec
    rows: tuple[tuple[Any, ...], ...]
    counter: Counter[tuple[Any, ...]]
    strict: bool  # every row compares by plain equality (no wildcard, fuzzy or presence cell)
    plain: tuple[bool, ...]  # per row: only an identical normalised live row satisfies it
    source: list[dict[str, Any]]  # the expected rows as written (seed or lockfile)
    leaf_types: tuple[LeafTypes, ...]
    shortcut: bool  # live rows equal to ``source`` (types too) satisfy it: D passes at once

    def changed(self, rows: list[Any]) -> list[int]:
        """Positions (below both lengths) where the live row may normalise differently from the
        expected row as written; every other live row normalises exactly like its expected row.
        One pass of C-level comparisons, nested values never re-serialised."""
        source = self.source
        n = min(len(rows), len(source))
        changed = list(compress(range(n), map(ne, rows, source)))
        if not self.leaf_types:
            return changed
        confused = self._bool_confused(rows, n, set(changed))
        return sorted({*changed, *confused}) if confused else changed

    def unchanged(self, rows: list[Any]) -> bool:
        """Whether the live rows normalise exactly like the expected rows, in order."""
        if rows != self.source:  # one C-level comparison of the whole table
            return False
        return not self.leaf_types or not self._bool_confused(rows, len(rows), set())

    def _bool_confused(self, rows: list[Any], n: int, unequal: set[int]) -> set[int]:
        """Rows equal (``==``) to their expected row where a bool stands for a number or a
        number for a bool: normalising tells them apart, so they are not unchanged."""
        whole = not unequal and n == len(self.source)
        confused: set[int] = set()
        for leaf in self.leaf_types:
            # Only rows equal to their expected row are checked: they hold the leaf's pattern.
            live: Iterable[Any]
            if whole:
                indexes, want = leaf.rows, leaf.flat
                # Every row of the table holds the pattern: the live rows themselves.
                live = (rows if leaf.every and len(rows) == len(indexes)
                        else map(rows.__getitem__, indexes))
            else:
                indexes = tuple(i for i in leaf.rows if i < n and i not in unequal)
                want = tuple(chain.from_iterable(leaf.types[leaf.position[i]] for i in indexes))
                live = map(rows.__getitem__, indexes)
            try:
                if leaf.fetch(live) == want:
                    continue
            except (LookupError, TypeError):  # values equal to JSON that are not JSON
                pass
            for i in indexes:  # which rows: one at a time
                try:
                    if leaf.fetch((rows[i],)) == leaf.types[leaf.position[i]]:
                        continue
                except (LookupError, TypeError):
                    pass
                confused.add(i)
        return confused


@dataclass(frozen=True, slots=True, eq=False)
class CompiledLock:
    lock: Lockfile
    industry: CompiledIndustry
    calls: tuple[ExpectedCallSpec, ...]
    expected_names: frozenset[str]
    hops: tuple[str, ...]
    tables: dict[str, ExpectedTable]
    counts: tuple[tuple[str, int], ...]  # how many calls of each locked tool, by name


def _alternatives(value: Any) -> tuple[Any, ...] | None:
    if isinstance(value, dict) and set(value) == {"any_of"}:
        options = value["any_of"]
        return tuple(options) if isinstance(options, list) and options else None
    return (value,)


def compile_lock(lock: Lockfile, industry: CompiledIndustry | None = None,
                 *, file: str | None = None) -> CompiledLock:
    """Check a lockfile against its industry and compile its expected side (cached on the model)."""
    if industry is None:
        # Read from the private attributes directly (``lock._compiled`` costs ~2 us through
        # pydantic's __getattr__). A copy of a lockfile carries its original's: check identity.
        private = lock.__pydantic_private__
        cached = private.get("_compiled") if private else None
        if isinstance(cached, CompiledLock) and cached.lock is lock:
            return cached
    if industry is None:
        try:
            ci = compiled_industry(lock.industry, lock.world_seed, lock.world_rows)
        except IndustryError as exc:
            if lock.world_seed == 0:
                raise
            raise LockfileError(exc.message, file=file, path=("world", "seed")) from None
    else:
        ci = industry
    calls: list[ExpectedCallSpec] = []
    for index, call in enumerate(lock.exp_tool_calls):
        where = ("exp_tool_calls", index)
        if call.name not in ci.industry.tools:
            raise LockfileError(f"unknown tool {call.name!r} for industry {lock.industry!r}",
                                file=file, path=(*where, "name"))
        specs = ci.params[call.name]
        rules: list[KeyRule] = []
        for key, value in call.parameters.items():
            spec = specs.get(key)
            if spec is None:
                raise LockfileError(f"{call.name} declares no parameter {key!r} "
                                    f"(declared: {', '.join(sorted(specs)) or 'none'})",
                                    file=file, path=(*where, "parameters", key))
            options = _alternatives(value)
            if options is None:
                raise LockfileError("any_of needs a non-empty list", file=file,
                                    path=(*where, "parameters", key, "any_of"))
            if all(is_blank(option) for option in options):
                if isinstance(value, dict) and value:  # {"any_of": [null]}: a choice of nothing
                    raise LockfileError("any_of alternatives are all blank (null, \"\", {} or "
                                        "[]); drop the key to leave it unconstrained", file=file,
                                        path=(*where, "parameters", key, "any_of"))
                continue  # an empty expected value constrains nothing
            normal = tuple(spec.normalize(o) for o in options) if spec.kind == "fact" else options
            rules.append(KeyRule(key, spec.kind, spec.normalize, normal, value))
        output = call.output
        calls.append(ExpectedCallSpec(
            index=index, name=call.name, parameters=dict(call.parameters), rules=tuple(rules),
            ok=output.ok if output is not None else None,
            error_code=output.error_code if output is not None else None))
    for index, hop in enumerate(lock.exp_handoff_path):
        if hop not in ci.hops:
            raise LockfileError(f"{hop!r} is not in the {lock.industry} transfer set "
                                f"({', '.join(sorted(ci.hops))})", file=file,
                                path=("exp_handoff_path", index))
    expected_tables = _expected_tables(lock, ci, file)
    compiled = CompiledLock(lock=lock, industry=ci, calls=tuple(calls),
                            expected_names=frozenset(c.name for c in calls),
                            hops=tuple(lock.exp_handoff_path), tables=expected_tables,
                            counts=tuple(sorted(Counter(c.name for c in calls).items())))
    if industry is None:
        # Kept on the model itself, so it lives exactly as long as the lockfile: a module-level
        # cache whose value refers back to the lockfile would keep every lockfile alive.
        lock._compiled = compiled
    return compiled


def _expected_tables(lock: Lockfile, ci: CompiledIndustry,
                     file: str | None) -> dict[str, ExpectedTable]:
    state = lock.exp_db_state
    named = {} if state == "seed" else state
    assert isinstance(named, dict)
    for table in named:
        if table not in ci.tables:
            raise LockfileError(f"{table!r} is not a write table of {lock.industry} "
                                f"({', '.join(ci.tables)})", file=file,
                                path=("exp_db_state", table))
    for name, rows in named.items():
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise LockfileError("a row must be an object", file=file,
                                    path=("exp_db_state", name, i))
    return {name: expected_table(ci.tables[name], named[name]) if name in named else seed_table
            for name, seed_table in ci.seed_tables.items()}


def expected_table(spec: TableSpec, source: list[dict[str, Any]]) -> ExpectedTable:
    """The expected rows of one write table, normalised once."""
    rows = tuple(spec.normalize_row(row) for row in source)
    all_eq = all(m == "eq" for m in spec.matches)
    plain = tuple(all_eq and not any(row[i] is None for i in spec.wildcard) for row in rows)
    strict = all(plain)
    from rewards.db_gate import row_satisfies  # the D gate's own rule (it imports this module)

    # Live rows equal to the rows as written pass at once when each row satisfies itself (on
    # an exact table a blank fuzzy-name cell that is not a wildcard satisfies nothing).
    shortcut = strict or spec.rule != "exact" or all(
        row_satisfies(spec, row, row) for row, alone in zip(rows, plain, strict=True)
        if not alone)
    return ExpectedTable(spec=spec, rows=rows, counter=Counter(rows), strict=strict,
                         plain=plain, source=source, leaf_types=_leaf_types(spec, source),
                         shortcut=shortcut)


def _extended_table(base: ExpectedTable, source: list[dict[str, Any]]) -> ExpectedTable:
    """``expected_table(base.spec, source)`` for a ``source`` that starts with ``base.source``'s
    rows (a world with added rows): the rows ``base`` normalised already are reused."""
    spec = base.spec
    new = tuple(spec.normalize_row(row) for row in source[len(base.source):])
    rows = base.rows + new
    all_eq = all(m == "eq" for m in spec.matches)
    plain = base.plain + tuple(all_eq and not any(row[i] is None for i in spec.wildcard)
                               for row in new)
    strict = all(plain)
    from rewards.db_gate import row_satisfies

    shortcut = strict or spec.rule != "exact" or all(
        row_satisfies(spec, row, row) for row, alone in zip(rows, plain, strict=True)
        if not alone)
    return ExpectedTable(spec=spec, rows=rows, counter=base.counter + Counter(new),
                         strict=strict, plain=plain, source=source,
                         leaf_types=_extended_leaf_types(spec, base.source, source),
                         shortcut=shortcut)


def _leaf_found(spec: TableSpec, source: list[dict[str, Any]], start: int = 0,
                found: dict[tuple[Any, ...], set[int]] | None = None
                ) -> dict[tuple[Any, ...], set[int]]:
    """Per path pattern, the rows (from ``start``) holding a leaf ``==`` confuses with a bool,
    added to ``found`` (patterns in the order the rows first hold them)."""
    compared = set(spec.columns)
    found = {} if found is None else found

    def walk(value: Any, pattern: tuple[Any, ...], row: int) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*pattern, ("key", key)), row)
        elif isinstance(value, list):
            for item in value:
                walk(item, (*pattern, ("each",)), row)
        elif isinstance(value, (bool, int, float)) and value in (0, 1):
            found.setdefault(pattern, set()).add(row)

    for index in range(start, len(source)):
        for column, value in source[index].items():
            # Ignored columns never count; on exact tables undeclared ones do.
            if column in compared or (spec.known is not None and column not in spec.known):
                walk(value, (("key", column),), index)
    return found


# A world's seed table source -> (that list, kept alive so no id is reused; its _leaf_found):
# a world with added rows walks only those (rewards.worlds.world_with).
_FOUND: OrderedDict[int, tuple[list[dict[str, Any]], dict[tuple[Any, ...], set[int]]]] = \
    OrderedDict()


def _extended_leaf_types(spec: TableSpec, base: list[dict[str, Any]],
                         source: list[dict[str, Any]]) -> tuple[LeafTypes, ...]:
    """``_leaf_types(spec, source)`` for a ``source`` that starts with ``base``'s rows."""
    cached = _FOUND.get(id(base))
    if cached is None or cached[0] is not base:
        cached = _FOUND[id(base)] = (base, _leaf_found(spec, base))
        while len(_FOUND) > 128:
            _FOUND.popitem(last=False)
    found = {pattern: set(rows) for pattern, rows in cached[1].items()}
    return _leaf_types(spec, source, _leaf_found(spec, source, len(base), found))


def _leaf_types(spec: TableSpec, source: list[dict[str, Any]],
                found: dict[tuple[Any, ...], set[int]] | None = None) -> tuple[LeafTypes, ...]:
    """Where the expected rows hold leaves ``==`` confuses with a bool, by path pattern
    (``found``: ``_leaf_found(spec, source)`` when already known)."""
    if found is None:
        found = _leaf_found(spec, source)
    leaves = []
    for pattern, holding in found.items():
        steps = tuple(_step(part) for part in pattern)
        every: list[tuple[type, ...]] | None = None
        if len(holding) * 4 >= len(source) * 3:  # most rows: fetch the table itself
            try:
                every = [_leaf_types_along(steps, (row,)) for row in source]
            except (LookupError, TypeError):
                every = None
        if every is not None:
            rows, types = list(range(len(source))), every
        else:
            rows, types = [], []
            for i in sorted(holding):
                try:
                    types.append(_leaf_types_along(steps, (source[i],)))
                except (LookupError, TypeError):  # mixed shapes: checked by normalising
                    types.append((_MIXED,))
                rows.append(i)
        leaves.append(LeafTypes(steps, tuple(rows), tuple(types),
                                tuple(chain.from_iterable(types)),
                                {i: k for k, i in enumerate(rows)}, every is not None))
    return tuple(leaves)


class _MIXED:
    """The type no fetched leaf has: a row whose pattern is not fetchable is always checked."""


def _step(part: tuple[Any, ...]) -> Step:
    if part[0] == "each":
        return chain.from_iterable
    return partial(map, itemgetter(part[1]))
