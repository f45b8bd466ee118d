"""Locating and loading the shipped tasks (lockfiles with their scripted callers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from mivas_env.caller.scripted import CallerSpec
from rewards import LockfileError, TaskNotFoundError, load_industry, tasks_dir
from rewards.compile import CompiledLock, compile_lock, compiled_industry
from rewards.industry import check_industry_name, industry_names, validation_error
from rewards.models import Lockfile
from rewards.verify import compile_lockfile, load_lockfile


@dataclass(frozen=True, eq=False)
class Task:
    """A locked task ready for an episode: the lockfile, its compiled expected side, its caller."""

    lock: Lockfile
    compiled: CompiledLock
    caller: CallerSpec
    path: Path

    @property
    def full_id(self) -> str:
        return self.lock.full_id

    @property
    def industry(self) -> str:
        return self.lock.industry


def _natural_key(task_id: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", task_id))


def load_task(path: Path | str) -> Task:
    """Load, validate and compile one lockfile; the environment also needs its ``caller``."""
    path = Path(path)
    return build_task(load_lockfile(path), path)


def build_task(lock: Lockfile, path: Path) -> Task:
    """A task from a validated lockfile (``path`` names it in errors; generated tasks that
    live only in memory pass where they would be written)."""
    try:
        if lock.world_seed:
            # A generated world: the task keeps its compiled side; compile_lockfile's cache
            # (by lockfile identity) would keep every generated lockfile and world alive.
            compiled = compile_lock(lock, compiled_industry(lock.industry, lock.world_seed,
                                                             lock.world_rows),
                                    file=str(path))
        else:
            compiled = compile_lockfile(lock)
    except LockfileError as exc:
        raise exc.with_file(str(path)) from None
    if lock.caller is None:
        raise LockfileError("a task run in the environment needs a 'caller' block",
                            file=str(path), path=("caller",))
    try:
        caller = CallerSpec.model_validate(lock.caller)
    except ValidationError as exc:
        err = validation_error(exc, LockfileError, str(path))
        assert isinstance(err, LockfileError)
        err.path = ("caller", *err.path)
        err.args = (err.one_line(),)
        raise err from None
    slots = load_industry(lock.industry).slots
    for slot in (*caller.facts, *caller.fact_lines):
        if slot not in slots:
            raise LockfileError(f"unknown slot {slot!r} (slots: {', '.join(slots)})",
                                file=str(path), path=("caller", "facts", slot))
    for index, behaviour in enumerate(caller.behaviours):
        if behaviour.slot is not None and behaviour.slot not in caller.facts:
            raise LockfileError(f"a {behaviour.kind} behaviour about {behaviour.slot!r}, a "
                                f"fact the caller does not have", file=str(path),
                                path=("caller", "behaviours", index, "slot"))
    return Task(lock=lock, compiled=compiled, caller=caller, path=path)


TASK_ID = re.compile(r"C[0-9]{1,3}-E[0-9]{1,3}")


def shipped_lockfile_paths(industry: str | None = None) -> list[Path]:
    """The shipped lockfiles, ``tasks/<industry>/tasks/*.json``, of one industry (or all);
    ``lockfile_paths(folder)`` finds them under any folder."""
    names = [check_industry_name(industry)] if industry is not None else industry_names()
    return sorted(path for name in names for path in (tasks_dir() / name / "tasks").glob("*.json"))


def lockfile_path(full_id: str) -> Path:
    """The shipped lockfile of a full task id ``<industry>/<id>`` (it must exist)."""
    industry, _, task_id = full_id.partition("/")
    if not TASK_ID.fullmatch(task_id):
        raise TaskNotFoundError(f"not a task id: {full_id!r} (full ids look like healthcare/C1-E1)")
    path = tasks_dir() / check_industry_name(industry) / "tasks" / f"{task_id}.json"
    if not path.is_file():
        raise TaskNotFoundError(f"no task {full_id!r} (looked for {path})")
    return path


@cache
def _load_industry_tasks(industry: str) -> tuple[Task, ...]:
    tasks = [load_task(path) for path in shipped_lockfile_paths(industry)]
    for task in tasks:
        if task.path.stem != task.lock.id or task.lock.industry != industry:
            raise LockfileError(f"file name and id/industry disagree ({task.lock.industry}/"
                                f"{task.lock.id})", file=str(task.path), path=("id",))
    return tuple(sorted(tasks, key=lambda t: _natural_key(t.lock.id)))


def load_tasks(industry: str | None = None) -> list[Task]:
    """Every shipped task of one industry (or of all), in natural id order. Cached per process."""
    names = [industry] if industry is not None else list(industry_names())
    return [task for name in names for task in _load_industry_tasks(name)]


def find_task(ref: str) -> Task:
    """A task by full id ``<industry>/<id>``."""
    industry, _, task_id = ref.partition("/")
    for task in load_tasks(industry):
        if task.lock.id == task_id:
            return task
    raise TaskNotFoundError(f"no task {ref!r}")


def load_dir(folder: Path | str) -> list[Task]:
    """Every lockfile under ``folder`` (searched recursively), by industry and natural id: a
    generated directory (``mivas tasks generate --out``) or a copy of the shipped ones."""
    tasks = [load_task(path) for path in lockfile_paths(folder)]
    return sorted(tasks, key=lambda t: (t.industry, _natural_key(t.lock.id), t.lock.id))


INDUSTRY_FILES = frozenset({"industry.json", "seed.json"})  # an industry's data, not lockfiles


def lockfile_paths(folder: Path | str) -> list[Path]:
    """The lockfiles under ``folder``, recursively: every JSON file but an industry's
    ``industry.json`` and ``seed.json`` (so a whole ``tasks/`` folder works too)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise TaskNotFoundError("not a directory", file=str(folder))
    paths = sorted(path for path in folder.rglob("*.json") if path.name not in INDUSTRY_FILES)
    if not paths:
        raise TaskNotFoundError("no lockfiles (*.json) under this directory", file=str(folder))
    return paths
