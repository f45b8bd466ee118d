"""Recorded platform calls scored by ``mivas verify``: a Retell call object becomes a trace
(tool calls in order with start offsets, the transcript with the recogniser's text)."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mivas_env.cli import main as mivas
from mivas_env.integrations.retell import retell_to_trace
from rewards import MivasError, load_trace, verify

FIXTURE = Path(__file__).parent / "fixtures" / "retell_call.json"
ROOT = Path(__file__).resolve().parent.parent
CALL: dict[str, Any] = json.loads(FIXTURE.read_text())
TRANSFERS = {"Coverage": "transfer_to_coverage"}


def test_a_recorded_retell_call_scores_like_an_episode() -> None:
    trace = retell_to_trace(CALL, task_id="healthcare/C1-E1", transfers=TRANSFERS)
    assert [c["name"] for c in trace["tool_calls"]] == [
        "transfer_to_coverage", "check_plan_accepted", "end_call"]
    offsets = [c["start_offset_ms"] for c in trace["tool_calls"]]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
    verdict = verify(ROOT / "tasks/healthcare/tasks/C1-E1.json", trace)
    assert verdict.passed and not verdict.db.evaluated  # no dump given: D not evaluated


def test_without_the_node_mapping_the_handoff_is_missing() -> None:
    verdict = verify(ROOT / "tasks/healthcare/tasks/C1-E1.json", retell_to_trace(CALL))
    assert not verdict.handoff.passed


def test_caller_lines_carry_the_platforms_recognised_text_and_start() -> None:
    trace = load_trace(retell_to_trace(CALL))
    assert trace.transcript is not None
    caller = [t for t in trace.transcript if t.role == "caller"]
    assert caller[0].asr_text == "Hi, do you take Aetna at the Park Avenue office?"
    assert caller[0].start_offset_ms == 3500.0
    assert all(t.asr_text is None for t in trace.transcript if t.role == "agent")


def test_a_failed_tool_result_keeps_its_error() -> None:
    call = json.loads(json.dumps(CALL))
    call["transcript_with_tool_calls"][5]["content"] = json.dumps(
        {"ok": False, "error_code": "not_found", "message": "no such office"})
    [check] = [c for c in retell_to_trace(call)["tool_calls"] if c["name"] == "check_plan_accepted"]
    assert check["output"]["error_code"] == "not_found"
    call["transcript_with_tool_calls"][5] = {"role": "tool_call_result", "tool_call_id": "tc_1",
                                            "content": "plain text", "successful": False}
    [check] = [c for c in retell_to_trace(call)["tool_calls"] if c["name"] == "check_plan_accepted"]
    assert check["output"] == {"ok": False}


def test_the_script_writes_a_trace_mivas_verify_passes(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "trace.json"
    done = subprocess.run([sys.executable, str(ROOT / "scripts/retell_to_trace.py"), str(FIXTURE),
                           "--task-id", "healthcare/C1-E1", "--transfer",
                           "Coverage=transfer_to_coverage", "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert mivas(["verify", "healthcare/C1-E1", str(out)]) == 0


@pytest.mark.parametrize("argv", [["missing.json"], [str(FIXTURE), "--transfer", "Coverage"]])
def test_the_script_refuses_bad_input_with_exit_2(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts/retell_to_trace.py"), *argv],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stderr.count("\n") == 1


JSON = st.recursive(st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
ENTRY = st.fixed_dictionaries({"role": st.sampled_from(
    ["agent", "user", "tool_call_invocation", "tool_call_result", "node_transition", "dtmf", 3])},
    optional={"content": JSON, "name": JSON, "arguments": JSON, "tool_call_id": JSON,
              "words": JSON, "successful": JSON, "new_node_name": JSON})


@given(st.one_of(JSON, st.fixed_dictionaries({"transcript_with_tool_calls": st.lists(ENTRY)})))
def test_any_call_object_converts_or_fails_with_a_mivas_error(call: Any) -> None:
    try:
        trace = retell_to_trace(call, transfers=TRANSFERS)
    except MivasError:
        return
    with contextlib.suppress(MivasError):  # arguments text that is not an object: named error
        load_trace(trace)
