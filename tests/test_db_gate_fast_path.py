"""The D gate's fast path (live rows equal to the expected rows as written skip normalising)
gives exactly the verdict of normalising every row, whatever the mutation."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewards import load_seed
from rewards.compile import CompiledLock, ExpectedTable, compile_lock
from rewards.db_gate import db_gate
from rewards.verify import load_lockfile
from tests.helpers import lock, seed_dump

INDUSTRIES = ["customer_support", "healthcare", "legal"]


def _shipped_lock(industry: str, index: int) -> CompiledLock:
    from mivas_env.call.tasks import load_tasks

    tasks = load_tasks(industry)
    return tasks[index % len(tasks)].compiled


def _every_row_normalised(compiled: CompiledLock) -> CompiledLock:
    """The same expected side with no raw rows to compare against: every live row normalised."""
    def plain(table: ExpectedTable) -> ExpectedTable:
        return dataclasses.replace(table, source=[None] * len(table.source), leaf_types=())

    return dataclasses.replace(compiled, tables={name: plain(table)
                                                 for name, table in compiled.tables.items()})


# Values Python's == confuses with JSON numbers, strings the contract folds, and plain changes.
REPLACEMENTS = st.sampled_from([True, False, 0, 1, 1.0, 0.0, -0.0, None, "", " x ", "X", 2,
                                [], {}, [1], {"a": True}])


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [path] + [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [path] + [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _set(row: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target: Any = row
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _refold(value: Any) -> Any:
    """A spelling the contract folds away: case and surrounding spaces, nested too."""
    if isinstance(value, str):
        return f"  {value.upper()} "
    if isinstance(value, dict):
        return {k: _refold(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_refold(v) for v in value]
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return float(value)


def _mutate(dump: dict[str, list[dict[str, Any]]], rng: random.Random,
            replacement: Any) -> None:
    table = rng.choice([name for name, rows in dump.items() if rows] or list(dump))
    rows = dump[table]
    if not rows:
        rows.append({"status": replacement})
        return
    i = rng.randrange(len(rows))
    row = rows[i]
    if not row:
        row["status"] = replacement
        return
    action = rng.randrange(7)
    if action == 0:  # a leaf (or a nested container) replaced
        path = rng.choice([p for p in _leaves(row) if p])
        _set(row, path, replacement)
    elif action == 1:  # refolded: equal after normalising, different as written
        key = rng.choice(list(row))
        row[key] = _refold(row[key])
    elif action == 2:  # an undeclared column, or one dropped
        if rng.random() < 0.5:
            row["source"] = replacement
        else:
            row.pop(rng.choice(list(row)))
    elif action == 3:
        rows.pop(i)
    elif action == 4:
        rows.append(copy.deepcopy(row))
    elif action == 5:
        j = rng.randrange(len(rows))
        rows[i], rows[j] = rows[j], rows[i]
    else:  # keys in another order: equal dicts, same verdict
        rows[i] = dict(reversed(list(row.items())))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(INDUSTRIES), st.integers(0, 40), st.booleans(),
       st.randoms(use_true_random=False), st.lists(REPLACEMENTS, min_size=1, max_size=4))
def test_the_fast_path_and_normalising_every_row_give_the_same_d_verdict(
        industry: str, task: int, shipped: bool, rng: random.Random,
        replacements: list[Any]) -> None:
    compiled = (_shipped_lock(industry, task) if shipped
                else compile_lock(load_lockfile(lock(industry))))
    dump = seed_dump(industry)
    if shipped:  # start from the locked state, so most rows take the fast path
        for name, expected in compiled.tables.items():
            dump[name] = copy.deepcopy(expected.source)
    for replacement in replacements:
        _mutate(dump, rng, copy.deepcopy(replacement))
    assert db_gate(compiled, dump) == db_gate(_every_row_normalised(compiled), dump)


def test_true_in_a_dump_is_not_the_locked_1_even_when_the_row_is_otherwise_identical() -> None:
    compiled = compile_lock(load_lockfile(lock("customer_support")))
    dump = seed_dump("customer_support")
    row = next(r for r in dump["orders"] if r["items"][0]["qty"] == 1)
    assert db_gate(compiled, dump).passed
    row["items"][0]["qty"] = True
    verdict = db_gate(compiled, dump)
    assert not verdict.passed
    assert verdict.tables["orders"].extra_rows[0]["items"][0]["qty"] is True


def test_a_world_equal_to_the_seed_except_for_a_bool_is_not_the_seed() -> None:
    seed = load_seed("customer_support")["orders"]
    expected = compile_lock(load_lockfile(lock("customer_support"))).tables["orders"]
    rows = copy.deepcopy(seed)
    assert expected.unchanged(rows)
    rows[0]["paid_cents"] = rows[0]["paid_cents"] if rows[0]["paid_cents"] not in (0, 1) else True
    next(r for r in rows if r["items"][0]["qty"] == 1)["items"][0]["qty"] = True
    assert not expected.unchanged(rows)
