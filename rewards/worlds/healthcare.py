"""Healthcare worlds: Hudson Valley Family Medicine's database built from a seed.

The catalog (offices, providers, schedules, time off, closures, visit types, carriers, plan
acceptance) is the same in every world: industry.json's aliases and enums name it. Patients,
their insurance and the appointment book (past visits, upcoming ones, two fully booked days)
are drawn from the seed and the split's name pool. World 0 is the shipped seed.json, byte for
byte (``python scripts/seeds/healthcare.py`` writes it from here). The business date is Tuesday
2026-12-01: past visits run from September to November, upcoming ones through the four-week
booking window."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from rewards.clock import minutes as _minutes
from rewards.worlds.names import NamePool

Row = dict[str, Any]

TODAY = date(2026, 12, 1)
HORIZON_DAYS = 28  # the booking window: today and the 27 days after it
SLOT_MIN = 30

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

AREA_CODES = ["212", "646", "718", "347", "914"]
MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY"
CANCEL_REASONS = ["feeling better", "work conflict", "transportation fell through",
                  "scheduled with a specialist instead", "family emergency"]

# World 0 (the shipped seed): its fixed people and full days.
SHIPPED_RNG_SEED = 20261201
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
# registered but never seen (a few have a first visit booked)
NEW_PATIENTS = {"Chloe Martin", "Gabriel Levy", "Imani Carter", "Leonardo Santos",
                "Omar Farouk", "Vanessa Clarke", "William Huang"}
NEW_WITH_BOOKING = ["Gabriel Levy", "Imani Carter", "William Huang"]
NO_MEMBER_ID = (9, 27, 44)  # patient numbers with insurance on file but no member id yet
FULL_DAYS = [("loc_windermere", date(2026, 12, 3)), ("loc_park_ave", date(2026, 12, 5))]


@dataclass(frozen=True)
class People:
    """Who a world's patients are: names in patient order, and the special cases."""

    names: list[str]
    new: set[int]  # indexes of never-seen patients
    new_with_booking: list[int]  # of those, who has a first visit booked
    no_member_id: tuple[int, ...]  # patient numbers (1-based) with no member id on file
    full_days: list[tuple[str, date]]


def _shipped_people() -> People:
    return People(names=PATIENT_NAMES,
                  new={i for i, name in enumerate(PATIENT_NAMES) if name in NEW_PATIENTS},
                  new_with_booking=[PATIENT_NAMES.index(name) for name in NEW_WITH_BOOKING],
                  no_member_id=NO_MEMBER_ID, full_days=FULL_DAYS)


def _generated_people(rng: random.Random, names: NamePool) -> People:
    count = rng.randint(44, 60)
    people = names.people(rng, count)
    # as in the shipped seed, two different patients share a name
    twin = rng.randrange(count - 1)
    people[rng.randrange(twin + 1, count)] = people[twin]
    order = list(range(count))
    rng.shuffle(order)
    new = set(order[:rng.randint(5, 9)])
    new_with_booking = sorted(rng.sample(sorted(new), k=3))
    insured_numbers = rng.sample(range(1, count + 1), k=3)
    days = [TODAY + timedelta(days=d) for d in range(1, 14)]
    full: list[tuple[str, date]] = []
    while len(full) < 2:
        day = days[rng.randrange(len(days))]
        open_here = sorted({b[1] for b in BLOCKS if b[2] == day.weekday()
                            and not _closed(b[1], day)})
        if open_here and all(d != day for _, d in full):
            full.append((open_here[rng.randrange(len(open_here))], day))
    return People(names=people, new=new, new_with_booking=new_with_booking,
                  no_member_id=tuple(sorted(insured_numbers)), full_days=sorted(full, key=lambda x: x[1]))


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def member_id_for(rng: random.Random, carrier: str) -> str:
    """A member id in the format the carrier prints on its cards."""
    upper = "ABCDEFGHJKLMNPRSTUVWXYZ"
    if carrier == "aetna":
        return "W" + _digits(rng, 9)
    if carrier == "bcbs":
        return rng.choice(["YLS", "XOF", "JQU", "VYL"]) + _digits(rng, 9)
    if carrier == "cigna":
        return "U" + _digits(rng, 10)
    if carrier == "united":
        return _digits(rng, 9)
    if carrier == "oxford":
        return _digits(rng, 10)
    if carrier == "emblem":
        return "K" + _digits(rng, 10)
    if carrier == "medicare":
        def alnum() -> str:
            return rng.choice(MBI_LETTERS + "0123456789")
        return (rng.choice("123456789") + rng.choice(MBI_LETTERS) + alnum() + _digits(rng, 1)
                + rng.choice(MBI_LETTERS) + alnum() + _digits(rng, 1) + rng.choice(MBI_LETTERS)
                + rng.choice(MBI_LETTERS) + _digits(rng, 2))
    if carrier == "medicaid":
        return rng.choice(upper) + rng.choice(upper) + _digits(rng, 5) + rng.choice(upper)
    return _digits(rng, 8)  # fidelis, healthfirst


