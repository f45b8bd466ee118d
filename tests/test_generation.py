"""Generated tasks (mivas_env.generation): families, splits, self-check, CLI, env, bench."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.cli import main as mivas
from mivas_env.generation import Family, GenerationError, Stats, World, generate_one, industries
from mivas_env.generation.core import load_world
from mivas_env.generation.families import families
from mivas_env.generation.scene import Scene
from mivas_env.generation.text import TemplateSet
from rewards import load_seed, tasks_dir, verify
from rewards.worlds import SPLIT_SEEDS, SPLITS, builder, pool, world
from rewards.worlds.names import words

GENERATED = industries()
ROOT = Path(__file__).resolve().parents[1]


def _readme_categories(industry: str) -> dict[str, str]:
    text = (tasks_dir() / industry / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| (C\d+) \| `([a-z_]+)` \|", text, flags=re.M))


@pytest.mark.parametrize("industry", GENERATED)
def test_every_category_of_the_readme_has_one_family(industry: str) -> None:
    found = {family.code: family.category for family in families(industry)}
    assert found == _readme_categories(industry)


@pytest.mark.parametrize("industry", [name for name in GENERATED if builder(name) is not None])
def test_world_zero_of_the_generator_is_the_shipped_seed_byte_for_byte(industry: str) -> None:
    build = builder(industry)
    assert build is not None
    text = json.dumps(build(0, pool(None)), indent=1, ensure_ascii=False) + "\n"
    assert text == (tasks_dir() / industry / "seed.json").read_text(encoding="utf-8")


def _named_entities(industry: str) -> set[Any]:
    """Values industry.json names: alias keys and tool-parameter enum values."""
    from rewards import load_industry

    definition = load_industry(industry)
    named: set[Any] = {key for table in definition.aliases.values() for key in table}
    for tool in definition.tools.values():
        for prop in tool.parameters.properties.values():
            named.update(prop.enum or ())
    return named


@pytest.mark.parametrize("industry", [name for name in GENERATED if builder(name) is not None])
def test_worlds_vary_with_the_seed_and_keep_the_catalog(industry: str) -> None:
    """Catalog rows that carry an entity industry.json names (a SKU, an office, a carrier)
    stay fixed; the rest of a read-only table (customers, clients) may vary with the seed."""
    shipped = load_seed(industry)
    a, b = world(industry, 11), world(industry, 1_000_011)
    assert a != b and a != shipped
    from rewards import load_industry

    module = importlib.import_module(f"rewards.worlds.{industry}")
    if hasattr(module, "FIXED_TABLES"):  # the builder names the tables every world keeps
        for table in module.FIXED_TABLES:
            assert a.get(table) == shipped.get(table) == b.get(table), table
        return
    named = _named_entities(industry)
    fixed = 0
    for table in load_industry(industry).catalog_tables:
        for row in shipped.get(table, []):
            keys = {v for v in row.values() if isinstance(v, str | int) and v in named}
            if keys:
                fixed += 1
                assert row in a.get(table, []) and row in b.get(table, []), (table, keys)
    assert fixed


@pytest.mark.parametrize("industry", [name for name in GENERATED if builder(name) is not None])
def test_world_people_come_from_their_splits_pool(industry: str) -> None:
    for split, seed in (("train", 5), ("test", 1_000_005), ("bench", 2_000_005)):
        allowed = {w for name in (*pool(split).first_names, *pool(split).surnames)
                   for w in words(name)}
        names = [row["full_name"] for rows in world(industry, seed).values() for row in rows
                 if isinstance(row, dict) and "full_name" in row
                 and row.get("kind") != "organization"  # legal company clients
                 and row not in load_seed(industry).get("providers", [])]
        people = [n for n in names if n not in {r.get("full_name") for rows in
                                                load_seed(industry).values() for r in rows}]
        assert people and all(set(words(n)) <= allowed for n in people), (split, people[:3])


# --- text ------------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=8).filter(lambda t: "{" not in t and "}" not in t),
                min_size=6, max_size=20, unique=True),
       st.sampled_from(SPLITS), st.integers(0, 2**32))
def test_a_phrase_comes_only_from_its_splits_templates(templates: list[str], split: str,
                                                       seed: int) -> None:
    scene = Scene(load_world("healthcare", SPLIT_SEEDS[split][0]), random.Random(seed))
    by_split = TemplateSet("t", {name: tuple(templates[i::3]) for i, name in enumerate(SPLITS)})
    own = templates[SPLITS.index(split)::3]
    assert scene.say(by_split) in own
    assert set(scene.lines(by_split, 5)) <= set(own)


# --- determinism and splits -------------------------------------------------------------------

@pytest.mark.parametrize("industry", GENERATED)
def test_the_same_seed_gives_the_same_lockfile_bytes(industry: str) -> None:
    for family in families(industry)[:4]:
        one = generate_one(industry, "train", 3, family=family.code)
        two = generate_one(industry, "train", 3, family=family.code)
        assert one.json() == two.json()


def test_generation_is_the_same_in_another_process() -> None:
    code = ("from mivas_env.generation import generate_one as g, industries as i\n"
            "print(''.join(g(n, 'test', s).json() for n in i() for s in range(3)))")
    outputs = set()
    for hashseed in ("0", "123"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, cwd=ROOT, check=True, timeout=120)
        outputs.add(done.stdout)
    local = "".join(generate_one(n, "test", s).json() for n in GENERATED for s in range(3)) + "\n"
    assert outputs == {local}


def _people_and_openings(industry: str, split: str, n: int) -> tuple[set[str], set[str]]:
    people: set[str] = set()
    openings: set[str] = set()
    for seed in range(n):
        data = generate_one(industry, split, seed, check=False).data
        people.update(w for value in data["caller"]["facts"].values() for w in words(value)
                      if value == data["caller"]["facts"].get("full_name"))
        openings.update(data["caller"]["opening"])
    return people, openings


@pytest.mark.parametrize("industry", GENERATED)
def test_no_test_person_or_opening_appears_in_train(industry: str) -> None:
    train_people, train_openings = _people_and_openings(industry, "train", 40)
    test_people, test_openings = _people_and_openings(industry, "test", 40)
    assert not train_people & test_people
    assert not train_openings & test_openings


@pytest.mark.parametrize("industry", GENERATED)
def test_instances_of_a_split_use_that_splits_worlds(industry: str) -> None:
    for split in SPLITS:
        instance = generate_one(industry, split, 9, check=False)
        assert instance.world_seed in SPLIT_SEEDS[split]
        assert instance.data["world"] == {"seed": instance.world_seed}
        assert instance.id.endswith(f"-{split}-9")


# --- the self-check --------------------------------------------------------------------------

def _c1_draft(world_: World, rng: random.Random) -> dict[str, Any]:
    family = next(f for f in families("healthcare") if f.code == "C1")
    draft = family.make(world_, rng)
    assert draft is not None
    return draft


def _no_tools_goal(draft: dict[str, Any]) -> dict[str, Any]:
    caller = draft["caller"]
    return {**draft, "caller": {**caller, "goal": {**caller["goal"], "tools_ok": []}}}


def _broken(make: Any, refusal: bool = False) -> Family:
    return Family("healthcare", "C1", "coverage", refusal, make)


@pytest.mark.skipif("healthcare" not in GENERATED, reason="needs the healthcare families")
@pytest.mark.parametrize(("why", "make"), [
    ("caller", lambda w, r: {**(d := _c1_draft(w, r)), "caller": {
        **d["caller"], "goal": {**d["caller"]["goal"], "agent_says_all": ["never said"]}}}),
    ("noop agent passes", lambda w, r: {**_no_tools_goal(_c1_draft(w, r)),
                                       "exp_tool_calls": [], "exp_handoff_path": []}),
    ("near-miss", lambda w, r: {**_no_tools_goal(_c1_draft(w, r)), "exp_handoff_path": [],
                                "exp_tool_calls": [{"name": "list_locations"}]}),
    ("replay", lambda w, r: {**(d := _c1_draft(w, r)), "exp_tool_calls": [
        *d["exp_tool_calls"], {"name": "cancel_appointment",
                               "parameters": {"appointment_id": "appt_9999"}}]}),
])
def test_an_instance_that_fails_its_self_check_is_dropped_and_counted(
        why: str, make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import mivas_env.generation.core as core

    monkeypatch.setattr(core, "pick_family", lambda *a, **k: _broken(make))
    stats = Stats()
    with pytest.raises(GenerationError, match="no instance"):
        generate_one("healthcare", "train", 1, stats=stats, max_attempts=2)
    assert stats.dropped["C1"] == 2 and stats.made["C1"] == 0
    assert stats.drop_rate("C1") == 1.0
    assert any(why in reason for reason in stats.reasons["C1"]), stats.reasons


@pytest.mark.skipif("healthcare" not in GENERATED, reason="needs the healthcare families")
def test_a_family_without_a_scenario_is_redrawn_not_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import mivas_env.generation.core as core

    calls: list[int] = []

    def sometimes(w: World, r: random.Random) -> dict[str, Any] | None:
        calls.append(1)
        return None if len(calls) < 3 else _c1_draft(w, r)

    monkeypatch.setattr(core, "pick_family", lambda *a, **k: _broken(sometimes))
    stats = Stats()
    instance = generate_one("healthcare", "train", 1, stats=stats)
    assert instance.attempts == 3 and stats.redrawn["C1"] == 2 and stats.dropped["C1"] == 0


def test_unknown_families_and_splits_are_one_line_errors() -> None:
    industry = GENERATED[0]
    with pytest.raises(GenerationError, match="no family 'C999'"):
        generate_one(industry, "train", 0, family="C999")
    with pytest.raises(GenerationError, match="unknown split"):
        generate_one(industry, "validation", 0)
    for seed in (-1, 10**12, True):
        with pytest.raises(GenerationError, match="instance seed"):
            generate_one(industry, "train", seed)


# --- the CLI: generate -> check --dir -> eval --tasks-dir ---------------------------------------

# Per industry and split: about 2 s of CPU for all three splits. The 300 per split takes
# ~14 s of CPU per split (measured); run it with MIVAS_GEN_CI_N=300.
CI_N = int(os.environ.get("MIVAS_GEN_CI_N", "13"))


@pytest.mark.parametrize("industry", GENERATED)
@pytest.mark.parametrize("split", SPLITS)
def test_generate_then_check_then_oracle_eval_is_100_percent_exact(
        industry: str, split: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gen"
    assert mivas(["tasks", "generate", "--industry", industry, "--split", split,
                  "--n", str(CI_N), "--seed", "100", "--out", str(out), "--quiet"]) == 0
    table = capsys.readouterr().out
    assert re.search(rf"^total\s+{CI_N}\s", table, flags=re.M), table
    assert len(list(out.glob("*.json"))) == CI_N
    assert mivas(["tasks", "check", "--dir", str(out), "--quiet"]) == 0
    capsys.readouterr()
    assert mivas(["eval", "--agent", "oracle", "--tasks-dir", str(out), "--json", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["overall"]["tasks"] == CI_N
    assert summary["overall"]["exact_rate"] == 1.0


@pytest.mark.parametrize("argv", [
    ["tasks", "generate", "--industry", "healthcare", "--split", "train", "--n", "0", "--out", "X"],
    ["tasks", "generate", "--industry", "healthcare", "--split", "train", "--n", "2", "--seed",
     "-1", "--out", "X"],
    ["tasks", "generate", "--industry", "healthcare", "--split", "train", "--n", "2",
     "--family", "nope", "--out", "X"],
    ["tasks", "check", "--dir", "/no/such/dir"],
    ["eval", "--tasks-dir", "/no/such/dir"],
])
def test_generation_cli_mistakes_exit_2_with_one_line(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(tmp_path / "X") if a == "X" else a for a in argv]
    assert mivas(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mivas: error:") and "Traceback" not in err[0]


# --- the env --------------------------------------------------------------------------------

GEN_IDS = [f"mivas/{name}-gen-v0" for name in GENERATED] + (["mivas/all-gen-v0"] if GENERATED else [])


@pytest.mark.parametrize("env_id", GEN_IDS)
def test_generated_envs_pass_check_env(env_id: str) -> None:
    env = gym.make(f"mivas_env:{env_id}", split="train")
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("env_id", GEN_IDS)
def test_a_reset_seed_fixes_the_instance_and_the_caller(env_id: str) -> None:
    env = gym.make(f"mivas_env:{env_id}", split="test")
    first = env.reset(seed=5)
    step_one = env.step("Could I have your full name and date of birth, please?")
    second = env.reset(seed=5)
    step_two = env.step("Could I have your full name and date of birth, please?")
    assert first[0] == second[0] and first[1]["task_id"] == second[1]["task_id"]
    assert step_one[0] == step_two[0]
    assert first[1]["split"] == "test" and "-test-" in first[1]["task_id"]
    other = {env.reset(seed=s)[1]["task_id"] for s in range(6)}
    assert len(other) == 6


@pytest.mark.parametrize("kwargs", [{"split": "validation"}, {"num_worlds": 0},
                                    {"family": "C999"}])
def test_bad_generated_env_arguments_are_refused(kwargs: dict[str, Any]) -> None:
    from rewards import MivasError

    with pytest.raises((ValueError, MivasError)):
        gym.make(f"mivas_env:mivas/{GENERATED[0]}-gen-v0", **kwargs)


def test_generate_into_a_path_that_is_a_file_exits_2(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    assert mivas(["tasks", "generate", "--industry", GENERATED[0], "--split", "train",
                  "--n", "1", "--out", str(target), "--quiet"]) == 2


@pytest.mark.parametrize("industry", GENERATED)
def test_a_family_option_pins_the_family(industry: str) -> None:
    env = gym.make(f"mivas_env:mivas/{industry}-gen-v0")
    family = families(industry)[-1]
    for seed in range(3):
        _, info = env.reset(seed=seed, options={"family": family.code})
        assert info["category"] == family.category
    with pytest.raises(ValueError, match="family"):
        env.reset(seed=0, options={"task_id": "x"})


@pytest.mark.parametrize("industry", GENERATED)
def test_the_oracle_passes_a_generated_env_episode(industry: str) -> None:
    from mivas_env.agents.baselines import OracleAgent

    env = gym.make(f"mivas_env:mivas/{industry}-gen-v0", split="bench")
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        agent = OracleAgent()
        agent.reveal(env.unwrapped.task.lock)  # type: ignore[attr-defined]
        agent.reset(obs, info)
        while True:
            obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
            if terminated or truncated:
                break
        assert info["r_eval"] == 1 and info["handoff_verdict"] == "exact"


# --- the verifier rebuilds the lockfile's world -------------------------------------------------

@pytest.mark.parametrize("industry", GENERATED)
def test_mivas_verify_scores_a_generated_lockfile_in_its_own_world(
        industry: str, tmp_path: Path) -> None:
    from mivas_env.agents.baselines import OracleAgent
    from mivas_env.env import MivasEnv
    from mivas_env.evaluation.runner import run_episode

    instance = next(i for s in range(20) if (i := generate_one(industry, "test", s)).data[
        "exp_db_state"] != "seed")
    env = MivasEnv(tasks=[instance.task])
    run_episode(env, OracleAgent(), instance.task, seed=0, trace_dir=tmp_path)
    trace = next(tmp_path.rglob("*.json"))
    lock = tmp_path / "lock.json"
    lock.write_text(instance.json())
    assert mivas(["verify", str(lock), str(trace)]) == 0
    moved = {**instance.data, "world": {"seed": instance.world_seed + 1}}
    from rewards import load_industry

    seeded = any(world(industry, instance.world_seed).get(table)
                 for table in load_industry(industry).write_tables)
    if seeded:
        assert not verify(moved, trace).passed  # another world: the unchanged tables differ
    else:  # no write table holds seed rows (legal): the world cannot change the verdict
        assert verify(moved, trace).passed


# --- the frozen bench -------------------------------------------------------------------------

BENCH = sorted(tasks_dir().glob("*/bench/*.json"))


def test_the_bench_holds_100_instances_per_generated_industry() -> None:
    for industry in GENERATED:
        assert len(list((tasks_dir() / industry / "bench").glob("*.json"))) == 100


@pytest.mark.parametrize("path", BENCH[::37], ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_regenerating_a_bench_instance_is_byte_identical(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    seed = int(data["id"].rsplit("-", 1)[1])
    assert data["id"].split("-")[1] == "bench"
    instance = generate_one(data["industry"], "bench", seed)
    assert instance.json() == path.read_text(encoding="utf-8")


def test_world_objects_read_their_tables() -> None:
    industry = GENERATED[0]
    the_world = load_world(industry, 7)
    table = next(iter(the_world.tables))
    assert list(the_world.rows(table)) == list(world(industry, 7)[table])
    assert the_world.split == "train" and the_world.rows("no_such_table") == ()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 200))
def test_name_pool_people_are_distinct_and_avoid_taken_names(seed: int, count: int) -> None:
    rng = random.Random(seed)
    names = pool("train")
    taken = [names.person(random.Random(seed + 1))]
    people = names.people(rng, count, taken=taken)
    assert len(people) == count == len({p.casefold() for p in people})
    assert not {p.casefold() for p in people} & {t.casefold() for t in taken}


def test_the_generation_benchmark_runs_at_tiny_sizes() -> None:
    spec = importlib.util.spec_from_file_location(
        "_bench_generation", ROOT / "benchmarks" / "bench_generation.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    industry = GENERATED[0]
    memo = bench.memorisation(industry, 2, 1)
    assert memo["test_instances"] == len(families(industry))
    assert 0 <= memo["noop_pass_rate"] <= memo["replay_nearest_train_pass_rate"] + 1
    diverse = bench.diversity(industry, 8)
    assert diverse["instances"] == 8 and diverse["distinct_gold_routes"] >= 1
    assert bench.distinct(industry, 5)["distinct"] == 5
