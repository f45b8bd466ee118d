"""Run an OpenAI-compatible model as the agent on a few tasks (needs `pip install -e '.[llm]'`).

    OPENAI_API_KEY=... python examples/llm_agent.py --base-url https://api.openai.com/v1 --model gpt-4o-mini
    python examples/llm_agent.py --base-url http://localhost:8000/v1 --model my-local-model

Any server that speaks chat completions with tool calling works (vLLM, llama.cpp, Ollama...).
"""

import argparse

from mivas_env.evaluate import evaluate, format_table, summarize
from mivas_env.llm_agent import LLMAgent
from mivas_env.tasks import load_tasks

parser = argparse.ArgumentParser()
parser.add_argument("--base-url", required=True)
parser.add_argument("--model", required=True)
parser.add_argument("--industry", default="healthcare")
parser.add_argument("--limit", type=int, default=5)
args = parser.parse_args()

tasks = load_tasks(args.industry)[: args.limit]
results = evaluate(LLMAgent(base_url=args.base_url, model=args.model), tasks, discount=0.5)
for r in results:
    print(f"{r.task_id:<24} passed={r.passed} route={r.handoff_verdict} T={r.score_T:.2f}")
print(format_table(summarize(f"llm:{args.model}", 0.5, results)))
