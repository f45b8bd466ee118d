"""Re-grading saved traces (``mivas verify --dir TRACES``): every trace written by
``mivas eval --save-traces`` names its task, so it can be scored again against its lockfile by
this version of the verifier, whatever version recorded it, and summarised as ``mivas eval``
summarises a run."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mivas_env.call.tasks import Task, load_dir, load_task, load_tasks
from mivas_env.evaluation.runner import TRACE_KEYS, Episode, EpisodeResult, trace_sha256
from rewards import MivasError, TaskNotFoundError, tasks_dir
from rewards.industry import read_json
from rewards.models import Verdict
from rewards.verify import load_trace, r_strict, verify


@dataclass(frozen=True)
class Regraded:
    """One saved trace, scored again: its task, its result and what the sinks need."""

    task: Task
    result: EpisodeResult
    episode: Episode
    path: Path


def trace_files(folder: Path | str) -> list[Path]:
    """Every ``*.json`` under ``folder``, recursively (exit 2 when there is none)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise TaskNotFoundError("not a directory", file=str(folder))
    paths = sorted(folder.rglob("*.json"))
    if not paths:
        raise TaskNotFoundError("no traces (*.json) under this directory", file=str(folder))
    return paths


class TaskIndex:
    """Lockfiles by full id: those under ``--tasks-dir``; else the shipped tasks, the lockfile a
    trace recorded it ran (``lockfile``), then the frozen bench (read only when needed)."""

    def __init__(self, folder: Path | str | None) -> None:
        self.folder = folder
        self._tasks: dict[str, Task] = {}
        self._loaded_bench = folder is not None
        for task in load_dir(folder) if folder is not None else load_tasks():
            if task.full_id in self._tasks:
                raise MivasError(f"two lockfiles are named {task.full_id}", file=str(task.path))
            self._tasks[task.full_id] = task

    def find(self, full_id: str, trace: Path, recorded: Any = None) -> Task:
        """The lockfile of ``full_id``; failing the index, the one the trace recorded having
        been run from (``lockfile``), when it still exists and still has that id."""
        if full_id not in self._tasks and self.folder is None and isinstance(recorded, str) \
                and Path(recorded).is_file():
            task = load_task(recorded)
            if task.full_id == full_id:
                self._tasks[full_id] = task
        if full_id not in self._tasks and not self._loaded_bench:
            self._loaded_bench = True
            for bench in sorted(tasks_dir().glob("*/bench")):
                self._tasks.update((task.full_id, task) for task in load_dir(bench))
        if full_id not in self._tasks:
            where = f"under {self.folder}" if self.folder else "shipped or in the bench"
            raise TaskNotFoundError(f"the trace names task {full_id!r}, which is not {where} "
                                    f"(pass --tasks-dir DIR with its lockfile)", file=str(trace))
        return self._tasks[full_id]


def _result(task: Task, verdict: Verdict, raw: dict[str, Any]) -> EpisodeResult:
    aux = verdict.aux
    return EpisodeResult(
        task_id=task.full_id, industry=task.industry, category=task.lock.category,
        seed=int(raw.get("seed", 0)), passed=verdict.passed, r_eval=verdict.r_eval,
        r_train=verdict.r_train, handoff_verdict=verdict.handoff.verdict,
        score_T=verdict.tools.score, score_H=verdict.handoff.score, db_passed=verdict.db.passed,
        turns=int(raw.get("turns", 0)), ended_by=str(raw.get("ended_by", "")),
        trace_sha256=trace_sha256(raw), aux_passed=aux is None or aux.passed,
        aux_failed=tuple(name for name, judge in (aux.judges.items() if aux else ())
                         if judge.evaluated and not judge.passed),
        r_strict=r_strict(verdict), trial=int(raw.get("trial", 0)))


def regrade(folder: Path | str, *, tasks: Path | str | None = None,
            discount: float = 0.5) -> list[Regraded]:
    """Every trace under ``folder`` scored against its lockfile, in run order: by industry,
    task id and trial (so ``per_task`` lists trials in seed order)."""
    index = TaskIndex(tasks)
    done = [_regrade_one(path, index, discount) for path in trace_files(folder)]
    seen: dict[tuple[str, int], Path] = {}
    for one in done:
        key = (one.result.task_id, one.result.trial)
        if key in seen:
            raise MivasError(f"two traces of {key[0]} trial {key[1]} (also {seen[key]}): one "
                             f"run's traces per directory", file=str(one.path))
        seen[key] = one.path
    return sorted(done, key=lambda r: (r.task.industry, _natural(r.task.lock.id),
                                       r.task.lock.id, r.result.trial))


def _regrade_one(path: Path, index: TaskIndex, discount: float) -> Regraded:
    raw = read_json(path)
    trace = load_trace(path)  # validates: a file that is no trace is bad input
    if not isinstance(raw, dict) or not trace.task_id:
        raise MivasError("the trace names no task_id (traces saved by mivas eval "
                         "--save-traces do)", file=str(path))
    task = index.find(trace.task_id, path, raw.get("lockfile"))
    try:
        verdict = verify(task.lock, trace, discount=discount)
    except MivasError as exc:
        raise exc.with_file(str(path)) from None
    result = _result(task, verdict, raw)
    messages, tools = raw.get("messages"), raw.get("tools")
    episode = Episode(trace={key: raw[key] for key in TRACE_KEYS if key in raw},
                      verdict=verdict.model_dump(mode="json"),
                      messages=messages if isinstance(messages, list) else [],
                      tools=tools if isinstance(tools, list) else [])
    return Regraded(task, result, episode, path)


def chats(regraded: list[Regraded]) -> Iterator[Regraded]:
    """The re-graded episodes that carry their chat (exit 2 naming the first that does not:
    it was saved before traces recorded it)."""
    for one in regraded:
        if not one.episode.messages:
            raise MivasError("this trace carries no chat messages (saved by an older mivas); "
                             "run mivas eval --export, or --save-traces again", file=str(one.path))
        yield one


def _natural(task_id: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", task_id))
