"""Shared timing helper for the benchmark scripts (wall-clock percentiles, no assertions)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any


def percentiles(fn: Callable[[], Any], n: int = 5000, warmup: int = 200) -> dict[str, float]:
    """p50/p90/p99 of ``fn`` in microseconds over ``n`` runs (GC paused while timing)."""
    for _ in range(warmup):
        fn()
    samples = []
    gc.disable()
    try:
        for _ in range(n):
            start = time.perf_counter_ns()
            fn()
            samples.append(time.perf_counter_ns() - start)
    finally:
        gc.enable()
    samples.sort()
    return {"p50_us": samples[n // 2] / 1000, "p90_us": samples[int(n * 0.9)] / 1000,
            "p99_us": samples[int(n * 0.99)] / 1000}


def row(name: str, stats: dict[str, float]) -> str:
    return f"{name:<44}{stats['p50_us']:>10.1f}{stats['p90_us']:>10.1f}{stats['p99_us']:>10.1f}"


HEADER = f"{'':<44}{'p50 us':>10}{'p90 us':>10}{'p99 us':>10}"
