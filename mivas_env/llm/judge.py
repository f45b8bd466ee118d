"""The optional LLM judge: an OpenAI-compatible chat-completions endpoint grades the call against
the lockfile's ``aux.llm_rubric``. Off by default; an auxiliary judge, never part of r_eval.

    judge = LLMJudge(base_url="http://localhost:8000/v1", model="my-model")
    env = MivasEnv(industry="healthcare", llm_judge=judge, reward="strict")

Standard library only (urllib). A network error or a reply that is not a verdict leaves the judge
not evaluated, with the reason in its findings; it never raises into the episode."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass

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
        body = json.dumps({"model": self.model, "temperature": 0,
                           "messages": llm_messages(rubric, transcript, calls)}).encode()
        key = (self.api_key or os.environ.get("MIVAS_JUDGE_API_KEY")
               or os.environ.get("OPENAI_API_KEY"))
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        request = urllib.request.Request(f"{self.base_url.rstrip('/')}/chat/completions",
                                         data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:  # noqa: S310
                reply = json.loads(response.read(MAX_REPLY_BYTES))
            content = reply["choices"][0]["message"]["content"]
        except (OSError, urllib.error.URLError, ValueError, KeyError, IndexError,
                TypeError) as exc:
            return JudgeVerdict(evaluated=False, passed=True,
                                findings=[f"the LLM judge was not reachable or replied oddly: "
                                          f"{type(exc).__name__}: {str(exc)[:200]}"])
        return llm_verdict(content if isinstance(content, str) else "")
