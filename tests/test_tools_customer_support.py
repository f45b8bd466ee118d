"""The customer_support tool server (Brightwell Home): every tool's happy path and error codes,
alias spellings, write scoping, seed immutability and deterministic ids."""

from __future__ import annotations

import copy
import importlib.util
import inspect
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from mivas_env.industries.base import Database
from mivas_env.industries.customer_support import CustomerSupportServer, normalize_address_line
from rewards.industry import load_industry, load_seed

REPO = Path(__file__).resolve().parent.parent

INDUSTRY = "customer_support"
TODAY = date(2026, 12, 1)
WRITE_TABLES = ("orders", "rmas", "refunds")


@pytest.fixture()
def server() -> CustomerSupportServer:
    return CustomerSupportServer(Database(load_seed(INDUSTRY)))


def seed() -> dict[str, list[dict[str, Any]]]:
    return load_seed(INDUSTRY)


def customer(customer_id: str) -> dict[str, Any]:
    return next(row for row in seed()["customers"] if row["customer_id"] == customer_id)


def order_where(**where: Any) -> dict[str, Any]:
    return next(row for row in seed()["orders"]
                if all(row.get(key) == value for key, value in where.items()))


def delivered_days_ago(days: int) -> dict[str, Any]:
    return next(row for row in seed()["orders"] if row["status"] == "delivered"
                and (TODAY - date.fromisoformat(row["delivered_on"])).days == days)


def products() -> dict[str, dict[str, Any]]:
    return {row["sku"]: row for row in seed()["products"]}


def verify(server: CustomerSupportServer, customer_id: str) -> dict[str, Any]:
    row = customer(customer_id)
    return server.call("verify_identity", {"full_name": row["full_name"], "zip": row["zip"],
                                           "email": row["email"]})


def ok(result: dict[str, Any]) -> Any:
    assert result["ok"], result
    return result["data"]


def error(result: dict[str, Any]) -> str:
    assert not result["ok"], result
    assert result["message"]
    return str(result["error_code"])


# --- the industry definition --------------------------------------------------------------------

def test_load_industry_validates() -> None:
    industry = load_industry(INDUSTRY)
    assert industry.entry_node == "reception"
    assert set(industry.nodes) == {"reception", "identity", "orders", "billing", "returns"}
    assert industry.transfer_tools == {f"transfer_to_{n}": n for n in industry.nodes}
    assert industry.forbidden_unless_expected == []
    assert industry.terminal_tools == ["end_call"]
    assert industry.business.today == "2026-12-01"
    assert {name: rule.rule for name, rule in industry.write_tables.items()} == {
        "orders": "exact", "rmas": "exact", "refunds": "exact"}
    assert industry.write_tables["rmas"].columns["reason"].blank_unconstrained
    assert set(industry.catalog_tables) == {"customers", "products", "policies"}


def test_fixed_tool_vocabulary_and_access() -> None:
    tools = load_industry(INDUSTRY).tools
    for name in ("verify_identity", "get_order_status", "cancel_order", "create_rma",
                 "issue_refund", "end_call"):
        assert name in tools
    assert tools["verify_identity"].nodes == ["identity"]
    assert set(tools["get_order_status"].nodes) >= {"reception", "orders"}
    assert tools["cancel_order"].nodes == ["orders"]
    assert tools["issue_refund"].nodes == ["billing"]
    assert tools["create_rma"].nodes == ["returns"]
    assert tools["create_rma"].parameters.required == ["order_id", "sku"]
    assert tools["create_rma"].parameters.properties["reason"].enum == [
        "defective", "damaged", "wrong_item", "no_longer_needed"]
    assert tools["issue_refund"].parameters.properties["method"].enum == [
        "original_payment", "store_credit"]
    assert tools["cancel_order"].writes == ["orders"]
    assert tools["issue_refund"].writes == ["refunds"]
    assert tools["create_rma"].writes == ["rmas"]


def test_session_tools_and_transfer_graph() -> None:
    industry = load_industry(INDUSTRY)
    for hop in industry.transfer_tools:
        tool = industry.tools[hop]
        assert tool.access == "session"
        assert set(tool.parameters.properties) == {"handoff_summary"}
        assert sorted(tool.nodes) == sorted(n for n, node in industry.nodes.items()
                                            if hop in node.transfers)
    assert sorted(industry.tools["end_call"].nodes) == sorted(industry.nodes)
    assert set(industry.tools["end_call"].parameters.properties) == {"handoff_summary"}
    reception = industry.nodes["reception"].transfers
    assert set(reception) == set(industry.transfer_tools) - {"transfer_to_reception"}
    assert industry.harness_keys == ["handoff_summary"]


