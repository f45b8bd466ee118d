"""Write ``tasks/legal/seed.json``: the catalog of Brennan & Adeyemi LLP (offices in Manhattan and
Newark) as of the business date 2026-12-01, deterministically.

Names and rules are curated by hand; phone numbers, dates, matter assignments and the attorneys'
calendar blocks are drawn from ``random.Random(SEED)`` so the file is stable run to run.

Usage: ``python scripts/seeds/legal.py`` (from anywhere; rewrites the JSON in place)."""

from __future__ import annotations

import json
import random
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

SEED = 20261201
TODAY = date(2026, 12, 1)
OUT = Path(__file__).resolve().parents[2] / "tasks" / "legal" / "seed.json"

Row = dict[str, Any]

OFFICES: list[Row] = [
    {"office_id": "ofc_manhattan", "name": "Manhattan",
     "address": "110 William Street, 14th Floor, New York, NY 10038",
     "phone_e164": "+12125550140", "hours": "Monday to Friday, 9 AM to 6 PM"},
    {"office_id": "ofc_newark", "name": "Newark",
     "address": "One Gateway Center, Suite 900, Newark, NJ 07102",
     "phone_e164": "+19735550160", "hours": "Monday to Friday, 9 AM to 5 PM"},
]

# Weekly consultation windows, by weekday ("mon".."fri"), as [start, end] in local time.
AM = ["09:00", "12:00"]
PM = ["13:00", "17:00"]
ATTORNEYS: list[Row] = [
    {"attorney_id": "att_01", "full_name": "Margaret Brennan", "title": "Founding Partner",
     "practice_areas": ["personal_injury"], "office_id": "ofc_manhattan",
     "bar_admissions": ["NY", "NJ"], "languages": ["English"],
     "schedule": {"tue": [AM], "thu": [AM, PM]}},
    {"attorney_id": "att_02", "full_name": "Tunde Adeyemi", "title": "Founding Partner",
     "practice_areas": ["personal_injury", "employment"], "office_id": "ofc_newark",
     "bar_admissions": ["NJ", "NY"], "languages": ["English", "Yoruba"],
     "schedule": {"mon": [PM], "wed": [AM, PM], "fri": [AM]}},
    {"attorney_id": "att_03", "full_name": "Rachel Kessler", "title": "Partner",
     "practice_areas": ["employment"], "office_id": "ofc_manhattan",
     "bar_admissions": ["NY", "CT"], "languages": ["English", "Hebrew"],
     "schedule": {"mon": [AM, PM], "wed": [PM], "thu": [AM]}},
    {"attorney_id": "att_04", "full_name": "Luis Ortega", "title": "Partner",
     "practice_areas": ["immigration"], "office_id": "ofc_newark",
     "bar_admissions": ["NJ", "NY", "CA"], "languages": ["English", "Spanish"],
     "schedule": {"mon": [AM, PM], "tue": [AM, PM], "thu": [PM]}},
    {"attorney_id": "att_05", "full_name": "Priya Raman", "title": "Senior Associate",
     "practice_areas": ["family"], "office_id": "ofc_manhattan",
     "bar_admissions": ["NY"], "languages": ["English", "Tamil", "Hindi"],
     "schedule": {"tue": [AM, PM], "wed": [AM], "fri": [AM, PM]}},
    {"attorney_id": "att_06", "full_name": "Samuel Whitaker", "title": "Of Counsel",
     "practice_areas": ["estate_planning"], "office_id": "ofc_manhattan",
     "bar_admissions": ["NY", "NJ", "PA"], "languages": ["English"],
     "schedule": {"mon": [AM], "wed": [AM, PM], "thu": [AM, PM]}},
    {"attorney_id": "att_07", "full_name": "Denise Caldwell", "title": "Partner",
     "practice_areas": ["criminal_defense"], "office_id": "ofc_newark",
     "bar_admissions": ["NJ", "PA"], "languages": ["English"],
     "schedule": {"tue": [PM], "wed": [AM, PM], "fri": [AM]}},
    {"attorney_id": "att_08", "full_name": "Ethan Novak", "title": "Associate",
     "practice_areas": ["criminal_defense", "family"], "office_id": "ofc_manhattan",
     "bar_admissions": ["NY", "NJ"], "languages": ["English", "Polish"],
     "schedule": {"mon": [AM, PM], "thu": [PM], "fri": [AM, PM]}},
    {"attorney_id": "att_09", "full_name": "Camila Restrepo", "title": "Associate",
     "practice_areas": ["immigration", "family"], "office_id": "ofc_newark",
     "bar_admissions": ["NJ"], "languages": ["English", "Spanish", "Portuguese"],
     "schedule": {"tue": [AM], "wed": [AM, PM], "thu": [AM, PM]}},
]

