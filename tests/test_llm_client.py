"""The one chat-completions client (mivas_env.llm.client) against a loopback stub: the request it
sends, the key it finds, each kind of failure, and that it needs no extra installed."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator

import pytest

from mivas_env.llm.client import (
    ChatClient,
    EndpointError,
    NotAChatCompletion,
    Refused,
    Unreachable,
    find_api_key,
)
from tests.helpers import ChatStub


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    with ChatStub([{"content": "hello"}]) as stub:
        yield stub


def test_a_completion_posts_the_body_with_the_key_and_returns_the_assistant_message(
        stub: ChatStub) -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": "hi \u00e9"}], "temperature": 0}
    message = ChatClient(stub.base_url + "/", "sk-1", timeout_s=5).complete(body)
    assert message == {"role": "assistant", "content": "hello"}
    [request] = stub.requests
    assert request == {"path": "/v1/chat/completions", "body": body, "auth": "Bearer sk-1"}


def test_without_a_key_no_authorization_header_is_sent(stub: ChatStub) -> None:
    ChatClient(stub.base_url).complete({"model": "m", "messages": []})
    assert stub.requests[0]["auth"] is None


def test_the_key_given_wins_then_the_first_variable_that_is_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MIVAS_JUDGE_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "from-openai")
    assert find_api_key(None, ("MIVAS_JUDGE_API_KEY", "OPENAI_API_KEY")) == "from-openai"
    monkeypatch.setenv("MIVAS_JUDGE_API_KEY", "from-mivas")
    assert find_api_key(None, ("MIVAS_JUDGE_API_KEY", "OPENAI_API_KEY")) == "from-mivas"
    assert find_api_key("given", ("MIVAS_JUDGE_API_KEY",)) == "given"
    monkeypatch.delenv("OPENAI_API_KEY")
    assert find_api_key(None, ("OPENAI_API_KEY",)) is None


def test_an_http_error_is_refused_with_its_status_and_body(stub: ChatStub) -> None:
    stub.status = 503
    with pytest.raises(Refused, match="answered HTTP 503") as caught:
        ChatClient(stub.base_url).complete({})
    assert caught.value.status == 503 and "choices" in str(caught.value)


@pytest.mark.parametrize("raw", [b"<html>busy</html>", b"{}", b'{"choices": []}',
                                 b'{"choices": [{"message": "text"}]}'])
def test_an_answer_that_is_not_a_chat_completion_says_so(stub: ChatStub, raw: bytes) -> None:
    stub.raw = raw
    with pytest.raises(NotAChatCompletion, match="did not answer with an OpenAI chat completion"):
        ChatClient(stub.base_url).complete({})


def test_a_closed_port_or_a_bad_url_is_unreachable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    for url in (f"http://127.0.0.1:{port}/v1", "ftp-ish://nowhere"):
        with pytest.raises(Unreachable, match="cannot reach the model endpoint"):
            ChatClient(url, timeout_s=2).complete({})
    assert issubclass(Unreachable, EndpointError)


def test_a_reply_is_read_only_up_to_its_cap(stub: ChatStub) -> None:
    stub.steps = [{"content": "x" * 5000}]
    assert ChatClient(stub.base_url, max_reply_bytes=None).complete({})["content"] == "x" * 5000
    with pytest.raises(NotAChatCompletion):
        ChatClient(stub.base_url, max_reply_bytes=100).complete({})


def test_the_agent_the_caller_and_the_judge_need_no_httpx(stub: ChatStub,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "httpx", None)  # as if not installed
    from mivas_env import MivasEnv
    from mivas_env.agents.llm import LLMAgent
    from mivas_env.llm.judge import LLMJudge

    agent = LLMAgent(base_url=stub.base_url, model="agent")
    assert agent._post({"model": "agent", "messages": []})["content"] == "hello"
    env = MivasEnv(industry="legal", task_id="C1-E1",
                   llm_caller={"base_url": stub.base_url, "model": "caller"})
    env.reset(seed=0)
    assert env.step("May I have your full name, please?")[0] == "hello"
    verdict = LLMJudge(base_url=stub.base_url, model="judge")("rubric", None, [])
    assert not verdict.evaluated and "not reachable" not in verdict.findings[0]
    assert [r["body"]["model"] for r in stub.requests] == ["agent", "caller", "judge"]
