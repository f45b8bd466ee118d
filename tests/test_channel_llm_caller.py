"""The opt-in LLM caller against a loopback stub of an OpenAI-compatible server: the model gets
the lockfile's persona and facts at temperature 0 and speaks the caller's lines; the scripted
caller's goal check and patience still end the call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("httpx", reason="needs the [llm] extra")

from mivas_env import MivasEnv  # noqa: E402
from mivas_env.agents.baselines import OracleAgent  # noqa: E402
from mivas_env.call.tasks import find_task  # noqa: E402
from mivas_env.caller.llm import LLMCallerConfig  # noqa: E402
from mivas_env.evaluation.runner import run_episode  # noqa: E402
from tests.helpers import ChatStub  # noqa: E402

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
