"""Hard limits on untrusted input: each configurable, each a named LimitExceededError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mivas_env import MivasEnv
from mivas_env.cli import main
from rewards import (
    InputFormatError,
    LimitExceededError,
    TaskNotFoundError,
    compile_lockfile,
    load_lockfile,
    verify,
)
from rewards.limits import restore_limits, set_limits
from tests.helpers import call, lock, trace

C1E1_PATH = Path(__file__).parent.parent / "tasks" / "healthcare" / "tasks" / "C1-E1.json"
C1E1 = load_lockfile(C1E1_PATH)
compile_lockfile(C1E1)  # the industry and seed load before the small limits apply


@pytest.fixture
def small_limits() -> Iterator[None]:
    previous = set_limits(max_file_bytes=2048, max_calls=5, max_argument_chars=100,
                          max_json_depth=8, max_dump_rows=10)
    yield
    restore_limits(previous)


def nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = {"a": value}
    return value


def test_file_size_limit_names_the_file(tmp_path: Path, small_limits: None) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(trace([call("end_call", i) for i in range(60)])))
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_FILE_BYTES") as info:
        verify(C1E1, path)
    assert str(path) in str(info.value)


def test_json_depth_limit_on_files(tmp_path: Path, small_limits: None) -> None:
    path = tmp_path / "deep.json"
    path.write_text(json.dumps({"tool_calls": [], "x": nested(20)}))
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_JSON_DEPTH"):
        verify(C1E1, path)


def test_a_file_deeper_than_the_parser_can_go_is_a_limit_error(tmp_path: Path) -> None:
    path = tmp_path / "deeper.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(LimitExceededError):
        verify(C1E1, path)


def test_call_count_limit(small_limits: None) -> None:
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_CALLS"):
        verify(C1E1, trace([call("end_call", i) for i in range(6)]))


def test_argument_size_and_depth_limits(small_limits: None) -> None:
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_ARGUMENT_CHARS"):
        verify(C1E1, trace([call("check_plan_accepted", 1, carrier="x" * 500)]))
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_JSON_DEPTH"):
        verify(C1E1, trace([call("check_plan_accepted", 1, carrier=nested(20))]))


def test_dump_row_limit(small_limits: None) -> None:
    with pytest.raises(LimitExceededError, match="MIVAS_MAX_DUMP_ROWS"):
        verify(C1E1, trace([], {"patients": [{}] * 11}))


def test_a_python_dict_nested_beyond_recursion_is_a_limit_error_not_a_recursion_error() -> None:
    with pytest.raises(LimitExceededError):
        verify(C1E1, trace([call("check_plan_accepted", 1, carrier=nested(5000))]))


def test_limits_are_configurable_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(trace([call("end_call", i) for i in range(3)])))
    env = {**os.environ, "MIVAS_MAX_CALLS": "2"}
    done = subprocess.run([sys.executable, "-m", "mivas_env.cli", "verify", str(C1E1_PATH), str(path)],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 2 and "MIVAS_MAX_CALLS" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("task_id", ["../C1-E1", "C1-E1/../../x", "..", "C1-E1.json"])
def test_lockfile_ids_cannot_escape_tasks(task_id: str) -> None:
    with pytest.raises(InputFormatError, match=r"\$\.id"):
        verify({**lock("healthcare"), "id": task_id}, trace([]))


@pytest.mark.parametrize("industry", ["../healthcare", "healthcare/..", "/etc", ".."])
def test_industry_names_cannot_escape_tasks(industry: str) -> None:
    with pytest.raises((InputFormatError, TaskNotFoundError)):
        verify({**lock("healthcare"), "industry": industry}, trace([]))


@pytest.mark.parametrize("ref", ["../../etc/passwd", "healthcare/../../etc/C1-E1",
                                 "healthcare/C1-E1/../../x"])
def test_cli_task_references_cannot_escape_tasks(ref: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", ref, str(C1E1_PATH)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_env_records_unserialisable_or_huge_arguments_as_empty() -> None:
    env = MivasEnv(industry="healthcare", task_id="C1-E1")
    env.reset(seed=0)
    env.step({"tool": "lookup_patient", "arguments": {"full_name": nested(10_000)}})
    env.step({"tool": "lookup_patient", "arguments": {"full_name": {1, 2}}})
    env.step({"tool": "lookup_patient", "arguments": {"full_name": "x" * 500_000}})
    info = env.step({"tool": "end_call", "arguments": {}})[4]
    recorded = [c["arguments"] for c in info["trace"]["tool_calls"]["lookup_patient"]]
    assert recorded == [{}, {}, {}]
    json.dumps(info["trace"])
    assert "verdict" in info
