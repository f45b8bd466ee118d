"""The healthcare tool server (Hudson Valley Family Medicine): every tool's happy path and error
codes, alias spellings, node scoping, write-table discipline, seed immutability and ids."""

from __future__ import annotations

import copy
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from mivas_env.industries.base import Database
from mivas_env.industries.healthcare import HealthcareServer
from rewards.industry import load_industry, load_seed
from tests.helpers import error, ok

ROOT = Path(__file__).resolve().parent.parent
TODAY = "2026-12-01"
VISIT_TYPES = ["new_patient", "follow_up", "annual_physical", "sick_visit"]
CATALOG = ["locations", "providers", "provider_schedules", "provider_time_off", "closures",
           "visit_types", "carriers", "plan_acceptance"]


@pytest.fixture
def server() -> HealthcareServer:
    return HealthcareServer(Database(load_seed("healthcare")))


def patient_id(server: HealthcareServer, full_name: str) -> str:
    rows = [p for p in server.db.rows("patients") if p["full_name"] == full_name]
    assert rows, full_name
    found: str = ok(server, "lookup_patient", full_name=full_name,
                    date_of_birth=rows[0]["date_of_birth"])["patient_id"]
    return found


def established(server: HealthcareServer, index: int = 0) -> str:
    """The id of a seed patient who has been seen (a completed visit)."""
    seen: list[str] = sorted({a["patient_id"] for a in server.db.rows("appointments")
                              if a["status"] == "completed"})
    return seen[index]


def never_seen(server: HealthcareServer) -> str:
    """The id of a registered seed patient with no appointments at all."""
    with_visits = {a["patient_id"] for a in server.db.rows("appointments")}
    found: str = next(p["patient_id"] for p in server.db.rows("patients")
                      if p["patient_id"] not in with_visits)
    return found


def first_slot(server: HealthcareServer, location_id: str, day: str,
               visit_type: str = "follow_up") -> dict[str, Any]:
    slots = ok(server, "search_availability", location_ids=[location_id],
               visit_type=visit_type, date=day)["slots"]
    assert slots, f"no {visit_type} slot at {location_id} on {day}"
    slot: dict[str, Any] = slots[0]
    return slot


def next_weekday(weekday: int) -> str:
    """The first date on or after tomorrow that falls on ``weekday`` (0 = Monday)."""
    day = date.fromisoformat(TODAY) + timedelta(days=1)
    while day.weekday() != weekday:
        day += timedelta(days=1)
    return day.isoformat()


def write_tables(server: HealthcareServer) -> dict[str, list[dict[str, Any]]]:
    return server.db.dump(list(server.industry.write_tables))


# --- the industry definition -------------------------------------------------------------------

def test_industry_validates_with_the_fixed_vocabulary() -> None:
    industry = load_industry("healthcare")
    assert industry.entry_node == "reception"
    assert set(industry.nodes) == {"reception", "coverage", "scheduling"}
    assert industry.transfer_tools == {"transfer_to_reception": "reception",
                                       "transfer_to_coverage": "coverage",
                                       "transfer_to_scheduling": "scheduling",
                                       "transfer_to_human": None}
    assert set(industry.terminal_tools) == {"end_call", "transfer_to_human"}
    assert industry.forbidden_unless_expected == ["send_sms"]
    assert industry.harness_keys == ["handoff_summary"]
    assert industry.business.today == TODAY
    for name in ("lookup_patient", "register_patient", "check_plan_accepted", "update_insurance",
                 "search_availability", "book_appointment", "reschedule_appointment",
                 "cancel_appointment", "add_to_waitlist", "send_sms", "end_call"):
        assert name in industry.tools, name
    props = industry.tools["search_availability"].parameters.properties
    assert props["visit_type"].enum == VISIT_TYPES
    assert props["date"].format == "date"
    assert props["location_ids"].items is not None
    assert props["location_ids"].items.x_alias == "location"
    assert props["location_ids"].items.pattern == "^loc_[a-z_]+$"
    assert industry.tools["check_plan_accepted"].parameters.properties["carrier"].x_alias == \
        "carrier"
    assert industry.tools["send_sms"].access == "read"
    assert industry.tools["send_sms"].writes == []


def test_write_tables_have_the_fixed_columns_and_rules() -> None:
    tables = load_industry("healthcare").write_tables
    assert set(tables) == {"patients", "appointments", "waitlist"}
    assert set(tables["patients"].columns) == {"patient_id", "full_name", "date_of_birth",
                                               "phone_e164", "carrier", "member_id"}
    assert tables["patients"].rule == "exact"
    assert tables["patients"].columns["full_name"].match == "casefold"
    assert tables["patients"].columns["carrier"].alias == "carrier"
    assert set(tables["appointments"].columns) == {"appointment_id", "patient_id",
                                                   "provider_id", "location_id", "start_time",
                                                   "visit_type", "status"}
    assert tables["appointments"].rule == "exact"
    assert tables["appointments"].columns["start_time"].type == "datetime"
    assert tables["waitlist"].rule == "subset_or_empty"
    assert set(tables["waitlist"].ignore_columns) == {"waitlist_id", "notes"}
    assert set(tables["waitlist"].columns) == {"patient_id", "location_id", "visit_type"}


