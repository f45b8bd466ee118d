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

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, overload

import numpy as np
from gymnasium import Env, spaces
from gymnasium.envs.registration import load_env_creator
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import read_from_shared_memory


class CallText(spaces.Text):
    """The ``Text`` space of a call's observations and actions (one per step, up to
    ``max_length`` characters of the printable-ASCII charset)."""


class SharedTexts(Sequence[str]):
    """The ``n`` text observations in an ``AsyncVectorEnv``'s shared memory, decoded whenever
    read: a live view, as the shared arrays of ``Box`` observations are. ``copy.deepcopy``
    (what ``AsyncVectorEnv`` does with ``copy=True``) gives a tuple of the current strings."""

    def __init__(self, space: spaces.Text, shared_memory: Any, n: int) -> None:
        self._codes = np.frombuffer(shared_memory.get_obj(), dtype=np.int32).reshape(
            (n, space.max_length))
        self._pad = len(space.character_set)  # Gymnasium pads each string with this index
        self._chars = np.array([*space.character_list, ""], dtype=object)

    def _decode(self, i: int) -> str:
        row = self._codes[i]
        ends = np.flatnonzero(row >= self._pad)
        return "".join(self._chars[row[: ends[0] if ends.size else row.size]])

    def __len__(self) -> int:
        return int(self._codes.shape[0])

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(self._decode(i) for i in range(len(self))[index])
        return self._decode(range(len(self))[index])

    def __iter__(self) -> Iterator[str]:
        return (self._decode(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # a live view: equal now, not later

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple[str, ...]:
        return tuple(self)

    def __repr__(self) -> str:
        return f"SharedTexts({tuple(self)!r})"


@read_from_shared_memory.register(CallText)
def _read_call_text(space: CallText, shared_memory: Any, n: int = 1) -> SharedTexts:
    return SharedTexts(space, shared_memory, n)


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
                              **kwargs: Any) -> VectorEnv[Any, Any, Any]:
    """``make_vector_env`` over ``GeneratedEnv`` (the ``mivas/<industry>-gen-v0`` ids)."""
    return make_vector_env(num_envs, asynchronous, max_episode_steps,
                           env_class="mivas_env.generation.env:GeneratedEnv", **kwargs)
