"""Measured difficulty of the generation levels (issue 21): per industry and level, the pass
rate of the oracle, the careful and naive voice agents and noop on ``--n`` test-split instances
each, over the ``asr`` channel at the level's default word error rate (0, 3, 6, 10, 15%).

    python benchmarks/bench_levels.py [--n 100] [--levels 0,1,2,3,4] [--json PATH] [--plot PATH]

Instance ``seed`` of every level is the same family instance (level 0) with the level's
behaviours on top, so the columns compare the same tasks. Deterministic: the same arguments
print the same table. ``MIVAS_BENCH_LEVELS_N`` overrides the default ``--n``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's mivas_env

from mivas_env.agents.baselines import make_agent
from mivas_env.evaluation.runner import evaluate
from mivas_env.generation import generate, industries
from mivas_env.generation.levels import LEVELS

AGENTS = ("oracle", "careful", "naive", "noop")


def measure(n: int, levels: list[int], seed: int = 0) -> list[dict[str, Any]]:
    """One row per industry, level and agent: pass and exact rates over ``n`` instances."""
    rows = []
    for industry in industries():
        for level in levels:
            tasks = [instance.task for instance in generate(industry, "test", n, seed,
                                                            level=level)]
            for agent in AGENTS:
                results = evaluate(make_agent(agent), tasks, seed=seed,
                                   env_kwargs={"channel": "asr"})
                rows.append({
                    "industry": industry, "level": level, "wer": LEVELS[level].wer,
                    "agent": agent, "tasks": len(results),
                    "pass_rate": round(sum(r.passed for r in results) / len(results), 4),
                    "exact_rate": round(sum(r.passed and r.handoff_verdict == "exact"
                                            for r in results) / len(results), 4)})
    return rows


def table(rows: list[dict[str, Any]], levels: list[int]) -> str:
    """Markdown: one line per industry and agent, one column per level (pass rate)."""
    header = "| industry | agent | " + " | ".join(
        f"L{level} ({LEVELS[level].wer:.0%})" for level in levels) + " |"
    lines = [header, "|" + "---|" * (len(levels) + 2)]
    for industry in dict.fromkeys(row["industry"] for row in rows):
        for agent in AGENTS:
            cells = {row["level"]: row["pass_rate"] for row in rows
                     if row["industry"] == industry and row["agent"] == agent}
            lines.append(f"| {industry} | {agent} | "
                         + " | ".join(f"{cells[level]:.0%}" for level in levels) + " |")
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]], levels: list[int], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(dict.fromkeys(row["industry"] for row in rows))
    fig, axes = plt.subplots(1, len(names), figsize=(4 * len(names), 3.4), sharey=True)
    for axis, industry in zip(axes if len(names) > 1 else [axes], names, strict=True):
        for agent in AGENTS:
            rates = [next(r["pass_rate"] for r in rows if r["industry"] == industry
                          and r["agent"] == agent and r["level"] == level) for level in levels]
            axis.plot(levels, [100 * r for r in rates], marker="o", label=agent)
        axis.set_title(industry)
        axis.set_xlabel("level")
        axis.set_xticks(levels)
    axes_list = axes if len(names) > 1 else [axes]
    axes_list[0].set_ylabel("pass rate, %")
    axes_list[0].legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=int(os.environ.get("MIVAS_BENCH_LEVELS_N", 100)))
    parser.add_argument("--levels", default=",".join(str(level.number) for level in LEVELS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    parser.add_argument("--plot", metavar="PATH", help="also draw the rates (matplotlib)")
    args = parser.parse_args(argv)
    levels = [int(part) for part in args.levels.split(",")]
    rows = measure(args.n, levels, args.seed)
    print(table(rows, levels))
    if args.json:
        Path(args.json).write_text(json.dumps({"n": args.n, "seed": args.seed, "rows": rows},
                                              indent=1) + "\n", encoding="utf-8")
    if args.plot:
        plot(rows, levels, Path(args.plot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
