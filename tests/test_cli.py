"""The `mivas` command as a user meets it: help, version, stdin, pipes, and every user mistake
answered by one line on stderr and exit 2 (never "internal error", never a traceback)."""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mivas_env.cli import main
from rewards import MivasError, tasks_dir
from rewards.industry import industry_names

FIXTURES = Path(__file__).parent / "fixtures"
GOLD = str(FIXTURES / "healthcare_C1-E1.gold.json")
LOCK = str(tasks_dir() / "healthcare" / "tasks" / "C1-E1.json")
MIVAS = [sys.executable, "-m", "mivas_env.cli"]


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("mivas: error:") and "\n" not in err, err
    assert "Traceback" not in err and "internal error" not in err and "<input>" not in err
    return err


def test_bare_mivas_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: mivas") and "verify" in out and "eval" in out


def test_bare_tasks_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tasks"]) == 0
    assert "list" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"mivas {version('mivas')}"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


MISTAKES: list[tuple[list[str], str]] = [
    (["eval", "--max-turns", "0"], "--max-turns: must be at least 1, got 0"),
    (["eval", "--max-turns", "many"], "--max-turns: expected an integer, got 'many'"),
    (["eval", "--discount", "2"], "--discount: must be within [0, 1], got 2"),
    (["eval", "--discount", "nan"], "--discount: must be within [0, 1], got nan"),
    (["eval", "--seed", "-1"], "--seed: must be at least 0"),
    (["eval", "--workers", "0"], "--workers: must be at least 1"),
    (["eval", "--agent", "gpt"], "invalid choice: 'gpt'"),
    (["eval", "--task", "C99-E9"], "--task C99-E9: no such task"),
    (["eval", "--industry", "legal", "--task", "healthcare/C1-E1"],
     "--task healthcare/C1-E1: no such task in legal"),
    (["eval", "--agent", "llm", "--task", "healthcare/C1-E1"], "needs --base-url and --model"),
    (["eval", "--save-traces", GOLD, "--task", "healthcare/C1-E1"],
     "--save-traces needs a directory; this is a file"),
    (["verify", str(FIXTURES), GOLD], "is a directory, not a lockfile"),
    (["verify", LOCK, str(FIXTURES)], "is a directory, not a JSON file"),
    (["verify", GOLD, LOCK], "the arguments look swapped"),
    (["verify", "-", "-"], "only one of LOCKFILE and TRACE can be '-'"),
    (["verify", LOCK, GOLD, "--discount", "-0.5"], "--discount: must be within [0, 1]"),
    (["verify", LOCK], "the following arguments are required: trace"),
    (["tasks", "lock"], "name a task id or pass --all"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
]


@pytest.mark.parametrize(("argv", "message"), MISTAKES, ids=[" ".join(a) for a, _ in MISTAKES])
def test_a_user_mistake_exits_2_with_one_line_saying_what_to_do(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in one_error_line(capsys)


def test_a_bare_task_id_in_several_industries_is_named_with_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    having = [name for name in industry_names() if (tasks_dir() / name / "tasks/C1-E1.json").is_file()]
    assert len(having) > 1
    assert main(["eval", "--task", "C1-E1"]) == 2
    err = one_error_line(capsys)
    assert f"matches {len(having)} tasks" in err
    assert all(f"{name}/C1-E1" in err for name in having) and "--industry" in err


def test_a_full_task_id_or_an_industry_picks_one_task(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--task", "healthcare/C1-E1", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["tasks"] == 1
    assert main(["eval", "--task", "C1-E1", "--industry", "legal", "--json", "--quiet"]) == 0
    assert list(json.loads(capsys.readouterr().out)["industries"]) == ["legal"]


@pytest.mark.parametrize(("package", "argv", "extra"), [
    ("ray", ["eval", "--workers", "2", "--task", "healthcare/C1-E1"], "rllib"),
    ("httpx", ["eval", "--agent", "llm", "--base-url", "http://x", "--model", "m"], "llm"),
])
def test_a_missing_extra_names_the_install_line(package: str, argv: list[str], extra: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, package, None)  # as if not installed
    assert main(argv) == 2
    assert f"pip install 'mivas[{extra}]'" in one_error_line(capsys)


def test_an_unreachable_llm_endpoint_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("httpx", reason="needs the [llm] extra")
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    assert main(["eval", "--agent", "llm", "--base-url", url, "--model", "m",
                 "--task", "healthcare/C1-E1", "--quiet"]) == 2
    err = one_error_line(capsys)
    assert "cannot reach the model endpoint" in err and url in err


def test_save_traces_where_a_directory_cannot_be_made(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["eval", "--save-traces", str(tmp_path / "file" / "sub"),
                 "--task", "healthcare/C1-E1", "--quiet"]) == 2
    assert "cannot create the directory" in one_error_line(capsys)


def test_dash_reads_the_trace_from_stdin(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(Path(GOLD).read_text()))
    assert main(["verify", "healthcare/C1-E1", "-"]) == 0
    assert "PASS" in capsys.readouterr().out


def test_dash_reads_the_lockfile_from_stdin(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(Path(LOCK).read_text()))
    assert main(["verify", "-", GOLD]) == 0
    assert "PASS" in capsys.readouterr().out


def test_bad_json_on_stdin_names_stdin(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"tool_calls": [}'))
    assert main(["verify", "healthcare/C1-E1", "-"]) == 2
    assert one_error_line(capsys).startswith("mivas: error: <stdin>: invalid JSON")


def test_an_error_without_a_file_has_no_placeholder_prefix() -> None:
    assert MivasError("bad").one_line() == "bad"
    assert MivasError("bad", path=("a", 0)).one_line() == "$.a[0]: bad"
    assert MivasError("bad", file="f.json", path=("a",)).one_line() == "f.json at $.a: bad"


def test_piping_into_a_reader_that_already_left_is_silent_and_exits_0() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write now fails with EPIPE
    try:
        done = subprocess.run([*MIVAS, "tasks", "list"], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize("argv", [["tasks", "list"], ["--help"], ["eval", "--industry", "legal"]])
def test_piping_into_head_is_silent_and_exits_0(argv: list[str]) -> None:
    command = " ".join(map(str, [*MIVAS, *argv]))
    done = subprocess.run(["bash", "-o", "pipefail", "-c", f"{command} | head -1"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and len(done.stdout.splitlines()) == 1


def test_the_eval_table_has_a_legend_for_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--task", "healthcare/C1-E1", "--quiet"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("industry"))
    legend = {line.split()[0] for line in out.split("\n\n", 1)[1].splitlines() if line.strip()}
    assert set(header.split()[2:]) | {"discount"} <= legend  # every score column, and discount=


def test_verify_prints_the_route_as_route_equals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "healthcare/C1-E1", str(FIXTURES / "healthcare_C1-E1.windermere.json")]) == 1
    assert capsys.readouterr().out.startswith("healthcare/C1-E1: FAIL route=exact ")


def test_an_inconsistent_lockfile_on_stdin_is_named_stdin(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    lock = json.loads(Path(LOCK).read_text())
    lock["exp_tool_calls"][-1]["name"] = "no_such_tool"
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(lock)))
    assert main(["verify", "-", GOLD]) == 2
    assert one_error_line(capsys).startswith("mivas: error: <stdin> at $.exp_tool_calls[")
