"""C7 attorney message: reception takes a message for the right attorney, named in full, by
honorific, by first name and area, as "my lawyer" (a client) or as either founding partner."""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from mivas_env.generation.families.legal import common as kit

CODE = "C7"
TEXT = kit.family_templates(__name__)


@dataclass
class Recipient:
    """Who the message is for, as the caller (``name``, ``phone``) asks and as the gold locks it."""

    attorney_id: str
    name: str
    phone: str
    who: str  # how the caller names the attorney
    fact: str  # what the caller says when asked who it is for
    area: str
    right: list[str]  # the attorneys a right message may go to
    calls: list[kit.LockedCall] = field(default_factory=list)  # the reads before take_message
    note: str = ""  # for the description


def own_lawyer(draw: kit.Draw) -> Recipient:
    client, matter = draw.pick(draw.firm.open_matters())
    kit.fit(sum(m["client_id"] == client["client_id"] for m in draw.firm.matters) == 1)
    name, phone, attorney_id = client["full_name"], client["phone_e164"], matter["attorney_id"]
    fact = draw.say(TEXT["own_lawyer"], title=matter["title"])
    return Recipient(attorney_id, name, phone, "my lawyer", fact, matter["practice_area"], [attorney_id],
                     [draw.firm.client_lookup(name, phone)], TEXT.line("note own_lawyer"))


def either_founder(draw: kit.Draw) -> Recipient:
    founders = [key for key, a in sorted(draw.firm.attorneys.items()) if a["title"] == "Founding Partner"]
    attorney_id = draw.rng.choice(founders)
    name, _, phone = kit.new_caller(draw)
    a, b = (draw.firm.short_name(key) for key in founders)
    fact = draw.say(TEXT["either_founder"], a=a, b=b)
    area = draw.rng.choice(draw.firm.attorneys[attorney_id]["practice_areas"])
    return Recipient(attorney_id, name, phone, "one of the founding partners", fact, area, founders)


def by_name(draw: kit.Draw, how: str) -> Recipient:
    """An attorney the caller names (by first name and area only when that picks one attorney)."""
    attorney_id = draw.rng.choice(sorted(draw.firm.attorneys))
    name, _, phone = kit.new_caller(draw)
    attorney = draw.firm.attorneys[attorney_id]
    first, area = attorney["full_name"].split()[0], draw.rng.choice(attorney["practice_areas"])
    if how == "first_and_area":
        kit.fit(sum(area in a["practice_areas"] and a["full_name"].split()[0] == first
                    for a in draw.firm.attorneys.values()) == 1)
    who = {"named": attorney["full_name"], "honorific": draw.firm.short_name(attorney_id),
           "first_and_area": f"{first}, the {kit.AREA_WORDS[area]} lawyer"}[how]
    return Recipient(attorney_id, name, phone, who, TEXT.of("fact", how, who=who), area, [attorney_id])


RECIPIENTS: dict[str, Callable[[kit.Draw], Recipient]] = {
    **{how: partial(by_name, how=how) for how in ("named", "honorific", "first_and_area")},
    "own_lawyer": own_lawyer, "either_founder": either_founder}


def make(draw: kit.Draw) -> kit.Draft | None:
    rng, attorneys = draw.rng, draw.firm.attorneys
    to = RECIPIENTS[rng.choice(tuple(RECIPIENTS))](draw)
    topic = rng.choice(TEXT.words(f"topics {to.area}"))
    message, either = draw.say(TEXT["messages"], topic=topic), len(to.right) > 1
    say = {"name": to.name, "attorney": attorneys[to.attorney_id]["full_name"], "topic": topic, "who": to.who,
           "attorney_id": to.attorney_id, "note": to.note, "either": TEXT.line("either") if either else "",
           "pronoun": "she" if kit.HONORIFIC[to.attorney_id] == "Ms." else "he"}
    return kit.lockfile(
        draw, TEXT, say=say, openings=lambda: draw.openings(TEXT["openings"], caller=to.name, who=to.who),
        facts={"full_name": to.name, "phone": draw.spoken_phone(to.phone), "attorney": to.fact,
               "message": message},
        goal={"tools_ok": ["take_message"], "agent_says_any": ["message"]},
        reactions=[kit.react(sorted({a["full_name"].split()[-1].lower() for key, a in attorneys.items()
                                     if key not in to.right}), [TEXT.line("for_whom", who=to.who)],
                             unless=[attorneys[key]["full_name"].split()[-1].lower() for key in to.right]),
                   kit.react(["intake"], [TEXT.line("no_intake")])],
        calls=[*to.calls, kit.call("take_message", for_attorney_id={"any_of": to.right} if either
                                   else to.attorney_id, caller_name=to.name, phone_e164=to.phone,
                                   message=message)],
        exp_db_state=either and draw.firm.written("messages", for_attorney_id=None, caller_name=to.name,
                                                  phone_e164=to.phone, message=message))