def test_every_property_is_described_and_bounded() -> None:
    industry = load_industry(INDUSTRY)
    for tool_name, tool in industry.tools.items():
        for key, prop in tool.parameters.properties.items():
            where = f"{tool_name}.{key}"
            assert prop.description, where
            if prop.type == "string" and prop.enum is None:
                assert prop.maxLength is not None, where
            if key.endswith("_id"):
                assert prop.pattern, where
            if key not in ("customer_id", "status", "handoff_summary"):
                assert prop.x_slot in industry.slots, where


def test_every_slot_has_a_question_and_keywords() -> None:
    industry = load_industry(INDUSTRY)
    used = {prop.x_slot for tool in industry.tools.values()
            for prop in tool.parameters.properties.values() if prop.x_slot}
    assert used == set(industry.slots)
    for name, slot in industry.slots.items():
        assert slot.question.endswith("?"), name
        assert slot.keywords and all(k == k.casefold() for k in slot.keywords), name
    for name, slot in industry.slots.items():  # a slot's own question asks for it alone
        question = slot.question.casefold()
        asked = [other for other, s in industry.slots.items()
                 if any(k in question for k in s.keywords)]
        assert asked == [name], name


def test_write_tools_declare_tables_and_read_tools_none() -> None:
    industry = load_industry(INDUSTRY)
    for name, tool in industry.tools.items():
        if tool.access == "write":
            assert tool.writes, name
        else:
            assert tool.writes == [], name


def test_every_server_tool_is_declared_and_implemented() -> None:
    industry = load_industry(INDUSTRY)
    declared = {name for name, tool in industry.tools.items() if tool.access != "session"}
    implemented = {name[5:] for name, _ in inspect.getmembers(CustomerSupportServer)
                   if name.startswith("tool_")}
    assert declared == implemented


def test_product_alias_table_covers_the_catalog() -> None:
    industry = load_industry(INDUSTRY)
    catalog = products()
    assert set(industry.aliases["product"]) == set(catalog)
    for sku, row in catalog.items():
        assert row["name"] in industry.aliases["product"][sku]


def test_no_alias_spelling_names_two_values() -> None:
    industry = load_industry(INDUSTRY)
    for table, entries in industry.aliases.items():
        for canonical, spellings in entries.items():
            for spelling in spellings:
                assert industry.resolve_alias(table, spelling) == canonical, (table, spelling)


# --- the seed -----------------------------------------------------------------------------------

