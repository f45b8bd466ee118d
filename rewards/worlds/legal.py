"""The legal world: Brennan & Adeyemi LLP's database (offices in Manhattan and Newark) as of the
business date 2026-12-01, built deterministically from a world seed.

World 0 is the shipped ``tasks/legal/seed.json`` (byte-identical, from the hand-curated client
list below). Any other seed keeps the catalog that ``industry.json`` and the firm's policy name
(offices, attorneys and their weekly schedules, office closures, limitation rules) and draws new
clients, matters, adverse parties, phone numbers, dates and calendar blocks (so availability
differs) from the seed and the split's name pool."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from rewards.names import fold, name_orders, names_match
from rewards.worlds.names import NamePool

Row = dict[str, Any]
Party = tuple[str, str]  # (name, role)
MatterSpec = tuple[str, str, list[Party]]  # (practice_area, title, adverse parties)
ClientSpec = tuple[str, str, list[str], list[MatterSpec]]  # (name, kind, also known as, matters)

SEED = 20261201
TODAY = date(2026, 12, 1)

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
SHIPPED_CLIENTS: list[ClientSpec] = [
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

# The catalog tables every world shares: what industry.json's aliases and the firm's policy name
# (offices, attorneys and schedules, holidays, deadline rules). Clients, matters, adverse parties
# and calendar blocks are catalog tables too (read-only in a call) but vary with the world.
FIXED_TABLES = ("offices", "attorneys", "office_closures", "limitation_rules")
BLOCK_KINDS = ["court appearance", "deposition", "mediation", "client meeting", "trial prep"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
WRITE_TABLES = ("intakes", "escalations", "messages", "notes", "documents", "holds",
                "evaluations")


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


def _calendar_blocks(rng: random.Random, per_attorney: Callable[[], int]) -> list[Row]:
    """Court dates and other commitments inside the attorneys' consultation windows."""
    blocks: list[Row] = []
    first, last = TODAY + timedelta(days=1), date(2027, 2, 26)
    closed = {row["date"] for row in OFFICE_CLOSURES}
    for attorney in ATTORNEYS:
        schedule: dict[str, list[list[str]]] = attorney["schedule"]
        own: list[tuple[str, str]] = []  # this attorney's blocks so far, as (start, end)
        placed, wanted = 0, per_attorney()
        while placed < wanted:
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
            begins = block_start.strftime("%Y-%m-%dT%H:%M")
            ends = block_end.strftime("%Y-%m-%dT%H:%M")
            if any(s < ends and begins < e for s, e in own):
                continue
            own.append((begins, ends))
            blocks.append({"attorney_id": attorney["attorney_id"], "start_time": begins,
                           "end_time": ends, "kind": rng.choice(BLOCK_KINDS)})
            placed += 1
    blocks.sort(key=lambda b: (b["start_time"], b["attorney_id"]))
    return [{"block_id": f"blk_{i:04d}", **b} for i, b in enumerate(blocks, 1)]


def _tables(rng: random.Random, specs: Sequence[ClientSpec],
            per_attorney: Callable[[], int]) -> dict[str, list[Row]]:
    """Every table of the world from its client list; ``rng`` draws phones, attorneys of record,
    dates, statuses and calendar blocks (in the shipped script's order, so world 0 is exact)."""
    by_area: dict[str, list[Row]] = {}
    for attorney in ATTORNEYS:
        for area in attorney["practice_areas"]:
            by_area.setdefault(area, []).append(attorney)
    phones = _phones(rng, len(specs))
    clients: list[Row] = []
    matters: list[Row] = []
    adverse: list[Row] = []
    for index, (name, kind, aka, client_matters) in enumerate(specs, 1):
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
                        "also_known_as": list(aka), "phone_e164": phones[index - 1],
                        "status": "former" if all_closed else "current",
                        "client_since": since.isoformat()})
    # The fixed catalog rows are shared by every world (worlds are read-only, as the shipped
    # seed is): copying them per world would cost more than the rest of the build.
    tables: dict[str, list[Row]] = {
        "offices": list(OFFICES),
        "attorneys": list(ATTORNEYS),
        "calendar_blocks": _calendar_blocks(rng, per_attorney),
        "office_closures": list(OFFICE_CLOSURES),
        "clients": clients,
        "matters": matters,
        "adverse_parties": adverse,
        "limitation_rules": list(LIMITATION_RULES),
    }
    tables.update({table: [] for table in WRITE_TABLES})
    return tables


# --- generated worlds ------------------------------------------------------------------------

