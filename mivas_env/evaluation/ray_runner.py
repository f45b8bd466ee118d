"""``mivas eval --workers N``: episodes in a pool of Ray actors, with the serial run's results.

Each actor builds its agent once and runs a batch of episodes per call (one remote call costs
about a millisecond, an episode about as much). Every batch carries the lockfiles it needs, so
tasks from any directory run (and a cluster node needs no copy of them); the channel, its
``wer`` and an LLM caller reach the actors' envs, trials are seeded as the serial run's, and the
sinks (saved traces, the report, the export) get the episodes back in run order. An actor that
dies is replaced and its batch re-run, so no episode is lost; the count of re-run episodes is
reported. Ray's own line about the dead worker is therefore not printed (every other Ray
message still is)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from mivas_env.call.tasks import Task
from mivas_env.evaluation.runner import Episode, EpisodeResult, EpisodeSink, episode_jobs

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


Shipped = tuple[dict[str, Any], str]  # a lockfile as JSON, and where it was read from
RemoteJob = tuple[int, str, int, int]  # (position in the run, task key, trial, seed)
Done = tuple[int, dict[str, Any], dict[str, Any] | None]  # position, result, episode (or None)


def ship(task: Task) -> Shipped:
    """What an actor needs to rebuild a task: nothing is looked up in its own tree, so tasks
    from any directory (and a cluster node without them) work."""
    return task.lock.model_dump(mode="json"), str(task.path)


def check_address(address: str) -> None:
    """Fail fast (``ConnectionError``, one line) when a cluster address answers nothing: Ray
    itself retries an unreachable ``HOST:PORT`` for minutes. ``auto`` is Ray's to resolve."""
    import socket

    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=3).close()
    except (OSError, ValueError):
        raise ConnectionError(f"no Ray cluster answers at {address}") from None


class EpisodeWorker:
    """What one Ray actor runs: its agent, built once, and an env per task it is sent (tasks
    arrive with their batch, keyed by the lockfile's content hash, so a cached one is never
    stale). ``EvalPool(worker=...)`` takes a subclass (tests inject faults that way)."""

    def __init__(self, agent: str, agent_kwargs: dict[str, Any], discount: float,
                 max_turns: int, env_kwargs: dict[str, Any] | None = None) -> None:
        from mivas_env.agents.baselines import make_agent

        self.discount, self.max_turns = discount, max_turns
        self.env_kwargs = dict(env_kwargs or {})
        self.envs: dict[str, Any] = {}  # task key -> its env (content-addressed: never stale)
        self.agent = make_agent(agent, **agent_kwargs)

    def pid(self) -> int:
        """The actor's process id (tests kill one by it)."""
        import os

        return os.getpid()

    def _env(self, key: str, shipped: Shipped) -> Any:
        from mivas_env.call.tasks import build_task
        from mivas_env.env import MivasEnv
        from mivas_env.wrappers import FixedDiscountEval
        from rewards.models import Lockfile

        if key not in self.envs:
            data, path = shipped
            task = build_task(Lockfile.model_validate(data), Path(path))
            self.envs[key] = FixedDiscountEval(
                MivasEnv(tasks=[task], discount=self.discount, max_turns=self.max_turns,
                         **self.env_kwargs), discount=self.discount)
        return self.envs[key]

    def run(self, jobs: list[RemoteJob], tasks: dict[str, Shipped], keep: bool = False) -> list[Done]:
        """The batch's episodes, each as (position, EpisodeResult fields, Episode fields when
        ``keep``: the trace, verdict and chat the driver's sinks need)."""
        done: list[Done] = []
        for position, key, trial, seed in jobs:
            result, episode = self.episode(key, tasks[key], seed, trial)
            done.append((position, asdict(result), asdict(episode) if keep else None))
        return done

    def episode(self, key: str, shipped: Shipped, seed: int, trial: int
                ) -> tuple[EpisodeResult, Episode]:
        from mivas_env.evaluation.runner import play

        env = self._env(key, shipped)
        return play(env, self.agent, env.unwrapped.tasks[0], seed, trial=trial)


