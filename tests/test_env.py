"""MivasEnv: the Gymnasium contract, scoping, transfers, the clock, determinism, bad actions."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import mivas_env
from mivas_env import MivasEnv
from rewards import verify

GOLD = [{"tool": "transfer_to_coverage", "arguments": {"handoff_summary": "plan question"}},
        {"tool": "check_plan_accepted", "arguments": {"carrier": "Aetna",
                                                      "location_id": "Park Avenue"}}]
ANSWER = "Yes, I checked the Park Avenue office: Aetna is accepted there."


def c1e1(**kwargs: Any) -> MivasEnv:
    return MivasEnv(industry="healthcare", task_id="C1-E1", **kwargs)


def run(env: MivasEnv, actions: list[Any], seed: int = 0) -> list[tuple[Any, ...]]:
    steps = [env.reset(seed=seed)]
    for action in actions:
        steps.append(env.step(action))
        if steps[-1][2] or steps[-1][3]:
            break
    return steps


@pytest.mark.parametrize("env_id", sorted(mivas_env.ENV_IDS))
def test_env_checker_passes_for_every_registered_id(env_id: str) -> None:
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_make_with_module_prefix_works_without_a_prior_import() -> None:
    code = ("import gymnasium as gym; e = gym.make('mivas_env:mivas/legal-v0'); "
            "o, i = e.reset(seed=3); print(i['task_id'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.startswith("legal/")


def test_reset_gives_the_opening_line_node_instructions_and_tools() -> None:
    obs, info = c1e1().reset(seed=0)
    assert "Aetna" in obs and "Park Avenue" in obs
    assert info["active_node"] == "reception" and info["task_id"] == "healthcare/C1-E1"
    names = {tool["function"]["name"] for tool in info["tools"]}
    assert "transfer_to_coverage" in names and "check_plan_accepted" not in names
    assert "reception" in info["instructions"].lower() or info["instructions"]
    assert info["turn"] == 0 and isinstance(info["clock_ms"], int)
    for tool in info["tools"]:
        assert "x-kind" not in json.dumps(tool) and tool["type"] == "function"


def test_a_transfer_updates_node_tools_and_instructions() -> None:
    env = c1e1()
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(GOLD[0])
    assert json.loads(obs) == {"ok": True, "data": {"active_node": "coverage"}}
    assert info["active_node"] == "coverage" and "instructions" in info
    assert "check_plan_accepted" in {t["function"]["name"] for t in info["tools"]}
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_oracle_actions_end_with_the_verdict_and_r_train() -> None:
    steps = run(c1e1(), [*GOLD, ANSWER])
    obs, reward, terminated, truncated, info = steps[-1]
    assert terminated and not truncated and info["ended_by"] == "caller_hung_up"
    assert reward == 1.0 and info["r_eval"] == 1 and info["handoff_verdict"] == "exact"
    assert info["verdict"]["passed"] and info["score_T"] == 1.0 and info["db_passed"]
    assert all(step[1] == 0.0 for step in steps[1:-1])


def test_reward_is_the_discount_for_an_in_order_route_with_extra_desks() -> None:
    detour = [{"tool": "transfer_to_scheduling", "arguments": {}},
              {"tool": "transfer_to_coverage", "arguments": {}}, GOLD[1], ANSWER]
    info = run(c1e1(discount=0.3), detour)[-1][4]
    assert info["handoff_verdict"] == "in_order_with_extras" and info["r_train"] == 0.3
    assert info["r_eval"] == 1


def test_exported_trace_rescored_offline_gives_the_same_verdict() -> None:
    actions = [GOLD[0], {"tool": "check_plan_accepted", "arguments": {
        "carrier": "aetna", "location_id": "loc_windermere"}}, ANSWER, "Goodbye!"]
    info = run(c1e1(), actions)[-1][4]
    trace = json.loads(json.dumps(info["trace"]))
    offsets = [c["start_offset_ms"] for group in trace["tool_calls"].values() for c in group]
    assert len(set(offsets)) == len(offsets)
    task = mivas_env.find_task("healthcare/C1-E1")
    assert verify(task.lock, trace).model_dump(mode="json") == info["verdict"]
    assert not info["verdict"]["passed"] and trace["hangup_dump"] is not None


def test_the_clock_orders_calls_and_speech_advances_it() -> None:
    env = c1e1()
    _, info0 = env.reset(seed=0)
    _, _, _, _, info1 = env.step("Let me check that for you.")
    _, _, _, _, info2 = env.step(GOLD[0])
    assert info0["clock_ms"] < info1["clock_ms"] < info2["clock_ms"]
    assert env.session is not None
    assert env.session.calls[0].start_offset_ms == info1["clock_ms"]


def test_scoping_enforce_refuses_a_tool_away_from_its_node_and_records_it() -> None:
    env = c1e1()
    env.reset(seed=0)
    obs, *_ = env.step(GOLD[1])
    assert json.loads(obs)["error_code"] == "not_available_at_node"
    info = env.step({"tool": "end_call", "arguments": {}})[4]
    assert "check_plan_accepted" in info["trace"]["tool_calls"]
    assert info["trace"]["tool_calls"]["check_plan_accepted"][0]["output"]["ok"] is False


def test_scoping_permissive_runs_the_tool_but_the_handoff_gate_still_sees_the_leak() -> None:
    env = c1e1(scoping="permissive")
    env.reset(seed=0)
    obs, *_ = env.step(GOLD[1])
    assert json.loads(obs)["ok"] is True
    info = env.step(ANSWER)[4]
    assert info["score_T"] == 0.5 and not info["verdict"]["handoff"]["passed"]


def test_a_transfer_against_the_graph_is_refused() -> None:
    env = c1e1()
    env.reset(seed=0)
    env.step(GOLD[0])
    obs, *_ , info = env.step({"tool": "transfer_to_coverage", "arguments": {}})
    assert json.loads(obs)["error_code"] == "not_available_at_node"
    assert info["active_node"] == "coverage"


def test_transfer_to_human_terminates_the_episode() -> None:
    env = c1e1()
    env.reset(seed=0)
    _, _, terminated, _, info = env.step({"tool": "transfer_to_human", "arguments": {}})
    assert terminated and info["ended_by"] == "transfer_to_human"


def test_max_turns_truncates_with_a_verdict() -> None:
    env = c1e1(max_turns=3)
    steps = run(env, ["hmm", "hmm", "hmm", "hmm"])
    _, reward, terminated, truncated, info = steps[-1]
    assert truncated and not terminated and len(steps) == 4
    assert info["r_eval"] == 0 and reward == 0.0 and "verdict" in info


def test_same_seed_gives_the_same_episode_and_trace() -> None:
    actions = ["What is your name and date of birth?", *GOLD, "Which carrier?", ANSWER]
    first, second = run(c1e1(), actions, seed=7), run(c1e1(), actions, seed=7)
    assert [s[0] for s in first] == [s[0] for s in second]
    assert first[-1][4]["trace"] == second[-1][4]["trace"]
    env = MivasEnv(industry="legal")
    assert env.reset(seed=11)[1]["task_id"] == MivasEnv(industry="legal").reset(seed=11)[1]["task_id"]


def test_different_seeds_give_different_paraphrases() -> None:
    openings = {c1e1().reset(seed=seed)[0] for seed in range(12)}
    assert len(openings) >= 2


def test_reset_options_pick_the_task() -> None:
    env = MivasEnv()
    _, info = env.reset(seed=0, options={"task_id": "healthcare/C1-E1"})
    assert info["task_id"] == "healthcare/C1-E1"


GARBAGE: list[Any] = [
    "", "   ", "{", "{\"tool\": 5}", "{\"tool\": \"\"}", "[1, 2, 3]", "null", "x" * 1_000_000,
    None, 42, 3.5, b"\xff\xfe bytes", ["list"], {"arguments": {}}, {"tool": "x" * 10_000},
    {"tool": "teleport", "arguments": {}}, "[" * 100_000, "{\"a\":" * 50_000,
    {"tool": "check_plan_accepted", "arguments": "not json"},
    {"tool": "check_plan_accepted", "arguments": [1, 2]},
    {"tool": "transfer_to_coverage", "arguments": {"carrier": {"nested": [1, {"deep": 2}]}}},
    {"name": "transfer_to_coverage", "arguments": "{\"handoff_summary\": 7}"},
    "\x00\x01\x02 control \u202e unicode \U0001f600 é",
    {"type": "function", "function": {"name": "transfer_to_coverage", "arguments": "{}"}},
]


@pytest.mark.parametrize("action", GARBAGE, ids=range(len(GARBAGE)))
def test_garbage_actions_never_raise_and_become_observations(action: Any) -> None:
    env = c1e1()
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)
    assert isinstance(obs, str) and env.observation_space.contains(obs)
    assert reward == 0.0 and isinstance(info["messages"], list)


def test_garbage_in_every_argument_position_is_an_error_observation_not_a_crash() -> None:
    env = c1e1()
    env.reset(seed=0)
    env.step(GOLD[0])
    for value in (None, 5, [], {}, "", "x" * 100_000, True, ["loc_park_ave"], {"a": "b"}):
        obs, *_ = env.step({"tool": "check_plan_accepted",
                            "arguments": {"carrier": value, "location_id": value}})
        assert json.loads(obs)["ok"] is False
    info = env.step({"tool": "end_call", "arguments": {}})[4]
    assert "verdict" in info


def test_stepping_after_the_end_does_not_raise() -> None:
    env = c1e1()
    run(env, [{"tool": "end_call", "arguments": {}}])
    obs, reward, terminated, _, _ = env.step("hello?")
    assert json.loads(obs)["error_code"] == "episode_over" and terminated and reward == 0.0


def test_render_ansi_is_the_transcript() -> None:
    env = c1e1(render_mode="ansi")
    run(env, ["Hello, how can I help?"])
    text = env.render()
    assert text is not None and text.startswith("caller:") and "agent: Hello" in text


def test_render_under_gym_make_warns_about_nothing() -> None:
    import warnings

    env = gym.make("mivas/healthcare-v0", render_mode="ansi", task_id="C1-E1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=0)
        env.step("Hello, how can I help?")
        assert "agent: Hello" in (env.render() or "")


def test_messages_are_an_openai_style_history_delta() -> None:
    env = c1e1()
    env.reset(seed=0)
    messages = env.step(GOLD[0])[4]["messages"]
    assert messages[0]["role"] == "assistant" and messages[0]["tool_calls"][0]["function"][
        "name"] == "transfer_to_coverage"
    assert messages[1]["role"] == "tool" and messages[1]["tool_call_id"] == messages[0][
        "tool_calls"][0]["id"]
    assert json.loads(messages[0]["tool_calls"][0]["function"]["arguments"]) == GOLD[0][
        "arguments"]


def _keys_of(typed: Any) -> tuple[set[str], set[str]]:
    return set(typed.__required_keys__), set(typed.__required_keys__ | typed.__optional_keys__)


@pytest.mark.parametrize("task_id", ["healthcare/C1-E1", "legal/C1-E1", "customer_support/C1-E1"])
def test_every_info_key_is_declared_in_step_info(task_id: str) -> None:
    from mivas_env.agents.baselines import OracleAgent
    from mivas_env.env import StepInfo

    required, declared = _keys_of(StepInfo)
    env = MivasEnv()
    agent = OracleAgent()
    obs, info = env.reset(seed=0, options={"task_id": task_id})
    agent.reveal(mivas_env.find_task(task_id).lock)
    agent.reset(obs, info)
    infos = [info]
    while True:
        obs, _, terminated, truncated, info = env.step(agent.act(obs, info))
        infos.append(info)
        if terminated or truncated:
            break
    infos.append(env.step("anyone there?")[4])
    for info in infos:
        assert required <= set(info) <= declared
    assert {"task_id", "industry", "category", "instructions"} <= set(infos[0])
    heard = {"caller_said", "caller_spoken", "asr_confidence"}  # every line the caller speaks
    assert heard <= set(infos[0])
    # reset keys of -gen-v0 envs (and of a task with a level, and of Curriculum) only
    generated = {"split", "instance_seed", "world_seed", "family", "level", "pass_rate"}
    llm_caller = {"caller_repairs"}  # every step, with an LLM caller only
    outcome = (declared - required - generated - heard - llm_caller
               - {"task_id", "industry", "category", "instructions"})
    assert outcome <= set(infos[-2]) and not outcome & set().union(*map(set, infos[:-2]))


def test_call_tool_returns_the_call_it_recorded() -> None:
    env = c1e1()
    env.reset(seed=0)
    assert env.session is not None
    recorded = env.session.call_tool("transfer_to_coverage", {"handoff_summary": "plan"})
    assert recorded.call is env.session.calls[-1] and recorded.output is recorded.call.output
    assert json.loads(recorded.arguments_json) == recorded.call.arguments == {"handoff_summary": "plan"}
    unrecordable = env.session.call_tool("check_plan_accepted", [1, 2])
    assert unrecordable.arguments_json == "{}" and unrecordable.call.arguments == {}
