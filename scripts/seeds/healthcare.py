"""Write ``tasks/healthcare/seed.json``: the seed database of Hudson Valley Family Medicine.

Deterministic (one fixed ``random.Random``); run ``python scripts/seeds/healthcare.py`` from the
repository root (or anywhere) to rewrite the file. The business date is Tuesday 2026-12-01: past
visits run from September to November, upcoming ones through the four-week booking window.
"""

from __future__ import annotations

import json
import random
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

Row = dict[str, Any]

RNG = random.Random(20261201)
TODAY = date(2026, 12, 1)
HORIZON_DAYS = 28  # the booking window: today and the 27 days after it
SLOT_MIN = 30
OUT = Path(__file__).resolve().parents[2] / "tasks" / "healthcare" / "seed.json"

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _hours(weekdays: str, sat: str | None = None, **by_day: str) -> dict[str, str | None]:
    hours: dict[str, str | None] = {day: None for day in WEEKDAYS}
    for day in WEEKDAYS[:5]:
        hours[day] = weekdays
    if sat is not None:
        hours["saturday"] = sat
    hours.update(by_day)
    return hours


LOCATIONS: list[Row] = [
    {"location_id": "loc_park_ave", "name": "Park Avenue", "address": "535 Park Avenue, Suite 2B",
     "city": "New York", "state": "NY", "zip": "10065", "area": "Manhattan (Upper East Side)",
     "phone_e164": "+12125550140", "hours": _hours("08:00-18:00", sat="09:00-13:00"),
     "notes": "Entrance on East 61st Street. Nearest subway: Lexington Av/59 St. "
              "Wheelchair accessible; no on-site parking."},
    {"location_id": "loc_windermere", "name": "Windermere",
     "address": "40 Windermere Place, 3rd Floor", "city": "Yonkers", "state": "NY", "zip": "10704",
     "area": "Westchester (Yonkers)", "phone_e164": "+19145550160",
     "hours": _hours("08:00-17:00", sat="09:00-12:00"),
     "notes": "Free parking behind the building. Two blocks from the Bee-Line 20 bus. "
              "Wheelchair accessible; lab draw station on site."},
    {"location_id": "loc_riverdale", "name": "Riverdale", "address": "3718 Johnson Avenue",
     "city": "Bronx", "state": "NY", "zip": "10463", "area": "Bronx (Riverdale)",
     "phone_e164": "+17185550175", "hours": _hours("08:30-17:00"),
     "notes": "Street parking only. Near the Riverdale Metro-North station. Ground floor, "
              "wheelchair accessible."},
    {"location_id": "loc_white_plains", "name": "White Plains",
     "address": "180 Mamaroneck Avenue, Suite 400", "city": "White Plains", "state": "NY",
     "zip": "10601", "area": "Westchester (White Plains)", "phone_e164": "+19145550182",
     "hours": _hours("08:00-19:00", friday="08:00-17:00"),
     "notes": "Evening hours Monday to Thursday. Validated parking in the Mamaroneck Avenue "
              "garage. Wheelchair accessible."},
    {"location_id": "loc_tarrytown", "name": "Tarrytown", "address": "21 Wildey Street",
     "city": "Tarrytown", "state": "NY", "zip": "10591", "area": "Westchester (Tarrytown)",
     "phone_e164": "+19145550193",
     "hours": _hours("09:00-17:00", tuesday="09:00-13:00", thursday="09:00-13:00"),
     "notes": "Half days on Tuesday and Thursday. Small lot beside the building. "
              "Second floor, elevator available."},
]

# provider_id, full name, credentials, specialty, languages, accepts new patients
PROVIDERS: list[tuple[str, str, str, str, list[str], bool]] = [
    ("prov_chen", "Miriam Chen", "MD", "internal medicine", ["English", "Mandarin"], True),
    ("prov_okafor", "Emeka Okafor", "MD", "family medicine", ["English", "Igbo"], True),
    ("prov_goldberg", "Rachel Goldberg", "DO", "family medicine", ["English", "Hebrew"], True),
    ("prov_ramirez", "Luis Ramirez", "MD", "family medicine", ["English", "Spanish"], True),
    ("prov_patel", "Anjali Patel", "MD", "internal medicine",
     ["English", "Hindi", "Gujarati"], True),
    ("prov_oconnell", "Siobhan O'Connell", "NP", "family medicine", ["English"], True),
    ("prov_kim", "Daniel Kim", "MD", "internal medicine", ["English", "Korean"], True),
    ("prov_novak", "Tomasz Novak", "PA", "family medicine", ["English", "Polish"], True),
    ("prov_adeyemi", "Grace Adeyemi", "MD", "family medicine and pediatrics",
     ["English", "Yoruba"], False),
    ("prov_rossi", "Marco Rossi", "MD", "internal medicine and geriatrics",
     ["English", "Italian"], False),
]

