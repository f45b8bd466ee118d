"""The ``text`` channel (the default) records exactly what the environment recorded before the
channel existed: observations, chat messages, rewards and traces, byte for byte.

The digests were recorded by the code without the channel (the caller as of branch ``hacking``
at a3dea51). A deliberate change to the text episodes (a caller or tool-server change) must
re-record them: ``python tests/test_channel_text.py``, and say so in the commit."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from mivas_env import MivasEnv
from mivas_env.agents.baselines import PrivilegedAgent, is_privileged, make_agent
from mivas_env.call.tasks import load_tasks
from mivas_env.env import policy_info
from rewards.normalize import canonical_json

FIXTURE = Path(__file__).parent / "fixtures" / "text_channel_digests.json"
AGENTS = ("oracle", "random", "noop")


def episode_digest(env: MivasEnv, agent_name: str, task_id: str, seed: int) -> str:
    """sha256 over everything an episode shows the policy and records."""
    agent = make_agent(agent_name, **({"seed": seed} if agent_name == "random" else {}))
    obs, info = env.reset(seed=seed, options={"task_id": task_id})
    task = env.task
    assert task is not None
    if is_privileged(agent):
        assert isinstance(agent, PrivilegedAgent)
        agent.reveal(task.lock)
    agent.reset(obs, policy_info(info))
    record: list[Any] = [obs, info["messages"]]
    while True:
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, policy_info(info)))
        record.append([obs, float(reward), terminated, truncated, info["messages"]])
        if terminated or truncated:
            break
    record.append(info["trace"])
    return hashlib.sha256(canonical_json(record).encode()).hexdigest()


def suite_digests(industries: set[str] | None = None, **env_kwargs: Any) -> dict[str, str]:
    env = MivasEnv(**env_kwargs)
    tasks = sorted((task for task in load_tasks() if industries is None
                    or task.industry in industries),
                   key=lambda task: task.full_id)  # seeds do not hang on the order
    return {f"{name}:{task.full_id}": episode_digest(env, name, task.full_id, 7 + i)
            for name in AGENTS for i, task in enumerate(tasks)}


@pytest.mark.parametrize("kwargs", [{}, {"channel": "text"}], ids=["default", "explicit"])
def test_text_channel_episodes_are_byte_identical_to_those_recorded_before_the_channel(
        kwargs: dict[str, Any]) -> None:
    recorded = json.loads(FIXTURE.read_text())
    # the industries recorded then; an industry added since has no digest to compare
    industries = {key.split(":")[1].split("/")[0] for key in recorded}
    assert suite_digests(industries, **kwargs) == recorded


if __name__ == "__main__":  # regenerate only when the text channel is meant to change
    FIXTURE.write_text(json.dumps(suite_digests(), indent=1, sort_keys=True) + "\n")
