"""An opt-in LLM caller: an OpenAI-compatible chat model speaks the caller's lines (the ``[llm]``
extra; never used unless configured).

The model plays the lockfile's ``caller`` section: its persona, the facts it knows and the goal
of the call, at temperature 0. The scripted caller still runs underneath on every agent line:
its goal check (the locked tool calls answered ok, the goal phrases said) and its patience
decide when the call ends, and its hang-up lines end it. The model only rewrites what the
caller says while the call goes on, so a chatty model can never end a call early or keep a
finished one alive. The API key comes from ``$MIVAS_LLM_API_KEY`` or ``$OPENAI_API_KEY``."""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from mivas_env.caller.scripted import CallerReply, ScriptedCaller
from mivas_env.llm.client import ChatClient, EndpointError, find_api_key
from mivas_env.speech.heard import heard_emails

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
        self.repairs = 0  # replies that stated a value the caller does not have
        spec = scripted.spec
        self.known = KnownValues([*spec.facts.values(), spec.persona, *spec.opening,
                                  spec.goal.description, spec.agent_answer,
                                  *(line for r in spec.reactions for line in r.say)])

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
        self.known.add(agent_line)  # what the agent said, the caller may repeat
        text = self._checked(scripted.text)
        self.messages.append({"role": "assistant", "content": text})
        return CallerReply(text, hang_up=False)

    def _checked(self, fallback: str) -> str:
        """The model's line, checked against what the caller knows: a line that states a value
        the caller does not have (a number, an email, a name) is asked for once more, then
        replaced by the scripted line; each such line counts in ``repairs``."""
        text = self._complete()
        if text is None:
            return fallback
        invented = self.known.invented(text)
        if not invented:
            return text
        self.repairs += 1
        retry = self._complete([{"role": "system", "content": (
            f"Your reply stated {', '.join(invented)}, which the caller does not know. Say "
            "it again using only the facts listed, or say you don't know.")}])
        if retry is not None and not self.known.invented(retry):
            return retry
        return fallback

    def _complete(self, extra: list[dict[str, str]] | None = None) -> str | None:
        body = {"model": self.config.model, "messages": self.messages + (extra or []),
                "temperature": 0, "max_tokens": self.config.max_tokens}
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


_DIGITS = re.compile(r"\d(?:[\d().\s-]{0,3}\d)*")
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?\b")


class KnownValues:
    """The values a caller may say: the digits, emails and capitalised names in its facts,
    persona, opening, goal, reactions and in what the agent has said."""

    def __init__(self, texts: list[str]) -> None:
        self.digits: list[str] = []
        self.emails: set[str] = set()
        self.words: set[str] = set()
        for text in texts:
            self.add(text)

    def add(self, text: str) -> None:
        self.digits.append(re.sub(r"\D", "", text))
        self.emails.update(email.casefold() for email in heard_emails(text))
        self.words.update(word.casefold() for word in re.findall(r"[A-Za-z][a-z'-]*", text))

    def invented(self, line: str) -> list[str]:
        """The values ``line`` states that none of the known texts holds."""
        emails = heard_emails(line)
        out = [email for email in emails if email.casefold() not in self.emails]
        rest = line
        for email in emails:  # its digits and name are the email's, not values of their own
            rest = rest.replace(email, " ")
        for run in _DIGITS.findall(rest):
            digits = re.sub(r"\D", "", run)
            if len(digits) >= 2 and not any(digits in known for known in self.digits):
                out.append(run.strip())
        for name in _NAME.findall(rest):
            if name.casefold() not in self.words and name.casefold() not in COMMON_CAPITALISED:
                out.append(name)
        return out


# Words a caller may capitalise without stating a value.
COMMON_CAPITALISED = frozenset(
    "i i'm i'll i'd i've ok okay yes no sorry thanks thank hi hello hey um uh oh well so and but "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december mr mrs ms dr doctor god".split())