# provider_id, location_id, weekday, "HH:MM-HH:MM[,HH:MM-HH:MM]" (a lunch hour splits long days)
SCHEDULES: list[tuple[str, str, str, str]] = [
    ("prov_chen", "loc_park_ave", "monday", "08:00-12:00,13:00-16:00"),
    ("prov_chen", "loc_riverdale", "tuesday", "09:00-12:30,13:30-17:00"),
    ("prov_chen", "loc_park_ave", "wednesday", "08:00-12:00,13:00-16:00"),
    ("prov_chen", "loc_park_ave", "friday", "08:00-12:00"),
    ("prov_okafor", "loc_windermere", "monday", "08:00-12:00,13:00-16:00"),
    ("prov_okafor", "loc_windermere", "tuesday", "08:00-12:00,13:00-16:00"),
    ("prov_okafor", "loc_park_ave", "wednesday", "13:00-18:00"),
    ("prov_okafor", "loc_windermere", "thursday", "08:00-12:00,13:00-16:00"),
    ("prov_goldberg", "loc_white_plains", "monday", "12:00-19:00"),
    ("prov_goldberg", "loc_park_ave", "tuesday", "08:00-12:00,13:00-17:00"),
    ("prov_goldberg", "loc_park_ave", "thursday", "08:00-12:00,13:00-17:00"),
    ("prov_goldberg", "loc_park_ave", "saturday", "09:00-13:00"),
    ("prov_ramirez", "loc_riverdale", "monday", "08:30-12:30,13:30-16:30"),
    ("prov_ramirez", "loc_riverdale", "wednesday", "08:30-12:30,13:30-16:30"),
    ("prov_ramirez", "loc_white_plains", "thursday", "12:00-19:00"),
    ("prov_ramirez", "loc_windermere", "friday", "08:00-12:00,13:00-16:00"),
    ("prov_patel", "loc_tarrytown", "monday", "09:00-12:00,13:00-17:00"),
    ("prov_patel", "loc_white_plains", "tuesday", "08:00-12:00,13:00-16:00"),
    ("prov_patel", "loc_white_plains", "wednesday", "08:00-12:00,13:00-16:00"),
    ("prov_patel", "loc_tarrytown", "friday", "09:00-13:00"),
    ("prov_oconnell", "loc_tarrytown", "tuesday", "09:00-13:00"),
    ("prov_oconnell", "loc_windermere", "wednesday", "08:00-12:00,13:00-17:00"),
    ("prov_oconnell", "loc_tarrytown", "thursday", "09:00-13:00"),
    ("prov_oconnell", "loc_windermere", "friday", "08:00-12:00"),
    ("prov_oconnell", "loc_windermere", "saturday", "09:00-12:00"),
    ("prov_kim", "loc_park_ave", "monday", "10:00-13:00,14:00-18:00"),
    ("prov_kim", "loc_white_plains", "wednesday", "12:00-19:00"),
    ("prov_kim", "loc_park_ave", "thursday", "10:00-13:00,14:00-18:00"),
    ("prov_kim", "loc_park_ave", "friday", "12:00-18:00"),
    ("prov_novak", "loc_white_plains", "monday", "08:00-12:00"),
    ("prov_novak", "loc_tarrytown", "wednesday", "09:00-12:00,13:00-17:00"),
    ("prov_novak", "loc_riverdale", "thursday", "08:30-12:30,13:30-17:00"),
    ("prov_novak", "loc_riverdale", "friday", "08:30-12:30,13:30-17:00"),
    ("prov_adeyemi", "loc_windermere", "tuesday", "12:00-17:00"),
    ("prov_adeyemi", "loc_riverdale", "wednesday", "08:30-12:30"),
    ("prov_adeyemi", "loc_windermere", "thursday", "12:00-17:00"),
    ("prov_rossi", "loc_park_ave", "monday", "08:00-12:00"),
    ("prov_rossi", "loc_park_ave", "tuesday", "12:00-18:00"),
    ("prov_rossi", "loc_park_ave", "wednesday", "08:00-12:00"),
    ("prov_rossi", "loc_tarrytown", "friday", "13:00-17:00"),
]

