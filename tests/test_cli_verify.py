"""`mivas verify` and `mivas schema`: exit codes, one-line errors, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mivas_env.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
GOLD = str(FIXTURES / "healthcare_C1-E1.gold.json")
WINDERMERE = str(FIXTURES / "healthcare_C1-E1.windermere.json")


def test_verify_pass_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "healthcare/C1-E1", GOLD]) == 0
    assert "PASS route=exact" in capsys.readouterr().out


def test_verify_fail_exits_1_and_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "healthcare/C1-E1", WINDERMERE]) == 1
    out = capsys.readouterr().out
    assert out.startswith("healthcare/C1-E1: FAIL route=exact T=FAIL(0.50)") and "loc_windermere" in out


def test_a_trace_of_another_task_is_scored_with_a_warning_naming_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "trace.json"
    other.write_text(json.dumps({**json.loads(Path(GOLD).read_text()), "task_id": "legal/C1-E1"}))
    assert main(["verify", "healthcare/C1-E1", str(other)]) == 0
    err = capsys.readouterr().err
    assert err == ("mivas: warning: the trace says it is of task legal/C1-E1, scored here against "
                   "healthcare/C1-E1\n")


@pytest.mark.parametrize("task_id", ["healthcare/C1-E1", "C1-E1"])
def test_a_trace_naming_its_own_task_gets_no_warning(
        task_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = tmp_path / "trace.json"
    own.write_text(json.dumps({**json.loads(Path(GOLD).read_text()), "task_id": task_id}))
    assert main(["verify", "healthcare/C1-E1", str(own)]) == 0
    assert capsys.readouterr().err == ""


def test_verify_json_is_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "healthcare/C1-E1", WINDERMERE, "--json", "--discount", "0.2"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["discount"] == 0.2 and verdict["tools"]["passed"] is False


@pytest.mark.parametrize("args", [
    ["verify", "healthcare/C1-E1", "/nonexistent/trace.json"],
    ["verify", "healthcare/C9-E9", GOLD],
    ["verify", "no/such/file.json", GOLD],
    ["verify", "healthcare/C1-E1", GOLD, "--discount", "3"],
])
def test_bad_input_exits_2_with_one_line(args: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("mivas: error:") and "\n" not in err and "Traceback" not in err


def test_bad_trace_file_reason_names_file_and_field(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "t.json"
    bad.write_text(json.dumps({"tool_calls": [{"name": "x", "start_offset_ms": []}]}))
    assert main(["verify", "healthcare/C1-E1", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "start_offset_ms" in err


def test_every_shipped_lockfile_validates_against_the_published_lockfile_schema(
        capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="needs the [dev] extra")
    from rewards import tasks_dir

    assert main(["schema", "lockfile"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "CallerSpec" in schema["$defs"]
    for path in sorted(tasks_dir().glob("*/tasks/*.json")):
        jsonschema.validate(json.loads(path.read_text()), schema)


@pytest.mark.parametrize("which", ["lockfile", "trace", "industry", "verdict", "caller"])
def test_schema_prints_json_schema(which: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", which]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object" and "properties" in schema


def test_the_console_script_runs_as_a_process() -> None:
    done = subprocess.run([sys.executable, "-m", "mivas_env.cli", "verify", "healthcare/C1-E1",
                           WINDERMERE], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
