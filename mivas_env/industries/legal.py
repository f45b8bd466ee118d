"""Tool server of the legal industry: Brennan & Adeyemi LLP, a plaintiff and general-practice firm
with offices in Manhattan and Newark (see ``tasks/legal/README.md`` for the catalog and policy).

Catalog lookups (attorneys, schedules, clients, adverse parties, limitation rules) are indexed
once per seed; write tables are read through the per-episode ``Database``. Conflict checks and
client lookups use the grader's own fuzzy name rule (``rewards.names.names_match``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from mivas_env.industries.base import Row, ToolError, ToolServer
from rewards.clock import day as _day
from rewards.clock import minutes as _minutes
from rewards.clock import overlaps as _overlaps
from rewards.names import names_match

CONSULTATION_MINUTES = 60
CONFLICT_CACHE_SIZE = 4096  # conflict-check answers kept per catalog
BOOKING_HORIZON_DAYS = 90
SLOT_STEP_MINUTES = 30
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
AREA_NAMES = {
    "personal_injury": "personal injury", "employment": "employment", "family": "family law",
    "estate_planning": "estate planning", "criminal_defense": "criminal defense",
    "immigration": "immigration",
}
CALLBACK_BY_URGENCY = {
    "emergency": "right away", "high": "within the hour",
    "normal": "today", "low": "within two business days",
}


# --- catalog indexes (built once per seed) --------------------------------------------------------

@dataclass(frozen=True)
class _Party:
    name: str
    relation: str  # "client" or "adverse_party"
    record: Row  # the public view returned in conflict-check matches


@dataclass(frozen=True)
class _Catalog:
    attorneys: dict[str, Row]
    attorney_views: dict[str, Row]
    areas: dict[str, frozenset[str]]
    windows: dict[tuple[str, str], tuple[tuple[str, str], ...]]  # (attorney, weekday)
    slots: dict[tuple[str, str], tuple[tuple[str, str], ...]]  # candidate (start, end) "HH:MM"
    blocks: dict[tuple[str, str], tuple[tuple[str, str], ...]]  # (attorney, date)
    closures: dict[str, str]
    offices: dict[str, Row]
    clients: dict[str, Row]
    matters: dict[str, Row]
    matters_by_client: dict[str, tuple[Row, ...]]
    rules: dict[tuple[str, str], Row]
    parties: tuple[_Party, ...]
    conflicts: dict[str, tuple[Row, ...]] = field(default_factory=dict, compare=False, repr=False)

    def conflict_matches(self, opposing_party: str) -> tuple[Row, ...]:
        """Parties whose name matches ``opposing_party`` under the fuzzy name rule (memoised on
        the catalog itself, so a catalog can only ever answer for its own world)."""
        hits = self.conflicts.get(opposing_party)
        if hits is None:
            seen: set[int] = set()
            found: list[Row] = []
            for party in self.parties:
                if id(party.record) not in seen and names_match(party.name, opposing_party):
                    seen.add(id(party.record))
                    found.append(party.record)
            hits = tuple(found)
            if len(self.conflicts) < CONFLICT_CACHE_SIZE:
                self.conflicts[opposing_party] = hits
        return hits


def _candidate_slots(start: str, end: str) -> list[tuple[str, str]]:
    """Consultation (start, end) times of day inside one schedule window, every 30 minutes."""
    out: list[tuple[str, str]] = []
    for minute in range(_minutes(start), _minutes(end) - CONSULTATION_MINUTES + 1,
                        SLOT_STEP_MINUTES):
        stop = minute + CONSULTATION_MINUTES
        out.append((f"{minute // 60:02d}:{minute % 60:02d}", f"{stop // 60:02d}:{stop % 60:02d}"))
    return out


def _build_catalog(tables: dict[str, list[Row]]) -> _Catalog:
    offices = {row["office_id"]: row for row in tables["offices"]}
    attorneys = {row["attorney_id"]: row for row in tables["attorneys"]}
    views = {
        key: {"attorney_id": key, "full_name": row["full_name"], "title": row["title"],
              "practice_areas": list(row["practice_areas"]), "office_id": row["office_id"],
              "office": offices[row["office_id"]]["name"],
              "bar_admissions": list(row["bar_admissions"]), "languages": list(row["languages"])}
        for key, row in attorneys.items()}
    windows = {(key, day): tuple((start, end) for start, end in spans)
               for key, row in attorneys.items() for day, spans in row["schedule"].items()}
    slots = {key: tuple(slot for start, end in spans for slot in _candidate_slots(start, end))
             for key, spans in windows.items()}
    blocks: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for row in tables["calendar_blocks"]:
        blocks.setdefault((row["attorney_id"], row["start_time"][:10]), []).append(
            (row["start_time"], row["end_time"]))
    clients = {row["client_id"]: row for row in tables["clients"]}
    matters = {row["matter_id"]: row for row in tables["matters"]}
    by_client: dict[str, list[Row]] = {}
    for row in tables["matters"]:
        by_client.setdefault(row["client_id"], []).append(row)
    parties: list[_Party] = []
    for row in tables["clients"]:
        view = {"relation": "client", "name": row["full_name"], "client_id": row["client_id"],
                "client_status": row["status"]}
        for name in (row["full_name"], *row.get("also_known_as", ())):
            parties.append(_Party(name, "client", view))
    for row in tables["adverse_parties"]:
        matter = matters[row["matter_id"]]
        view = {"relation": "adverse_party", "name": row["name"], "role": row["role"],
                "matter_id": row["matter_id"], "matter_status": matter["status"]}
        parties.append(_Party(row["name"], "adverse_party", view))
    return _Catalog(
        attorneys=attorneys, attorney_views=views,
        areas={key: frozenset(row["practice_areas"]) for key, row in attorneys.items()},
        windows=windows, slots=slots, blocks={key: tuple(spans) for key, spans in blocks.items()},
        closures={row["date"]: row["reason"] for row in tables["office_closures"]},
        offices=offices, clients=clients, matters=matters,
        matters_by_client={key: tuple(rows) for key, rows in by_client.items()},
        rules={(row["practice_area"], row["state"]): row for row in tables["limitation_rules"]},
        parties=tuple(parties))




# --- small helpers ---------------------------------------------------------------------------

def _speak_date(day: date) -> str:
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def _speak_time(moment: datetime) -> str:
    hour = moment.hour % 12 or 12
    return f"{moment:%A}, {moment:%B} {moment.day} at {hour}:{moment:%M} {moment:%p}"


def _add_years(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February in a non-leap year
        return day.replace(year=day.year + years, day=28)


class LegalServer(ToolServer):
    """Tools of Brennan & Adeyemi LLP: reception, new-matter intake and consultation scheduling."""

    # --- catalog and shared checks -----------------------------------------------------------

    @property
    def catalog(self) -> _Catalog:
        """Indexes over the catalog tables (built once per seed, rebuilt if one is written)."""
        return self.db.memo("catalog", self.industry.catalog_tables, self._build_catalog)

    def _build_catalog(self) -> _Catalog:
        return _build_catalog({name: self.db.rows(name) for name in self.industry.catalog_tables})

    def _attorney(self, attorney_id: str) -> Row:
        attorney = self.catalog.attorneys.get(attorney_id)
        if attorney is None:
            raise ToolError("not_found", f"There is no attorney with id {attorney_id}.")
        return attorney

    def _check_area(self, attorney: Row, practice_area: str) -> None:
        if practice_area not in self.catalog.areas[attorney["attorney_id"]]:
            raise ToolError("not_eligible", f"{attorney['full_name']} does not handle "
                                            f"{AREA_NAMES[practice_area]} matters.")

    def _check_booking_day(self, day: date) -> None:
        today = _day(self.today)
        if day <= today:
            raise ToolError("outside_booking_window",
                            "Consultations can be booked from tomorrow onward.")
        if day > today + timedelta(days=BOOKING_HORIZON_DAYS):
            raise ToolError("outside_booking_window", "Consultations can be booked up to "
                                                      f"{BOOKING_HORIZON_DAYS} days ahead.")
        reason = self.catalog.closures.get(day.isoformat())
        if reason is not None:
            raise ToolError("outside_hours", f"The office is closed on {_speak_date(day)} "
                                             f"for {reason}.")

    def _check_incident_date(self, incident_date: str) -> date:
        day = _day(incident_date)
        if day > _day(self.today):
            raise ToolError("invalid_argument", "The incident date is in the future.")
        return day

    def _busy(self, attorney_id: str, day: str) -> list[tuple[str, str]]:
        spans = list(self.catalog.blocks.get((attorney_id, day), ()))
        for _, hold in self.db.find("holds", attorney_id=attorney_id, status="held"):
            if hold["start_time"][:10] == day:
                spans.append((hold["start_time"], hold["end_time"]))
        return spans

    def _free_slots(self, attorney_id: str, day: date) -> list[str]:
        iso = day.isoformat()
        candidates = self.catalog.slots.get((attorney_id, WEEKDAYS[day.weekday()]), ())
        busy = [(start[11:], end[11:]) for start, end in self._busy(attorney_id, iso)]
        return [f"{iso}T{start}" for start, end in candidates
                if not busy or not _overlaps(start, end, busy)]

    def _reference(self, reference_id: str) -> Row:
        """The intake, client, matter or hold a note or document request is about."""
        prefix = reference_id.split("_", 1)[0]
        if prefix == "cli":
            row = self.catalog.clients.get(reference_id)
        elif prefix == "mat":
            row = self.catalog.matters.get(reference_id)
        else:
            table, column = ("intakes", "intake_id") if prefix == "int" else ("holds", "hold_id")
            found = self.db.first(table, **{column: reference_id})
            row = found[1] if found else None
        if row is None:
            raise ToolError("not_found", f"There is no record with id {reference_id}.")
        return row

    def _reference_phone(self, reference_id: str, row: Row) -> str | None:
        if reference_id.startswith("mat_"):
            row = self.catalog.clients[row["client_id"]]
        phone = row.get("phone_e164")
        return phone if isinstance(phone, str) and phone else None

    def _conflicts(self, opposing_party: str) -> tuple[Row, ...]:
        return self.catalog.conflict_matches(opposing_party)

    # --- read tools --------------------------------------------------------------------------

    def tool_lookup_client(self, full_name: str, phone_e164: str) -> dict[str, Any]:
        catalog = self.catalog
        named = {party.record["client_id"] for party in catalog.parties
                 if party.relation == "client" and names_match(party.name, full_name)}
        if not named:
            raise ToolError("not_found", "I can't find a client of the firm by that name.")
        verified = [catalog.clients[key] for key in sorted(named)
                    if catalog.clients[key]["phone_e164"] == phone_e164]
        if not verified:
            raise ToolError("identity_not_verified",
                            "That phone number doesn't match our records for that client.")
        if len(verified) > 1:
            raise ToolError("ambiguous", "More than one client matches; please ask for details.")
        client = verified[0]
        matters = [
            {"matter_id": m["matter_id"], "title": m["title"],
             "practice_area": m["practice_area"], "status": m["status"],
             "attorney_id": m["attorney_id"],
             "attorney_name": catalog.attorneys[m["attorney_id"]]["full_name"]}
            for m in catalog.matters_by_client.get(client["client_id"], ())]
        return {"client_id": client["client_id"], "full_name": client["full_name"],
                "status": client["status"], "matters": matters}

    def tool_list_attorneys(self, practice_area: str | None = None,
                            office_id: str | None = None) -> list[Row]:
        catalog = self.catalog
        return [dict(view) for key, view in catalog.attorney_views.items()
                if (practice_area is None or practice_area in catalog.areas[key])
                and (office_id is None or view["office_id"] == office_id)]

    def tool_check_attorney_availability(self, date: str, attorney_id: str | None = None,
                                         practice_area: str | None = None) -> dict[str, Any]:
        catalog = self.catalog
        if attorney_id is not None:
            attorney = self._attorney(attorney_id)
            if practice_area is not None:
                self._check_area(attorney, practice_area)
            chosen = [attorney_id]
        else:
            chosen = [key for key in catalog.attorneys
                      if practice_area is None or practice_area in catalog.areas[key]]
        day = _day(date)
        self._check_booking_day(day)
        return {
            "date": date, "day": _speak_date(day), "minutes": CONSULTATION_MINUTES,
            "attorneys": [
                {"attorney_id": key, "full_name": catalog.attorneys[key]["full_name"],
                 "office": catalog.attorney_views[key]["office"],
                 "free_start_times": self._free_slots(key, day)}
                for key in chosen]}

    def tool_check_filing_deadline(self, practice_area: str, state: str,
                                   incident_date: str) -> dict[str, Any]:
        incident = self._check_incident_date(incident_date)
        rules = self.catalog.rules
        rule = rules.get((practice_area, state)) or rules.get((practice_area, "*"))
        if rule is None:
            raise ToolError("unsupported_state", f"We have no {AREA_NAMES[practice_area]} "
                                                 f"deadline rule on file for {state}; an "
                                                 "attorney must review it.")
        answer: dict[str, Any] = {
            "practice_area": practice_area, "state": state, "incident_date": incident_date,
            "claim": rule["claim"], "notes": rule["notes"]}
        years, days = rule["years"], rule["days"]
        if years is None and days is None:
            return {**answer, "has_deadline": False, "rule": "no filing deadline",
                    "deadline": None, "days_remaining": None, "passed": False}
        if years is not None:
            deadline = _add_years(incident, years)
            period = f"{years} year{'s' if years != 1 else ''}"
        else:
            deadline = incident + timedelta(days=days)
            period = f"{days} days"
        remaining = (deadline - _day(self.today)).days
        return {**answer, "has_deadline": True, "rule": f"{period} from the {rule['trigger']}",
                "deadline": deadline.isoformat(), "deadline_spoken": _speak_date(deadline),
                "days_remaining": remaining, "passed": remaining < 0}

    def tool_run_conflict_check(self, opposing_party: str) -> dict[str, Any]:
        matches = self._conflicts(opposing_party)
        return {"opposing_party": opposing_party,
                "conflict": any(hit["relation"] == "client" for hit in matches),
                "matches": [dict(hit) for hit in matches]}

    # --- write tools -------------------------------------------------------------------------

    def tool_create_intake(self, full_name: str, phone_e164: str, practice_area: str,
                           summary: str, incident_date: str | None = None,
                           opposing_party: str | None = None,
                           for_whom: str | None = None) -> dict[str, Any]:
        if incident_date is not None:
            self._check_incident_date(incident_date)
        if opposing_party is not None and any(
                hit["relation"] == "client" for hit in self._conflicts(opposing_party)):
            raise ToolError("conflict", "The firm has a conflict of interest with that party "
                                        "and cannot take this matter.")
        person = for_whom or full_name
        for _, row in self.db.find("intakes", phone_e164=phone_e164,
                                   practice_area=practice_area):
            if names_match(row["for_whom"] or row["full_name"], person):
                raise ToolError("already_exists", "An intake for this matter was already opened "
                                                  f"on this call ({row['intake_id']}).")
        intake_id = self.db.next_id("intakes", "intake_id", "int_")
        self.db.insert("intakes", {
            "intake_id": intake_id, "full_name": full_name, "phone_e164": phone_e164,
            "practice_area": practice_area, "incident_date": incident_date,
            "opposing_party": opposing_party, "for_whom": for_whom, "summary": summary,
            "status": "new"})
        return {"intake_id": intake_id, "status": "new", "practice_area": practice_area}

    def tool_take_message(self, for_attorney_id: str, caller_name: str, phone_e164: str,
                          message: str) -> dict[str, Any]:
        attorney = self._attorney(for_attorney_id)
        message_id = self.db.next_id("messages", "message_id", "msg_")
        self.db.insert("messages", {
            "message_id": message_id, "for_attorney_id": for_attorney_id,
            "caller_name": caller_name, "phone_e164": phone_e164, "message": message})
        return {"message_id": message_id, "for_attorney": attorney["full_name"]}

    def tool_hold_consultation(self, attorney_id: str, start_time: str, practice_area: str,
                               caller_name: str | None = None, phone_e164: str | None = None,
                               intake_id: str | None = None) -> dict[str, Any]:
        attorney = self._attorney(attorney_id)
        self._check_area(attorney, practice_area)
        if intake_id is not None and self.db.first("intakes", intake_id=intake_id) is None:
            raise ToolError("not_found", f"There is no intake with id {intake_id}.")
        start = datetime.fromisoformat(start_time)
        self._check_booking_day(start.date())
        end = start + timedelta(minutes=CONSULTATION_MINUTES)
        begin, finish = start.hour * 60 + start.minute, end.hour * 60 + end.minute
        windows = self.catalog.windows.get((attorney_id, WEEKDAYS[start.weekday()]), ())
        if end.date() != start.date() or not any(
                _minutes(s) <= begin and finish <= _minutes(e) for s, e in windows):
            raise ToolError("outside_hours", f"{attorney['full_name']} does not hold "
                                             f"consultations at {_speak_time(start)}.")
        end_time = end.strftime("%Y-%m-%dT%H:%M")
        if _overlaps(start_time, end_time, self._busy(attorney_id, start_time[:10])):
            raise ToolError("conflict", f"{attorney['full_name']} is not free at "
                                        f"{_speak_time(start)}.")
        hold_id = self.db.next_id("holds", "hold_id", "hold_")
        self.db.insert("holds", {
            "hold_id": hold_id, "attorney_id": attorney_id, "start_time": start_time,
            "end_time": end_time, "practice_area": practice_area, "caller_name": caller_name,
            "phone_e164": phone_e164, "intake_id": intake_id, "status": "held"})
        office = self.catalog.offices[attorney["office_id"]]
        return {"hold_id": hold_id, "attorney_id": attorney_id,
                "attorney_name": attorney["full_name"], "start_time": start_time,
                "end_time": end_time, "when": _speak_time(start), "address": office["address"],
                "status": "held"}

    def tool_release_hold(self, hold_id: str) -> dict[str, Any]:
        found = self.db.first("holds", hold_id=hold_id)
        if found is None:
            raise ToolError("not_found", f"There is no consultation hold {hold_id}.")
        index, row = found
        if row["status"] == "released":
            raise ToolError("already_released", f"Hold {hold_id} was already released.")
        self.db.update("holds", index, status="released")
        return {"hold_id": hold_id, "status": "released"}

    def tool_add_note(self, reference_id: str, note: str) -> dict[str, Any]:
        self._reference(reference_id)
        note_id = self.db.next_id("notes", "note_id", "note_")
        self.db.insert("notes", {"note_id": note_id, "reference_id": reference_id, "note": note})
        return {"note_id": note_id, "reference_id": reference_id}

    def tool_request_documents(self, reference_id: str, document_type: str, delivery: str,
                               phone_e164: str | None = None) -> dict[str, Any]:
        row = self._reference(reference_id)
        if delivery == "upload_link_sms":
            phone_e164 = phone_e164 or self._reference_phone(reference_id, row)
            if phone_e164 is None:
                raise ToolError("invalid_argument",
                                "I need a mobile number to text the upload link to.")
            how = f"A secure upload link will be texted to {phone_e164}."
        else:
            office = self.catalog.offices["ofc_manhattan"]
            verb = "Mail" if delivery == "mail" else "Drop off"
            how = f"{verb} the documents to {office['address']}."
        doc_id = self.db.next_id("documents", "doc_id", "doc_")
        self.db.insert("documents", {
            "doc_id": doc_id, "reference_id": reference_id, "document_type": document_type,
            "delivery": delivery, "phone_e164": phone_e164, "status": "requested"})
        return {"doc_id": doc_id, "status": "requested", "instructions": how}

    def tool_request_case_evaluation(self, intake_id: str, attorney_id: str | None = None,
                                     notes: str | None = None) -> dict[str, Any]:
        found = self.db.first("intakes", intake_id=intake_id)
        if found is None:
            raise ToolError("not_found", f"There is no intake with id {intake_id}.")
        area = found[1]["practice_area"]
        if attorney_id is None:
            attorney = next(row for key, row in self.catalog.attorneys.items()
                            if area in self.catalog.areas[key])
        else:
            attorney = self._attorney(attorney_id)
            self._check_area(attorney, area)
        existing = self.db.first("evaluations", intake_id=intake_id, status="requested")
        if existing is not None:
            raise ToolError("already_exists", "An evaluation was already requested for this "
                                              f"intake ({existing[1]['eval_id']}).")
        eval_id = self.db.next_id("evaluations", "eval_id", "eval_")
        self.db.insert("evaluations", {
            "eval_id": eval_id, "intake_id": intake_id, "attorney_id": attorney["attorney_id"],
            "practice_area": area, "notes": notes, "status": "requested"})
        return {"eval_id": eval_id, "attorney_id": attorney["attorney_id"],
                "attorney_name": attorney["full_name"], "status": "requested",
                "callback": "within two business days"}

    def tool_escalate_to_human(self, reason: str, urgency: str) -> dict[str, Any]:
        existing = self.db.rows("escalations")
        if existing:
            raise ToolError("already_exists", "This call was already escalated "
                                              f"({existing[0]['escalation_id']}).")
        escalation_id = self.db.next_id("escalations", "escalation_id", "esc_")
        self.db.insert("escalations", {"escalation_id": escalation_id, "reason": reason,
                                       "urgency": urgency})
        return {"escalation_id": escalation_id, "urgency": urgency,
                "callback": f"A staff member will call back {CALLBACK_BY_URGENCY[urgency]}."}
