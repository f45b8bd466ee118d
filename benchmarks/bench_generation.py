"""Generated tasks: distinct instances, throughput, env reset, world cost, memorisation,
diversity (issue 10). Each section can run alone; figures are wall-clock on this machine.

    python benchmarks/bench_generation.py [--industry NAME] [--section S ...]
        [--distinct 10000] [--throughput 200] [--resets 500] [--worlds 20]
        [--memo-train 60] [--memo-test 15] [--diversity 1000] [--json OUT]

Sections:
- distinct: generate --distinct instances of the train split (every one self-checked) and count
  the distinct ones (caller facts, gold calls or expected state differ); drops are counted.
- throughput: generated + locked + self-checked instances per second on one core, with a fresh
  world per instance (the whole split) and with worlds cached (the first 50 of the split).
- reset: p50/p90 of ``reset`` of ``mivas/<industry>-gen-v0`` once its 100 worlds are cached
  (at ``--level``, default 0).
- worlds: ms to build a world (cold cache) and KiB per cached world (tables + compiled side).
- memorisation: for each test instance, the train instance of the same family whose opening is
  nearest (rapidfuzz token-set ratio over every train opening) is replayed (its gold calls and
  answer) on the test instance; pass rate vs the noop agent on the same test instances.
- diversity: distinct gold routes (tool-name sequences), distinct openings, and the share of
  instances whose opening line (the one an episode shows) is unique.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import sys
import time
import tracemalloc
from collections import Counter, deque
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gymnasium as gym  # noqa: E402
from rapidfuzz import fuzz, process  # noqa: E402

from mivas_env.agents.baselines import Action, NoopAgent, gold_arguments  # noqa: E402
from mivas_env.env import MivasEnv  # noqa: E402
from mivas_env.evaluation.runner import run_episode  # noqa: E402
from mivas_env.generation import Instance, Stats, families, generate, generate_one, industries  # noqa: E402
from rewards.compile import _world_industry, compiled_industry  # noqa: E402
from rewards.normalize import canonical_json  # noqa: E402
from rewards.worlds import SPLIT_SEEDS, clear_cache, world  # noqa: E402

SECTIONS = ("distinct", "throughput", "reset", "worlds", "memorisation", "diversity")


def fingerprint(data: dict[str, Any]) -> str:
    """What makes two instances different: the caller's facts, the gold calls and hops, and
    the expected state (ids and world seeds alone do not)."""
    key = {"facts": data["caller"]["facts"], "calls": data["exp_tool_calls"],
           "hops": data["exp_handoff_path"], "state": data["exp_db_state"]}
    return hashlib.sha256(canonical_json(key).encode()).hexdigest()


def distinct(industry: str, n: int) -> dict[str, Any]:
    stats = Stats()
    seen: set[str] = set()
    start = time.perf_counter()
    for index, instance in enumerate(generate(industry, "train", n, seed=0, stats=stats)):
        seen.add(fingerprint(instance.data))
        if (index + 1) % 1000 == 0:
            print(f"  distinct: {index + 1}/{n} generated, {len(seen)} distinct "
                  f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    dropped = sum(stats.dropped.values())
    return {"generated": n, "distinct": len(seen), "dropped": dropped,
            "drop_rate_by_family": {code: round(stats.drop_rate(code), 4)
                                    for code in sorted(stats.made | stats.dropped)},
            "seconds": round(time.perf_counter() - start, 1)}


def throughput(industry: str, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label, worlds, seed in (("fresh_world_each", None, 10_000), ("cached_worlds_50", 50, 20_000)):
        if worlds is not None:  # warm the 50 worlds first
            for s in range(seed - 300, seed):
                generate_one(industry, "train", s, worlds=worlds, check=False)
        start = time.process_time()
        for s in range(seed, seed + n):
            generate_one(industry, "train", s, worlds=worlds)
        cpu = time.process_time() - start
        out[label] = {"instances_per_s_one_core": round(n / cpu, 1),
                      "ms_per_instance_cpu": round(cpu / n * 1000, 2)}
    return out


def reset(industry: str, n: int, level: int = 0) -> dict[str, Any]:
    env = gym.make(f"mivas_env:mivas/{industry}-gen-v0", split="train", level=level)
    for s in range(2000):  # draws every one of the env's 100 worlds
        env.reset(seed=10**6 + s)
    wall, cpu = [], []
    gc.disable()
    try:
        for s in range(n):
            start, start_cpu = time.perf_counter(), time.process_time()
            env.reset(seed=s)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
    finally:
        gc.enable()
    wall.sort()
    cpu.sort()
    return {"resets": n, "cpu_p50_ms": round(cpu[n // 2] * 1000, 3),
            "cpu_p90_ms": round(cpu[int(n * 0.9)] * 1000, 3),
            "wall_p50_ms": round(wall[n // 2] * 1000, 3),
            "wall_p90_ms": round(wall[int(n * 0.9)] * 1000, 3)}


def worlds(industry: str, n: int) -> dict[str, Any]:
    seeds = list(SPLIT_SEEDS["test"])[500_000:500_000 + n]
    clear_cache()
    start = time.process_time()
    for seed in seeds:
        world(industry, seed)
    build_ms = (time.process_time() - start) / n * 1000
    clear_cache()
    _world_industry.cache_clear()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for seed in seeds:
        world(industry, seed)
        compiled_industry(industry, seed)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    others = list(SPLIT_SEEDS["bench"])[500_000:500_000 + n]
    for seed in others:
        world(industry, seed)
    start = time.process_time()
    for seed in others:
        compiled_industry(industry, seed)
    compile_ms = (time.process_time() - start) / n * 1000
    return {"worlds": n, "build_ms_cpu": round(build_ms, 2),
            "compile_expected_side_ms_cpu": round(compile_ms, 2),
            "kib_per_cached_world": round(size / n / 1024, 1)}


class Replay:
    """Replays another instance's gold calls and answer, then ends the call."""

    name = "replay"

    def __init__(self, source: dict[str, Any]) -> None:
        self.source = source
        self.plan: deque[Action] = deque()

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        self.plan = deque({"tool": call["name"], "arguments": gold_arguments(
            call.get("parameters", {}))} for call in self.source["exp_tool_calls"])
        if self.source["caller"].get("agent_answer"):
            self.plan.append(self.source["caller"]["agent_answer"])
        self.plan.append({"tool": "end_call", "arguments": {}})

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        return self.plan.popleft() if self.plan else {"tool": "end_call", "arguments": {}}


