"""Fuzzing with hypothesis: untrusted lockfiles, traces, industry files and actions never crash
MIVAS — the verifier answers a Verdict or a MivasError, the env answers an observation."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import mivas_env
from mivas_env import MivasEnv
from mivas_env.cli import main
from rewards import MivasError, Verdict, load_industry, tasks_dir, verify
from rewards.industry import Industry, industry_names

LOCKFILES = sorted(tasks_dir().glob("*/tasks/*.json"))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20)
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def mutate(value: Any, rng: random.Random, replacement: Any) -> Any:
    """Replace, delete or retype one node of a JSON document."""
    value = copy.deepcopy(value)
    path: list[Any] = []
    node = value
    while isinstance(node, (dict, list)) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return replacement
    parent, key = path[-1]
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[key]
    else:
        parent[key] = replacement
    return value


def verify_or_error(lock: Any, trace: Any) -> None:
    with contextlib.suppress(MivasError):
        assert isinstance(verify(lock, trace), Verdict)


@FUZZ
@given(json_values)
def test_random_json_as_a_trace(trace: Any) -> None:
    verify_or_error(LOCKFILES[0], trace)


@FUZZ
@given(st.sampled_from(LOCKFILES), st.randoms(use_true_random=False), json_values)
def test_mutated_lockfiles(path: Path, rng: random.Random, replacement: Any) -> None:
    lock = mutate(json.loads(path.read_text()), rng, replacement)
    verify_or_error(lock, {"tool_calls": []})


@FUZZ
@given(st.randoms(use_true_random=False), json_values)
def test_mutated_traces(rng: random.Random, replacement: Any) -> None:
    base = json.loads((Path(__file__).parent / "fixtures" /
                       "healthcare_C1-E1.windermere.json").read_text())
    base["hangup_dump"] = {k: v[:3] for k, v in base["hangup_dump"].items()}
    verify_or_error(LOCKFILES[0], mutate(base, rng, replacement))


@FUZZ
@given(st.sampled_from(industry_names()),
       st.randoms(use_true_random=False), json_values)
def test_mutated_industry_files_fail_validation_cleanly(industry: str, rng: random.Random,
                                                        replacement: Any) -> None:
    data = json.loads((tasks_dir() / industry / "industry.json").read_text())
    with contextlib.suppress(ValidationError):
        Industry.model_validate(mutate(data, rng, replacement))


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300))
def test_cli_verify_on_random_bytes_exits_2(tmp_path_factory: Any, blob: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "trace.json"
    path.write_bytes(blob)
    code = main(["verify", str(LOCKFILES[0]), str(path)])
    assert code in (0, 1, 2)


TOOL_NAMES = sorted({name for industry in industry_names() for name in load_industry(industry).tools})
actions = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=50),
    json_values,
    st.builds(lambda n, a: {"tool": n, "arguments": a}, st.sampled_from(TOOL_NAMES + ["nope", ""]),
              json_values),
    st.builds(lambda n, a: json.dumps({"name": n, "arguments": json.dumps(a)}),
              st.sampled_from(TOOL_NAMES), st.dictionaries(st.text(max_size=12), json_values,
                                                           max_size=4)),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(sorted(mivas_env.ENV_IDS)), st.integers(0, 2**16),
       st.lists(actions, min_size=1, max_size=15))
def test_random_actions_never_raise_and_every_episode_ends_with_a_verdict(
        env_id: str, seed: int, steps: list[Any]) -> None:
    env = MivasEnv(industry=mivas_env.ENV_IDS[env_id], max_turns=len(steps))
    env.reset(seed=seed)
    info: dict[str, Any] = {}
    for action in steps:
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
    assert "verdict" in info


def test_same_seed_gives_byte_identical_traces_across_processes() -> None:
    code = ("import json, mivas_env\n"
            "from mivas_env.agents.baselines import RandomAgent\n"
            "from mivas_env.evaluation.runner import run_episode\n"
            "from mivas_env.call.tasks import load_tasks\n"
            "env = mivas_env.MivasEnv()\n"
            "out = []\n"
            "for i, task in enumerate(load_tasks()[::9]):\n"
            "    run_episode(env, RandomAgent(seed=1), task, seed=i)\n"
            "    out.append(env._last_info['trace'])\n"
            "print(json.dumps(out, sort_keys=True))\n")
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        outputs.add(done.stdout)
    assert len(outputs) == 1 and len(next(iter(outputs))) > 1000


def test_info_holds_no_wall_clock_or_random_ids() -> None:
    first = MivasEnv(industry="legal")
    second = MivasEnv(industry="legal")
    a, b = first.reset(seed=4)[1], second.reset(seed=4)[1]
    assert a == b
    for action in ["Hello, how can I help?", {"tool": "list_attorneys", "arguments": {}}]:
        assert first.step(action)[4] == second.step(action)[4]


def a_valid_read_call(env: MivasEnv) -> tuple[str, dict[str, Any]]:
    """A read tool with arguments its schema accepts: one that needs none, else a gold call."""
    assert env.session is not None
    tools = env.session.server.industry.tools
    free = [n for n, t in tools.items() if t.access == "read" and not t.parameters.required]
    if free:
        return free[0], {}
    return next((call.name, dict(call.parameters)) for task in env.tasks
                for call in task.lock.exp_tool_calls if tools[call.name].access == "read"
                and not any(isinstance(value, dict) for value in call.parameters.values()))


@pytest.mark.parametrize("env_id", sorted(mivas_env.ENV_IDS))
def test_a_tool_server_exception_becomes_internal_error_and_is_recorded(
        env_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env = MivasEnv(industry=mivas_env.ENV_IDS[env_id], scoping="permissive")
    env.reset(seed=0)
    assert env.session is not None
    server = env.session.server
    name, arguments = a_valid_read_call(env)

    def boom(**kwargs: Any) -> Any:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(server, f"tool_{name}", boom)
    obs, *_ = env.step({"tool": name, "arguments": arguments})
    assert json.loads(obs)["error_code"] == "internal_error"
    info = env.step({"tool": "end_call", "arguments": {}})[4]
    assert info["trace"]["tool_calls"][name][0]["output"]["error_code"] == "internal_error"


@pytest.mark.parametrize("breakage", ["not json {", json.dumps({"industry": 5}),
                                      json.dumps({"nodes": []})])
def test_a_broken_industry_file_makes_mivas_verify_exit_2_naming_it(tmp_path: Path,
                                                                     breakage: str) -> None:
    import shutil

    root = tmp_path / "tasks"
    shutil.copytree(tasks_dir() / "healthcare", root / "healthcare")
    (root / "healthcare" / "industry.json").write_text(breakage)
    fixture = Path(__file__).parent / "fixtures" / "healthcare_C1-E1.gold.json"
    done = subprocess.run([sys.executable, "-m", "mivas_env.cli", "verify", "healthcare/C1-E1",
                           str(fixture)], capture_output=True, text=True, check=False,
                          env={**os.environ, "MIVAS_TASKS_DIR": str(root)})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "industry.json" in done.stderr and done.stderr.count("\n") == 1