def _birth_date(rng: random.Random) -> date:
    age_band = rng.choices([(3, 17), (18, 39), (40, 64), (65, 92)], weights=[2, 6, 6, 3])[0]
    age = rng.randint(*age_band)
    birthday = date(TODAY.year - age, 1, 1) + timedelta(days=rng.randint(0, 364))
    if birthday >= TODAY.replace(year=birthday.year):  # not had this year's birthday yet
        birthday = birthday.replace(year=birthday.year - 1)
    return birthday


def _carrier_for(rng: random.Random, dob: date) -> str | None:
    age = (TODAY - dob).days // 365
    if age >= 65:
        return rng.choices(["medicare", "aetna", "united", "bcbs", None],
                           weights=[6, 1, 1, 1, 1])[0]
    if age < 18:
        return rng.choices(["bcbs", "fidelis", "medicaid", "united", "cigna"],
                           weights=[3, 2, 2, 2, 1])[0]
    return rng.choices(
        ["bcbs", "aetna", "united", "cigna", "oxford", "emblem", "medicaid", "healthfirst",
         "fidelis", None],
        weights=[6, 5, 5, 3, 3, 2, 2, 1, 1, 1])[0]


def build_patients(rng: random.Random, people: People) -> list[Row]:
    phones: set[str] = set()
    patients: list[Row] = []
    for number, name in enumerate(people.names, start=1):
        dob = _birth_date(rng)
        while True:
            phone = f"+1{rng.choice(AREA_CODES)}5550{rng.randint(100, 199)}"
            if phone not in phones:
                phones.add(phone)
                break
        carrier = _carrier_for(rng, dob)
        member_id = member_id_for(rng, carrier) if carrier else None
        if carrier and number in people.no_member_id:  # insurance on file, no member id yet
            member_id = None
        patients.append({"patient_id": f"pat_{number:04d}", "full_name": name,
                         "date_of_birth": dob.isoformat(), "phone_e164": phone,
                         "carrier": carrier, "member_id": member_id})
    return patients


# --- appointments ----------------------------------------------------------------------------

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
    return any(t["provider_id"] == provider and t["start_date"] <= iso <= t["end_date"]
               for t in TIME_OFF)


def _closed(location: str, day: date) -> bool:
    return any(c["location_id"] == location and c["date"] == day.isoformat() for c in CLOSURES)