def test_every_column_the_server_writes_is_declared() -> None:
    industry = load_industry("healthcare")
    seed = load_seed("healthcare")
    for table, rule in industry.write_tables.items():
        declared = set(rule.columns) | set(rule.ignore_columns)
        for row in seed[table]:
            assert set(row) == declared, (table, row)


def test_node_scoping_matches_the_desks() -> None:
    industry = load_industry("healthcare")
    reception = set(industry.tools_at("reception"))
    coverage = set(industry.tools_at("coverage"))
    scheduling = set(industry.tools_at("scheduling"))
    assert {"lookup_patient", "list_locations", "get_location", "end_call",
            "transfer_to_coverage", "transfer_to_scheduling", "transfer_to_human"} <= reception
    assert {"check_plan_accepted", "update_insurance", "lookup_patient",
            "register_patient"} <= coverage
    assert {"search_availability", "book_appointment", "reschedule_appointment",
            "cancel_appointment", "add_to_waitlist", "send_sms", "lookup_patient",
            "register_patient", "get_patient_appointments"} <= scheduling
    for name, tool in industry.tools.items():
        if tool.access == "write":
            assert "reception" not in tool.nodes, f"{name} writes from reception"
    assert "check_plan_accepted" not in reception | scheduling
    assert "transfer_to_reception" not in reception
    for node in industry.nodes.values():
        assert 3 <= node.instructions.count(". ") + 1 <= 9


def test_tool_schemas_follow_the_house_conventions() -> None:
    industry = load_industry("healthcare")
    for name, tool in industry.tools.items():
        assert tool.description, name
        if tool.access == "session":
            assert set(tool.parameters.properties) == {"handoff_summary"}, name
            assert tool.parameters.properties["handoff_summary"].x_kind == "prose"
            continue
        assert hasattr(HealthcareServer, f"tool_{name}"), name
        for key, prop in tool.parameters.properties.items():
            assert prop.description, (name, key)
            if prop.type == "string":
                assert prop.maxLength, (name, key)
            if key.endswith("_id") and key != "member_id":
                assert prop.pattern, (name, key)
            if key == "date" or key == "date_of_birth":
                assert prop.format == "date", (name, key)
            if key == "start_time":
                assert prop.format == "date-time", (name, key)
            if key in ("carrier",):
                assert prop.x_alias == "carrier"
            if key == "location_id":
                assert prop.x_alias == "location" and prop.pattern == "^loc_[a-z_]+$"


def test_every_slot_question_asks_only_for_its_own_slot() -> None:
    industry = load_industry("healthcare")
    for name, slot in industry.slots.items():
        assert slot.keywords, name
        question = slot.question.casefold()
        asked = [other for other, s in industry.slots.items()
                 if any(k in question for k in s.keywords)]
        assert asked == [name], name


# --- the seed ----------------------------------------------------------------------------------

def test_seed_has_the_pinned_catalog_facts() -> None:
    seed = load_seed("healthcare")
    for table in CATALOG:
        assert seed[table], table
    assert load_industry("healthcare").catalog_tables == CATALOG
    locations = {row["location_id"] for row in seed["locations"]}
    assert len(locations) >= 4 and {"loc_park_ave", "loc_windermere"} <= locations
    assert len(seed["providers"]) >= 8
    carriers = {row["carrier"] for row in seed["carriers"]}
    assert len(carriers) >= 6 and {"aetna", "bcbs", "cigna", "united"} <= carriers
    accepted = {(r["carrier"], r["location_id"]): r["accepted"] for r in seed["plan_acceptance"]}
    assert accepted[("aetna", "loc_park_ave")] is True
    assert accepted[("aetna", "loc_windermere")] is False
    assert len(accepted) == len(carriers) * len(locations)  # a full matrix
    every_schedule = {(r["provider_id"], r["location_id"]) for r in seed["provider_schedules"]}
    assert {p for p, _ in every_schedule} == {r["provider_id"] for r in seed["providers"]}


def test_seed_patients_and_appointments() -> None:
    seed = load_seed("healthcare")
    assert len(seed["patients"]) >= 40
    assert all(p["full_name"].casefold() != "dana whitfield" for p in seed["patients"])
    keys = [(p["full_name"].casefold(), p["date_of_birth"]) for p in seed["patients"]]
    assert len(keys) == len(set(keys))
    assert len(seed["appointments"]) >= 60
    statuses = {(a["start_time"][:10] >= TODAY, a["status"]) for a in seed["appointments"]}
    assert {(False, "completed"), (False, "cancelled"), (True, "booked"),
            (True, "cancelled")} <= statuses
    assert (True, "completed") not in statuses and (False, "booked") not in statuses
    assert seed["waitlist"] == []
    ids = [a["appointment_id"] for a in seed["appointments"]]
    assert ids == [f"appt_{n:04d}" for n in range(1, len(ids) + 1)]