TIME_OFF: list[Row] = [
    {"provider_id": "prov_chen", "start_date": "2026-12-14", "end_date": "2026-12-18",
     "reason": "medical conference"},
    {"provider_id": "prov_kim", "start_date": "2026-12-21", "end_date": "2026-12-24",
     "reason": "vacation"},
    {"provider_id": "prov_ramirez", "start_date": "2026-12-07", "end_date": "2026-12-07",
     "reason": "personal day"},
]

CLOSURES: list[Row] = [
    *({"location_id": loc["location_id"], "date": "2026-12-25", "reason": "Christmas Day"}
      for loc in LOCATIONS),
    {"location_id": "loc_tarrytown", "date": "2026-12-10", "reason": "building maintenance"},
]

CARRIERS: list[Row] = [
    {"carrier": "aetna", "name": "Aetna", "member_services_e164": "+18005550171",
     "member_id_format": "W followed by 9 digits"},
    {"carrier": "bcbs", "name": "Empire Blue Cross Blue Shield",
     "member_services_e164": "+18005550172",
     "member_id_format": "3-letter prefix followed by 9 digits"},
    {"carrier": "cigna", "name": "Cigna", "member_services_e164": "+18005550173",
     "member_id_format": "U followed by 10 digits"},
    {"carrier": "united", "name": "UnitedHealthcare", "member_services_e164": "+18005550174",
     "member_id_format": "9 digits"},
    {"carrier": "oxford", "name": "Oxford Health Plans", "member_services_e164": "+18005550175",
     "member_id_format": "10 digits"},
    {"carrier": "emblem", "name": "EmblemHealth", "member_services_e164": "+18005550176",
     "member_id_format": "K followed by 10 digits"},
    {"carrier": "medicare", "name": "Medicare", "member_services_e164": "+18005550177",
     "member_id_format": "11-character Medicare Beneficiary Identifier"},
    {"carrier": "medicaid", "name": "New York Medicaid", "member_services_e164": "+18005550178",
     "member_id_format": "2 letters, 5 digits, 1 letter"},
    {"carrier": "fidelis", "name": "Fidelis Care", "member_services_e164": "+18005550179",
     "member_id_format": "8 digits"},
    {"carrier": "healthfirst", "name": "Healthfirst", "member_services_e164": "+18005550180",
     "member_id_format": "8 digits"},
]

_LOC_ORDER = [loc["location_id"] for loc in LOCATIONS]
# carrier -> accepted at (park_ave, windermere, riverdale, white_plains, tarrytown)
ACCEPTANCE: dict[str, str] = {
    "aetna": "YNYYN",
    "bcbs": "YYYYY",
    "cigna": "YYNYY",
    "united": "YYYNY",
    "oxford": "YNNYY",
    "emblem": "NYYNN",
    "medicare": "NYYYY",
    "medicaid": "NYYNN",
    "fidelis": "NYYNN",
    "healthfirst": "NNYNN",
}
ACCEPTANCE_NOTES: dict[tuple[str, str], str] = {
    ("aetna", "loc_riverdale"): "Aetna PPO and POS plans only; Aetna HMO plans are out of network.",
    ("aetna", "loc_windermere"): "Out of network; patients may be seen as self-pay.",
    ("united", "loc_white_plains"): "Out of network since 2026-07-01.",
    ("medicare", "loc_park_ave"): "Park Avenue does not participate in Medicare.",
    ("cigna", "loc_tarrytown"): "Cigna Open Access Plus plans only.",
}

VISIT_TYPES: list[Row] = [
    {"visit_type": "new_patient", "name": "New-patient visit", "duration_min": 60,
     "description": "First visit with the practice (or none in the last three years): history, "
                    "exam and care plan."},
    {"visit_type": "follow_up", "name": "Follow-up visit", "duration_min": 30,
     "description": "Review of an ongoing condition, results or medication for an established "
                    "patient."},
    {"visit_type": "annual_physical", "name": "Annual physical", "duration_min": 60,
     "description": "Yearly preventive exam with screenings and vaccines for an established "
                    "patient."},
    {"visit_type": "sick_visit", "name": "Sick visit", "duration_min": 30,
     "description": "A new, acute problem such as a fever, cough, rash or minor injury."},
]
DURATION = {row["visit_type"]: row["duration_min"] for row in VISIT_TYPES}

