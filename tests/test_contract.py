"""One test per rule of the verifier contract (shared/seed/000_4c683cf1e293e117.txt), named
after the clause it pins, plus every worked example the contract gives."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rewards import Verdict, load_seed, verify
from rewards.compile import key_kind
from rewards.industry import PropertySchema
from tests.helpers import call, lock, seed_dump, trace

FIXTURES = Path(__file__).parent / "fixtures"
C1E1 = Path(__file__).parent.parent / "tasks" / "healthcare" / "tasks" / "C1-E1.json"
PLAN = {"carrier": "aetna", "location_id": "loc_park_ave"}


def c1e1_trace(**plan_args: Any) -> dict[str, Any]:
    return trace([call("transfer_to_coverage", 4100),
                  call("check_plan_accepted", 9800, {"ok": True, "data": {"accepted": True}},
                       **(plan_args or PLAN))],
                 seed_dump("healthcare"))


# --- the teaching case --------------------------------------------------------------------

def test_c1e1_windermere_fails_tools_only_two_gates_are_not_enough() -> None:
    verdict = verify(C1E1, FIXTURES / "healthcare_C1-E1.windermere.json")
    assert not verdict.tools.passed
    assert verdict.handoff.passed and verdict.handoff.verdict == "exact"
    assert verdict.db.evaluated and verdict.db.passed
    assert not verdict.passed and verdict.r_eval == 0 and verdict.r_train == 0
    [miss] = verdict.tools.missing
    assert miss.name == "check_plan_accepted"
    assert miss.nearest is not None
    assert [(m.key, m.expected, m.got) for m in miss.nearest.mismatches] == [
        ("location_id", "loc_park_ave", "loc_windermere")]


def test_c1e1_gold_trace_passes_exact() -> None:
    verdict = verify(C1E1, FIXTURES / "healthcare_C1-E1.gold.json")
    assert verdict.passed and verdict.handoff.verdict == "exact" and verdict.r_train == 1.0


def test_state_only_verifier_passes_an_answer_from_memory_ours_does_not() -> None:
    memory = trace([call("transfer_to_coverage", 1)], seed_dump("healthcare"))
    verdict = verify(C1E1, memory)
    assert verdict.db.passed  # the seed is unchanged: a state-only verifier would pass
    assert not verdict.passed and not verdict.tools.passed


# --- result = T and H and D ---------------------------------------------------------------

def test_result_is_t_and_h_and_d() -> None:
    bad_db = seed_dump("healthcare", waitlist=[{"patient_id": "pat_0001",
                                                "location_id": "loc_park_ave",
                                                "visit_type": "follow_up"}])
    good_calls = c1e1_trace()["tool_calls"]
    verdict = verify(C1E1, trace(good_calls, bad_db))
    assert verdict.tools.passed and verdict.handoff.passed and not verdict.db.passed
    assert not verdict.passed


def test_no_hangup_dump_means_d_not_evaluated_and_result_is_t_and_h() -> None:
    verdict = verify(C1E1, trace(c1e1_trace()["tool_calls"], None))
    assert not verdict.db.evaluated and verdict.passed
    no_key = {"tool_calls": c1e1_trace()["tool_calls"]}
    assert verify(C1E1, no_key).passed


def test_tool_and_handoff_adherence_are_always_evaluated() -> None:
    verdict = verify(C1E1, trace([], None))
    assert not verdict.tools.passed and not verdict.handoff.passed


def test_empty_expected_tool_list_is_a_defined_pass() -> None:
    verdict = verify(lock("healthcare", calls=[]), trace([call("lookup_patient", 1,
                                                                full_name="x")]))
    assert verdict.tools.passed and verdict.tools.score == 1.0


def test_empty_expected_handoff_path_always_passes() -> None:
    refusal = lock("healthcare", calls=[], hops=[])
    assert verify(refusal, trace([])).handoff.verdict == "exact"
    later = verify(refusal, trace([call("transfer_to_scheduling", 1)]))
    assert later.handoff.passed and later.handoff.score == 1.0
    assert later.handoff.verdict == "in_order_with_extras"


def test_gates_do_not_read_the_transcript() -> None:
    with_transcript = c1e1_trace(carrier="aetna", location_id="loc_windermere")
    with_transcript["transcript"] = [{"role": "assistant",
                                      "content": "I checked Park Avenue: Aetna is accepted."}]
    verdict = verify(C1E1, with_transcript)
    assert not verdict.tools.passed


# --- database gate ------------------------------------------------------------------------

def test_db_ignores_catalog_rows_in_the_dump() -> None:
    dump = seed_dump("healthcare")
    dump["locations"] = [{"location_id": "loc_made_up"}]
    dump["plan_acceptance"] = []
    assert verify(C1E1, trace(c1e1_trace()["tool_calls"], dump)).db.passed


def test_a_write_table_absent_from_the_dump_counts_as_empty() -> None:
    dump = seed_dump("healthcare")
    del dump["waitlist"]
    assert verify(C1E1, trace(c1e1_trace()["tool_calls"], dump)).db.passed
    del dump["patients"]
    verdict = verify(C1E1, trace(c1e1_trace()["tool_calls"], dump))
    assert not verdict.db.passed
    assert len(verdict.db.tables["patients"].missing_rows) == len(load_seed("healthcare")["patients"])


def test_db_ignores_timestamps_and_unconstrained_prose() -> None:
    dump = seed_dump("healthcare")
    dump["appointments"][0]["cancel_reason"] = "something else entirely"
    assert verify(C1E1, trace(c1e1_trace()["tool_calls"], dump)).db.passed
    # The industry declares its timestamps (ignore_columns): they never count.
    cs = seed_dump("customer_support")
    cs["orders"][0] = {**cs["orders"][0], "placed_on": "2020-01-01", "delivered_on": None}
    cs["rmas"][0] = {**cs["rmas"][0], "created_on": "2020-01-01"}
    assert verify(lock("customer_support"), trace([], cs)).db.passed


def test_row_order_cannot_fail_a_match() -> None:
    dump = seed_dump("healthcare")
    dump["appointments"].reverse()
    dump["patients"] = dump["patients"][7:] + dump["patients"][:7]
    assert verify(C1E1, trace(c1e1_trace()["tool_calls"], dump)).db.passed


def _booked_at(stamp: str) -> Verdict:
    """A lockfile that books appt_9001 at 2026-12-03T15:30, scored against a dump where the
    same appointment starts at ``stamp``."""
    appointment = {"appointment_id": "appt_9001", "patient_id": "pat_0001",
                   "provider_id": "prov_chen", "location_id": "loc_park_ave",
                   "start_time": "2026-12-03T15:30", "visit_type": "follow_up",
                   "status": "booked"}
    expected = lock("healthcare", db={"appointments": [
        *load_seed("healthcare")["appointments"], appointment]})
    live = seed_dump("healthcare")
    live["appointments"].append({**appointment, "start_time": stamp})
    return verify(expected, trace([], live))


def test_datetimes_collapse_to_minute_precision_1530_equals_153059_5() -> None:
    assert _booked_at("2026-12-03T15:30:59.5-05:00").db.passed
    assert not _booked_at("2026-12-03T15:31:00").db.passed


def test_remaining_strings_are_stripped_and_casefolded_and_phones_compare_digits() -> None:
    live = seed_dump("healthcare")
    first = live["patients"][0]
    digits = first["phone_e164"][2:]
    live["patients"][0] = {**first, "full_name": f"  {first['full_name'].upper()} ",
                           "phone_e164": f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"}
    assert verify(lock("healthcare"), trace([], live)).db.passed


def test_healthcare_is_exact_on_patients_and_appointments() -> None:
    live = seed_dump("healthcare")
    live["patients"].append({"patient_id": "pat_0999", "full_name": "Dana Whitfield",
                             "date_of_birth": "1991-03-14", "phone_e164": "+19175550186",
                             "carrier": "aetna", "member_id": "W1"})
    verdict = verify(lock("healthcare"), trace([], live))
    assert not verdict.db.passed
    assert verdict.db.tables["patients"].extra_rows[0]["full_name"] == "dana whitfield"
    live = seed_dump("healthcare")
    live["appointments"][3]["status"] = "cancelled" if live["appointments"][3]["status"] != \
        "cancelled" else "booked"
    verdict = verify(lock("healthcare"), trace([], live))
    assert not verdict.db.tables["appointments"].passed
    assert verdict.db.tables["appointments"].missing_rows
    assert verdict.db.tables["appointments"].extra_rows


WAIT = {"patient_id": "pat_0003", "location_id": "loc_park_ave", "visit_type": "follow_up",
        "notes": "mornings"}


def test_waitlist_ids_are_stripped() -> None:
    expected = lock("healthcare", db={"waitlist": [{**WAIT, "waitlist_id": "wl_0001"}]})
    live = seed_dump("healthcare", waitlist=[
        {**WAIT, "waitlist_id": "wl_0042", "notes": "any time after 3pm"}])
    assert verify(expected, trace([], live)).db.passed


def test_waitlist_is_a_subset_when_expected_is_non_empty() -> None:
    expected = lock("healthcare", db={"waitlist": [WAIT]})
    extra = {**WAIT, "patient_id": "pat_0004"}
    assert verify(expected, trace([], seed_dump("healthcare", waitlist=[extra, WAIT]))).db.passed
    assert not verify(expected, trace([], seed_dump("healthcare", waitlist=[extra]))).db.passed


def test_waitlist_must_be_empty_when_locked_empty() -> None:
    live = seed_dump("healthcare", waitlist=[WAIT])
    verdict = verify(lock("healthcare", db={"waitlist": []}), trace([], live))
    assert not verdict.db.passed and verdict.db.tables["waitlist"].extra_rows
    assert not verify(lock("healthcare"), trace([], live)).db.passed  # the seed's is empty


INTAKE = {"intake_id": "int_0001", "full_name": "Maya Ortiz", "phone_e164": "+12015550123",
          "practice_area": "personal_injury", "incident_date": "", "opposing_party":
          "Daniel Okonkwo", "for_whom": "", "summary": "rear-ended on Route 4", "status": "new"}


def test_blank_legal_incident_date_accepts_any_live_date_practice_area_must_match() -> None:
    expected = lock("legal", db={"intakes": [INTAKE]})
    live = {**INTAKE, "intake_id": "int_0007", "incident_date": "2026-10-02",
            "full_name": "maya ortiz-diaz", "opposing_party": "Daniel Oconquo",
            "for_whom": "Maya Ortiz", "summary": "a different summary"}
    assert verify(expected, trace([], seed_dump("legal", intakes=[live]))).db.passed
    wrong_area = {**live, "practice_area": "employment"}
    assert not verify(expected, trace([], seed_dump("legal", intakes=[wrong_area]))).db.passed


def test_legal_matches_constrained_fields_with_the_fuzzy_name_rule() -> None:
    expected = lock("legal", db={"intakes": [INTAKE]})
    other = {**INTAKE, "opposing_party": "Daniel Okafor"}
    assert not verify(expected, trace([], seed_dump("legal", intakes=[other]))).db.passed


def test_legal_intakes_and_escalations_allow_no_extra_rows() -> None:
    expected = lock("legal", db={"intakes": [INTAKE]})
    twice = seed_dump("legal", intakes=[INTAKE, {**INTAKE, "intake_id": "int_0002"}])
    verdict = verify(expected, trace([], twice))
    assert not verdict.db.passed and verdict.db.tables["intakes"].extra_rows
    escalation = {"escalation_id": "esc_0001", "reason": "threat", "urgency": "high"}
    assert not verify(lock("legal"), trace([], seed_dump("legal", escalations=[escalation]))
                      ).db.passed


@pytest.mark.parametrize("table", ["messages", "notes", "documents", "holds", "evaluations"])
def test_legal_side_tables_allow_extra_live_rows_even_when_expected_is_empty(table: str) -> None:
    dump = seed_dump("legal")
    dump[table] = [*dump[table], {"note": "extra", "message": "extra"}]
    assert verify(lock("legal"), trace([], dump)).db.tables[table].passed


def test_a_blank_presence_column_in_a_legal_expected_row_is_unconstrained() -> None:
    hold = {"attorney_id": "att_01", "start_time": "2026-12-08T10:00", "caller_name": "",
            "practice_area": "family"}
    expected = lock("legal", db={"holds": [hold]})
    live = seed_dump("legal", holds=[{**hold, "caller_name": "Ann Lee", "hold_id": "hold_0001"}])
    assert verify(expected, trace([], live)).db.passed
    named = lock("legal", db={"holds": [{**hold, "caller_name": "Ann Lee"}]})
    nameless = seed_dump("legal", holds=[{**hold, "caller_name": None}])
    assert not verify(named, trace([], nameless)).db.passed


def test_legal_constrained_rows_need_a_one_to_one_matching_not_greedy() -> None:
    loose = {"for_attorney_id": "", "caller_name": "Ann Lee", "phone_e164": "", "message": "x"}
    tight = {**loose, "for_attorney_id": "att_01"}
    expected = lock("legal", db={"messages": [loose, tight]})
    # Greedy would give the loose row the only att_01 message and leave `tight` unmatched.
    live = [{**tight, "message_id": "m1"}, {**tight, "for_attorney_id": "att_02",
                                             "message_id": "m2"}]
    assert verify(expected, trace([], seed_dump("legal", messages=live))).db.passed


def test_customer_support_is_exact_on_every_write_table() -> None:
    dump = seed_dump("customer_support")
    dump["orders"][0] = {**dump["orders"][0], "status": "cancelled"}
    assert not verify(lock("customer_support"), trace([], dump)).db.passed
    dump = seed_dump("customer_support")
    dump["refunds"].append({"refund_id": "ref_0099", "order_id": "ord_10001",
                            "amount_cents": 100, "method": "store_credit", "status": "issued"})
    assert not verify(lock("customer_support"), trace([], dump)).db.passed


def test_empty_expected_means_empty_actual_in_customer_support() -> None:
    dump = seed_dump("customer_support", refunds=[])
    expected = lock("customer_support", db={"refunds": []})
    assert verify(expected, trace([], dump)).db.passed
    dump["refunds"] = [{"refund_id": "ref_0001", "order_id": "ord_10001", "amount_cents": 1,
                        "method": "store_credit", "status": "issued"}]
    assert not verify(expected, trace([], dump)).db.passed


def test_rmas_reason_the_caller_never_stated_is_ignored() -> None:
    rma = {"rma_id": "rma_0099", "order_id": "ord_10001", "sku": "ELC-4002", "reason": "",
           "status": "open"}
    seed_rmas = load_seed("customer_support")["rmas"]
    expected = lock("customer_support", db={"rmas": [*seed_rmas, rma]})
    for reason in ("defective", "no_longer_needed", None):
        live = seed_dump("customer_support", rmas=[*copy.deepcopy(seed_rmas),
                                                   {**rma, "reason": reason}])
        assert verify(expected, trace([], live)).db.passed, reason
    stated = lock("customer_support", db={"rmas": [*seed_rmas, {**rma, "reason": "damaged"}]})
    live = seed_dump("customer_support", rmas=[*copy.deepcopy(seed_rmas),
                                               {**rma, "reason": "defective"}])
    assert not verify(stated, trace([], live)).db.passed


# --- tool-call gate -----------------------------------------------------------------------

def test_required_tools_must_fire_with_constrained_arguments() -> None:
    assert not verify(C1E1, c1e1_trace(carrier="cigna", location_id="loc_park_ave")).passed


def test_required_tools_must_return_the_expected_output_ok() -> None:
    failed = c1e1_trace()
    failed["tool_calls"][1]["output"] = {"ok": False, "error_code": "not_available_at_node"}
    verdict = verify(C1E1, failed)
    assert not verdict.tools.passed
    assert verdict.tools.missing[0].nearest.mismatches[0].key == "output.ok"  # type: ignore[union-attr]


def test_output_error_code_must_match_when_both_sides_record_it() -> None:
    expected = lock("healthcare", calls=[{"name": "lookup_patient",
                                          "output": {"ok": False, "error_code": "not_found"}}])
    hit = trace([call("lookup_patient", 1, {"ok": False, "error_code": "not_found"},
                      full_name="Dana Whitfield", date_of_birth="1991-03-14")])
    assert verify(expected, hit).tools.passed
    other = trace([call("lookup_patient", 1, {"ok": False, "error_code": "invalid_argument"})])
    assert not verify(expected, other).tools.passed


def test_nested_output_data_is_not_compared() -> None:
    expected = lock("healthcare", calls=[{"name": "check_plan_accepted", "parameters": PLAN,
                                          "output": {"ok": True, "data": {"accepted": True}}}])
    live = trace([call("check_plan_accepted", 1, {"ok": True, "data": {"accepted": False}},
                       **PLAN)])
    assert verify(expected, live).tools.passed


def test_extra_industry_tools_are_permitted_including_end_call() -> None:
    calls = c1e1_trace()["tool_calls"] + [
        call("lookup_patient", 50, full_name="Dana Whitfield", date_of_birth="1991-03-14"),
        call("list_locations", 60), call("end_call", 70)]
    assert verify(C1E1, trace(calls, seed_dump("healthcare"))).passed


def test_a_required_name_that_never_matches_is_missing() -> None:
    verdict = verify(C1E1, trace([call("transfer_to_coverage", 1)], None))
    assert [m.name for m in verdict.tools.missing] == ["check_plan_accepted"]
    assert verdict.tools.missing[0].nearest is None
    assert "no live call named" in verdict.tools.missing[0].reason


def test_matching_is_greedy_and_one_to_one() -> None:
    two = lock("healthcare", calls=[
        {"name": "check_plan_accepted", "parameters": PLAN},
        {"name": "check_plan_accepted", "parameters": PLAN}])
    verdict = verify(two, trace([call("check_plan_accepted", 1, **PLAN)]))
    assert len(verdict.tools.hits) == 1 and len(verdict.tools.missing) == 1
    assert verdict.tools.missing[0].nearest.already_used  # type: ignore[union-attr]
    assert verify(two, trace([call("check_plan_accepted", 1, **PLAN),
                              call("check_plan_accepted", 2, **PLAN)])).tools.passed


def test_greedy_takes_the_first_unused_actual_in_lockfile_order() -> None:
    either = {"carrier": {"any_of": ["aetna", "cigna"]}, "location_id": "loc_park_ave"}
    expected = lock("healthcare", calls=[
        {"name": "check_plan_accepted", "parameters": either},
        {"name": "check_plan_accepted", "parameters": PLAN}])
    # The first expected call takes the first live call (aetna): the second then finds only cigna.
    live = trace([call("check_plan_accepted", 1, **PLAN),
                  call("check_plan_accepted", 2, carrier="cigna", location_id="loc_park_ave")])
    verdict = verify(expected, live)
    assert [h.live_index for h in verdict.tools.hits] == [0]
    assert not verdict.tools.passed


def test_score_t_is_hits_over_expected_and_one_when_nothing_expected() -> None:
    assert verify(C1E1, trace([call("transfer_to_coverage", 1)])).tools.score == 0.5
    assert verify(lock("healthcare"), trace([])).tools.score == 1.0


def test_send_sms_is_forbidden_when_the_lockfile_does_not_list_it() -> None:
    calls = c1e1_trace()["tool_calls"] + [call("send_sms", 99, phone_e164="+19175550186",
                                               message="Aetna is accepted at Park Avenue")]
    verdict = verify(C1E1, trace(calls, seed_dump("healthcare")))
    assert not verdict.tools.passed and verdict.tools.score == 1.0
    assert [f.name for f in verdict.tools.forbidden_extra] == ["send_sms"]


def test_send_sms_is_required_when_the_lockfile_lists_it() -> None:
    expected = lock("healthcare", calls=[{"name": "send_sms",
                                          "parameters": {"phone_e164": "+19175550186"}}])
    assert not verify(expected, trace([])).tools.passed
    sent = trace([call("send_sms", 1, phone_e164="(917) 555-0186", message="See you Tuesday")])
    assert verify(expected, sent).tools.passed


@pytest.mark.parametrize("industry", ["legal", "customer_support"])
def test_the_forbidden_extra_set_is_empty_outside_healthcare(industry: str) -> None:
    calls = [call(name, i) for i, name in enumerate(
        ["end_call", "transfer_to_reception", "escalate_to_human"]
        if industry == "legal" else ["end_call", "get_policy"])]
    assert verify(lock(industry), trace(calls)).tools.forbidden_extra == []


# --- what we actually compare -------------------------------------------------------------

def test_harness_routing_and_undeclared_keys_are_dropped() -> None:
    calls = [call("transfer_to_coverage", 1, handoff_summary="plan question",
                  reason="caller asked"),
             call("check_plan_accepted", 2, **PLAN, session_id="abc", note="x")]
    assert verify(C1E1, trace(calls)).tools.passed


def test_a_transfer_recorded_as_just_a_name_matches_a_live_transfer_with_routing() -> None:
    verdict = verify(C1E1, trace([call("transfer_to_coverage", 1, handoff_summary="x"),
                                  call("check_plan_accepted", 2, **PLAN)]))
    assert verdict.tools.hits[0].name_only


def test_empty_values_count_as_absent() -> None:
    verdict = verify(C1E1, c1e1_trace(carrier="  ", location_id="loc_park_ave"))
    mismatch = verdict.tools.missing[0].nearest.mismatches[0]  # type: ignore[union-attr]
    assert (mismatch.key, mismatch.reason) == ("carrier", "absent")


def test_a_live_call_with_no_arguments_left_after_projection_is_a_name_only_hit() -> None:
    verdict = verify(C1E1, c1e1_trace(carrier="", location_id=None, session="x"))
    assert verdict.tools.passed and verdict.tools.hits[1].name_only


def test_facts_must_be_present_and_equal_after_aliases() -> None:
    assert verify(C1E1, c1e1_trace(carrier="Aetna", location_id="Park Avenue")).tools.passed
    verdict = verify(C1E1, c1e1_trace(location_id="loc_park_ave"))
    assert not verdict.tools.passed


@pytest.mark.parametrize(("name", "prop"), [
    ("visit", {"type": "string", "enum": ["a", "b"], "x-kind": "prose"}),
    ("code", {"type": "string", "pattern": "^[a-z]+$", "x-kind": "prose"}),
    ("when", {"type": "string", "format": "date", "x-kind": "prose"}),
    ("at", {"type": "string", "format": "date-time", "x-kind": "prose"}),
    ("patient_id", {"type": "string", "x-kind": "prose"}),
    ("phone_e164", {"type": "string", "x-kind": "prose"}),
])
def test_enum_pattern_date_and_id_or_e164_keys_are_never_prose(name: str,
                                                               prop: dict[str, Any]) -> None:
    assert key_kind(name, PropertySchema.model_validate(prop)) == "fact"


def test_prose_ignores_wording_but_cannot_be_blank() -> None:
    intake = {"full_name": "Maya Ortiz", "phone_e164": "+12015550123",
              "practice_area": "personal_injury", "summary": "Rear-ended on Route 4."}
    expected = lock("legal", calls=[{"name": "create_intake", "parameters": intake}])
    reworded = {**intake, "summary": "Car crash, other driver at fault", "full_name": "M. O."}
    assert verify(expected, trace([call("create_intake", 1, **reworded)])).tools.passed
    blank = {**intake, "summary": ""}
    verdict = verify(expected, trace([call("create_intake", 1, **blank)]))
    assert not verdict.tools.passed
    assert verdict.tools.missing[0].nearest.mismatches[0].key == "summary"  # type: ignore[union-attr]


def test_park_avenue_alias_hits_and_park_avenue_office_in_manhattan_fails() -> None:
    assert verify(C1E1, c1e1_trace(carrier="aetna", location_id="Park Avenue")).tools.passed
    assert verify(C1E1, c1e1_trace(carrier="aetna", location_id="park ave.")).tools.passed
    assert not verify(C1E1, c1e1_trace(carrier="aetna",
                                       location_id="Park Avenue office in Manhattan")).tools.passed


def test_location_sets_are_exact_adding_windermere_to_a_park_avenue_search_fails() -> None:
    search = {"location_ids": ["loc_park_ave"], "visit_type": "new_patient", "date": "2026-12-03"}
    expected = lock("healthcare", calls=[{"name": "search_availability", "parameters": search}])
    same = {**search, "location_ids": ["Park Avenue"]}
    assert verify(expected, trace([call("search_availability", 1, **same)])).tools.passed
    wider = {**search, "location_ids": ["loc_park_ave", "loc_windermere"]}
    assert not verify(expected, trace([call("search_availability", 1, **wider)])).tools.passed


def test_carriers_collapse_to_slugs_blue_cross_blue_shield_is_bcbs() -> None:
    expected = lock("healthcare", calls=[{"name": "check_plan_accepted", "parameters": {
        "carrier": "bcbs", "location_id": "loc_windermere"}}])
    for spelling in ("Blue Cross Blue Shield", "BCBS", "blue cross/blue shield"):
        live = trace([call("check_plan_accepted", 1, carrier=spelling, location_id="Windermere")])
        assert verify(expected, live).tools.passed, spelling
    texas = trace([call("check_plan_accepted", 1, carrier="Blue Cross Blue Shield of Texas",
                        location_id="Windermere")])
    assert not verify(expected, texas).tools.passed


def test_phones_compare_digits() -> None:
    expected = lock("healthcare", calls=[{"name": "register_patient", "parameters": {
        "full_name": "Dana Whitfield", "date_of_birth": "1991-03-14",
        "phone_e164": "+19175550186"}}])
    live = trace([call("register_patient", 1, full_name="Dana Whitfield",
                       date_of_birth="1991-03-14", phone_e164="917.555.0186")])
    assert verify(expected, live).tools.passed


def test_an_expected_any_of_is_an_or() -> None:
    either = lock("healthcare", calls=[{"name": "check_plan_accepted", "parameters": {
        "carrier": "aetna", "location_id": {"any_of": ["loc_park_ave", "loc_riverdale"]}}}])
    for place in ("loc_park_ave", "Riverdale"):
        live = trace([call("check_plan_accepted", 1, carrier="aetna", location_id=place)])
        assert verify(either, live).tools.passed
    live = trace([call("check_plan_accepted", 1, carrier="aetna", location_id="loc_windermere")])
    assert not verify(either, live).tools.passed


def test_legal_opposing_party_okonkwo_matches_oconquo_new_cases_does_not() -> None:
    expected = lock("legal", calls=[{"name": "run_conflict_check",
                                     "parameters": {"opposing_party": "Daniel Okonkwo"}}])
    live = trace([call("run_conflict_check", 1, opposing_party="Daniel Oconquo")])
    assert verify(expected, live).tools.passed
    cases = lock("legal", calls=[{"name": "run_conflict_check",
                                  "parameters": {"opposing_party": "new cases intake"}}])
    assert not verify(cases, trace([call("run_conflict_check", 1,
                                         opposing_party="New cases")])).tools.passed


def test_legal_for_whom_uses_the_fuzzy_name_rule() -> None:
    params = {"full_name": "Ann Lee", "phone_e164": "+12015550100", "practice_area": "family",
              "summary": "custody", "for_whom": "Catherine Zhao"}
    expected = lock("legal", calls=[{"name": "create_intake", "parameters": params}])
    assert verify(expected, trace([call("create_intake", 1, **{
        **params, "for_whom": "Katherine Zhao"})])).tools.passed
    assert not verify(expected, trace([call("create_intake", 1, **{
        **params, "for_whom": "Katherine Chow"})])).tools.passed


def test_legal_full_name_is_presence_only() -> None:
    params = {"full_name": "Ann Lee", "phone_e164": "+12015550100", "practice_area": "family",
              "summary": "custody"}
    expected = lock("legal", calls=[{"name": "create_intake", "parameters": params}])
    live = trace([call("create_intake", 1, **{**params, "full_name": "Anne Leigh-Smith"})])
    assert verify(expected, live).tools.passed


def test_healthcare_full_name_is_exact_after_casefold() -> None:
    expected = lock("healthcare", calls=[{"name": "lookup_patient", "parameters": {
        "full_name": "Dana Whitfield", "date_of_birth": "1991-03-14"}}])
    same = trace([call("lookup_patient", 1, full_name="DANA WHITFIELD",
                       date_of_birth="1991-03-14")])
    assert verify(expected, same).tools.passed
    near = trace([call("lookup_patient", 1, full_name="Dana Whitfeld",
                       date_of_birth="1991-03-14")])
    assert not verify(expected, near).tools.passed


# --- handoff gate -------------------------------------------------------------------------

CS_PATH = ["transfer_to_identity", "transfer_to_billing"]


def test_expected_hops_in_order_as_a_subsequence_pass_and_extra_hops_are_permitted() -> None:
    expected = lock("customer_support", hops=CS_PATH)
    exact = trace([call("transfer_to_identity", 1), call("transfer_to_billing", 2)])
    assert verify(expected, exact).handoff.verdict == "exact"
    extras = trace([call("transfer_to_orders", 1), call("transfer_to_identity", 2),
                    call("transfer_to_reception", 3), call("transfer_to_billing", 4)])
    verdict = verify(expected, extras)
    assert verdict.handoff.passed and verdict.handoff.score == 1.0
    assert verdict.handoff.verdict == "in_order_with_extras"


def test_out_of_order_identity_billing_vs_billing_identity_consumes_one() -> None:
    verdict = verify(lock("customer_support", hops=CS_PATH),
                     trace([call("transfer_to_billing", 1), call("transfer_to_identity", 2)]))
    assert verdict.handoff.consumed == 1 and verdict.handoff.score == 0.5
    assert verdict.handoff.verdict == "incomplete" and not verdict.passed


def test_grouped_billing_first_is_resorted_by_start_offset_ms() -> None:
    grouped = {"tool_calls": {
        "transfer_to_billing": [{"arguments": {}, "output": {"ok": True}, "start_offset_ms": 9000}],
        "transfer_to_identity": [{"arguments": {}, "output": {"ok": True},
                                  "start_offset_ms": 2000}]}}
    verdict = verify(lock("customer_support", hops=CS_PATH), grouped)
    assert verdict.handoff.actual == CS_PATH and verdict.handoff.verdict == "exact"


def test_calls_without_offsets_keep_recorded_order_after_timed_calls() -> None:
    calls = [call("transfer_to_billing"), call("transfer_to_identity", 5)]
    verdict = verify(lock("customer_support", hops=CS_PATH), trace(calls))
    assert verdict.handoff.actual == CS_PATH


def test_repeating_a_hop_does_not_help_unless_the_lockfile_repeated_it() -> None:
    twice = lock("customer_support", hops=["transfer_to_identity", "transfer_to_identity"])
    once = trace([call("transfer_to_identity", 1)])
    assert verify(twice, once).handoff.consumed == 1
    again = trace([call("transfer_to_identity", 1), call("transfer_to_identity", 2)])
    assert verify(twice, again).handoff.passed
    single = lock("customer_support", hops=["transfer_to_identity"])
    assert verify(single, again).handoff.verdict == "in_order_with_extras"


def test_end_call_is_not_a_hop() -> None:
    verdict = verify(C1E1, trace([call("transfer_to_coverage", 1), call("end_call", 2)]))
    assert verdict.handoff.actual == ["transfer_to_coverage"]
    assert verdict.handoff.verdict == "exact"


def test_transfer_to_human_is_a_hop_in_healthcare() -> None:
    expected = lock("healthcare", hops=["transfer_to_human"])
    assert verify(expected, trace([call("transfer_to_human", 1)])).handoff.verdict == "exact"


def test_legal_escalate_to_human_is_not_a_hop_and_does_not_move_the_pointer() -> None:
    expected = lock("legal", hops=["transfer_to_intake"])
    verdict = verify(expected, trace([call("escalate_to_human", 1, reason="threat",
                                           urgency="high")]))
    assert verdict.handoff.actual == [] and verdict.handoff.consumed == 0


def test_a_longer_route_is_not_punished_by_the_binary_gate_only_by_the_verdict() -> None:
    calls = [call("transfer_to_scheduling", 1), call("transfer_to_coverage", 2),
             call("check_plan_accepted", 3, **PLAN)]
    verdict = verify(C1E1, trace(calls, seed_dump("healthcare")), discount=0.3)
    assert verdict.passed and verdict.r_eval == 1
    assert verdict.handoff.verdict == "in_order_with_extras" and verdict.r_train == 0.3


# --- rewards ------------------------------------------------------------------------------

@pytest.mark.parametrize(("calls", "r_eval", "r_train"), [
    ([call("transfer_to_coverage", 1), call("check_plan_accepted", 2, **PLAN)], 1, 1.0),
    ([call("transfer_to_scheduling", 1), call("transfer_to_coverage", 2),
      call("check_plan_accepted", 3, **PLAN)], 1, 0.25),
    ([call("check_plan_accepted", 2, **PLAN)], 0, 0.0),
    ([call("transfer_to_coverage", 1), call("check_plan_accepted", 2, carrier="aetna",
                                              location_id="loc_windermere")], 0, 0.0),
])
def test_r_train_for_each_verdict(calls: list[dict[str, Any]], r_eval: int, r_train: float) -> None:
    verdict = verify(C1E1, trace(calls), discount=0.25)
    assert (verdict.r_eval, verdict.r_train, verdict.discount) == (r_eval, r_train, 0.25)


def test_combined_pass_is_a_boolean_and_r_eval_ignores_the_discount() -> None:
    calls = [call("transfer_to_scheduling", 1), call("transfer_to_coverage", 2),
             call("check_plan_accepted", 3, **PLAN)]
    for discount in (0.0, 0.5, 1.0):
        verdict = verify(C1E1, trace(calls), discount=discount)
        assert verdict.passed is True and verdict.r_eval == 1 and verdict.r_train == discount


def test_verdict_dump_has_the_spec_fields() -> None:
    dumped = verify(C1E1, FIXTURES / "healthcare_C1-E1.windermere.json").model_dump()
    assert {"passed", "r_eval", "r_train", "discount", "tools", "handoff", "db"} <= set(dumped)
    assert set(dumped["tools"]) == {"passed", "score", "hits", "missing", "forbidden_extra"}
    assert set(dumped["handoff"]) == {"passed", "score", "verdict", "expected", "actual",
                                      "consumed"}
    assert set(dumped["db"]) == {"evaluated", "passed", "tables"}
    verdict = verify(C1E1, FIXTURES / "healthcare_C1-E1.windermere.json")
    as_json = json.loads(json.dumps(verdict.model_dump(mode="json")))
    assert Verdict.model_validate(as_json) == verdict  # a saved verdict loads back


def test_every_failure_is_explained_in_words() -> None:
    live = seed_dump("healthcare", waitlist=[WAIT])
    calls = [call("transfer_to_scheduling", 1),
             call("check_plan_accepted", 2, carrier="aetna", location_id="loc_windermere"),
             call("send_sms", 3, phone_e164="+19175550186", message="hi")]
    lines = verify(C1E1, trace(calls, live)).explain()
    text = "\n".join(lines)
    assert "missing check_plan_accepted" in text and "location_id" in text
    assert "forbidden extra send_sms" in text
    assert "H: expected hops ['transfer_to_coverage']" in text
    assert "waitlist" in text and "extra row" in text


# --- fidelity: each clause where an audit found rewards/ off the contract (issue 9) ---------

def test_we_flatten_them_and_sort_by_start_offset_ms_stably_ties_keep_flattened_order() -> None:
    tie = [{"arguments": {}, "output": {"ok": True}, "start_offset_ms": 5000}]
    grouped = {"tool_calls": {"transfer_to_identity": tie, "transfer_to_billing": tie}}
    verdict = verify(lock("customer_support", hops=CS_PATH), grouped)
    assert verdict.handoff.actual == CS_PATH and verdict.handoff.verdict == "exact"
    flat = trace([call("transfer_to_identity", 5000), call("transfer_to_billing", 5000)])
    assert verify(lock("customer_support", hops=CS_PATH), flat).handoff.actual == CS_PATH
    reverse = trace([call("transfer_to_billing", 5000), call("transfer_to_identity", 5000)])
    assert not verify(lock("customer_support", hops=CS_PATH), reverse).handoff.passed


DOB_LOCK = lock("healthcare", calls=[{"name": "lookup_patient", "parameters": {
    "full_name": "Dana Whitfield", "date_of_birth": "1991-03-14"}}])


DATE_SPOILERS = [lambda d: d + "garbage", lambda d: d + "T09:30Z", lambda d: d + " x",
                 lambda d: d.replace("-0", "-"), lambda d: d.replace("-", "")]


@pytest.mark.parametrize("spoil", DATE_SPOILERS)
def test_a_date_is_present_and_equal_the_whole_value_must_be_a_date(
        spoil: Callable[[str], str]) -> None:
    live = trace([call("lookup_patient", 1, full_name="Dana Whitfield",
                       date_of_birth=spoil("1991-03-14"))])
    assert not verify(DOB_LOCK, live).tools.passed
    dump = seed_dump("healthcare")
    dump["patients"][0] = {**dump["patients"][0],
                           "date_of_birth": spoil(dump["patients"][0]["date_of_birth"])}
    assert not verify(lock("healthcare"), trace([], dump)).db.passed
    padded = trace([call("lookup_patient", 1, full_name="Dana Whitfield",
                         date_of_birth=" 1991-03-14 ")])
    assert verify(DOB_LOCK, padded).tools.passed


@pytest.mark.parametrize("stamp", ["2026-12-03T15:30:00 EST", "2026-12-03 15:30 America/New_York",
                                   "2026-12-03T15:30:59Z", "2026-12-03T15:30:00-05:00 (EST)",
                                   "2026-12-03T15:30 UTC", "2026-12-03T15:30:00+0100"])
def test_seconds_and_timezone_are_dropped_offsets_and_zone_names_alike(stamp: str) -> None:
    assert _booked_at(stamp).db.passed
    book = lock("healthcare", calls=[{"name": "book_appointment", "parameters": {
        "patient_id": "pat_0001", "start_time": "2026-12-03T15:30"}}])
    assert verify(book, trace([call("book_appointment", 1, patient_id="pat_0001",
                                    start_time=stamp)])).tools.passed


@pytest.mark.parametrize("stamp", ["2026-12-03T03:30 PM", "2026-12-03T15:30 tomorrow",
                                   "2026-12-03", "2026-12-03T15", "2026-12-03T25:30"])
def test_anything_else_after_the_time_is_not_a_datetime(stamp: str) -> None:
    book = lock("healthcare", calls=[{"name": "book_appointment", "parameters": {
        "patient_id": "pat_0001", "start_time": "2026-12-03T15:30"}}])
    assert not verify(book, trace([call("book_appointment", 1, patient_id="pat_0001",
                                        start_time=stamp)])).tools.passed


def test_d_strings_are_stripped_and_casefolded_with_no_aliases() -> None:
    dump = seed_dump("healthcare")
    index = next(i for i, row in enumerate(dump["appointments"])
                 if row["location_id"] == "loc_riverdale")
    dump["appointments"][index] = {**dump["appointments"][index], "location_id": "Riverdale"}
    assert not verify(lock("healthcare"), trace([], dump)).db.passed
    dump["appointments"][index] = {**dump["appointments"][index], "location_id": " LOC_Riverdale"}
    assert verify(lock("healthcare"), trace([], dump)).db.passed
    cs = seed_dump("customer_support")
    cs["rmas"][0] = {**cs["rmas"][0], "reason": "faulty"}  # an alias of defective, in T only
    assert not verify(lock("customer_support"), trace([], cs)).db.passed


def test_customer_support_is_exact_on_every_write_table_undeclared_columns_count() -> None:
    for table in ("orders", "rmas", "refunds"):
        dump = seed_dump("customer_support")
        dump[table][0] = {**dump[table][0], "source": "phone"}
        verdict = verify(lock("customer_support"), trace([], dump))
        assert not verdict.db.passed, table
        assert verdict.db.tables[table].extra_rows[0]["source"] == "phone"
    healthcare = seed_dump("healthcare")
    healthcare["patients"][0] = {**healthcare["patients"][0], "created_at": "2026-11-30T10:00"}
    assert not verify(lock("healthcare"), trace([], healthcare)).db.passed


def test_remaining_strings_are_stripped_and_casefolded_inside_nested_json_values() -> None:
    dump = seed_dump("customer_support")
    order = dump["orders"][0]
    address = {key: f"  {value.upper()} " for key, value in
               reversed(order["shipping_address"].items())}
    items = [{**item, "sku": item["sku"].lower(), "qty": float(item["qty"])}
             for item in order["items"]]
    dump["orders"][0] = {**order, "shipping_address": address, "items": items}
    assert verify(lock("customer_support"), trace([], dump)).db.passed
    moved = {**order["shipping_address"], "line1": "2327 Cedar Dr"}
    dump["orders"][0] = {**order, "shipping_address": moved}
    verdict = verify(lock("customer_support"), trace([], dump))
    assert not verdict.db.passed
    assert verdict.db.tables["orders"].extra_rows[0]["shipping_address"]["line1"] == "2327 cedar dr"


@pytest.mark.parametrize(("expected", "live"), [("Sunrise Diner LLC", "Sunrise Diner"),
                                                 ("Unit 4 Intake", "Unit 4 Intake Co"),
                                                 ("new cases intake", "New cases")])
def test_new_cases_does_not_satisfy_new_cases_intake_no_token_is_dropped(expected: str,
                                                                         live: str) -> None:
    calls = [{"name": "run_conflict_check", "parameters": {"opposing_party": expected}}]
    for one, other in ((expected, live), (live, expected)):
        calls = [{"name": "run_conflict_check", "parameters": {"opposing_party": one}}]
        assert not verify(lock("legal", calls=calls), trace([call(
            "run_conflict_check", 1, opposing_party=other)])).tools.passed
    intake = {**INTAKE, "opposing_party": expected}
    live_row = {**intake, "intake_id": "int_0009", "opposing_party": live}
    assert not verify(lock("legal", db={"intakes": [intake]}),
                      trace([], seed_dump("legal", intakes=[live_row]))).db.passed


def test_legal_full_name_is_presence_only_in_every_legal_tool() -> None:
    expected = lock("legal", calls=[{"name": "lookup_client", "parameters": {
        "full_name": "Daniel Okonkwo", "phone_e164": "+12015550100"}}])
    live = trace([call("lookup_client", 1, full_name="Someone Else Entirely",
                       phone_e164="+12015550100")])
    assert verify(expected, live).tools.passed


def _x_matches() -> list[tuple[str, str, str, str | None]]:
    from rewards import load_industry
    from rewards.industry import industry_names

    found = []
    for industry in industry_names():
        for tool, spec in load_industry(industry).tools.items():
            for key, prop in spec.parameters.properties.items():
                found.append((industry, tool, key, prop.x_match))
    return found


def test_every_x_match_follows_the_contract_list() -> None:
    """'Legal opposing_party and for_whom use token-level Levenshtein ... Legal full_name is
    presence-only. Healthcare full_name is exact after casefold.' Anything else: fact or prose."""
    for industry, tool, key, match in _x_matches():
        where = f"{industry}.{tool}.{key}"
        fuzzy_keys = {"opposing_party", "for_whom"}
        if industry == "legal" and key in fuzzy_keys:
            assert match == "fuzzy_name", where
        else:
            assert match != "fuzzy_name", where
        if industry == "legal" and key == "full_name":
            assert match == "presence", where
        if industry == "healthcare" and key == "full_name":
            assert match == "casefold", where
        if match == "presence":  # prose-like: only a person's name as the caller gives it
            assert industry == "legal" and key in {"full_name", "caller_name"}, where
        if match == "digits":
            assert key.endswith("_e164") or "phone" in key, where