def test_seed_bookings_fit_the_schedules_without_overlaps(server: HealthcareServer) -> None:
    seed = load_seed("healthcare")
    durations = {v["visit_type"]: v["duration_min"] for v in seed["visit_types"]}
    spans: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for appointment in seed["appointments"]:
        if appointment["status"] == "cancelled":
            continue
        day, clock = appointment["start_time"].split("T")
        start = int(clock[:2]) * 60 + int(clock[3:])
        end = start + durations[appointment["visit_type"]]
        weekday = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                   "sunday"][date.fromisoformat(day).weekday()]
        assert any(s["provider_id"] == appointment["provider_id"]
                   and s["location_id"] == appointment["location_id"]
                   and s["weekday"] == weekday
                   and s["start"] <= clock and f"{end // 60:02d}:{end % 60:02d}" <= s["end"]
                   for s in seed["provider_schedules"]), appointment
        for who in ("provider_id", "patient_id"):
            taken = spans.setdefault((appointment[who], day), [])
            assert all(end <= s or e <= start for s, e in taken), appointment
            taken.append((start, end))


# --- aliases -----------------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["loc_park_ave", "Park Avenue", "Park Ave", "park ave.",
                                      "PARK AVENUE"])
def test_park_avenue_spellings_resolve(server: HealthcareServer, spelling: str) -> None:
    data = ok(server, "check_plan_accepted", carrier="aetna", location_id=spelling)
    assert data["location_id"] == "loc_park_ave" and data["accepted"] is True


@pytest.mark.parametrize("spelling", ["Windermere", "windermere", "loc_windermere"])
def test_windermere_spellings_resolve(server: HealthcareServer, spelling: str) -> None:
    data = ok(server, "check_plan_accepted", carrier="Aetna", location_id=spelling)
    assert data["location_id"] == "loc_windermere" and data["accepted"] is False


@pytest.mark.parametrize("spelling", ["Park Avenue office in Manhattan", "the Park Avenue office",
                                      "Manhattan office"])
def test_loose_office_descriptions_do_not_resolve(server: HealthcareServer,
                                                   spelling: str) -> None:
    assert error(server, "check_plan_accepted", carrier="aetna",
                 location_id=spelling) == "invalid_argument"


@pytest.mark.parametrize(("spelling", "slug"), [
    ("Blue Cross Blue Shield", "bcbs"), ("BCBS", "bcbs"), ("Blue Cross/Blue Shield", "bcbs"),
    ("blue cross blue shield", "bcbs"), ("UnitedHealthcare", "united"),
    ("United Healthcare", "united"), ("United", "united"), ("Aetna", "aetna"),
    ("Cigna", "cigna"), ("Medicare", "medicare"), ("EmblemHealth", "emblem"),
    ("Oxford", "oxford")])
def test_carrier_spellings_resolve(server: HealthcareServer, spelling: str, slug: str) -> None:
    assert ok(server, "check_plan_accepted", carrier=spelling,
              location_id="loc_park_ave")["carrier"] == slug


def test_other_alias_tables_resolve(server: HealthcareServer) -> None:
    day = next_weekday(0)  # a Monday: Dr. Chen is at Park Avenue
    data = ok(server, "search_availability", location_ids=["Park Ave"],
              visit_type="annual physical", date=day, provider_id="Dr. Chen")
    assert data["visit_type"] == "annual_physical"
    assert data["slots"] and {s["provider_id"] for s in data["slots"]} == {"prov_chen"}


def test_location_set_is_deduplicated_after_aliases(server: HealthcareServer) -> None:
    day = next_weekday(1)
    once = ok(server, "search_availability", location_ids=["loc_park_ave"],
              visit_type="follow_up", date=day)
    twice = ok(server, "search_availability", location_ids=["Park Avenue", "loc_park_ave"],
               visit_type="follow_up", date=day)
    assert once == twice


# --- reception tools ---------------------------------------------------------------------------

def test_lookup_patient_matches_name_and_birth_date(server: HealthcareServer) -> None:
    row = server.db.rows("patients")[10]
    data = ok(server, "lookup_patient", full_name=f"  {row['full_name'].upper()} ",
              date_of_birth=row["date_of_birth"])
    assert data["patient_id"] == row["patient_id"]
    assert data["carrier"] == row["carrier"]
    assert isinstance(data["established_patient"], bool)


def test_lookup_patient_not_found(server: HealthcareServer) -> None:
    row = server.db.rows("patients")[0]
    assert error(server, "lookup_patient", full_name=row["full_name"],
                 date_of_birth="1900-01-01") == "not_found"
    assert error(server, "lookup_patient", full_name="Dana Whitfield",
                 date_of_birth="1991-03-14") == "not_found"
    assert error(server, "lookup_patient", full_name="Dana Whitfield",
                 date_of_birth="March 14 1991") == "invalid_argument"


def test_lookup_tells_namesakes_apart_by_birth_date(server: HealthcareServer) -> None:
    namesakes = [p for p in server.db.rows("patients") if p["full_name"] == "Maria Rodriguez"]
    assert len(namesakes) == 2
    found = {ok(server, "lookup_patient", full_name="maria rodriguez",
                date_of_birth=p["date_of_birth"])["patient_id"] for p in namesakes}
    assert found == {p["patient_id"] for p in namesakes}


def test_list_and_get_locations(server: HealthcareServer) -> None:
    listed = ok(server, "list_locations")
    assert {row["location_id"] for row in listed} >= {"loc_park_ave", "loc_windermere"}
    park = ok(server, "get_location", location_id="Park Avenue")
    assert park["area"].startswith("Manhattan")
    assert park["hours"]["sunday"] is None
    assert {p["provider_id"] for p in park["providers"]} >= {"prov_chen", "prov_goldberg"}
    assert {"date": "2026-12-25", "reason": "Christmas Day"} in park["upcoming_closures"]
    assert error(server, "get_location", location_id="loc_nowhere") == "not_found"


