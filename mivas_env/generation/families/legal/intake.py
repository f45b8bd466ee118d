"""A new matter as a caller tells it and as the gold intake records it (C3, C4, C6, C10, C12
build on it): the caller, the other side, the incident and its deadline (asked of the server),
the facts in the split's words, and the intake lockfile."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.matters import Matter
from mivas_env.generation.lockfile import LockedCall, hop
from mivas_env.generation.spoken import long_date
from mivas_env.generation.text import load_templates

TEXT = load_templates(kit.PACKAGE, "intake")
# How long ago incidents happen, by area: criminal appeals (20 to 60 days) are mostly recent.
INCIDENT_DAYS = {"criminal_defense": 90, "immigration": 500}


def incident_day(draw: kit.Draw, area: str) -> date:
    return draw.today - timedelta(days=draw.rng.randint(3, INCIDENT_DAYS.get(area, 700)))


def state_for(draw: kit.Draw, matter: Matter) -> str:
    if matter.area == "immigration":
        return draw.rng.choice(sorted(kit.STATES))
    return draw.rng.choice(kit.RULE_STATES)


def other_side(draw: kit.Draw, matter: Matter, caller_surname: str) -> str | None:
    if matter.party == "person":
        return draw.person()
    if matter.party == "spouse":
        return draw.person(caller_surname)
    return draw.company(matter.party)


@dataclass
class Intake:
    """A new matter as the caller tells it and as the gold intake records it."""

    name: str
    phone: str
    matter: Matter
    state: str
    town: str
    where: str
    incident: date | None
    party: str | None  # as the records / gold lock it
    heard: str | None  # as the caller says it
    for_whom: str | None
    relation: str | None
    facts: dict[str, str]
    summary: str
    deadline: dict[str, Any] | None

    def calls(self) -> list[LockedCall]:
        out = [hop("transfer_to_intake")]
        if self.party is not None:
            out.append(kit.call("run_conflict_check", opposing_party=self.party))
        params: dict[str, Any] = {"full_name": self.name, "phone_e164": self.phone,
                                  "practice_area": self.matter.area}
        if self.incident is not None:
            params["incident_date"] = self.incident.isoformat()
        if self.party is not None:
            params["opposing_party"] = self.party
        if self.for_whom is not None:
            params["for_whom"] = self.for_whom
        params["summary"] = self.summary
        out.append(kit.call("create_intake", **params))
        if self.deadline is not None and self.incident is not None:
            out.append(kit.call("check_filing_deadline", practice_area=self.matter.area,
                            state=self.state, incident_date=self.incident.isoformat()))
        return out

    def deadline_words(self) -> tuple[str, list[str]]:
        """What the agent says about the deadline, and the goal phrases it must contain."""
        if self.deadline is None:
            return "", []
        data = self.deadline
        if not data["has_deadline"]:
            # no intake family reaches this (the template test would find its line unfilled)
            return " There is no filing deadline for this kind of matter.", ["no filing deadline"]
        day = date.fromisoformat(data["deadline"])
        said = TEXT.of("deadline", "passed" if data["passed"] else "",
                       state=kit.STATES[self.state]["name"], day=long_date(day, year=True))
        return said, [kit.goal_date(day), *(["passed"] if data["passed"] else [])]

    def say(self) -> dict[str, Any]:
        """The values of the intake's lines (``""`` for a part that does not apply)."""
        area, party, relation = kit.AREA_WORDS[self.matter.area], self.party, self.relation
        values = {"name": self.name, "first": self.name.split()[0], "area": area,
                  "Area": area.capitalize(), "a": "an" if area[0] in "aeiou" else "a",
                  "state": kit.STATES[self.state]["name"], "town": self.town, "party": party,
                  "relation": relation, "for_whom": self.for_whom,
                  "incident": self.incident and self.incident.isoformat(),
                  "deadline": (self.deadline or {}).get("deadline") or "none"}

        def part(name: str, applies: object) -> str:
            return TEXT.line(name, **values) if applies else ""

        parts = (part("part against", party) + part("part for", self.for_whom)
                 + part("part incident", self.incident is not None and self.deadline is not None))
        return {**values, "parts": parts, "against": part("against", party),
                "for_relation": part("for_relation", relation), "clear": part("clear", party),
                "whom": part("whom", self.for_whom), "for_them": part("for_them", self.for_whom)}


