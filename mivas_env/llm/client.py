"""The one OpenAI-compatible chat-completions client, used by the LLM agent
(:mod:`mivas_env.agents.llm`), the LLM caller (:mod:`mivas_env.caller.llm`) and the LLM judge
(:mod:`mivas_env.llm.judge`).

``ChatClient(base_url, api_key, timeout_s).complete(body)`` posts ``body`` as JSON to
``{base_url}/chat/completions`` and returns the first choice's assistant message (a dict). Every
failure is an :class:`EndpointError` saying which of three it was: the endpoint cannot be
reached (:class:`Unreachable`), it answered an HTTP error (:class:`Refused`), or its answer is
not a chat completion (:class:`NotAChatCompletion`); each caller decides what a failure means
for it (the agent stops the run, the caller falls back to its scripted line, the judge is not
evaluated). Standard library only (urllib), so none of the three needs an extra installed."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rewards.errors import MivasError


class EndpointError(MivasError):
    """The model endpoint cannot be reached, refuses the request, or does not answer as an
    OpenAI-compatible chat-completions server."""


class Unreachable(EndpointError):
    """No HTTP answer: the connection failed or timed out."""


class Refused(EndpointError):
    """An HTTP error status (400 and up)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class NotAChatCompletion(EndpointError):
    """An answer without ``choices[0].message`` as an object."""


def find_api_key(explicit: str | None, variables: Sequence[str]) -> str | None:
    """The key given, else the first of the environment ``variables`` that is set."""
    return explicit or next((os.environ[name] for name in variables if os.environ.get(name)),
                            None)


@dataclass(frozen=True)
class ChatClient:
    """``POST {base_url}/chat/completions`` with a bearer key (when there is one), within
    ``timeout_s`` seconds a request; reads at most ``max_reply_bytes`` of an answer (None: all)."""

    base_url: str
    api_key: str | None = None
    timeout_s: float = 60.0
    max_reply_bytes: int | None = None

    @property
    def url(self) -> str:
        return f"{self.base_url.rstrip('/')}/chat/completions"

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        """The assistant message of one chat completion of ``body``."""
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=json.dumps(body).encode(),
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:  # noqa: S310
                text = self._read(response)
        except urllib.error.HTTPError as exc:
            try:
                said = self._read(exc)
            except OSError:  # the error's body broke off: the status says enough
                said = ""
            finally:
                exc.close()
            raise Refused(f"the model endpoint {self.url} answered HTTP {exc.code}: "
                          f"{said[:200]!r}", exc.code) from None
        except (OSError, ValueError) as exc:  # URLError, refused, reset, timed out; a bad URL
            raise Unreachable(f"cannot reach the model endpoint {self.url} "
                              f"({type(exc).__name__}: {exc})") from None
        try:
            message = json.loads(text)["choices"][0]["message"]
        except (ValueError, LookupError, TypeError):
            message = None
        if not isinstance(message, dict):
            raise NotAChatCompletion(f"the model endpoint {self.url} did not answer with an "
                                     f"OpenAI chat completion: {text[:200]!r}")
        return message

    def _read(self, response: Any) -> str:
        data = response.read() if self.max_reply_bytes is None else \
            response.read(self.max_reply_bytes)
        return bytes(data).decode("utf-8", errors="replace")
