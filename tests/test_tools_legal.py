"""The legal tool server (Brennan & Adeyemi LLP): every tool's happy path and error codes, alias
spellings, write-table discipline, seed immutability and deterministic ids."""

from __future__ import annotations

import copy
import importlib.util
import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from mivas_env.industries.base import Database
from mivas_env.industries.legal import LegalServer
from rewards.industry import load_industry, load_seed
from tests.helpers import error, ok

ROOT = Path(__file__).resolve().parent.parent
PHONE = "+12125550188"
AREAS = {"personal_injury", "employment", "family", "estate_planning", "criminal_defense",
         "immigration"}


@pytest.fixture
def server() -> LegalServer:
    return LegalServer(Database(load_seed("legal")))


def intake(server: LegalServer, **overrides: Any) -> str:
    arguments = {"full_name": "Dana Ruiz", "phone_e164": PHONE,
                 "practice_area": "personal_injury", "incident_date": "2026-10-02",
                 "opposing_party": "Harold Jennings", "summary": "Rear-ended at a light."}
    arguments.update(overrides)
    intake_id: str = ok(server, "create_intake", **arguments)["intake_id"]
    return intake_id


def free_slot(server: LegalServer, attorney_id: str, day: str) -> str:
    data = ok(server, "check_attorney_availability", date=day, attorney_id=attorney_id)
    slots: list[str] = data["attorneys"][0]["free_start_times"]
    assert slots, f"{attorney_id} has no free slot on {day}"
    return slots[0]


# --- the industry definition and the seed ------------------------------------------------------

def test_industry_validates_with_the_fixed_vocabulary() -> None:
    industry = load_industry("legal")
    assert industry.entry_node == "reception"
    assert set(industry.nodes) == {"reception", "intake", "scheduling"}
    assert set(industry.transfer_tools) == {"transfer_to_reception", "transfer_to_intake",
                                            "transfer_to_scheduling"}
    assert industry.forbidden_unless_expected == []
    assert industry.terminal_tools == ["end_call"]
    assert industry.business.today == "2026-12-01"
    escalate = industry.tools["escalate_to_human"]
    assert escalate.access == "write" and escalate.writes == ["escalations"]
    assert "escalate_to_human" not in industry.transfer_tools
    assert set(industry.tools["end_call"].nodes) == set(industry.nodes)
    create = industry.tools["create_intake"].parameters.properties
    assert set(create) == {"full_name", "phone_e164", "practice_area", "incident_date",
                           "opposing_party", "for_whom", "summary"}
    assert set(create["practice_area"].enum or ()) == AREAS
    assert industry.tools["escalate_to_human"].parameters.properties["urgency"].enum == [
        "low", "normal", "high", "emergency"]


def test_reception_reaches_every_specialist() -> None:
    industry = load_industry("legal")
    assert set(industry.nodes["reception"].transfers) == {"transfer_to_intake",
                                                          "transfer_to_scheduling"}
    for name, tool in industry.tools.items():
        if tool.access == "session":
            assert set(tool.parameters.properties) == {"handoff_summary"}, name


def test_every_property_is_described_bounded_and_annotated() -> None:
    industry = load_industry("legal")
    for tool_name, tool in industry.tools.items():
        for key, prop in tool.parameters.properties.items():
            where = f"{tool_name}.{key}"
            assert prop.description, where
            if key.endswith("_id"):
                assert prop.pattern, where
            if prop.type == "string" and not (prop.enum or prop.pattern or prop.format):
                assert prop.maxLength, where
            if key in {"opposing_party", "for_whom"}:
                assert prop.x_match == "fuzzy_name", where
            if key in {"incident_date", "date"}:
                assert prop.format == "date", where
            if key == "start_time":
                assert prop.format == "date-time", where


def test_write_tables_follow_the_contract() -> None:
    industry = load_industry("legal")
    tables = industry.write_tables
    assert set(tables) == {"intakes", "escalations", "messages", "notes", "documents", "holds",
                           "evaluations"}
    for name, rule in tables.items():
        assert rule.rule == "constrained", name
        assert rule.extra_rows is (name not in {"intakes", "escalations"}), name
        assert all(col.blank_unconstrained for col in rule.columns.values()), name
    intakes = tables["intakes"]
    assert intakes.columns["full_name"].match == "presence"
    assert intakes.columns["opposing_party"].match == "fuzzy_name"
    assert intakes.columns["for_whom"].match == "fuzzy_name"
    assert intakes.columns["practice_area"].type == "enum"
    assert {"intake_id", "summary"} <= set(intakes.ignore_columns)


