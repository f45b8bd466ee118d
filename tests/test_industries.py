"""Industry definitions and seeds: schema-valid, the fixed vocabulary of the shipped three, real sizes."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from rewards import load_industry, load_seed, tasks_dir
from rewards.industry import Industry, industry_names

SCHEMA = Industry.model_json_schema(by_alias=True)


@pytest.mark.parametrize("industry", industry_names())
def test_industry_json_validates_against_the_published_schema(industry: str) -> None:
    data = json.loads((tasks_dir() / industry / "industry.json").read_text())
    jsonschema.validate(data, SCHEMA)
    load_industry(industry)


def test_the_schema_rejects_an_unknown_match_kind() -> None:
    data = json.loads((tasks_dir() / "healthcare" / "industry.json").read_text())
    data["tools"]["check_plan_accepted"]["parameters"]["properties"]["carrier"]["x-match"] = "vibes"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


FIXED: dict[str, dict[str, Any]] = {
    "healthcare": {
        "nodes": {"reception", "coverage", "scheduling"},
        "hops": {"transfer_to_reception", "transfer_to_coverage", "transfer_to_scheduling",
                 "transfer_to_human"},
        "tools": {"lookup_patient": ["full_name", "date_of_birth"],
                  "register_patient": ["full_name", "date_of_birth", "phone_e164", "carrier"],
                  "check_plan_accepted": ["carrier", "location_id"],
                  "update_insurance": ["patient_id", "carrier", "member_id"],
                  "search_availability": ["location_ids", "visit_type", "date"],
                  "book_appointment": [], "reschedule_appointment": [], "cancel_appointment": [],
                  "add_to_waitlist": ["patient_id", "location_id", "visit_type", "notes"],
                  "send_sms": ["phone_e164", "message"], "end_call": []},
        "tables": {"patients": ["patient_id", "full_name", "date_of_birth", "phone_e164",
                                "carrier", "member_id"],
                   "appointments": ["appointment_id", "patient_id", "provider_id", "location_id",
                                    "start_time", "visit_type", "status"],
                   "waitlist": ["waitlist_id", "patient_id", "location_id", "visit_type", "notes"]},
    },
    "legal": {
        "nodes": {"reception", "intake", "scheduling"},
        "hops": {"transfer_to_reception", "transfer_to_intake", "transfer_to_scheduling"},
        "tools": {"check_filing_deadline": ["practice_area", "state", "incident_date"],
                  "run_conflict_check": ["opposing_party"],
                  "create_intake": ["full_name", "phone_e164", "practice_area", "incident_date",
                                    "opposing_party", "for_whom", "summary"],
                  "take_message": ["for_attorney_id", "caller_name", "phone_e164", "message"],
                  "hold_consultation": ["attorney_id", "start_time", "practice_area"],
                  "escalate_to_human": ["reason", "urgency"], "end_call": []},
        "tables": {"intakes": ["intake_id", "full_name", "phone_e164", "practice_area",
                               "incident_date", "opposing_party", "for_whom", "summary", "status"],
                   "escalations": ["escalation_id", "reason", "urgency"],
                   "messages": ["message_id", "for_attorney_id", "caller_name", "phone_e164",
                                "message"],
                   "notes": [], "documents": [], "holds": [], "evaluations": []},
    },
    "customer_support": {
        "nodes": {"reception", "identity", "orders", "billing", "returns"},
        "hops": {"transfer_to_reception", "transfer_to_identity", "transfer_to_orders",
                 "transfer_to_billing", "transfer_to_returns"},
        "tools": {"verify_identity": [], "get_order_status": ["order_id"],
                  "cancel_order": ["order_id", "reason"],
                  "create_rma": ["order_id", "sku", "reason"],
                  "issue_refund": ["order_id", "amount_cents", "method"], "end_call": []},
        "tables": {"orders": [], "rmas": ["rma_id", "order_id", "sku", "reason"],
                   "refunds": ["refund_id", "order_id", "amount_cents", "method"]},
    },
}


@pytest.mark.parametrize("industry", sorted(FIXED))  # the shipped three; a new industry has its own
def test_fixed_vocabulary(industry: str) -> None:
    spec, fixed = load_industry(industry), FIXED[industry]
    assert set(spec.nodes) == fixed["nodes"] and spec.entry_node == "reception"
    assert set(spec.transfer_tools) == fixed["hops"]
    assert "end_call" not in spec.transfer_tools and "escalate_to_human" not in spec.transfer_tools
    for tool, params in fixed["tools"].items():
        assert tool in spec.tools, tool
        assert set(params) <= set(spec.tools[tool].parameters.properties), tool
    for table, columns in fixed["tables"].items():
        rule = spec.write_tables[table]
        assert set(columns) <= set(rule.columns) | set(rule.ignore_columns), table


@pytest.mark.parametrize("industry", industry_names())
def test_every_written_column_has_a_rule_and_only_write_tools_write(industry: str) -> None:
    spec, seed = load_industry(industry), load_seed(industry)
    for table, rule in spec.write_tables.items():
        for row in seed[table]:
            assert set(row) <= set(rule.columns) | set(rule.ignore_columns), table
    for name, tool in spec.tools.items():
        assert (tool.access == "write") == bool(tool.writes), name


def test_healthcare_facts_pinned_by_the_contract() -> None:
    spec, seed = load_industry("healthcare"), load_seed("healthcare")
    assert spec.resolve_alias("location", "Park Avenue") == "loc_park_ave"
    assert spec.resolve_alias("location", "Park Avenue office in Manhattan") is None
    assert spec.resolve_alias("location", "Windermere") == "loc_windermere"
    assert spec.resolve_alias("carrier", "Blue Cross Blue Shield") == "bcbs"
    assert spec.resolve_alias("carrier", "UnitedHealthcare") == "united"
    acceptance = {(r["carrier"], r["location_id"]): r["accepted"] for r in seed["plan_acceptance"]}
    assert acceptance[("aetna", "loc_park_ave")] is True
    assert acceptance[("aetna", "loc_windermere")] is False
    assert not any(p["full_name"] == "Dana Whitfield" for p in seed["patients"])
    assert seed["waitlist"] == []
    assert spec.forbidden_unless_expected == ["send_sms"]
    assert spec.tools["search_availability"].parameters.properties["visit_type"].enum == [
        "new_patient", "follow_up", "annual_physical", "sick_visit"]
    assert "transfer_to_human" in spec.terminal_tools


def test_legal_enums() -> None:
    spec = load_industry("legal")
    props = spec.tools["create_intake"].parameters.properties
    assert set(props["practice_area"].enum or []) == {
        "personal_injury", "employment", "family", "estate_planning", "criminal_defense",
        "immigration"}
    assert set(spec.tools["escalate_to_human"].parameters.properties["urgency"].enum or []) == {
        "low", "normal", "high", "emergency"}
    assert spec.write_tables["intakes"].extra_rows is False
    assert spec.write_tables["messages"].extra_rows is True


@pytest.mark.parametrize(("industry", "table", "minimum"), [
    ("healthcare", "locations", 4), ("healthcare", "providers", 8),
    ("healthcare", "patients", 40), ("healthcare", "appointments", 60),
    ("legal", "attorneys", 6), ("legal", "clients", 30), ("legal", "matters", 30),
    ("customer_support", "customers", 50), ("customer_support", "orders", 120),
])
def test_seed_sizes_a_real_business_would_have(industry: str, table: str, minimum: int) -> None:
    assert len(load_seed(industry)[table]) >= minimum


def test_healthcare_carriers_and_acceptance_per_location() -> None:
    seed = load_seed("healthcare")
    carriers = {r["carrier"] for r in seed["plan_acceptance"]}
    assert len(carriers) >= 6
    per_location = {r["location_id"] for r in seed["plan_acceptance"]}
    assert len(per_location) >= 4


def test_industries_are_the_folders_holding_an_industry_json() -> None:
    folders = sorted(p.parent.name for p in tasks_dir().glob("*/industry.json"))
    assert list(industry_names()) == folders
    assert {"healthcare", "legal", "customer_support"} <= set(folders)


@pytest.mark.parametrize("industry", industry_names())
def test_each_industry_names_the_tool_server_that_serves_it(industry: str) -> None:
    from mivas_env.industries import ToolServer, server_class
    from mivas_env.industries.base import industry_of

    cls = server_class(industry)
    assert issubclass(cls, ToolServer) and industry_of(cls) == industry
    assert cls().industry.industry == industry
    for name, tool in load_industry(industry).tools.items():
        if tool.access != "session":
            assert callable(getattr(cls, f"tool_{name}", None)), f"{industry}: tool_{name}"


@pytest.mark.parametrize("industry", industry_names())
def test_every_industry_gets_an_env_id(industry: str) -> None:
    import mivas_env

    assert mivas_env.ENV_IDS[f"mivas/{industry}-v0"] == industry


@pytest.mark.parametrize("server", [None, "no_such_module:Server", "json:loads", "json:NoSuchThing"])
def test_a_bad_server_reference_is_an_industry_error_naming_the_file(
        server: str | None, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from mivas_env.industries.base import server_class
    from rewards import IndustryError

    data = json.loads((tasks_dir() / "legal" / "industry.json").read_text())
    name = f"badserver{abs(hash(server)) % 10**8}"
    data["industry"], data["server"] = name, server
    folder = tmp_path / name
    folder.mkdir()
    (folder / "industry.json").write_text(json.dumps(data))
    monkeypatch.setenv("MIVAS_TASKS_DIR", str(tmp_path))
    with pytest.raises(IndustryError, match="industry.json") as caught:
        server_class(name)
    assert caught.value.path == ("server",)
