"""MIVAS runtime: locked voice-agent tasks as Gymnasium episodes.

Importing this package registers ``mivas/healthcare-v0``, ``mivas/legal-v0``,
``mivas/customer_support-v0`` and ``mivas/all-v0`` (the shipped tasks), and for every industry
with task families ``mivas/<industry>-gen-v0`` and ``mivas/all-gen-v0`` (generated tasks, see
``mivas_env.generation``); ``gymnasium.make("mivas_env:mivas/legal-v0")`` imports it for you."""

from __future__ import annotations

from importlib.util import find_spec

from gymnasium.envs.registration import register, registry

from mivas_env import _moved
from mivas_env.call.tasks import Task, find_task, load_task, load_tasks
from mivas_env.env import MivasEnv, policy_info
from mivas_env.wrappers import Curriculum, DiscreteActions, FixedDiscountEval
from rewards.industry import industry_names

_moved.install()  # old import paths (mivas_env.runtime, ...) still work

ENV_IDS = {f"mivas/{name}-v0": name for name in industry_names()} | {"mivas/all-v0": None}
GEN_ENV_IDS: dict[str, str | None] = {
    f"mivas/{name}-gen-v0": name for name in industry_names()
    if find_spec(f"mivas_env.generation.families.{name}") is not None}
GEN_ENV_IDS |= {"mivas/all-gen-v0": None} if GEN_ENV_IDS else {}


def _register() -> None:
    for env_id, industry in ENV_IDS.items():
        if env_id not in registry:
            register(id=env_id, entry_point="mivas_env.env:MivasEnv",
                     vector_entry_point="mivas_env.vector:make_vector_env",
                     kwargs={"industry": industry})
    for env_id, industry in GEN_ENV_IDS.items():
        if env_id not in registry:
            register(id=env_id, entry_point="mivas_env.generated:GeneratedEnv",
                     vector_entry_point="mivas_env.vector:make_generated_vector_env",
                     kwargs={"industry": industry})


_register()

__all__ = ["ENV_IDS", "GEN_ENV_IDS", "Curriculum", "DiscreteActions", "FixedDiscountEval",
           "MivasEnv", "Task", "find_task", "load_task", "load_tasks", "policy_info"]
