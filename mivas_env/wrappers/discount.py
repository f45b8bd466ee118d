"""``FixedDiscountEval``: the terminal reward recomputed with one fixed discount."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym

from rewards.verify import check_discount, r_train


class FixedDiscountEval(gym.Wrapper[str, Any, str, Any], gym.utils.RecordConstructorArgs):
    """Recompute the terminal reward from the verdict with a fixed ``discount``, whatever the
    environment was built with; ``discount=None`` gives ``r_eval`` (pass = 1, fail = 0).

    This is what leaderboards and ``mivas eval`` use, so numbers from runs trained with different
    discounts stay comparable. ``info["reward_basis"]`` records which reward was returned."""

    def __init__(self, env: gym.Env[str, Any], discount: float | None = None) -> None:
        if discount is not None:
            check_discount(discount)
        gym.utils.RecordConstructorArgs.__init__(self, discount=discount)
        gym.Wrapper.__init__(self, env)
        self.discount = discount

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        verdict = info.get("verdict")
        if verdict is not None:
            if self.discount is None:
                reward = float(verdict["r_eval"])
                info = {**info, "reward_basis": "r_eval"}
            else:
                reward = r_train(verdict["r_eval"], verdict["handoff"]["verdict"], self.discount)
                info = {**info, "reward_basis": f"r_train@{self.discount:g}"}
        return obs, reward, terminated, truncated, info
