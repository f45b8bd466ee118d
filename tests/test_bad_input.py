"""Untrusted lockfiles and traces: clear MivasError subclasses naming file and JSON path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rewards import InputFormatError, LockfileError, MivasError, TaskNotFoundError, verify
from tests.helpers import call, lock, trace

C1E1 = Path(__file__).parent.parent / "tasks" / "healthcare" / "tasks" / "C1-E1.json"


def write(tmp_path: Path, name: str, content: Any) -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_malformed_json_names_the_file_and_position(tmp_path: Path) -> None:
    bad = write(tmp_path, "trace.json", '{"tool_calls": [')
    with pytest.raises(InputFormatError) as info:
        verify(C1E1, bad)
    assert str(bad) in str(info.value) and "invalid JSON" in str(info.value)


@pytest.mark.parametrize("name", ["\x00", "x" * 5000, ""])
def test_a_string_that_cannot_be_a_path_is_a_clean_error(name: str) -> None:
    with pytest.raises(MivasError):
        verify(C1E1, name)


def test_missing_file_is_task_not_found(tmp_path: Path) -> None:
    with pytest.raises(TaskNotFoundError):
        verify(tmp_path / "nope.json", trace([]))


def test_wrong_types_in_a_trace_name_the_json_path(tmp_path: Path) -> None:
    bad = write(tmp_path, "t.json", {"tool_calls": {"check_plan_accepted": [
        {"arguments": {}, "start_offset_ms": "soon"}]}})
    with pytest.raises(InputFormatError) as info:
        verify(C1E1, bad)
    assert "start_offset_ms" in str(info.value) and str(bad) in str(info.value)


def test_arguments_as_a_json_string_are_accepted_and_bad_ones_are_named(tmp_path: Path) -> None:
    good = trace([{"name": "transfer_to_coverage", "arguments": "{}", "start_offset_ms": 1},
                  {"name": "check_plan_accepted", "start_offset_ms": 2, "output": {"ok": True},
                   "arguments": json.dumps({"carrier": "aetna", "location_id": "loc_park_ave"})}])
    assert verify(C1E1, good).passed
    with pytest.raises(InputFormatError) as info:
        verify(C1E1, trace([{"name": "x", "arguments": "{nope"}]))
    assert "arguments" in str(info.value)


def test_a_dump_that_is_not_rows_is_rejected() -> None:
    with pytest.raises(InputFormatError) as info:
        verify(C1E1, {"tool_calls": [], "hangup_dump": {"patients": "all of them"}})
    assert "hangup_dump" in str(info.value)


def test_unknown_industry(tmp_path: Path) -> None:
    bad = write(tmp_path, "l.json", lock("aviation"))
    with pytest.raises(TaskNotFoundError) as info:
        verify(bad, trace([]))
    assert "aviation" in str(info.value)


def test_unknown_tool_in_a_lockfile_names_file_and_path(tmp_path: Path) -> None:
    bad = write(tmp_path, "l.json", lock("healthcare", calls=[
        {"name": "transfer_to_coverage"}, {"name": "teleport_patient"}]))
    with pytest.raises(LockfileError) as info:
        verify(bad, trace([]))
    message = str(info.value)
    assert str(bad) in message and "$.exp_tool_calls[1].name" in message
    assert "teleport_patient" in message


def test_unknown_parameter_in_a_lockfile(tmp_path: Path) -> None:
    bad = write(tmp_path, "l.json", lock("healthcare", calls=[
        {"name": "check_plan_accepted", "parameters": {"carrier": "aetna", "office": "x"}}]))
    with pytest.raises(LockfileError, match=r"parameters\.office"):
        verify(bad, trace([]))


def test_unknown_hop_and_unknown_table(tmp_path: Path) -> None:
    with pytest.raises(LockfileError, match=r"exp_handoff_path\[0\]"):
        verify(lock("legal", hops=["transfer_to_billing"]), trace([]))
    with pytest.raises(LockfileError, match=r"exp_db_state\.locations"):
        verify(lock("healthcare", db={"locations": []}), trace([]))


@pytest.mark.parametrize("field", ["id", "industry", "exp_handoff_path", "exp_tool_calls",
                                   "exp_db_state"])
def test_missing_required_lockfile_fields(tmp_path: Path, field: str) -> None:
    data = lock("healthcare")
    del data[field]
    bad = write(tmp_path, "l.json", data)
    with pytest.raises(InputFormatError) as info:
        verify(bad, trace([]))
    assert field in str(info.value) and str(bad) in str(info.value)


def test_a_lockfile_needs_no_caller_title_or_category_to_verify() -> None:
    assert verify(lock("healthcare"), trace([])).passed


def test_bad_task_id_and_typo_fields_are_rejected() -> None:
    with pytest.raises(InputFormatError, match=r"\$\.id"):
        verify({**lock("healthcare"), "id": "../../etc/passwd"}, trace([]))
    with pytest.raises(InputFormatError, match="exp_tool_call"):
        verify({**lock("healthcare"), "exp_tool_call": []}, trace([]))


def test_empty_any_of_is_rejected() -> None:
    bad = lock("healthcare", calls=[{"name": "check_plan_accepted",
                                     "parameters": {"carrier": {"any_of": []}}}])
    with pytest.raises(LockfileError, match="any_of"):
        verify(bad, trace([]))


@pytest.mark.parametrize("blank", [None, "", {}, []])
def test_an_any_of_whose_alternatives_are_all_blank_is_rejected_naming_its_path(
        blank: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mivas_env.cli import main

    bad = lock("healthcare", calls=[{"name": "check_plan_accepted",
                                     "parameters": {"carrier": {"any_of": [blank, blank]}}}])
    with pytest.raises(LockfileError, match="all blank") as caught:
        verify(bad, trace([]))
    assert caught.value.path == ("exp_tool_calls", 0, "parameters", "carrier", "any_of")
    (tmp_path / "lock.json").write_text(json.dumps(bad))
    (tmp_path / "trace.json").write_text(json.dumps(trace([])))
    assert main(["verify", str(tmp_path / "lock.json"), str(tmp_path / "trace.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "exp_tool_calls[0].parameters.carrier.any_of" in err


def test_a_plain_blank_expected_value_still_constrains_nothing() -> None:
    loose = lock("healthcare", calls=[{"name": "check_plan_accepted",
                                       "parameters": {"carrier": None}}])
    assert verify(loose, trace([])).tools.score == 0.0  # scored, not rejected


def test_every_error_is_a_mivas_error_with_one_line() -> None:
    with pytest.raises(MivasError) as info:
        verify({"id": 5}, trace([]))
    assert "\n" not in info.value.one_line()


def test_garbage_inside_calls_never_crashes() -> None:
    weird = trace([call("check_plan_accepted", 1, carrier=["aetna"], location_id={"a": 1}),
                   call("search_availability", 2, location_ids="loc_park_ave", date=5),
                   call("transfer_to_coverage", 3, output={"ok": "yes"}),
                   {"name": "check_plan_accepted", "arguments": {"carrier": None},
                    "output": None}])
    verdict = verify(C1E1, weird)
    # The contract's name-only rule: the last call has no arguments left after projection
    # and recorded no output, so it hits; the list/dict values of the first do not equal.
    plan_hit = verdict.tools.hits[1]
    assert plan_hit.name_only and plan_hit.live_index == 3
    assert not verify(C1E1, trace(weird["tool_calls"][:3])).passed


def test_numbers_too_large_for_a_float_do_not_crash() -> None:
    huge = 10**400
    expected = lock("customer_support", calls=[{"name": "issue_refund", "parameters": {
        "order_id": "ord_10001", "amount_cents": huge, "method": "store_credit"}}])
    live = trace([call("issue_refund", 1, order_id="ord_10001", amount_cents=huge,
                       method="store_credit")])
    assert verify(expected, live).tools.passed
    assert not verify(expected, trace([call("issue_refund", 1, order_id="ord_10001",
                                            amount_cents=5, method="store_credit")])).passed


def test_discount_out_of_range_is_rejected() -> None:
    with pytest.raises(ValueError):
        verify(C1E1, trace([]), discount=1.5)
