"""The matters callers bring (``matters.json``); a new matter as a caller tells it, as the gold intake
records it, and its lockfile (C3 to C6, C10 and C12 build on it)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from mivas_env.generation.families.legal import common as kit

TEXT = kit.family_templates(__name__)


@dataclass(frozen=True)
class Matter:
    """A kind of matter a caller brings. ``party``: "person", a company kind, or "" (none);
    ``story``/``summary`` take {party} (the other side) and {town}."""

    area: str
    says: kit.TemplateSet  # the caller's words for the practice area
    story: str
    summary: str
    party: str
    party_role: str  # how the caller refers to the other side
    event: str  # what the incident date is the date of ("" when there is none)
    documents: tuple[tuple[str, str], ...] = ()  # (document_type, the caller's words)
    opening: str = ""  # a phrase for openings: "I was rear-ended"
    story_for: str = ""  # the story told for a relative: {whom}, {subj}, {pos}, {party}, {town}
    opening_for: str = ""  # the opening phrase for a relative: "{subj} was rear-ended"


SAYS = kit.load_templates(kit.PACKAGE, "matters")
RAW = kit.load_data(kit.PACKAGE, "matters.json")
BY_KEY = {key: Matter(**{**fields, "says": SAYS[key], "documents": tuple(map(tuple, fields["documents"]))})
          for key, fields in RAW.items()}
FAMILY_MATTER, ESTATE_MATTER = BY_KEY["family_divorce"], BY_KEY["estate_will"]
# The matters most families draw, in file order: not divorce or estate planning, which only some use.
MATTERS = tuple(matter for key, matter in BY_KEY.items() if key not in ("family_divorce", "estate_will"))
ALL_MATTERS = (*MATTERS, FAMILY_MATTER, ESTATE_MATTER)


def incident_day(draw: kit.Draw, area: str) -> date:
    """At most ``incident_days`` of the area ago (criminal appeals, 20 to 60 days, are mostly recent)."""
    return draw.today - timedelta(days=draw.rng.randint(3, kit.WORDS["incident_days"].get(area, 700)))


def state_for(draw: kit.Draw, matter: Matter) -> str:
    return draw.rng.choice(sorted(kit.STATES) if matter.area == "immigration" else kit.RULE_STATES)


@dataclass
class Intake:
    """A new matter as the caller tells it (``facts``) and as the gold intake records it."""

    name: str
    phone: str
    matter: Matter
    state: str
    town: str
    incident: date | None
    party: str | None  # as the records (and the gold) have it
    for_whom: str | None
    relation: str | None
    facts: dict[str, str]
    summary: str
    deadline: dict[str, Any] | None  # what check_filing_deadline says (every incident has a rule)

    def calls(self) -> list[kit.LockedCall]:
        incident, area = self.incident and self.incident.isoformat(), self.matter.area
        params: dict[str, Any] = {
            "full_name": self.name, "phone_e164": self.phone, "practice_area": area,
            "incident_date": incident, "opposing_party": self.party, "for_whom": self.for_whom,
            "summary": self.summary}
        return [kit.hop("intake"),
                *([kit.call("run_conflict_check", opposing_party=self.party)] if self.party else []),
                kit.call("create_intake", **{key: v for key, v in params.items() if v is not None}),
                *([kit.call("check_filing_deadline", practice_area=area, state=self.state,
                            incident_date=incident)] if incident else [])]


def new_intake(draw: kit.Draw, matter: Matter, *, party: str | None = None, heard: str | None = None,
               for_someone: bool | None = None, known_date: bool = True) -> Intake:
    """A new caller with a new matter; ``party`` overrides the drawn other side, ``heard`` is as said."""
    rng = draw.rng
    state = state_for(draw, matter)
    name, surname, phone = kit.new_caller(draw, state)
    where, town = draw.where(state)
    if for_someone is None or matter.area == "estate_planning":  # estate plans are for a relative
        for_someone = matter.area == "estate_planning" or (
            matter.area in ("immigration", "criminal_defense") and rng.random() < 0.4)
    relation = for_whom = None
    if for_someone:
        relation = rng.choice(["mother", "father", "aunt", "uncle"] if matter.area == "estate_planning"
                              else sorted(kit.RELATIVES))
        for_whom = draw.person(surname)
    if party is None and matter.party:
        party = (draw.person() if matter.party == "person" else draw.person(surname)
                 if matter.party == "spouse" else draw.company(matter.party))
    heard = heard or party
    incident = incident_day(draw, matter.area) if matter.event and known_date else None
    result = draw.firm.deadline(matter.area, state, incident) if incident else None
    deadline = kit.fit(result["ok"] and result["data"]) if result else None
    story = (matter.story_for if for_someone else matter.story).format(
        party=heard or "", town=town, relation=relation or "", whom=for_whom or "",
        **kit.pronouns(relation or ""))
    summary = matter.summary.format(party=party or "", town=town, relation=relation or "")
    if for_someone and matter.area != "estate_planning":
        summary = f"For the caller's {relation}: {summary}"
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "practice_area": draw.say(matter.says),
             "incident_state": where, "matter_summary": story,
             "incident_date": draw.date(incident) if incident is not None
             else draw.say(TEXT["date_unknown" if matter.event else "no_incident"]),
             "opposing_party": draw.say(TEXT["no_party"]) if heard is None
             else draw.spell(heard) if heard != party or rng.random() < 0.4 else heard,
             "for_whom": f"My {relation}, {draw.spell(for_whom)}." if for_whom else draw.say(TEXT["for_me"])}
    return Intake(name, phone, matter, state, town, incident, party, for_whom, relation, facts, summary,
                  deadline)


def intake_lock(draw: kit.Draw, intake: Intake, description: str, *, calls: Sequence[kit.LockedCall] = (),
                answer: str = "", tools: Sequence[str] = (), says_any: Sequence[str] = (),
                says_all: Sequence[str] = (), reactions: Sequence[dict[str, Any]] = (),
                facts: dict[str, str] | None = None, **more: Any) -> kit.Draft:
    """The intake's lockfile, with what a family adds after the intake (a consultation, a document
    request): ``calls``, ``answer``, goal ``tools`` and phrases, ``reactions``, ``facts``, ``more``."""
    party, relation, whom = intake.party, intake.relation, intake.for_whom
    area, state = kit.AREA_WORDS[intake.matter.area], kit.STATES[intake.state]["name"]
    values = {"name": intake.name, "first": intake.name.split()[0], "area": area, "Area": area.capitalize(),
              "a": "an" if area[0] in "aeiou" else "a", "state": state, "town": intake.town, "party": party,
              "relation": relation, "for_whom": whom,
              "deadline": (intake.deadline or {}).get("deadline") or "none",
              "incident": intake.incident and intake.incident.isoformat()}

    def part(name: str, applies: object) -> str:  # the line, or "" where it does not apply
        return TEXT.line(name, **values) if applies else ""

    words, phrases, own = "", [], []
    if whom is not None and relation is not None:
        own.append(kit.react(["for you", "your case", "your own"], [part("for_relative", whom)],
                             unless=[relation, whom.split()[0].lower()]))
    if intake.deadline is not None:
        passed, day = intake.deadline["passed"], date.fromisoformat(intake.deadline["deadline"])
        words = TEXT.of("deadline", "passed" if passed else "", state=state,
                        day=kit.long_date(day, year=True))
        phrases = [kit.goal_date(day), *(["passed"] if passed else [])]
        own.append(kit.react(["deadline", "years", "days"], [TEXT.line("actual_date")],
                             unless=[phrases[0].split(", ")[1]], after_tool="create_intake"))
    others = [kit.STATES[s]["name"].lower() for s in kit.RULE_STATES if s != intake.state]
    own.append(kit.react(others, [TEXT.line("wrong_state", state=state)], unless=[state.lower()]))
    says_all = [*phrases, *says_all]
    checked = ["check_filing_deadline"] if intake.deadline else []
    goal: dict[str, Any] = {"tools_ok": ["create_intake", *checked, *tools]}
    if says_all:
        goal["agent_says_all"] = says_all
    if says_any or not says_all:
        goal["agent_says_any"] = list(says_any) or ["intake", "opened"]
    parts = part("part against", party) + part("part for", whom) + part("part incident", intake.incident)
    say = {**values, "parts": parts, "against": part("against", party), "clear": part("clear", party),
           "for_relation": part("for_relation", relation), "whom": part("whom", whom),
           "for_them": part("for_them", whom), "told": part("told", phrases), "about": description,
           "deadline_words": words, "extra_answer": answer}
    pronouns = kit.pronouns(relation or "")
    return kit.lockfile(
        draw, TEXT, say=say,
        openings=lambda: draw.openings(
            TEXT["openings_for" if relation else "openings"], caller=intake.name, relation=relation,
            opening=intake.matter.opening, opening_for=intake.matter.opening_for.format(**pronouns),
            pronoun_obj=pronouns["obj"]),
        facts={**intake.facts, **(facts or {})}, goal=goal, reactions=[*own, *reactions],
        calls=[*intake.calls(), *calls], **more)