# Company kinds by the part a company plays; the distinctive word comes from the name pool.
EMPLOYER_KINDS = ["Logistics", "Financial Group", "Senior Living", "Media", "Security Services",
                  "Diner", "Construction", "Home Care Agency", "Dental Group", "Hospitality",
                  "Manufacturing", "Staffing", "Builders", "Medical Center", "Realty"]
LEGAL_FORMS = [", Inc.", " LLC", ", P.C.", " Co.", " Corp."]
# (title with {s} = the client's surname and {p} = the first party's short name, parties):
# a party is (kind, role) with kind "person", "spouse" (the client's surname) or a company kind.
PI_SCENARIOS: list[tuple[str, list[tuple[str, str]]]] = [
    ("{s} v. {p} (rear-end collision)", [("person", "defendant driver"),
                                          ("Mutual Insurance", "insurer")]),
    ("{s} v. {p} (intersection collision)", [("person", "defendant driver"),
                                              ("Auto Insurance", "insurer")]),
    ("{s} v. {p} (slip and fall)", [("Markets Inc.", "defendant")]),
    ("{s} v. {p} (dog bite)", [("person", "dog owner")]),
    ("{s} v. {p} (bus door injury)", [("Transit Authority", "defendant")]),
    ("{s} v. {p} (stair collapse)", [("Apartments LLC", "landlord")]),
    ("{s} v. {p} (fall from scaffold)", [("Scaffolding LLC", "defendant"),
                                          ("person", "site foreman")]),
    ("{s} v. {p} (taxi collision)", [("Taxi Corp.", "defendant"), ("person", "driver")]),
]
EMPLOYMENT_CLAIMS = ["wrongful termination", "pay discrimination", "unpaid overtime",
                     "retaliation", "unpaid wages", "disability discrimination"]
EMPLOYMENT_ROLES = ["supervisor", "manager", "owner"]
FAMILY_MATTERS = [("{s} divorce", "spouse"), ("{s} custody", "other parent"),
                  ("{s} custody modification", "other parent"), ("{s} child support", "other parent")]
ESTATE_TITLES = ["{s} family trust", "{s} will and health care proxy", "{s} estate plan",
                 "{s} special needs trust", "{s} revocable trust"]
CRIMINAL_TITLES = ["State v. {s} (DWI)", "People v. {s} (shoplifting)", "State v. {s} (assault)",
                   "People v. {s} (harassment)", "State v. {s} (drug possession)"]
IMMIGRATION_TITLES = ["{s} adjustment of status", "{s} asylum application",
                      "{s} naturalization", "{s} work visa (H-1B)", "{s} family petition"]
ORG_MATTERS = [("employment", "{n} employee handbook review"),
               ("employment", "{n} wage-and-hour audit"),
               ("employment", "{n} independent contractor review"),
               ("employment", "{n} overtime policy"),
               ("immigration", "{n} H-1B sponsorships"),
               ("immigration", "{n} employer sponsorship")]
DECOY_SHARE = 0.35  # other drivers who are near-namesakes of the client
PERSON_AREAS = ["personal_injury"] * 6 + ["employment"] * 4 + ["family"] * 3 + \
    ["estate_planning"] * 2 + ["criminal_defense"] * 2 + ["immigration"] * 3


def match_keys(name: str) -> frozenset[str]:
    """First letters (after the spelling fold) that two names must share to match: a match
    pairs first tokens (tokens keep their folded first letter), or first tokens once initials
    are dropped, or the joined folded spellings, in some reading order of each name."""
    keys: set[str] = set()
    for order in name_orders(name):
        plain = tuple(t for t in order if not (len(t) == 1 and t.isalpha()))
        for token in (*order[:1], *plain[:1], "".join(order)):
            folded = fold(token)
            if folded:
                keys.add(folded[0])
    return frozenset(keys)


