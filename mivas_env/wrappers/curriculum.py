"""``Curriculum``: difficulty levels that follow the policy, over a ``mivas/<industry>-gen-v0``
env (issue 21; reasoning-gym's rule: a level up at 70% success, down at 30%).

What changes for the caller: every ``reset`` asks the generated env for each family's current
level (``options={"level": {...}}``) and adds ``level`` and ``pass_rate`` (the family's pass
rate over its recent episodes at that level, None before any) to ``info``; every episode that
ends (terminated or truncated, with a verdict) counts as a pass or a fail of its family at its
level. Once a family has ``window`` episodes at its level, a pass rate of at least
``promote_at`` moves it one level up, at most ``demote_at`` one level down, and its window
starts again. With ``per_family=False`` one level is shared by every family.

Nothing is random: the same seeds and actions give the same levels. ``state_dict()`` is a
JSON-ready dict and ``load_state_dict()`` restores it, so a run that restarts from a
checkpoint keeps its levels. Each env keeps its own curriculum: under
``gym.make_vec(..., curriculum={...})`` every sub-env has one (read them with
``vec.call("state_dict")``), and under RLlib every env runner's env does
(``env_config["curriculum"]``; see docs/generation.md#curriculum)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any, SupportsFloat

import gymnasium as gym

SHARED = "*"  # the key of the one level every family shares (per_family=False)
STATE_VERSION = 1


class Curriculum(gym.Wrapper[str, str, str, str]):
    """Moves each family's level of a generated env up at ``promote_at`` and down at
    ``demote_at`` pass rate over its last ``window`` episodes at that level."""

    def __init__(self, env: gym.Env[str, str], levels: Iterable[int] = range(5),
                 promote_at: float = 0.7, demote_at: float = 0.3, window: int = 20,
                 per_family: bool = True, start: int | None = None) -> None:
        super().__init__(env)
        from mivas_env.generated import GeneratedEnv  # generation imports the wrappers
        from mivas_env.generation.levels import check_level

        if not isinstance(env.unwrapped, GeneratedEnv):
            raise TypeError("Curriculum wraps a generated env (mivas/<industry>-gen-v0)")
        self.levels = tuple(sorted({check_level(level) for level in levels}))
        if not self.levels:
            raise ValueError("Curriculum needs at least one level")
        if not 0.0 <= demote_at < promote_at <= 1.0:
            raise ValueError(f"need 0 <= demote_at < promote_at <= 1, got {demote_at} and "
                             f"{promote_at}")
        if isinstance(window, bool) or not isinstance(window, int) or window < 1:
            raise ValueError(f"window must be a positive int, got {window!r}")
        self.start = self.levels[0] if start is None else start
        if self.start not in self.levels:
            raise ValueError(f"start level {start} is not one of the levels {self.levels}")
        self.promote_at, self.demote_at = float(promote_at), float(demote_at)
        self.window, self.per_family = window, per_family
        self.level_of: dict[str, int] = {}  # family key ("legal/C3" or SHARED) -> level
        self.recent: dict[str, deque[int]] = {}  # the family's outcomes at its current level
        self.totals: dict[str, list[int]] = {}  # "<family>@<level>" -> [episodes, passes]
        self.moves: list[tuple[str, int, int]] = []  # (family, from, to), in order
        self._running: tuple[str, int] | None = None  # the episode under way: family, level

    # --- the Gymnasium API ---------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[str, dict[str, Any]]:
        options = dict(options or {})
        if "level" not in options:
            levels = {SHARED: self.start, **self.level_of}
            options["level"] = levels if self.per_family else levels.get(SHARED, self.start)
        observation, info = self.env.reset(seed=seed, options=options)
        family = self.key(info)
        level = int(info["level"])
        self._running = (family, level)
        info["pass_rate"] = self.pass_rate(family) if level == self.level(family) else None
        return observation, info

    def step(self, action: str) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        if (terminated or truncated) and self._running is not None and "r_eval" in info:
            family, level = self._running
            self._running = None
            self.record(family, level, bool(info["r_eval"]))
        return observation, reward, terminated, truncated, info

    # --- the curriculum --------------------------------------------------------------------

    def key(self, info: Mapping[str, Any]) -> str:
        """The family an episode counts for: ``<industry>/<code>``, or SHARED."""
        return f"{info['industry']}/{info['family']}" if self.per_family else SHARED

    def level(self, family: str) -> int:
        """A family's current level (``start`` until it moves)."""
        return self.level_of.get(family, self.start)

    def pass_rate(self, family: str) -> float | None:
        """The family's pass rate over its recent episodes at its current level."""
        recent = self.recent.get(family)
        return sum(recent) / len(recent) if recent else None

    def record(self, family: str, level: int, passed: bool) -> None:
        """One finished episode; moves the family when its window is full and the rate says
        so. An episode run at another level than the family's (an explicit ``level`` option)
        counts in the totals only."""
        total = self.totals.setdefault(f"{family}@{level}", [0, 0])
        total[0] += 1
        total[1] += int(passed)
        if level != self.level(family):
            return
        recent = self.recent.setdefault(family, deque(maxlen=self.window))
        recent.append(int(passed))
        if len(recent) < self.window:
            return
        rate = sum(recent) / len(recent)
        at = self.levels.index(level)
        to = (at + 1 if rate >= self.promote_at and at + 1 < len(self.levels) else
              at - 1 if rate <= self.demote_at and at > 0 else at)
        if to != at:
            self.level_of[family] = self.levels[to]
            self.moves.append((family, level, self.levels[to]))
            recent.clear()

    # --- saving and restoring ----------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Everything the curriculum has learned, as plain JSON values."""
        return {"version": STATE_VERSION, "levels": list(self.levels), "start": self.start,
                "level_of": dict(self.level_of),
                "recent": {family: list(recent) for family, recent in self.recent.items()},
                "totals": {key: list(total) for key, total in self.totals.items()},
                "moves": [list(move) for move in self.moves]}

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Restore a ``state_dict()`` (a ValueError when it does not fit these levels)."""
        if state.get("version") != STATE_VERSION:
            raise ValueError(f"not a curriculum state of version {STATE_VERSION}")
        level_of = {str(family): int(level) for family, level in state["level_of"].items()}
        if any(level not in self.levels for level in level_of.values()):
            raise ValueError(f"the state holds levels outside {self.levels}")
        self.level_of = level_of
        self.recent = {str(family): deque((int(x) for x in recent), maxlen=self.window)
                       for family, recent in state["recent"].items()}
        self.totals = {str(key): [int(n) for n in total] for key, total in state["totals"].items()}
        self.moves = [(str(f), int(a), int(b)) for f, a, b in state.get("moves", [])]
        self._running = None


__all__ = ["SHARED", "Curriculum"]
