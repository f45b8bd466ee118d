"""Run an OpenAI-compatible model as the agent on a few tasks (needs `pip install -e '.[llm]'`).

    python examples/llm_agent.py --stub          # offline: a loopback stub server plays the model
    OPENAI_API_KEY=... python examples/llm_agent.py --base-url https://api.openai.com/v1 --model gpt-4o-mini
    python examples/llm_agent.py --base-url http://localhost:8000/v1 --model my-local-model

Any server that speaks chat completions with tool calling works (vLLM, llama.cpp, Ollama...).
The stub (examples/llm_stub_server.py) replays each task's gold route, so it passes: it shows
the protocol round trip, not a model's skill.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from typing import Any

from mivas_env.agents.llm import EndpointError, LLMAgent
from mivas_env.call.tasks import load_tasks
from mivas_env.evaluation.runner import evaluate, format_table, summarize
from mivas_env.extras import exit_on_missing_extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stub", action="store_true",
                        help="start the loopback stub model (examples/llm_stub_server.py) and use it")
    parser.add_argument("--base-url",
                        help="an OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    parser.add_argument("--model", help="the model name")
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--limit", type=int, default=5)
    args = parser.parse_args()
    if not args.stub and not (args.base_url and args.model):
        parser.error("give --base-url and --model, or --stub to run offline")
    with exit_on_missing_extra("llm_agent.py"):
        import httpx  # noqa: F401  (the [llm] extra: checked before any work)

    tasks = load_tasks(args.industry)[: args.limit]
    if args.stub:
        from llm_stub_server import serve  # beside this file

        endpoint = serve(tasks)
    else:
        endpoint = nullcontext(args.base_url)
    model = args.model or "stub-oracle"
    with endpoint as base_url:
        try:
            results = evaluate(LLMAgent(base_url=base_url, model=model), tasks, discount=0.5,
                               progress=progress)
        except EndpointError as exc:  # unreachable, refused, or not a chat-completions server
            print(f"error: {exc.one_line()}", file=sys.stderr)
            sys.exit(2)
    for r in results:
        print(f"{r.task_id:<24} passed={r.passed} route={r.handoff_verdict} T={r.score_T:.2f}")
    print(format_table(summarize(f"llm:{model}", 0.5, results)))


def progress(items: Any) -> Any:
    """A progress bar on stderr: a real model takes seconds per turn."""
    from tqdm import tqdm

    return tqdm(items, desc="llm agent", unit="task", file=sys.stderr, leave=False,
                disable=None)  # None: only on a terminal


if __name__ == "__main__":
    main()
