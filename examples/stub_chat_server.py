"""A loopback OpenAI-compatible chat endpoint that replays a fixed script of assistant replies
(plain and SSE-streamed ``/v1/chat/completions``, ``/v1/models``), so LLM integrations run
offline. The n-th reply of a conversation is ``script[n]``, n = the number of assistant
messages already in the request; past the script it says goodbye. Give ``reply`` instead to
answer each request with any assistant message body (``{"content": ...}`` or
``{"tool_calls": [...]}``): examples/llm_stub_server.py plays each task's gold route that way.

    python examples/stub_chat_server.py --port 8011      # serves C1-E1's gold route
"""

from __future__ import annotations

import argparse
import contextlib
import json
import threading
import time
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Step = dict[str, Any]  # an assistant message body: {"content": ...} or {"tool_calls": [...]}
Reply = Callable[[dict[str, Any]], Step]  # a chat-completions request -> the assistant's step

GOLD_C1E1 = (
    '<tool_call>{"name": "transfer_to_coverage", "arguments": {}}</tool_call>',
    '<tool_call>{"name": "check_plan_accepted", "arguments": '
    '{"carrier": "aetna", "location_id": "loc_park_ave"}}</tool_call>',
    "Yes, I checked the Park Avenue office: Aetna is accepted there.",
)


def scripted(script: Sequence[str]) -> Reply:
    """Reply with ``script[n]`` where n counts the request's assistant messages, then goodbye."""
    def reply(request: dict[str, Any]) -> Step:
        turn = sum(1 for m in request.get("messages", []) if m.get("role") == "assistant")
        return {"content": script[turn] if turn < len(script) else "Thank you for calling. Goodbye."}

    return reply


def _streamed(step: Step) -> Step:
    """A step as a stream delta: streamed tool calls carry their ``index``."""
    if "tool_calls" not in step:
        return step
    return {**step, "tool_calls": [{"index": i, **call}
                                   for i, call in enumerate(step["tool_calls"])]}


def _handler(reply: Reply, log: list[dict[str, Any]]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return

        def _json(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            if self.path.rstrip("/").endswith("/models"):
                self._json(200, {"object": "list", "data": [
                    {"id": "stub", "object": "model", "created": 0, "owned_by": "mivas"}]})
            else:
                self._json(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            try:
                request = json.loads(self.rfile.read(length) or b"{}")
            except json.JSONDecodeError:
                self._json(400, {"error": {"message": "bad json"}})
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, {"error": {"message": "not found"}})
                return
            try:
                step = reply(request)
            except (ValueError, TypeError, AttributeError, LookupError) as exc:
                self._json(400, {"error": {"message": f"bad request: {exc}"}})
                return
            log.append(request)
            created, model = int(time.time()), request.get("model", "stub")
            usage = {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}
            if not request.get("stream"):
                self._json(200, {"id": "chatcmpl-stub", "object": "chat.completion",
                                 "created": created, "model": model, "usage": usage,
                                 "choices": [{"index": 0, "finish_reason": "stop", "message": {
                                     "role": "assistant", **step}}]})
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            chunks = [{"role": "assistant", **_streamed(step)}, {}]
            for i, delta in enumerate(chunks):
                last = i == len(chunks) - 1
                body: dict[str, Any] = {
                    "id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": created,
                    "model": model, "choices": [{"index": 0, "delta": delta,
                                                 "finish_reason": "stop" if last else None}]}
                if last:
                    body["usage"] = usage
                self.wfile.write(f"data: {json.dumps(body)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

    return Handler


class StubServer:
    """``with StubServer(script) as server: server.base_url``; ``server.requests`` logs them.

    ``reply``, when given, answers each request instead of ``script``."""

    def __init__(self, script: Sequence[str] = GOLD_C1E1, port: int = 0,
                 reply: Reply | None = None) -> None:
        self.requests: list[dict[str, Any]] = []
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port),
                                         _handler(reply or scripted(script), self.requests))
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> StubServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8011)
    args = parser.parse_args()
    with StubServer(port=args.port) as server:
        print(f"serving {server.base_url} (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.thread.join()


if __name__ == "__main__":
    main()
