"""Vectorised MIVAS environments: what ``gymnasium.make_vec("mivas/<industry>-v0", num_envs=N)``
returns (every env id registers ``make_vector_env`` as its vector entry point).

Observations are ``Text``. Gymnasium's shared-memory transport decodes a ``Text`` observation
once, when the vector env is built, and never again, so ``AsyncVectorEnv`` with its default
``shared_memory=True`` would hand out stale strings on every step. The observation space is
therefore ``CallText``, which refuses shared memory with a clear error, and the vector entry
point builds its async envs with ``shared_memory=False`` (observations travel through the
worker pipes)."""

from __future__ import annotations

import multiprocessing as mp
from functools import partial
from typing import Any

from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import create_shared_memory


class CallText(spaces.Text):
    """The ``Text`` space of a call's observations and actions (one per step, up to
    ``max_length`` characters of the printable-ASCII charset)."""


@create_shared_memory.register(CallText)
def _no_shared_memory(space: CallText, n: int = 1, ctx: Any = mp) -> Any:
    raise TypeError(
        "MIVAS observations are text, which Gymnasium's shared memory reads only once "
        "(stale observations on every step). Use gymnasium.make_vec(id, num_envs=N) (parallel by "
        "default), or AsyncVectorEnv(..., shared_memory=False), or "
        "make_vec(..., vectorization_mode='async', vector_kwargs={'shared_memory': False}).")


def make_vector_env(num_envs: int = 1, asynchronous: bool | None = None,
                    max_episode_steps: int | None = None, **kwargs: Any) -> VectorEnv[Any, Any, Any]:
    """``num_envs`` copies of ``MivasEnv(**kwargs)``, each in its own process when
    ``asynchronous`` (the default for more than one env), else stepped in turn in this process.
    Env ``i`` of ``reset(seed=s)`` is seeded ``s + i`` either way, so both give the same
    episodes."""
    from mivas_env.env import MivasEnv

    if num_envs < 1:
        raise ValueError(f"num_envs must be >= 1, got {num_envs}")
    if max_episode_steps is not None:  # Gymnasium's TimeLimit, as MivasEnv's own max_turns
        kwargs.setdefault("max_turns", max_episode_steps)
    factory = partial(MivasEnv, **kwargs)
    if asynchronous if asynchronous is not None else num_envs > 1:
        return AsyncVectorEnv([factory] * num_envs, shared_memory=False)
    return SyncVectorEnv([factory] * num_envs)
