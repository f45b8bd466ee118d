"""Invariants of the verifier, checked with hypothesis."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewards import verify
from tests.helpers import call, lock, seed_dump, trace

HOPS = ["transfer_to_reception", "transfer_to_identity", "transfer_to_orders",
        "transfer_to_billing", "transfer_to_returns"]
TOOLS = ["get_order_status", "verify_identity", "create_rma", "issue_refund", "end_call",
         "get_policy"]
ORDER_IDS = ["ord_10001", "ord_10002", "ord_10003"]

arguments = st.fixed_dictionaries({}, optional={
    "order_id": st.sampled_from(ORDER_IDS + ["", "bogus"]),
    "full_name": st.sampled_from(["Jamal Washington", "jamal washington", ""]),
    "zip": st.sampled_from(["15213", "10001"]),
    "sku": st.sampled_from(["ELC-4002", "KTC-1001"]),
    "amount_cents": st.integers(0, 10_000),
    "handoff_summary": st.text(max_size=5),
})
live_call = st.tuples(st.sampled_from(HOPS + TOOLS), arguments, st.booleans())
expected_call = st.tuples(st.sampled_from(HOPS + TOOLS[:4]), st.fixed_dictionaries({}, optional={
    "order_id": st.sampled_from(ORDER_IDS),
    "sku": st.one_of(st.sampled_from(["ELC-4002", "KTC-1001"]),
                     st.just({"any_of": ["ELC-4002", "KTC-1001"]})),
}))


def allowed(name: str, params: dict[str, Any]) -> dict[str, Any]:
    keys = {"get_order_status": {"order_id"}, "verify_identity": set(),
            "create_rma": {"order_id", "sku"}, "issue_refund": {"order_id"}}.get(name, set())
    return {k: v for k, v in params.items() if k in keys}


@st.composite
def scenario(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    expected = [{"name": n, "parameters": allowed(n, p)} for n, p in draw(
        st.lists(expected_call, max_size=5))]
    hops = draw(st.lists(st.sampled_from(HOPS), max_size=4))
    live = draw(st.lists(live_call, max_size=10))
    offsets = draw(st.lists(st.integers(0, 10**6), min_size=len(live), max_size=len(live),
                            unique=True))
    calls = [call(name, t, {"ok": ok}, **args)
             for (name, args, ok), t in zip(live, offsets, strict=True)]
    return lock("customer_support", calls=expected, hops=hops), calls


def grouped(calls: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    shuffled = calls[:]
    rng.shuffle(shuffled)
    for entry in shuffled:
        body = {k: v for k, v in entry.items() if k != "name"}
        groups.setdefault(entry["name"], []).append(body)
    return {"tool_calls": groups}


def key(verdict: Any) -> Any:
    return verdict.model_dump()


@settings(max_examples=150, deadline=None)
@given(scenario(), st.randoms(use_true_random=False))
def test_regrouping_or_shuffling_timed_calls_never_changes_the_verdict(
        case: tuple[dict[str, Any], list[dict[str, Any]]], rng: random.Random) -> None:
    expected, calls = case
    baseline = verify(expected, trace(calls))
    shuffled = calls[:]
    rng.shuffle(shuffled)
    assert key(verify(expected, trace(shuffled))) == key(baseline)
    assert key(verify(expected, grouped(calls, rng))) == key(baseline)


@settings(max_examples=150, deadline=None)
@given(scenario(), st.lists(st.tuples(st.sampled_from(TOOLS), arguments, st.booleans(),
                                      st.integers(0, 10**6)), max_size=5))
def test_adding_non_transfer_non_forbidden_calls_never_turns_t_from_pass_to_fail(
        case: tuple[dict[str, Any], list[dict[str, Any]]],
        extra: list[tuple[str, dict[str, Any], bool, int]]) -> None:
    expected, calls = case
    if not verify(expected, trace(calls)).tools.passed:
        return
    more = calls + [call(name, t + 0.5, {"ok": ok}, **args) for name, args, ok, t in extra]
    assert verify(expected, trace(more)).tools.passed


@settings(max_examples=150, deadline=None)
@given(scenario(), st.lists(st.tuples(st.sampled_from(HOPS), st.integers(0, 10**6)), max_size=5))
def test_adding_hops_never_turns_h_from_pass_to_fail(
        case: tuple[dict[str, Any], list[dict[str, Any]]], extra: list[tuple[str, int]]) -> None:
    expected, calls = case
    if not verify(expected, trace(calls)).handoff.passed:
        return
    more = calls + [call(name, t + 0.25) for name, t in extra]
    assert verify(expected, trace(more)).handoff.passed


@settings(max_examples=100, deadline=None)
@given(scenario(), st.floats(0.0, 1.0))
def test_r_train_is_zero_discount_or_one(case: tuple[dict[str, Any], list[dict[str, Any]]],
                                         discount: float) -> None:
    expected, calls = case
    verdict = verify(expected, trace(calls), discount=discount)
    assert verdict.r_train in (0.0, discount, 1.0)
    assert verdict.r_eval in (0, 1) and (verdict.r_train > 0) <= bool(verdict.r_eval)


@settings(max_examples=100, deadline=None)
@given(scenario())
def test_a_verdict_passes_exactly_when_no_gate_failed(
        case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    # failed_gates is what the near-miss checks and the twins' recorder read a verdict by
    expected, calls = case
    verdict = verify(expected, trace(calls))
    assert verdict.passed == (verdict.failed_gates == ())
    assert ("T" in verdict.failed_gates) == (not verdict.tools.passed)
    assert ("H" in verdict.failed_gates) == (not verdict.handoff.passed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario())
def test_verify_never_mutates_its_inputs(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    expected, calls = case
    live = trace(calls, seed_dump("customer_support"))
    before = (copy.deepcopy(expected), copy.deepcopy(live))
    verify(expected, live)
    assert (expected, live) == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(["healthcare", "legal",
                                                           "customer_support"]))
def test_row_order_in_the_dump_never_matters(rng: random.Random, industry: str) -> None:
    dump = seed_dump(industry)
    for rows in dump.values():  # a changed state, so the verdict lists rows
        if rows:
            rows.pop(rng.randrange(len(rows)))
            rows.append({**rows[0], "status": "changed"})
    baseline = verify(lock(industry), trace([], dump))
    for rows in dump.values():
        rng.shuffle(rows)
    assert key(verify(lock(industry), trace([], dump))) == key(baseline)


# --- one rule, one place: the environment and the grader agree ---------------------------

def _constrained_keys() -> dict[str, list[tuple[Any, int, str]]]:
    """Per industry: (task, gold call index, key) for every fact or fuzzy-name key locked."""
    from mivas_env.call.tasks import load_tasks
    from rewards.industry import industry_names

    cases: dict[str, list[tuple[Any, int, str]]] = {}
    for industry in industry_names():
        for task in load_tasks(industry):
            for spec in task.compiled.calls:
                for rule in spec.rules:
                    if rule.kind in ("fact", "fuzzy_name"):
                        cases.setdefault(industry, []).append((task, spec.index, rule.key))
    return cases


CONSTRAINED = _constrained_keys()


def _strip_accents(text: str) -> str:
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


def _add_accent(text: str) -> str:
    import unicodedata

    for i, ch in enumerate(text):
        if ch in "aeiouAEIOU":
            return unicodedata.normalize("NFC", text[:i + 1] + "\u0301" + text[i + 1:])
    return text


SPELLINGS = [str.upper, str.lower, str.title, str.swapcase, lambda v: f"  {v}  ",
             lambda v: v.replace(" ", "  "), lambda v: v.replace(" ", ""),
             lambda v: v.replace(" ", "-"), lambda v: v.replace("-", " "),
             lambda v: v.replace("_", " "), lambda v: v.replace("_", "-"),
             lambda v: v.replace("'", ""), _strip_accents, _add_accent]


def _formats(value: str) -> list[str]:
    """Phone, date and datetime spellings of a gold value (other values get none)."""
    import re

    out: list[str] = []
    if re.fullmatch(r"\+1\d{10}", value):
        a, b, c = value[2:5], value[5:8], value[8:]
        out += [f"({a}) {b}-{c}", f"{a}.{b}.{c}", f"1-{a}-{b}-{c}", f"{a}{b}{c}",
                f"+1 {a} {b} {c}", f"{a}-{b}-{c} ext 12", f"{a}{b}{c[:3]}"]
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        y, m, d = value.split("-")
        out += [f"{value}T00:00", f"{m}/{d}/{y}", f"{y}/{m}/{d}", f"{y}{m}{d}", f"{value}Z",
                f"{y}-{int(m)}-{int(d)}"]
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", value):
        day, clock = value.split("T")
        out += [f"{value}:00", f"{value}:59.5", f"{value}Z", f"{value}:00-05:00",
                f"{day} {clock}", f"{value} EST", f"{value} America/New_York", day,
                f"{day}T{clock[:2]}", f"{value}:00+0100 (CET)"]
    return out


def _spell(draw: st.DrawFn, industry: str, task: Any, index: int, key: str, gold: Any) -> Any:
    if isinstance(gold, list):
        return [_spell(draw, industry, task, index, key, item) for item in gold]
    if not isinstance(gold, str):
        return gold
    prop = task.compiled.industry.industry.tools[task.lock.exp_tool_calls[index].name] \
        .parameters.properties[key]
    prop = prop.items or prop
    aliases = task.compiled.industry.industry.aliases.get(prop.x_alias or "", {})
    choices = [*_formats(gold), *aliases.get(gold, ())]
    value = draw(st.sampled_from(choices)) if choices and draw(st.booleans()) else gold
    for spelling in draw(st.lists(st.sampled_from(SPELLINGS), max_size=2)):
        value = spelling(value)
    return value


@st.composite
def _respelled_gold_call(draw: st.DrawFn, industry: str) -> tuple[str, int, str, Any]:
    """(task id, gold call index, key, respelled value): short, so a falsifying example reads."""
    from mivas_env.agents.baselines import gold_arguments

    task, index, key = CONSTRAINED[industry][draw(st.integers(0, len(CONSTRAINED[industry]) - 1))]
    gold = gold_arguments(task.lock.exp_tool_calls[index].parameters)[key]
    return task.full_id, index, key, _spell(draw, industry, task, index, key, gold)


def _run(task: Any, index: int, key: str, value: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The gold calls up to ``index`` on a fresh session, the last with ``key`` respelled."""
    from mivas_env.agents.baselines import gold_arguments
    from mivas_env.call.runtime import CallSession

    session = CallSession(task, seed=0, scoping="enforce")
    output: dict[str, Any] = {}
    for i, gold_call in enumerate(task.lock.exp_tool_calls[:index + 1]):
        arguments = gold_arguments(gold_call.parameters)
        if i == index:
            arguments[key] = value
        output = session.call_tool(gold_call.name, arguments).output
    return output, session.dump()


