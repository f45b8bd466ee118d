"""C7 attorney message: reception takes a message for the right attorney. One maker per way
the caller names them: full name, honorific, first name and practice area, "my lawyer" (a
client; found by lookup_client), either founding partner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.lockfile import LockedCall
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)


@dataclass
class Recipient:
    """Who the message is for, as the caller asks and as the gold locks it."""

    attorney_id: str
    name: str  # the caller
    phone: str
    who: str  # how the caller names the attorney
    fact: str  # what the caller says when asked who it is for
    area: str
    right: list[str]  # the attorneys a right message may go to
    calls: list[LockedCall] = field(default_factory=list)  # the reads before take_message
    note: str = ""  # for the description


def own_lawyer(draw: kit.Draw) -> Recipient | None:
    pairs = draw.firm.open_matters()
    if not pairs:
        return None
    client, matter = draw.rng.choice(pairs)
    if sum(m["client_id"] == client["client_id"] for m in draw.firm.matters) != 1:
        return None
    name, phone = client["full_name"], client["phone_e164"]
    fact = draw.say(TEXT["own_lawyer"], title=matter["title"])
    if not draw.firm.verified(name, phone):
        return None
    return Recipient(matter["attorney_id"], name, phone, "my lawyer", fact,
                     matter["practice_area"], [matter["attorney_id"]],
                     [kit.call("lookup_client", full_name=name, phone_e164=phone)],
                     TEXT.line("note own_lawyer"))


def either_founder(draw: kit.Draw) -> Recipient | None:
    founders = [key for key, a in sorted(draw.firm.attorneys.items())
                if a["title"] == "Founding Partner"]
    attorney_id = draw.rng.choice(founders)
    found = kit.new_caller(draw, draw.rng.choice(("NY", "NJ")))
    if found is None:
        return None
    name, _, phone = found
    names = [f"{kit.HONORIFIC[key]} {draw.firm.attorneys[key]['full_name'].split()[-1]}"
             for key in founders]
    fact = draw.say(TEXT["either_founder"], a=names[0], b=names[1])
    area = draw.rng.choice(draw.firm.attorneys[attorney_id]["practice_areas"])
    return Recipient(attorney_id, name, phone, "one of the founding partners", fact, area,
                     founders)


def by_name(how: str) -> Callable[[kit.Draw], Recipient | None]:
    """A maker for an attorney the caller names: in full, by honorific, or by first name and
    practice area (only when that picks one attorney)."""

    def named(draw: kit.Draw) -> Recipient | None:
        rng = draw.rng
        attorney_id = rng.choice(sorted(draw.firm.attorneys))
        found = kit.new_caller(draw, rng.choice(("NY", "NJ")))
        if found is None:
            return None
        name, _, phone = found
        attorney = draw.firm.attorneys[attorney_id]
        first, last = attorney["full_name"].split(" ", 1)
        area = rng.choice(attorney["practice_areas"])
        if how == "named":
            who = attorney["full_name"]
        elif how == "honorific":
            who = f"{kit.HONORIFIC[attorney_id]} {last}"
        else:
            same = [a for a in draw.firm.attorneys.values() if area in a["practice_areas"]
                    and a["full_name"].split()[0] == first]
            if len(same) != 1:
                return None
            who = f"{first}, the {kit.AREA_WORDS[area]} lawyer"
        fact = TEXT.of("fact", how, who=who)
        return Recipient(attorney_id, name, phone, who, fact, area, [attorney_id])

    return named


RECIPIENTS: dict[str, Callable[[kit.Draw], Recipient | None]] = {
    "named": by_name("named"), "honorific": by_name("honorific"),
    "first_and_area": by_name("first_and_area"), "own_lawyer": own_lawyer,
    "either_founder": either_founder}


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    to = RECIPIENTS[rng.choice(tuple(RECIPIENTS))](draw)
    if to is None:
        return None
    attorneys = draw.firm.attorneys
    attorney = attorneys[to.attorney_id]
    topic = rng.choice(TEXT.words(f"topics {to.area}"))
    message = draw.say(TEXT["messages"], topic=topic)
    facts = {"full_name": to.name, "phone": draw.spoken_phone(to.phone), "attorney": to.fact,
             "message": message}
    others = sorted({a["full_name"].split()[-1].lower() for key, a in attorneys.items()
                     if key not in to.right})
    either = len(to.right) > 1
    say = {"name": to.name, "attorney": attorney["full_name"], "topic": topic, "who": to.who,
           "attorney_id": to.attorney_id, "note": to.note,
           "pronoun": "she" if kit.HONORIFIC[to.attorney_id] == "Ms." else "he",
           "either": TEXT.line("either") if either else ""}
    locked = kit.lockfile(
        draw, TEXT, say=say,
        openings=lambda: draw.openings(TEXT["openings"], caller=to.name, who=to.who), facts=facts,
        goal={"tools_ok": ["take_message"], "agent_says_any": ["message"]},
        reactions=[kit.react(others, [TEXT.line("for_whom", who=to.who)],
                             unless=[attorneys[key]["full_name"].split()[-1].lower()
                                     for key in to.right]),
                   kit.react(["intake"], [TEXT.line("no_intake")])],
        calls=[*to.calls, kit.call("take_message",
                                   for_attorney_id={"any_of": to.right} if either
                                   else to.attorney_id,
                                   caller_name=to.name, phone_e164=to.phone, message=message)])
    if either:  # the row as the server writes it, the attorney left blank (either is right)
        locked["exp_db_state"] = {"messages": [{
            "message_id": draw.firm.next_id("messages", "message_id", "msg_"),
            "for_attorney_id": None, "caller_name": to.name, "phone_e164": to.phone,
            "message": message}]}
    return locked


FAMILY = kit.legal_family("C7", "attorney_message", make)
