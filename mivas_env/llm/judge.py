"""The optional LLM judge: an OpenAI-compatible chat-completions endpoint grades the call against
the lockfile's ``aux.llm_rubric``. Off by default; an auxiliary judge, never part of r_eval.

    judge = LLMJudge(base_url="http://localhost:8000/v1", model="my-model")
    env = MivasEnv(industry="healthcare", llm_judge=judge, reward="strict")

It asks through the one chat-completions client (:mod:`mivas_env.llm.client`, standard library
only). A network error or a reply that is not a verdict leaves the judge not evaluated, with the
reason in its findings; it never raises into the episode."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mivas_env.llm.client import ChatClient, EndpointError, find_api_key
from rewards.judges import Transcript, llm_messages, llm_verdict
from rewards.models import JudgeVerdict
from rewards.tool_gate import TimedCall

MAX_REPLY_BYTES = 1_000_000


@dataclass(frozen=True)
class LLMJudge:
    """Asks ``model`` at ``base_url`` (``.../v1``) whether a call met the rubric."""

    base_url: str
    model: str
    api_key: str | None = None  # default: $MIVAS_JUDGE_API_KEY, then $OPENAI_API_KEY
    timeout_s: float = 30.0

    def __call__(self, rubric: str, transcript: Transcript | None,
                 calls: Sequence[TimedCall]) -> JudgeVerdict:
        body = {"model": self.model, "temperature": 0,
                "messages": llm_messages(rubric, transcript, calls)}
        key = find_api_key(self.api_key, ("MIVAS_JUDGE_API_KEY", "OPENAI_API_KEY"))
        client = ChatClient(self.base_url, key, self.timeout_s, max_reply_bytes=MAX_REPLY_BYTES)
        try:
            content = client.complete(body)["content"]
        except (EndpointError, KeyError) as exc:
            return JudgeVerdict(evaluated=False, passed=True,
                                findings=[f"the LLM judge was not reachable or replied oddly: "
                                          f"{type(exc).__name__}: {str(exc)[:200]}"])
        return llm_verdict(content if isinstance(content, str) else "")
