"""Long fuzz run of the verifier: mutated recorded traces and lockfiles through rewards.verify.

    python scripts/fuzz_traces.py --traces 100000 [--seed 0]

A run passes when every input yields a Verdict or a MivasError (never another exception)."""

from __future__ import annotations

import argparse
import copy
import json
import random
import time
import traceback
from pathlib import Path
from typing import Any

from mivas_env.call.tasks import lockfile_path
from rewards import MivasError, verify

ROOT = Path(__file__).resolve().parent.parent
REPLACEMENTS: list[Any] = [None, "", 0, -1.5, True, [], {}, "x" * 1000, [None], {"ok": "yes"},
                           {"any_of": []}, {"any_of": [1, "a"]}, "2026-13-45T99:99",
                           float("1e308"), [[[[[]]]]], {"": {"": {}}}, "\u0000", 10**30]


def mutate(value: Any, rng: random.Random) -> Any:
    for _ in range(rng.randint(1, 3)):
        node, parent, key = value, None, None
        while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
            parent = node
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            node = node[key]
        if parent is None:
            return rng.choice(REPLACEMENTS)
        if isinstance(parent, dict) and rng.random() < 0.3:
            del parent[key]
        else:
            parent[key] = copy.deepcopy(rng.choice(REPLACEMENTS + [node, parent]))
    return value


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--traces", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pairs = []
    for spec_file in sorted((ROOT / "tests" / "fixtures" / "near_miss").glob("*.json")):
        industry = spec_file.stem
        for spec in json.loads(spec_file.read_text()):
            task_id = spec["task"].split("/")[1]
            lock = json.loads(lockfile_path(spec["task"]).read_text())
            trace_path = spec_file.parent / "traces" / industry / f"{task_id}__{spec['slug']}.json"
            pairs.append((lock, json.loads(trace_path.read_text())))
    verdicts = errors = crashes = 0
    started = time.perf_counter()
    for i in range(args.traces):
        lock, trace = pairs[rng.randrange(len(pairs))]
        if rng.random() < 0.2:
            lock, trace = mutate(copy.deepcopy(lock), rng), trace
        else:
            trace = mutate(copy.deepcopy(trace), rng)
        try:
            verify(lock, trace, discount=rng.random())
            verdicts += 1
        except MivasError:
            errors += 1
        except Exception:
            crashes += 1
            if crashes <= 5:
                traceback.print_exc()
        if (i + 1) % 20_000 == 0:
            print(f"... {i + 1:,} inputs, {crashes} crashes", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{args.traces:,} fuzzed traces/lockfiles in {elapsed:.0f} s: {verdicts:,} verdicts, "
          f"{errors:,} MivasErrors, {crashes} crashes")
    return 1 if crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