def test_list_providers_filters(server: HealthcareServer) -> None:
    everyone = ok(server, "list_providers")
    assert len(everyone) >= 8
    closed_panel = ok(server, "list_providers", accepting_new_patients=False)
    assert closed_panel and all(not p["accepts_new_patients"] for p in closed_panel)
    at_windermere = ok(server, "list_providers", location_id="Windermere")
    assert at_windermere
    assert all(s["location_id"] == "loc_windermere" for p in at_windermere
               for s in p["schedule"])
    assert error(server, "list_providers", location_id="loc_nowhere") == "not_found"


# --- coverage tools ----------------------------------------------------------------------------

def test_check_plan_accepted_answers_ok_either_way(server: HealthcareServer) -> None:
    yes = ok(server, "check_plan_accepted", carrier="aetna", location_id="loc_park_ave")
    no = ok(server, "check_plan_accepted", carrier="aetna", location_id="loc_windermere")
    assert yes["accepted"] is True and no["accepted"] is False
    assert "loc_park_ave" in no["accepted_at"] and "loc_windermere" not in no["accepted_at"]


def test_check_plan_accepted_errors(server: HealthcareServer) -> None:
    assert error(server, "check_plan_accepted", carrier="Blue Cross Blue Shield of Texas",
                 location_id="loc_park_ave") == "not_found"
    assert error(server, "check_plan_accepted", carrier="aetna",
                 location_id="loc_nowhere") == "not_found"
    assert error(server, "check_plan_accepted", carrier="aetna") == "invalid_argument"


def test_register_patient_happy_path(server: HealthcareServer) -> None:
    seed_count = len(load_seed("healthcare")["patients"])
    data = ok(server, "register_patient", full_name="Dana  Whitfield", date_of_birth="1991-03-14",
              phone_e164="(917) 555-0186", carrier="Aetna")
    assert data["patient_id"] == f"pat_{seed_count + 1:04d}"
    row = server.db.rows("patients")[-1]
    assert row == {"patient_id": data["patient_id"], "full_name": "Dana Whitfield",
                   "date_of_birth": "1991-03-14", "phone_e164": "+19175550186",
                   "carrier": "aetna", "member_id": None}
    assert data["established_patient"] is False
    assert ok(server, "lookup_patient", full_name="dana whitfield",
              date_of_birth="1991-03-14")["patient_id"] == data["patient_id"]
    without = ok(server, "register_patient", full_name="Noor Haddad", date_of_birth="2001-07-30",
                 phone_e164="+19145550111")
    assert without["carrier"] is None


def test_register_patient_errors(server: HealthcareServer) -> None:
    row = server.db.rows("patients")[3]
    assert error(server, "register_patient", full_name=row["full_name"].lower(),
                 date_of_birth=row["date_of_birth"],
                 phone_e164="+12125550100") == "already_exists"
    assert error(server, "register_patient", full_name="Cher", date_of_birth="1980-01-01",
                 phone_e164="+12125550100") == "invalid_argument"
    assert error(server, "register_patient", full_name="Future Baby", date_of_birth="2027-01-01",
                 phone_e164="+12125550100") == "invalid_argument"
    assert error(server, "register_patient", full_name="Old Timer", date_of_birth="1850-01-01",
                 phone_e164="+12125550100") == "invalid_argument"
    assert error(server, "register_patient", full_name="Dana Whitfield",
                 date_of_birth="1991-03-14", phone_e164="call me maybe") == "invalid_argument"
    assert error(server, "register_patient", full_name="Dana Whitfield",
                 date_of_birth="1991-03-14", phone_e164="+19175550186",
                 carrier="Acme Health") == "not_found"
    assert len(server.db.rows("patients")) == len(load_seed("healthcare")["patients"])


def test_update_insurance(server: HealthcareServer) -> None:
    pid = server.db.rows("patients")[0]["patient_id"]
    data = ok(server, "update_insurance", patient_id=pid, carrier="United Healthcare",
              member_id="a12345678")
    assert data["carrier"] == "united" and data["member_id"] == "A12345678"
    assert server.db.first("patients", patient_id=pid) is not None
    row = server.db.first("patients", patient_id=pid)
    assert row is not None and (row[1]["carrier"], row[1]["member_id"]) == ("united", "A12345678")
    assert error(server, "update_insurance", patient_id="pat_9999", carrier="aetna",
                 member_id="W123456789") == "not_found"
    assert error(server, "update_insurance", patient_id=pid, carrier="Acme Health",
                 member_id="W123456789") == "not_found"
    assert error(server, "update_insurance", patient_id=pid, carrier="aetna",
                 member_id="W 123-456") == "invalid_argument"
    assert error(server, "update_insurance", patient_id="patient 1", carrier="aetna",
                 member_id="W123456789") == "invalid_argument"


# --- scheduling: search ------------------------------------------------------------------------

def test_search_returns_open_slots_from_the_schedules(server: HealthcareServer) -> None:
    day = next_weekday(0)
    data = ok(server, "search_availability", location_ids=["loc_park_ave", "loc_windermere"],
              visit_type="follow_up", date=day)
    assert data["slots"] and data["total_open"] >= len(data["slots"])
    assert {s["location_id"] for s in data["slots"]} <= {"loc_park_ave", "loc_windermere"}
    times = [s["start_time"] for s in data["slots"]]
    assert times == sorted(times) and all(t.startswith(day + "T") for t in times)
    assert all(t[14:16] in ("00", "30") for t in times)


