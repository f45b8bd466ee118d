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
from typing import Any

from stub_chat_server import Step, StubServer  # beside this file: the one loopback server

from mivas_env.agents.baselines import OracleAgent
from mivas_env.call.tasks import Task, load_tasks


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


@contextmanager
def serve(tasks: Iterable[Task] | None = None, port: int = 0) -> Iterator[str]:
    """Run the stub on 127.0.0.1 in a background thread; yields its base URL (``.../v1``)."""
    with StubServer(port=port, reply=StubModel(tasks or load_tasks()).reply) as server:
        yield server.base_url


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with serve(port=args.port) as url:
        print(f"stub model at {url} (Ctrl-C to stop)", flush=True)
        with suppress(KeyboardInterrupt):
            threading.Event().wait()