def test_seed_holds_the_catalog_and_empty_write_tables() -> None:
    industry = load_industry("legal")
    seed = load_seed("legal")
    for table in (*industry.write_tables, *industry.catalog_tables):
        assert table in seed, table
    assert all(seed[table] == [] for table in industry.write_tables)
    assert len(seed["attorneys"]) >= 6
    assert {row["attorney_id"] for row in seed["attorneys"]} >= {f"att_0{i}" for i in range(1, 7)}
    assert set().union(*(row["practice_areas"] for row in seed["attorneys"])) == AREAS
    assert len(seed["clients"]) >= 30
    client_ids = {row["client_id"] for row in seed["clients"]}
    assert {row["client_id"] for row in seed["matters"]} == client_ids
    assert any(row["name"] == "Daniel Okonkwo" for row in seed["adverse_parties"])
    rule_states = {row["state"] for row in seed["limitation_rules"]}
    assert {"NY", "NJ", "CT", "PA", "CA"} <= rule_states
    assert "Dana Ruiz" not in {row["full_name"] for row in seed["clients"]}


def test_seed_script_reproduces_the_committed_seed() -> None:
    spec = importlib.util.spec_from_file_location("legal_seed", ROOT / "scripts/seeds/legal.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = json.loads((ROOT / "tasks/legal/seed.json").read_text(encoding="utf-8"))
    assert module.build() == committed


# --- reception tools ------------------------------------------------------------------------------

def test_lookup_client_verifies_the_phone_on_file(server: LegalServer) -> None:
    client = load_seed("legal")["clients"][0]
    data = ok(server, "lookup_client", full_name=client["full_name"].upper(),
              phone_e164=client["phone_e164"])
    assert data["client_id"] == client["client_id"]
    assert data["matters"] and all(m["attorney_name"] for m in data["matters"])
    assert error(server, "lookup_client", full_name=client["full_name"],
                 phone_e164="+12015550100") == "identity_not_verified"
    assert error(server, "lookup_client", full_name="Rebecca Thornton",
                 phone_e164=client["phone_e164"]) == "not_found"


def test_lookup_client_accepts_a_spelling_variant_and_a_formatted_phone(
        server: LegalServer) -> None:
    zhao = next(c for c in load_seed("legal")["clients"] if c["full_name"] == "Katherine Zhao")
    national = zhao["phone_e164"][2:]
    formatted = f"({national[:3]}) {national[3:6]}-{national[6:]}"
    data = ok(server, "lookup_client", full_name="Catherine Zhao", phone_e164=formatted)
    assert data["client_id"] == zhao["client_id"]


def test_list_attorneys_filters_by_area_and_office_aliases(server: LegalServer) -> None:
    everyone = ok(server, "list_attorneys")
    assert len(everyone) == len(load_seed("legal")["attorneys"])
    immigration = ok(server, "list_attorneys", practice_area="Immigration Law")
    assert immigration and all("immigration" in a["practice_areas"] for a in immigration)
    newark = ok(server, "list_attorneys", office_id="Newark office")
    assert newark and all(a["office_id"] == "ofc_newark" for a in newark)
    both = ok(server, "list_attorneys", practice_area="wills and trusts", office_id="Manhattan")
    assert [a["attorney_id"] for a in both] == ["att_06"]
    assert ok(server, "list_attorneys", practice_area="criminal_defense",
              office_id="ofc_newark")[0]["attorney_id"] == "att_07"


def test_take_message(server: LegalServer) -> None:
    data = ok(server, "take_message", for_attorney_id="att_03", caller_name="Dana Ruiz",
              phone_e164="212-555-0188", message="Please call me about my severance offer.")
    assert data == {"message_id": "msg_0001", "for_attorney": "Rachel Kessler"}
    assert server.db.rows("messages") == [{
        "message_id": "msg_0001", "for_attorney_id": "att_03", "caller_name": "Dana Ruiz",
        "phone_e164": PHONE, "message": "Please call me about my severance offer."}]
    assert error(server, "take_message", for_attorney_id="att_99", caller_name="Dana Ruiz",
                 phone_e164=PHONE, message="Hello") == "not_found"


def test_escalate_to_human_once_per_call(server: LegalServer) -> None:
    data = ok(server, "escalate_to_human", reason="Caller's son was arrested tonight.",
              urgency="emergency")
    assert data["escalation_id"] == "esc_0001"
    assert server.db.rows("escalations") == [{
        "escalation_id": "esc_0001", "reason": "Caller's son was arrested tonight.",
        "urgency": "emergency"}]
    assert error(server, "escalate_to_human", reason="Again", urgency="high") == "already_exists"
    assert error(server, "escalate_to_human", reason="x", urgency="urgent") == "invalid_argument"


# --- intake tools ----------------------------------------------------------------------------

@pytest.mark.parametrize(("area", "state", "incident", "deadline", "remaining", "passed"), [
    ("personal_injury", "NY", "2024-03-15", "2027-03-15", 104, False),
    ("personal_injury", "NJ", "2024-03-15", "2026-03-15", -261, True),
    ("personal_injury", "CA", "2024-12-01", "2026-12-01", 0, False),
    ("employment", "CT", "2026-03-15", "2027-01-09", 39, False),
    ("employment", "PA", "2026-06-01", "2026-11-28", -3, True),
    ("criminal_defense", "NJ", "2026-11-20", "2027-01-04", 34, False),
    ("immigration", "TX", "2026-01-10", "2027-01-10", 40, False),
    ("personal_injury", "PA", "2024-02-29", "2026-02-28", -276, True),
])
def test_check_filing_deadline_computes_from_the_rule(
        server: LegalServer, area: str, state: str, incident: str, deadline: str,
        remaining: int, passed: bool) -> None:
    data = ok(server, "check_filing_deadline", practice_area=area, state=state,
              incident_date=incident)
    assert (data["deadline"], data["days_remaining"], data["passed"]) == (
        deadline, remaining, passed)
    assert data["has_deadline"] is True


def test_check_filing_deadline_without_a_deadline_and_its_errors(server: LegalServer) -> None:
    data = ok(server, "check_filing_deadline", practice_area="family", state="NY",
              incident_date="2026-05-01")
    assert data["has_deadline"] is False and data["deadline"] is None
    assert error(server, "check_filing_deadline", practice_area="personal_injury", state="FL",
                 incident_date="2026-05-01") == "unsupported_state"
    assert error(server, "check_filing_deadline", practice_area="personal_injury", state="NY",
                 incident_date="2026-12-02") == "invalid_argument"
    assert error(server, "check_filing_deadline", practice_area="car accident", state="NY",
                 incident_date="2026-05-01") == "invalid_argument"
    assert error(server, "check_filing_deadline", practice_area="personal_injury",
                 state="New York City", incident_date="2026-05-01") == "invalid_argument"


@pytest.mark.parametrize(("area", "state"), [
    ("PI", "New York"), ("personal injury", "N.Y."), ("Personal Injury", "ny"),
    ("personal_injury", "new york state"),
])
def test_check_filing_deadline_accepts_alias_spellings(
        server: LegalServer, area: str, state: str) -> None:
    data = ok(server, "check_filing_deadline", practice_area=area, state=state,
              incident_date="2025-01-01")
    assert (data["practice_area"], data["state"]) == ("personal_injury", "NY")


@pytest.mark.parametrize(("opposing", "conflict", "relations"), [
    ("Daniel Oconquo", False, ["adverse_party"]),       # near-spelling of an adverse party
    ("Daniel Okonkwo", False, ["adverse_party"]),
    ("Catherine Zhao", True, ["client"]),               # near-spelling of a client
    ("Zhao, Katherine", True, ["client"]),
    ("Conor Walsh", True, ["client"]),
    ("Michael Chen", False, ["adverse_party"]),         # not the client Michelle Chen
    ("Michelle Chen", True, ["client"]),
    ("Luis Hernandez", False, []),                       # not the client Luis Fernandez
    ("Daniel Okafur", False, []),
    ("Bayline Logistics Incorporated", True, ["client"]),
    ("Harold Jennings", False, []),
])
def test_run_conflict_check_uses_the_fuzzy_name_rule(
        server: LegalServer, opposing: str, conflict: bool, relations: list[str]) -> None:
    data = ok(server, "run_conflict_check", opposing_party=opposing)
    assert data["conflict"] is conflict
    assert [hit["relation"] for hit in data["matches"]] == relations


def test_create_intake_writes_a_new_row(server: LegalServer) -> None:
    data = ok(server, "create_intake", full_name="Dana Ruiz", phone_e164="(212) 555-0188",
              practice_area="PI", incident_date="2026-10-02", opposing_party="Daniel Oconquo",
              for_whom="Maya Ruiz", summary="Her daughter was hit by a car.")
    assert data == {"intake_id": "int_0001", "status": "new", "practice_area": "personal_injury"}
    assert server.db.rows("intakes") == [{
        "intake_id": "int_0001", "full_name": "Dana Ruiz", "phone_e164": PHONE,
        "practice_area": "personal_injury", "incident_date": "2026-10-02",
        "opposing_party": "Daniel Oconquo", "for_whom": "Maya Ruiz",
        "summary": "Her daughter was hit by a car.", "status": "new"}]


def test_create_intake_without_incident_or_opponent(server: LegalServer) -> None:
    ok(server, "create_intake", full_name="Ruth Feld", phone_e164=PHONE,
       practice_area="Wills & Trusts", summary="Wants a will and a health care proxy.")
    row = server.db.rows("intakes")[0]
    assert row["practice_area"] == "estate_planning"
    assert row["incident_date"] is None and row["opposing_party"] is None
    assert row["for_whom"] is None


def test_create_intake_refuses_an_opponent_who_is_a_client(server: LegalServer) -> None:
    for opposing in ("Catherine Zhao", "Bayline Logistics", "Ferrante Construction Company"):
        assert error(server, "create_intake", full_name="Dana Ruiz", phone_e164=PHONE,
                     practice_area="employment", opposing_party=opposing,
                     summary="Fired after complaining.") == "conflict"
    assert server.db.rows("intakes") == []


def test_create_intake_other_errors(server: LegalServer) -> None:
    assert error(server, "create_intake", full_name="Dana Ruiz", phone_e164=PHONE,
                 practice_area="personal_injury", incident_date="2027-01-05",
                 summary="Future.") == "invalid_argument"
    assert error(server, "create_intake", full_name="Dana Ruiz", phone_e164="call me",
                 practice_area="personal_injury", summary="x") == "invalid_argument"
    assert error(server, "create_intake", full_name="Dana Ruiz", phone_e164=PHONE,
                 summary="x") == "invalid_argument"
    intake(server)
    assert error(server, "create_intake", full_name="Dana Ruiz", phone_e164=PHONE,
                 practice_area="personal injury", summary="Same again.") == "already_exists"
    intake(server, for_whom="Maya Ruiz")  # a second person's matter is a new intake
    assert len(server.db.rows("intakes")) == 2


def test_request_documents(server: LegalServer) -> None:
    intake_id = intake(server)
    data = ok(server, "request_documents", reference_id=intake_id,
              document_type="police_report", delivery="upload_link_sms")
    assert data["doc_id"] == "doc_0001" and PHONE in data["instructions"]
    ok(server, "request_documents", reference_id="cli_0001", document_type="pay_records",
       delivery="mail")
    assert server.db.rows("documents") == [
        {"doc_id": "doc_0001", "reference_id": intake_id, "document_type": "police_report",
         "delivery": "upload_link_sms", "phone_e164": PHONE, "status": "requested"},
        {"doc_id": "doc_0002", "reference_id": "cli_0001", "document_type": "pay_records",
         "delivery": "mail", "phone_e164": None, "status": "requested"}]
    assert error(server, "request_documents", reference_id="int_0042",
                 document_type="photos", delivery="mail") == "not_found"
    assert error(server, "request_documents", reference_id="hold_0001",
                 document_type="photos", delivery="mail") == "invalid_argument"


def test_request_documents_by_text_needs_a_phone() -> None:
    seed = load_seed("legal")
    clients = [{**row, "phone_e164": ""} if row["client_id"] == "cli_0001" else row
               for row in seed["clients"]]
    server = LegalServer(Database({**seed, "clients": clients}))
    assert error(server, "request_documents", reference_id="cli_0001",
                 document_type="photos", delivery="upload_link_sms") == "invalid_argument"
    ok(server, "request_documents", reference_id="cli_0001", document_type="photos",
       delivery="upload_link_sms", phone_e164=PHONE)


def test_request_case_evaluation(server: LegalServer) -> None:
    intake_id = intake(server)
    data = ok(server, "request_case_evaluation", intake_id=intake_id,
              notes="Police report exists.")
    assert (data["eval_id"], data["attorney_id"]) == ("eval_0001", "att_01")
    assert server.db.rows("evaluations") == [{
        "eval_id": "eval_0001", "intake_id": intake_id, "attorney_id": "att_01",
        "practice_area": "personal_injury", "notes": "Police report exists.",
        "status": "requested"}]
    assert error(server, "request_case_evaluation", intake_id=intake_id) == "already_exists"
    other = intake(server, for_whom="Maya Ruiz")
    assert error(server, "request_case_evaluation", intake_id=other,
                 attorney_id="att_05") == "not_eligible"
    assert error(server, "request_case_evaluation", intake_id=other,
                 attorney_id="att_42") == "not_found"
    assert error(server, "request_case_evaluation", intake_id="int_0099") == "not_found"
    assert ok(server, "request_case_evaluation", intake_id=other,
              attorney_id="att_02")["attorney_id"] == "att_02"


def test_add_note(server: LegalServer) -> None:
    intake_id = intake(server)
    for reference in (intake_id, "cli_0002", "mat_0002"):
        ok(server, "add_note", reference_id=reference, note="Prefers calls after 5 PM.")
    assert [row["note_id"] for row in server.db.rows("notes")] == [
        "note_0001", "note_0002", "note_0003"]
    assert server.db.rows("notes")[0] == {"note_id": "note_0001", "reference_id": intake_id,
                                          "note": "Prefers calls after 5 PM."}
    assert error(server, "add_note", reference_id="cli_0999", note="x") == "not_found"
    assert error(server, "add_note", reference_id="hold_0001", note="x") == "not_found"
    assert error(server, "add_note", reference_id="client 7", note="x") == "invalid_argument"


# --- scheduling tools ------------------------------------------------------------------------

def test_check_attorney_availability(server: LegalServer) -> None:
    data = ok(server, "check_attorney_availability", date="2026-12-03",
              practice_area="personal injury")
    assert [a["attorney_id"] for a in data["attorneys"]] == ["att_01", "att_02"]
    brennan = data["attorneys"][0]["free_start_times"]
    blocks = [b for b in load_seed("legal")["calendar_blocks"]
              if b["attorney_id"] == "att_01" and b["start_time"].startswith("2026-12-03")]
    assert brennan and all(not (b["start_time"] < f"{slot[:11]}{int(slot[11:13]) + 1:02d}"
                                f"{slot[13:]}" and slot < b["end_time"])
                           for slot in brennan for b in blocks)
    assert data["attorneys"][1]["free_start_times"] == []  # Adeyemi sees no one on Thursdays
    assert error(server, "check_attorney_availability", date="2026-12-03",
                 attorney_id="att_99") == "not_found"
    assert error(server, "check_attorney_availability", date="2026-12-03",
                 attorney_id="att_05", practice_area="employment") == "not_eligible"
    assert error(server, "check_attorney_availability",
                 date="2026-12-01") == "outside_booking_window"
    assert error(server, "check_attorney_availability",
                 date="2027-03-15") == "outside_booking_window"
    assert error(server, "check_attorney_availability", date="2026-12-25") == "outside_hours"


def test_hold_consultation_and_its_errors(server: LegalServer) -> None:
    intake_id = intake(server)
    slot = free_slot(server, "att_01", "2026-12-03")
    data = ok(server, "hold_consultation", attorney_id="att_01", start_time=slot + ":00-05:00",
              practice_area="PI", caller_name="Dana Ruiz", phone_e164=PHONE,
              intake_id=intake_id)
    assert (data["hold_id"], data["start_time"]) == ("hold_0001", slot)
    row = server.db.rows("holds")[0]
    assert row["status"] == "held" and row["practice_area"] == "personal_injury"
    assert row["end_time"][11:13] == f"{int(slot[11:13]) + 1:02d}"
    assert slot not in free_slot(server, "att_01", "2026-12-03")
    assert error(server, "hold_consultation", attorney_id="att_01", start_time=slot,
                 practice_area="personal_injury") == "conflict"
    block = next(b for b in load_seed("legal")["calendar_blocks"] if b["attorney_id"] == "att_04")
    assert error(server, "hold_consultation", attorney_id="att_04",
                 start_time=block["start_time"], practice_area="immigration") == "conflict"
    assert error(server, "hold_consultation", attorney_id="att_01",
                 start_time="2026-12-07T10:00", practice_area="personal_injury") == "outside_hours"
    assert error(server, "hold_consultation", attorney_id="att_01",
                 start_time="2026-12-03T11:30", practice_area="personal_injury") == "outside_hours"
    assert error(server, "hold_consultation", attorney_id="att_01",
                 start_time="2026-12-24T10:00", practice_area="personal_injury") == "outside_hours"
    assert error(server, "hold_consultation", attorney_id="att_01",
                 start_time="2026-12-01T10:00",
                 practice_area="personal_injury") == "outside_booking_window"
    assert error(server, "hold_consultation", attorney_id="att_05",
                 start_time="2026-12-08T10:00", practice_area="employment") == "not_eligible"
    assert error(server, "hold_consultation", attorney_id="att_77",
                 start_time="2026-12-08T10:00", practice_area="family") == "not_found"
    assert error(server, "hold_consultation", attorney_id="att_01", start_time=slot,
                 practice_area="personal_injury", intake_id="int_0077") == "not_found"
    assert error(server, "hold_consultation", attorney_id="att_01", start_time="tomorrow 10am",
                 practice_area="personal_injury") == "invalid_argument"
    assert len(server.db.rows("holds")) == 1


def test_release_hold_frees_the_slot(server: LegalServer) -> None:
    slot = free_slot(server, "att_05", "2026-12-08")
    hold_id = ok(server, "hold_consultation", attorney_id="att_05", start_time=slot,
                 practice_area="family law")["hold_id"]
    assert ok(server, "release_hold", hold_id=hold_id) == {"hold_id": hold_id,
                                                          "status": "released"}
    assert server.db.rows("holds")[0]["status"] == "released"
    assert error(server, "release_hold", hold_id=hold_id) == "already_released"
    assert error(server, "release_hold", hold_id="hold_0099") == "not_found"
    again = ok(server, "hold_consultation", attorney_id="att_05", start_time=slot,
               practice_area="matrimonial")
    assert again["hold_id"] == "hold_0002"
    assert ok(server, "add_note", reference_id=hold_id, note="Released at caller's request.")


# --- discipline: write tables, the seed, ids ----------------------------------------------------

READ_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("lookup_client", {"full_name": "Katherine Zhao", "phone_e164": "+17185550131"}),
    ("list_attorneys", {"practice_area": "family"}),
    ("check_attorney_availability", {"date": "2026-12-09"}),
    ("check_filing_deadline", {"practice_area": "employment", "state": "NJ",
                               "incident_date": "2025-06-01"}),
    ("run_conflict_check", {"opposing_party": "Daniel Okonkwo"}),
]