PATIENT_NAMES = [
    "Aaliyah Johnson", "Benjamin Schwartz", "Carmen Delgado", "David Nguyen",
    "Eleanor Fitzgerald", "Farah Haddad", "George Papadopoulos", "Hannah Kowalski",
    "Ibrahim Diallo", "Jasmine Washington", "Kevin O'Brien", "Lakshmi Iyer", "Marcus Bennett",
    "Maria Rodriguez", "Maria Rodriguez", "Nadia Petrova", "Oluwaseun Adebayo", "Patrick Murphy",
    "Priya Raman", "Quentin Baptiste", "Rebecca Stein", "Samuel Osei", "Sofia Russo",
    "Thomas Brennan", "Tamika Robinson", "Usha Malhotra", "Victor Castillo", "Wei Zhang",
    "Yuki Tanaka", "Zoe Liebowitz", "Ahmed Hassan", "Bridget McCarthy", "Chloe Martin",
    "Dmitri Volkov", "Esperanza Morales", "Francesca Bianchi", "Gabriel Levy", "Harold Jenkins",
    "Imani Carter", "James Whitaker", "Keisha Thompson", "Leonardo Santos", "Min-jun Park",
    "Naomi Goldstein", "Omar Farouk", "Rosa Gutierrez", "Sean Gallagher", "Tatiana Ivanova",
    "Vanessa Clarke", "William Huang",
]
# patients who are registered but have never been seen (a few have a first visit booked)
NEW_PATIENTS = {"Chloe Martin", "Gabriel Levy", "Imani Carter", "Leonardo Santos",
                "Omar Farouk", "Vanessa Clarke", "William Huang"}
NEW_WITH_BOOKING = ["Gabriel Levy", "Imani Carter", "William Huang"]

AREA_CODES = ["212", "646", "718", "347", "914"]
MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY"


def _digits(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def _member_id(carrier: str) -> str:
    upper = "ABCDEFGHJKLMNPRSTUVWXYZ"
    if carrier == "aetna":
        return "W" + _digits(9)
    if carrier == "bcbs":
        return RNG.choice(["YLS", "XOF", "JQU", "VYL"]) + _digits(9)
    if carrier == "cigna":
        return "U" + _digits(10)
    if carrier == "united":
        return _digits(9)
    if carrier == "oxford":
        return _digits(10)
    if carrier == "emblem":
        return "K" + _digits(10)
    if carrier == "medicare":
        def alnum() -> str:
            return RNG.choice(MBI_LETTERS + "0123456789")
        return (RNG.choice("123456789") + RNG.choice(MBI_LETTERS) + alnum() + _digits(1)
                + RNG.choice(MBI_LETTERS) + alnum() + _digits(1) + RNG.choice(MBI_LETTERS)
                + RNG.choice(MBI_LETTERS) + _digits(2))
    if carrier == "medicaid":
        return RNG.choice(upper) + RNG.choice(upper) + _digits(5) + RNG.choice(upper)
    return _digits(8)  # fidelis, healthfirst


def _birth_date() -> date:
    age_band = RNG.choices([(3, 17), (18, 39), (40, 64), (65, 92)], weights=[2, 6, 6, 3])[0]
    age = RNG.randint(*age_band)
    birthday = date(TODAY.year - age, 1, 1) + timedelta(days=RNG.randint(0, 364))
    if birthday >= TODAY.replace(year=birthday.year):  # not had this year's birthday yet
        birthday = birthday.replace(year=birthday.year - 1)
    return birthday


def _carrier_for(dob: date) -> str | None:
    age = (TODAY - dob).days // 365
    if age >= 65:
        return RNG.choices(["medicare", "aetna", "united", "bcbs", None],
                           weights=[6, 1, 1, 1, 1])[0]
    if age < 18:
        return RNG.choices(["bcbs", "fidelis", "medicaid", "united", "cigna"],
                           weights=[3, 2, 2, 2, 1])[0]
    return RNG.choices(
        ["bcbs", "aetna", "united", "cigna", "oxford", "emblem", "medicaid", "healthfirst",
         "fidelis", None],
        weights=[6, 5, 5, 3, 3, 2, 2, 1, 1, 1])[0]


def build_patients() -> list[Row]:
    phones: set[str] = set()
    patients: list[Row] = []
    for number, name in enumerate(PATIENT_NAMES, start=1):
        dob = _birth_date()
        while True:
            phone = f"+1{RNG.choice(AREA_CODES)}5550{RNG.randint(100, 199)}"
            if phone not in phones:
                phones.add(phone)
                break
        carrier = _carrier_for(dob)
        member_id = _member_id(carrier) if carrier else None
        if carrier and number in (9, 27, 44):  # insurance on file without a member id yet
            member_id = None
        patients.append({"patient_id": f"pat_{number:04d}", "full_name": name,
                         "date_of_birth": dob.isoformat(), "phone_e164": phone,
                         "carrier": carrier, "member_id": member_id})
    return patients


# --- appointments ----------------------------------------------------------------------------

def _minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:5])


