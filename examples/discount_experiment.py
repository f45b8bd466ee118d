"""The discount experiment: does a graded route reward teach routing that a binary label does not,
and does what PPO learns on training instances carry over to held-out ones?

PPO (RLlib, new API stack) on ``DiscreteActions`` with discount 1.0 (binary: any passing route
earns 1), 0.5 and 0.2, several seeds each. After every iteration the policy is evaluated on
held-out instances under ``FixedDiscountEval`` (pass = r_eval, and the exact-route rate), with
actions sampled from it (what PPO trains; seeded) and greedily.
Two splits:

- ``--tasks generated`` (the default once ``mivas tasks generate`` exists): train on instances of
  the industry's generated families drawn from the ``train`` split, evaluate on instances drawn
  from the ``test`` split (disjoint worlds, names and phrasings);
- ``--tasks shipped``: train on the shipped tasks, hold out every ``C*-E2`` task.

Baselines printed beside the table: the noop agent on the held-out instances, and the ceiling of
the macro menu there (each task's gold script through the menu, ``DiscreteActions.script_for``).
Results go to ``--out`` (a path prefix: PREFIX.json, PREFIX.png, PREFIX.md; default under the
system temp directory, so a run never touches tracked files). The script prints its wall time;
the README records the measured one. Needs the CPU torch build and ``pip install -e '.[rllib]'``
plus matplotlib.

    python examples/discount_experiment.py --tasks shipped --out /tmp/mivas/discount
    python examples/discount_experiment.py --smoke                # 1 seed, 1 discount, 1 iteration
    python examples/discount_experiment.py --plot-only --out PREFIX   # redraw from PREFIX.json
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from mivas_env.agents.baselines import NoopAgent
from mivas_env.call.tasks import Task, load_task, load_tasks
from mivas_env.env import MivasEnv, policy_info
from mivas_env.extras import exit_on_missing_extra
from mivas_env.wrappers import DiscreteActions, FixedDiscountEval

DEFAULT_OUT = Path(tempfile.gettempdir()) / "mivas-discount-experiment" / "discount_experiment"
MAX_TURNS = 24


def shipped_split(industry: str, family: str | None = None) -> tuple[list[Task], list[Task]]:
    """Held out: every shipped task whose example number is 2 (of one family's code if given)."""
    tasks = [t for t in load_tasks(industry)
             if family is None or t.lock.id.split("-")[0] == family or t.lock.category == family]
    held_out = [t for t in tasks if t.lock.id.endswith("-E2")]
    return [t for t in tasks if t not in held_out], held_out


def generated_split(industry: str, train_n: int, test_n: int, folder: Path,
                    family: str | None = None) -> tuple[list[Task], list[Task]]:
    """Instances of the industry's generated families (or of one ``family``): ``train_n`` from
    the train split, ``test_n`` from the test split, through ``mivas tasks generate``."""
    mivas = shutil.which("mivas") or str(Path(sys.executable).with_name("mivas"))
    out: dict[str, list[Task]] = {}
    for split, n in (("train", train_n), ("test", test_n)):
        target = folder / split
        if target.exists():
            shutil.rmtree(target)
        pinned = ["--family", family] if family else []
        done = subprocess.run([mivas, "tasks", "generate", "--industry", industry, "--split", split,
                               "--n", str(n), "--seed", "0", "--out", str(target), "--quiet",
                               *pinned],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"mivas tasks generate failed ({done.returncode}): "
                             f"{(done.stderr or done.stdout).strip()[-500:]}\n"
                             "generated families need the generation package; "
                             "use --tasks shipped meanwhile")
        out[split] = [load_task(path) for path in sorted(target.rglob("*.json"))]
    return out["train"], out["test"]


def play_noop(tasks: list[Task]) -> float:
    """Pass rate of the noop agent (answers from memory, never calls a tool)."""
    env = MivasEnv(tasks=tasks, max_turns=MAX_TURNS)
    passed = 0
    for i, task in enumerate(tasks):
        agent = NoopAgent()
        obs, info = env.reset(seed=20_000 + i, options={"task_id": task.full_id})
        agent.reset(obs, policy_info(dict(info)))
        while True:
            obs, _, terminated, truncated, info = env.step(agent.act(obs, policy_info(dict(info))))
            if terminated or truncated:
                break
        passed += int(info["r_eval"])
    return passed / len(tasks)


def menu_ceiling(tasks: list[Task]) -> float:
    """Fraction of tasks whose gold script through the macro menu passes."""
    env = DiscreteActions(MivasEnv(tasks=tasks, max_turns=60))
    passed = 0
    for i, task in enumerate(tasks):
        env.reset(seed=30_000 + i, options={"task_id": task.full_id})
        info: dict[str, Any] = {}
        for action in env.script_for(task):
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        passed += int(info.get("r_eval", 0))
    return passed / len(tasks)


def policy_eval(algo: Any, env: DiscreteActions, tasks: list[Task], greedy: bool,
                seed: int = 0) -> tuple[float, float]:
    """Pass rate (r_eval) and exact-route rate of the policy on ``tasks``: its greedy action, or
    an action sampled from it (seeded), at every step."""
    import torch
    from ray.rllib.core.columns import Columns

    module = algo.get_module()
    rng = np.random.default_rng(seed)
    passed = exact = 0
    for i, task in enumerate(tasks):
        obs, info = env.reset(seed=10_000 + i, options={"task_id": task.full_id})
        while True:
            with torch.no_grad():
                out = module.forward_inference({Columns.OBS: torch.from_numpy(obs[None])})
            logits = out[Columns.ACTION_DIST_INPUTS][0].numpy().astype(np.float64)
            if greedy:
                action = int(np.argmax(logits))
            else:
                probs = np.exp(logits - logits.max())
                action = int(rng.choice(len(probs), p=probs / probs.sum()))
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        passed += int(reward)  # FixedDiscountEval(discount=None): the reward is r_eval
        exact += int(reward == 1 and info["handoff_verdict"] == "exact")
    return passed / len(tasks), exact / len(tasks)


def heldout_eval(algo: Any, env: DiscreteActions, tasks: list[Task], seed: int
                 ) -> dict[str, float]:
    """The policy on held-out tasks, sampled (what PPO trains) and greedy."""
    sampled = policy_eval(algo, env, tasks, greedy=False, seed=seed)
    greedy = policy_eval(algo, env, tasks, greedy=True)
    return {"heldout_pass_rate": sampled[0], "heldout_exact_rate": sampled[1],
            "heldout_greedy_pass_rate": greedy[0], "heldout_greedy_exact_rate": greedy[1]}


def run(discount: float, seed: int, iterations: int, train: list[Task], held_out: list[Task]
        ) -> list[dict[str, Any]]:
    from mivas_env.integrations.rllib import build_algo, iteration_metrics, ppo_config

    industry = train[0].industry
    config = ppo_config({"industry": industry, "discount": discount, "max_turns": MAX_TURNS,
                         "task_paths": [str(t.path) for t in train]}, seed=seed)
    algo = build_algo(config)
    eval_env = DiscreteActions(FixedDiscountEval(MivasEnv(tasks=held_out, max_turns=MAX_TURNS),
                                                 discount=None))
    rows = []
    try:
        for iteration in range(1, iterations + 1):
            train_metrics = iteration_metrics(algo.train())
            row = {"discount": discount, "seed": seed, "iteration": iteration, **train_metrics,
                   **heldout_eval(algo, eval_env, held_out, seed=1000 * seed + iteration)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    finally:
        algo.stop()
    return rows


PANELS = {"mivas_pass_rate": "training episodes: pass rate",
          "mivas_exact_rate": "training episodes: exact-route rate",
          "heldout_pass_rate": "held-out (policy sampled): pass rate (r_eval)",
          "heldout_exact_rate": "held-out (policy sampled): exact-route rate"}


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result["rows"]
    fig, axes = plt.subplots(1, 4, figsize=(18, 4), sharex=True)
    for discount in sorted({r["discount"] for r in rows}, reverse=True):
        mine = [r for r in rows if r["discount"] == discount]
        iterations = sorted({r["iteration"] for r in mine})
        for ax, key in zip(axes, PANELS, strict=True):
            values = np.array([[r[key] for r in mine if r["iteration"] == i] for i in iterations])
            ax.plot(iterations, values.mean(1), label=f"discount {discount:g}")
            ax.fill_between(iterations, values.min(1), values.max(1), alpha=0.2)
    for ax, title in zip(axes, PANELS.values(), strict=True):
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("PPO iteration")
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
    for ax in axes[2:]:
        ax.axhline(result["noop_heldout"], color="grey", ls=":", label="noop")
        ax.axhline(result["ceiling_heldout"], color="black", ls="--", label="menu ceiling")
    axes[0].legend()
    axes[2].legend()
    fig.suptitle(f"PPO on DiscreteActions ({result['split']}): mean over seeds (band: min-max)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def report(result: dict[str, Any]) -> str:
    """A markdown table: first and last iteration, mean over seeds, with the baselines."""
    rows = result["rows"]
    last = max(r["iteration"] for r in rows)
    seeds = len({r["seed"] for r in rows})
    lines = [f"| discount | train pass (it. 1 → {last}) | train exact | held-out pass | "
             f"held-out exact | held-out pass, greedy |", "|---:|---:|---:|---:|---:|---:|"]
    for discount in sorted({r["discount"] for r in rows}, reverse=True):
        first = [r for r in rows if r["discount"] == discount and r["iteration"] == 1]
        final = [r for r in rows if r["discount"] == discount and r["iteration"] == last]

        def mean(key: str, chosen: list[dict[str, Any]]) -> str:
            return f"{np.mean([r[key] for r in chosen]):.3f}"

        lines.append(f"| {discount:g} | {mean('mivas_pass_rate', first)} → "
                     f"{mean('mivas_pass_rate', final)} | {mean('mivas_exact_rate', final)} | "
                     f"{mean('heldout_pass_rate', final)} | {mean('heldout_exact_rate', final)} | "
                     f"{mean('heldout_greedy_pass_rate', final)} |")
    scope = f"{result['industry']} {result.get('family') or 'all families'}, {result['split']}"
    lines.append(f"\n({scope}: {result['n_train']} training, {result['n_heldout']} "
                 f"held-out instances; mean of {seeds} seeds. Held out, noop passes "
                 f"{result['noop_heldout']:.3f} and the menu's gold scripts "
                 f"{result['ceiling_heldout']:.3f}. Wall time {result['seconds']:.0f} s.)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", choices=("generated", "shipped"), default="generated")
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--family", default=None, help="one family: a code (C1) or a category")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--discounts", default="1.0,0.5,0.2")
    parser.add_argument("--train-n", type=int, default=60, help="generated training instances")
    parser.add_argument("--test-n", type=int, default=30, help="generated held-out instances")
    parser.add_argument("--smoke", action="store_true", help="1 seed, 1 discount, 1 iteration")
    parser.add_argument("--out", default=str(DEFAULT_OUT),
                        help="path prefix for PREFIX.json/.png/.md (default: %(default)s)")
    parser.add_argument("--plot-only", action="store_true", help="redraw from PREFIX.json")
    args = parser.parse_args()
    with exit_on_missing_extra("discount_experiment.py"):
        experiment(parser, args)


def experiment(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    import ray  # before any work: a missing extra is one line, not a traceback after minutes
    import torch

    out = Path(args.out)
    if args.plot_only:
        saved = json.loads(out.with_suffix(".json").read_text())
        plot(saved, out.with_suffix(".png"))
        print(report(saved))
        return
    try:
        discounts = [float(d) for d in args.discounts.split(",")]
    except ValueError:
        parser.error(f"--discounts takes numbers separated by commas, got {args.discounts!r}")
    if any(not 0.0 <= d <= 1.0 for d in discounts) or args.iterations < 1 or args.seeds < 1:
        parser.error("discounts lie in [0, 1]; --iterations and --seeds are at least 1")
    seeds, iterations = range(args.seeds), args.iterations
    if args.smoke:
        discounts, seeds, iterations = discounts[:1], range(1), 1
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.tasks == "generated":
        train, held_out = generated_split(args.industry, args.train_n, args.test_n,
                                          out.parent / f"{out.name}-tasks", args.family)
    else:
        train, held_out = shipped_split(args.industry, args.family)
    if not train or not held_out:
        parser.error(f"no training or no held-out tasks for {args.industry} {args.family or ''}")
    print(f"{args.tasks}: train {len(train)} tasks, held out {len(held_out)}", flush=True)
    started = time.perf_counter()
    torch.set_num_threads(1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    result: dict[str, Any] = {
        "split": args.tasks, "industry": args.industry, "family": args.family,
        "n_train": len(train), "n_heldout": len(held_out), "noop_heldout": play_noop(held_out),
        "ceiling_heldout": menu_ceiling(held_out), "ceiling_train": menu_ceiling(train),
        "rows": [], "seconds": 0.0, "complete": False}
    try:
        for discount in discounts:
            for seed in seeds:
                result["rows"] += run(discount, seed, iterations, train, held_out)
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
