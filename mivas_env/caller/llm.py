"""An opt-in LLM caller: an OpenAI-compatible chat model speaks the caller's lines (the ``[llm]``
extra; never used unless configured).

The model plays the lockfile's ``caller`` section: its persona, the facts it knows and the goal
of the call, at temperature 0. The scripted caller still runs underneath on every agent line:
its goal check (the locked tool calls answered ok, the goal phrases said) and its patience
decide when the call ends, and its hang-up lines end it. The model only rewrites what the
caller says while the call goes on, so a chatty model can never end a call early or keep a
finished one alive. The API key comes from ``$MIVAS_LLM_API_KEY`` or ``$OPENAI_API_KEY``."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from mivas_env.caller.scripted import CallerReply, ScriptedCaller
from mivas_env.llm.client import ChatClient, EndpointError, find_api_key

MAX_REPLY_CHARS = 2_000


@dataclass(frozen=True)
class LLMCallerConfig:
    """Where the caller's model lives: ``base_url`` such as ``http://localhost:8000/v1``."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 60.0
    max_tokens: int = 200

    def __post_init__(self) -> None:
        if not isinstance(self.base_url, str) or not self.base_url.startswith(("http://",
                                                                               "https://")):
            raise ValueError(f"llm_caller base_url must be an http(s) URL, got {self.base_url!r}")
        if not isinstance(self.model, str) or not self.model:
            raise ValueError("llm_caller model must be a non-empty string")

    @classmethod
    def of(cls, value: LLMCallerConfig | Mapping[str, Any]) -> LLMCallerConfig:
        """A config from itself or from its fields as a mapping (unknown fields: ValueError)."""
        if isinstance(value, cls):
            return value
        if not isinstance(value, Mapping):
            raise ValueError(f"llm_caller must be an LLMCallerConfig or a dict, got "
                             f"{type(value).__name__}")
        unknown = set(value) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"llm_caller has no field(s) {', '.join(sorted(map(str, unknown)))}")
        return cls(**value)


class LLMCaller:
    """Wraps one episode's scripted caller; same interface (``opening``, ``respond``,
    ``observe_tool``)."""

    def __init__(self, scripted: ScriptedCaller, config: LLMCallerConfig) -> None:
        key = find_api_key(config.api_key, ("MIVAS_LLM_API_KEY", "OPENAI_API_KEY"))
        self.client = ChatClient(config.base_url, key, config.timeout_s)
        self.config = config
        self.scripted = scripted
        self.messages: list[dict[str, str]] = [{"role": "system", "content": self.system()}]
        self.failures = 0  # model calls that failed (the scripted line was used instead)

    def system(self) -> str:
        """The caller's brief: persona, the facts it may give, what it wants."""
        spec = self.scripted.spec
        facts = "\n".join(f"- {slot}: {value}" for slot, value in spec.facts.items()) or "- none"
        return (
            "You are the CALLER on a phone call to a business; the user messages are what the "
            "business's agent says to you. Stay in character:\n"
            f"{spec.persona}\n\nWhat you want from this call: {spec.goal.description}\n\n"
            f"Facts you know (give one only when the agent asks for it; never invent others; "
            f"if asked for something not listed, say you don't know):\n{facts}\n\n"
            "Speak like a person on the phone: one or two short sentences, no lists, no stage "
            "directions. When asked to spell a name, spell it letter by letter. When the agent "
            "reads a detail back, say yes if it is right, or correct the wrong part. Do not say "
            "goodbye or end the call yourself.")

    @property
    def spec(self) -> Any:
        return self.scripted.spec

    def opening(self) -> str:
        text = self.scripted.opening()  # the lockfile's opening: the task starts the same way
        self.messages.append({"role": "assistant", "content": text})
        return text

    def observe_tool(self, name: str, output: Mapping[str, Any], arguments: Any = None,
                     *, transfer: bool = False) -> None:
        self.scripted.observe_tool(name, output, arguments, transfer=transfer)

    def respond(self, agent_line: str) -> CallerReply:
        """The scripted caller decides whether the call ends; the model says the line."""
        scripted = self.scripted.respond(agent_line)
        self.messages.append({"role": "user", "content": agent_line})
        if scripted.hang_up:
            self.messages.append({"role": "assistant", "content": scripted.text})
            return scripted
        text = self._complete() or scripted.text
        self.messages.append({"role": "assistant", "content": text})
        return CallerReply(text, hang_up=False)

    def _complete(self) -> str | None:
        body = {"model": self.config.model, "messages": self.messages, "temperature": 0,
                "max_tokens": self.config.max_tokens}
        try:
            content = self.client.complete(body).get("content")
        except EndpointError as exc:
            self.failures += 1
            if self.failures == 1:
                warnings.warn(f"LLM caller: {type(exc).__name__}: {exc}; using the scripted "
                              f"caller's line", RuntimeWarning, stacklevel=2)
            return None
        if not isinstance(content, str) or not content.strip():
            return None
        return " ".join(content.split())[:MAX_REPLY_CHARS]
