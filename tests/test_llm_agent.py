"""A protocol test of the LLM agent: a scripted OpenAI-compatible server on loopback, started
inside the test, plays the model; we check what the agent sends and that the episode scores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mivas_env.agents.llm import LLMAgent
from mivas_env.call.tasks import find_task
from mivas_env.evaluation.runner import evaluate
from tests.helpers import ChatStub

SCRIPT: list[dict[str, Any]] = [
    {"tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "transfer_to_coverage", "arguments": "{\"handoff_summary\": \"plan\"}"}}]},
    {"tool_calls": [{"id": "c2", "type": "function", "function": {
        "name": "check_plan_accepted",
        "arguments": "{\"carrier\": \"Aetna\", \"location_id\": \"Park Avenue\"}"}}]},
    {"content": "Yes: I checked the Park Avenue office and Aetna is accepted there."},
]


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    with ChatStub(SCRIPT) as stub:
        yield stub


def test_llm_agent_speaks_the_openai_protocol_and_gets_each_desks_tools(stub: ChatStub) -> None:
    agent = LLMAgent(base_url=stub.base_url, model="fake-model", api_key="sk-test")
    [result] = evaluate(agent, [find_task("healthcare/C1-E1")])
    assert result.passed and result.handoff_verdict == "exact"
    first, second, third = (r["body"] for r in stub.requests[:3])
    assert stub.requests[0]["path"] == "/v1/chat/completions"
    assert stub.requests[0]["auth"] == "Bearer sk-test"
    assert first["model"] == "fake-model" and first["messages"][0]["role"] == "system"
    assert first["messages"][1] == {"role": "user", "content": first["messages"][1]["content"]}
    names = [{t["function"]["name"] for t in body["tools"]} for body in (first, second)]
    assert "check_plan_accepted" not in names[0] and "check_plan_accepted" in names[1]
    assert "'coverage' desk" in second["messages"][-1]["content"]
    tool_reply = [m for m in second["messages"] if m["role"] == "tool"][0]
    assert tool_reply["tool_call_id"] == "c1" and "coverage" in tool_reply["content"]
    assert any(m["role"] == "tool" and m["tool_call_id"] == "c2" for m in third["messages"])


def test_an_llm_run_records_its_model_and_endpoint_host_but_no_key(
        stub: ChatStub, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from mivas_env.cli import main

    pytest.importorskip("httpx", reason="the CLI's --agent llm needs the [llm] extra")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    assert main(["eval", "--agent", "llm", "--base-url", stub.base_url, "--model", "fake-model",
                 "--task", "healthcare/C1-E1", "--json", "--quiet"]) == 0
    out = capsys.readouterr().out
    run = json.loads(out)
    assert run["model"] == "fake-model" and run["base_url_host"] == stub.base_url.split("/")[2]
    assert "sk-secret" not in out and run["per_task"] == {"healthcare/C1-E1": [1]}
