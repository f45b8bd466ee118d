"""SkyRL adapter: a skyrl-gym ``BaseTextEnv`` over ``MivasEnv``. Importing this module registers
``mivas-<industry>`` for every industry (and ``mivas-<industry>-gen`` where the generated-family
env id ``mivas/<industry>-gen-v0`` is registered with Gymnasium); the entry point is a string, so
Ray workers that import skyrl_gym's registry from this module get the same ids.

    import skyrl_gym, mivas_env.integrations.skyrl
    env = skyrl_gym.make("mivas-healthcare", env_config={"discount": 0.5},
                         extras={"task_id": "healthcare/C1-E1", "seed": 0})
    messages, meta = env.init([])
    out = env.step('<tool_call>{"name": "transfer_to_coverage", "arguments": {}}</tool_call>')

SkyRL's trainer does not pass ``tools=`` to the chat template, so ``init`` puts the tool schemas in
a system message and ``step`` parses ``<tool_call>{...}</tool_call>`` blocks from the action text
(a reply without a tool call is speech to the caller). ``env_config`` holds env kwargs
(``discount``, ``max_turns``, ``reward``...); ``extras`` (the dataset row's) may hold ``task_id``
and ``seed`` (a generated env: ``seed`` and optionally ``family`` and ``level``; ``level`` in
``env_config`` sets the env's). The reward is ``r_train``
on the last step; ``metadata`` then carries ``r_eval``, the verdict and the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import skyrl_gym
from skyrl_gym.envs.base_text_env import BaseTextEnv, BaseTextEnvStepOutput

from mivas_env.integrations.common import (
    env_action,
    finish,
    make_text_env,
    opening_message,
    outcome,
    parse_tool_calls,
    reset_options,
    tool_result_text,
    tools_message,
)
from rewards.industry import industry_names

ENTRY_POINT = "mivas_env.integrations.skyrl:MivasTextEnv"


def _plain(config: Any) -> dict[str, Any]:
    """A plain dict from an env_config (dict, OmegaConf DictConfig or None)."""
    if config is None:
        return {}
    try:
        from omegaconf import DictConfig, OmegaConf

        if isinstance(config, DictConfig):
            plain = OmegaConf.to_container(config, resolve=True)
            return {str(k): v for k, v in plain.items()} if isinstance(plain, dict) else {}
    except ImportError:
        pass
    return dict(config) if isinstance(config, Mapping) else {}


class MivasTextEnv(BaseTextEnv):  # type: ignore[misc]
    """One phone call as a skyrl-gym text env (see the module doc)."""

    def __init__(self, env_config: Any = None, extras: Mapping[str, Any] | None = None,
                 industry: str = "healthcare") -> None:
        super().__init__()
        kwargs = _plain(env_config)
        self.industry_or_id = str(kwargs.pop("env_id", industry))
        self.env = make_text_env(self.industry_or_id, **kwargs)
        self.industry = next(iter({t.industry for t in self.env.tasks}))
        self.extras = dict(extras or {})
        self.max_turns = self.env.max_turns
        self.info: dict[str, Any] = {}
        self.outcome: dict[str, Any] = {}

    def init(self, prompt: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        task_id = self.extras.get("task_id")
        seed = self.extras.get("seed")
        opening, info = self.env.reset(
            seed=int(seed) if seed is not None else None,
            options=reset_options(self.env, task_id, self.extras.get("family"),
                                  self.extras.get("level")))
        self.info, self.outcome, self.turns = dict(info), {}, 0
        messages = [m for m in (prompt or []) if m.get("role") != "system"]
        return ([{"role": "system", "content": tools_message(self.industry)}, *messages,
                 {"role": "user", "content": opening_message(info, opening)}],
                {"task_id": info["task_id"]})

    def step(self, action: str) -> BaseTextEnvStepOutput:
        self.turns += 1
        calls = parse_tool_calls(action) or [{"name": "say", "arguments": {"text": action}}]
        observations = []
        done = False
        for call in calls:
            was_speech = call["name"] == "say"
            observation, _, terminated, truncated, step_info = self.env.step(
                env_action(call, self.industry))
            self.info = info = dict(step_info)
            text = tool_result_text(observation, info, was_speech)
            observations.append({"role": "user", "content": text if was_speech
                                 else f"<tool_response>\n{text}\n</tool_response>"})
            if terminated or truncated:
                done = True
                break
        if not done and self.turns >= self.max_turns:
            self.info = finish(self.env)
            done = True
        reward = 0.0
        metadata: dict[str, Any] = {"active_node": self.info.get("active_node")}
        if done:
            self.outcome = outcome(self.info)
            reward = float(self.outcome["r_train"])
            metadata.update(self.outcome)
        return BaseTextEnvStepOutput(observations=[] if done else observations, reward=reward,
                                     done=done, metadata=metadata, postprocessed_action=None)

    def get_metrics(self) -> dict[str, Any]:
        if not self.outcome:
            return {"turns": self.turns}
        return {"r_train": self.outcome["r_train"], "r_eval": self.outcome["r_eval"],
                "exact": float(self.outcome["r_eval"] == 1
                               and self.outcome.get("handoff_verdict") == "exact"),
                "turns": self.turns}

    @staticmethod
    def aggregate_metrics(metrics: list[dict[str, Any]]) -> dict[str, Any]:
        numeric = [m for m in metrics if "r_eval" in m]
        if not numeric:
            return {}
        return {key: sum(float(m[key]) for m in numeric) / len(numeric)
                for key in ("r_train", "r_eval", "exact", "turns")}

    def close(self) -> None:
        self.env.session = None


def register() -> list[str]:
    """Register ``mivas-<industry>`` (and ``mivas-<industry>-gen`` where that Gymnasium id
    exists) with skyrl_gym; returns the ids. Idempotent."""
    ids = []
    for industry in industry_names():
        targets = {f"mivas-{industry}": industry}
        gen_id = f"mivas/{industry}-gen-v0"
        if gen_id in gym.registry:
            targets[f"mivas-{industry}-gen"] = gen_id
        for sky_id, target in targets.items():
            if sky_id not in skyrl_gym.registry:
                skyrl_gym.register(id=sky_id, entry_point=ENTRY_POINT,
                                   kwargs={"industry": target})
            ids.append(sky_id)
    return ids


IDS = register()
