"""Curriculum (mivas_env.wrappers.curriculum): promotion, demotion, the info it adds, saving
and restoring, determinism, vector envs."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import pytest

from mivas_env import Curriculum, MivasEnv
from mivas_env.agents.baselines import NoopAgent, OracleAgent
from mivas_env.generated import GeneratedEnv


def _episode(env: gym.Env[str, str], agent: Any, seed: int) -> dict[str, Any]:
    """One episode: the reset info, the oracle handed the lockfile the env drew."""
    observation, info = env.reset(seed=seed)
    if isinstance(agent, OracleAgent):
        task = env.unwrapped.task
        assert task is not None
        agent.reveal(task.lock)
    agent.reset(observation, info)
    done = False
    while not done:
        observation, _, terminated, truncated, _ = env.step(agent.act(observation, info))
        done = terminated or truncated
    return info


def _curriculum(**kwargs: Any) -> Curriculum:
    return Curriculum(GeneratedEnv("healthcare", family="C2"), **kwargs)


def test_a_family_that_passes_moves_up_one_level_per_full_window() -> None:
    env = _curriculum(window=3)
    levels = [_episode(env, OracleAgent(), seed)["level"] for seed in range(7)]
    assert levels == [0, 0, 0, 1, 1, 1, 2]
    assert env.moves == [("healthcare/C2", 0, 1), ("healthcare/C2", 1, 2)]


def test_a_family_that_fails_moves_down_and_stops_at_the_lowest_level() -> None:
    env = _curriculum(window=2, levels=[1, 2, 3], start=2)
    levels = [_episode(env, NoopAgent(), seed)["level"] for seed in range(6)]
    assert levels == [2, 2, 1, 1, 1, 1]


def test_a_pass_rate_between_the_thresholds_keeps_the_level() -> None:
    env = _curriculum(window=4)
    for seed, agent in enumerate([OracleAgent(), NoopAgent()] * 4):
        _episode(env, agent, seed)
    assert env.level("healthcare/C2") == 0 and env.moves == []


def test_reset_info_holds_the_level_and_the_familys_recent_pass_rate() -> None:
    env = _curriculum(window=10)
    first = _episode(env, OracleAgent(), 0)
    assert first["level"] == 0 and first["pass_rate"] is None
    _episode(env, NoopAgent(), 1)
    _, info = env.reset(seed=2)
    assert info["pass_rate"] == 0.5 and info["family"] == "C2"


def test_an_unfinished_episode_does_not_count() -> None:
    env = _curriculum(window=1)
    env.reset(seed=0)
    env.reset(seed=1)
    assert env.totals == {}


def test_a_restored_curriculum_continues_where_the_saved_one_was() -> None:
    env = _curriculum(window=2)
    for seed in range(5):
        _episode(env, OracleAgent(), seed)
    state = json.loads(json.dumps(env.state_dict()))  # plain JSON, as a checkpoint keeps it
    restored = _curriculum(window=2)
    restored.load_state_dict(state)
    assert restored.state_dict() == env.state_dict()
    after = [_episode(e, OracleAgent(), 9)["level"] for e in (env, restored)]
    assert after[0] == after[1] == 2
    assert restored.state_dict() == env.state_dict()


def test_a_state_that_does_not_fit_is_refused() -> None:
    env = _curriculum(window=2)
    state = env.state_dict()
    with pytest.raises(ValueError, match="levels outside"):
        _curriculum(levels=[0, 1]).load_state_dict({**state, "level_of": {"healthcare/C2": 3}})
    with pytest.raises(ValueError, match="version"):
        env.load_state_dict({**state, "version": 99})


def test_the_same_seeds_give_the_same_levels() -> None:
    def run() -> list[int]:
        env = Curriculum(GeneratedEnv("legal"), window=2)
        agents = [OracleAgent(), NoopAgent(), OracleAgent()]
        return [_episode(env, agents[seed % 3], seed)["level"] for seed in range(12)]

    assert run() == run()


def test_per_family_levels_move_apart_and_a_shared_level_moves_together() -> None:
    env = Curriculum(GeneratedEnv("legal"), window=1)
    seen: dict[str, int] = {}
    for seed in range(8):
        info = _episode(env, OracleAgent(), seed)
        seen[info["family"]] = seen.get(info["family"], 0) + 1
    assert len(env.level_of) == len(seen) > 1
    shared = Curriculum(GeneratedEnv("legal"), window=1, per_family=False)
    levels = [_episode(shared, OracleAgent(), seed)["level"] for seed in range(4)]
    assert levels == [0, 1, 2, 3] and set(shared.level_of) == {"*"}


@pytest.mark.parametrize("bad", [{"promote_at": 0.3, "demote_at": 0.7}, {"window": 0},
                                 {"levels": []}, {"levels": [0, 9]}, {"start": 4, "levels": [0]}])
def test_bad_curriculum_settings_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        _curriculum(**bad)


def test_a_curriculum_needs_a_generated_env() -> None:
    with pytest.raises(TypeError, match="generated"):
        Curriculum(MivasEnv(industry="legal"))


def test_each_vector_sub_env_keeps_its_own_curriculum() -> None:
    entry = gym.make_vec("mivas/healthcare-gen-v0", num_envs=2,
                         vectorization_mode="vector_entry_point", asynchronous=False,
                         family="C2", curriculum={"window": 1})
    sync = gym.make_vec("mivas/healthcare-gen-v0", num_envs=2, vectorization_mode="sync",
                        wrappers=[lambda env: Curriculum(env, window=1)], family="C2")
    for vec in (entry, sync):
        _, info = vec.reset(seed=0)
        assert list(info["level"]) == [0, 0]
        states = vec.call("state_dict")
        assert len(states) == 2 and all(state["level_of"] == {} for state in states)
        vec.close()
