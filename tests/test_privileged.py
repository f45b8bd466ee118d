"""Agents see what a policy sees; only a privileged agent (the oracle) gets the lockfile."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mivas_env import MivasEnv
from mivas_env.agents.baselines import OracleAgent, is_privileged, make_agent
from mivas_env.call.tasks import find_task, load_tasks
from mivas_env.env import POLICY_INFO_KEYS, policy_info
from mivas_env.evaluation.runner import evaluate, run_episode
from rewards.models import Lockfile


class Spy:
    """A policy that writes down everything it was shown."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        self.seen.append(json.dumps([observation, info], default=str))

    def act(self, observation: str, info: dict[str, Any]) -> Any:
        self.seen.append(json.dumps([observation, info], default=str))
        return {"tool": "end_call", "arguments": {}} if len(self.seen) > 3 else "Can I help?"


class PretendsToBePrivileged(Spy):
    privileged = "yes"  # anything but True is not a request for the lockfile

    def reveal(self, lock: Lockfile) -> None:
        raise AssertionError("revealed to an agent that did not declare privileged = True")


def test_a_policy_never_sees_the_task_id_category_or_any_lockfile_content() -> None:
    for task in load_tasks()[::7]:
        spy = Spy()
        run_episode(MivasEnv(tasks=[task]), spy, task, seed=3)
        shown = "\n".join(spy.seen)
        assert task.lock.id not in shown and f'"{task.lock.category}"' not in shown
        assert '"task_id"' not in shown and '"category"' not in shown and '"verdict"' not in shown
        if task.caller.agent_answer:
            assert task.caller.agent_answer not in shown
        for call in task.lock.exp_tool_calls:
            for value in call.parameters.values():
                if isinstance(value, str) and value.startswith(("appt_", "pat_", "rma_")):
                    assert value not in shown


def test_only_an_agent_declaring_privileged_true_is_handed_the_lockfile() -> None:
    task = find_task("healthcare/C1-E1")
    assert is_privileged(OracleAgent()) and not is_privileged(Spy())
    assert not is_privileged(make_agent("noop")) and not is_privileged(make_agent("random"))
    run_episode(MivasEnv(tasks=[task]), PretendsToBePrivileged(), task, seed=0)


def test_the_oracle_refuses_to_run_without_the_lockfile() -> None:
    oracle = OracleAgent()
    with pytest.raises(RuntimeError, match="reveal"):
        oracle.reset("Hello", {})


def test_the_oracle_through_the_privileged_path_is_exact_on_every_task() -> None:
    results = evaluate(OracleAgent(), load_tasks())
    assert all(r.passed and r.handoff_verdict == "exact" for r in results)


def test_policy_info_keeps_only_what_a_policy_may_see() -> None:
    env = MivasEnv(industry="healthcare", task_id="C1-E1")
    _, info = env.reset(seed=0)
    assert {"task_id", "category"} <= set(info)
    safe = policy_info(info)
    assert set(safe) <= POLICY_INFO_KEYS and "task_id" not in safe and "category" not in safe
    assert safe["tools"] == info["tools"] and safe["instructions"] == info["instructions"]
    *_, final = env.step({"tool": "end_call", "arguments": {}})
    assert "verdict" in final and not {"verdict", "trace", "r_eval", "aux"} & set(policy_info(final))
