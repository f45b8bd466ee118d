"""The spaces of a call: ``CallText``, the text of one observation or action, and its live
shared-memory view (``SharedTexts``) for Gymnasium's async vector envs.

Gymnasium's shared-memory transport decodes a ``Text`` observation once, when the vector env is
built, and never again, so the registered reader here returns a live view decoded each time it is
read or copied: Gymnasium's own async mode works as it does for arrays."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

import numpy as np
from gymnasium import spaces
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
