"""Invariants of the verifier, checked with hypothesis."""

from __future__ import annotations

import copy
import random
from typing import Any

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