class Book:
    """The appointment book while generating: refuses overlaps for providers and patients."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
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
        rng = self.rng
        span = (last - first).days
        for _ in range(200):
            day = first + timedelta(days=rng.randint(0, span))
            options = [b for b in BLOCKS if b[2] == day.weekday()
                       and (location is None or b[1] == location)]
            if not options:
                continue
            provider, loc, _, b_start, b_end = rng.choice(options)
            starts = list(range(b_start, b_end - DURATION[visit_type] + 1, SLOT_MIN))
            if starts and self.try_place(patient, provider, loc, day, rng.choice(starts),
                                         visit_type, status):
                return True
        return False

    def fill_day(self, location: str, day: date, patients: list[str]) -> None:
        """Book every open slot at ``location`` on ``day`` (a full day, for waitlist calls)."""
        rng = self.rng
        queue = list(patients)
        for provider, loc, weekday, b_start, b_end in BLOCKS:
            if loc != location or weekday != day.weekday():
                continue
            start = b_start
            while start < b_end:
                visit_type = "annual_physical" if b_end - start >= 60 and rng.random() < 0.3 \
                    else rng.choice(["follow_up", "sick_visit"])
                placed = False
                for _ in range(len(queue)):
                    patient = queue.pop(0)
                    queue.append(patient)
                    if self.try_place(patient, provider, loc, day, start, visit_type, "booked"):
                        placed = True
                        break
                start += DURATION[visit_type] if placed else SLOT_MIN


def build_appointments(rng: random.Random, patients: list[Row], people: People) -> list[Row]:
    new_ids = {patients[i]["patient_id"] for i in people.new}
    established = [p["patient_id"] for p in patients if p["patient_id"] not in new_ids]
    book = Book(rng)
    past_first, past_last = TODAY - timedelta(days=91), TODAY - timedelta(days=1)
    up_first, up_last = TODAY, TODAY + timedelta(days=HORIZON_DAYS - 1)

    # past visits: the first visit of a few established patients was their new-patient visit
    for index, patient in enumerate(established):
        if index % 7 == 3:
            book.random_place(patient, past_first, past_last, "new_patient", "completed")
            continue
        for _ in range(rng.choice([1, 2, 2, 3])):
            visit_type = rng.choices(["follow_up", "annual_physical", "sick_visit"],
                                     weights=[5, 3, 3])[0]
            status = "cancelled" if rng.random() < 0.15 else "completed"
            book.random_place(patient, past_first, past_last, visit_type, status)

    # upcoming visits for about two thirds of the established patients
    for patient in rng.sample(established, k=len(established) * 2 // 3):
        visit_type = rng.choices(["follow_up", "annual_physical", "sick_visit"],
                                 weights=[5, 3, 2])[0]
        status = "cancelled" if rng.random() < 0.2 else "booked"
        book.random_place(patient, up_first, up_last, visit_type, status)
    for index in people.new_with_booking:
        book.random_place(patients[index]["patient_id"], up_first, up_last, "new_patient",
                          "booked")

    # fully booked days (world 0: Windermere on Thursday 2026-12-03, Park Avenue on Saturday
    # 2026-12-05)
    regulars = rng.sample(established, k=len(established))
    for number, (location, day) in enumerate(people.full_days):
        book.fill_day(location, day, regulars if number % 2 == 0 else regulars[::-1])

    for row in book.rows:
        if row["status"] == "cancelled":
            row["cancel_reason"] = rng.choice(CANCEL_REASONS)
    rows = sorted(book.rows, key=lambda r: (r["start_time"], r["provider_id"]))
    for number, row in enumerate(rows, start=1):
        row["appointment_id"] = f"appt_{number:04d}"
    return rows


def _catalog() -> dict[str, list[Row]]:
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
    return {"locations": LOCATIONS, "providers": providers, "provider_schedules": schedules,
            "provider_time_off": TIME_OFF, "closures": CLOSURES, "visit_types": VISIT_TYPES,
            "carriers": CARRIERS, "plan_acceptance": acceptance}


def build(seed: int, names: NamePool) -> dict[str, list[Row]]:
    """World ``seed``: the fixed catalog, and patients and appointments drawn from the seed
    (world 0 is the shipped seed.json, byte for byte)."""
    if seed == 0:
        rng = random.Random(SHIPPED_RNG_SEED)
        people = _shipped_people()
    else:
        rng = random.Random(f"mivas-world/healthcare/{seed}")
        people = _generated_people(rng, names)
    patients = build_patients(rng, people)
    appointments = build_appointments(rng, patients, people)
    catalog = _catalog()
    return {
        "locations": catalog["locations"],
        "providers": catalog["providers"],
        "provider_schedules": catalog["provider_schedules"],
        "provider_time_off": catalog["provider_time_off"],
        "closures": catalog["closures"],
        "visit_types": catalog["visit_types"],
        "carriers": catalog["carriers"],
        "plan_acceptance": catalog["plan_acceptance"],
        "patients": patients,
        "appointments": appointments,
        "waitlist": [],
    }
