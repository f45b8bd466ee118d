"""Database gate D (contract: 'We keep the industry write tables ...'): evaluated only when the
trace carries a hangup dump."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rewards.compile import CompiledLock, ExpectedTable, TableSpec
from rewards.models import DbVerdict, TableVerdict, check_rows
from rewards.names import names_match
from rewards.normalize import canonical_json

Row = tuple[Any, ...]


def db_gate(compiled: CompiledLock, dump: dict[str, list[dict[str, Any]]] | None) -> DbVerdict:
    """Compare every write table of the dump with the locked state (catalog tables ignored)."""
    if dump is None:
        return DbVerdict(evaluated=False, passed=True, tables={})
    tables: dict[str, TableVerdict] = {}
    passed = True
    for name, expected in compiled.tables.items():
        rows = dump.get(name)
        if not isinstance(rows, list):
            rows = []
        # The common case first: the rows as the lockfile (or seed) wrote them, in order,
        # where each of those rows satisfies itself (ExpectedTable.shortcut).
        verdict = (TableVerdict(True, expected.spec.rule, [], [])
                   if expected.shortcut and expected.unchanged(rows) else _compare(expected, rows))
        tables[name] = verdict
        passed = passed and verdict.passed
    return DbVerdict(evaluated=True, passed=passed, tables=tables)


def _compare(expected: ExpectedTable, rows: list[Any]) -> TableVerdict:
    """A table that differs from the expected rows as written (somewhere, or only in the type
    of a bool-like leaf): normalise what differs and match."""
    spec = expected.spec
    if spec.rule == "exact":
        # A live row equal to the expected row at the same position normalises identically
        # and satisfies it (for rows only an identical row satisfies): pair those without
        # normalising, and compare the rest. Dumps keep table order, so the rest is the change.
        source, plain = expected.source, expected.plain
        n = min(len(rows), len(source))
        rest = expected.changed(rows)
        if not expected.strict:
            rest = sorted({*rest, *(i for i in range(n) if not plain[i])})
        if not rest and len(rows) == len(source):
            return _verdict(expected, [], [])
        want = [expected.rows[i] for i in (*rest, *range(n, len(source)))]
        positions = (*rest, *range(n, len(rows)))
        differ = [rows[i] for i in positions]
        # Bad input, never a row to score (verify leaves this check to D): a row equal to
        # its expected row is an object; the others are checked here.
        check_rows(spec.name, differ, positions)
        return _match(expected, want, list(map(spec.normalize_row, differ)))
    check_rows(spec.name, rows)
    live = [spec.normalize_row(row) for row in rows]
    if spec.rule == "subset_or_empty":
        if not expected.rows:
            return _verdict(expected, [], live)
        absent = expected.counter - Counter(live)
        return _verdict(expected, list(absent.elements()), [])
    return _match(expected, list(expected.rows), live)


def _match(expected: ExpectedTable, want: list[Row], live: list[Row]) -> TableVerdict:
    spec = expected.spec
    if expected.strict:
        want_counter, live_counter = Counter(want), Counter(live)
        if dict.__eq__(live_counter, want_counter):
            return _verdict(expected, [], [])
        missing = list((want_counter - live_counter).elements())
        extra = list((live_counter - want_counter).elements())
        return _verdict(expected, missing, [] if spec.extra_rows else extra)
    unmatched, unclaimed = _match_constrained(spec, want, live)
    return _verdict(expected, unmatched, [] if spec.extra_rows else unclaimed)


def _verdict(expected: ExpectedTable, missing: list[Row], extra: list[Row]) -> TableVerdict:
    spec = expected.spec
    # Listed in canonical order, so the dump's row order never shows in a verdict.
    return TableVerdict(
        passed=not missing and not extra, rule=spec.rule,
        missing_rows=sorted((spec.as_dict(row) for row in missing), key=canonical_json),
        extra_rows=sorted((spec.as_dict(row) for row in extra), key=canonical_json))


def row_satisfies(spec: TableSpec, want: Row, got: Row) -> bool:
    """Whether a normalised live row satisfies a normalised expected row (blanks in wildcard
    columns are unconstrained; fuzzy-name columns use the fuzzy name rule)."""
    for i, (w, g) in enumerate(zip(want, got, strict=True)):
        if w is None and i in spec.wildcard:
            continue
        match = spec.cell_match(i)
        if match == "fuzzy_name":
            if not (isinstance(w, str) and isinstance(g, str) and names_match(w, g)):
                return False
        elif w != g:
            return False
    return True


def unmatched_rows(spec: TableSpec, want: list[Row], live: list[Row]) -> tuple[list[Row], list[Row]]:
    """(expected rows no live row satisfies, live rows no expected row claims) under a maximum
    one-to-one matching, whatever the table allows (normalised rows on both sides): the
    efficiency judge's view of extra rows."""
    return _match_constrained(spec, want, live)


def _match_constrained(spec: TableSpec, want: list[Row],
                       live: list[Row]) -> tuple[list[Row], list[Row]]:
    """A maximum one-to-one matching of expected rows to live rows (Kuhn's augmenting paths),
    after pairing rows that can only be satisfied by an identical live row."""
    pool = Counter(live)
    loose: list[Row] = []
    for row in want:
        identical_only = all(m == "eq" for m in spec.matches) and not any(
            row[i] is None for i in spec.wildcard)
        if identical_only and pool[row] > 0:
            pool[row] -= 1
        else:
            loose.append(row)
    remaining = list(pool.elements())
    candidates = [[j for j, got in enumerate(remaining) if row_satisfies(spec, want, got)]
                  for want in loose]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    missing = [row for i, row in enumerate(loose) if not augment(i, set())]
    extra = [got for j, got in enumerate(remaining) if j not in owner]
    return missing, extra
