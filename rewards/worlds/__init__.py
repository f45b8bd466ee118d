"""Seeded worlds: an industry's business database built from a seed (generated tasks).

World 0 is the shipped ``tasks/<industry>/seed.json``. Any other seed belongs to one split
(``SPLIT_SEEDS``) and is built by ``rewards/worlds/<industry>.py: build(seed, names)`` from that
split's name pool, so train, test and bench worlds share no person, party or company name. A
lockfile names its world with ``"world": {"seed": 17}``; the verifier rebuilds the same world.

Worlds are cached per process; callers must copy rows before changing them."""

from __future__ import annotations

import importlib
import json
from collections import OrderedDict
from threading import Lock
from typing import Any, Protocol, cast

from rewards.errors import IndustryError
from rewards.industry import check_industry_name, industry_names, load_industry, load_seed
from rewards.worlds.names import NamePool, pool

Tables = dict[str, list[dict[str, Any]]]

SPLITS = ("train", "test", "bench")
SPLIT_SEEDS = {"train": range(1, 1_000_000), "test": range(1_000_000, 2_000_000),
               "bench": range(2_000_000, 3_000_000)}
WORLD_SEEDS = range(0, 3_000_000)  # 0 is the shipped seed, the rest split by SPLIT_SEEDS
CACHE_SIZE = 128  # built worlds kept per process (least recently used ones are dropped)


class Builder(Protocol):
    def __call__(self, seed: int, names: NamePool) -> Tables: ...


def split_of(seed: int) -> str | None:
    """The split a world seed belongs to (None for 0, the shipped seed)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in WORLD_SEEDS:
        raise ValueError(f"a world seed is an integer in [0, {WORLD_SEEDS.stop}), got {seed!r}")
    if seed == 0:
        return None
    return next(split for split, seeds in SPLIT_SEEDS.items() if seed in seeds)


def builder(industry: str) -> Builder | None:
    """``rewards/worlds/<industry>.py: build`` or None when the industry has no generator."""
    check_industry_name(industry)
    try:
        module = importlib.import_module(f"rewards.worlds.{industry}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rewards.worlds.{industry}":
            return None
        raise
    return cast(Builder, module.build)


def generated_industries() -> tuple[str, ...]:
    """Industries whose worlds can be generated (a ``rewards/worlds/<industry>.py`` exists)."""
    return tuple(name for name in industry_names() if builder(name) is not None)


_CACHE: OrderedDict[tuple[str, int], Tables] = OrderedDict()
_LOCK = Lock()


def world(industry: str, seed: int) -> Tables:
    """The tables of world ``seed`` of ``industry`` (cached; do not mutate the rows)."""
    split_of(seed)  # validates the seed
    if seed == 0:
        return load_seed(industry)
    key = (industry, seed)
    with _LOCK:
        tables = _CACHE.get(key)
        if tables is not None:
            _CACHE.move_to_end(key)
            return tables
    tables = _build(industry, seed)
    with _LOCK:
        _CACHE[key] = tables
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return tables


_WITH_ROWS: OrderedDict[tuple[str, int, str], Tables] = OrderedDict()


def world_with(industry: str, seed: int, rows: dict[str, list[dict[str, Any]]] | None) -> Tables:
    """World ``seed`` with a lockfile's added rows (``world.rows``) after each table's own:
    the tables it names are new lists, the rest are the world's (cached like worlds)."""
    tables = world(industry, seed)
    if not rows:
        return tables
    key = (industry, seed, json.dumps(rows, sort_keys=True))
    with _LOCK:
        found = _WITH_ROWS.get(key)
        if found is not None:
            _WITH_ROWS.move_to_end(key)
            return found
    unknown = sorted(set(rows) - set(tables))
    if unknown:
        raise IndustryError(f"world.rows names tables {industry} has not: {', '.join(unknown)}")
    out = dict(tables)
    for table, added in rows.items():
        out[table] = [*tables[table], *(dict(row) for row in added)]
    with _LOCK:
        _WITH_ROWS[key] = out
        while len(_WITH_ROWS) > CACHE_SIZE:
            _WITH_ROWS.popitem(last=False)
    return out


def _build(industry: str, seed: int) -> Tables:
    build = builder(industry)
    if build is None:
        raise IndustryError(f"{industry} has no world generator (rewards/worlds/{industry}.py); "
                            f"only world 0, the shipped seed, exists")
    tables = build(seed, pool(split_of(seed)))
    shipped = load_seed(industry)
    for table in load_industry(industry).write_tables:
        tables.setdefault(table, [])
    # A table equal to the shipped one (the catalog) is shared: one copy in memory, and the
    # tool servers' per-catalog indexes are built once.
    return {name: shipped[name] if name in shipped and rows == shipped[name] else rows
            for name, rows in tables.items()}


def clear_cache() -> None:
    """Drop every cached world (benchmarks measure cold builds with it)."""
    with _LOCK:
        _CACHE.clear()
        _WITH_ROWS.clear()


__all__ = ["CACHE_SIZE", "SPLITS", "SPLIT_SEEDS", "WORLD_SEEDS", "NamePool", "Tables", "builder",
           "clear_cache", "generated_industries", "pool", "split_of", "world",
           "world_with"]
