"""MIVAS runtime: locked voice-agent tasks as Gymnasium episodes.

Importing this package registers ``mivas/healthcare-v0``, ``mivas/legal-v0``,
``mivas/customer_support-v0`` and ``mivas/all-v0``; ``gymnasium.make("mivas_env:mivas/legal-v0")``
imports it for you."""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from mivas_env.env import MivasEnv
from mivas_env.tasks import Task, find_task, load_task, load_tasks
from mivas_env.wrappers import DiscreteActions, FixedDiscountEval
from rewards.industry import industry_names

ENV_IDS = {f"mivas/{name}-v0": name for name in industry_names()} | {"mivas/all-v0": None}


def _register() -> None:
    for env_id, industry in ENV_IDS.items():
        if env_id not in registry:
            register(id=env_id, entry_point="mivas_env.env:MivasEnv",
                     kwargs={"industry": industry})


_register()

__all__ = ["ENV_IDS", "DiscreteActions", "FixedDiscountEval", "MivasEnv", "Task", "find_task",
           "load_task", "load_tasks"]
