"""Scaling curves: verify vs live calls and vs dump rows, env.step vs turns, memory of many envs,
and resets without memory growth. Prints a table and writes PREFIX.png and PREFIX.json (by default
under the system temp directory, so a run changes no tracked file; the README's figure is
``--out docs/scaling``).

    python benchmarks/scaling.py [--quick] [--out PREFIX]
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import percentiles  # noqa: E402

from mivas_env import MivasEnv  # noqa: E402
from rewards import load_lockfile, load_seed, load_trace, verify  # noqa: E402
from rewards.limits import set_limits  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = Path(tempfile.gettempdir()) / "mivas-scaling" / "scaling"
NAMES = ["lookup_patient", "check_plan_accepted", "transfer_to_coverage", "list_locations",
         "search_availability", "transfer_to_scheduling", "end_call"]


def calls_trace(n: int, rng: random.Random) -> Any:
    calls = [{"name": rng.choice(NAMES), "arguments": {"carrier": rng.choice(["aetna", "cigna"]),
                                                       "location_id": "loc_windermere"},
              "output": {"ok": True}, "start_offset_ms": i * 10} for i in range(n)]
    return load_trace({"tool_calls": calls, "hangup_dump": None})


def rows_trace(n: int) -> Any:
    seed = load_seed("healthcare")["appointments"]
    rows = [copy.copy(seed[i % len(seed)]) for i in range(n)]
    for i, row in enumerate(rows):
        row["appointment_id"] = f"appt_{i:07d}"
    return load_trace({"tool_calls": [], "hangup_dump": {"appointments": rows}})


def timed(fn: Any, repeat: int) -> float:
    return percentiles(fn, n=repeat, warmup=1)["p50_us"] / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=str(DEFAULT_OUT),
                        help="path prefix for PREFIX.png and PREFIX.json (default: %(default)s)")
    args = parser.parse_args()
    quick = args.quick
    set_limits(max_dump_rows=10**7, max_calls=10**7)
    lock = load_lockfile(ROOT / "tasks" / "healthcare" / "tasks" / "C1-E1.json")
    rng = random.Random(0)
    curves: dict[str, list[tuple[int, float]]] = {}

    def verify_curve(traces: dict[int, Any]) -> list[tuple[int, float]]:
        return [(n, timed(lambda t=trace: verify(lock, t), 3 if n > 5000 else 20))
                for n, trace in traces.items()]

    curves["verify ms vs live calls"] = verify_curve(
        {n: calls_trace(n, rng) for n in (10, 100, 1000, 10_000)})
    rows = [100, 1000, 10_000] if quick else [100, 1000, 10_000, 100_000]
    curves["verify ms vs dump rows (all differ from the seed)"] = verify_curve(
        {n: rows_trace(n) for n in rows})

    env = MivasEnv(industry="healthcare", task_id="C1-E1", max_turns=10**6)
    env.reset(seed=0)
    env.step({"tool": "transfer_to_coverage", "arguments": {}})
    step_curve = []
    turn = 1
    probe = {"tool": "check_plan_accepted", "arguments": {"carrier": "aetna",
                                                          "location_id": "loc_park_ave"}}
    for target in [1, 10, 100, 500]:
        while turn < target:
            env.step(probe)
            turn += 1
        start = time.perf_counter_ns()
        for _ in range(20):
            env.step(probe)
        step_curve.append((target, (time.perf_counter_ns() - start) / 20 / 1e6))
        turn += 20
    curves["env.step ms vs turns already in the episode"] = step_curve

    for title, points in curves.items():
        print(title)
        for x, ms in points:
            print(f"  {x:>8,}  {ms:10.3f} ms")

    tracemalloc.start()
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
    envs = [MivasEnv(industry="healthcare", task_id="C1-E1") for _ in range(1000)]
    for i, e in enumerate(envs):
        e.reset(seed=i)
    live = tracemalloc.get_traced_memory()[0] - base
    print(f"memory of 1,000 live envs after reset: {live / 2**20:.1f} MiB "
          f"({live / 1000 / 1024:.1f} KiB each)")
    del envs
    gc.collect()
    env = MivasEnv(industry="healthcare", task_id="C1-E1")
    resets = 20_000 if quick else 100_000
    marks = []
    for i in range(resets):
        env.reset(seed=i)
        env.step("Hello?")
        if i % (resets // 5) == resets // 5 - 1:
            gc.collect()
            marks.append(tracemalloc.get_traced_memory()[0])
    tracemalloc.stop()
    print(f"{resets:,} resets: traced memory at each fifth {[f'{m / 2**20:.2f}' for m in marks]}"
          f" MiB (growth {(marks[-1] - marks[0]) / 1024:.1f} KiB)")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    for ax, (title, points) in zip(axes, curves.items(), strict=True):
        xs, ys = zip(*points, strict=True)
        ax.loglog(xs, ys, marker="o")
        ax.set_title(title, fontsize=9)
        ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out.with_suffix(".png"), dpi=100)
    out.with_suffix(".json").write_text(json.dumps(curves, indent=1))
    print(f"wrote {out}.png and {out}.json")


if __name__ == "__main__":
    main()
