"""C1 filing deadline: the world's limitation rule, asked of check_filing_deadline, for an incident
in a rule state; or a divorce (no deadline); or a state with no rule (unsupported_state)."""

from datetime import date, timedelta
from typing import Any

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import FAMILY_MATTER, MATTERS, incident_day, state_for

CODE = "C1"
TEXT = kit.family_templates(__name__)


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    divorce = rng.random() < 0.1  # a divorce: no deadline
    if divorce:
        matter, unsupported, state = FAMILY_MATTER, False, rng.choice(kit.RULE_STATES)
    else:
        matter = rng.choice(MATTERS)
        # Sometimes the matter happened in a state the firm has no rule for: the check says so.
        unsupported = matter.area != "immigration" and rng.random() < 0.12
        state = rng.choice(kit.WORDS["no_rule_states"]) if unsupported else state_for(draw, matter)
    name, _, phone = kit.new_caller(draw, state)
    incident = (incident_day(draw, matter.area) if divorce or rng.random() < 0.85
                else draw.today - timedelta(days=rng.randint(400, 1400)))  # long ago: often passed
    result = draw.firm.deadline(matter.area, state, incident)
    kit.fit(result.get("error_code") == "unsupported_state" if unsupported
            else result["ok"] and result["data"]["has_deadline"] != divorce)
    where, town = draw.where(state)
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "practice_area": draw.say(matter.says),
             "incident_date": draw.date(incident), "incident_state": where,
             "matter_summary": draw.say(TEXT["divorce_summaries" if divorce else "deadline_only"])}
    area, state_name = kit.AREA_WORDS[matter.area], kit.STATES[state]["name"]
    say = {"name": name, "state": state_name, "area": area, "Area": area.capitalize(), "town": town,
           "incident": incident.isoformat(), "opening": matter.opening, "event": matter.event}
    goal: dict[str, Any] = {"tools_ok": ["check_filing_deadline"]}
    if divorce:
        variant, goal["agent_says_any"] = "none", TEXT.words("no_deadline")
        reactions = [kit.react(["years", "days", "deadline is"], [TEXT.line("no_time_limit")],
                               unless=["no filing deadline", "no deadline", "no limitations"])]
    elif unsupported:
        variant, goal = "no_rule", {"tools_ok": [], "agent_says_any": TEXT.words("attorney_must")}
        reactions = [kit.react(TEXT.words("rules_of_thumb"), [TEXT.line("really_the_rule", state=state_name)],
                               unless=["no rule", "not on file", "no deadline rule"])]
    else:
        data = result["data"]
        deadline, passed = date.fromisoformat(data["deadline"]), bool(data["passed"])
        variant = "passed" if passed else ""
        goal["agent_says_all"] = [kit.goal_date(deadline), *(["passed"] if passed else [])]
        say |= {"rule": data["rule"], "deadline": deadline.isoformat(),
                "passed": " (passed)" if passed else "", "said_deadline": kit.long_date(deadline, year=True)}
        reactions = [
            kit.react([kit.STATES[s]["name"].lower() for s in kit.RULE_STATES if s != state],
                      [TEXT.line("wrong_state", state=state_name)], unless=[state_name.lower()]),
            kit.react(["deadline", "year", "days"], TEXT.words("which_date"), unless=[str(deadline.year)],
                      after_tool="check_filing_deadline", once=False),
            kit.react(TEXT.words("advice"), [TEXT.line("not_a_lawyer")], unless=kit.CANT)]
    # The state and date are facts, given when asked; the opening tells only what happened.
    return kit.lockfile(
        draw, TEXT, say=say, variant=variant,
        openings=lambda: draw.openings(TEXT["divorce_openings" if divorce else "openings"], caller=name,
                                       event_words=matter.opening[:1].upper() + matter.opening[1:],
                                       month=f"{incident:%B} {incident.year}"),
        facts=facts, goal=goal, reactions=reactions,
        calls=[kit.hop("intake"), kit.call(
            "check_filing_deadline", not unsupported, "unsupported_state" if unsupported else None,
            practice_area=matter.area, state=state, incident_date=incident.isoformat())])
