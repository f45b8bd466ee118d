"""Paired comparison of two runs (``mivas compare A.json B.json``): two ``mivas eval --json``
runs of the same lockfiles with the same seeds and trials differ only by what was changed (the
agent, the channel...), so each task is its own control. The difference in pass rate (and in
pass^K) comes with a paired bootstrap 95% interval over tasks and the exact sign test."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mivas_env.evaluation.stats import (
    BOOTSTRAP_RESAMPLES,
    paired_bootstrap_ci,
    pass_hat_k,
    sign_test,
    trials_of,
)
from rewards import MivasError
from rewards.industry import read_json

ALPHA = 0.05
SAME = ("tasks_sha256", "seed", "trials")  # what two runs must share to be compared task by task


class NotComparable(MivasError):
    """Two runs that did not run the same tasks with the same seeds."""


def load_run(path: Path | str) -> dict[str, Any]:
    """A ``mivas eval --json`` run (it must carry ``per_task``)."""
    run = read_json(Path(path))
    if not isinstance(run, dict) or not isinstance(run.get("per_task"), dict):
        raise MivasError("not a mivas eval --json run with per_task (run it with this version)",
                         file=str(path))
    return run


def check_comparable(a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    """Raise ``NotComparable`` (one line) unless both runs ran the same tasks and seeds."""
    for key in SAME:
        if a.get(key) != b.get(key):
            raise NotComparable(f"the runs are not comparable: {key} differs "
                                f"({a.get(key)!r} vs {b.get(key)!r}); run both on the same "
                                f"tasks with the same --seed and --trials")
    if set(a["per_task"]) != set(b["per_task"]):
        raise NotComparable("the runs are not comparable: they ran different tasks")


@dataclass(frozen=True)
class Difference:
    """A - B of one statistic: the two values, the difference and its 95% interval."""

    a: float
    b: float
    difference: float
    ci95: list[float]

    @property
    def resolved(self) -> bool:
        """Whether the interval excludes 0."""
        return excludes_zero(self.ci95)

    def as_json(self) -> dict[str, Any]:
        return {"a": round(self.a, 4), "b": round(self.b, 4),
                "difference": round(self.difference, 4), "ci95": self.ci95}


def _difference(a: list[float], b: list[float], seed: int) -> Difference:
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    return Difference(mean_a, mean_b, mean_a - mean_b, paired_bootstrap_ci(a, b, seed))


def compare(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """The comparison of run A with run B (``mivas compare --json``)."""
    check_comparable(a, b)
    tasks = list(a["per_task"])
    if not tasks:
        raise NotComparable("the runs are not comparable: they ran no tasks")
    rows_a = [a["per_task"][t] for t in tasks]
    rows_b = [b["per_task"][t] for t in tasks]
    trials = trials_of(dict(zip(tasks, rows_a, strict=True)))
    seed = int(a.get("seed") or 0)
    rate_a = [sum(row) / trials for row in rows_a]
    rate_b = [sum(row) / trials for row in rows_b]
    pass_rate = _difference(rate_a, rate_b, seed)

    def all_pass(row: list[int]) -> float:  # per task, the unbiased pass^K term C(c,K)/C(K,K)
        return pass_hat_k([sum(row)], trials, trials)

    hat = _difference([all_pass(r) for r in rows_a], [all_pass(r) for r in rows_b], seed)
    wins, losses, p_value = sign_test(rate_a, rate_b)
    told_apart = pass_rate.resolved and p_value < ALPHA
    return {"a": a.get("agent"), "b": b.get("agent"), "tasks": len(tasks), "trials": trials,
            "seed": seed, "resamples": BOOTSTRAP_RESAMPLES,
            "pass_rate": pass_rate.as_json(), f"pass_hat_{trials}": hat.as_json(),
            "sign_test": {"a_better": wins, "b_better": losses,
                          "ties": len(tasks) - wins - losses, "p_value": p_value},
            "resolution": round((pass_rate.ci95[1] - pass_rate.ci95[0]) / 2, 4),
            "told_apart": told_apart}


def format_comparison(result: Mapping[str, Any]) -> str:
    """The comparison in words, as ``mivas compare`` prints it."""
    k = result["trials"]
    rate, hat, sign = result["pass_rate"], result[f"pass_hat_{k}"], result["sign_test"]

    def line(name: str, d: Mapping[str, Any]) -> str:
        low, high = d["ci95"]
        return (f"{name:<10}A {d['a']:.1%}  B {d['b']:.1%}  A-B {d['difference']:+.1%}  "
                f"95% CI [{low:+.1%}, {high:+.1%}]")

    verdict = ("the run tells them apart" if result["told_apart"] else
               "the run cannot tell them apart")
    return "\n".join([
        f"A = {result['a']}, B = {result['b']}: {result['tasks']} tasks x {k} trial(s), "
        f"paired by task and seed",
        line("pass^1", rate), *([line(f"pass^{k}", hat)] if k > 1 else []),
        f"sign test over tasks: A better on {sign['a_better']}, B better on {sign['b_better']}, "
        f"{sign['ties']} tied; exact two-sided p = {sign['p_value']:.3g}",
        f"verdict: {verdict} (pass-rate interval {'excludes' if excludes_zero(rate['ci95']) else 'includes'}"
        f" 0, p {'<' if sign['p_value'] < ALPHA else '>='} {ALPHA}); this suite resolves "
        f"differences of about ±{result['resolution']:.1%} in pass rate"])


def excludes_zero(ci95: list[float]) -> bool:
    """Whether an interval lies wholly on one side of 0."""
    return bool(ci95[0] > 0 or ci95[1] < 0)
