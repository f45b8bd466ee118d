"""Trajectory export (``mivas eval --export PATH.jsonl``, ``mivas export TRACES -o PATH.jsonl``):
one line per episode in the chat format trainers read (TRL's ``SFTTrainer``, and anything that
takes OpenAI-style ``messages`` with ``tools``).

A line is ``{"messages", "tools", "reward", "r_eval", "task_id", "seed", "trial"}``: ``system``
messages are the desk's instructions as the agent saw them (one more after every transfer that
changes desk), ``user`` the caller's words as heard on the run's channel, ``assistant`` the
agent's speech or one OpenAI ``tool_call`` (arguments as a JSON string), ``tool`` the result
with its ``tool_call_id``; ``tools`` every schema the agent was offered. ``reward`` is
``r_train``. Nothing of the lockfile the agent did not see is written (the task id and seed are
labels for the line, never part of ``messages``)."""

from __future__ import annotations

import json
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from mivas_env.call.tasks import Task
from mivas_env.evaluation.runner import Episode, EpisodeResult
from rewards import MivasError


def export_line(result: EpisodeResult, episode: Episode) -> dict[str, Any]:
    """One JSONL record of an episode."""
    return {"messages": episode.messages, "tools": episode.tools, "reward": result.r_train,
            "r_eval": result.r_eval, "task_id": result.task_id, "seed": result.seed,
            "trial": result.trial}


class JsonlExport:
    """An episode sink writing ``export_line`` records to a file, one per line (``only_passed``:
    the episodes with ``r_eval = 1`` only). A context manager; ``written`` counts the lines."""

    def __init__(self, path: Path | str, *, only_passed: bool = False) -> None:
        self.path = Path(path)
        self.only_passed = only_passed
        self.written = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file: IO[str] = self.path.open("w", encoding="utf-8")
        except OSError as exc:
            raise MivasError(f"cannot write the export: {exc.strerror or exc}",
                             file=str(path)) from None

    def __call__(self, task: Task, result: EpisodeResult, episode: Episode) -> None:
        if self.only_passed and not result.passed:
            return
        self._file.write(json.dumps(export_line(result, episode), ensure_ascii=True) + "\n")
        self.written += 1

    def __enter__(self) -> JsonlExport:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._file.close()


def read_export(path: Path | str) -> list[dict[str, Any]]:
    """The records of an export file."""
    with Path(path).open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]