def test_search_excludes_booked_visits(server: HealthcareServer) -> None:
    # the seed books Windermere solid on Thursday 2026-12-03 (a waitlist day)
    for visit_type in VISIT_TYPES:
        data = ok(server, "search_availability", location_ids=["Windermere"],
                  visit_type=visit_type, date="2026-12-03")
        assert data["slots"] == [], visit_type
    booked = {(a["provider_id"], a["start_time"]) for a in server.db.rows("appointments")
              if a["status"] == "booked"}
    day = next_weekday(2)
    data = ok(server, "search_availability", location_ids=[row["location_id"] for row in
                                                            server.db.rows("locations")],
              visit_type="follow_up", date=day)
    assert not {(s["provider_id"], s["start_time"]) for s in data["slots"]} & booked


def test_search_new_patient_skips_closed_panels(server: HealthcareServer) -> None:
    day = next_weekday(0)  # Monday: Dr. Rossi (not taking new patients) works at Park Avenue
    follow = ok(server, "search_availability", location_ids=["loc_park_ave"],
                visit_type="follow_up", date=day)
    new = ok(server, "search_availability", location_ids=["loc_park_ave"],
             visit_type="new_patient", date=day)
    assert "prov_rossi" in {s["provider_id"] for s in follow["slots"]}
    assert "prov_rossi" not in {s["provider_id"] for s in new["slots"]}
    assert new["duration_min"] == 60


def test_search_respects_closures_and_time_off(server: HealthcareServer) -> None:
    christmas = ok(server, "search_availability", location_ids=["loc_park_ave"],
                   visit_type="sick_visit", date="2026-12-25")
    assert christmas["slots"] == [] and christmas["closed"][0]["reason"] == "Christmas Day"
    away = ok(server, "search_availability", location_ids=["loc_park_ave"],
              visit_type="follow_up", date="2026-12-16", provider_id="prov_chen")
    assert away["slots"] == []  # Dr. Chen is at a conference that week
    sunday = ok(server, "search_availability", location_ids=["loc_park_ave"],
                visit_type="follow_up", date="2026-12-06")
    assert sunday["slots"] == []


def test_search_errors(server: HealthcareServer) -> None:
    assert error(server, "search_availability", location_ids=["loc_park_ave"],
                 visit_type="follow_up", date="2026-11-30") == "outside_booking_window"
    assert error(server, "search_availability", location_ids=["loc_park_ave"],
                 visit_type="follow_up", date="2027-01-15") == "outside_booking_window"
    assert error(server, "search_availability", location_ids=["loc_nowhere"],
                 visit_type="follow_up", date="2026-12-08") == "not_found"
    assert error(server, "search_availability", location_ids=["loc_park_ave"],
                 visit_type="follow_up", date="2026-12-08",
                 provider_id="prov_nobody") == "not_found"
    assert error(server, "search_availability", location_ids=[],
                 visit_type="follow_up", date="2026-12-08") == "invalid_argument"
    assert error(server, "search_availability", location_ids=["loc_park_ave"],
                 visit_type="massage", date="2026-12-08") == "invalid_argument"
    assert error(server, "search_availability", location_ids=["Park Avenue office"],
                 visit_type="follow_up", date="2026-12-08") == "invalid_argument"


# --- scheduling: book, reschedule, cancel ------------------------------------------------------

def test_book_appointment_happy_path(server: HealthcareServer) -> None:
    seed_count = len(load_seed("healthcare")["appointments"])
    pid = established(server)
    day = next_weekday(1)
    slot = first_slot(server, "loc_park_ave", day)
    data = ok(server, "book_appointment", patient_id=pid, location_id="Park Avenue",
              start_time=slot["start_time"] + ":00", visit_type="follow_up")
    assert data["appointment_id"] == f"appt_{seed_count + 1:04d}"
    assert data["provider_id"] == slot["provider_id"]
    assert server.db.rows("appointments")[-1] == {
        "appointment_id": data["appointment_id"], "patient_id": pid,
        "provider_id": slot["provider_id"], "location_id": "loc_park_ave",
        "start_time": slot["start_time"], "visit_type": "follow_up", "status": "booked",
        "cancel_reason": None}
    again = ok(server, "search_availability", location_ids=["loc_park_ave"],
               visit_type="follow_up", date=day)
    assert (slot["provider_id"], slot["start_time"]) not in {
        (s["provider_id"], s["start_time"]) for s in again["slots"]}


def test_book_with_a_named_provider(server: HealthcareServer) -> None:
    day = next_weekday(0)
    data = ok(server, "book_appointment", patient_id=established(server),
              location_id="loc_park_ave", start_time=f"{day}T15:00",
              visit_type="sick_visit", provider_id="Dr. Kim")
    assert data["provider_id"] == "prov_kim"


