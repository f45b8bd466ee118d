"""The statistics of a run over tasks with K trials each: pass^k and pass@k, bootstrap intervals
over tasks, and the exact sign test of a paired comparison (docs/formats.md).

Every function takes per-task outcomes (``outcomes[task] = [0/1 per trial]``); the bootstrap
resamples tasks, not episodes, because the trials of one task are not independent draws."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb

import numpy as np

BOOTSTRAP_RESAMPLES = 2000
CONFIDENCE = 0.95

Outcomes = Mapping[str, Sequence[int]]  # task id -> 0/1 per trial, in seed order


def trials_of(outcomes: Outcomes) -> int:
    """K, the trials every task ran (the same for all tasks, else a ``ValueError``)."""
    counts = {len(row) for row in outcomes.values()}
    if len(counts) != 1 or 0 in counts:
        raise ValueError(f"every task needs the same number (>= 1) of trials, got {sorted(counts)}")
    return counts.pop()


def pass_hat_k(passes: Sequence[int], trials: int, k: int) -> float:
    """tau-bench's unbiased pass^k: mean over tasks of C(c, k) / C(K, k) (all k trials pass)."""
    if not 1 <= k <= trials:
        raise ValueError(f"k must be within [1, {trials}], got {k}")
    if not passes:
        return 0.0
    return sum(comb(c, k) for c in passes) / comb(trials, k) / len(passes)


def pass_at_k(passes: Sequence[int], trials: int, k: int) -> float:
    """The unbiased pass@k: mean over tasks of 1 - C(K - c, k) / C(K, k) (some trial passes)."""
    if not 1 <= k <= trials:
        raise ValueError(f"k must be within [1, {trials}], got {k}")
    if not passes:
        return 0.0
    return 1.0 - sum(comb(trials - c, k) for c in passes) / comb(trials, k) / len(passes)


def pass_curves(outcomes: Outcomes) -> dict[str, dict[str, float]]:
    """``{"pass_hat_k": {"1": ..., "K": ...}, "pass_at_k": {...}}``, rounded to 4 places."""
    trials = trials_of(outcomes)
    passes = [sum(row) for row in outcomes.values()]
    return {"pass_hat_k": {str(k): round(pass_hat_k(passes, trials, k), 4)
                           for k in range(1, trials + 1)},
            "pass_at_k": {str(k): round(pass_at_k(passes, trials, k), 4)
                          for k in range(1, trials + 1)}}


def _interval(samples: np.ndarray) -> list[float]:
    tail = (1.0 - CONFIDENCE) / 2 * 100
    low, high = np.percentile(samples, [tail, 100 - tail])
    return [round(float(low), 4), round(float(high), 4)]


def _resample(n: int, seed: int) -> np.ndarray:
    """``BOOTSTRAP_RESAMPLES`` rows of ``n`` task indices drawn with replacement."""
    return np.random.default_rng(seed).integers(0, n, size=(BOOTSTRAP_RESAMPLES, n))


def bootstrap_ci(per_task: Sequence[float], seed: int) -> list[float]:
    """The 95% percentile-bootstrap interval of the mean of ``per_task`` (tasks resampled with
    replacement, ``BOOTSTRAP_RESAMPLES`` times, from ``numpy.random.default_rng(seed)``)."""
    if not per_task:
        return [0.0, 0.0]
    values = np.asarray(per_task, dtype=float)
    return _interval(values[_resample(len(values), seed)].mean(axis=1))


def paired_bootstrap_ci(a: Sequence[float], b: Sequence[float], seed: int) -> list[float]:
    """The 95% interval of mean(a) - mean(b) over tasks, resampling tasks (pairs kept)."""
    if len(a) != len(b):
        raise ValueError("paired samples need the same tasks")
    if not a:
        return [0.0, 0.0]
    diff = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    return _interval(diff[_resample(len(diff), seed)].mean(axis=1))


def sign_test(a: Sequence[float], b: Sequence[float]) -> tuple[int, int, float]:
    """The exact two-sided sign test over tasks: (tasks where a is higher, where b is higher,
    p-value); tied tasks carry no sign and are left out."""
    wins = sum(x > y for x, y in zip(a, b, strict=True))
    losses = sum(x < y for x, y in zip(a, b, strict=True))
    n = wins + losses
    if n == 0:
        return 0, 0, 1.0
    tail = sum(comb(n, i) for i in range(min(wins, losses) + 1)) / 2**n
    return wins, losses, min(1.0, 2 * tail)