def _scenario(server: LegalServer) -> None:
    """A call that touches every write tool (including an update)."""
    intake_id = intake(server)
    ok(server, "take_message", for_attorney_id="att_02", caller_name="Dana Ruiz",
       phone_e164=PHONE, message="Call back please.")
    ok(server, "add_note", reference_id=intake_id, note="Speaks Spanish at home.")
    ok(server, "request_documents", reference_id=intake_id, document_type="photos",
       delivery="upload_link_sms")
    ok(server, "request_case_evaluation", intake_id=intake_id)
    hold_id = ok(server, "hold_consultation", attorney_id="att_01",
                 start_time=free_slot(server, "att_01", "2026-12-10"),
                 practice_area="personal_injury", intake_id=intake_id)["hold_id"]
    ok(server, "release_hold", hold_id=hold_id)
    ok(server, "escalate_to_human", reason="Caller is distressed.", urgency="high")


def test_only_write_tools_change_write_tables(server: LegalServer) -> None:
    industry = load_industry("legal")
    tables = list(industry.write_tables)
    _scenario(server)
    before = server.db.dump(tables)
    for tool, arguments in READ_CALLS:
        assert industry.tools[tool].access == "read"
        ok(server, tool, **arguments)
    assert server.db.dump(tables) == before
    assert {tool for tool, _ in READ_CALLS} == {
        name for name, tool in industry.tools.items() if tool.access == "read"}


