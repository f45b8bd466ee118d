"""A stand-in "model" for trying examples/llm_agent.py offline: an OpenAI-compatible
chat-completions server on loopback that plays each task's gold route (the oracle's tool calls,
then its answer, then end_call) as native tool calls.

It shows the plumbing — tool schemas per desk, tool_call ids, tool results fed back — not a
model's skill. It recognises the task from the caller's opening line, so it only knows the
shipped tasks. Run it on its own to point any client at it:

    python examples/llm_stub_server.py --port 8000    # then --base-url http://127.0.0.1:8000/v1
"""

from __future__ import annotations

import argparse
import json
import re
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mivas_env.agents import OracleAgent
from mivas_env.tasks import Task, load_tasks

Step = dict[str, Any]  # an assistant message body: {"content": ...} or {"tool_calls": [...]}


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+", text.lower()))


def gold_plan(task: Task) -> list[Step]:
    """The oracle's actions for ``task`` as assistant messages."""
    oracle = OracleAgent()
    oracle.reveal(task.lock)  # the privileged path: the oracle reads the lockfile
    oracle.reset("", {})
    steps: list[Step] = []
    for i, action in enumerate(oracle.plan):
        if isinstance(action, dict):
            steps.append({"content": None, "tool_calls": [{
                "id": f"call_{i}", "type": "function",
                "function": {"name": action["tool"],
                             "arguments": json.dumps(action["arguments"])}}]})
        else:
            steps.append({"content": action})
    return steps


class StubModel:
    """Answers a chat-completions request with the next step of the task's gold route."""

    def __init__(self, tasks: Iterable[Task]) -> None:
        self.openings = [(_words(line), task) for task in tasks for line in task.caller.opening]
        self.plans: dict[str, list[Step]] = {}

    def reply(self, request: dict[str, Any]) -> Step:
        messages = request.get("messages") or []
        opening = next((m.get("content") or "" for m in messages if m.get("role") == "user"), "")
        heard = _words(opening)
        _, task = max(self.openings, key=lambda pair: len(pair[0] & heard) / len(pair[0] | heard))
        plan = self.plans.setdefault(task.full_id, gold_plan(task))
        done = sum(1 for m in messages if m.get("role") == "assistant")
        return plan[done] if done < len(plan) else plan[-1]


def _handler(model: StubModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            if not self.path.endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            try:
                request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                step = model.reply(request)
            except (ValueError, TypeError, AttributeError) as exc:
                self._send(400, {"error": {"message": f"bad request: {exc}"}})
                return
            self._send(200, {"object": "chat.completion", "model": request.get("model", "stub"),
                             "choices": [{"index": 0, "finish_reason": "stop",
                                          "message": {"role": "assistant", **step}}]})

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:  # quiet
            pass

    return Handler


@contextmanager
def serve(tasks: Iterable[Task] | None = None, port: int = 0) -> Iterator[str]:
    """Run the stub on 127.0.0.1 in a background thread; yields its base URL (``.../v1``)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler(StubModel(tasks or load_tasks())))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with serve(port=args.port) as url:
        print(f"stub model at {url} (Ctrl-C to stop)", flush=True)
        with suppress(KeyboardInterrupt):
            threading.Event().wait()