def _load_generator() -> Any:
    spec = importlib.util.spec_from_file_location(
        "seed_customer_support", REPO / "scripts" / "seeds" / "customer_support.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seed_json_is_what_the_generator_writes() -> None:
    generator = _load_generator()
    written = (REPO / "tasks" / INDUSTRY / "seed.json").read_text(encoding="utf-8")
    assert json.dumps(generator.build(), indent=1, ensure_ascii=False) + "\n" == written


def test_seed_shape_and_counts() -> None:
    data = seed()
    industry = load_industry(INDUSTRY)
    for table in (*industry.write_tables, *industry.catalog_tables):
        assert table in data
    assert len(data["customers"]) >= 50
    assert len(data["orders"]) >= 120
    assert len({row["email"] for row in data["customers"]}) == len(data["customers"])
    assert len({row["phone_e164"] for row in data["customers"]}) == len(data["customers"])
    catalog = products()
    statuses = {row["status"] for row in data["orders"]}
    assert statuses == {"processing", "shipped", "delivered", "cancelled", "returned"}
    for row in data["orders"]:
        assert row["total_cents"] == sum(ln["qty"] * ln["unit_price_cents"] for ln in row["items"])
        assert 0 <= row["paid_cents"] <= row["total_cents"]
        assert all(line["sku"] in catalog for line in row["items"])
        assert (row["delivered_on"] is not None) == (row["status"] in ("delivered", "returned"))
        assert row["placed_on"] <= "2026-12-01"
    for table in WRITE_TABLES:
        rule = industry.write_tables[table]
        known = set(rule.columns) | set(rule.ignore_columns)
        for row in data[table]:
            assert set(row) <= known, (table, set(row) - known)


# --- identity -----------------------------------------------------------------------------------

def test_verify_identity_by_email_or_phone(server: CustomerSupportServer) -> None:
    row = customer("cus_0001")
    data = ok(server.call("verify_identity", {"full_name": "maya okafor", "zip": row["zip"],
                                              "email": row["email"].upper()}))
    assert data == {"customer_id": "cus_0001", "first_name": "Maya", "verified": True}
    assert server.verified == {"cus_0001"}
    national = row["phone_e164"][2:]
    spoken = f"({national[:3]}) {national[3:6]}-{national[6:]}"
    other = CustomerSupportServer(Database(seed()))
    assert ok(other.call("verify_identity", {"full_name": "Maya Okafor", "zip": row["zip"],
                                             "phone_e164": spoken}))["customer_id"] == "cus_0001"


def test_verify_identity_compares_names_as_the_tool_gate_does(server: CustomerSupportServer) -> None:
    # One rule, one place: the name is a fact, equal after strip and casefold (spacing folded),
    # so a spelling the server accepts is one T accepts, and one T rejects is refused here.
    obrien = next(r for r in seed()["customers"] if r["full_name"] == "Patrick O'Brien")
    assert ok(server.call("verify_identity", {"full_name": "  PATRICK   o'brien ",
                                              "zip": obrien["zip"], "email": obrien["email"]}))
    for spelling in ("Patrick OBrien", "Patrick O Brien"):
        refused = server.call("verify_identity", {"full_name": spelling, "zip": obrien["zip"],
                                                  "email": obrien["email"]})
        assert refused["error_code"] == "verification_failed"
    jose = next(r for r in seed()["customers"] if r["full_name"] == "José Álvarez")
    fresh = CustomerSupportServer(Database(seed()))
    assert fresh.call("verify_identity", {"full_name": "Jose Alvarez", "zip": jose["zip"],
                                          "phone_e164": jose["phone_e164"]})["ok"] is False
    assert ok(fresh.call("verify_identity", {"full_name": "josé álvarez", "zip": jose["zip"],
                                             "phone_e164": jose["phone_e164"]}))


def test_verify_identity_same_name_different_zip(server: CustomerSupportServer) -> None:
    marias = [r for r in seed()["customers"] if r["full_name"] == "Maria Garcia"]
    assert len(marias) == 2 and marias[0]["zip"] != marias[1]["zip"]
    second = marias[1]
    data = ok(server.call("verify_identity", {"full_name": "Maria Garcia", "zip": second["zip"],
                                              "email": second["email"]}))
    assert data["customer_id"] == second["customer_id"]
    assert error(server.call("verify_identity", {
        "full_name": "Maria Garcia", "zip": marias[0]["zip"],
        "email": second["email"]})) == "verification_failed"


def test_verify_identity_errors_and_lockout(server: CustomerSupportServer) -> None:
    row = customer("cus_0002")
    assert error(server.call("verify_identity", {"full_name": row["full_name"],
                                                 "zip": row["zip"]})) == "invalid_argument"
    wrong = [
        {"full_name": row["full_name"], "zip": "00000", "email": row["email"]},
        {"full_name": "Michelle Chen", "zip": row["zip"], "email": row["email"]},
        # every detail given must match: right email, wrong phone
        {"full_name": row["full_name"], "zip": row["zip"], "email": row["email"],
         "phone_e164": "+12125550199"},
    ]
    for args in wrong:
        assert error(server.call("verify_identity", args)) == "verification_failed"
    assert error(verify(server, "cus_0002")) == "too_many_attempts"
    assert server.verified == set()


def test_verify_identity_bad_zip_is_invalid_argument(server: CustomerSupportServer) -> None:
    assert error(server.call("verify_identity", {"full_name": "Maya Okafor", "zip": "972",
                                                 "email": "x@y.z"})) == "invalid_argument"
    assert server.failed_verifications == 0


def test_michael_and_michelle_chen_are_different_people(server: CustomerSupportServer) -> None:
    michael = next(r for r in seed()["customers"] if r["full_name"] == "Michael Chen")
    assert error(server.call("verify_identity", {
        "full_name": "Michelle Chen", "zip": michael["zip"],
        "email": michael["email"]})) == "verification_failed"


def test_lookup_customer(server: CustomerSupportServer) -> None:
    row = customer("cus_0003")
    data = ok(server.call("lookup_customer", {"email": row["email"]}))
    assert data == {"customer_id": "cus_0003", "first_name": row["full_name"].split()[0],
                    "verified": False}
    ok(verify(server, "cus_0003"))
    assert ok(server.call("lookup_customer", {"phone_e164": row["phone_e164"]}))["verified"]
    assert error(server.call("lookup_customer", {})) == "invalid_argument"
    assert error(server.call("lookup_customer", {"email": "nobody@example.com"})) == "not_found"
    other = customer("cus_0004")
    assert error(server.call("lookup_customer", {"email": row["email"],
                                                 "phone_e164": other["phone_e164"]})) == \
        "not_found"


# --- orders -------------------------------------------------------------------------------------

def test_get_order_status_needs_no_verification(server: CustomerSupportServer) -> None:
    processing = order_where(status="processing")
    data = ok(server.call("get_order_status", {"order_id": processing["order_id"]}))
    assert data["status"] == "processing"
    assert "shipping_address" not in data and "total_cents" not in data
    assert data["items"][0]["name"] == products()[processing["items"][0]["sku"]]["name"]
    shipped = ok(server.call("get_order_status",
                             {"order_id": order_where(status="shipped")["order_id"]}))
    assert shipped["tracking_number"] and shipped["estimated_delivery"] > "2026-12-01"
    delivered = delivered_days_ago(30)
    data = ok(server.call("get_order_status", {"order_id": delivered["order_id"]}))
    assert data["return_window_ends"] == "2026-12-01"


def test_get_order_status_errors(server: CustomerSupportServer) -> None:
    assert error(server.call("get_order_status", {"order_id": "ord_99999"})) == "not_found"
    assert error(server.call("get_order_status", {"order_id": "10001"})) == "invalid_argument"
    assert error(server.call("get_order_status", {})) == "invalid_argument"


def test_list_orders(server: CustomerSupportServer) -> None:
    owner = order_where(status="processing")["customer_id"]
    assert error(server.call("list_orders", {"customer_id": owner})) == "identity_not_verified"
    assert error(server.call("list_orders", {"customer_id": "cus_9999"})) == "not_found"
    ok(verify(server, owner))
    data = ok(server.call("list_orders", {"customer_id": owner}))
    expected = [row["order_id"] for row in seed()["orders"] if row["customer_id"] == owner]
    assert [row["order_id"] for row in data] == expected[::-1]
    only = ok(server.call("list_orders", {"customer_id": owner, "status": "processing"}))
    assert only and all(row["status"] == "processing" for row in only)


def test_cancel_order_happy_path(server: CustomerSupportServer) -> None:
    order = order_where(status="processing")
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("cancel_order", {"order_id": order["order_id"],
                                           "reason": "ordered the wrong colour"}))
    assert data == {"order_id": order["order_id"], "status": "cancelled",
                    "refundable_cents": order["paid_cents"]}
    _, row = server.db.first("orders", order_id=order["order_id"])  # type: ignore[misc]
    assert row == {**order, "status": "cancelled", "cancel_reason": "ordered the wrong colour"}
    assert server.db.rows("refunds") is seed()["refunds"]  # cancelling does not refund


