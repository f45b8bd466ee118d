"""``mivas eval --workers N``: episodes in a pool of Ray actors, with the serial run's results.

Each actor builds its environment once and runs a batch of episodes per call (one remote call
costs about a millisecond, an episode about as much). An actor that dies is replaced and its
batch re-run, so no episode is lost; the count of re-run episodes is reported. Ray's own
line about the dead worker is therefore not printed (every other Ray message still is)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from mivas_env.call.tasks import Task
from mivas_env.evaluation.runner import EpisodeResult

Job = tuple[int, str, int]  # (position, full task id, seed)
WORKER_DIED = "A worker died or was killed while executing a task"  # Ray's raylet message


class DeathNotices:
    """While installed, Ray's driver-side "a worker died" lines are counted instead of printed:
    the pool replaces the actor and re-runs its batch, and says so itself. Any other message
    Ray prints (real errors included) goes through unchanged."""

    def __init__(self) -> None:
        self.swallowed = 0
        self._original: Callable[..., Any] | None = None

    def filter(self, data: dict[str, Any], ignore_prefix: bool) -> None:
        lines = data.get("lines") or []
        kept = [line for line in lines
                if not (data.get("pid") == "raylet" and WORKER_DIED in str(line))]
        self.swallowed += len(lines) - len(kept)
        if kept and self._original is not None:
            self._original({**data, "lines": kept}, ignore_prefix=ignore_prefix)

    def install(self) -> None:
        from ray._private import worker as ray_worker  # no public hook for this stream

        if self._original is None and hasattr(ray_worker, "print_to_stdstream"):
            self._original = ray_worker.print_to_stdstream
            ray_worker.print_to_stdstream = self.filter

    def uninstall(self, expected: int = 0, wait_s: float = 2.0) -> None:
        """Restore Ray's printer, first waiting (up to ``wait_s``) for the notices of the
        ``expected`` deaths, which reach the driver asynchronously."""
        from ray._private import worker as ray_worker

        deadline = time.monotonic() + wait_s
        while self.swallowed < expected and time.monotonic() < deadline:
            time.sleep(0.05)
        if self._original is not None and ray_worker.print_to_stdstream == self.filter:
            ray_worker.print_to_stdstream = self._original
        self._original = None


class EpisodeWorker:
    """What one Ray actor runs: its own env and agent, built once. ``EvalPool(worker=...)``
    takes a subclass (tests inject faults that way)."""

    def __init__(self, agent: str, agent_kwargs: dict[str, Any], discount: float,
                 max_turns: int) -> None:
        from mivas_env.agents.baselines import make_agent
        from mivas_env.call.tasks import load_tasks
        from mivas_env.env import MivasEnv
        from mivas_env.wrappers import FixedDiscountEval

        self.tasks = {task.full_id: task for task in load_tasks()}
        self.env = FixedDiscountEval(MivasEnv(tasks=list(self.tasks.values()), discount=discount,
                                              max_turns=max_turns), discount=discount)
        self.agent = make_agent(agent, **agent_kwargs)

    def run(self, jobs: list[Job]) -> list[tuple[int, dict[str, Any]]]:
        """The batch's episodes, each as (position, EpisodeResult fields)."""
        return [(position, asdict(self.episode(task_id, seed))) for position, task_id, seed in jobs]

    def episode(self, task_id: str, seed: int) -> EpisodeResult:
        from mivas_env.evaluation.runner import run_episode

        return run_episode(self.env, self.agent, self.tasks[task_id], seed)


class EvalPool:
    """A pool of Ray actors, each with its env and agent built once, reusable across runs.

    ``run`` hands out batches of episodes, keeps both actors busy, and replaces an actor that
    dies (its batch is re-run, so no episode is lost). Use as a context manager."""

    def __init__(self, agent: str, *, workers: int, discount: float = 0.5, max_turns: int = 40,
                 agent_kwargs: dict[str, Any] | None = None,
                 runtime_env: dict[str, Any] | None = None,
                 worker: type[EpisodeWorker] = EpisodeWorker) -> None:
        import ray

        if not ray.is_initialized():
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR)
        options: dict[str, Any] = {"num_cpus": 1}
        if runtime_env is not None:
            options["runtime_env"] = runtime_env
        remote_worker: Any = ray.remote(**options)(worker)

        def spawn() -> Any:
            return remote_worker.remote(agent, agent_kwargs or {}, discount, max_turns)

        self._spawn = spawn
        self.deaths = 0  # actors that died and were replaced, over the pool's life
        self._notices = DeathNotices()
        self._notices.install()
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
        self._notices.uninstall(expected=self.deaths)

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
                self.deaths += 1
                queue.insert(0, batch)
                retried += len(batch)
            idle.append(slot)
        return [results[i] for i in range(len(jobs))], retried


def ray_evaluate(agent: str, tasks: Sequence[Task], *, workers: int, discount: float = 0.5,
                 seed: int = 0, max_turns: int = 40, batch_size: int = 8,
                 agent_kwargs: dict[str, Any] | None = None,
                 on_done: Callable[[int], None] | None = None,
                 worker: type[EpisodeWorker] = EpisodeWorker,
                 ) -> tuple[list[EpisodeResult], int]:
    """Run every task once across ``workers`` actors; returns (results in task order, retried)."""
    with EvalPool(agent, workers=min(workers, max(1, -(-len(tasks) // batch_size))),
                  discount=discount, max_turns=max_turns, agent_kwargs=agent_kwargs,
                  worker=worker) as pool:
        return pool.run(tasks, seed=seed, batch_size=batch_size, on_done=on_done)
