"""C9 escalation with the urgency the enum defines, one maker per situation: custody or a threat
(emergency), a hearing tomorrow (high), a billing complaint today (normal), a question (normal or low)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.near_misses import message_instead_misses

CODE = "C9"
near_misses = message_instead_misses  # the family's own wrong runs
TEXT = kit.family_templates(__name__)


@dataclass
class Situation:
    """Why the caller needs a person, and who calls."""

    name: str
    phone: str
    story: str
    reason: str
    level: str  # an urgency, or normal_or_low (either is right)
    facts: dict[str, str] = field(default_factory=dict)  # told between the phone and the story
    client_caller: bool = True  # a client calling for themselves (verified before escalating)


def in_custody(draw: kit.Draw) -> Situation:
    """A relative calls about a client in custody (and cannot be verified as the client)."""
    client, matter = draw.pick(draw.firm.open_matters("criminal_defense"))
    who, relation = client["full_name"], draw.rng.choice(sorted(kit.RELATIVES))
    name, phone, said = draw.person(who.split(" ", 1)[1]), draw.phone("NY"), kit.pronouns(relation)
    story = draw.say(TEXT["arrest"], c=who, p=said["subj"], r=relation, o=said["obj"])
    return Situation(name, phone, story, TEXT.line("reason in_custody", client=who), "emergency",
                     {"for_whom": f"My {relation}, {who}.", "attorney": draw.firm.lawyer(matter)}, False)


def threatened(draw: kit.Draw) -> Situation:
    adverse = draw.firm.adverse
    client, matter = draw.pick([(c, m) for c, m in draw.firm.open_matters("family")
                                if any(a["matter_id"] == m["matter_id"] for a in adverse)])
    other = next(a["name"] for a in adverse if a["matter_id"] == matter["matter_id"])
    name = client["full_name"]
    return Situation(name, client["phone_e164"], draw.say(TEXT["threat"], o=other),
                     TEXT.line("reason threatened", name=name, other=other), "emergency",
                     {"attorney": draw.firm.lawyer(matter)})


def hearing_tomorrow(draw: kit.Draw) -> Situation:
    client, matter = draw.pick(draw.firm.open_matters(*TEXT.words("hearing_areas")))
    name, title, lawyer = client["full_name"], matter["title"], draw.firm.lawyer(matter)
    return Situation(name, client["phone_e164"], draw.say(TEXT["hearing"], t=title, a=lawyer),
                     TEXT.line("reason hearing", name=name, title=title), "high", {"attorney": lawyer})


def billing(draw: kit.Draw, texts: str, level: str) -> Situation:
    """A person client with a billing or service matter (the text's ``texts`` and ``"reason <texts>"``)."""
    row = draw.rng.choice([c for c in draw.firm.clients if c["kind"] == "person"])
    return Situation(row["full_name"], row["phone_e164"], draw.say(TEXT[texts]),
                     TEXT.line(f"reason {texts}", name=row["full_name"]), level)


SITUATIONS: dict[str, Callable[[kit.Draw], Situation]] = {
    "emergency": in_custody, "emergency_threat": threatened, "high": hearing_tomorrow,
    "normal": partial(billing, texts="today", level="normal"),
    "no_rush": partial(billing, texts="no_rush", level="normal_or_low")}


def make(draw: kit.Draw) -> kit.Draft | None:
    case = SITUATIONS[draw.rng.choice(tuple(SITUATIONS))](draw)
    level, client = case.level, case.client_caller
    urgent = kit.react(TEXT.words("a_message"), [TEXT.line("cant_wait")], unless=TEXT.words("urgent_words"))
    reactions = [urgent if level in ("emergency", "high")
                 else kit.react(["emergency", "right away"], [TEXT.line("not_an_emergency")]),
                 kit.react(["intake"], [TEXT.line("no_new_case")])]
    urgency: Any = {"any_of": ["normal", "low"]} if level == "normal_or_low" else level
    lookup = [draw.firm.client_lookup(case.name, case.phone)] if client else []
    say = {"name": case.name, "story": case.story, "level": level, "level_words": level.replace("_", " "),
           "either": TEXT.of("either", level), "client": TEXT.line("client") if client else ""}
    return kit.lockfile(
        draw, TEXT, say=say, variant=level,
        openings=lambda: [draw.opening_line(case.story, case.name) + " " + draw.say(TEXT["asks"])
                          for _ in range(2)],
        facts={"full_name": case.name, "phone": draw.spoken_phone(case.phone), **case.facts,
               "matter_summary": case.story},
        goal={"tools_ok": ["escalate_to_human"], "agent_says_any": TEXT.words(f"says {level}")},
        reactions=reactions,
        calls=[*lookup, kit.call("escalate_to_human", reason=case.reason, urgency=urgency)],
        exp_db_state=level == "normal_or_low"
        and draw.firm.written("escalations", reason=case.reason, urgency=None))