class EvalPool:
    """A pool of Ray actors, each with its agent built once, reusable across runs.

    ``run`` hands out batches of episodes (each with the lockfiles it needs), keeps every actor
    busy, and replaces an actor that dies (its batch is re-run, so no episode is lost). Use as a
    context manager."""

    def __init__(self, agent: str, *, workers: int, discount: float = 0.5, max_turns: int = 40,
                 agent_kwargs: dict[str, Any] | None = None,
                 env_kwargs: dict[str, Any] | None = None,
                 runtime_env: dict[str, Any] | None = None, address: str | None = None,
                 worker: type[EpisodeWorker] = EpisodeWorker) -> None:
        import ray

        if address is not None:
            check_address(address)
        if not ray.is_initialized():
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.ERROR)
            else:  # a running cluster (ray start --head): its nodes bring their own CPUs
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        options: dict[str, Any] = {"num_cpus": 1}
        if runtime_env is not None:
            options["runtime_env"] = runtime_env
        remote_worker: Any = ray.remote(**options)(worker)

        def spawn() -> Any:
            return remote_worker.remote(agent, agent_kwargs or {}, discount, max_turns,
                                        env_kwargs or {})

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

    def pids(self) -> list[int]:
        """The process id of every live actor, in slot order."""
        import ray

        return [int(pid) for pid in ray.get([actor.pid.remote() for actor in self.actors])]

    def run(self, tasks: Sequence[Task], *, seed: int = 0, batch_size: int = 8, trials: int = 1,
            on_done: Callable[[int], None] | None = None, sinks: Sequence[EpisodeSink] = (),
            ) -> tuple[list[EpisodeResult], int]:
        """Every task ``trials`` times, seeded as the serial run (``episode_jobs``); returns
        (results in run order, episodes re-run). Sinks see every episode in run order."""
        import ray
        from ray.exceptions import RayActorError, WorkerCrashedError

        from mivas_env.evaluation.metadata import lockfile_sha256

        keys = [lockfile_sha256(task) for task in tasks]
        shipped = {key: ship(task) for key, task in zip(keys, tasks, strict=True)}
        order = episode_jobs(len(tasks), seed, trials)
        jobs: list[RemoteJob] = [(position, keys[i], trial, episode_seed)
                           for position, (i, trial, episode_seed) in enumerate(order)]
        queue = [jobs[i:i + batch_size] for i in range(0, len(jobs), batch_size)]
        idle = list(range(len(self.actors)))
        pending: dict[Any, tuple[int, list[RemoteJob]]] = {}
        results: dict[int, EpisodeResult] = {}
        episodes: dict[int, Episode] = {}
        flushed = 0  # episodes handed to the sinks so far (they go in run order)
        retried = 0
        while queue or pending:
            while queue and idle:
                slot = idle.pop()
                batch = queue.pop(0)
                needed = {key: shipped[key] for _, key, _, _ in batch}
                pending[self.actors[slot].run.remote(batch, needed, bool(sinks))] = (slot, batch)
            ready, _ = ray.wait(list(pending), num_returns=1)
            slot, batch = pending.pop(ready[0])
            try:
                for position, result, episode in ray.get(ready[0]):
                    results[position] = EpisodeResult(**{
                        **result, "aux_failed": tuple(result["aux_failed"])})
                    if episode is not None:
                        episodes[position] = Episode(**episode)
                if on_done is not None:
                    on_done(len(batch))
            except (RayActorError, WorkerCrashedError):
                ray.kill(self.actors[slot], no_restart=True)
                self.actors[slot] = self._spawn()  # replace the dead actor, re-run its batch
                self.deaths += 1
                queue.insert(0, batch)
                retried += len(batch)
            idle.append(slot)
            while sinks and flushed in episodes:
                episode = episodes.pop(flushed)
                for sink in sinks:
                    sink(tasks[order[flushed][0]], results[flushed], episode)
                flushed += 1
        return [results[i] for i in range(len(jobs))], retried


def ray_evaluate(agent: str, tasks: Sequence[Task], *, workers: int, discount: float = 0.5,
                 seed: int = 0, max_turns: int = 40, batch_size: int = 8, trials: int = 1,
                 agent_kwargs: dict[str, Any] | None = None,
                 env_kwargs: dict[str, Any] | None = None,
                 on_done: Callable[[int], None] | None = None,
                 sinks: Sequence[EpisodeSink] = (), address: str | None = None,
                 worker: type[EpisodeWorker] = EpisodeWorker,
                 ) -> tuple[list[EpisodeResult], int]:
    """``evaluate`` across ``workers`` actors: the same results in the same order, the same
    sinks called in the same order; returns (results, episodes re-run after a worker died)."""
    batches = -(-len(tasks) * trials // batch_size)
    with EvalPool(agent, workers=min(workers, max(1, batches)), discount=discount,
                  max_turns=max_turns, agent_kwargs=agent_kwargs, env_kwargs=env_kwargs,
                  address=address, worker=worker) as pool:
        return pool.run(tasks, seed=seed, batch_size=batch_size, trials=trials, on_done=on_done,
                        sinks=sinks)
