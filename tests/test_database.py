"""Database: copy-on-write over the seed, per-table versions, and one memo helper whose values
always equal a fresh build (no hand-kept invalidation anywhere)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.industries import Database

SEED: dict[str, list[dict[str, Any]]] = {
    "items": [{"id": i, "n": i * 10} for i in range(4)],
    "other": [{"id": 0}],
}


def total(db: Database, builds: list[int]) -> int:
    def build() -> int:
        builds.append(1)
        return sum(row["n"] for row in db.rows("items"))
    return db.memo("total", ("items",), build)


def test_writes_bump_only_their_tables_version_and_never_touch_the_seed() -> None:
    db = Database(SEED)
    assert db.version("items") == db.version("other") == 0
    db.insert("items", {"id": 9, "n": 1})
    db.update("items", 0, n=5)
    assert db.version("items") == 2 and db.version("other") == 0
    assert len(SEED["items"]) == 4 and SEED["items"][0]["n"] == 0


def test_a_memo_over_unwritten_tables_is_built_once_for_every_database_of_the_seed() -> None:
    builds: list[int] = []
    seed = {"items": list(SEED["items"])}
    first, second = Database(seed), Database(seed)
    assert total(first, builds) == total(second, builds) == total(first, builds) == 60
    assert len(builds) == 1


def test_a_write_rebuilds_that_databases_memo_only() -> None:
    builds: list[int] = []
    seed = {"items": list(SEED["items"])}
    written, untouched = Database(seed), Database(seed)
    assert total(written, builds) == 60
    written.update("items", 1, n=0)
    assert total(written, builds) == 50 and total(untouched, builds) == 60
    assert total(written, builds) == 50 and len(builds) == 2
    other_table = Database(seed)
    other_table.insert("other", {"id": 1})  # a table the memo does not read
    assert total(other_table, builds) == 60 and len(builds) == 2


writes = st.lists(st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(["insert", "update"]),
                            st.integers(0, 3), st.integers(-5, 5)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(writes)
def test_a_memo_always_equals_a_fresh_build(plan: list[tuple[str, str, int, int]]) -> None:
    seed = {"items": [dict(row) for row in SEED["items"]]}
    dbs = {"a": Database(seed), "b": Database(seed)}
    for name, op, index, value in plan:
        db = dbs[name]
        if op == "insert":
            db.insert("items", {"id": 100 + index, "n": value})
        else:
            db.update("items", index, n=value)
        for each in dbs.values():
            assert total(each, []) == sum(row["n"] for row in each.rows("items"))
