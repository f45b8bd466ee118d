"""The curriculum experiment (issue 21): does PPO that climbs the difficulty levels do better
on the top level than PPO trained on the top level from the start?

PPO (RLlib, new API stack) on the macro menu (``DiscreteActions``) over
``mivas/<industry>-gen-v0`` (a fresh train-split instance every episode), two arms with the same
steps and seeds: ``fixed`` trains at the top level throughout; ``curriculum`` starts at level 0
under ``mivas_env.Curriculum`` (per family, promote at ``--promote-at``, demote at 0.3, window
``--window``). After every iteration the policy is evaluated on ``--test-n`` instances of the
test split at the top level (pass = ``r_eval``, and the exact-route rate), actions sampled from
it (seeded, what PPO trains) and greedy. Baselines: noop and the menu's gold scripts there.

    python examples/curriculum_experiment.py --family C1 --iterations 8 --seeds 3 \\
        --out docs/curriculum_experiment
    python examples/curriculum_experiment.py --smoke             # 1 seed, 1 iteration per arm
    python examples/curriculum_experiment.py --plot-only --out PREFIX

Writes PREFIX.json, PREFIX.png and PREFIX.md (default under the system temp directory). Needs
the ``[rllib]`` extra (CPU torch) and matplotlib.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from discount_experiment import heldout_eval, menu_ceiling, play_noop  # noqa: E402

sys.path.pop(0)

from mivas_env.env import MivasEnv  # noqa: E402
from mivas_env.generation import generate  # noqa: E402
from mivas_env.generation.levels import LEVELS  # noqa: E402
from mivas_env.wrappers import DiscreteActions, FixedDiscountEval  # noqa: E402

DEFAULT_OUT = Path(tempfile.gettempdir()) / "mivas-curriculum-experiment" / "curriculum"
MAX_TURNS = 24
TOP = LEVELS[-1].number


def level_metrics_callback() -> type[Any]:
    """The verdict metrics plus ``mivas_level``: the mean level of the iteration's episodes."""
    from mivas_env.integrations.rllib import verdict_metrics_callback

    base = verdict_metrics_callback()

    class LevelMetrics(base):  # type: ignore[misc,valid-type]
        def on_episode_end(self, *, episode: Any, metrics_logger: Any = None,
                           **kwargs: Any) -> None:
            super().on_episode_end(episode=episode, metrics_logger=metrics_logger, **kwargs)
            first = episode.get_infos(0)
            if metrics_logger is not None and "level" in first:
                metrics_logger.log_value("mivas_level", float(first["level"]), reduce="mean")

    return LevelMetrics


