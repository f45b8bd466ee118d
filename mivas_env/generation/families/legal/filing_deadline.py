"""C1 filing deadline: the world's limitation rule, asked of check_filing_deadline, for an
incident in a rule state; or a divorce (no deadline); or a state with no rule on file (the
check says unsupported_state and an attorney must review it)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import incident_day, state_for
from mivas_env.generation.families.legal.matters import FAMILY_MATTER, MATTERS, Matter
from mivas_env.generation.lockfile import LockedCall, hop
from mivas_env.generation.lockfile import call as locked_call
from mivas_env.generation.spoken import long_date
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
DIVORCE = 0.1  # how often the question is about a divorce (no deadline)
NO_RULE = 0.12  # how often the incident is in a state the firm has no rule for
STILL_AHEAD = 0.85  # how often the deadline has not passed yet
NO_RULE_STATES = ("FL", "TX", "MA")


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    if rng.random() < DIVORCE:
        return no_deadline(draw)
    matter = rng.choice(MATTERS)
    # Sometimes the matter happened in a state the firm has no rule for: the check says so.
    unsupported = matter.area != "immigration" and rng.random() < NO_RULE
    state = rng.choice(NO_RULE_STATES) if unsupported else state_for(draw, matter)
    who = kit.new_caller(draw, state)
    if who is None:
        return None
    name, _, phone = who
    incident = (incident_day(draw, matter.area) if rng.random() < STILL_AHEAD
                else draw.today - timedelta(days=rng.randint(400, 1400)))
    result = draw.firm.deadline(matter.area, state, incident)
    if unsupported:
        if result.get("error_code") != "unsupported_state":
            return None
        return unsupported_state(draw, matter, state, incident, name, phone)
    if not result["ok"] or not result["data"]["has_deadline"]:
        return None
    data = result["data"]
    deadline = date.fromisoformat(data["deadline"])
    passed = bool(data["passed"])
    facts, town = deadline_facts(draw, matter, state, incident, name, phone)
    say = asked(matter, state, incident, name, town=town, rule=data["rule"],
                deadline=deadline.isoformat(), passed=" (passed)" if passed else "",
                said_deadline=long_date(deadline, year=True))
    state_name = say["state"]
    other = [kit.STATES[s]["name"].lower() for s in kit.RULE_STATES if s != state]
    reactions = [
        kit.react(other, [TEXT.line("wrong_state", state=state_name)],
                  unless=[state_name.lower()]),
        kit.react(["deadline", "year", "days"], TEXT.words("which_date"),
                  unless=[str(deadline.year)], after_tool="check_filing_deadline", once=False),
        kit.react(TEXT.words("advice"), [TEXT.line("not_a_lawyer")], unless=kit.CANT),
    ]
    return kit.lockfile(
        draw, TEXT, say=say, variant="passed" if passed else "",
        openings=lambda: openings(draw, matter, name, incident), facts=facts,
        goal={"tools_ok": ["check_filing_deadline"],
              "agent_says_all": [kit.goal_date(deadline), *(["passed"] if passed else [])]},
        reactions=reactions, calls=deadline_calls(matter.area, state, incident))


def asked(matter: Matter, state: str, incident: date, name: str, **more: Any) -> dict[str, Any]:
    """The values of a deadline question's lines."""
    area = kit.AREA_WORDS[matter.area]
    return {"name": name, "state": kit.STATES[state]["name"], "area": area, "Area": area.capitalize(),
            "incident": incident.isoformat(), "opening": matter.opening, "event": matter.event,
            **more}


def deadline_calls(area: str, state: str, incident: date, **output: Any) -> list[LockedCall]:
    """The intake hop and the deadline check (``output``: a refused check's locked output)."""
    check = (locked_call("check_filing_deadline", output=output, practice_area=area, state=state,
                         incident_date=incident.isoformat()) if output
             else kit.call("check_filing_deadline", practice_area=area, state=state,
                           incident_date=incident.isoformat()))
    return [hop("transfer_to_intake"), check]


def openings(draw: kit.Draw, matter: Matter, name: str, incident: date) -> list[str]:
    # The state and date are facts, given when asked; the opening tells only what happened.
    return draw.openings(TEXT["openings"], caller=name,
                         event_words=matter.opening[:1].upper() + matter.opening[1:],
                         month=f"{incident:%B} {incident.year}")


def no_deadline(draw: kit.Draw) -> Draft | None:
    """A divorce: the family rule has no filing deadline, and the check says so."""
    state = draw.rng.choice(kit.RULE_STATES)
    who = kit.new_caller(draw, state)
    if who is None:
        return None
    name, _, phone = who
    separated = incident_day(draw, "family")
    result = draw.firm.deadline("family", state, separated)
    if not result["ok"] or result["data"]["has_deadline"]:
        return None
    where, _ = draw.where(state)
    facts = {"full_name": name, "phone": draw.spoken_phone(phone),
             "practice_area": draw.say(FAMILY_MATTER.says), "incident_date": draw.date(separated),
             "incident_state": where, "matter_summary": draw.say(TEXT["divorce_summaries"])}
    return kit.lockfile(
        draw, TEXT, say={"name": name, "incident": separated.isoformat(),
                         "state": kit.STATES[state]["name"]}, variant="none",
        openings=lambda: draw.openings(TEXT["divorce_openings"], caller=name), facts=facts,
        goal={"tools_ok": ["check_filing_deadline"], "agent_says_any": TEXT.words("no_deadline")},
        reactions=[kit.react(["years", "days", "deadline is"], [TEXT.line("no_time_limit")],
                             unless=["no filing deadline", "no deadline", "no limitations"])],
        calls=deadline_calls("family", state, separated))


def deadline_facts(draw: kit.Draw, matter: Matter, state: str, incident: date, name: str,
                   phone: str) -> tuple[dict[str, str], str]:
    """What a C1 caller says when asked (a deadline only, no case yet), and the incident town."""
    where, town = draw.where(state)
    return {"full_name": name, "phone": draw.spoken_phone(phone),
            "practice_area": draw.say(matter.says), "incident_date": draw.date(incident),
            "incident_state": where, "matter_summary": draw.say(TEXT["deadline_only"])}, town


def unsupported_state(draw: kit.Draw, matter: Matter, state: str, incident: date, name: str,
                      phone: str) -> Draft:
    """A state without a rule on file: the check answers unsupported_state, and the right
    answer is that an attorney must review it (a remembered rule is wrong)."""
    facts, _ = deadline_facts(draw, matter, state, incident, name, phone)
    say = asked(matter, state, incident, name)
    return kit.lockfile(
        draw, TEXT, say=say, variant="no_rule",
        openings=lambda: openings(draw, matter, name, incident), facts=facts,
        goal={"tools_ok": [], "agent_says_any": TEXT.words("attorney_must")},
        reactions=[kit.react(TEXT.words("rules_of_thumb"),
                             [TEXT.line("really_the_rule", state=say["state"])],
                             unless=["no rule", "not on file", "no deadline rule"])],
        calls=deadline_calls(matter.area, state, incident, ok=False,
                             error_code="unsupported_state"))


FAMILY = kit.legal_family("C1", "filing_deadline", make)
