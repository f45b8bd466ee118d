"""Long fuzz run of the environment: random and adversarial actions on every env id.

    python scripts/fuzz_env.py --steps 1000000 [--seed 0]

Counts steps, episodes, crashes (any exception out of reset/step) and episodes that ended
without a verdict; exits 1 if either count is not zero."""

from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from typing import Any

import mivas_env
from mivas_env import MivasEnv
from rewards import load_industry

POOL: list[Any] = ["", " ", "Park Avenue", "aetna", "Blue Cross Blue Shield", "loc_park_ave",
                   "2026-12-03", "2026-12-03T15:30", "+12125550142", "(212) 555-0142", "ord_10001",
                   "pat_0001", "att_01", "Daniel Oconquo", "personal_injury", "NY", "x" * 300,
                   0, -1, 10**12, 3.5, True, None, [], {}, ["loc_park_ave"], {"a": [1, {"b": 2}]},
                   "\x00\u202e\U0001f600", "'; DROP TABLE patients; --", "{{7*7}}"]
SPEECH = ["What is your date of birth?", "Can I get your full name?", "goodbye", "We take Aetna.",
          "Let me check.", "", "?" * 50, "\n\t", "Which order number?", "order status please"]


def random_action(rng: random.Random, tools: list[str], params: dict[str, list[str]]) -> Any:
    roll = rng.random()
    if roll < 0.45:
        name = rng.choice(tools)
        args = {key: rng.choice(POOL) for key in params[name] if rng.random() < 0.7}
        if rng.random() < 0.1:
            args[rng.choice(["junk", "handoff_summary", ""])] = rng.choice(POOL)
        if rng.random() < 0.5:
            return {"tool": name, "arguments": args}
        return json.dumps({"name": name, "arguments": json.dumps(args)})
    if roll < 0.7:
        return rng.choice(SPEECH)
    if roll < 0.8:
        return rng.choice(["{", "{\"tool\": 5}", "[1,2]", "null", "{\"tool\": \"nope\"}",
                           "{\"tool\": \"end_call\", \"arguments\": \"{bad\"}"])
    if roll < 0.85:
        return rng.choice([None, 42, 3.5, b"\xff", ["x"], {"arguments": {}}])
    if roll < 0.88:
        return "[" * rng.randint(1000, 100_000)
    if roll < 0.9:
        return "x" * rng.randint(10_000, 1_000_000)
    return "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(0, 40)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    envs = []
    for env_id, industry in mivas_env.ENV_IDS.items():
        env = MivasEnv(industry=industry, max_turns=30)
        params: dict[str, list[str]] = {"teleport": ["x"]}
        for name in {task.industry for task in env.tasks}:
            for tool_name, tool in load_industry(name).tools.items():
                params.setdefault(tool_name, []).extend(tool.parameters.properties)
        envs.append((env_id, env, sorted(params), params))
    steps = episodes = crashes = no_verdict = 0
    started = time.perf_counter()
    while steps < args.steps:
        env_id, env, names, params = envs[episodes % len(envs)]
        try:
            env.reset(seed=rng.randrange(2**31))
            while steps < args.steps:
                steps += 1
                _, _, terminated, truncated, info = env.step(random_action(rng, names, params))
                if terminated or truncated:
                    no_verdict += "verdict" not in info
                    break
        except Exception:
            crashes += 1
            if crashes <= 5:
                traceback.print_exc()
        episodes += 1
        if episodes % 20_000 == 0:
            print(f"... {steps:,} steps, {episodes:,} episodes, {crashes} crashes", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{steps:,} fuzzed steps in {episodes:,} episodes over {len(envs)} env ids: "
          f"{crashes} crashes, {no_verdict} episodes without a verdict, {elapsed:.0f} s "
          f"({steps / elapsed:,.0f} steps/s)")
    return 1 if crashes or no_verdict else 0


if __name__ == "__main__":
    raise SystemExit(main())