# Clients: (full_name, kind, also known as, [(practice_area, matter title, [adverse parties])]).
# Adverse parties include near-spellings of names a caller might give (Okonkwo vs Okafor,
# Michael vs Michelle Chen) so conflict checks are exercised on realistic decoys.
CLIENTS: list[tuple[str, str, list[str], list[tuple[str, str, list[tuple[str, str]]]]]] = [
    ("Katherine Zhao", "person", [],
     [("employment", "Zhao v. Northgate Financial Group (pay discrimination)",
       [("Northgate Financial Group", "employer"), ("Robert Kline", "supervisor")])]),
    ("Daniel Okafor", "person", [],
     [("personal_injury", "Okafor v. Okonkwo (rear-end collision, Route 1)",
       [("Daniel Okonkwo", "defendant driver"), ("Tri-County Mutual Insurance", "insurer")])]),
    ("Michelle Chen", "person", [],
     [("family", "Chen divorce", [("Michael Chen", "spouse")])]),
    ("Luis Fernandez", "person", [],
     [("personal_injury", "Fernandez v. Harborline Transit Authority (bus door injury)",
       [("Harborline Transit Authority", "defendant")])]),
    ("Aaliyah Washington", "person", [],
     [("employment", "Washington v. Crestview Senior Living (wrongful termination)",
       [("Crestview Senior Living", "employer")])]),
    ("Giovanni Russo", "person", [],
     [("estate_planning", "Russo family trust", [])]),
    ("Priscilla Oyelaran", "person", [],
     [("immigration", "Oyelaran adjustment of status", [])]),
    ("Tomasz Kowalski", "person", [],
     [("personal_injury", "Kowalski v. Skyline Scaffolding (fall from scaffold)",
       [("Skyline Scaffolding LLC", "defendant"), ("Vincent Albanese", "site foreman")])]),
    ("Fatima Al-Sayed", "person", [],
     [("family", "Al-Sayed custody", [("Omar Al-Sayed", "other parent")])]),
    ("Hyun-woo Park", "person", [],
     [("criminal_defense", "State v. Park (DWI)", [])]),
    ("Brigid Flanagan", "person", [],
     [("personal_injury", "Flanagan v. FreshWay Markets (slip and fall)",
       [("FreshWay Markets Inc.", "defendant")])]),
    ("Marcus Delacroix", "person", [],
     [("employment", "Delacroix v. Atlas Security Services (unpaid overtime)",
       [("Atlas Security Services", "employer")])]),
    ("Esperanza Villanueva", "person", [],
     [("immigration", "Villanueva asylum application", [])]),
    ("Jamal Carter", "person", [],
     [("criminal_defense", "People v. Carter (shoplifting)", [])]),
    ("Ruth Goldberg", "person", [],
     [("estate_planning", "Goldberg will and health care proxy", [])]),
    ("Anjali Mehta", "person", [],
     [("family", "Mehta divorce", [("Vikram Mehta", "spouse")])]),
    ("Connor Walsh", "person", [],
     [("personal_injury", "Walsh v. Marino (dog bite)", [("Stephen Marino", "dog owner")])]),
    ("Yesenia Morales", "person", [],
     [("employment", "Morales v. Sunrise Diner (unpaid wages)",
       [("Sunrise Diner LLC", "employer"), ("Peter Galanis", "owner")])]),
    ("Dmitri Volkov", "person", [],
     [("criminal_defense", "State v. Volkov (assault)", [("Sergei Antonov", "complainant")])]),
    ("Grace Oduya", "person", [],
     [("personal_injury", "Oduya v. Doyle (intersection collision)",
       [("Catherine Doyle", "defendant driver"), ("Garden State Auto Insurance", "insurer")])]),
    ("Samuel Thibodeaux", "person", [],
     [("estate_planning", "Thibodeaux estate plan", [])]),
    ("Nadia Haddad", "person", [],
     [("immigration", "Haddad naturalization", [])]),
    ("Patrick Byrne", "person", [],
     [("family", "Byrne custody modification", [("Siobhan Byrne", "other parent")])]),
    ("Mei Lin Tan", "person", [],
     [("employment", "Tan v. Brightwave Media (retaliation)",
       [("Brightwave Media LLC", "employer"), ("Gregory Hale", "manager")])]),
    ("Olusegun Bello", "person", [],
     [("personal_injury", "Bello v. Quickride Taxi (taxi collision)",
       [("Quickride Taxi Corp.", "defendant"), ("Mohammed Rahman", "driver")])]),
    ("Heather McAllister", "person", [],
     [("family", "McAllister divorce", [("Jeffrey McAllister", "spouse")])]),
    ("Rosa Benedetti", "person", [],
     [("estate_planning", "Benedetti special needs trust", []),
      ("personal_injury", "Benedetti v. Lakeside Apartments (stair collapse)",
       [("Lakeside Apartments LLC", "landlord")])]),
    ("Kwame Asante", "person", [],
     [("immigration", "Asante work visa (H-1B)", [])]),
    ("Bayline Logistics", "organization", ["Bayline Logistics, Inc."],
     [("employment", "Bayline Logistics employee handbook review", [])]),
    ("Greenpoint Property Management", "organization", ["Greenpoint Property Management LLC"],
     [("employment", "Greenpoint wage-and-hour audit", [])]),
    ("Hudson Valley Dental Group", "organization", ["Hudson Valley Dental Group, P.C."],
     [("immigration", "Hudson Valley Dental H-1B sponsorships", [])]),
    ("Ferrante Construction", "organization", ["Ferrante Construction Co."],
     [("employment", "Ferrante Construction independent contractor review", [])]),
    ("Riverside Deli", "organization", ["Riverside Deli Corp."],
     [("immigration", "Riverside Deli employer sponsorship", [])]),
    ("Palisades Home Care Agency", "organization", ["Palisades Home Care Agency LLC"],
     [("employment", "Palisades Home Care overtime policy", [])]),
]