def new_intake(draw: kit.Draw, matter: Matter, *, party: str | None = None, heard: str | None = None,
               for_someone: bool | None = None, known_date: bool = True) -> Intake | None:
    """A new caller with a new matter; ``party`` overrides the drawn other side."""
    rng = draw.rng
    state = state_for(draw, matter)
    who = kit.new_caller(draw, state)
    if who is None:
        return None
    name, surname, phone = who
    where, town = draw.where(state)
    if matter.area == "estate_planning":
        for_someone = True
    elif for_someone is None:
        for_someone = matter.area in ("immigration", "criminal_defense") and rng.random() < 0.4
    relation = rng.choice(["mother", "father", "aunt", "uncle"] if matter.area == "estate_planning"
                          else sorted(kit.RELATIVES)) if for_someone else None
    for_whom = draw.person(surname) if for_someone else None
    if for_someone and for_whom is None:
        return None
    if party is None and matter.party:
        party = other_side(draw, matter, surname)
        if party is None:
            return None
    heard = heard or party
    incident = incident_day(draw, matter.area) if matter.event and known_date else None
    deadline = None
    if incident is not None:
        result = draw.firm.deadline(matter.area, state, incident)
        if not result["ok"]:
            return None
        deadline = result["data"]
    pos = kit.RELATIVES.get(relation or "", "her")
    words = {"party": heard or "", "town": town, "relation": relation or "", "whom": for_whom or "",
             "pos": pos, "subj": "he" if pos == "his" else "she", "obj": "him" if pos == "his" else "her"}
    story = (matter.story_for if for_someone else matter.story).format(**words)
    summary = matter.summary.format(party=party or "", town=town, relation=relation or "")
    if for_someone and matter.area != "estate_planning":
        summary = f"For the caller's {relation}: {summary}"
    facts: dict[str, str] = {
        "full_name": name, "phone": draw.spoken_phone(phone),
        "practice_area": draw.say(matter.says), "incident_state": where,
        "matter_summary": story,
    }
    if incident is not None:
        facts["incident_date"] = draw.date(incident)
    else:
        facts["incident_date"] = draw.say(TEXT["date_unknown" if matter.event else "no_incident"])
    if heard is not None:
        facts["opposing_party"] = draw.spell(heard) if heard != party or rng.random() < 0.4 else heard
    else:
        facts["opposing_party"] = draw.say(TEXT["no_party"])
    facts["for_whom"] = (f"My {relation}, {draw.spell(for_whom)}." if for_whom
                         else draw.say(TEXT["for_me"]))
    return Intake(name=name, phone=phone, matter=matter, state=state, town=town, where=where,
                  incident=incident, party=party, heard=heard, for_whom=for_whom,
                  relation=relation, facts=facts, summary=summary, deadline=deadline)


def intake_reactions(intake: Intake, deadline_phrases: Sequence[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if intake.for_whom is not None and intake.relation is not None:
        first = intake.for_whom.split()[0]
        out.append(kit.react(["for you", "your case", "your own"],
                             [TEXT.line("for_relative", relation=intake.relation,
                                        for_whom=intake.for_whom)],
                             unless=[intake.relation, first.lower()]))
    if deadline_phrases:
        out.append(kit.react(["deadline", "years", "days"], [TEXT.line("actual_date")],
                             unless=[deadline_phrases[0].split(", ")[1]],
                             after_tool="create_intake"))
    state_name = kit.STATES[intake.state]["name"]
    others = [kit.STATES[s]["name"].lower() for s in kit.RULE_STATES if s != intake.state]
    out.append(kit.react(others, [TEXT.line("wrong_state", state=state_name)],
                         unless=[state_name.lower()]))
    return out


def intake_openings(draw: kit.Draw, intake: Intake) -> list[str]:
    if intake.relation is not None:
        pos = kit.RELATIVES[intake.relation]
        subj, obj = ("he", "him") if pos == "his" else ("she", "her")
        opening_for = intake.matter.opening_for.format(subj=subj, pos=pos, obj=obj)
        return draw.openings(TEXT["openings_for"], caller=intake.name, relation=intake.relation,
                             opening_for=opening_for, pronoun_obj=obj)
    return draw.openings(TEXT["openings"], caller=intake.name, opening=intake.matter.opening)


def intake_lock(draw: kit.Draw, intake: Intake, description: str,
                extra_calls: Sequence[LockedCall] = (), extra_answer: str = "",
                extra_goal_tools: Sequence[str] = (), extra_says_any: Sequence[str] = (),
                extra_reactions: Sequence[dict[str, Any]] = (),
                extra_facts: dict[str, str] | None = None,
                goal_extra_all: Sequence[str] = ()) -> Draft:
    """The intake's lockfile, with what a family adds after the intake (a consultation, a
    document request); ``description`` comes before the intake's own."""
    words, phrases = intake.deadline_words()
    tools = ["create_intake"]
    if intake.deadline is not None:
        tools.append("check_filing_deadline")
    goal: dict[str, Any] = {"tools_ok": [*tools, *extra_goal_tools]}
    says_all = [*phrases, *goal_extra_all]
    if says_all:
        goal["agent_says_all"] = says_all
    else:
        goal["agent_says_any"] = ["intake", "opened"]
    if extra_says_any:
        goal["agent_says_any"] = list(extra_says_any)
    say = {**intake.say(), "about": description, "deadline_words": words,
           "extra_answer": extra_answer, "told": TEXT.line("told") if phrases else ""}
    return kit.lockfile(
        draw, TEXT, say=say, openings=lambda: intake_openings(draw, intake),
        facts={**intake.facts, **(extra_facts or {})}, goal=goal,
        reactions=[*intake_reactions(intake, phrases), *extra_reactions],
        calls=[*intake.calls(), *extra_calls])