def test_write_tools_touch_only_their_declared_tables_and_columns() -> None:
    industry = load_industry("legal")
    server = LegalServer(Database(load_seed("legal")))
    _scenario(server)
    for table, rule in industry.write_tables.items():
        rows = server.db.rows(table)
        assert rows, f"the scenario leaves no row in {table}"
        declared = set(rule.columns) | set(rule.ignore_columns)
        for row in rows:
            assert set(row) <= declared, (table, set(row) - declared)
    writers = {t for tool in industry.tools.values() for t in tool.writes}
    assert writers == set(industry.write_tables)


def test_the_seed_is_never_mutated() -> None:
    seed = load_seed("legal")
    snapshot = copy.deepcopy(seed)
    for _ in range(2):
        server = LegalServer(Database(seed))
        _scenario(server)
        for tool, arguments in READ_CALLS:
            data = server.call(tool, arguments)
            if isinstance(data.get("data"), list):
                for item in data["data"]:
                    item["practice_areas"].append("tampered")
    assert seed == snapshot


def test_ids_are_sequential_and_deterministic() -> None:
    def run() -> dict[str, list[dict[str, Any]]]:
        server = LegalServer(Database(load_seed("legal")))
        _scenario(server)
        intake(server, for_whom="Maya Ruiz")
        return server.db.dump(list(load_industry("legal").write_tables))

    first, second = run(), run()
    assert first == second
    assert [row["intake_id"] for row in first["intakes"]] == ["int_0001", "int_0002"]
    assert first["escalations"][0]["escalation_id"] == "esc_0001"
    assert first["messages"][0]["message_id"] == "msg_0001"
    assert first["holds"][0]["hold_id"] == "hold_0001"
    assert first["notes"][0]["note_id"] == "note_0001"
    assert first["documents"][0]["doc_id"] == "doc_0001"
    assert first["evaluations"][0]["eval_id"] == "eval_0001"


