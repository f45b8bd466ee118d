"""An OpenAI-compatible chat-completions agent with native tool calling (the ``[llm]`` extra).

The model sees the active desk's instructions as a system message and that desk's tool schemas;
after every transfer it gets the new desk's instructions and tools. The API key comes from
``$MIVAS_LLM_API_KEY`` or ``$OPENAI_API_KEY``."""

from __future__ import annotations

from collections import deque
from typing import Any

from mivas_env.llm.client import ChatClient, EndpointError, Unreachable, find_api_key

__all__ = ["EndpointError", "LLMAgent"]


class LLMAgent:
    """Drives an episode through ``POST {base_url}/chat/completions``."""

    name = "llm"

    def __init__(self, base_url: str, model: str, api_key: str | None = None,
                 temperature: float = 0.0, timeout_s: float = 60.0) -> None:
        self.base_url = base_url.rstrip("/")
        key = find_api_key(api_key, ("MIVAS_LLM_API_KEY", "OPENAI_API_KEY"))
        self.client = ChatClient(self.base_url, key, timeout_s)
        self.model = model
        self.temperature = temperature
        self.messages: list[dict[str, Any]] = []
        self.queued: deque[dict[str, Any]] = deque()
        self.awaiting: str | None = None  # the tool_call_id whose result is the next observation
        self.node = ""

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        self.messages = [{"role": "system", "content": self._system(info)},
                         {"role": "user", "content": observation}]
        self.queued.clear()
        self.awaiting = None
        self.node = info["active_node"]
        self.tools = info["tools"]

    @staticmethod
    def _system(info: dict[str, Any]) -> str:
        return (f"You are the voice agent answering a phone call, now at the "
                f"'{info['active_node']}' desk. {info.get('instructions', '')} Speak to the caller "
                f"in plain sentences; use the tools to look things up and to act; transfer when "
                f"another desk must handle the request.")

    def act(self, observation: str, info: dict[str, Any]) -> str | dict[str, Any]:
        if self.awaiting is not None:
            self.messages.append({"role": "tool", "tool_call_id": self.awaiting,
                                  "content": observation})
            self.awaiting = None
        elif self.messages[-1]["role"] == "assistant":
            self.messages.append({"role": "user", "content": observation})
        if info["active_node"] != self.node:  # a transfer: new desk, new instructions and tools
            self.node = info["active_node"]
            self.tools = info["tools"]
            self.messages.append({"role": "system", "content": self._system(info)})
        if not self.queued:
            self._complete()
        if not self.queued:
            return {"tool": "end_call", "arguments": {}}
        action = self.queued.popleft()
        if action.get("tool_call_id"):
            self.awaiting = action["tool_call_id"]
            return {"name": action["name"], "arguments": action["arguments"]}
        return str(action["content"])

    def _complete(self) -> None:
        body = {"model": self.model, "messages": self.messages, "tools": self.tools,
                "temperature": self.temperature}
        message = self._post(body)
        calls = message.get("tool_calls") or []
        self.messages.append({k: v for k, v in message.items()
                              if k in ("role", "content", "tool_calls")} | {"role": "assistant"})
        if calls:
            # One tool call per env step; results come back in order as tool messages.
            first, rest = calls[0], calls[1:]
            if rest:
                self.messages[-1]["tool_calls"] = [first]
            function = first["function"]
            self.queued.append({"tool_call_id": first["id"], "name": function["name"],
                                "arguments": function.get("arguments") or "{}"})
        elif message.get("content"):
            self.queued.append({"content": message["content"]})

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        """The assistant message of one chat completion; any failure is an ``EndpointError``."""
        try:
            return self.client.complete(body)
        except Unreachable as exc:
            raise Unreachable(f"{exc}; is the server running and --base-url right?") from None