def run(arm: str, seed: int, iterations: int, args: argparse.Namespace,
        held_out: list[Any]) -> list[dict[str, Any]]:
    from mivas_env.integrations.rllib import build_algo, iteration_metrics, ppo_config

    env_config: dict[str, Any] = {"industry": args.industry, "family": args.family,
                                  "split": "train", "max_turns": MAX_TURNS,
                                  "discount": args.discount}
    if arm == "curriculum":
        env_config["curriculum"] = {"window": args.window, "promote_at": args.promote_at,
                                    "demote_at": 0.3}
    else:
        env_config["level"] = TOP
    config = ppo_config(env_config, seed=seed, env_id=f"mivas/{args.industry}-gen-v0")
    config.callbacks(level_metrics_callback())
    algo = build_algo(config)
    eval_env = DiscreteActions(FixedDiscountEval(MivasEnv(tasks=held_out, max_turns=MAX_TURNS),
                                                 discount=None))
    rows = []
    try:
        for iteration in range(1, iterations + 1):
            result = algo.train()
            level = result.get("env_runners", {}).get("mivas_level", float("nan"))
            row = {"arm": arm, "seed": seed, "iteration": iteration,
                   **iteration_metrics(result), "mean_level": round(float(level), 3),
                   **heldout_eval(algo, eval_env, held_out, seed=1000 * seed + iteration)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    finally:
        algo.stop()
    return rows


PANELS = {"mean_level": "training episodes: mean level",
          "mivas_pass_rate": "training episodes: pass rate",
          "heldout_pass_rate": f"held-out level {TOP} (sampled): pass rate",
          "heldout_exact_rate": f"held-out level {TOP} (sampled): exact-route rate"}


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result["rows"]
    fig, axes = plt.subplots(1, len(PANELS), figsize=(18, 4), sharex=True)
    for arm in ("fixed", "curriculum"):
        mine = [r for r in rows if r["arm"] == arm]
        if not mine:
            continue
        iterations = sorted({r["iteration"] for r in mine})
        for ax, key in zip(axes, PANELS, strict=True):
            values = np.array([[r[key] for r in mine if r["iteration"] == i] for i in iterations])
            label = f"top level ({TOP}) throughout" if arm == "fixed" else "curriculum from 0"
            ax.plot(iterations, values.mean(1), label=label)
            ax.fill_between(iterations, values.min(1), values.max(1), alpha=0.2)
    for ax, title in zip(axes, PANELS.values(), strict=True):
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("PPO iteration")
        ax.grid(alpha=0.3)
        if "level" not in title.split(":")[1]:
            ax.set_ylim(-0.02, 1.02)
    axes[0].set_ylim(-0.1, TOP + 0.1)
    for ax in axes[2:]:
        ax.axhline(result["noop_heldout"], color="grey", ls=":", label="noop")
        ax.axhline(result["ceiling_heldout"], color="black", ls="--", label="menu ceiling")
    axes[0].legend()
    axes[2].legend()
    fig.suptitle(f"PPO on DiscreteActions, {result['industry']} {result['family'] or ''}: "
                 "mean over seeds (band: min-max)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def report(result: dict[str, Any]) -> str:
    rows = result["rows"]
    last = max(r["iteration"] for r in rows)
    lines = [f"| arm | mean level (it. {last}) | train pass (it. 1 → {last}) | held-out pass | "
             "held-out exact | held-out pass, greedy |", "|---|---:|---:|---:|---:|---:|"]
    for arm in ("fixed", "curriculum"):
        first = [r for r in rows if r["arm"] == arm and r["iteration"] == 1]
        final = [r for r in rows if r["arm"] == arm and r["iteration"] == last]
        if not final:
            continue

        def mean(key: str, chosen: list[dict[str, Any]]) -> str:
            return f"{np.nanmean([r[key] for r in chosen]):.3f}"

        lines.append(f"| {arm} | {mean('mean_level', final)} | {mean('mivas_pass_rate', first)} "
                     f"→ {mean('mivas_pass_rate', final)} | {mean('heldout_pass_rate', final)} | "
                     f"{mean('heldout_exact_rate', final)} | "
                     f"{mean('heldout_greedy_pass_rate', final)} |")
    seeds = len({r["seed"] for r in rows})
    lines.append(f"\n({result['industry']} {result['family'] or 'all families'}: held out "
                 f"{result['n_heldout']} test-split instances at level {TOP}; mean of {seeds} "
                 f"seeds at iteration {last}. Held out, noop passes "
                 f"{result['noop_heldout']:.3f} and the menu's gold scripts "
                 f"{result['ceiling_heldout']:.3f}. Wall time {result['seconds']:.0f} s.)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--family", default="C1", help="one family: a code (C1) or a category")
    parser.add_argument("--iterations", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--discount", type=float, default=0.5)
    parser.add_argument("--window", type=int, default=20)
    parser.add_argument("--promote-at", type=float, default=0.7)
    parser.add_argument("--test-n", type=int, default=20)
    parser.add_argument("--smoke", action="store_true", help="1 seed, 1 iteration per arm")
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--plot-only", action="store_true", help="redraw from PREFIX.json")
    args = parser.parse_args()
    out = Path(args.out)
    if args.plot_only:
        saved = json.loads(out.with_suffix(".json").read_text())
        plot(saved, out.with_suffix(".png"))
        print(report(saved))
        return
    seeds, iterations = (range(1), 1) if args.smoke else (range(args.seeds), args.iterations)
    held_out = [instance.task for instance in generate(args.industry, "test", args.test_n, 0,
                                                       family=args.family, level=TOP)]
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    import ray
    import torch

    torch.set_num_threads(1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    result: dict[str, Any] = {
        "industry": args.industry, "family": args.family, "discount": args.discount,
        "window": args.window, "promote_at": args.promote_at, "n_heldout": len(held_out),
        "noop_heldout": play_noop(held_out), "ceiling_heldout": menu_ceiling(held_out),
        "rows": [], "seconds": 0.0, "complete": False}
    try:
        for seed in seeds:
            for arm in ("fixed", "curriculum"):
                result["rows"] += run(arm, seed, iterations, args, held_out)
                result["seconds"] = time.perf_counter() - started
                if not args.smoke:  # a run cut short keeps what it finished
                    out.with_suffix(".json").write_text(json.dumps(result, indent=1))
    finally:
        ray.shutdown()
    result["complete"] = True
    result["seconds"] = time.perf_counter() - started
    table = report(result)
    if not args.smoke:
        out.with_suffix(".json").write_text(json.dumps(result, indent=1))
        out.with_suffix(".md").write_text(table + "\n")
        plot(result, out.with_suffix(".png"))
        print(f"wrote {out}.json, .md, .png")
    print(table)


if __name__ == "__main__":
    main()
