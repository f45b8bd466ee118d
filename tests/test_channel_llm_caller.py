"""The opt-in LLM caller against a loopback stub of an OpenAI-compatible server: the model gets
the lockfile's persona and facts at temperature 0 and speaks the caller's lines; the scripted
caller's goal check and patience still end the call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mivas_env import MivasEnv
from mivas_env.agents.baselines import OracleAgent
from mivas_env.call.tasks import find_task
from mivas_env.caller.llm import LLMCallerConfig
from mivas_env.evaluation.runner import run_episode
from tests.helpers import ChatStub

LINE = "Uh, sure, it's Marisol Vega."


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    with ChatStub([{"content": LINE}]) as stub:
        yield stub


def legal(server: str, **kwargs: Any) -> MivasEnv:
    return MivasEnv(industry="legal", task_id="C1-E1",
                    llm_caller={"base_url": server, "model": "stub", "api_key": "k"}, **kwargs)


def test_the_model_speaks_the_caller_with_the_lockfiles_persona_and_facts(stub: ChatStub) -> None:
    env = legal(stub.base_url)
    env.reset(seed=0)
    obs, *_ = env.step("May I have your full name, please?")
    assert obs == LINE
    [request] = stub.requests
    body = request["body"]
    assert request["path"] == "/v1/chat/completions"
    assert body["temperature"] == 0 and body["model"] == "stub"
    system = body["messages"][0]["content"]
    task = find_task("legal/C1-E1")
    assert task.caller.persona in system and "Marisol Vega" in system
    assert task.caller.goal.description in system
    assert body["messages"][-1] == {"role": "user", "content": "May I have your full name, please?"}
    assert body["messages"][1]["role"] == "assistant"  # the caller's opening line


def test_the_scripted_goal_check_still_ends_the_call(stub: ChatStub) -> None:
    task = find_task("legal/C1-E1")
    result = run_episode(legal(stub.base_url), OracleAgent(), task, 0)
    assert result.passed and result.ended_by in ("end_call", "caller_hung_up")
    env = legal(stub.base_url)
    env.reset(seed=0)
    for _ in range(40):  # an agent that never helps: the scripted caller's patience ends it
        *_, terminated, truncated, info = env.step("Please hold.")
        if terminated or truncated:
            break
    assert info["ended_by"] == "caller_hung_up"
    assert "call back" in info["caller_said"]  # the scripted hang-up line, not the model's


def test_a_failing_endpoint_falls_back_to_the_scripted_line(stub: ChatStub) -> None:
    stub.status = 500
    env = legal(stub.base_url)
    env.reset(seed=0)
    with pytest.warns(RuntimeWarning, match="LLM caller"):
        obs, *_ = env.step("May I have your full name, please?")
    assert "Marisol Vega" in obs and obs != LINE


def test_the_config_is_a_dataclass_too(stub: ChatStub) -> None:
    env = MivasEnv(industry="legal", task_id="C1-E1",
                   llm_caller=LLMCallerConfig(base_url=stub.base_url, model="stub"))
    env.reset(seed=0)
    assert env.step("What's your phone number?")[0] == LINE


@pytest.mark.parametrize("config", [{"base_url": "localhost:8000", "model": "m"},
                                    {"base_url": "http://x/v1", "model": ""},
                                    {"base_url": "http://x/v1", "model": "m", "temprature": 0},
                                    "http://x/v1"])
def test_a_bad_llm_caller_config_is_a_value_error(config: Any) -> None:
    with pytest.raises(ValueError, match="llm_caller"):
        MivasEnv(industry="legal", llm_caller=config)


def test_a_reply_that_invents_a_value_is_asked_again_then_replaced_by_the_scripted_line() -> None:
    invented = {"content": "Sure, my number is 646-555-0199."}  # the caller's is another number
    with ChatStub([invented, invented]) as stub:
        env = legal(stub.base_url)
        env.reset(seed=0)
        obs, _, _, _, info = env.step("What is the best phone number to reach you?")
    assert "646" not in obs and "555" in obs  # the scripted caller's own number
    assert info["caller_repairs"] == 1
    assert len(stub.requests) == 2  # one regeneration, then the scripted line
    assert "does not know" in stub.requests[1]["body"]["messages"][-1]["content"]


def test_a_regenerated_reply_that_keeps_to_the_facts_is_used() -> None:
    with ChatStub([{"content": "It's Maria Smith."}, {"content": LINE}]) as stub:
        env = legal(stub.base_url)
        env.reset(seed=0)
        obs, _, _, _, info = env.step("May I have your full name, please?")
    assert obs == LINE and info["caller_repairs"] == 1


def test_a_reply_that_repeats_what_the_agent_said_is_not_a_repair() -> None:
    with ChatStub([{"content": "Thursday at 10:30 works, thanks."}]) as stub:
        env = legal(stub.base_url)
        env.reset(seed=0)
        obs, _, _, _, info = env.step("I have Thursday at 10:30 open. Does that work?")
    assert obs == "Thursday at 10:30 works, thanks." and info["caller_repairs"] == 0


def test_known_values_name_what_a_line_invents() -> None:
    from mivas_env.caller.llm import KnownValues
    known = KnownValues(["Marisol Vega", "(917) 555-0142", "marisol@example.com"])
    assert known.invented("It's Marisol Vega, 917-555-0142.") == []
    assert known.invented("Email me at mv@example.org") == ["mv@example.org"]
    assert known.invented("Call 212-555-0000 and ask for Priya.") == ["212-555-0000", "Priya"]
