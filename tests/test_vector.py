"""Vectorised envs: gym.make_vec gives correct parallel envs by default, and sync and async
vector envs return the same observations, rewards and infos for the same seeds."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

import mivas_env

ENV_ID = "mivas/healthcare-v0"
N = 2
# A tool call, speech, garbage, a transfer, then the end of the call (autoreset follows).
ACTIONS: list[tuple[Any, ...]] = [
    ('{"tool": "transfer_to_coverage", "arguments": {}}', "Could I have your full name?"),
    ("What is your date of birth?", '{"tool": "lookup_patient", "arguments": "nope"}'),
    ({"tool": "check_plan_accepted", "arguments": {"carrier": "Aetna", "location_id": "Park Avenue"}},
     '{"tool": "transfer_to_scheduling", "arguments": {}}'),
    ("Aetna is accepted at Park Avenue.", "Which location would you like?"),
    ('{"tool": "end_call", "arguments": {}}', '{"tool": "end_call", "arguments": {}}'),
    ("Hello, how can I help?", "Hello, how can I help?"),
    ("Can I have your full name?", "{"),
]


def plain(value: Any) -> Any:
    """Vector infos (dicts of object arrays) as plain JSON-able values."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if isinstance(value, (np.ndarray, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def rollout(env: gym.vector.VectorEnv[Any, Any, Any]) -> list[str]:
    try:
        obs, info = env.reset(seed=7)
        out = [json.dumps(plain([obs, info]), sort_keys=True)]
        for actions in ACTIONS:
            step = env.step(actions)
            out.append(json.dumps(plain(step), sort_keys=True))
        return out
    finally:
        env.close()


@pytest.fixture(scope="module")
def sync_run() -> list[str]:
    return rollout(gym.make_vec(ENV_ID, num_envs=N, vectorization_mode="sync"))


def test_make_vec_by_default_gives_parallel_envs_that_match_sync(sync_run: list[str]) -> None:
    env = gym.make_vec(ENV_ID, num_envs=N)
    assert isinstance(env, AsyncVectorEnv)
    assert rollout(env) == sync_run


def test_the_documented_async_recipe_matches_sync(sync_run: list[str]) -> None:
    env = gym.make_vec(ENV_ID, num_envs=N, vectorization_mode="async",
                       vector_kwargs={"shared_memory": False})
    assert rollout(env) == sync_run


def test_vector_observations_change_every_step(sync_run: list[str]) -> None:
    observations = [json.loads(step)[0] for step in sync_run]
    assert len({tuple(obs) for obs in observations}) == len(observations)
    assert all(isinstance(o, str) and o for obs in observations for o in obs)
    ends = json.loads(sync_run[5])  # the end_call step: both terminated, each with a verdict
    assert ends[2] == [True, True] and ends[4]["_verdict"] == [True, True]


def test_a_vector_env_is_the_single_env_run_n_times(sync_run: list[str]) -> None:
    single = gym.make(ENV_ID)
    obs, _ = single.reset(seed=7 + 1)  # env i of reset(seed=s) is seeded s + i
    assert json.loads(sync_run[0])[0][1] == obs


def test_gymnasiums_own_async_mode_with_shared_memory_matches_sync(sync_run: list[str]) -> None:
    # The call that used to return ",,,,,," on every step: Text in shared memory.
    env = gym.make_vec(f"mivas_env:{ENV_ID}", num_envs=N, vectorization_mode="async")
    assert isinstance(env, AsyncVectorEnv) and env.shared_memory
    assert rollout(env) == sync_run


def test_shared_memory_without_copies_is_a_live_view_of_the_current_step() -> None:
    env = gym.vector.AsyncVectorEnv([lambda: gym.make(ENV_ID)] * N, copy=False)
    try:
        first, _ = env.reset(seed=7)
        opening = tuple(first)
        after = env.step(ACTIONS[0])[0]
        assert tuple(after) != opening and first == after  # one buffer, read now
    finally:
        env.close()


def test_make_vec_can_ask_for_one_process() -> None:
    env = gym.make_vec(ENV_ID, num_envs=N, asynchronous=False, discount=0.2)
    try:
        assert isinstance(env, SyncVectorEnv) and env.envs[0].unwrapped.discount == 0.2
    finally:
        env.close()


def test_every_registered_id_has_the_vector_entry_point() -> None:
    ids = {**mivas_env.ENV_IDS, **getattr(mivas_env, "GEN_ENV_IDS", {})}
    missing = [env_id for env_id in ids if gym.spec(env_id).vector_entry_point is None]
    assert missing == []