def test_cancel_order_errors(server: CustomerSupportServer) -> None:
    order = order_where(status="processing")
    assert error(server.call("cancel_order", {"order_id": order["order_id"]})) == \
        "identity_not_verified"
    assert error(server.call("cancel_order", {"order_id": "ord_99999"})) == "not_found"
    stranger = next(r["customer_id"] for r in seed()["customers"]
                    if r["customer_id"] != order["customer_id"])
    ok(verify(server, stranger))
    assert error(server.call("cancel_order", {"order_id": order["order_id"]})) == \
        "identity_not_verified"
    for status in ("shipped", "delivered", "cancelled", "returned"):
        other = order_where(status=status)
        ok(verify(server, other["customer_id"]))
        assert error(server.call("cancel_order", {"order_id": other["order_id"]})) == \
            "not_eligible", status
    ok(verify(server, order["customer_id"]))
    ok(server.call("cancel_order", {"order_id": order["order_id"]}))
    assert error(server.call("cancel_order", {"order_id": order["order_id"]})) == "not_eligible"


def test_update_shipping_address(server: CustomerSupportServer) -> None:
    order = order_where(status="processing")
    args = {"order_id": order["order_id"], "line1": "48 harbor view road",
            "line2": "apartment 2b", "city": "salt lake city", "state": "Utah", "zip": "84102"}
    assert error(server.call("update_shipping_address", args)) == "identity_not_verified"
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("update_shipping_address", args))
    assert data["shipping_address"] == {
        "name": order["shipping_address"]["name"], "line1": "48 Harbor View Rd",
        "line2": "Apt 2B", "city": "Salt Lake City", "state": "UT", "zip": "84102"}
    _, row = server.db.first("orders", order_id=order["order_id"])  # type: ignore[misc]
    assert row["shipping_address"] == data["shipping_address"]
    renamed = ok(server.call("update_shipping_address", {
        **args, "line2": "", "state": "ut", "recipient_name": "Ruth  Whitaker"}))
    assert renamed["shipping_address"]["name"] == "Ruth Whitaker"
    assert renamed["shipping_address"]["line2"] == ""
    assert error(server.call("update_shipping_address", {**args, "state": "Utah County"})) == \
        "invalid_argument"
    assert error(server.call("update_shipping_address", {**args, "order_id": "ord_99999"})) == \
        "not_found"
    shipped = order_where(status="shipped")
    ok(verify(server, shipped["customer_id"]))
    assert error(server.call("update_shipping_address",
                             {**args, "order_id": shipped["order_id"]})) == "not_eligible"