def _blocks() -> list[tuple[str, str, int, int, int]]:
    """(provider, location, weekday index, start minute, end minute) per schedule block."""
    out = []
    for provider, location, weekday, spec in SCHEDULES:
        for part in spec.split(","):
            start, end = part.split("-")
            out.append((provider, location, WEEKDAYS.index(weekday), _minutes(start),
                        _minutes(end)))
    return out


BLOCKS = _blocks()
NEW_OK = {p[0]: p[5] for p in PROVIDERS}


def _off(provider: str, day: date) -> bool:
    iso = day.isoformat()
    closed = any(t["provider_id"] == provider and t["start_date"] <= iso <= t["end_date"]
                 for t in TIME_OFF)
    return closed


def _closed(location: str, day: date) -> bool:
    return any(c["location_id"] == location and c["date"] == day.isoformat() for c in CLOSURES)


class Book:
    """The appointment book while generating: refuses overlaps for providers and patients."""

    def __init__(self) -> None:
        self.rows: list[Row] = []

    def busy(self, key: str, who: str, day: date, start: int, end: int) -> bool:
        for row in self.rows:
            if row[key] != who or row["status"] == "cancelled":
                continue
            when = datetime.fromisoformat(row["start_time"])
            if when.date() != day:
                continue
            r_start = when.hour * 60 + when.minute
            if r_start < end and start < r_start + DURATION[row["visit_type"]]:
                return True
        return False

    def try_place(self, patient: str, provider: str, location: str, day: date, start: int,
                  visit_type: str, status: str) -> bool:
        end = start + DURATION[visit_type]
        if visit_type == "new_patient" and not NEW_OK[provider]:
            return False
        if _off(provider, day) or _closed(location, day):
            return False
        if self.busy("provider_id", provider, day, start, end):
            return False
        if self.busy("patient_id", patient, day, start, end):
            return False
        self.rows.append({
            "appointment_id": "", "patient_id": patient, "provider_id": provider,
            "location_id": location,
            "start_time": f"{day.isoformat()}T{start // 60:02d}:{start % 60:02d}",
            "visit_type": visit_type,
            "status": status,
            "cancel_reason": None,
        })
        return True

    def random_place(self, patient: str, first: date, last: date, visit_type: str,
                     status: str, location: str | None = None) -> bool:
        span = (last - first).days
        for _ in range(200):
            day = first + timedelta(days=RNG.randint(0, span))
            options = [b for b in BLOCKS if b[2] == day.weekday()
                       and (location is None or b[1] == location)]
            if not options:
                continue
            provider, loc, _, b_start, b_end = RNG.choice(options)
            starts = list(range(b_start, b_end - DURATION[visit_type] + 1, SLOT_MIN))
            if starts and self.try_place(patient, provider, loc, day, RNG.choice(starts),
                                         visit_type, status):
                return True
        return False

    def fill_day(self, location: str, day: date, patients: list[str]) -> None:
        """Book every open slot at ``location`` on ``day`` (a full day, for waitlist calls)."""
        queue = list(patients)
        for provider, loc, weekday, b_start, b_end in BLOCKS:
            if loc != location or weekday != day.weekday():
                continue
            start = b_start
            while start < b_end:
                visit_type = "annual_physical" if b_end - start >= 60 and RNG.random() < 0.3 \
                    else RNG.choice(["follow_up", "sick_visit"])
                placed = False
                for _ in range(len(queue)):
                    patient = queue.pop(0)
                    queue.append(patient)
                    if self.try_place(patient, provider, loc, day, start, visit_type, "booked"):
                        placed = True
                        break
                start += DURATION[visit_type] if placed else SLOT_MIN


