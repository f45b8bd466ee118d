"""mivas compare: paired comparison of two runs, built by hand and run for real."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mivas_env.cli import main
from mivas_env.evaluation.compare import NotComparable, compare, format_comparison


def run(agent: str, per_task: dict[str, list[int]], **meta: Any) -> dict[str, Any]:
    trials = len(next(iter(per_task.values())))
    return {"agent": agent, "tasks_sha256": "h", "seed": 0, "trials": trials, **meta,
            "per_task": per_task}


def test_a_run_always_better_on_half_the_tasks_is_told_apart_with_its_exact_p_value() -> None:
    tasks = [f"legal/C{i}-E1" for i in range(20)]
    a = run("a", {t: [1, 1] for t in tasks})
    b = run("b", {t: [1, 1] if i % 2 else [0, 1] for i, t in enumerate(tasks)})
    result = compare(a, b)
    assert result["pass_rate"]["difference"] == 0.25  # 10 tasks gain half a pass each
    assert result["pass_hat_2"]["difference"] == 0.5  # those 10 go from never to always 2/2
    assert result["sign_test"] == {"a_better": 10, "b_better": 0, "ties": 10,
                                   "p_value": 2 / 2**10}
    low, high = result["pass_rate"]["ci95"]
    assert 0 < low <= 0.25 <= high
    assert result["told_apart"] and "tells them apart" in format_comparison(result)


def test_two_runs_equal_but_on_one_task_cannot_be_told_apart() -> None:
    tasks = [f"legal/C{i}-E1" for i in range(10)]
    a = run("a", {t: [1] for t in tasks})
    b = run("b", {t: [0] if i == 0 else [1] for i, t in enumerate(tasks)})
    result = compare(a, b)
    assert result["sign_test"]["p_value"] == 1.0 and not result["told_apart"]
    assert "cannot tell them apart" in format_comparison(result)


@pytest.mark.parametrize(("change", "word"), [({"seed": 1}, "seed"),
                                              ({"tasks_sha256": "other"}, "tasks_sha256"),
                                              ({"trials": 2}, "trials")])
def test_runs_of_other_tasks_hashes_or_seeds_are_not_comparable(change: dict[str, Any],
                                                                word: str) -> None:
    a = run("a", {"legal/C1-E1": [1]})
    with pytest.raises(NotComparable, match=word):
        compare(a, {**a, **change})
    with pytest.raises(NotComparable, match="different tasks"):
        compare(a, {**a, "per_task": {"legal/C2-E1": [1]}})


def test_the_cli_compares_real_runs_and_exits_2_on_runs_of_other_seeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = {}
    for agent, seed in (("oracle", 0), ("noop", 0), ("other", 1)):
        name = "noop" if agent == "other" else agent
        assert main(["eval", "--agent", name, "--industry", "legal", "--seed", str(seed),
                     "--json", "--quiet"]) == 0
        paths[agent] = tmp_path / f"{agent}.json"
        paths[agent].write_text(capsys.readouterr().out)
    assert main(["compare", str(paths["oracle"]), str(paths["noop"]), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["pass_rate"]["difference"] > 0.5 and result["told_apart"]
    assert main(["compare", str(paths["oracle"]), str(paths["other"])]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed differs" in err
