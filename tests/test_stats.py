"""pass^k, pass@k, the bootstrap and the sign test (mivas_env/evaluation/stats.py)."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.evaluation.stats import (
    bootstrap_ci,
    paired_bootstrap_ci,
    pass_at_k,
    pass_curves,
    pass_hat_k,
    sign_test,
    trials_of,
)

tables = st.integers(1, 6).flatmap(lambda trials: st.lists(
    st.lists(st.integers(0, 1), min_size=trials, max_size=trials), min_size=1, max_size=12))


def brute_force(table: list[list[int]], k: int) -> tuple[float, float]:
    """(pass^k, pass@k) by counting every k-subset of every task's trials."""
    hat, at = [], []
    for row in table:
        subsets = list(combinations(row, k))
        hat.append(sum(all(s) for s in subsets) / len(subsets))
        at.append(sum(any(s) for s in subsets) / len(subsets))
    return sum(hat) / len(hat), sum(at) / len(at)


@given(tables)
@settings(max_examples=200, deadline=None)
def test_pass_hat_k_and_pass_at_k_equal_a_brute_force_count_over_k_subsets(
        table: list[list[int]]) -> None:
    trials = len(table[0])
    passes = [sum(row) for row in table]
    for k in range(1, trials + 1):
        hat, at = brute_force(table, k)
        assert pass_hat_k(passes, trials, k) == pytest.approx(hat)
        assert pass_at_k(passes, trials, k) == pytest.approx(at)


@given(tables)
@settings(max_examples=100, deadline=None)
def test_pass_hat_1_is_the_pass_rate_and_pass_hat_k_never_rises_with_k(
        table: list[list[int]]) -> None:
    curves = pass_curves({f"t{i}": row for i, row in enumerate(table)})
    hat, at = curves["pass_hat_k"], curves["pass_at_k"]
    episodes = [x for row in table for x in row]
    assert hat["1"] == at["1"] == round(sum(episodes) / len(episodes), 4)
    values = [hat[str(k)] for k in range(1, len(table[0]) + 1)]
    assert values == sorted(values, reverse=True)


def test_k_outside_one_to_the_trials_and_ragged_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="k must be"):
        pass_hat_k([1, 2], 2, 3)
    with pytest.raises(ValueError, match="same number"):
        trials_of({"a": [1, 0], "b": [1]})


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.integers(0, 10**6))
@settings(max_examples=50, deadline=None)
def test_the_bootstrap_interval_is_seeded_and_within_the_range_of_the_values(values: list[float],
                                                             seed: int) -> None:
    low, high = bootstrap_ci(values, seed)
    assert bootstrap_ci(values, seed) == [low, high]
    assert min(values) - 5e-5 <= low <= high <= max(values) + 5e-5  # rounded to 4 places


def test_a_paired_interval_is_zero_wide_when_every_task_differs_alike() -> None:
    a, b = [1.0] * 20, [0.5] * 20
    assert paired_bootstrap_ci(a, b, 0) == [0.5, 0.5]
    assert paired_bootstrap_ci(b, a, 0) == [-0.5, -0.5]


def test_the_sign_test_is_the_exact_two_sided_binomial_tail() -> None:
    assert sign_test([1, 1, 1, 1, 1], [0, 0, 0, 0, 0]) == (5, 0, 2 / 32)
    wins, losses, p = sign_test([1, 1, 0, 0.5, 1, 1], [0, 0, 1, 0.5, 0, 0])
    assert (wins, losses) == (4, 1)  # the tie carries no sign
    assert p == pytest.approx(2 * (comb(5, 0) + comb(5, 1)) / 2**5)
    assert sign_test([1, 0], [1, 0]) == (0, 0, 1.0)
