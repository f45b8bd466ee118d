"""Tool server of Hudson Valley Family Medicine, the healthcare industry.

Catalog tables (offices, providers and their weekly schedules, closures, carriers and per-office
plan acceptance) are read-only and indexed once per seed; the write tables are ``patients``,
``appointments`` and ``waitlist``. Open slots are derived on every search from the provider
schedules minus the booked visits of the episode's database, on a 30-minute grid."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import cached_property

from mivas_env.industries.base import Row, ToolError, ToolServer
from rewards.clock import minutes as _minutes
from rewards.clock import overlaps as _overlaps
from rewards.industry import fold_spelling

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SLOT_MINUTES = 30
BOOKING_WINDOW_DAYS = 28  # today and the 27 days after it
MAX_SLOTS_SHOWN = 40
PROVIDER, PATIENT = "provider", "patient"  # whose busy times _busy collects


@dataclass(frozen=True)
class Block:
    """One stretch of a provider's weekly schedule at one office, in minutes after midnight."""

    provider_id: str
    location_id: str
    weekday: int
    start: int
    end: int


@dataclass(frozen=True)
class Catalog:
    """Indexes over the read-only tables of one seed (built once, shared by every episode)."""

    today: str
    last_bookable: str
    locations: dict[str, Row]
    providers: dict[str, Row]
    blocks: dict[tuple[str, int], tuple[Block, ...]]
    provider_blocks: dict[str, tuple[Block, ...]]
    time_off: dict[str, tuple[tuple[str, str], ...]]
    closures: dict[tuple[str, str], str]
    location_closures: dict[str, tuple[tuple[str, str], ...]]
    durations: dict[str, int]
    carriers: dict[str, Row]
    acceptance: dict[tuple[str, str], Row]


_CLOCK = tuple(f"{m // 60:02d}:{m % 60:02d}" for m in range(24 * 60 + 1))


def _clock(minutes: int) -> str:
    return _CLOCK[minutes]


def _build_catalog(tables: dict[str, list[Row]], today: str) -> Catalog:
    providers = {row["provider_id"]: row for row in tables["providers"]}
    order = {provider_id: index for index, provider_id in enumerate(providers)}
    all_blocks = sorted(
        (Block(row["provider_id"], row["location_id"], WEEKDAYS.index(row["weekday"]),
               _minutes(row["start"]), _minutes(row["end"]))
         for row in tables["provider_schedules"]),
        key=lambda b: (b.weekday, b.start, order[b.provider_id]))
    blocks: dict[tuple[str, int], list[Block]] = {}
    by_provider: dict[str, list[Block]] = {}
    for block in all_blocks:
        blocks.setdefault((block.location_id, block.weekday), []).append(block)
        by_provider.setdefault(block.provider_id, []).append(block)
    time_off: dict[str, list[tuple[str, str]]] = {}
    for row in tables["provider_time_off"]:
        time_off.setdefault(row["provider_id"], []).append((row["start_date"], row["end_date"]))
    location_closures: dict[str, list[tuple[str, str]]] = {}
    for row in sorted(tables["closures"], key=lambda r: str(r["date"])):
        location_closures.setdefault(row["location_id"], []).append((row["date"], row["reason"]))
    return Catalog(
        today=today,
        last_bookable=(date.fromisoformat(today)
                       + timedelta(days=BOOKING_WINDOW_DAYS - 1)).isoformat(),
        locations={row["location_id"]: row for row in tables["locations"]},
        providers=providers,
        blocks={key: tuple(value) for key, value in blocks.items()},
        provider_blocks={key: tuple(value) for key, value in by_provider.items()},
        time_off={key: tuple(value) for key, value in time_off.items()},
        closures={(row["location_id"], row["date"]): row["reason"] for row in tables["closures"]},
        location_closures={key: tuple(value) for key, value in location_closures.items()},
        durations={row["visit_type"]: int(row["duration_min"]) for row in tables["visit_types"]},
        carriers={row["carrier"]: row for row in tables["carriers"]},
        acceptance={(row["carrier"], row["location_id"]): row
                    for row in tables["plan_acceptance"]},
    )


# One booked visit: (appointment_id, provider_id, patient_id, start minute, end minute).
Booked = tuple[str, str, str, int, int]