def test_session_tools_are_not_run_by_the_server(server: LegalServer) -> None:
    for name in ("transfer_to_intake", "end_call"):
        assert server.call(name, {"handoff_summary": "x"})["error_code"] == "unknown_tool"
    assert server.call_session("transfer_to_intake", {"handoff_summary": "PI caller"})["ok"]


def test_today_is_the_business_date(server: LegalServer) -> None:
    assert server.today == "2026-12-01"
    assert date.fromisoformat(server.today).weekday() == 1  # a Tuesday
    tomorrow = (date(2026, 12, 1) + timedelta(days=1)).isoformat()
    assert ok(server, "check_attorney_availability", date=tomorrow)["date"] == tomorrow


@pytest.mark.parametrize(("table", "spelling", "canonical"), [
    ("practice_area", "Personal Injury", "personal_injury"),
    ("practice_area", "P.I.", "personal_injury"),
    ("practice_area", "PI", "personal_injury"),
    ("practice_area", "Labor & Employment", "employment"),
    ("practice_area", "matrimonial", "family"),
    ("practice_area", "Trusts & Estates", "estate_planning"),
    ("practice_area", "criminal defence", "criminal_defense"),
    ("practice_area", "car accident", None),
    ("practice_area", "divorce", None),
    ("practice_area", "deportation", None),
    ("state", "New Jersey", "NJ"),
    ("state", "N.J.", "NJ"),
    ("state", "connecticut", "CT"),
    ("state", "Pennsylvania", "PA"),
    ("state", "California", "CA"),
    ("state", "New York City", None),
    ("state", "Washington", None),
    ("state", "Washington D.C.", "DC"),
    ("office", "Manhattan office", "ofc_manhattan"),
    ("office", "the Manhattan office on William Street", None),
    ("office", "Newark", "ofc_newark"),
])
def test_alias_tables_name_only_unambiguous_spellings(
        table: str, spelling: str, canonical: str | None) -> None:
    assert load_industry("legal").resolve_alias(table, spelling) == canonical