@pytest.mark.parametrize(("spoken", "stored"), [
    ("48 harbor view road", "48 Harbor View Rd"),
    ("48 Harbor View Rd.", "48 Harbor View Rd"),
    ("1200 north meridian street, suite 400", "1200 North Meridian St Ste 400"),
    ("12 o'neil avenue", "12 O'Neil Ave"),
    ("7 king's court", "7 King's Ct"),
    ("350 w 42nd st", "350 W 42nd St"),
    ("apt 4c", "Apt 4C"),
    ("PO box 118", "PO Box 118"),
])
def test_address_lines_are_stored_normalised(spoken: str, stored: str) -> None:
    assert normalize_address_line(spoken) == stored


# --- billing ------------------------------------------------------------------------------------

def test_issue_refund_happy_path_and_bound(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(30)
    ok(verify(server, order["customer_id"]))
    paid = order["paid_cents"]
    first = ok(server.call("issue_refund", {"order_id": order["order_id"], "amount_cents": 1000,
                                            "method": "back to my card"}))
    assert first["refund_id"] == "ref_0009"
    assert first["method"] == "original_payment"
    assert first["refundable_cents"] == paid - 1000
    assert error(server.call("issue_refund", {"order_id": order["order_id"],
                                              "amount_cents": paid - 999,
                                              "method": "store credit"})) == "exceeds_paid"
    second = ok(server.call("issue_refund", {"order_id": order["order_id"],
                                             "amount_cents": paid - 1000,
                                             "method": "store credit"}))
    assert second["refund_id"] == "ref_0010" and second["refundable_cents"] == 0
    assert server.db.rows("refunds")[-2:] == [
        {"refund_id": "ref_0009", "order_id": order["order_id"], "amount_cents": 1000,
         "method": "original_payment", "status": "issued", "issued_on": "2026-12-01"},
        {"refund_id": "ref_0010", "order_id": order["order_id"], "amount_cents": paid - 1000,
         "method": "store_credit", "status": "issued", "issued_on": "2026-12-01"}]
    assert error(server.call("issue_refund", {"order_id": order["order_id"], "amount_cents": 1,
                                              "method": "store_credit"})) == "exceeds_paid"


def test_issue_refund_counts_seed_refunds(server: CustomerSupportServer) -> None:
    refunded = seed()["refunds"][-1]
    order = order_where(order_id=refunded["order_id"])
    ok(verify(server, order["customer_id"]))
    remaining = order["paid_cents"] - sum(r["amount_cents"] for r in seed()["refunds"]
                                          if r["order_id"] == order["order_id"])
    assert error(server.call("issue_refund", {
        "order_id": order["order_id"], "amount_cents": remaining + 1,
        "method": "original_payment"})) == "exceeds_paid"


def test_issue_refund_on_a_declined_cancelled_order_exceeds_paid(
        server: CustomerSupportServer) -> None:
    order = order_where(status="cancelled", paid_cents=0)
    ok(verify(server, order["customer_id"]))
    assert error(server.call("issue_refund", {"order_id": order["order_id"], "amount_cents": 1,
                                              "method": "original_payment"})) == "exceeds_paid"


def test_issue_refund_errors(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(30)
    args = {"order_id": order["order_id"], "amount_cents": 500, "method": "original_payment"}
    assert error(server.call("issue_refund", args)) == "identity_not_verified"
    assert error(server.call("issue_refund", {**args, "order_id": "ord_99999"})) == "not_found"
    ok(verify(server, order["customer_id"]))
    assert error(server.call("issue_refund", {**args, "method": "cash"})) == "invalid_argument"
    assert error(server.call("issue_refund", {**args, "amount_cents": 0})) == "invalid_argument"
    assert error(server.call("issue_refund", {**args, "amount_cents": "5"})) == \
        "invalid_argument"
    for status in ("processing", "shipped"):
        other = order_where(status=status)
        ok(verify(server, other["customer_id"]))
        assert error(server.call("issue_refund", {**args, "order_id": other["order_id"]})) == \
            "not_eligible", status
    assert server.db.rows("refunds") is seed()["refunds"]


def test_refund_after_cancel(server: CustomerSupportServer) -> None:
    order = order_where(status="processing")
    ok(verify(server, order["customer_id"]))
    ok(server.call("cancel_order", {"order_id": order["order_id"]}))
    data = ok(server.call("issue_refund", {"order_id": order["order_id"],
                                           "amount_cents": order["paid_cents"],
                                           "method": "original_payment"}))
    assert data["refundable_cents"] == 0


def test_get_refund_status(server: CustomerSupportServer) -> None:
    refunded = seed()["refunds"][0]
    order = order_where(order_id=refunded["order_id"])
    assert error(server.call("get_refund_status", {"order_id": order["order_id"]})) == \
        "identity_not_verified"
    assert error(server.call("get_refund_status", {"order_id": "ord_99999"})) == "not_found"
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("get_refund_status", {"order_id": order["order_id"]}))
    assert data["refunds"][0]["refund_id"] == refunded["refund_id"]
    assert data["refunded_cents"] + data["refundable_cents"] == order["paid_cents"]
    card = customer(order["customer_id"])["card_last4"]
    assert data["card"].endswith(card)


# --- returns ------------------------------------------------------------------------------------

def _returnable_line(order: dict[str, Any]) -> str:
    catalog = products()
    return next(line["sku"] for line in order["items"] if catalog[line["sku"]]["returnable"])


def test_create_rma_happy_path_without_reason(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(30)  # day 30 is the last day of the window
    sku = _returnable_line(order)
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("create_rma", {"order_id": order["order_id"], "sku": sku}))
    assert data["rma_id"] == "rma_0007" and data["status"] == "open"
    assert server.db.rows("rmas")[-1] == {"rma_id": "rma_0007", "order_id": order["order_id"],
                                          "sku": sku, "reason": "", "status": "open",
                                          "created_on": "2026-12-01"}


def test_create_rma_accepts_alias_spellings(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(30)
    sku = _returnable_line(order)
    name = products()[sku]["name"]
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("create_rma", {"order_id": order["order_id"], "sku": name.upper(),
                                         "reason": "doesn't work"}))
    assert data["sku"] == sku
    assert server.db.rows("rmas")[-1]["reason"] == "defective"
    assert error(server.call("create_rma", {"order_id": order["order_id"], "sku": sku,
                                            "reason": "it broke"})) == "invalid_argument"


@pytest.mark.parametrize(("spelling", "reason"), [
    ("arrived damaged", "damaged"), ("Wrong item", "wrong_item"),
    ("not what I ordered", "wrong_item"), ("changed my mind", "no_longer_needed"),
    ("no longer needed", "no_longer_needed"), ("defective", "defective")])
def test_return_reason_aliases(spelling: str, reason: str) -> None:
    assert load_industry(INDUSTRY).resolve_alias("return_reason", spelling) == reason


def test_create_rma_window_closes_after_day_30(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(31)
    ok(verify(server, order["customer_id"]))
    assert error(server.call("create_rma", {"order_id": order["order_id"],
                                            "sku": order["items"][0]["sku"],
                                            "reason": "defective"})) == "return_window_closed"


def test_create_rma_final_sale(server: CustomerSupportServer) -> None:
    catalog = products()
    order = next(row for row in seed()["orders"] if row["status"] == "delivered"
                 and (TODAY - date.fromisoformat(row["delivered_on"])).days <= 30
                 and any(not catalog[ln["sku"]]["returnable"] for ln in row["items"]))
    sku = next(ln["sku"] for ln in order["items"] if not catalog[ln["sku"]]["returnable"])
    ok(verify(server, order["customer_id"]))
    for reason in (None, "no_longer_needed"):
        args = {"order_id": order["order_id"], "sku": sku}
        if reason:
            args["reason"] = reason
        assert error(server.call("create_rma", args)) == "not_returnable"
    ok(server.call("create_rma", {"order_id": order["order_id"], "sku": sku,
                                  "reason": "arrived damaged"}))


def test_create_rma_errors(server: CustomerSupportServer) -> None:
    order = delivered_days_ago(30)
    sku = _returnable_line(order)
    args = {"order_id": order["order_id"], "sku": sku}
    assert error(server.call("create_rma", args)) == "identity_not_verified"
    assert error(server.call("create_rma", {**args, "order_id": "ord_99999"})) == "not_found"
    ok(verify(server, order["customer_id"]))
    missing = next(s for s in products() if s not in {ln["sku"] for ln in order["items"]})
    assert error(server.call("create_rma", {**args, "sku": missing})) == "item_not_on_order"
    assert error(server.call("create_rma", {**args, "sku": "kettle"})) == "invalid_argument"
    for status in ("processing", "shipped", "cancelled", "returned"):
        other = order_where(status=status)
        ok(verify(server, other["customer_id"]))
        assert error(server.call("create_rma", {"order_id": other["order_id"],
                                                "sku": other["items"][0]["sku"]})) == \
            "not_eligible", status
    ok(server.call("create_rma", args))
    assert error(server.call("create_rma", args)) == "already_exists"


def test_create_rma_already_exists_in_seed(server: CustomerSupportServer) -> None:
    open_rma = next(row for row in seed()["rmas"] if row["status"] == "open")
    order = order_where(order_id=open_rma["order_id"])
    ok(verify(server, order["customer_id"]))
    assert error(server.call("create_rma", {"order_id": order["order_id"],
                                            "sku": open_rma["sku"]})) == "already_exists"


def test_get_rma_status(server: CustomerSupportServer) -> None:
    rma = seed()["rmas"][0]
    order = order_where(order_id=rma["order_id"])
    assert error(server.call("get_rma_status", {"order_id": order["order_id"]})) == \
        "identity_not_verified"
    assert error(server.call("get_rma_status", {"order_id": "ord_99999"})) == "not_found"
    ok(verify(server, order["customer_id"]))
    data = ok(server.call("get_rma_status", {"order_id": order["order_id"]}))
    assert [r["rma_id"] for r in data["returns"]] == [rma["rma_id"]]


# --- catalog and policy -------------------------------------------------------------------------

def test_search_products(server: CustomerSupportServer) -> None:
    assert [r["sku"] for r in ok(server.call("search_products", {"query": "kettle"}))] == \
        ["KTC-1001"]
    lamps = {r["sku"] for r in ok(server.call("search_products", {"query": "lamps"}))}
    assert lamps == {"LGT-3002", "LGT-3003"}
    assert [r["sku"] for r in ok(server.call("search_products",
                                             {"query": "the stand mixer"}))] == ["KTC-1004"]
    assert ok(server.call("search_products", {"query": "Aria Kettle"}))[0]["sku"] == "KTC-1001"
    assert ok(server.call("search_products", {"query": "sofa"})) == []
    clearance = ok(server.call("search_products", {"query": "seagrass basket"}))
    assert clearance[0]["returnable"] is False


def test_get_policy(server: CustomerSupportServer) -> None:
    data = ok(server.call("get_policy", {"topic": "Return Policy"}))
    assert data["topic"] == "returns" and "30 days" in data["text"]
    assert ok(server.call("get_policy", {"topic": "price match"}))["topic"] == "price_adjustment"
    assert error(server.call("get_policy", {"topic": "loyalty"})) == "invalid_argument"


def test_session_tools_are_not_served(server: CustomerSupportServer) -> None:
    assert error(server.call("transfer_to_billing", {})) == "unknown_tool"
    assert error(server.call("end_call", {})) == "unknown_tool"


# --- scoping, immutability, determinism ---------------------------------------------------------

READ_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("lookup_customer", {"phone_e164": "+15035550101"}),
    ("get_order_status", {"order_id": "ord_10001"}),
    ("list_orders", {"customer_id": "cus_0020"}),
    ("get_refund_status", {"order_id": "ord_10026"}),
    ("get_rma_status", {"order_id": "ord_10026"}),
    ("search_products", {"query": "vacuum"}),
    ("get_policy", {"topic": "shipping"}),
]


def _verify_everyone(server: CustomerSupportServer) -> None:
    for row in seed()["customers"]:
        server.verified.add(row["customer_id"])


def test_read_tools_never_touch_write_tables(server: CustomerSupportServer) -> None:
    _verify_everyone(server)
    ok(verify(server, "cus_0020"))
    for name, args in READ_CALLS:
        assert load_industry(INDUSTRY).tools[name].access == "read"
        ok(server.call(name, args))
    for table in WRITE_TABLES:
        assert server.db.rows(table) is seed()[table]


def _write_calls() -> list[tuple[str, dict[str, Any]]]:
    processing = [row for row in seed()["orders"] if row["status"] == "processing"]
    delivered = delivered_days_ago(30)
    return [
        ("cancel_order", {"order_id": processing[0]["order_id"], "reason": "too slow"}),
        ("update_shipping_address", {"order_id": processing[1]["order_id"],
                                     "line1": "9 Elm Street", "city": "Boise", "state": "ID",
                                     "zip": "83702"}),
        ("issue_refund", {"order_id": delivered["order_id"], "amount_cents": 250,
                          "method": "store_credit"}),
        ("create_rma", {"order_id": delivered["order_id"], "sku": _returnable_line(delivered),
                        "reason": "damaged"}),
    ]


def test_write_tools_change_only_their_tables() -> None:
    industry = load_industry(INDUSTRY)
    for name, args in _write_calls():
        server = CustomerSupportServer(Database(seed()))
        _verify_everyone(server)
        ok(server.call(name, args))
        for table in WRITE_TABLES:
            changed = server.db.rows(table) != seed()[table]
            assert changed == (table in industry.tools[name].writes), (name, table)


def test_written_columns_are_declared() -> None:
    industry = load_industry(INDUSTRY)
    server = CustomerSupportServer(Database(seed()))
    _verify_everyone(server)
    for name, args in _write_calls():
        ok(server.call(name, args))
    for table in WRITE_TABLES:
        rule = industry.write_tables[table]
        known = set(rule.columns) | set(rule.ignore_columns)
        for row in server.db.rows(table):
            assert set(row) <= known, (table, set(row) - known)


def test_seed_is_never_mutated() -> None:
    before = copy.deepcopy(load_seed(INDUSTRY))
    server = CustomerSupportServer(Database(load_seed(INDUSTRY)))
    _verify_everyone(server)
    for name, args in [*_write_calls(), *READ_CALLS]:
        server.call(name, args)
    processing = order_where(status="processing")
    server.call("update_shipping_address", {"order_id": processing["order_id"],
                                            "line1": "1 Main St", "city": "Omaha",
                                            "state": "NE", "zip": "68131",
                                            "recipient_name": "New Name"})
    assert load_seed(INDUSTRY) == before


def test_ids_are_deterministic_across_episodes() -> None:
    dumps = []
    for _ in range(2):
        server = CustomerSupportServer(Database(seed()))
        _verify_everyone(server)
        for name, args in _write_calls():
            ok(server.call(name, args))
        dumps.append(server.db.dump(list(WRITE_TABLES)))
    assert dumps[0] == dumps[1]
    assert dumps[0]["refunds"][-1]["refund_id"] == "ref_0009"
    assert dumps[0]["rmas"][-1]["rma_id"] == "rma_0007"


def test_verification_is_per_episode() -> None:
    first = CustomerSupportServer(Database(seed()))
    ok(verify(first, "cus_0001"))
    second = CustomerSupportServer(Database(seed()))
    assert second.verified == set()
