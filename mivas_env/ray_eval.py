"""``mivas eval --workers N``: episodes in a pool of Ray actors, with the serial run's results.

Each actor builds its environment once and runs a batch of episodes per call (one remote call
costs about a millisecond, an episode about as much). An actor that dies is replaced and its
batch re-run, so no episode is lost; the count of re-run episodes is reported."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from mivas_env.evaluate import EpisodeResult
from mivas_env.tasks import Task

Job = tuple[int, str, int]  # (position, full task id, seed)


class EpisodeWorker:
    """What one Ray actor runs: its own env and agent, built once."""

    def __init__(self, agent: str, agent_kwargs: dict[str, Any], discount: float, max_turns: int,
                 crash_marker: str | None = None, crash_task: str | None = None) -> None:
        from mivas_env.agents import make_agent
        from mivas_env.env import MivasEnv
        from mivas_env.tasks import load_tasks
        from mivas_env.wrappers import FixedDiscountEval

        self.tasks = {task.full_id: task for task in load_tasks()}
        self.env = FixedDiscountEval(MivasEnv(tasks=list(self.tasks.values()), discount=discount,
                                              max_turns=max_turns), discount=discount)
        self.agent = make_agent(agent, **agent_kwargs)
        self.crash_marker = crash_marker
        self.crash_task = crash_task

    def run(self, jobs: list[Job]) -> list[tuple[int, dict[str, Any]]]:
        from mivas_env.evaluate import run_episode

        out = []
        for position, task_id, seed in jobs:
            self._maybe_crash(task_id)
            result = run_episode(self.env, self.agent, self.tasks[task_id], seed)
            out.append((position, asdict(result)))
        return out

    def _maybe_crash(self, task_id: str) -> None:
        # Fault injection for tests: die (once, across restarts) in the middle of a batch.
        if self.crash_marker and task_id == self.crash_task and not Path(self.crash_marker).exists():
            Path(self.crash_marker).write_text("crashed")
            os._exit(1)


class EvalPool:
    """A pool of Ray actors, each with its env and agent built once, reusable across runs.

    ``run`` hands out batches of episodes, keeps both actors busy, and replaces an actor that
    dies (its batch is re-run, so no episode is lost). Use as a context manager."""

    def __init__(self, agent: str, *, workers: int, discount: float = 0.5, max_turns: int = 40,
                 agent_kwargs: dict[str, Any] | None = None, crash_marker: str | None = None,
                 crash_task: str | None = None, runtime_env: dict[str, Any] | None = None) -> None:
        import ray

        if not ray.is_initialized():
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR)
        options: dict[str, Any] = {"num_cpus": 1}
        if runtime_env is not None:
            options["runtime_env"] = runtime_env
        remote_worker: Any = ray.remote(**options)(EpisodeWorker)

        def spawn() -> Any:
            return remote_worker.remote(agent, agent_kwargs or {}, discount, max_turns,
                                        crash_marker, crash_task)

        self._spawn = spawn
        self.actors: list[Any] = [spawn() for _ in range(max(1, workers))]

    def __enter__(self) -> EvalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        import ray

        for actor in self.actors:
            ray.kill(actor, no_restart=True)
        self.actors = []

    def run(self, tasks: Sequence[Task], *, seed: int = 0, batch_size: int = 8,
            on_done: Callable[[int], None] | None = None) -> tuple[list[EpisodeResult], int]:
        """Every task once, episode ``i`` seeded ``seed + i``; (results in task order, retried)."""
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        jobs: list[Job] = [(i, task.full_id, seed + i) for i, task in enumerate(tasks)]
        queue = [jobs[i:i + batch_size] for i in range(0, len(jobs), batch_size)]
        idle = list(range(len(self.actors)))
        pending: dict[Any, tuple[int, list[Job]]] = {}
        results: dict[int, EpisodeResult] = {}
        retried = 0
        while queue or pending:
            while queue and idle:
                slot = idle.pop()
                batch = queue.pop(0)
                pending[self.actors[slot].run.remote(batch)] = (slot, batch)
            ready, _ = ray.wait(list(pending), num_returns=1)
            slot, batch = pending.pop(ready[0])
            try:
                for position, result in ray.get(ready[0]):
                    results[position] = EpisodeResult(**result)
                if on_done is not None:
                    on_done(len(batch))
            except (RayActorError, WorkerCrashedError):
                ray.kill(self.actors[slot], no_restart=True)
                self.actors[slot] = self._spawn()  # replace the dead actor, re-run its batch
                queue.insert(0, batch)
                retried += len(batch)
            idle.append(slot)
        return [results[i] for i in range(len(jobs))], retried


def ray_evaluate(agent: str, tasks: Sequence[Task], *, workers: int, discount: float = 0.5,
                 seed: int = 0, max_turns: int = 40, batch_size: int = 8,
                 agent_kwargs: dict[str, Any] | None = None,
                 on_done: Callable[[int], None] | None = None,
                 crash_marker: str | None = None, crash_task: str | None = None,
                 ) -> tuple[list[EpisodeResult], int]:
    """Run every task once across ``workers`` actors; returns (results in task order, retried)."""
    with EvalPool(agent, workers=min(workers, max(1, -(-len(tasks) // batch_size))),
                  discount=discount, max_turns=max_turns, agent_kwargs=agent_kwargs,
                  crash_marker=crash_marker, crash_task=crash_task) as pool:
        return pool.run(tasks, seed=seed, batch_size=batch_size, on_done=on_done)
