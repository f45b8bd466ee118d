"""RLlib integration: ``register()`` makes every MIVAS env id known to ``ray.tune``.

RLlib does not accept ``Text`` spaces, so the registered creators wrap the env in
``DiscreteActions`` unless ``env_config["wrapper"] == "none"``. ``env_config`` keys:
``industry`` (default healthcare), ``task_ids`` (a list, default all of the industry),
``task_paths`` (lockfile paths to load instead of the shipped tasks, e.g. generated instances),
``discount`` (0.5), ``max_turns`` (40), ``reward`` ("contract" | "strict"),
``wrapper`` ("discrete" | "none"),
``eval_discount`` (wrap in FixedDiscountEval with this discount; "r_eval" for pass/fail).
The generated envs (``mivas/<industry>-gen-v0``) take ``split`` ("train"), ``family``,
``num_worlds``, ``level`` (0) and ``curriculum`` (``Curriculum`` keywords: every env runner's
env keeps its own curriculum; save each with ``state_dict()``) instead of tasks."""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import sys
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import gymnasium as gym

from mivas_env import ENV_IDS, GEN_ENV_IDS
from mivas_env.call.tasks import Task, load_task, load_tasks
from mivas_env.env import MivasEnv
from mivas_env.wrappers import DiscreteActions, FixedDiscountEval


def make_env(env_config: Mapping[str, Any], default_industry: str | None = "healthcare",
             generated: bool = False) -> gym.Env[Any, Any]:
    """Build an env from an RLlib ``EnvContext`` (or any mapping); ``generated``: a
    ``mivas/<industry>-gen-v0`` env."""
    try:  # RLlib runners share two cores with the learner: one torch thread each
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    industry = env_config.get("industry", default_industry)
    if generated:
        return _wrapped(_generated_env(env_config, industry), env_config)
    paths = env_config.get("task_paths")
    # lockfiles anywhere (generated instances), loaded once per process; else the shipped ones
    tasks = [_load_task_cached(str(path)) for path in paths] if paths else load_tasks(industry)
    wanted = env_config.get("task_ids")
    if wanted:
        tasks = [t for t in tasks if t.full_id in wanted or t.lock.id in wanted]
    env: gym.Env[Any, Any] = MivasEnv(tasks=tasks, discount=float(env_config.get("discount", 0.5)),
                                      max_turns=int(env_config.get("max_turns", 40)),
                                      reward=env_config.get("reward", "contract"))
    return _wrapped(env, env_config)


def _generated_env(env_config: Mapping[str, Any], industry: str | None) -> gym.Env[Any, Any]:
    """A ``GeneratedEnv`` from ``env_config``, in a ``Curriculum`` when it has one."""
    from mivas_env.generated import GeneratedEnv
    from mivas_env.wrappers.curriculum import Curriculum

    env: gym.Env[Any, Any] = GeneratedEnv(
        industry, split=env_config.get("split", "train"), family=env_config.get("family"),
        num_worlds=env_config.get("num_worlds", 100), level=int(env_config.get("level", 0)),
        discount=float(env_config.get("discount", 0.5)),
        max_turns=int(env_config.get("max_turns", 40)),
        reward=env_config.get("reward", "contract"))
    curriculum = env_config.get("curriculum")
    return Curriculum(env, **dict(curriculum)) if curriculum is not None else env


def _wrapped(env: gym.Env[Any, Any], env_config: Mapping[str, Any]) -> gym.Env[Any, Any]:
    eval_discount = env_config.get("eval_discount")
    if eval_discount is not None:
        env = FixedDiscountEval(env, None if eval_discount == "r_eval" else float(eval_discount))
    if env_config.get("wrapper", "discrete") == "discrete":
        env = DiscreteActions(env)
    return env


@functools.cache
def _load_task_cached(path: str) -> Task:
    return load_task(path)


def register() -> list[str]:
    """Register every MIVAS env id with ``ray.tune.registry.register_env``; returns the ids."""
    from ray.tune.registry import register_env

    for env_id, industry in ENV_IDS.items():
        register_env(env_id, lambda config, industry=industry: make_env(config, industry))
    for env_id, industry in GEN_ENV_IDS.items():
        register_env(env_id, lambda config, industry=industry: make_env(
            config, config.get("industry", industry), generated=True))
    return [*ENV_IDS, *GEN_ENV_IDS]