def _graded(task: Any, dump: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    from collections import Counter

    return {name: Counter(spec.normalize_row(row) for row in dump.get(name, []))
            for name, spec in task.compiled.industry.tables.items()}


@pytest.mark.parametrize("industry", sorted(CONSTRAINED))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_spelling_the_tool_server_honours_as_the_gold_value_hits_in_t(
        industry: str, data: st.DataObject) -> None:
    """'A call the environment honored cannot be scored as missing': a respelled gold value
    (case, spaces, hyphens, accents, alias spellings, phone, date and datetime formats) is
    either refused by the tool server, or changes what the call did, or hits in T."""
    from mivas_env.agents.baselines import gold_arguments
    from rewards.normalize import nested_key
    from rewards.tool_gate import TimedCall, mismatches, project

    task_id, index, key, value = data.draw(_respelled_gold_call(industry))
    task = next(t for t, _, _ in CONSTRAINED[industry] if t.full_id == task_id)
    gold_arguments_ = gold_arguments(task.lock.exp_tool_calls[index].parameters)
    gold_output, gold_dump = _run(task, index, key, gold_arguments_[key])
    output, dump = _run(task, index, key, value)
    honoured_as_gold = (output.get("ok") is True
                        and nested_key(output.get("data")) == nested_key(gold_output.get("data"))
                        and _graded(task, dump) == _graded(task, gold_dump))
    if not honoured_as_gold:
        return
    expected = task.compiled.calls[index]
    live = TimedCall(0, expected.name, {**gold_arguments_, key: value}, output, 0.0)
    found = mismatches(expected, project(task.compiled.industry, live), output)
    assert not found, (task.full_id, expected.name, key, value, found)
