"""verifiers adapter (``verifiers`` 0.4, the ``verifiers.v1`` API): a Taskset of MIVAS calls
and an Env whose ``run`` steps ``MivasEnv`` host-side, the phone call playing the user.

Taskset id ``mivas_env.integrations.verifiers`` (verifiers imports the id as a module and takes
the one ``Taskset`` and the one ``Env`` this module exports)::

    vf-eval mivas_env.integrations.verifiers -m MODEL --client.base-url http://127.0.0.1:8000/v1 \\
        --no-push --env.agent.runtime.type subprocess --env.taskset.industry legal

Each task is one (task id, seed): its prompt is the opening desk's instructions and the
caller's first words, its system prompt the business, the tool schemas and the tool-call
format (``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``; a reply without one is
said to the caller). The agent seat runs verifiers' tool-less ``null`` chat harness; ``run``
parses tool calls out of each reply, steps the env and answers with the tool results or the
caller's words until the call ends. ``r_train`` is recorded as the reward, ``r_eval``,
``score_T``, ``score_H``, ``db_passed`` and ``exact`` as metrics, the verdict in
``trace.info["mivas"]``. Task data carries only policy-visible text plus the task id and seed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import verifiers.v1 as vf

from mivas_env.integrations.common import (
    env_action,
    finish,
    industry_of,
    is_generated,
    make_text_env,
    opening_message,
    outcome,
    parse_tool_calls,
    reset_options,
    tool_result_text,
    tools_message,
)

__all__ = ["MivasData", "MivasEnvConfig", "MivasTask", "MivasTasksetConfig", "MivasTaskset",
           "MivasVerifiersEnv"]


class MivasTasksetConfig(vf.TasksetConfig):  # type: ignore[misc]
    industry: str = "healthcare"
    """An industry or a single-industry env id (``mivas/legal-gen-v0``)."""
    task_ids: list[str] = []
    """Full task ids to load (empty: every task of the env; a generated env has none)."""
    seeds: int = 1
    """Episodes per task, seeds 0..seeds-1 (a generated env: one instance per seed)."""
    env_kwargs: dict[str, Any] = {}
    """Passed to the env unchanged (``discount``, ``max_turns``, ``reward``, a generated env's
    ``level``...)."""
    levels: list[int] = []
    """A generated env: every seed at each of these levels (empty: the env's level)."""


class MivasData(vf.TaskData):  # type: ignore[misc]
    task_id: str
    seed: int
    industry: str
    level: int | None = None


class MivasTask(vf.Task[MivasData, vf.State, vf.TaskConfig]):  # type: ignore[misc]
    pass


class MivasTaskset(vf.Taskset[MivasTask, MivasTasksetConfig]):  # type: ignore[misc]
    def load(self) -> Iterator[MivasTask]:
        config = self.config
        env = make_text_env(config.industry, **config.env_kwargs)
        industry = industry_of(config.industry)
        plan: list[tuple[str, int, int | None]]
        if is_generated(env):  # one generated instance per seed (and level)
            plan = [("", seed, level) for level in (config.levels or [None])
                    for seed in range(config.seeds)]
        else:
            if config.levels:
                raise ValueError("levels are for a generated env (mivas/<industry>-gen-v0)")
            wanted = set(config.task_ids)
            plan = [(t.full_id, seed, None) for seed in range(config.seeds) for t in env.tasks
                    if not wanted or t.full_id in wanted or t.lock.id in wanted]
        for task_id, seed, level in plan:
            opening, info = env.reset(seed=seed, options=reset_options(env, task_id,
                                                                        level=level))
            drawn = info.get("task_id", task_id)
            yield MivasTask(MivasData(id=f"{drawn}#{seed}", name=drawn,
                                      prompt=opening_message(info, opening),
                                      system_prompt=tools_message(industry),
                                      task_id=task_id, seed=seed, industry=industry,
                                      level=level),
                            config.task)


class MivasEnvConfig(vf.EnvConfig):  # type: ignore[misc]
    agent: vf.AgentConfig = vf.AgentConfig(harness={"id": "null"})
    """The policy's seat: verifiers' tool-less chat loop (tools are parsed from text)."""


class MivasVerifiersEnv(vf.Env[MivasEnvConfig]):  # type: ignore[misc]
    async def run(self, task: MivasTask, agents: Any) -> None:
        taskset_config = self.taskset.config
        env = make_text_env(taskset_config.industry, **taskset_config.env_kwargs)
        industry = task.data.industry
        env.reset(seed=task.data.seed,
                  options=reset_options(env, task.data.task_id, level=task.data.level))
        info: dict[str, Any] = {}
        async with agents.agent.interaction(task) as interaction:
            segment = await interaction.turn()  # the prompt (the caller's opening) is given
            while not segment.terminated:
                reply = segment.last_reply
                calls = parse_tool_calls(reply) or [{"name": "say", "arguments": {"text": reply}}]
                texts, done = [], False
                for call in calls:
                    observation, _, terminated, truncated, step_info = env.step(
                        env_action(call, industry))
                    info = dict(step_info)
                    texts.append(tool_result_text(observation, info, call["name"] == "say"))
                    if terminated or truncated:
                        done = True
                        break
                if done:
                    break
                segment = await interaction.turn("\n".join(texts))
        if "verdict" not in info:
            info = finish(env)
        result = outcome(info)
        trace = interaction.trace
        trace.record_reward("r_train", result["r_train"], 1.0)
        trace.record_metrics({
            "r_eval": result["r_eval"], "score_T": float(result.get("score_T", 0.0)),
            "score_H": float(result.get("score_H", 0.0)),
            "db_passed": float(bool(result.get("db_passed"))),
            "exact": float(result["r_eval"] == 1 and result.get("handoff_verdict") == "exact")})
        trace.info["mivas"] = {"task_id": task.data.task_id, "seed": task.data.seed,
                               "level": task.data.level,
                               "verdict": result["verdict"], "aux": result.get("aux"),
                               "ended_by": result.get("ended_by")}
