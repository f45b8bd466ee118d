"""Vector env throughput: env steps per second, sync (one process) vs async (one process per
env: through pipes, what ``gym.make_vec(id, num_envs=N)`` gives, and Gymnasium's shared-memory
async mode), at 2 and 4 envs.

    python benchmarks/bench_vector.py [--seconds 3] [--envs 2 4]

Each step is a random mix of speech and tool calls from a fixed list; episodes end at
max_turns or end_call and reset automatically.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import gymnasium as gym

import mivas_env  # noqa: F401  (registers the ids)

ACTIONS = ["Could I have your full name?", "What is your date of birth?",
           '{"tool": "transfer_to_coverage", "arguments": {}}',
           '{"tool": "check_plan_accepted", "arguments": {"carrier": "Aetna", '
           '"location_id": "Park Avenue"}}',
           "Which location would you like?", '{"tool": "end_call", "arguments": {}}']


def steps_per_second(num_envs: int, mode: str, seconds: float) -> float:
    if mode == "shared":
        env: Any = gym.make_vec("mivas/healthcare-v0", num_envs=num_envs,
                                vectorization_mode="async", max_turns=20)
    else:
        env = gym.make_vec("mivas/healthcare-v0", num_envs=num_envs,
                           asynchronous=mode == "async", max_turns=20)
    rng = random.Random(0)
    try:
        env.reset(seed=0)
        for _ in range(20):  # warm up
            env.step(tuple(rng.choice(ACTIONS) for _ in range(num_envs)))
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.step(tuple(rng.choice(ACTIONS) for _ in range(num_envs)))
            steps += num_envs
        return steps / (time.perf_counter() - start)
    finally:
        env.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(f"{'envs':>4} {'sync steps/s':>13} {'async steps/s':>14} {'async shared-mem':>17}")
    for n in args.envs:
        row = [steps_per_second(n, mode, args.seconds) for mode in ("sync", "async", "shared")]
        print(f"{n:>4} {row[0]:>13,.0f} {row[1]:>14,.0f} {row[2]:>17,.0f}")


if __name__ == "__main__":
    main()
