"""Small builders for lockfiles and traces used across the verifier tests, and a loopback
stand-in for an OpenAI-compatible model."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mivas_env import MivasEnv
from mivas_env.industries.base import ToolServer
from rewards import load_industry, load_seed


def dana() -> MivasEnv:
    """healthcare/C1-E1 (the caller Dana Whitfield), reset with seed 0."""
    env = MivasEnv(industry="healthcare", task_id="C1-E1")
    env.reset(seed=0)
    return env


def say(env: MivasEnv, text: str) -> tuple[str, bool]:
    """The caller's reply to ``text`` and whether the call ended."""
    obs, _, terminated, _, _ = env.step(text)
    return obs, terminated


def turns_until_hangup(env: MivasEnv, text: str, most: int) -> int | None:
    """How many times the agent says ``text`` before the caller hangs up (None: not in ``most``)."""
    for turn in range(1, most + 1):
        if say(env, text)[1]:
            return turn
    return None


def ok(server: ToolServer, tool: str, **arguments: Any) -> Any:
    """The data of a tool call that must succeed."""
    result = server.call(tool, arguments)
    assert result["ok"], result
    return result["data"]


def error(server: ToolServer, tool: str, **arguments: Any) -> str:
    """The error code of a tool call that must fail with a message."""
    result = server.call(tool, arguments)
    assert not result["ok"], result
    assert result["message"]
    code: str = result["error_code"]
    return code


def call(name: str, t: float | None = None, output: dict[str, Any] | None = None,
         **arguments: Any) -> dict[str, Any]:
    """A flat trace call; ``output`` defaults to ``{"ok": True}``."""
    entry: dict[str, Any] = {"name": name, "arguments": arguments,
                             "output": {"ok": True} if output is None else output}
    if t is not None:
        entry["start_offset_ms"] = t
    return entry


def seed_dump(industry: str, **tables: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The write tables of the seed (deep copies), with some tables replaced."""
    seed = load_seed(industry)
    dump = {name: copy.deepcopy(seed[name]) for name in load_industry(industry).write_tables}
    dump.update(tables)
    return dump


def trace(calls: list[dict[str, Any]], dump: Any = None) -> dict[str, Any]:
    return {"tool_calls": calls, "hangup_dump": dump}


def lock(industry: str, calls: list[dict[str, Any]] | None = None, hops: list[str] | None = None,
         db: Any = "seed", task_id: str = "C99-E1") -> dict[str, Any]:
    return {"id": task_id, "industry": industry, "exp_handoff_path": hops or [],
            "exp_tool_calls": calls or [], "exp_db_state": db}


class ChatStub:
    """A loopback OpenAI-compatible chat-completions endpoint for the LLM agent, caller and judge
    tests: ``with ChatStub(steps) as stub: ... stub.base_url``. It answers the n-th request with
    ``steps[n]`` (the last step again past the end) as the assistant message body
    (``{"content": ...}`` or ``{"tool_calls": [...]}``), with HTTP status ``stub.status``, and
    records each request's ``path``, ``auth`` (Authorization header) and JSON ``body`` in
    ``stub.requests``. Tests may change ``steps`` and ``status`` while it runs, and set ``raw`` to
    answer those bytes instead of a completion."""

    def __init__(self, steps: Sequence[dict[str, Any]]) -> None:
        self.steps = list(steps)
        self.status = 200
        self.raw: bytes | None = None
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append({"path": self.path, "body": body,
                                      "auth": self.headers.get("Authorization")})
                step = stub.steps[min(len(stub.requests), len(stub.steps)) - 1]
                message = {"role": "assistant", "content": None, **step}
                data = stub.raw if stub.raw is not None else json.dumps(
                    {"choices": [{"index": 0, "finish_reason": "stop", "message": message}]}).encode()
                self.send_response(stub.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:  # quiet
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> ChatStub:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