# Statute-of-limitations and filing rules by practice area and state ("*": any state, federal).
# years/days: the period after the triggering date; both null: no filing deadline applies.
LIMITATION_RULES: list[Row] = [
    {"practice_area": "personal_injury", "state": "NY", "years": 3, "days": None,
     "trigger": "date of the injury", "claim": "negligence causing personal injury",
     "notes": "CPLR 214. Claims against a city or public authority need a notice of claim "
              "within 90 days."},
    {"practice_area": "personal_injury", "state": "NJ", "years": 2, "days": None,
     "trigger": "date of the injury", "claim": "negligence causing personal injury",
     "notes": "N.J.S.A. 2A:14-2. Claims against a public entity need a notice of claim "
              "within 90 days."},
    {"practice_area": "personal_injury", "state": "CT", "years": 2, "days": None,
     "trigger": "date of the injury", "claim": "negligence causing personal injury",
     "notes": "C.G.S. 52-584."},
    {"practice_area": "personal_injury", "state": "PA", "years": 2, "days": None,
     "trigger": "date of the injury", "claim": "negligence causing personal injury",
     "notes": "42 Pa.C.S. 5524. Claims against a government unit need notice within 6 months."},
    {"practice_area": "personal_injury", "state": "CA", "years": 2, "days": None,
     "trigger": "date of the injury", "claim": "negligence causing personal injury",
     "notes": "Code of Civil Procedure 335.1. Claims against a public entity need a claim "
              "within 6 months."},
    {"practice_area": "employment", "state": "NY", "years": 3, "days": None,
     "trigger": "date of the last discriminatory act",
     "claim": "discrimination complaint under the State Human Rights Law",
     "notes": "A federal EEOC charge is due within 300 days."},
    {"practice_area": "employment", "state": "NJ", "years": 2, "days": None,
     "trigger": "date of the last discriminatory act",
     "claim": "Law Against Discrimination lawsuit",
     "notes": "A federal EEOC charge is due within 300 days."},
    {"practice_area": "employment", "state": "CT", "years": None, "days": 300,
     "trigger": "date of the last discriminatory act",
     "claim": "complaint to the Commission on Human Rights and Opportunities",
     "notes": "The state complaint must be filed before any lawsuit."},
    {"practice_area": "employment", "state": "PA", "years": None, "days": 180,
     "trigger": "date of the last discriminatory act",
     "claim": "complaint to the Human Relations Commission",
     "notes": "A federal EEOC charge is due within 300 days."},
    {"practice_area": "employment", "state": "CA", "years": 3, "days": None,
     "trigger": "date of the last discriminatory act",
     "claim": "complaint to the Civil Rights Department",
     "notes": "A right-to-sue notice is needed before a lawsuit."},
    {"practice_area": "criminal_defense", "state": "NY", "years": None, "days": 30,
     "trigger": "date of sentencing", "claim": "notice of appeal from a conviction",
     "notes": "CPL 460.10."},
    {"practice_area": "criminal_defense", "state": "NJ", "years": None, "days": 45,
     "trigger": "date of the judgment", "claim": "notice of appeal from a conviction",
     "notes": "Court Rule 2:4-1."},
    {"practice_area": "criminal_defense", "state": "CT", "years": None, "days": 20,
     "trigger": "date of the judgment", "claim": "appeal from a conviction",
     "notes": "Practice Book 63-1."},
    {"practice_area": "criminal_defense", "state": "PA", "years": None, "days": 30,
     "trigger": "date of sentencing", "claim": "notice of appeal from a conviction",
     "notes": "Rule of Appellate Procedure 903."},
    {"practice_area": "criminal_defense", "state": "CA", "years": None, "days": 60,
     "trigger": "date of the judgment", "claim": "notice of appeal from a felony conviction",
     "notes": "Rule of Court 8.308; misdemeanor appeals are due in 30 days."},
    {"practice_area": "immigration", "state": "*", "years": 1, "days": None,
     "trigger": "date of the last arrival in the United States",
     "claim": "affirmative asylum application",
     "notes": "Federal rule, the same in every state. Exceptions exist for changed or "
              "extraordinary circumstances."},
    {"practice_area": "family", "state": "*", "years": None, "days": None,
     "trigger": "", "claim": "divorce, custody or support filing",
     "notes": "There is no limitations period to start a divorce or custody case."},
    {"practice_area": "estate_planning", "state": "*", "years": None, "days": None,
     "trigger": "", "claim": "wills, trusts and powers of attorney",
     "notes": "Estate planning has no filing deadline."},
]

