"""The shipped task suite: every lockfile checks clean, near-misses fail on their gate, and a
do-nothing agent passes exactly the refusal tasks."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mivas_env.agents.baselines import NoopAgent
from mivas_env.call.tasks import Task, load_tasks
from mivas_env.evaluation.authoring import check_task, lock_task
from mivas_env.evaluation.runner import evaluate
from rewards import tasks_dir, verify
from rewards.industry import industry_names

NEAR_MISS = Path(__file__).parent / "fixtures" / "near_miss"
LOCKFILES = sorted(tasks_dir().glob("*/tasks/*.json"))


@pytest.mark.parametrize("path", LOCKFILES, ids=[f"{p.parent.parent.name}/{p.stem}"
                                                 for p in LOCKFILES])
def test_lockfile_replays_and_the_oracle_is_exact(path: Path) -> None:
    assert check_task(path) == []


@pytest.mark.parametrize("path", LOCKFILES, ids=[f"{p.parent.parent.name}/{p.stem}"
                                                 for p in LOCKFILES])
def test_relocking_reproduces_the_lockfile_byte_for_byte_and_keeps_hand_blanked_cells(
        path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    data, warnings = lock_task(copy)
    assert data == json.loads(path.read_text())
    assert copy.read_bytes() == path.read_bytes()  # its author's layout too
    assert warnings == []


def is_refusal(task: Task) -> bool:
    lock = task.lock
    return not lock.exp_tool_calls and not lock.exp_handoff_path and lock.exp_db_state == "seed"


@pytest.mark.parametrize("industry", industry_names())
def test_noop_agent_passes_exactly_the_refusal_tasks(industry: str) -> None:
    tasks = load_tasks(industry)
    results = evaluate(NoopAgent(), tasks)
    passed = {r.task_id for r in results if r.passed}
    refusals = {t.full_id for t in tasks if is_refusal(t)}
    assert passed == refusals
    for task in tasks:
        if is_refusal(task):
            assert "refus" in task.lock.category, task.full_id


def near_misses() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for industry in industry_names():
        path = NEAR_MISS / f"{industry}.json"
        if path.is_file():
            out += [(industry, spec) for spec in json.loads(path.read_text())]
    return out


@pytest.mark.parametrize(("industry", "spec"), near_misses(),
                         ids=[f"{s['task']}:{s['slug']}" for _, s in near_misses()])
def test_near_miss_fails_on_its_documented_gate(industry: str, spec: dict[str, Any]) -> None:
    task_id = spec["task"].split("/")[1]
    trace = NEAR_MISS / "traces" / industry / f"{task_id}__{spec['slug']}.json"
    verdict = verify(tasks_dir() / industry / "tasks" / f"{task_id}.json", trace)
    assert not verdict.passed and set(verdict.failed_gates) == set(spec["caught_by"])


def test_re_recording_the_near_miss_twins_reproduces_the_committed_traces(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    try:
        import record_near_misses
    finally:
        sys.path.pop(0)
    for _, spec in near_misses():
        path, _ = record_near_misses.record(spec, root=tmp_path)
        committed = NEAR_MISS / path.relative_to(tmp_path)
        assert path.read_bytes() == committed.read_bytes(), committed


@pytest.mark.parametrize("industry", industry_names())
def test_every_category_has_a_near_miss_twin(industry: str) -> None:
    covered = {load_task_category(s["task"]) for i, s in near_misses() if i == industry}
    categories = {t.lock.category for t in load_tasks(industry)}
    assert categories <= covered, categories - covered


def load_task_category(full_id: str) -> str:
    industry, task_id = full_id.split("/")
    return next(t.lock.category for t in load_tasks(industry) if t.lock.id == task_id)


@pytest.mark.parametrize("industry", industry_names())
def test_an_industry_in_the_frozen_benchmark_ships_at_least_thirty_tasks(industry: str) -> None:
    """The rule docs/adding-an-industry.md states: an industry with a frozen bench/ (part of the
    published benchmark) ships thirty hand-written tasks; a new one starts smaller."""
    if not (tasks_dir() / industry / "bench").is_dir():
        pytest.skip(f"{industry} has no frozen bench/: not part of the published benchmark")
    assert len(load_tasks(industry)) >= 30