def _book_index(rows: list[Row], durations: dict[str, int]
                ) -> tuple[dict[str, list[Booked]], int]:
    """Booked visits by day (cancelled and completed ones hold no time), and the highest
    appointment number (``appt_NNNN``) in use."""
    by_day: dict[str, list[Booked]] = {}
    highest = 0
    for row in rows:
        number = row["appointment_id"][5:]
        if number.isdigit():
            highest = max(highest, int(number))
        if row["status"] != "booked":
            continue
        start_time = row["start_time"]
        start = _minutes(start_time[11:16])
        by_day.setdefault(start_time[:10], []).append(
            (row["appointment_id"], row["provider_id"], row["patient_id"], start,
             start + durations[row["visit_type"]]))
    return by_day, highest


class HealthcareServer(ToolServer):
    """Reception, coverage and scheduling tools of a five-office primary-care practice."""

    @property
    def catalog(self) -> Catalog:
        """Indexes over the catalog tables (built once per seed and date; rebuilt if written)."""
        return self.db.memo(self._catalog_key, self.industry.catalog_tables, self._build_catalog)

    @cached_property
    def _catalog_key(self) -> tuple[str, str]:
        return ("catalog", self.today)

    def _build_catalog(self) -> Catalog:
        return _build_catalog({table: self.db.rows(table) for table in self.industry.catalog_tables},
                              self.today)

    # --- lookups that raise the business errors -----------------------------------------

    def _patient(self, patient_id: str) -> tuple[int, Row]:
        found = self.db.first("patients", patient_id=patient_id)
        if found is None:
            raise ToolError("not_found", f"There is no patient with id {patient_id}.")
        return found

    def _location(self, location_id: str) -> Row:
        location = self.catalog.locations.get(location_id)
        if location is None:
            raise ToolError("not_found", f"We have no office called {location_id}.")
        return location

    def _provider(self, provider_id: str) -> Row:
        provider = self.catalog.providers.get(provider_id)
        if provider is None:
            raise ToolError("not_found", f"We have no provider called {provider_id}.")
        return provider

    def _carrier(self, carrier: str) -> Row:
        row = self.catalog.carriers.get(carrier)
        if row is None:
            raise ToolError("not_found", f"{carrier} is not an insurance carrier we know.")
        return row

    def _appointment(self, appointment_id: str) -> tuple[int, Row]:
        found = self.db.first("appointments", appointment_id=appointment_id)
        if found is None:
            raise ToolError("not_found", f"There is no appointment {appointment_id}.")
        return found

    def _check_window(self, day: str) -> None:
        if day < self.catalog.today:
            raise ToolError("outside_booking_window", f"{day} is in the past.")
        if day > self.catalog.last_bookable:
            raise ToolError("outside_booking_window", "We book up to four weeks ahead, "
                                                      f"through {self.catalog.last_bookable}.")

    # --- derived facts ------------------------------------------------------------------

    def _is_off(self, provider_id: str, day: str) -> bool:
        return any(first <= day <= last
                   for first, last in self.catalog.time_off.get(provider_id, ()))

    def _established(self, patient_id: str) -> bool:
        return any(row["patient_id"] == patient_id and row["status"] == "completed"
                   for row in self.db.rows("appointments"))

    def _book(self) -> tuple[dict[str, list[Booked]], int]:
        """The book index of this episode's appointments (rebuilt after a write to them)."""
        return self.db.memo("book", self._book_tables, self._build_book)

    @cached_property
    def _book_tables(self) -> tuple[str, ...]:
        return ("appointments", *self.industry.catalog_tables)

    def _build_book(self) -> tuple[dict[str, list[Booked]], int]:
        return _book_index(self.db.rows("appointments"), self.catalog.durations)

    def _booked_on(self, day: str) -> list[Booked]:
        """The booked visits of ``day`` in this episode's database."""
        return self._book()[0].get(day, [])

    def _next_appointment_id(self) -> str:
        """What ``Database.next_id("appointments", "appointment_id", "appt_")`` returns,
        read from the book index instead of a scan."""
        return f"appt_{self._book()[1] + 1:04d}"

    def _busy(self, who: str, day: str, skip: str | None = None
              ) -> dict[str, list[tuple[int, int]]]:
        """Booked intervals on ``day`` per provider or per patient (``who``), minus ``skip``."""
        by_patient = who == PATIENT
        busy: dict[str, list[tuple[int, int]]] = {}
        for appointment_id, provider_id, patient_id, start, end in self._booked_on(day):
            if appointment_id != skip:
                key = patient_id if by_patient else provider_id
                busy.setdefault(key, []).append((start, end))
        return busy

    def _accepts_new(self, provider_id: str) -> bool:
        return bool(self.catalog.providers[provider_id]["accepts_new_patients"])

    def _appointment_view(self, row: Row) -> Row:
        start_time = row["start_time"]
        end = _minutes(start_time[11:16]) + self.catalog.durations[row["visit_type"]]
        location = self.catalog.locations[row["location_id"]]
        return {
            "appointment_id": row["appointment_id"],
            "patient_id": row["patient_id"],
            "start_time": start_time,
            "end_time": f"{start_time[:11]}{_clock(end)}",
            "visit_type": row["visit_type"],
            "status": row["status"],
            "provider_id": row["provider_id"],
            "provider_name": self.catalog.providers[row["provider_id"]]["display_name"],
            "location_id": row["location_id"],
            "location_name": location["name"],
            "address": f"{location['address']}, {location['city']}, {location['state']}",
        }

    def _patient_view(self, row: Row) -> Row:
        carrier = self.catalog.carriers.get(row["carrier"] or "")
        today = self.catalog.today
        upcoming = sum(1 for appt in self.db.rows("appointments")
                       if appt["patient_id"] == row["patient_id"] and appt["status"] == "booked"
                       and appt["start_time"][:10] >= today)
        return {
            "patient_id": row["patient_id"],
            "full_name": row["full_name"],
            "date_of_birth": row["date_of_birth"],
            "phone_e164": row["phone_e164"],
            "carrier": row["carrier"],
            "carrier_name": carrier["name"] if carrier else None,
            "member_id": row["member_id"],
            "established_patient": self._established(row["patient_id"]),
            "upcoming_appointments": upcoming,
        }

    def _accepting_locations(self, carrier: str) -> list[str]:
        return [location_id for location_id in self.catalog.locations
                if self.catalog.acceptance.get((carrier, location_id), {}).get("accepted")]

    def _choose_provider(self, *, patient_id: str, location_id: str, start_time: str,
                         visit_type: str, provider_id: str | None, prefer: str | None = None,
                         skip: str | None = None) -> str:
        """The provider who takes this visit, or the ``conflict`` / ``not_eligible`` refusal."""
        catalog = self.catalog
        day = start_time[:10]
        self._check_window(day)
        location = catalog.locations[location_id]
        closed = catalog.closures.get((location_id, day))
        if closed is not None:
            raise ToolError("conflict", f"The {location['name']} office is closed on {day} "
                                        f"({closed}).")
        start = _minutes(start_time[11:16])
        end = start + catalog.durations[visit_type]
        if _overlaps(start, end, self._busy(PATIENT, day, skip).get(patient_id, [])):
            raise ToolError("conflict", "The patient already has an appointment at that time.")
        if provider_id is not None and visit_type == "new_patient" and \
                not self._accepts_new(provider_id):
            name = catalog.providers[provider_id]["display_name"]
            raise ToolError("not_eligible", f"{name} is not taking new patients.")
        weekday = date.fromisoformat(day).weekday()
        scheduled = [block.provider_id for block in catalog.blocks.get((location_id, weekday), ())
                     if block.start <= start and end <= block.end
                     and (start - block.start) % SLOT_MINUTES == 0
                     and (provider_id is None or block.provider_id == provider_id)]
        if not scheduled:
            who = catalog.providers[provider_id]["display_name"] if provider_id else "No provider"
            verb = "does not see" if provider_id else "sees"
            raise ToolError("conflict", f"{who} {verb} patients at {location['name']} at that "
                                        f"time on {WEEKDAYS[weekday].capitalize()}.")
        if visit_type == "new_patient":
            scheduled = [p for p in scheduled if self._accepts_new(p)]
            if not scheduled:
                raise ToolError("conflict", "No provider taking new patients is scheduled at "
                                            f"{location['name']} at that time.")
        present = [p for p in scheduled if not self._is_off(p, day)]
        if not present:
            raise ToolError("conflict", "The provider scheduled then is out of the office "
                                        "that day.")
        provider_busy = self._busy(PROVIDER, day, skip)
        free = [p for p in present if not _overlaps(start, end, provider_busy.get(p, []))]
        if not free:
            raise ToolError("conflict", "That time is already taken.")
        return prefer if prefer in free else free[0]

    def _check_new_patient_visit(self, patient_id: str, skip: str | None = None) -> None:
        if self._established(patient_id):
            raise ToolError("not_eligible", "This is an established patient: book a follow-up, "
                                            "annual physical or sick visit instead.")
        for row in self.db.rows("appointments"):
            if row["patient_id"] == patient_id and row["visit_type"] == "new_patient" and \
                    row["status"] == "booked" and row["appointment_id"] != skip:
                raise ToolError("not_eligible", "The patient already has a new-patient visit "
                                                f"booked on {row['start_time'][:10]}.")

    # --- reception ----------------------------------------------------------------------

    def tool_lookup_patient(self, full_name: str, date_of_birth: str) -> Row:
        name_key = self.key("lookup_patient", "full_name")
        wanted = name_key(full_name)
        for row in self.db.rows("patients"):
            if row["date_of_birth"] == date_of_birth and name_key(row["full_name"]) == wanted:
                return self._patient_view(row)
        raise ToolError("not_found", "I could not find a patient with that name and date of "
                                     "birth.")

    def tool_list_locations(self) -> list[Row]:
        return [{"location_id": row["location_id"], "name": row["name"],
                 "address": row["address"], "city": row["city"], "area": row["area"],
                 "phone_e164": row["phone_e164"]}
                for row in self.catalog.locations.values()]

    def tool_get_location(self, location_id: str) -> Row:
        row = self._location(location_id)
        catalog = self.catalog
        providers: dict[str, list[str]] = {}
        for weekday in range(7):
            for block in catalog.blocks.get((location_id, weekday), ()):
                days = providers.setdefault(block.provider_id, [])
                if WEEKDAYS[weekday] not in days:
                    days.append(WEEKDAYS[weekday])
        return {
            "location_id": location_id, "name": row["name"], "address": row["address"],
            "city": row["city"], "state": row["state"], "zip": row["zip"], "area": row["area"],
            "phone_e164": row["phone_e164"], "hours": dict(row["hours"]), "notes": row["notes"],
            "providers": [{"provider_id": pid,
                           "provider_name": catalog.providers[pid]["display_name"],
                           "days": days} for pid, days in providers.items()],
            "upcoming_closures": [{"date": day, "reason": reason}
                                  for day, reason in catalog.location_closures.get(location_id, ())
                                  if day >= catalog.today],
        }

    def tool_list_providers(self, location_id: str | None = None,
                            accepting_new_patients: bool | None = None) -> list[Row]:
        if location_id is not None:
            self._location(location_id)
        catalog = self.catalog
        out: list[Row] = []
        for provider_id, row in catalog.providers.items():
            if accepting_new_patients is not None and \
                    bool(row["accepts_new_patients"]) != accepting_new_patients:
                continue
            schedule = [{"location_id": b.location_id, "weekday": WEEKDAYS[b.weekday],
                         "start": _clock(b.start), "end": _clock(b.end)}
                        for b in catalog.provider_blocks.get(provider_id, ())
                        if location_id is None or b.location_id == location_id]
            if location_id is not None and not schedule:
                continue
            out.append({
                "provider_id": provider_id, "provider_name": row["display_name"],
                "credentials": row["credentials"], "specialty": row["specialty"],
                "languages": list(row["languages"]),
                "accepts_new_patients": row["accepts_new_patients"],
                "schedule": schedule,
                "time_off": [{"start_date": first, "end_date": last}
                             for first, last in catalog.time_off.get(provider_id, ())
                             if last >= catalog.today],
            })
        return out

    # --- coverage -----------------------------------------------------------------------

    def tool_check_plan_accepted(self, carrier: str, location_id: str) -> Row:
        carrier_row = self._carrier(carrier)
        location = self._location(location_id)
        rule = self.catalog.acceptance.get((carrier, location_id), {})
        accepted = bool(rule.get("accepted"))
        return {
            "carrier": carrier, "carrier_name": carrier_row["name"],
            "location_id": location_id, "location_name": location["name"],
            "accepted": accepted, "note": rule.get("note"),
            "accepted_at": self._accepting_locations(carrier),
        }

    def tool_register_patient(self, full_name: str, date_of_birth: str, phone_e164: str,
                              carrier: str | None = None) -> Row:
        name = " ".join(full_name.split())
        if len(fold_spelling(name).split()) < 2:
            raise ToolError("invalid_argument", "Please give the patient's first and last name.")
        today = self.catalog.today
        if date_of_birth >= today:
            raise ToolError("invalid_argument", "The date of birth must be in the past.")
        if date_of_birth < f"{int(today[:4]) - 125}{today[4:]}":
            raise ToolError("invalid_argument", "That date of birth is too far in the past.")
        if carrier is not None:
            self._carrier(carrier)
        name_key = self.key("register_patient", "full_name")
        wanted = name_key(name)
        for row in self.db.rows("patients"):
            if row["date_of_birth"] == date_of_birth and name_key(row["full_name"]) == wanted:
                raise ToolError("already_exists", "A patient with that name and date of birth "
                                                  "is already registered.")
        row = self.db.insert("patients", {
            "patient_id": self.db.next_id("patients", "patient_id", "pat_"),
            "full_name": name,
            "date_of_birth": date_of_birth,
            "phone_e164": phone_e164,
            "carrier": carrier,
            "member_id": None,
        })
        return self._patient_view(row)

    def tool_update_insurance(self, patient_id: str, carrier: str, member_id: str) -> Row:
        index, row = self._patient(patient_id)
        carrier_row = self._carrier(carrier)
        previous = row["carrier"]
        updated = self.db.update("patients", index, carrier=carrier, member_id=member_id.upper())
        return {
            "patient_id": patient_id, "carrier": carrier, "carrier_name": carrier_row["name"],
            "member_id": updated["member_id"], "previous_carrier": previous,
            "accepted_at": self._accepting_locations(carrier),
        }

    # --- scheduling ---------------------------------------------------------------------

    def tool_search_availability(self, location_ids: list[str], visit_type: str, date: str,
                                 provider_id: str | None = None) -> Row:
        catalog = self.catalog
        locations = list(dict.fromkeys(location_ids))
        for location_id in locations:
            self._location(location_id)
        if provider_id is not None:
            self._provider(provider_id)
        self._check_window(date)
        day = date
        weekday = _weekday(day)
        duration = catalog.durations[visit_type]
        busy = self._busy(PROVIDER, day)
        found: list[tuple[int, int, int, str, str]] = []
        closed: list[Row] = []
        order = {pid: index for index, pid in enumerate(catalog.providers)}
        for rank, location_id in enumerate(locations):
            reason = catalog.closures.get((location_id, day))
            if reason is not None:
                closed.append({"location_id": location_id, "reason": reason})
                continue
            for block in catalog.blocks.get((location_id, weekday), ()):
                pid = block.provider_id
                if (provider_id is not None and pid != provider_id) or self._is_off(pid, day) \
                        or (visit_type == "new_patient" and not self._accepts_new(pid)):
                    continue
                taken = busy.get(pid)
                for start in range(block.start, block.end - duration + 1, SLOT_MINUTES):
                    if not taken or not _overlaps(start, start + duration, taken):
                        found.append((start, rank, order[pid], location_id, pid))
        found.sort()
        slots = [{"start_time": f"{day}T{_CLOCK[start]}", "location_id": location_id,
                  "provider_id": pid, "provider_name": catalog.providers[pid]["display_name"]}
                 for start, _, _, location_id, pid in found[:MAX_SLOTS_SHOWN]]
        return {"date": day, "weekday": WEEKDAYS[weekday], "visit_type": visit_type,
                "duration_min": duration, "slots": slots, "total_open": len(found),
                "closed": closed}

    def tool_book_appointment(self, patient_id: str, location_id: str, start_time: str,
                              visit_type: str, provider_id: str | None = None) -> Row:
        self._patient(patient_id)
        self._location(location_id)
        if provider_id is not None:
            self._provider(provider_id)
        if visit_type == "new_patient":
            self._check_new_patient_visit(patient_id)
        chosen = self._choose_provider(patient_id=patient_id, location_id=location_id,
                                       start_time=start_time, visit_type=visit_type,
                                       provider_id=provider_id)
        appointment_id = self._next_appointment_id()
        row = self.db.insert("appointments", {
            "appointment_id": appointment_id,
            "patient_id": patient_id,
            "provider_id": chosen,
            "location_id": location_id,
            "start_time": start_time,
            "visit_type": visit_type,
            "status": "booked",
            "cancel_reason": None,
        })
        patient = self._patient(patient_id)[1]
        view = self._appointment_view(row)
        view["insurance_in_network"] = None if patient["carrier"] is None else bool(
            self.catalog.acceptance.get((patient["carrier"], location_id), {}).get("accepted"))
        return view

    def tool_reschedule_appointment(self, appointment_id: str, start_time: str,
                                    location_id: str | None = None,
                                    provider_id: str | None = None) -> Row:
        index, row = self._appointment(appointment_id)
        if location_id is not None:
            self._location(location_id)
        if provider_id is not None:
            self._provider(provider_id)
        if row["status"] != "booked":
            raise ToolError("not_eligible", f"That appointment is {row['status']} and cannot be "
                                            "moved.")
        target = location_id or row["location_id"]
        if start_time == row["start_time"] and target == row["location_id"] and \
                provider_id in (None, row["provider_id"]):
            raise ToolError("invalid_argument", "The appointment is already at that time.")
        if row["visit_type"] == "new_patient":
            self._check_new_patient_visit(row["patient_id"], skip=appointment_id)
        chosen = self._choose_provider(patient_id=row["patient_id"], location_id=target,
                                       start_time=start_time, visit_type=row["visit_type"],
                                       provider_id=provider_id, prefer=row["provider_id"],
                                       skip=appointment_id)
        previous = row["start_time"]
        updated = self.db.update("appointments", index, start_time=start_time,
                                 location_id=target, provider_id=chosen)
        view = self._appointment_view(updated)
        view["previous_start_time"] = previous
        return view

    def tool_cancel_appointment(self, appointment_id: str, reason: str | None = None) -> Row:
        index, row = self._appointment(appointment_id)
        if row["status"] != "booked":
            raise ToolError("not_eligible", f"That appointment is already {row['status']}.")
        updated = self.db.update("appointments", index, status="cancelled", cancel_reason=reason)
        return self._appointment_view(updated)

    def tool_add_to_waitlist(self, patient_id: str, location_id: str, visit_type: str,
                             notes: str) -> Row:
        self._patient(patient_id)
        location = self._location(location_id)
        if self.db.first("waitlist", patient_id=patient_id, location_id=location_id,
                         visit_type=visit_type) is not None:
            raise ToolError("already_exists", "The patient is already on the waitlist for that "
                                              "office and visit type.")
        row = self.db.insert("waitlist", {
            "waitlist_id": self.db.next_id("waitlist", "waitlist_id", "wl_"),
            "patient_id": patient_id,
            "location_id": location_id,
            "visit_type": visit_type,
            "notes": notes,
        })
        position = sum(1 for _ in self.db.find("waitlist", location_id=location_id,
                                               visit_type=visit_type))
        return {**row, "location_name": location["name"], "position": position}

    def tool_send_sms(self, phone_e164: str, message: str) -> Row:
        return {"queued": True, "to": phone_e164, "characters": len(message)}

    def tool_get_patient_appointments(self, patient_id: str,
                                      include_past: bool = False) -> Row:
        _, patient = self._patient(patient_id)
        today = self.catalog.today
        rows = sorted((row for row in self.db.rows("appointments")
                       if row["patient_id"] == patient_id
                       and (include_past or row["start_time"][:10] >= today)),
                      key=lambda row: str(row["start_time"]))
        return {"patient_id": patient_id, "full_name": patient["full_name"],
                "appointments": [self._appointment_view(row) for row in rows]}


def _weekday(day: str) -> int:
    return date.fromisoformat(day).weekday()