def test_new_patient_books_a_new_patient_visit(server: HealthcareServer) -> None:
    pid = ok(server, "register_patient", full_name="Dana Whitfield", date_of_birth="1991-03-14",
             phone_e164="+19175550186", carrier="aetna")["patient_id"]
    slot = first_slot(server, "loc_park_ave", next_weekday(2), "new_patient")
    data = ok(server, "book_appointment", patient_id=pid, location_id="loc_park_ave",
              start_time=slot["start_time"], visit_type="new_patient")
    assert data["insurance_in_network"] is True
    assert error(server, "book_appointment", patient_id=pid, location_id="loc_park_ave",
                 start_time=f"{next_weekday(3)}T10:00",
                 visit_type="new_patient") == "not_eligible"


def test_book_conflicts(server: HealthcareServer) -> None:
    tuesday = next_weekday(1)  # Tarrytown on Tuesday: one provider, 09:00-13:00
    first, second = established(server, 0), established(server, 1)
    slot = first_slot(server, "loc_tarrytown", tuesday)
    ok(server, "book_appointment", patient_id=first, location_id="loc_tarrytown",
       start_time=slot["start_time"], visit_type="follow_up")
    # the slot is taken
    assert error(server, "book_appointment", patient_id=second, location_id="loc_tarrytown",
                 start_time=slot["start_time"], visit_type="follow_up") == "conflict"
    # the same patient cannot be in two places at once
    assert error(server, "book_appointment", patient_id=first, location_id="loc_park_ave",
                 start_time=slot["start_time"], visit_type="follow_up") == "conflict"
    # outside every schedule: afternoon in Tarrytown on a Tuesday, a Sunday, off the grid
    assert error(server, "book_appointment", patient_id=second, location_id="loc_tarrytown",
                 start_time=f"{tuesday}T15:00", visit_type="follow_up") == "conflict"
    assert error(server, "book_appointment", patient_id=second, location_id="loc_park_ave",
                 start_time="2026-12-06T10:00", visit_type="follow_up") == "conflict"
    assert error(server, "book_appointment", patient_id=second, location_id="loc_tarrytown",
                 start_time=f"{tuesday}T09:10", visit_type="follow_up") == "conflict"
    # a closed office
    assert error(server, "book_appointment", patient_id=second, location_id="loc_park_ave",
                 start_time="2026-12-25T10:00", visit_type="follow_up") == "conflict"
    # a named provider who is elsewhere then
    assert error(server, "book_appointment", patient_id=second, location_id="loc_tarrytown",
                 start_time=f"{tuesday}T10:00", visit_type="follow_up",
                 provider_id="prov_chen") == "conflict"
    # a fully booked day
    assert error(server, "book_appointment", patient_id=second, location_id="loc_windermere",
                 start_time="2026-12-03T10:00", visit_type="follow_up") == "conflict"


def test_book_eligibility_and_lookup_errors(server: HealthcareServer) -> None:
    monday = next_weekday(0)
    assert error(server, "book_appointment", patient_id=established(server),
                 location_id="loc_park_ave", start_time=f"{monday}T10:00",
                 visit_type="new_patient") == "not_eligible"
    newcomer = never_seen(server)
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 start_time=f"{monday}T08:00", visit_type="new_patient",
                 provider_id="prov_rossi") == "not_eligible"
    assert error(server, "book_appointment", patient_id="pat_9999", location_id="loc_park_ave",
                 start_time=f"{monday}T10:00", visit_type="follow_up") == "not_found"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_nowhere",
                 start_time=f"{monday}T10:00", visit_type="follow_up") == "not_found"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 start_time=f"{monday}T10:00", visit_type="follow_up",
                 provider_id="prov_nobody") == "not_found"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 start_time="2026-11-30T10:00", visit_type="follow_up") == "outside_booking_window"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 start_time="2027-02-01T10:00", visit_type="follow_up") == "outside_booking_window"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 start_time="next Monday at ten", visit_type="follow_up") == "invalid_argument"
    assert error(server, "book_appointment", patient_id=newcomer, location_id="loc_park_ave",
                 visit_type="follow_up") == "invalid_argument"


def booked_upcoming(server: HealthcareServer) -> dict[str, Any]:
    return next(a for a in server.db.rows("appointments")
                if a["status"] == "booked" and a["start_time"][:10] > "2026-12-05"
                and a["visit_type"] != "new_patient")


def test_reschedule_keeps_the_id_and_frees_the_old_slot(server: HealthcareServer) -> None:
    appointment = booked_upcoming(server)
    day = next_weekday(4)
    slot = first_slot(server, appointment["location_id"], day, appointment["visit_type"])
    count = len(server.db.rows("appointments"))
    data = ok(server, "reschedule_appointment", appointment_id=appointment["appointment_id"],
              start_time=slot["start_time"])
    assert data["appointment_id"] == appointment["appointment_id"]
    assert data["previous_start_time"] == appointment["start_time"]
    assert len(server.db.rows("appointments")) == count
    row = server.db.first("appointments", appointment_id=appointment["appointment_id"])
    assert row is not None
    assert (row[1]["start_time"], row[1]["status"]) == (slot["start_time"], "booked")
    old = ok(server, "search_availability", location_ids=[appointment["location_id"]],
             visit_type="follow_up", date=appointment["start_time"][:10],
             provider_id=appointment["provider_id"])
    assert appointment["start_time"] in {s["start_time"] for s in old["slots"]}


