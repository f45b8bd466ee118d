"""The SkyRL adapter, run through the real skyrl-gym registry."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

skyrl_gym = pytest.importorskip("skyrl_gym", reason="needs the [skyrl] extra")

from mivas_env.integrations import skyrl  # noqa: E402  (registers the ids)
from rewards.industry import industry_names  # noqa: E402


def call(name: str, **arguments: object) -> str:
    return f"<tool_call>{json.dumps({'name': name, 'arguments': arguments})}</tool_call>"


def test_every_industry_is_registered() -> None:
    assert {f"mivas-{name}" for name in industry_names()} <= set(skyrl_gym.registry)
    assert set(skyrl.IDS) >= {f"mivas-{name}" for name in industry_names()}


def test_the_gold_route_through_step_earns_r_train_with_the_verdict_in_metadata() -> None:
    env = skyrl_gym.make("mivas-healthcare", env_config={"discount": 0.5},
                         extras={"task_id": "healthcare/C1-E1", "seed": 0})
    messages, meta = env.init([{"role": "user", "content": ""}])
    assert messages[0]["role"] == "system" and "check_plan_accepted" in messages[0]["content"]
    assert meta["task_id"] == "healthcare/C1-E1"
    out = env.step("Let me transfer you. " + call("transfer_to_coverage"))
    assert not out["done"] and out["reward"] == 0.0
    assert "<tool_response>" in out["observations"][0]["content"]
    out = env.step(call("check_plan_accepted", carrier="aetna", location_id="loc_park_ave"))
    assert '"accepted": true' in out["observations"][0]["content"]
    out = env.step("Yes, the Park Avenue office accepts Aetna.")  # plain text is speech
    assert out["done"] and out["reward"] == 1.0
    assert out["metadata"]["r_eval"] == 1.0
    assert out["metadata"]["verdict"]["handoff"]["verdict"] == "exact"
    metrics = env.get_metrics()
    assert metrics["r_eval"] == 1.0 and metrics["exact"] == 1.0
    assert skyrl.MivasTextEnv.aggregate_metrics([metrics, {**metrics, "r_eval": 0.0}])[
        "r_eval"] == 0.5


def test_a_detour_earns_the_discounted_reward_and_out_of_turns_is_scored() -> None:
    env = skyrl_gym.make("mivas-healthcare", env_config={"discount": 0.2, "max_turns": 2},
                         extras={"task_id": "healthcare/C1-E1", "seed": 0})
    env.init([])
    env.step(call("transfer_to_scheduling"))
    out = env.step("Hmm, {not a tool call")
    assert out["done"] and out["reward"] == 0.0 and out["metadata"]["r_eval"] == 0.0


def test_a_tool_of_another_desk_answers_not_available_at_node() -> None:
    env = skyrl_gym.make("mivas-legal", extras={"seed": 1})
    env.init([])
    out = env.step(call("hold_consultation", attorney_id="att_01"))
    assert "not_available_at_node" in out["observations"][0]["content"]


def test_generated_families_register_as_gen_ids() -> None:
    import gymnasium as gym

    if "mivas/legal-gen-v0" not in gym.registry:
        pytest.skip("no generated families in this tree")
    assert "mivas-legal-gen" in skyrl.IDS
    env = skyrl_gym.make("mivas-legal-gen", extras={"seed": 4})
    _, meta = env.init([])
    again = skyrl_gym.make("mivas-legal-gen", extras={"seed": 4})
    assert again.init([])[1] == meta and "-train-" in meta["task_id"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=200), st.sampled_from([
    "<tool_call>{not json}</tool_call>", "<tool_call>[1, 2]</tool_call>",
    '<tool_call>{"name": "no_such_tool", "arguments": {"x": 1}}</tool_call>',
    '<tool_call>{"name": "check_plan_accepted", "arguments": "{\\"carrier\\": 3}"}</tool_call>',
    '<tool_call>{"name": "say", "arguments": {"text": null}}</tool_call>'])), max_size=6))
def test_no_model_reply_crashes_a_step(replies: list[str]) -> None:
    env = skyrl_gym.make("mivas-healthcare", env_config={"max_turns": 4},
                         extras={"task_id": "healthcare/C1-E1", "seed": 0})
    env.init([])
    for reply in replies:
        out = env.step(reply)
        assert isinstance(out["reward"], float) and isinstance(out["observations"], list)
        if out["done"]:
            assert "r_eval" in out["metadata"]
            break
