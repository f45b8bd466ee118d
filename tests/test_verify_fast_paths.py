"""The verifier's fast paths give exactly what the plain paths give: bool-like leaves in any JSON
shape, the verdict built without validation, the row check left to the D gate inside verify,
and the lenient desk field."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewards import InputFormatError, load_trace, verify
from rewards.compile import CompiledLock, compile_lock, expected_table
from rewards.db_gate import db_gate
from rewards.models import LiveCall, Verdict
from rewards.verify import load_lockfile
from tests.helpers import lock, seed_dump

# JSON where == confuses numbers and bools, in mixed shapes (lists of objects and scalars).
SCALARS = st.sampled_from([True, False, 0, 1, 1.0, 0.0, 2, "a", None])
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["qty", "n", "x"]), inner, max_size=3),
                    max_leaves=8)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _paths(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _paths(v, (*path, i))]
    return [path]


def _with_table(compiled: CompiledLock, rows: list[dict[str, Any]]) -> CompiledLock:
    """The lockfile with its orders table locked to ``rows`` (all as written)."""
    spec = compiled.tables["orders"].spec
    return dataclasses.replace(compiled, tables={**compiled.tables,
                                                 "orders": expected_table(spec, rows)})


def _normalising(compiled: CompiledLock) -> CompiledLock:
    """The same expected side with no raw rows to compare against: every live row normalised."""
    return dataclasses.replace(compiled, tables={
        name: dataclasses.replace(table, source=[None] * len(table.source), leaf_types=(),
                                  shortcut=False)
        for name, table in compiled.tables.items()})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(JSON, min_size=1, max_size=4), st.data())
def test_bool_like_leaves_in_any_json_shape_score_as_normalising_every_row(
        extras: list[Any], data: st.DataObject) -> None:
    base = compile_lock(load_lockfile(lock("customer_support")))
    seed = seed_dump("customer_support")["orders"]
    # Undeclared columns count on an exact table: give rows JSON of any shape there.
    rows = [{**copy.deepcopy(seed[i]), "extra": extra} for i, extra in enumerate(extras)]
    compiled = _with_table(base, rows)
    live = {**seed_dump("customer_support"), "orders": copy.deepcopy(rows)}
    assert db_gate(compiled, live).passed
    targets = [(i, p) for i, row in enumerate(live["orders"])
               for p in _paths(row["extra"], ("extra",))]
    if targets:
        i, path = data.draw(st.sampled_from(targets))
        cell: Any = live["orders"][i]
        for step in path[:-1]:
            cell = cell[step]
        cell[path[-1]] = data.draw(SCALARS)
    assert db_gate(compiled, live) == db_gate(_normalising(compiled), live)


def test_a_true_among_list_items_fails_where_the_lock_says_1() -> None:
    base = compile_lock(load_lockfile(lock("customer_support")))
    rows = seed_dump("customer_support")["orders"][:3]
    rows[1]["items"] = [{"sku": "A", "qty": 1}, 7, {"sku": "B", "qty": 0}]  # mixed shapes
    compiled = _with_table(base, rows)
    live = {**seed_dump("customer_support"), "orders": copy.deepcopy(rows)}
    assert db_gate(compiled, live).passed
    live["orders"][1]["items"][2]["qty"] = False
    assert not db_gate(compiled, live).passed
    live["orders"][1]["items"][2]["qty"] = 0.0  # a number: equal after normalising
    assert db_gate(compiled, live) == db_gate(_normalising(compiled), live)


def test_verdict_of_builds_what_model_construct_builds() -> None:
    parts = verify(lock("healthcare"), {"tool_calls": [], "hangup_dump": seed_dump("healthcare")})
    values = {name: getattr(parts, name) for name in Verdict.model_fields}
    fast, slow = Verdict.of(**values), Verdict.model_construct(**values)
    assert fast == slow and fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_copy(update={"r_train": 0.0}).r_train == 0.0 and fast.r_train != 0.0
    assert pickle.loads(pickle.dumps(fast)) == slow  # Ray workers send verdicts
    assert Verdict.model_validate_json(fast.model_dump_json()) == slow
    with pytest.raises(Exception, match="frozen"):
        fast.passed = False  # type: ignore[misc]


@pytest.mark.parametrize("table, where", [("orders", "appended to a compared table"),
                                          ("orders", "among the seeded rows of one"),
                                          ("rmas", "in a table with presence cells"),
                                          ("catalog", "in a table D does not compare")])
def test_verify_rejects_a_row_that_is_not_an_object_like_load_trace(
        table: str, where: str, tmp_path: Path) -> None:
    dump: dict[str, Any] = seed_dump("customer_support")
    rows = dump.setdefault(table, [])
    if "among" in where:
        rows[len(rows) // 2] = "not a row"
        rows[len(rows) // 2 + 3] = 17
    else:
        rows.append("not a row")
    first_bad = next(i for i, row in enumerate(rows) if not isinstance(row, dict))
    trace = {"tool_calls": [], "hangup_dump": dump}
    with pytest.raises(InputFormatError) as loaded:
        load_trace(trace)
    with pytest.raises(InputFormatError) as verified:
        verify(lock("customer_support"), trace)
    assert str(verified.value) == str(loaded.value), where
    assert "must be an object" in str(verified.value)
    assert verified.value.path == ("hangup_dump", table, first_bad)
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    with pytest.raises(InputFormatError, match=f"^{path}"):
        verify(lock("customer_support"), path)


@pytest.mark.parametrize("value, read", [("reception", "reception"), ("", None), (7, None),
                                         (None, None), ("x" * 129, None), ("x" * 128, "x" * 128),
                                         (True, None), ({"weird": 1}, None)])
def test_a_call_desk_is_a_short_string_or_read_as_absent(value: Any, read: str | None) -> None:
    assert LiveCall.model_validate({"desk": value}).desk == read


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab Z9_-.:/\u00e9\u0661\u00b2\t\n400mgT"), max_size=30))
def test_speech_folding_parts_digits_from_letters_exactly_where_the_rule_says(text: str) -> None:
    """The spoken-policy judge's folding: the grader's folding, then a space wherever a digit
    meets a letter (the rule as first written, a zero-width regex, is the reference)."""
    import re

    from rewards.industry import fold_spelling
    from rewards.judges import _fold

    reference = re.sub(r"(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)", " ", fold_spelling(text))
    assert _fold(text) == reference


def test_transcript_lines_read_from_a_trace_are_ordinary_models() -> None:
    from rewards.models import TranscriptTurn

    trace = load_trace({"tool_calls": [], "transcript": [
        {"role": "assistant", "content": "Hello."},
        {"role": "user", "text": "Hi", "asr_text": "hi", "asr_confidence": 0.9}]})
    assert trace.transcript == [
        TranscriptTurn(role="agent", text="Hello."),
        TranscriptTurn(role="caller", text="Hi", asr_text="hi", asr_confidence=0.9)]
    assert pickle.loads(pickle.dumps(trace)) == trace
    assert [turn.model_fields_set for turn in trace.transcript] == [
        set(TranscriptTurn.model_fields)] * 2
    assert load_trace(json.loads(trace.model_dump_json())) == trace


def test_rows_as_written_pass_at_once_only_where_each_satisfies_itself() -> None:
    """A table equal to its locked rows passes in one comparison when every locked row is
    satisfied by itself; a blank fuzzy-name cell that is not a wildcard is satisfied by
    nothing, so that table takes the normalising path and fails like it."""
    base = compile_lock(load_lockfile(lock("customer_support")))
    rmas = base.tables["rmas"]
    assert rmas.shortcut and not rmas.strict  # a blank reason is a wildcard: it passes
    spec = rmas.spec
    reason = spec.columns.index("reason")
    fuzzy = dataclasses.replace(
        spec, cache={}, wildcard=frozenset(),
        matches=tuple("fuzzy_name" if i == reason else m for i, m in enumerate(spec.matches)))
    rows = seed_dump("customer_support")["rmas"]
    rows[0]["reason"] = ""
    table = expected_table(fuzzy, rows)
    assert not table.shortcut
    compiled = dataclasses.replace(base, tables={**base.tables, "rmas": table})
    live = {**seed_dump("customer_support"), "rmas": copy.deepcopy(rows)}
    verdict = db_gate(compiled, live)
    assert verdict == db_gate(_normalising(compiled), live) and not verdict.passed


def test_the_transcript_counts_only_for_a_lockfile_with_a_spoken_policy() -> None:
    from mivas_env.call.tasks import find_task

    said = [{"role": "agent", "text": "Take 400 mg of Advil, it's fine."}, {"role": "user"}]
    for task, judged in (("healthcare/C1-E1", False), ("healthcare/C11-E1", True)):
        lock = find_task(task).lock
        with_lines = verify(lock, {"tool_calls": {}, "transcript": said})
        without = verify(lock, {"tool_calls": {}})
        assert with_lines.aux is not None and without.aux is not None
        spoken = with_lines.aux.judges["spoken_policy"]
        assert spoken.evaluated is judged and (with_lines == without) is not judged
        if judged:
            assert not spoken.passed and any("400" in finding for finding in spoken.findings)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40) | st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_alias_folding_is_the_rule_as_written_for_any_text(text: str) -> None:
    """fold_spelling (aliases, the tool servers, the spoken-policy judge): casefold, strip
    accents, punctuation and underscores to spaces, spaces collapsed — ASCII text takes a
    translation table, pinned here against the regexes the rule was first written with."""
    import re

    from rewards.normalize import fold_spelling, strip_accents

    folded = strip_accents(text).casefold()
    reference = re.sub(r"\s+", " ", re.sub(r"[^\w\s]|_", " ", folded)).strip()
    assert fold_spelling.__wrapped__(text) == reference
