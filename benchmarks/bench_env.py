"""Environment speed: reset, a tool-call step, a speech step, a whole oracle episode, memory.

    python benchmarks/bench_env.py [--n 5000]
"""

from __future__ import annotations

import argparse
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import HEADER, percentiles, row  # noqa: E402

from mivas_env import MivasEnv, load_tasks  # noqa: E402
from mivas_env.agents.baselines import OracleAgent  # noqa: E402
from mivas_env.evaluation.runner import run_episode  # noqa: E402

PLAN_CHECK = {"tool": "check_plan_accepted",
              "arguments": {"carrier": "Aetna", "location_id": "Park Avenue"}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    n = parser.parse_args().n
    env = MivasEnv(industry="healthcare", task_id="C1-E1", max_turns=10**9)
    print(HEADER)
    seeds = iter(range(10**9))
    print(row("env.reset (C1-E1)", percentiles(lambda: env.reset(seed=next(seeds)), n)))

    env.reset(seed=0)
    env.step({"tool": "transfer_to_coverage", "arguments": {}})
    print(row("env.step: tool call (check_plan_accepted)",
              percentiles(lambda: env.step(PLAN_CHECK), n)))
    env.reset(seed=0)
    print(row("env.step: tool call as JSON text",
              percentiles(lambda: env.step('{"tool": "list_locations", "arguments": {}}'), n)))
    env.reset(seed=0)
    env.step({"tool": "transfer_to_scheduling", "arguments": {}})
    search = {"tool": "search_availability", "arguments": {
        "location_ids": ["loc_park_ave", "loc_riverdale"], "visit_type": "follow_up",
        "date": "2026-12-08"}}
    print(row("env.step: tool call (search_availability)",
              percentiles(lambda: env.step(search), n)))
    for label, line in (("slot question", "Could I have your date of birth, please?"),
                        ("no slot: a nudge", "Let me look into that.")):
        env.reset(seed=0)

        def speak(line: str = line) -> None:
            if env.step(line)[2]:  # the caller ran out of patience: start a new call
                env.reset(seed=0)

        print(row(f"env.step: speech turn ({label}, resets amortised)", percentiles(speak, n)))

    tasks = load_tasks()
    episode_env = MivasEnv(tasks=tasks)
    agent = OracleAgent()
    index = iter(range(10**9))

    def episode() -> None:
        i = next(index)
        run_episode(episode_env, agent, tasks[i % len(tasks)], seed=i)

    print(row(f"oracle episode incl. verify (mean over {len(tasks)} tasks)",
              percentiles(episode, max(n // 10, len(tasks)))))

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    envs = [MivasEnv(industry="healthcare", task_id="C1-E1") for _ in range(200)]
    for i, e in enumerate(envs):
        e.reset(seed=i)
        e.step({"tool": "transfer_to_coverage", "arguments": {}})
        e.step(PLAN_CHECK)
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    print(f"memory per live env (reset + 2 steps): {size / len(envs) / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
