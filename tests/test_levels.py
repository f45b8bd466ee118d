"""Difficulty levels (mivas_env.generation.levels): level 0 byte-identical, every level
self-checked, the level through the lockfile, the env, the CLI, eval and the trace."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mivas_env  # noqa: F401  # registers the envs
from mivas_env.agents.baselines import make_agent
from mivas_env.cli import main as mivas
from mivas_env.env import MivasEnv, task_wer
from mivas_env.evaluation.runner import evaluate, format_table, run_episode, summarize
from mivas_env.generation import families, generate_one, industries
from mivas_env.generation.levels import LEVELS, apply_level
from mivas_env.speech.channel import DEFAULT_WER, LEVEL_WER
from rewards import MivasError
from rewards.verify import load_lockfile

FIXTURE = Path(__file__).parent / "fixtures" / "level0_digests.json"


def test_level_0_is_every_familys_generator_byte_for_byte() -> None:
    """Digests taken before levels existed (commit 59d723f): every family, one split here,
    all three with MIVAS_LEVEL0_ALL_SPLITS=1."""
    pinned = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert {key.split("/")[0] for key in pinned} == set(industries())
    assert {tuple(key.split("/")[:2]) for key in pinned} == {
        (industry, family.code) for industry in industries() for family in families(industry)}
    every_split = os.environ.get("MIVAS_LEVEL0_ALL_SPLITS") == "1"
    for key, digest in pinned.items():
        if not every_split and "/test/" not in key:
            continue
        industry, code, split, seed = key.split("/")
        instance = generate_one(industry, split, int(seed), family=code, level=0)
        assert "level" not in instance.data
        assert hashlib.sha256(instance.json().encode()).hexdigest() == digest, key


def test_apply_level_0_returns_the_lockfile_untouched() -> None:
    instance = generate_one("legal", "train", 4)
    from mivas_env.generation.core import load_world

    world = load_world("legal", instance.world_seed)
    import random

    assert apply_level(instance.data, world, 0, random.Random(0)) is instance.data


@pytest.mark.parametrize("industry", industries())
def test_every_family_passes_its_self_check_at_every_level(industry: str) -> None:
    for family in families(industry):
        for level in range(1, len(LEVELS)):
            instance = generate_one(industry, "test", 7, family=family.code, level=level)
            assert instance.data["level"] == level  # generate_one raises when all attempts fail


def test_a_level_lockfile_says_its_level_after_its_world_and_declares_its_caller() -> None:
    instance = generate_one("healthcare", "test", 5, family="C2", level=4)
    data = instance.data
    assert list(data)[:4] == ["id", "industry", "world", "level"]
    assert data["id"] == "C2-test-5-L4" and data["level"] == 4 and "level-4" in data["tags"]
    kinds = [b["kind"] for b in data["caller"]["behaviours"]]
    assert set(kinds) <= {*LEVELS[4].kinds, "first_choice"} and "barge_in" in kinds \
        and "disfluency" in kinds
    base = generate_one("healthcare", "test", 5, family="C2").data
    # Task structure (level 2 up) adds rows to the world, and the locked state takes them in.
    rest = ("id", "level", "tags", "caller", "world", "structure", "exp_db_state",
            "exp_tool_calls", "exp_handoff_path")
    assert {k: v for k, v in data.items() if k not in rest} == \
        {k: v for k, v in base.items() if k not in rest}
    assert data["world"]["seed"] == base["world"]["seed"]


def test_the_same_seed_and_level_give_the_same_bytes() -> None:
    assert generate_one("legal", "train", 11, level=3).json() == \
        generate_one("legal", "train", 11, level=3).json()


@pytest.mark.parametrize(("change", "message"), [
    ({"level": 2}, "disagree"), ({"id": "C2-test-5"}, "disagree"), ({"level": 7}, "less than"),
    ({"level": "3"}, "integer")])
def test_a_lockfile_level_must_agree_with_its_id_and_range(change: dict[str, Any],
                                                          message: str) -> None:
    data = {**generate_one("healthcare", "test", 5, family="C2", level=3).data, **change}
    with pytest.raises(MivasError, match=message):
        load_lockfile(data)


def test_tasks_check_refuses_a_lockfile_whose_level_was_edited(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    data = generate_one("healthcare", "test", 5, family="C2", level=3).data
    (tmp_path / "C2-test-5-L3.json").write_text(json.dumps({**data, "level": 1}))
    assert mivas(["tasks", "check", "--dir", str(tmp_path), "--quiet"]) != 0
    assert "disagree" in capsys.readouterr().out


def test_tasks_generate_writes_the_level_and_refuses_a_bad_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert mivas(["tasks", "generate", "--industry", "legal", "--split", "test", "--n", "2",
                  "--level", "2", "--out", str(tmp_path), "--quiet"]) == 0
    paths = sorted(tmp_path.glob("*.json"))
    assert [p.stem.endswith("-L2") for p in paths] == [True, True]
    assert all(json.loads(p.read_text())["level"] == 2 for p in paths)
    capsys.readouterr()
    assert mivas(["tasks", "generate", "--industry", "legal", "--level", "5",
                  "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_generated_env_takes_a_level_and_a_reset_can_override_it() -> None:
    env = gym.make("mivas/legal-gen-v0", level=2)
    _, info = env.reset(seed=3)
    assert info["level"] == 2 and info["task_id"].endswith("-L2")
    _, info0 = env.reset(seed=3, options={"level": 0})
    assert info0["level"] == 0 and info0["task_id"] == info["task_id"][:-3]
    family = f"legal/{info0['family']}"
    _, info4 = env.reset(seed=3, options={"level": {family: 4}})
    assert info4["level"] == 4
    _, other = env.reset(seed=3, options={"level": {"legal/C99": 4}})
    assert other["level"] == 2  # a family the mapping does not name keeps the env's level
    with pytest.raises(ValueError, match="level"):
        env.reset(seed=3, options={"level": 9})
    with pytest.raises(ValueError, match="level"):
        gym.make("mivas/legal-gen-v0", level=-1)


def test_the_asr_channel_defaults_to_the_levels_word_error_rate() -> None:
    assert tuple(level.wer for level in LEVELS) == LEVEL_WER
    assert list(LEVEL_WER) == sorted(LEVEL_WER) and LEVEL_WER[0] == 0.0
    for level in (0, 3):
        task = generate_one("healthcare", "test", 1, level=level).task
        assert task_wer(task) == LEVEL_WER[level]
    from mivas_env import load_tasks

    assert task_wer(load_tasks("healthcare")[0]) == DEFAULT_WER


def test_a_mixed_level_run_is_broken_down_by_level(tmp_path: Path) -> None:
    tasks = [generate_one("healthcare", "test", seed, level=level).task
             for seed in (1, 2) for level in (0, 3)]
    results = evaluate(make_agent("oracle"), tasks)
    summary = summarize("oracle", 0.5, results)
    assert set(summary["levels"]) == {"0", "3"}
    assert summary["levels"]["3"]["overall"]["tasks"] == 2
    table = format_table(summary)
    assert "pass by level" in table and "L0" in table and "L3" in table
    single = summarize("oracle", 0.5, [r for r in results if r.level == 0])
    assert "levels" not in single


def test_the_trace_shows_the_level_and_the_callers_behaviours_above_level_0() -> None:
    for level in (0, 3):
        task = generate_one("healthcare", "test", 2, level=level).task
        env = MivasEnv(tasks=[task])
        run_episode(env, make_agent("oracle"), task, 0)
        assert env._last_info is not None
        trace = env._last_info["trace"]
        assert ("level" in trace) == bool(level)
        if level:
            assert trace["level"] == 3
            assert [b["kind"] for b in trace["caller_behaviours"]] == \
                [b.kind for b in task.caller.behaviours]


@pytest.mark.parametrize("level", [1, 4])
def test_the_careful_agent_handles_every_behaviour_on_a_clean_line(level: int) -> None:
    """Without recognition errors the careful agent passes every level; the naive one does
    not (it writes down corrections, guesses and side speech as heard)."""
    tasks = [generate_one(industry, "test", seed, level=level).task
             for industry in industries() for seed in range(4)]
    careful = evaluate(make_agent("careful"), tasks, env_kwargs={"channel": "spoken"})
    naive = evaluate(make_agent("naive"), tasks, env_kwargs={"channel": "spoken"})
    assert all(result.passed for result in careful)
    assert sum(r.passed for r in naive) < len(naive)


def test_a_higher_level_keeps_the_behaviours_of_the_levels_below() -> None:
    """Level K+1 draws level K's behaviours first: the same facts and wrong values, plus its
    own (rates rise with the level)."""
    def behaviours(level: int) -> list[dict[str, Any]]:
        data = generate_one("customer_support", "test", 3, family="C3", level=level).data
        return [{k: v for k, v in b.items() if k != "rate"} for b in data["caller"]["behaviours"]]

    for level in range(1, len(LEVELS) - 1):
        assert behaviours(level + 1)[:len(behaviours(level))] == behaviours(level)


def test_the_levels_benchmark_runs_at_a_tiny_size() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_bench_levels", Path(__file__).resolve().parents[1] / "benchmarks" / "bench_levels.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.measure(2, [0, 4])
    assert {(row["agent"], row["level"]) for row in rows} == {
        (agent, level) for agent in bench.AGENTS for level in (0, 4)}
    assert all(row["pass_rate"] == 1.0 for row in rows if row["agent"] == "oracle")
    assert "| L0 (0%) | L4 (15%) |" in bench.table(rows, [0, 4]).splitlines()[0]


@settings(max_examples=25, deadline=None)
@given(industry=st.sampled_from(industries()), seed=st.integers(0, 10**6),
       level=st.integers(1, len(LEVELS) - 1))
def test_a_level_changes_only_the_id_level_tags_callers_behaviours_and_structure(
        industry: str, seed: int, level: int) -> None:
    base = generate_one(industry, "train", seed, check=False).data
    leveled = generate_one(industry, "train", seed, check=False, level=level).data
    assert leveled["id"] == f"{base['id']}-L{level}" and leveled["level"] == level
    assert leveled["tags"] == [*base["tags"], f"level-{level}"]
    # Task structure (generation.structure): a first choice the tools turn down (level 3 up) is
    # said in the openings too; one more lookup (level 4) adds a question, a goal and calls.
    extra = any(n["kind"] == "extra_lookup" for n in leveled.get("structure", []))
    same = {"behaviours": None, "opening": None,
            **({"goal": None, "agent_answer": None} if extra else {})}
    assert {**leveled["caller"], **same} == {**base["caller"], **same}
    rest = ("id", "level", "tags", "caller", "world", "structure", "exp_db_state",
            "exp_tool_calls", "exp_handoff_path")
    assert {k: v for k, v in leveled.items() if k not in rest} == \
        {k: v for k, v in base.items() if k not in rest}
    calls = [(c["name"], c.get("parameters")) for c in leveled["exp_tool_calls"]]
    assert calls[:len(base["exp_tool_calls"])] == \
        [(c["name"], c.get("parameters")) for c in base["exp_tool_calls"]]
    assert len(calls) == len(base["exp_tool_calls"]) or extra
    assert leveled["exp_handoff_path"][:len(base["exp_handoff_path"])] == \
        base["exp_handoff_path"]
    assert leveled["world"]["seed"] == base["world"]["seed"]
    if "structure" not in leveled:
        assert leveled["world"] == base["world"] and \
            leveled["exp_db_state"] == base["exp_db_state"]
    kinds = [b["kind"] for b in leveled["caller"]["behaviours"]]
    assert set(kinds) <= {*LEVELS[level].kinds, "first_choice"} and "disfluency" in kinds


def test_a_generated_env_at_a_level_passes_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    env = gym.make("mivas_env:mivas/healthcare-gen-v0", split="train", level=3)
    check_env(env.unwrapped, skip_render_check=True)


def test_the_per_family_level_table_in_the_docs_is_what_the_script_prints() -> None:
    """One industry's rows here (all of them with MIVAS_LEVEL_TABLE_ALL=1)."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("_level_table", root / "scripts" / "level_table.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    only = None if os.environ.get("MIVAS_LEVEL_TABLE_ALL") == "1" else ["legal"]
    doc = (root / "docs" / "generation.md").read_text(encoding="utf-8")
    for row in script.table(20, only).splitlines():
        assert row in doc, row
