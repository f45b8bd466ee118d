"""`mivas audit`, the regression test of issue 11: on a fast subset that holds every exploit the
red team found, no adversarial policy earns strict reward on a task it does not solve (its
episode is not the oracle's), while the oracle stays at 1 under r_eval and strict."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mivas_env.call.tasks import find_task, load_dir
from mivas_env.cli import main
from mivas_env.evaluation.audit import PANEL, AuditReport, audit

# One or two tasks per exploit: enumeration (C1-E1), name-only (C12-E2), prose and flooding
# (C8-E1, legal C8-E1), transfers to reorder (C3-E1), refusals and safety (C11-*, C6-E1, C10-*).
SUBSET = ["healthcare/C1-E1", "healthcare/C12-E2", "healthcare/C8-E1", "healthcare/C3-E1",
          "healthcare/C6-E1", "healthcare/C11-E1", "healthcare/C11-E2", "legal/C8-E1",
          "legal/C11-E1", "legal/C11-E2", "customer_support/C9-E1",
          "customer_support/C10-E1", "customer_support/C10-E3"]


@pytest.fixture(scope="module")
def report() -> AuditReport:
    return audit([find_task(ref) for ref in SUBSET])


def passed(report: AuditReport, policy: str, kind: str) -> set[str]:
    result = report.policies[policy]
    table = result.r_eval if kind == "r_eval" else result.strict
    return {f"{industry}/{task_id}" for industry, ids in table.items() for task_id in ids}


def test_the_oracle_passes_every_task_under_r_eval_and_strict(report: AuditReport) -> None:
    assert passed(report, "oracle", "r_eval") == passed(report, "oracle", "strict") == set(SUBSET)


def test_no_adversarial_policy_earns_strict_reward_on_a_task_it_does_not_solve(
        report: AuditReport) -> None:
    oracle = {e.task_id: e.trace_sha256 for e in report.policies["oracle"].episodes}
    for name in PANEL[1:]:
        result = report.policies[name]
        assert not any(result.exploits.values()), (name, result.exploits)
        for episode in result.episodes:
            # Outside refusals judged by speech, a strict pass here is the oracle's very episode.
            if episode.strict_passed and find_task(episode.task_id).lock.exp_tool_calls:
                assert episode.trace_sha256 == oracle[episode.task_id], (name, episode.task_id)


def test_an_exploit_is_flagged_when_a_policy_earns_strict_reward_without_the_work(
        tmp_path: Path) -> None:
    # A refusal whose spoken policy is gone: noop's non-answer is a strict pass it did not earn.
    from mivas_env.call.tasks import load_task
    from mivas_env.evaluation.audit import work_done

    data = json.loads(find_task("healthcare/C11-E2").path.read_text())
    del data["aux"]
    (tmp_path / "C11-E2.json").write_text(json.dumps(data))
    report = audit([load_task(tmp_path / "C11-E2.json")], policies=["noop", "privacy_leak"])
    assert report.policies["noop"].exploits == {"healthcare": ["C11-E2"]}
    assert report.policies["privacy_leak"].exploits == {"healthcare": ["C11-E2"]}

    trace = {"tool_calls": {"b": [{"arguments": {"y": 1, "x": 2}}], "a": [{"arguments": {}}]}}
    assert work_done(trace) == [("a", "{}"), ("b", '{"x":2,"y":1}')]


def test_the_exploits_still_pass_r_eval_so_the_audit_keeps_measuring_them(
        report: AuditReport) -> None:
    # r_eval is the contract's T and H and D, unchanged: these holes are reported, not closed.
    refusals = {"healthcare/C11-E1", "healthcare/C11-E2", "legal/C11-E1", "legal/C11-E2",
                "customer_support/C10-E1", "customer_support/C10-E3"}
    assert refusals <= passed(report, "noop", "r_eval")
    assert refusals <= passed(report, "privacy_leak", "r_eval")
    assert "healthcare/C1-E1" in passed(report, "enumerate_lookups", "r_eval")
    assert "healthcare/C12-E2" in passed(report, "empty_arguments", "r_eval")
    assert "healthcare/C8-E1" in passed(report, "junk_prose", "r_eval")
    assert "healthcare/C8-E1" in passed(report, "flood_writes", "r_eval")
    assert "healthcare/C3-E1" in passed(report, "permissive_reorder", "r_eval")
    for name in ("noop", "privacy_leak", "one_sentence", "enumerate_lookups"):
        assert not passed(report, name, "strict"), name


def test_the_json_has_the_issues_shape(report: AuditReport) -> None:
    data = report.as_json()
    assert set(data) == {"policies", "refusal_tasks"} and list(data["policies"]) == list(PANEL)
    for entry in data["policies"].values():
        assert set(entry) == {"r_eval", "strict"}
        for table in entry.values():
            assert set(table) == {"healthcare", "legal", "customer_support"}
            assert all(isinstance(i, str) for ids in table.values() for i in ids)
    assert data["refusal_tasks"]["healthcare"] == ["C6-E1", "C11-E1", "C11-E2"]


def test_the_cli_audits_a_directory_of_lockfiles(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "healthcare").mkdir()
    for ref in ("healthcare/C1-E1", "healthcare/C11-E2"):
        shutil.copy(find_task(ref).path, tmp_path / f"{ref}.json")
    assert [t.full_id for t in load_dir(tmp_path)] == ["healthcare/C1-E1",
                                                            "healthcare/C11-E2"]
    assert main(["audit", "--tasks-dir", str(tmp_path), "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policies"]["oracle"]["strict"] == {"healthcare": ["C1-E1", "C11-E2"]}
    assert data["policies"]["noop"]["r_eval"] == {"healthcare": ["C11-E2"]}
    assert data["policies"]["noop"]["strict"] == {"healthcare": []}


def test_a_bad_tasks_dir_is_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--tasks-dir", str(tmp_path / "missing"), "--quiet"]) == 2
    assert main(["audit", "--tasks-dir", str(tmp_path), "--quiet"]) == 2
    (tmp_path / "C1-E9.json").write_text("{not json")
    assert main(["audit", "--tasks-dir", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and all(line.startswith("mivas: error:")
                                          for line in err.strip().splitlines())


def test_verify_json_and_eval_report_the_judges_beside_the_verdict(
        capsys: pytest.CaptureFixture[str]) -> None:
    fixture = Path(__file__).parent / "fixtures" / "healthcare_C1-E1.gold.json"
    assert main(["verify", "healthcare/C1-E1", str(fixture), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["passed"] and set(verdict["aux"]["judges"]) == {
        "spoken_policy", "scoping", "efficiency", "llm"}
    assert main(["eval", "--agent", "noop", "--industry", "healthcare", "--task", "C11-E1",
                 "--task", "C1-E1", "--json", "--quiet"]) == 0
    overall = json.loads(capsys.readouterr().out)["overall"]
    assert overall["pass_rate"] == 0.5 and overall["strict_pass_rate"] == 0.0
    assert overall["aux_pass_rate"] == 0.5  # C1-E1: nothing said, nothing to judge; C11-E1 fails
    assert main(["eval", "--agent", "oracle", "--industry", "legal", "--quiet"]) == 0
    table = capsys.readouterr().out
    assert "aux" in table.splitlines()[1] and "strict" in table.splitlines()[1]


def test_the_audit_is_deterministic() -> None:
    tasks = [find_task("healthcare/C1-E1"), find_task("legal/C11-E2")]
    first = audit(tasks, seed=3)
    again = audit(tasks, seed=3)
    assert first.as_json() == again.as_json()
    assert [e.trace_sha256 for r in first.policies.values() for e in r.episodes] == [
        e.trace_sha256 for r in again.policies.values() for e in r.episodes]
