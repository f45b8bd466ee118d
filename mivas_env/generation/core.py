"""The generator core: a family writes a scenario true in a world; the core names, locks (``mivas
tasks lock``'s code) and self-checks it. ``(industry, split, seed)`` (and a pinned family) fixes the
instance in every process; an attempt with no scenario is redrawn, one failing the check dropped."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any

from mivas_env.agents.baselines import NoopAgent
from mivas_env.call.tasks import Task, build_task
from mivas_env.env import MivasEnv
from mivas_env.evaluation.authoring import (  # noqa: F401  (gate_failed, run_calls: their old home)
    NearMiss,
    check_loaded,
    gate_failed,
    generic_near_misses,
    lock_data,
    near_miss_problems,
    run_calls,
)
from mivas_env.evaluation.runner import run_episode
from mivas_env.generation.families import families
from mivas_env.generation.levels import LEVELS, apply_level, check_level
from mivas_env.generation.structure import apply_structure, structure_near_misses
from mivas_env.industries.base import Database, ToolServer, server_class
from rewards import MivasError, load_industry
from rewards.industry import Industry
from rewards.verify import load_lockfile
from rewards.worlds import SPLIT_SEEDS, SPLITS, Tables, split_of, world, world_with

Row = Mapping[str, Any]
Draft = dict[str, Any]
MAX_ATTEMPTS = 40
MAX_SEED = 10**12  # instance seeds; the id C<k>-<split>-<seed> holds up to 12 digits
# The key order of a generated lockfile (the rest follow in the family's order).
KEY_ORDER = ("id", "industry", "world", "title", "category", "description", "tags", "caller",
             "exp_handoff_path", "exp_tool_calls", "exp_db_state")


class GenerationError(MivasError):
    """No instance could be generated (an unknown family or split, or every attempt failed)."""


@dataclass(frozen=True)
class World:
    """One seeded world of an industry: read-only tables and a few lookups for families."""

    industry: str
    seed: int
    split: str
    tables: Tables
    _indexes: dict[tuple[str, str], dict[Any, Row]] = field(default_factory=dict, init=False,
                                                            repr=False, compare=False)

    def rows(self, table: str) -> Sequence[Row]:
        """The rows of a table (empty when the world has none)."""
        return self.tables.get(table, ())

    def by_id(self, table: str, column: str) -> dict[Any, Row]:
        """A table indexed by a column (cached per world and column)."""
        if (table, column) not in self._indexes:
            self._indexes[table, column] = {row.get(column): row for row in self.rows(table)}
        return self._indexes[table, column]

    def server(self, rows: Tables | None = None) -> ToolServer:
        """A tool server over a copy-on-write view of the world (and a lockfile's added ``rows``)."""
        tables = world_with(self.industry, self.seed, rows) if rows else self.tables
        return server_class(self.industry)(Database(tables), self.definition)

    @cached_property
    def definition(self) -> Industry:
        return load_industry(self.industry)

    @cached_property
    def today(self) -> date:
        """The business date (the same in every world of an industry)."""
        return date.fromisoformat(self.definition.business.today)


def load_world(industry: str, seed: int) -> World:
    """The ``World`` of ``industry`` built from ``seed`` (the tables are cached)."""
    return World(industry, seed, split_of(seed) or "shipped", world(industry, seed))


@dataclass(frozen=True)
class Family:
    """A generator for one category of ``tasks/<industry>/README.md``: ``make(world, rng)``
    returns a lockfile without ``id``, ``world`` and ``exp_db_state`` (it may name tables to
    lock, e.g. ``{"waitlist": []}``), or None when the world has no fitting scenario;
    ``near_misses`` adds wrong runs to the generic ones (a skipped desk, a wrong argument)."""

    industry: str
    code: str  # "C1", as in tasks/<industry>/README.md
    category: str  # "coverage"
    refusal: bool
    make: Callable[[World, random.Random], Draft | None]
    near_misses: Callable[[World, Draft], list[NearMiss]] | None = None


@dataclass
class Stats:
    """Per family: instances made, attempts redrawn (no scenario), drops (self-check) and why."""

    made: Counter[str] = field(default_factory=Counter)
    redrawn: Counter[str] = field(default_factory=Counter)
    dropped: Counter[str] = field(default_factory=Counter)
    reasons: dict[str, Counter[str]] = field(default_factory=dict)

    def drop(self, code: str, reason: str) -> None:
        self.dropped[code] += 1
        self.reasons.setdefault(code, Counter())[reason[:160]] += 1

    def drop_rate(self, code: str) -> float:
        tried = self.made[code] + self.dropped[code]
        return self.dropped[code] / tried if tried else 0.0


@dataclass(frozen=True)
class Instance:
    """A generated, locked and self-checked lockfile."""

    data: dict[str, Any]
    family: Family
    world_seed: int
    attempts: int
    task: Task  # the lockfile loaded and compiled, ready for an episode

    @property
    def id(self) -> str:
        return str(self.data["id"])

    def json(self) -> str:
        """The lockfile as written to disk (byte-identical for the same instance)."""
        return json.dumps(self.data, indent=2, ensure_ascii=False) + "\n"


def pick_family(industry: str, split: str, seed: int, family: str | None = None) -> Family:
    """The family of instance ``seed``: the pinned one (code or category), else drawn from the seed."""
    found = families(industry)
    if not found:
        raise GenerationError(f"{industry} has no task families yet "
                              f"(mivas_env/generation/families/{industry}.py)")
    if family is not None:
        for candidate in found:
            if family in (candidate.code, candidate.category):
                return candidate
        raise GenerationError(f"no family {family!r} in {industry} (families: "
                              f"{', '.join(f'{f.code} {f.category}' for f in found)})")
    return found[random.Random(f"mivas-gen/{industry}/{split}/{seed}/family").randrange(len(found))]


def check_split(split: str) -> str:
    if split not in SPLITS:
        raise GenerationError(f"unknown split {split!r} (splits: {', '.join(SPLITS)})")
    return split


def generate_one(industry: str, split: str, seed: int, *, family: str | None = None,
                 worlds: int | None = None, check: bool = True, stats: Stats | None = None,
                 max_attempts: int = MAX_ATTEMPTS, level: int = 0) -> Instance:
    """Instance ``seed`` of ``split``: drawn, made, locked and (with ``check``) self-checked; a
    ``level`` above 0 goes over the locked instance (``generation.levels``) before the check."""
    check_split(split)
    try:
        check_level(level)
    except ValueError as exc:
        raise GenerationError(str(exc)) from None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise GenerationError(f"an instance seed is an integer in [0, {MAX_SEED:,}), got {seed!r}")
    chosen = pick_family(industry, split, seed, family)
    stats = stats if stats is not None else Stats()
    for attempt in range(max_attempts):
        stream = f"mivas-gen/{industry}/{split}/{seed}/{chosen.code}/{attempt}"
        rng = random.Random(stream)
        seeds = SPLIT_SEEDS[split]  # any world of the split, or one of its first ``worlds``
        count = len(seeds) if worlds is None else max(1, min(worlds, len(seeds)))
        the_world = load_world(industry, seeds[rng.randrange(count)])
        draft = chosen.make(the_world, rng)
        if draft is None:
            stats.redrawn[chosen.code] += 1
            continue
        data = _assemble(draft, chosen, f"{chosen.code}-{split}-{seed}", the_world)
        try:
            if LEVELS[level].structures:  # structure changes the world: added before the lock
                data = apply_structure(data, the_world, LEVELS[level].structures,
                                       random.Random(f"{stream}/structure"))
            data, warnings = lock_data(data)
            if level:
                # One stream for every level: level K+1 draws level K's behaviours first,
                # so it keeps them (same facts, same wrong values) and adds its own.
                data = apply_level(data, the_world, level, random.Random(f"{stream}/levels"))
            task = build_task(load_lockfile(data), Path(industry, f"{data['id']}.json"))
        except MivasError as exc:
            stats.drop(chosen.code, f"invalid: {exc.message}")
            continue
        problems = warnings + (self_check(task, chosen, the_world, data) if check else [])
        if problems:
            stats.drop(chosen.code, problems[0])
            continue
        stats.made[chosen.code] += 1
        return Instance(data=data, family=chosen, world_seed=the_world.seed, attempts=attempt + 1, task=task)
    raise GenerationError(f"{industry} {chosen.code} ({chosen.category}) found no instance for "
                          f"{split} seed {seed} in {max_attempts} attempts")


def generate(industry: str, split: str, n: int, seed: int = 0, *, family: str | None = None,
             worlds: int | None = None, check: bool = True, stats: Stats | None = None,
             level: int = 0) -> Iterator[Instance]:
    """Instances ``seed``, ``seed + 1``, ... ``seed + n - 1`` of ``split`` (at ``level``)."""
    for index in range(n):
        yield generate_one(industry, split, seed + index, family=family, worlds=worlds,
                           check=check, stats=stats, level=level)


def _assemble(draft: Draft, family: Family, task_id: str, the_world: World) -> dict[str, Any]:
    data = {**draft, "id": task_id, "industry": family.industry,
            "world": {"seed": the_world.seed}, "category": family.category,
            "tags": list(dict.fromkeys([*draft.get("tags", []), "generated", the_world.split]))}
    return {key: data[key] for key in (*KEY_ORDER, *data) if key in data}


# --- the self-check ----------------------------------------------------------------------

def self_check(task: Task, family: Family, the_world: World, data: Draft) -> list[str]:
    """Every reason to drop an instance: the ``mivas tasks check`` problems (schema, gold
    replay, D, oracle exact with the caller satisfied), a noop agent that passes a family that
    is not a refusal, and a near-miss that does not fail on its gate (or none at all)."""
    problems = check_loaded(task)
    if problems:
        return problems
    if not family.refusal and run_episode(MivasEnv(tasks=[task]), NoopAgent(), task, seed=0).passed:
        return ["the noop agent passes"]
    return near_miss_problems(task, [
        *generic_near_misses(task),
        *(family.near_misses(the_world, data) if family.near_misses is not None else []),
        *structure_near_misses(data)])
