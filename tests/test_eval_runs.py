"""mivas eval's trials and metadata, re-grading saved traces (verify --dir) and the export."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from mivas_env.call.tasks import load_dir, load_tasks
from mivas_env.cli import main
from mivas_env.evaluation.export import read_export
from mivas_env.evaluation.metadata import tasks_sha256
from mivas_env.evaluation.stats import pass_at_k, pass_hat_k
from rewards import tasks_dir


def eval_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["eval", "--json", "--quiet", *argv]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_trials_give_pass_hat_k_that_per_task_reproduces_and_trial_0_is_the_one_trial_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["--agent", "naive", "--channel", "asr", "--wer", "0.2", "--industry", "legal"]
    run = eval_json(capsys, *argv, "--trials", "3", "--save-traces", str(tmp_path))
    assert run["trials"] == 3 and run["overall"]["episodes"] == 3 * run["overall"]["tasks"]
    rows = list(run["per_task"].values())
    passes = [sum(row) for row in rows]
    for k in (1, 2, 3):
        assert run["overall"]["pass_hat_k"][str(k)] == round(pass_hat_k(passes, 3, k), 4)
        assert run["overall"]["pass_at_k"][str(k)] == round(pass_at_k(passes, 3, k), 4)
    low, high = run["overall"]["pass_rate_ci95"]
    assert low <= run["overall"]["pass_rate"] <= high
    one = eval_json(capsys, *argv)
    assert {task: row[:1] for task, row in run["per_task"].items()} == one["per_task"]
    n = len(rows)
    seeds = {json.loads(path.read_text())["seed"] for path in tmp_path.rglob("*.json")}
    assert seeds == set(range(3 * n))  # trial t of task i: seed + t*n + i, all distinct
    assert any(0 < sum(row) < 3 for row in rows)  # the trials differ: the seeds reach the channel


def test_the_run_records_its_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    run = eval_json(capsys, "--agent", "careful", "--channel", "asr", "--industry", "legal",
                    "--seed", "7")
    assert run["seed"] == 7 and run["trials"] == 1 and run["agent"] == "careful"
    # no --wer: each task's own default (a generated task's level's, 0.1 for a hand-written one)
    assert run["channel"] == "asr" and run["wer"] is None and run["discount"] == 0.5
    assert run["mivas_version"] and run["tasks_sha256"] == tasks_sha256(load_tasks("legal"))


def test_the_tasks_hash_ignores_order_and_formatting_and_sees_one_changed_lockfile(
        tmp_path: Path) -> None:
    shipped = sorted((tasks_dir() / "legal" / "tasks").glob("*.json"))[:6]
    for path in shipped:
        data = json.loads(path.read_text())
        (tmp_path / path.name).write_text(json.dumps(dict(reversed(data.items())), indent=4))
    copies = load_dir(tmp_path)
    originals = [task for task in load_tasks("legal") if task.path in shipped]
    assert tasks_sha256(copies) == tasks_sha256(list(reversed(originals)))
    changed = json.loads((tmp_path / shipped[0].name).read_text())
    changed["title"] += " (edited)"
    (tmp_path / shipped[0].name).write_text(json.dumps(changed))
    assert tasks_sha256(load_dir(tmp_path)) != tasks_sha256(originals)


def test_verify_dir_regrades_saved_traces_to_the_run_it_recorded(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    traces, report = tmp_path / "traces", tmp_path / "page.html"
    run = eval_json(capsys, "--agent", "random", "--industry", "healthcare", "--trials", "2",
                    "--save-traces", str(traces))
    assert main(["verify", "--dir", str(traces), "--json", "--report", str(report)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["per_task"] == run["per_task"] and again["overall"] == run["overall"]
    assert again["tasks_sha256"] == run["tasks_sha256"] and again["seed"] == run["seed"]
    assert again["industries"] == run["industries"]
    page = report.read_text()
    task, row = next(iter(run["per_task"].items()))
    assert "Passes per task (35 tasks x 2 trials)" in page
    assert f"{task}</a></td><td>{sum(row)}/2</td>" in page
    assert main(["verify", "--dir", str(traces)]) == 0
    assert "pass^2" in capsys.readouterr().out
    first = next(traces.rglob("C1-E1.json"))
    shutil.copy(first, first.with_name("copy.json"))  # the same episode twice: not one run
    assert main(["verify", "--dir", str(traces)]) == 2
    assert "two traces of healthcare/C1-E1 trial 0" in capsys.readouterr().err


def test_verify_dir_finds_generated_lockfiles_under_tasks_dir_and_names_a_missing_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lockfiles, traces = tmp_path / "locks", tmp_path / "traces"
    assert main(["tasks", "generate", "--industry", "legal", "--split", "test", "--n", "3",
                 "--out", str(lockfiles), "--quiet"]) == 0  # ids neither shipped nor in the bench
    capsys.readouterr()
    run = eval_json(capsys, "--agent", "oracle", "--tasks-dir", str(lockfiles),
                    "--save-traces", str(traces))
    assert main(["verify", "--dir", str(traces), "--tasks-dir", str(lockfiles), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["per_task"] == run["per_task"]
    assert main(["verify", "--dir", str(traces), "--json"]) == 0  # the recorded lockfiles
    assert json.loads(capsys.readouterr().out)["per_task"] == run["per_task"]
    assert main(["verify", "--dir", str(traces), "--tasks-dir",
                 str(tasks_dir() / "healthcare" / "tasks")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--tasks-dir" in err and "legal/C" in err
    shutil.rmtree(lockfiles)  # neither recorded nor anywhere else: named, exit 2
    assert main(["verify", "--dir", str(traces)]) == 2
    assert "not shipped or in the bench" in capsys.readouterr().err


def test_verify_dir_and_compare_mistakes_exit_2_with_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text(json.dumps({"tool_calls": []}))
    for argv in (["verify", "--dir", str(tmp_path)], ["verify", "--dir", str(tmp_path / "none")],
                 ["verify", "x.json", "--dir", str(tmp_path)],
                 ["compare", str(tmp_path / "t.json"), str(tmp_path / "t.json")],
                 ["eval", "--only-passed"], ["export", str(tmp_path), "-o", "x.jsonl"]):
        assert main(argv) == 2, argv
        assert capsys.readouterr().err.count("\n") == 1, argv


def test_workers_on_a_cluster_address_that_answers_nothing_exit_2_at_once(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="needs the [rllib] extra")
    assert main(["eval", "--workers", "2", "--address", "127.0.0.1:1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ray start --head" in err
    assert main(["eval", "--address", "auto", "--quiet"]) == 2  # without --workers


def test_a_run_with_two_lockfiles_of_one_id_exits_2_naming_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(tasks_dir() / "legal" / "tasks" / "C1-E1.json", tmp_path / folder)
    assert main(["eval", "--tasks-dir", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two lockfiles are named legal/C1-E1" in err


def secrets_of(task: Any) -> list[str]:
    caller = task.caller
    found = [caller.agent_answer, caller.persona, caller.goal.description, task.lock.title,
             task.lock.description, task.lock.category]
    return [s for s in found if s and len(s) > 12]


def test_the_export_is_the_chat_the_agent_saw_and_matches_the_export_of_saved_traces(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out, traces, again = tmp_path / "run.jsonl", tmp_path / "traces", tmp_path / "again.jsonl"
    eval_json(capsys, "--agent", "careful", "--channel", "asr", "--industry", "healthcare",
              "--export", str(out), "--save-traces", str(traces))
    lines = read_export(out)
    tasks = {task.full_id: task for task in load_tasks("healthcare")}
    assert len(lines) == len(tasks)
    for line in lines:
        messages = line["messages"]
        assert messages[0]["role"] == "system" and messages[1]["role"] == "user"
        assert line["reward"] in (0.0, 0.5, 1.0) and line["r_eval"] in (0, 1)
        asked = {}
        for message in messages:
            for call in message.get("tool_calls", []):
                assert call["type"] == "function" and isinstance(call["function"]["arguments"], str)
                json.loads(call["function"]["arguments"])
                asked[call["id"]] = call["function"]["name"]
            if message["role"] == "tool":
                assert message["tool_call_id"] in asked
        transfers = [name for name in asked.values() if name.startswith("transfer_to_")
                     and name != "transfer_to_human"]
        assert sum(m["role"] == "system" for m in messages) >= 1 + min(1, len(transfers))
        offered = {tool["function"]["name"] for tool in line["tools"]}
        assert set(asked.values()) <= offered
        # what the env showed (a scripted agent's own lines may quote the lockfile it was given)
        text = json.dumps([m for m in messages if m["role"] != "assistant"] + line["tools"])
        assert not [s for s in secrets_of(tasks[line["task_id"]]) if s in text]
    assert main(["export", str(traces), "-o", str(again)]) == 0
    assert read_export(again) == lines  # the same lines, in the same (run) order
    passed = tmp_path / "passed.jsonl"
    assert main(["export", str(traces), "-o", str(passed), "--only-passed"]) == 0
    assert [x["task_id"] for x in read_export(passed)] == [
        x["task_id"] for x in read_export(again) if x["r_eval"] == 1]