@pytest.mark.parametrize(("path", "value"), [
    (("tool_calls", 0, "start_offset_ms"), True),
    (("tool_calls", 0, "start_offset_ms"), "100"),
    (("tool_calls", 0, "output", "ok"), "true"),
])
def test_a_bool_or_string_where_the_format_says_number_is_bad_input(
        path: tuple[Any, ...], value: Any, tmp_path: Path) -> None:
    from mivas_env.cli import main
    from rewards import InputFormatError

    data: dict[str, Any] = trace([call("transfer_to_coverage", 100)])
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    if path[-2] == "output":
        bad_lock = json.loads(C1E1.read_text())
        bad_lock["exp_tool_calls"][0]["output"] = {"ok": value}
        with pytest.raises(InputFormatError) as lock_error:
            verify(bad_lock, trace([]))
        assert "exp_tool_calls[0].output.ok" in str(lock_error.value)
        return
    with pytest.raises(InputFormatError) as error:
        verify(C1E1, data)
    assert "$.tool_calls[0].start_offset_ms" in str(error.value)
    file = tmp_path / "trace.json"
    file.write_text(json.dumps(data))
    assert main(["verify", str(C1E1), str(file)]) == 2


def test_ok_null_is_not_recorded_on_either_side() -> None:
    """An output {"ok": null} says nothing, in the lockfile and in the trace alike."""
    gold = {"carrier": "aetna", "location_id": "loc_park_ave"}
    null_lock = lock("healthcare", calls=[{"name": "check_plan_accepted", "parameters": gold,
                                           "output": {"ok": None}}])
    for live_ok in (True, False, None):
        live = trace([call("check_plan_accepted", 1, {"ok": live_ok}, **gold)])
        assert verify(null_lock, live).tools.passed, live_ok
    true_lock = lock("healthcare", calls=[{"name": "check_plan_accepted", "parameters": gold,
                                           "output": {"ok": True, "error_code": None}}])
    live = trace([call("check_plan_accepted", 1, {"ok": None, "error_code": None}, **gold)])
    assert verify(true_lock, live).tools.passed
    refused = trace([call("check_plan_accepted", 1, {"ok": False}, **gold)])
    assert not verify(true_lock, refused).tools.passed


