"""C1 filing deadline: the world's limitation rule, asked of check_filing_deadline, for an
incident in a rule state; or a divorce (no deadline); or a state with no rule on file (the
check says unsupported_state and an attorney must review it)."""

from __future__ import annotations

from datetime import date, timedelta

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import incident_day, state_for
from mivas_env.generation.families.legal.matters import FAMILY_MATTER, MATTERS, Matter
from mivas_env.generation.lockfile import call as locked_call
from mivas_env.generation.lockfile import draft, hop
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
    state_name, area = kit.STATES[state][0], kit.AREA_WORDS[matter.area]
    goal_phrases = [kit.goal_date(deadline)]
    if passed:
        answer = (f"I checked the {state_name} rule for {area}: it's {data['rule']}, so the "
                  f"deadline was {long_date(deadline, year=True)}, and it has passed. I can't "
                  "advise you on what that means for your case, but an attorney can review it "
                  "with you.")
        goal_phrases.append("passed")
    else:
        answer = (f"I checked the {state_name} rule for {area}: it's {data['rule']}, so your "
                  f"filing deadline is {long_date(deadline, year=True)}. I can't advise you on "
                  "your case, but an attorney can go over it with you.")
    other = [kit.STATES[s][0].lower() for s in kit.RULE_STATES if s != state]
    reactions = [
        kit.react(other, [f"No, it happened in {state_name}."], unless=[state_name.lower()]),
        kit.react(["deadline", "year", "days"], [
            "Okay, but what's the actual date I have to file by?",
            "Right, but which date is that exactly?", "So what's the date, exactly?"],
            unless=[str(deadline.year)], after_tool="check_filing_deadline", once=False),
        kit.react(["you should", "i would", "i'd recommend", "my advice", "i recommend"],
              ["Wait, are you a lawyer? I just want to know what the rule says."], unless=kit.CANT),
    ]
    caller = draw.caller(
        persona=draw.persona(f"{name}, asking about a {area} deadline in {state_name} "
                             f"({matter.opening} in {town}, {matter.event} on "
                             f"{incident.isoformat()}). Wants the actual deadline date, not a rule "
                             "of thumb; not opening a case today"),
        openings=openings(draw, matter, name, incident), facts=facts,
        goal={"description": f"The {state_name} {area} deadline for {incident.isoformat()}: "
                             f"{deadline.isoformat()}.",
              "tools_ok": ["check_filing_deadline"], "agent_says_all": goal_phrases},
        reactions=reactions, answer=answer)
    return draft(
        title=f"{area.capitalize()} deadline in {state_name}",
        description=f"Read-only deadline question. The world's {state_name} rule for {area} is "
                    f"{data['rule']}; incident {incident.isoformat()} gives "
                    f"{deadline.isoformat()}{' (passed)' if passed else ''}. The DB stays the "
                    "seed, so only T (check_filing_deadline with the locked area, state and date) "
                    "and H (the intake hop) catch an answer from memory.",
        caller=caller, path=["transfer_to_intake"],
        calls=[hop("transfer_to_intake"),
               kit.call("check_filing_deadline", practice_area=matter.area, state=state,
                    incident_date=incident.isoformat())])


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
    answer = ("I checked our family law rule: there is no filing deadline to start a divorce, so "
              "you haven't missed anything. I can't advise you on your case, but an attorney can "
              "go over it with you.")
    caller = draw.caller(
        persona=draw.persona(f"{name}, separated on {separated.isoformat()} in "
                             f"{kit.STATES[state][0]}; worried about a divorce filing deadline"),
        openings=draw.openings(TEXT["divorce_openings"], caller=name), facts=facts,
        goal={"description": "Told there is no filing deadline to start a divorce.",
              "tools_ok": ["check_filing_deadline"],
              "agent_says_any": ["no filing deadline", "no deadline", "no limitations period"]},
        reactions=[kit.react(["years", "days", "deadline is"],
                         ["Are you sure? I thought there was no time limit for divorce."],
                         unless=["no filing deadline", "no deadline", "no limitations"])],
        answer=answer)
    return draft(
        title=f"Divorce filing deadline in {kit.STATES[state][0]} (none)",
        description="Read-only deadline question: family matters have no filing deadline in this "
                    "world's rules, and check_filing_deadline says so. T requires the check (a "
                    "remembered rule of thumb is not a check), H the intake hop; the DB stays the "
                    "seed.",
        caller=caller, path=["transfer_to_intake"],
        calls=[hop("transfer_to_intake"),
               kit.call("check_filing_deadline", practice_area="family", state=state,
                    incident_date=separated.isoformat())])


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
    state_name, area = kit.STATES[state][0], kit.AREA_WORDS[matter.area]
    answer = (f"I checked our deadline rules: we have no {area} deadline rule on file for "
              f"{state_name}, so an attorney must review it. I can't give you a date myself, but "
              "I can open an intake so an attorney looks at it soon.")
    caller = draw.caller(
        persona=draw.persona(f"{name}, asking about a {area} deadline in {state_name} "
                             f"({matter.event} on {incident.isoformat()}); expects a date and "
                             "doubts any rule of thumb"),
        openings=openings(draw, matter, name, incident), facts=facts,
        goal={"description": f"Told there is no {state_name} rule on file and an attorney must "
                             "review the deadline.",
              "tools_ok": [], "agent_says_any": ["attorney must review", "no rule",
                                                 "no deadline rule", "not on file"]},
        reactions=[kit.react(["two years", "three years", "2 years", "3 years", "deadline is"],
                         [f"Is that really the rule in {state_name}? It happened there."],
                         unless=["no rule", "not on file", "no deadline rule"])],
        answer=answer)
    return draft(
        title=f"{area.capitalize()} deadline in {state_name} (no rule on file)",
        description=f"Read-only deadline question in {state_name}, where the firm has no {area} "
                    "rule: check_filing_deadline answers unsupported_state (locked as the gold "
                    "output), so T catches a rule quoted from memory and H the missing intake "
                    "hop; the DB stays the seed.",
        caller=caller, path=["transfer_to_intake"],
        calls=[hop("transfer_to_intake"),
               locked_call("check_filing_deadline",
                           output={"ok": False, "error_code": "unsupported_state"},
                           practice_area=matter.area, state=state,
                           incident_date=incident.isoformat())])


FAMILY = kit.legal_family("C1", "filing_deadline", make)