OFFICE_CLOSURES: list[Row] = [
    {"date": "2026-12-24", "reason": "Christmas Eve"},
    {"date": "2026-12-25", "reason": "Christmas Day"},
    {"date": "2026-12-31", "reason": "New Year's Eve"},
    {"date": "2027-01-01", "reason": "New Year's Day"},
    {"date": "2027-01-18", "reason": "Martin Luther King Jr. Day"},
    {"date": "2027-02-15", "reason": "Presidents' Day"},
]

BLOCK_KINDS = ["court appearance", "deposition", "mediation", "client meeting", "trial prep"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def _phones(rng: random.Random, count: int) -> list[str]:
    """Distinct fictional numbers in the 555-01xx range, spread over NY and NJ area codes."""
    codes = ["212", "646", "718", "917", "347", "973", "201", "862", "908", "732"]
    seen = {office["phone_e164"] for office in OFFICES}
    out: list[str] = []
    while len(out) < count:
        number = f"+1{rng.choice(codes)}5550{rng.randrange(100, 200):03d}"
        if number not in seen:
            seen.add(number)
            out.append(number)
    return out


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def _calendar_blocks(rng: random.Random) -> list[Row]:
    """Court dates and other commitments inside the attorneys' consultation windows."""
    blocks: list[Row] = []
    first, last = TODAY + timedelta(days=1), date(2027, 2, 26)
    closed = {row["date"] for row in OFFICE_CLOSURES}
    for attorney in ATTORNEYS:
        schedule: dict[str, list[list[str]]] = attorney["schedule"]
        placed = 0
        while placed < 10:
            day = _day(rng, first, last)
            windows = schedule.get(WEEKDAYS[day.weekday()], [])
            if not windows or day.isoformat() in closed:
                continue
            start_s, end_s = rng.choice(windows)
            start = datetime.fromisoformat(f"{day.isoformat()}T{start_s}")
            end = datetime.fromisoformat(f"{day.isoformat()}T{end_s}")
            span = int((end - start).total_seconds() // 1800)
            offset = rng.randrange(span - 1)
            length = rng.randrange(2, min(span - offset, 5) + 1)
            block_start = start + timedelta(minutes=30 * offset)
            block_end = block_start + timedelta(minutes=30 * length)
            clash = any(b["attorney_id"] == attorney["attorney_id"]
                        and b["start_time"] < block_end.strftime("%Y-%m-%dT%H:%M")
                        and block_start.strftime("%Y-%m-%dT%H:%M") < b["end_time"]
                        for b in blocks)
            if clash:
                continue
            blocks.append({"attorney_id": attorney["attorney_id"],
                           "start_time": block_start.strftime("%Y-%m-%dT%H:%M"),
                           "end_time": block_end.strftime("%Y-%m-%dT%H:%M"),
                           "kind": rng.choice(BLOCK_KINDS)})
            placed += 1
    blocks.sort(key=lambda b: (b["start_time"], b["attorney_id"]))
    return [{"block_id": f"blk_{i:04d}", **b} for i, b in enumerate(blocks, 1)]


def build() -> dict[str, list[Row]]:
    rng = random.Random(SEED)
    by_area: dict[str, list[Row]] = {}
    for attorney in ATTORNEYS:
        for area in attorney["practice_areas"]:
            by_area.setdefault(area, []).append(attorney)
    phones = _phones(rng, len(CLIENTS))
    clients: list[Row] = []
    matters: list[Row] = []
    adverse: list[Row] = []
    for index, (name, kind, aka, client_matters) in enumerate(CLIENTS, 1):
        client_id = f"cli_{index:04d}"
        since = _day(rng, date(2019, 1, 1), date(2026, 10, 31))
        all_closed = True
        for area, title, parties in client_matters:
            attorney = rng.choice(by_area[area])
            office = attorney["office_id"]
            state = "NY" if office == "ofc_manhattan" else "NJ"
            opened = _day(rng, since, date(2026, 11, 20))
            status = "closed" if rng.random() < 0.2 else "open"
            all_closed = all_closed and status == "closed"
            matter_id = f"mat_{len(matters) + 1:04d}"
            matters.append({"matter_id": matter_id, "client_id": client_id,
                            "practice_area": area, "title": title, "state": state,
                            "attorney_id": attorney["attorney_id"], "status": status,
                            "opened": opened.isoformat()})
            for party, role in parties:
                adverse.append({"party_id": f"adv_{len(adverse) + 1:04d}",
                                "matter_id": matter_id, "name": party, "role": role})
        clients.append({"client_id": client_id, "full_name": name, "kind": kind,
                        "also_known_as": aka, "phone_e164": phones[index - 1],
                        "status": "former" if all_closed else "current",
                        "client_since": since.isoformat()})
    return {
        "offices": OFFICES,
        "attorneys": ATTORNEYS,
        "calendar_blocks": _calendar_blocks(rng),
        "office_closures": OFFICE_CLOSURES,
        "clients": clients,
        "matters": matters,
        "adverse_parties": adverse,
        "limitation_rules": LIMITATION_RULES,
        "intakes": [],
        "escalations": [],
        "messages": [],
        "notes": [],
        "documents": [],
        "holds": [],
        "evaluations": [],
    }


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