def test_a_limit_hit_inside_validation_raises_its_error_class_by_type() -> None:
    from rewards import LimitExceededError
    from rewards.limits import restore_limits, set_limits

    previous = set_limits(max_calls=2, max_dump_rows=3)
    try:
        with pytest.raises(LimitExceededError):
            verify(C1E1, trace([call("end_call", i) for i in range(3)]))
        with pytest.raises(LimitExceededError):
            verify(C1E1, trace([], seed_dump("healthcare")))
    finally:
        restore_limits(previous)


def test_a_call_the_environment_honored_cannot_be_scored_as_missing() -> None:
    """'We apply the same aliases the tool server already accepts': the server's name lookup
    compares with the grader's normaliser, so it refuses what T would miss."""
    from mivas_env.industries.healthcare import HealthcareServer

    patient = load_seed("healthcare")["patients"][0]
    first, last = patient["full_name"].split(" ", 1)
    expected = lock("healthcare", calls=[{"name": "lookup_patient", "parameters": {
        "full_name": patient["full_name"], "date_of_birth": patient["date_of_birth"]},
        "output": {"ok": True}}])
    for spelling in (f"{first}-{last}", f"{first}{last}", f" {first.upper()}  {last} "):
        output = HealthcareServer().call("lookup_patient", {
            "full_name": spelling, "date_of_birth": patient["date_of_birth"]})
        hit = verify(expected, trace([call("lookup_patient", 1, {"ok": output["ok"]},
                                           full_name=spelling,
                                           date_of_birth=patient["date_of_birth"])])
                     ).tools.passed
        assert hit == output["ok"], spelling
