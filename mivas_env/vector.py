"""Vectorised MIVAS environments: what ``gymnasium.make_vec("mivas/<industry>-v0", num_envs=N)``
returns (every env id registers ``make_vector_env`` as its vector entry point).

Observations are ``Text``. Gymnasium's shared-memory transport decodes a ``Text`` observation
once, when the vector env is built, and never again (``AsyncVectorEnv`` keeps that tuple and
hands out copies of it), so with its default ``shared_memory=True`` every step would return
stale strings. The observation space is therefore ``CallText``, whose shared-memory reader is a
live view (``SharedTexts``) decoded each time it is read or copied: Gymnasium's own async mode
works as it does for arrays. The vector entry point builds its async envs without shared memory
all the same (observations travel through the worker pipes, which is cheaper for short text)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gymnasium import Env
from gymnasium.envs.registration import load_env_creator
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv

from mivas_env.spaces import CallText, SharedTexts

__all__ = ["CallText", "SharedTexts", "make_generated_vector_env", "make_vector_env"]


def make_vector_env(num_envs: int = 1, asynchronous: bool | None = None,
                    max_episode_steps: int | None = None, *,
                    env_class: str = "mivas_env.env:MivasEnv",
                    **kwargs: Any) -> VectorEnv[Any, Any, Any]:
    """``num_envs`` copies of ``env_class(**kwargs)`` (a ``MivasEnv`` by default), each in its
    own process when ``asynchronous`` (the default for more than one env), else stepped in turn
    in this process. Env ``i`` of ``reset(seed=s)`` is seeded ``s + i`` either way, so both
    give the same episodes."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be >= 1, got {num_envs}")
    if max_episode_steps is not None:  # Gymnasium's TimeLimit, as MivasEnv's own max_turns
        kwargs.setdefault("max_turns", max_episode_steps)
    creator: Callable[..., Env[Any, Any]] = load_env_creator(env_class)  # type: ignore[assignment]
    factory = partial(creator, **kwargs)
    if asynchronous if asynchronous is not None else num_envs > 1:
        return AsyncVectorEnv([factory] * num_envs, shared_memory=False)
    return SyncVectorEnv([factory] * num_envs)


def make_generated_vector_env(num_envs: int = 1, asynchronous: bool | None = None,
                              max_episode_steps: int | None = None,
                              curriculum: dict[str, Any] | None = None,
                              **kwargs: Any) -> VectorEnv[Any, Any, Any]:
    """``make_vector_env`` over ``GeneratedEnv`` (the ``mivas/<industry>-gen-v0`` ids); with
    ``curriculum`` (``Curriculum`` keywords) each sub-env runs its own curriculum."""
    if curriculum is None:
        return make_vector_env(num_envs, asynchronous, max_episode_steps,
                               env_class="mivas_env.generated:GeneratedEnv", **kwargs)
    return make_vector_env(num_envs, asynchronous, max_episode_steps,
                           env_class="mivas_env.vector:_curriculum_env",
                           curriculum=dict(curriculum), **kwargs)


def _curriculum_env(curriculum: dict[str, Any], **kwargs: Any) -> Env[Any, Any]:
    """A ``GeneratedEnv`` in a ``Curriculum`` (a module-level function: async workers pickle it)."""
    from mivas_env.generated import GeneratedEnv
    from mivas_env.wrappers.curriculum import Curriculum

    return Curriculum(GeneratedEnv(**kwargs), **curriculum)
