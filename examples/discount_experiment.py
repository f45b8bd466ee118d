"""The discount experiment: does a graded route reward teach routing that a binary label does not?

Train PPO on DiscreteActions over a fixed training split of one industry with discount 1.0
(binary: any passing route earns 1), 0.5 and 0.2, three seeds each; after every iteration
evaluate the greedy policy on held-out tasks under FixedDiscountEval (pass rate = r_eval, and the
exact-route rate). Writes docs/discount_experiment.png and docs/discount_experiment.json and prints
a table. Needs `pip install torch==2.13.0` and `pip install -e '.[rllib]'` plus matplotlib.

    python examples/discount_experiment.py                  # the full run (about 15 minutes)
    python examples/discount_experiment.py --smoke          # one seed, one discount, one iteration
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path
from typing import Any

import numpy as np
import ray
import torch

from mivas_env.env import MivasEnv
from mivas_env.rllib import iteration_metrics, ppo_config
from mivas_env.tasks import Task, load_tasks
from mivas_env.wrappers import DiscreteActions, FixedDiscountEval

DOCS = Path(__file__).resolve().parent.parent / "docs"


def split(industry: str) -> tuple[list[Task], list[Task]]:
    """Held out: every task whose example number is 2 (one per category that has one)."""
    tasks = load_tasks(industry)
    held_out = [t for t in tasks if t.lock.id.endswith("-E2")]
    return [t for t in tasks if t not in held_out], held_out


def greedy_eval(algo: Any, env: DiscreteActions, tasks: list[Task]) -> dict[str, float]:
    """Pass rate (r_eval) and exact-route rate of the greedy policy on ``tasks``."""
    from ray.rllib.core.columns import Columns

    module = algo.get_module()
    passed = exact = 0
    for i, task in enumerate(tasks):
        obs, info = env.reset(seed=10_000 + i, options={"task_id": task.full_id})
        while True:
            with torch.no_grad():
                out = module.forward_inference({Columns.OBS: torch.from_numpy(obs[None])})
            action = int(np.argmax(out[Columns.ACTION_DIST_INPUTS][0].numpy()))
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        passed += int(reward)  # FixedDiscountEval(discount=None): the reward is r_eval
        exact += int(reward == 1 and info["handoff_verdict"] == "exact")
    return {"heldout_pass_rate": passed / len(tasks), "heldout_exact_rate": exact / len(tasks)}


def run(industry: str, discount: float, seed: int, iterations: int, train: list[Task],
        held_out: list[Task]) -> list[dict[str, Any]]:
    config = ppo_config({"industry": industry, "discount": discount, "max_turns": 24,
                         "task_ids": [t.full_id for t in train]}, seed=seed)
    algo = config.build_algo()
    eval_env = DiscreteActions(FixedDiscountEval(MivasEnv(tasks=held_out, max_turns=24),
                                                 discount=None))
    rows = []
    try:
        for iteration in range(1, iterations + 1):
            train_metrics = iteration_metrics(algo.train())
            row = {"discount": discount, "seed": seed, "iteration": iteration, **train_metrics,
                   **greedy_eval(algo, eval_env, held_out)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    finally:
        algo.stop()
    return rows


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = {"mivas_pass_rate": "training episodes: pass rate",
              "mivas_exact_rate": "training episodes: exact-route rate",
              "heldout_pass_rate": "held-out greedy: pass rate (r_eval)",
              "heldout_exact_rate": "held-out greedy: exact-route rate"}
    fig, axes = plt.subplots(1, 4, figsize=(18, 4), sharex=True)
    for discount in sorted({r["discount"] for r in rows}, reverse=True):
        mine = [r for r in rows if r["discount"] == discount]
        iterations = sorted({r["iteration"] for r in mine})
        for ax, key in zip(axes, panels, strict=True):
            values = np.array([[r[key] for r in mine if r["iteration"] == i] for i in iterations])
            mean, low, high = values.mean(1), values.min(1), values.max(1)
            ax.plot(iterations, mean, label=f"discount {discount:g}")
            ax.fill_between(iterations, low, high, alpha=0.2)
    for ax, title in zip(axes, panels.values(), strict=True):
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("PPO iteration")
        ax.set_ylim(-0.02, 0.52)
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.suptitle("PPO on DiscreteActions: mean over seeds (band: min-max)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--iterations", type=int, default=15)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--discounts", default="1.0,0.5,0.2")
    parser.add_argument("--smoke", action="store_true", help="1 seed, 1 discount, 1 iteration")
    parser.add_argument("--out", default=str(DOCS / "discount_experiment"))
    parser.add_argument("--plot-only", action="store_true", help="redraw from the saved JSON")
    args = parser.parse_args()
    if args.plot_only:
        saved = json.loads(Path(args.out + ".json").read_text())
        plot(saved["rows"], Path(args.out + ".png"))
        report(saved["rows"], sorted({r["discount"] for r in saved["rows"]}, reverse=True))
        return
    discounts = [float(d) for d in args.discounts.split(",")]
    seeds, iterations = range(args.seeds), args.iterations
    if args.smoke:
        discounts, seeds, iterations = discounts[:1], range(1), 1
    torch.set_num_threads(1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    train, held_out = split(args.industry)
    print(f"train {len(train)} tasks, held out {len(held_out)}: "
          f"{', '.join(t.lock.id for t in held_out)}")
    started = time.perf_counter()
    rows = [row for discount in discounts for seed in seeds
            for row in run(args.industry, discount, seed, iterations, train, held_out)]
    ray.shutdown()
    elapsed = time.perf_counter() - started
    if not args.smoke:
        Path(args.out + ".json").write_text(json.dumps({"rows": rows, "seconds": elapsed},
                                                       indent=1))
        plot(rows, Path(args.out + ".png"))
    report(rows, discounts)
    print(f"wall time {elapsed:.0f} s")


def report(rows: list[dict[str, Any]], discounts: list[float]) -> None:
    """A markdown table of the last iteration, mean over seeds."""
    last = max(r["iteration"] for r in rows)
    keys = ("mivas_pass_rate", "mivas_exact_rate", "heldout_pass_rate", "heldout_exact_rate")
    print(f"\n| discount | train pass | train exact | held-out pass | held-out exact |"
          f"  (iteration {last}, mean of {len({r['seed'] for r in rows})} seeds)")
    print("|---:|---:|---:|---:|---:|")
    for discount in discounts:
        final = [r for r in rows if r["discount"] == discount and r["iteration"] == last]
        cells = " | ".join(f"{np.mean([r[k] for r in final]):.3f}" for k in keys)
        print(f"| {discount:g} | {cells} |")


if __name__ == "__main__":
    main()
