"""C9 escalation: the caller needs a person; escalate_to_human with the urgency the enum
defines. One maker per situation: a relative in custody, a threat at the door (emergency), a
hearing tomorrow (high), a billing complaint for today (normal), a billing question with no
rush (normal or low)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.near_misses import message_instead_misses
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
@dataclass
class Situation:
    """Why the caller needs a person, and who calls."""

    name: str
    phone: str
    story: str
    reason: str
    level: str  # an urgency, or normal_or_low (either is right)
    facts: dict[str, str]
    client_caller: bool = True  # a client calling for themselves (verified before escalating)


def in_custody(draw: kit.Draw) -> Situation | None:
    pairs = draw.firm.open_matters("criminal_defense")
    if not pairs:
        return None
    client, matter = draw.rng.choice(pairs)
    relation = draw.rng.choice(sorted(kit.RELATIVES))
    name = draw.person(client["full_name"].split(" ", 1)[1])
    if name is None:
        return None
    phone = draw.phone("NY")
    his = kit.RELATIVES[relation] == "his"
    story = draw.say(TEXT["arrest"], c=client["full_name"], p="he" if his else "she", r=relation,
                     o="him" if his else "her")
    # A relative calling about a client in custody cannot be verified as the client.
    return Situation(name, phone, story,
                     TEXT.line("reason in_custody", client=client["full_name"]), "emergency",
                     {"full_name": name, "phone": draw.spoken_phone(phone),
                      "for_whom": f"My {relation}, {client['full_name']}.",
                      "attorney": draw.firm.attorneys[matter["attorney_id"]]["full_name"],
                      "matter_summary": story}, client_caller=False)


def threatened(draw: kit.Draw) -> Situation | None:
    adverse = draw.firm.adverse
    pairs = [(c, m) for c, m in draw.firm.open_matters("family")
             if any(a["matter_id"] == m["matter_id"] for a in adverse)]
    if not pairs:
        return None
    client, matter = draw.rng.choice(pairs)
    other = next(a for a in adverse if a["matter_id"] == matter["matter_id"])
    name, phone = client["full_name"], client["phone_e164"]
    story = draw.say(TEXT["threat"], o=other["name"])
    return Situation(name, phone, story,
                     TEXT.line("reason threatened", name=name, other=other["name"]), "emergency",
                     {"full_name": name, "phone": draw.spoken_phone(phone),
                      "attorney": draw.firm.attorneys[matter["attorney_id"]]["full_name"],
                      "matter_summary": story})


def hearing_tomorrow(draw: kit.Draw) -> Situation | None:
    pairs = draw.firm.open_matters("family", "criminal_defense", "employment", "personal_injury")
    if not pairs:
        return None
    client, matter = draw.rng.choice(pairs)
    name, phone = client["full_name"], client["phone_e164"]
    attorney = draw.firm.attorneys[matter["attorney_id"]]["full_name"]
    story = draw.say(TEXT["hearing"], t=matter["title"], a=attorney)
    return Situation(name, phone, story,
                     TEXT.line("reason hearing", name=name, title=matter["title"]), "high",
                     {"full_name": name, "phone": draw.spoken_phone(phone), "attorney": attorney,
                      "matter_summary": story})


def billing(texts: str, level: str) -> Callable[[kit.Draw], Situation | None]:
    """A person client with a billing or service matter (the text's ``texts`` and
    ``"reason <texts>"``)."""

    def situation(draw: kit.Draw) -> Situation | None:
        row = draw.rng.choice([c for c in draw.firm.clients if c["kind"] == "person"])
        name, phone = row["full_name"], row["phone_e164"]
        story = draw.say(TEXT[texts])
        return Situation(name, phone, story, TEXT.line(f"reason {texts}", name=name), level,
                         {"full_name": name, "phone": draw.spoken_phone(phone),
                          "matter_summary": story})

    return situation


SITUATIONS: dict[str, Callable[[kit.Draw], Situation | None]] = {
    "emergency": in_custody, "emergency_threat": threatened, "high": hearing_tomorrow,
    "normal": billing("today", "normal"), "no_rush": billing("no_rush", "normal_or_low")}


def make(draw: kit.Draw) -> Draft | None:
    case = SITUATIONS[draw.rng.choice(("emergency", "emergency_threat", "high", "normal",
                                       "no_rush"))](draw)
    if case is None:
        return None
    level = case.level
    if level in ("emergency", "high"):
        reactions = [kit.react(TEXT.words("a_message"), [TEXT.line("cant_wait")],
                               unless=TEXT.words("urgent_words"))]
    else:
        reactions = [kit.react(["emergency", "right away"], [TEXT.line("not_an_emergency")])]
    reactions.append(kit.react(["intake"], [TEXT.line("no_new_case")]))
    urgency: Any = {"any_of": ["normal", "low"]} if level == "normal_or_low" else level
    if case.client_caller and not draw.firm.verified(case.name, case.phone):
        return None
    lookup = [kit.call("lookup_client", full_name=case.name, phone_e164=case.phone)]
    say = {"name": case.name, "story": case.story, "level": level,
           "level_words": level.replace("_", " "), "either": TEXT.of("either", level),
           "client": TEXT.line("client") if case.client_caller else ""}
    locked = kit.lockfile(
        draw, TEXT, say=say, variant=level,
        openings=lambda: [draw.opening_line(case.story, case.name) + " " + draw.say(TEXT["asks"])
                          for _ in range(2)],
        facts=case.facts,
        goal={"tools_ok": ["escalate_to_human"], "agent_says_any": TEXT.words(f"says {level}")},
        reactions=reactions,
        calls=[*(lookup if case.client_caller else []),
               kit.call("escalate_to_human", reason=case.reason, urgency=urgency)])
    if level == "normal_or_low":  # the row as the server writes it, urgency left blank
        locked["exp_db_state"] = {"escalations": [{
            "escalation_id": draw.firm.next_id("escalations", "escalation_id", "esc_"),
            "reason": case.reason, "urgency": None}]}
    return locked


FAMILY = kit.legal_family("C9", "escalation", make, near_misses=message_instead_misses)