def test_reschedule_to_another_office(server: HealthcareServer) -> None:
    appointment = booked_upcoming(server)
    slot = first_slot(server, "loc_white_plains", next_weekday(1), appointment["visit_type"])
    data = ok(server, "reschedule_appointment", appointment_id=appointment["appointment_id"],
              start_time=slot["start_time"], location_id="White Plains")
    assert data["location_id"] == "loc_white_plains"
    assert data["provider_id"] == slot["provider_id"]


def test_reschedule_errors(server: HealthcareServer) -> None:
    appointment = booked_upcoming(server)
    aid = appointment["appointment_id"]
    assert error(server, "reschedule_appointment", appointment_id="appt_9999",
                 start_time="2026-12-08T10:00") == "not_found"
    assert error(server, "reschedule_appointment", appointment_id=aid,
                 start_time=appointment["start_time"]) == "invalid_argument"
    assert error(server, "reschedule_appointment", appointment_id=aid,
                 start_time="2026-12-25T10:00") == "conflict"
    assert error(server, "reschedule_appointment", appointment_id=aid,
                 start_time="2027-03-01T10:00") == "outside_booking_window"
    assert error(server, "reschedule_appointment", appointment_id=aid,
                 start_time="2026-12-08T10:00", location_id="loc_nowhere") == "not_found"
    assert error(server, "reschedule_appointment", appointment_id=aid,
                 start_time="2026-12-08T10:00", provider_id="prov_nobody") == "not_found"
    done = next(a for a in server.db.rows("appointments") if a["status"] == "completed")
    assert error(server, "reschedule_appointment", appointment_id=done["appointment_id"],
                 start_time="2026-12-08T10:00") == "not_eligible"


def test_cancel_appointment(server: HealthcareServer) -> None:
    appointment = booked_upcoming(server)
    aid = appointment["appointment_id"]
    data = ok(server, "cancel_appointment", appointment_id=aid, reason="Feeling better")
    assert data["status"] == "cancelled"
    row = server.db.first("appointments", appointment_id=aid)
    assert row is not None and row[1]["status"] == "cancelled"
    assert row[1]["cancel_reason"] == "Feeling better"
    assert error(server, "cancel_appointment", appointment_id=aid) == "not_eligible"
    done = next(a for a in server.db.rows("appointments") if a["status"] == "completed")
    assert error(server, "cancel_appointment",
                 appointment_id=done["appointment_id"]) == "not_eligible"
    assert error(server, "cancel_appointment", appointment_id="appt_9999") == "not_found"
    # the freed slot is bookable again
    freed = ok(server, "search_availability", location_ids=[appointment["location_id"]],
               visit_type=appointment["visit_type"], date=appointment["start_time"][:10],
               provider_id=appointment["provider_id"])
    assert appointment["start_time"] in {s["start_time"] for s in freed["slots"]}


# --- scheduling: waitlist, texts, appointment list ---------------------------------------------

def test_add_to_waitlist(server: HealthcareServer) -> None:
    pid = established(server)
    data = ok(server, "add_to_waitlist", patient_id=pid, location_id="Windermere",
              visit_type="follow_up", notes="Thursday mornings")
    assert data["waitlist_id"] == "wl_0001" and data["position"] == 1
    assert server.db.rows("waitlist") == [{"waitlist_id": "wl_0001", "patient_id": pid,
                                           "location_id": "loc_windermere",
                                           "visit_type": "follow_up",
                                           "notes": "Thursday mornings"}]
    assert error(server, "add_to_waitlist", patient_id=pid, location_id="loc_windermere",
                 visit_type="follow_up", notes="any time") == "already_exists"
    second = ok(server, "add_to_waitlist", patient_id=established(server, 1),
                location_id="loc_windermere", visit_type="follow_up", notes="any time")
    assert second["waitlist_id"] == "wl_0002" and second["position"] == 2
    assert error(server, "add_to_waitlist", patient_id="pat_9999", location_id="loc_windermere",
                 visit_type="follow_up", notes="x") == "not_found"
    assert error(server, "add_to_waitlist", patient_id=pid, location_id="loc_nowhere",
                 visit_type="follow_up", notes="x") == "not_found"
    assert error(server, "add_to_waitlist", patient_id=pid, location_id="loc_windermere",
                 visit_type="sick_visit") == "invalid_argument"


def test_send_sms_queues_without_writing(server: HealthcareServer) -> None:
    before = write_tables(server)
    data = ok(server, "send_sms", phone_e164="917-555-0186", message="See you Tuesday at 10.")
    assert data["queued"] is True and data["to"] == "+19175550186"
    assert write_tables(server) == before
    assert error(server, "send_sms", phone_e164="not a phone",
                 message="hi") == "invalid_argument"


def test_get_patient_appointments(server: HealthcareServer) -> None:
    appointment = booked_upcoming(server)
    pid = appointment["patient_id"]
    upcoming = ok(server, "get_patient_appointments", patient_id=pid)["appointments"]
    assert appointment["appointment_id"] in {a["appointment_id"] for a in upcoming}
    assert all(a["start_time"][:10] >= TODAY for a in upcoming)
    assert upcoming[0]["provider_name"] and upcoming[0]["location_name"]
    everything = ok(server, "get_patient_appointments", patient_id=pid,
                    include_past=True)["appointments"]
    assert len(everything) == sum(1 for a in server.db.rows("appointments")
                                  if a["patient_id"] == pid)
    assert error(server, "get_patient_appointments", patient_id="pat_9999") == "not_found"