def verdict_metrics_callback() -> type[Any]:
    """An ``RLlibCallback`` class logging the verifier's outcome of each finished episode
    (``mivas_pass_rate``, ``mivas_exact_rate``, ``mivas_r_train`` in ``result["env_runners"]``)."""
    from ray.rllib.callbacks.callbacks import RLlibCallback

    class VerdictMetrics(RLlibCallback):  # type: ignore[misc,unused-ignore]
        def on_episode_end(self, *, episode: Any, metrics_logger: Any = None,
                           **kwargs: Any) -> None:
            info = episode.get_infos(-1)
            if metrics_logger is None or "r_eval" not in info:
                return
            exact = float(info["r_eval"] == 1 and info["handoff_verdict"] == "exact")
            metrics_logger.log_value("mivas_pass_rate", float(info["r_eval"]), reduce="mean")
            metrics_logger.log_value("mivas_exact_rate", exact, reduce="mean")
            metrics_logger.log_value("mivas_r_train", float(info["r_train"]), reduce="mean")

    return VerdictMetrics


def ppo_config(env_config: Mapping[str, Any], *, seed: int = 0, num_env_runners: int = 1,
               env_id: str | None = None) -> Any:
    """A PPO config (new API stack, torch) on ``DiscreteActions`` sized for 2-core machines."""
    from ray.rllib.algorithms.ppo import PPOConfig

    register()
    industry = env_config.get("industry", "healthcare")
    return (
        PPOConfig()  # type: ignore[no-untyped-call,unused-ignore]
        .environment(env_id or f"mivas/{industry}-v0", env_config=dict(env_config))
        .framework("torch")
        .env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=1,
                     rollout_fragment_length="auto", num_cpus_per_env_runner=1)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=1000, minibatch_size=250, num_epochs=4, lr=3e-4,
                  entropy_coeff=0.01, gamma=0.99)
        .callbacks(verdict_metrics_callback())
        .debugging(seed=seed)
    )


def iteration_metrics(result: Mapping[str, Any]) -> dict[str, float]:
    """Pass rate, exact-route rate, mean r_train, return and time of one ``algo.train()``."""
    runners = result.get("env_runners", {})
    return {key: round(float(runners.get(key, float("nan"))), 4) for key in
            ("mivas_pass_rate", "mivas_exact_rate", "mivas_r_train", "episode_return_mean")} | {
        "time_this_iter_s": round(float(result.get("time_this_iter_s", 0.0)), 2)}


# Expected, harmless output of every PPO build on this stack (Ray 2.4x-2.6x, new API stack):
# RLlib's notice that PPO runs on the new API stack, and Ray core's note that env-runner actors
# (restartable, so max_restarts > 0) take their config from the object store. Anything else
# Ray or RLlib prints passes through untouched.
EXPECTED_LOG_MESSAGES = (re.compile(r"You are running \w+ on the new API stack"),)
EXPECTED_STDERR_LINES = (re.compile(
    r"core_worker\.cc:\d+: Actor with class name: '\w+' and ID: '\w+' has constructor "
    r"arguments in the object store and max_restarts > 0"),)


class _DropExpected(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(p.search(message) for p in EXPECTED_LOG_MESSAGES)


@contextlib.contextmanager
def quiet_expected_noise() -> Iterator[None]:
    """Within the block, drop the two expected lines above (one a Python log record, one
    written by Ray's C++ core straight to file descriptor 2); every other line is kept."""
    drop = _DropExpected()
    loggers = [logging.getLogger(name) for name in
               ("ray.rllib.algorithms.algorithm_config", "ray.rllib")]
    for logger in loggers:
        logger.addFilter(drop)
    sys.stderr.flush()
    saved = os.dup(2)
    read_end, write_end = os.pipe()
    os.dup2(write_end, 2)
    os.close(write_end)

    def pump() -> None:
        with os.fdopen(read_end, "rb") as reader:
            for raw in reader:
                line = raw.decode("utf-8", errors="replace")
                if not any(p.search(line) for p in EXPECTED_STDERR_LINES):
                    os.write(saved, raw)

    thread = threading.Thread(target=pump, name="mivas-stderr-filter", daemon=True)
    thread.start()
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)  # the pipe's last write end closes: the pump reads to the end
        thread.join(timeout=10)
        if not thread.is_alive():
            os.close(saved)
        for logger in loggers:
            logger.removeFilter(drop)


def build_algo(config: Any) -> Any:
    """``config.build_algo()`` without the expected noise (see :func:`quiet_expected_noise`)."""
    with quiet_expected_noise():
        return config.build_algo()