class _Names:
    """Distinct names for one world: no two drawn names match under the fuzzy name rule, so a
    conflict check or client lookup in a generated world is never ambiguous by accident."""

    def __init__(self, rng: random.Random, pool: NamePool) -> None:
        self.rng = rng
        self.pool = pool
        self.buckets: dict[str, list[str]] = {}

    def free(self, name: str) -> bool:
        others = {other for key in match_keys(name) for other in self.buckets.get(key, ())}
        return not any(names_match(name, other) or names_match(other, name) for other in others)

    def take(self, name: str) -> None:
        for key in match_keys(name):
            self.buckets.setdefault(key, []).append(name)

    def decoy(self, client: str) -> str | None:
        """A new name with the client's first name and a surname that starts like theirs but
        does not match it (Daniel Okafor -> Daniel Okonkwo), or None when the pool has none."""
        first, _, surname = client.partition(" ")
        prefix = surname[:2].casefold()
        options = [s for s in self.pool.surnames if s[:2].casefold() == prefix and s != surname]
        for _ in range(8):
            if not options:
                return None
            name = f"{first} {self.rng.choice(options)}"
            if self.free(name):
                self.take(name)
                return name
        return None

    def draw(self, make: Callable[[], str]) -> str:
        while True:
            name = make()
            if self.free(name):
                self.take(name)
                return name

    def person(self, surname: str | None = None) -> str:
        return self.person_parts(surname)[0]

    def person_parts(self, surname: str | None = None) -> tuple[str, str]:
        """A new person's full name and surname (``surname`` given: a relative's name)."""
        pool, rng = self.pool, self.rng
        while True:
            last = surname or rng.choice(pool.surnames)
            name = f"{rng.choice(pool.first_names)} {last}"
            if self.free(name):
                self.take(name)
                return name, last

    def company(self, kind: str) -> str:
        pool, rng = self.pool, self.rng
        for _ in range(100):
            name = f"{rng.choice(pool.company_words)} {kind}"
            if self.free(name):
                self.take(name)
                return name
        # The split's company words are few: past them, a word and a surname ("Apex Okafor").
        return self.draw(lambda: f"{rng.choice(pool.company_words)} {rng.choice(pool.surnames)} "
                                 f"{kind}")


def _short(company: str) -> str:
    """A company's everyday name ("Harborline Transit Authority" -> "Harborline Transit")."""
    words = company.split()
    return " ".join(words[:2]) if len(words) > 2 else words[0]


def _person_matters(rng: random.Random, names: _Names, client: str,
                    surname: str) -> list[MatterSpec]:
    areas = [rng.choice(PERSON_AREAS)]
    if rng.random() < 0.08:
        areas.append(rng.choice([a for a in dict.fromkeys(PERSON_AREAS) if a != areas[0]]))
    out: list[MatterSpec] = []
    for area in areas:
        parties: list[Party] = []
        if area == "personal_injury":
            title, kinds = rng.choice(PI_SCENARIOS)
            for kind, role in kinds:
                # Sometimes the other driver is a near-namesake of our client (Daniel Okafor
                # suing Daniel Okonkwo): a conflict-check decoy the fuzzy rule keeps apart.
                decoy = (names.decoy(client) if kind == "person" and "driver" in role
                         and rng.random() < DECOY_SHARE else None)
                kind_name = decoy or (names.person() if kind == "person" else names.company(kind))
                parties.append((kind_name, role))
            first = parties[0][0]
            short = first.split()[-1] if kinds[0][0] == "person" else _short(first)
            title = title.format(s=surname, p=short)
        elif area == "employment":
            employer = names.company(rng.choice(EMPLOYER_KINDS))
            parties.append((employer, "employer"))
            if rng.random() < 0.5:
                parties.append((names.person(), rng.choice(EMPLOYMENT_ROLES)))
            title = f"{surname} v. {employer} ({rng.choice(EMPLOYMENT_CLAIMS)})"
        elif area == "family":
            title, role = rng.choice(FAMILY_MATTERS)
            title = title.format(s=surname)
            parties.append((names.person(surname), role))
        elif area == "criminal_defense":
            title = rng.choice(CRIMINAL_TITLES).format(s=surname)
            if rng.random() < 0.4:
                parties.append((names.person(), "complainant"))
        elif area == "estate_planning":
            title = rng.choice(ESTATE_TITLES).format(s=surname)
        else:
            title = rng.choice(IMMIGRATION_TITLES).format(s=surname)
        out.append((area, title, parties))
    return out


def _client_specs(rng: random.Random, pool: NamePool) -> list[ClientSpec]:
    """A fresh client list: people with their matters and adverse parties, and companies."""
    names = _Names(rng, pool)
    specs: list[ClientSpec] = []
    people, companies = rng.randint(24, 34), rng.randint(4, 8)
    for _ in range(people):
        name, surname = names.person_parts()
        specs.append((name, "person", [], _person_matters(rng, names, name, surname)))
    for _ in range(companies):
        name = names.company(rng.choice(EMPLOYER_KINDS))
        legal = name + rng.choice(LEGAL_FORMS)
        area, title = rng.choice(ORG_MATTERS)
        specs.append((name, "organization", [legal], [(area, title.format(n=name), [])]))
    return specs


def build(seed: int, names: NamePool) -> dict[str, list[Row]]:
    """The legal world ``seed``: world 0 is the shipped seed (``names`` unused); any other seed
    draws its people and companies from ``names``."""
    if seed == 0:
        return _tables(random.Random(SEED), SHIPPED_CLIENTS, lambda: 10)
    rng = random.Random(f"legal-world:{seed}")
    specs = _client_specs(rng, names)
    return _tables(rng, specs, lambda: rng.randint(6, 16))