def test_session_tools_are_not_served(server: HealthcareServer) -> None:
    for name in ("transfer_to_coverage", "transfer_to_human", "end_call"):
        assert error(server, name) == "unknown_tool"


# --- write discipline, immutability, determinism ------------------------------------------------

READ_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("lookup_patient", {"full_name": "Wei Zhang", "date_of_birth": "1977-05-24"}),
    ("list_locations", {}),
    ("get_location", {"location_id": "loc_windermere"}),
    ("list_providers", {"location_id": "loc_riverdale"}),
    ("check_plan_accepted", {"carrier": "bcbs", "location_id": "loc_windermere"}),
    ("search_availability", {"location_ids": ["loc_park_ave"], "visit_type": "new_patient",
                             "date": "2026-12-08"}),
    ("send_sms", {"phone_e164": "+12125550123", "message": "Your visit is confirmed."}),
    ("get_patient_appointments", {"patient_id": "pat_0001", "include_past": True}),
]


def test_read_tools_never_change_write_tables(server: HealthcareServer) -> None:
    industry = load_industry("healthcare")
    before = write_tables(server)
    for name, arguments in READ_CALLS:
        assert industry.tools[name].access == "read"
        ok(server, name, **arguments)
    assert write_tables(server) == before


def scenario(server: HealthcareServer) -> list[Any]:
    """A call touching every write tool; returns the ids it produced."""
    out: list[Any] = []
    pid = ok(server, "register_patient", full_name="Dana Whitfield", date_of_birth="1991-03-14",
             phone_e164="+19175550186", carrier="Aetna")["patient_id"]
    out.append(pid)
    ok(server, "update_insurance", patient_id=pid, carrier="aetna", member_id="W123456789")
    slot = first_slot(server, "loc_park_ave", "2026-12-08", "new_patient")
    appointment = ok(server, "book_appointment", patient_id=pid, location_id="loc_park_ave",
                     start_time=slot["start_time"], visit_type="new_patient")
    out.append(appointment["appointment_id"])
    later = first_slot(server, "loc_park_ave", "2026-12-10", "new_patient")
    ok(server, "reschedule_appointment", appointment_id=appointment["appointment_id"],
       start_time=later["start_time"])
    ok(server, "cancel_appointment", appointment_id=appointment["appointment_id"])
    out.append(ok(server, "add_to_waitlist", patient_id=pid, location_id="loc_park_ave",
                  visit_type="new_patient", notes="mornings")["waitlist_id"])
    out.append(write_tables(server))
    return out


def test_write_tools_touch_only_their_declared_tables() -> None:
    industry = load_industry("healthcare")
    seed = load_seed("healthcare")
    server = HealthcareServer(Database(seed))
    steps: list[tuple[str, dict[str, Any]]] = [
        ("register_patient", {"full_name": "Dana Whitfield", "date_of_birth": "1991-03-14",
                              "phone_e164": "+19175550186"}),
        ("update_insurance", {"patient_id": "pat_0001", "carrier": "cigna",
                              "member_id": "U1234567890"}),
        ("book_appointment", {"patient_id": "pat_0051", "location_id": "loc_park_ave",
                              "start_time": "2026-12-08T08:00", "visit_type": "new_patient"}),
        ("reschedule_appointment", {"appointment_id": "appt_0143",
                                    "start_time": "2026-12-08T14:00"}),
        ("cancel_appointment", {"appointment_id": "appt_0143", "reason": "moving"}),
        ("add_to_waitlist", {"patient_id": "pat_0051", "location_id": "loc_park_ave",
                             "visit_type": "new_patient", "notes": "any weekday"}),
    ]
    for name, arguments in steps:
        before = write_tables(server)
        ok(server, name, **arguments)
        after = write_tables(server)
        changed = {table for table in before if before[table] != after[table]}
        assert changed == set(industry.tools[name].writes), name
    for table in industry.catalog_tables:
        assert server.db.rows(table) is seed[table]


def test_seed_is_never_mutated() -> None:
    seed = load_seed("healthcare")
    snapshot = copy.deepcopy(seed)
    server = HealthcareServer(Database(seed))
    scenario(server)
    for name, arguments in READ_CALLS:
        data = ok(server, name, **arguments)
        if isinstance(data, dict):
            data.clear()  # a caller scribbling on an answer must not reach the seed
    assert seed == snapshot


def test_ids_are_sequential_and_deterministic() -> None:
    seed = load_seed("healthcare")
    first = scenario(HealthcareServer(Database(seed)))
    second = scenario(HealthcareServer(Database(seed)))
    assert first == second
    assert first[0] == f"pat_{len(seed['patients']) + 1:04d}"
    assert first[1] == f"appt_{len(seed['appointments']) + 1:04d}"
    assert first[2] == "wl_0001"


def test_one_server_serves_fresh_databases() -> None:
    """The runtime may hand a server a new Database; its caches must follow."""
    seed = load_seed("healthcare")
    server = HealthcareServer(Database(seed))
    scenario(server)
    server.db = Database(seed)
    assert write_tables(server) == {t: list(seed[t]) for t in ("patients", "appointments",
                                                                 "waitlist")}
    assert scenario(server)[:3] == scenario(HealthcareServer(Database(seed)))[:3]