CANCEL_REASONS = ["feeling better", "work conflict", "transportation fell through",
                  "scheduled with a specialist instead", "family emergency"]


def build_appointments(patients: list[Row]) -> list[Row]:
    by_name: dict[str, list[str]] = {}
    for p in patients:
        by_name.setdefault(p["full_name"], []).append(p["patient_id"])
    established = [p["patient_id"] for p in patients if p["full_name"] not in NEW_PATIENTS]
    book = Book()
    past_first, past_last = TODAY - timedelta(days=91), TODAY - timedelta(days=1)
    up_first, up_last = TODAY, TODAY + timedelta(days=HORIZON_DAYS - 1)

    # past visits: the first visit of a few established patients was their new-patient visit
    for index, patient in enumerate(established):
        if index % 7 == 3:
            book.random_place(patient, past_first, past_last, "new_patient", "completed")
            continue
        for _ in range(RNG.choice([1, 2, 2, 3])):
            visit_type = RNG.choices(["follow_up", "annual_physical", "sick_visit"],
                                     weights=[5, 3, 3])[0]
            status = "cancelled" if RNG.random() < 0.15 else "completed"
            book.random_place(patient, past_first, past_last, visit_type, status)

    # upcoming visits for about two thirds of the established patients
    for patient in RNG.sample(established, k=len(established) * 2 // 3):
        visit_type = RNG.choices(["follow_up", "annual_physical", "sick_visit"],
                                 weights=[5, 3, 2])[0]
        status = "cancelled" if RNG.random() < 0.2 else "booked"
        book.random_place(patient, up_first, up_last, visit_type, status)
    for name in NEW_WITH_BOOKING:
        book.random_place(by_name[name][0], up_first, up_last, "new_patient", "booked")

    # fully booked days: Windermere on Thursday 2026-12-03, Park Avenue on Saturday 2026-12-05
    regulars = RNG.sample(established, k=len(established))
    book.fill_day("loc_windermere", date(2026, 12, 3), regulars)
    book.fill_day("loc_park_ave", date(2026, 12, 5), regulars[::-1])

    for row in book.rows:
        if row["status"] == "cancelled":
            row["cancel_reason"] = RNG.choice(CANCEL_REASONS)
    rows = sorted(book.rows, key=lambda r: (r["start_time"], r["provider_id"]))
    for number, row in enumerate(rows, start=1):
        row["appointment_id"] = f"appt_{number:04d}"
    return rows


def build_seed() -> dict[str, list[Row]]:
    patients = build_patients()
    appointments = build_appointments(patients)
    providers = [{"provider_id": pid, "full_name": name, "credentials": cred,
                  "display_name": (f"Dr. {name}" if cred in ("MD", "DO") else name) + f", {cred}",
                  "specialty": specialty, "languages": languages, "accepts_new_patients": new}
                 for pid, name, cred, specialty, languages, new in PROVIDERS]
    schedules = [{"provider_id": p, "location_id": loc, "weekday": day, "start": part[:5],
                  "end": part[6:]}
                 for p, loc, day, spec in SCHEDULES for part in spec.split(",")]
    acceptance = [{"carrier": carrier, "location_id": loc, "accepted": flags[i] == "Y",
                   "note": ACCEPTANCE_NOTES.get((carrier, loc))}
                  for carrier, flags in ACCEPTANCE.items() for i, loc in enumerate(_LOC_ORDER)]
    return {
        "locations": LOCATIONS,
        "providers": providers,
        "provider_schedules": schedules,
        "provider_time_off": TIME_OFF,
        "closures": CLOSURES,
        "visit_types": VISIT_TYPES,
        "carriers": CARRIERS,
        "plan_acceptance": acceptance,
        "patients": patients,
        "appointments": appointments,
        "waitlist": [],
    }


def main() -> None:
    seed = build_seed()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(seed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = ", ".join(f"{table} {len(rows)}" for table, rows in seed.items())
    print(f"wrote {OUT}: {counts}")


if __name__ == "__main__":
    main()