def memorisation(industry: str, per_family_train: int, per_family_test: int) -> dict[str, Any]:
    replayed = noop = total = 0
    by_family: dict[str, dict[str, int]] = {}
    for family in families(industry):
        train = [generate_one(industry, "train", s, family=family.code, check=False)
                 for s in range(per_family_train)]
        choices = [(opening, instance) for instance in train
                   for opening in instance.data["caller"]["opening"]]
        texts = [opening for opening, _ in choices]
        counts = by_family.setdefault(family.code, {"replay": 0, "noop": 0, "n": 0})
        for s in range(per_family_test):
            test = generate_one(industry, "test", s, family=family.code, check=False)
            env = MivasEnv(tasks=[test.task])
            shown, _ = env.reset(seed=s, options={"task_id": test.task.full_id})
            _, _, index = process.extractOne(shown, texts, scorer=fuzz.token_set_ratio)
            source = choices[index][1]
            hit = run_episode(env, Replay(source.data), test.task, seed=s).passed
            base = run_episode(env, NoopAgent(), test.task, seed=s).passed
            replayed += hit
            noop += base
            total += 1
            counts["replay"] += hit
            counts["noop"] += base
            counts["n"] += 1
    return {"test_instances": total, "train_per_family": per_family_train,
            "replay_nearest_train_pass_rate": round(replayed / total, 4),
            "noop_pass_rate": round(noop / total, 4),
            "margin_points": round((replayed - noop) / total * 100, 2), "by_family": by_family}


def diversity(industry: str, n: int) -> dict[str, Any]:
    instances: list[Instance] = list(generate(industry, "train", n, seed=50_000, check=False))
    routes = {tuple(call["name"] for call in i.data["exp_tool_calls"]) for i in instances}
    openings = [o for i in instances for o in i.data["caller"]["opening"]]
    shown = Counter()
    for s, instance in enumerate(instances):
        env = MivasEnv(tasks=[instance.task])
        shown[env.reset(seed=s)[0]] += 1
    unique = sum(1 for count in shown.values() if count == 1)
    return {"instances": n, "distinct_gold_routes": len(routes),
            "distinct_openings": len(set(openings)),
            "share_unique_opening": round(unique / n, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--industry", action="append", help="default: every industry with families")
    parser.add_argument("--section", action="extend", nargs="+", choices=SECTIONS)
    parser.add_argument("--distinct", type=int, default=10_000)
    parser.add_argument("--throughput", type=int, default=200)
    parser.add_argument("--resets", type=int, default=500)
    parser.add_argument("--level", type=int, default=0, help="reset: the envs' difficulty level")
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--memo-train", type=int, default=60)
    parser.add_argument("--memo-test", type=int, default=15)
    parser.add_argument("--diversity", type=int, default=1000)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    sections = args.section or list(SECTIONS)
    results: dict[str, dict[str, Any]] = {}
    runners = {"distinct": lambda name: distinct(name, args.distinct),
               "throughput": lambda name: throughput(name, args.throughput),
               "reset": lambda name: reset(name, args.resets, args.level),
               "worlds": lambda name: worlds(name, args.worlds),
               "memorisation": lambda name: memorisation(name, args.memo_train, args.memo_test),
               "diversity": lambda name: diversity(name, args.diversity)}
    for industry in args.industry or industries():
        for section in sections:
            figures = runners[section](industry)
            results.setdefault(industry, {})[section] = figures
            print(f"{industry} {section}: {json.dumps(figures)}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
