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
from mivas_env.generation.lockfile import draft
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
SAYS = {"emergency": ["right away", "immediately", "emergency"],
        "high": ["within the hour", "urgent", "right away"],
        "normal": ["call you back", "call back", "reach out", "contact you"],
        "normal_or_low": ["call you back", "call back", "reach out", "contact you"]}
ANSWERS = {"normal_or_low": "I've passed your billing question to our staff, and someone "
                            "will call you back about it.",
           "emergency": "I've flagged this as an emergency for our staff, and someone will "
                        "call you back right away. Please keep your phone close.",
           "high": "I've flagged this as urgent for our staff because of the hearing "
                   "tomorrow; someone will call you back within the hour.",
           "normal": "I've passed this to our staff, and someone will call you back today."}


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
                     f"Client {client['full_name']} is in custody after an arrest.", "emergency",
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
                     f"Client {name} is being threatened right now by {other['name']}.",
                     "emergency",
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
                     f"Client {name} has a hearing tomorrow on {matter['title']}.", "high",
                     {"full_name": name, "phone": draw.spoken_phone(phone), "attorney": attorney,
                      "matter_summary": story})


def billing(texts: str, reason: str, level: str) -> Callable[[kit.Draw], Situation | None]:
    """A person client with a billing or service matter (``reason`` takes {name})."""

    def situation(draw: kit.Draw) -> Situation | None:
        row = draw.rng.choice([c for c in draw.firm.clients if c["kind"] == "person"])
        name, phone = row["full_name"], row["phone_e164"]
        story = draw.say(TEXT[texts])
        return Situation(name, phone, story, reason.format(name=name), level,
                         {"full_name": name, "phone": draw.spoken_phone(phone),
                          "matter_summary": story})

    return situation


SITUATIONS: dict[str, Callable[[kit.Draw], Situation | None]] = {
    "emergency": in_custody, "emergency_threat": threatened, "high": hearing_tomorrow,
    "normal": billing("today", "{name} has a billing or service complaint to resolve today.",
                      "normal"),
    "no_rush": billing("no_rush", "{name} has a billing question with no time pressure.",
                       "normal_or_low")}


def make(draw: kit.Draw) -> Draft | None:
    case = SITUATIONS[draw.rng.choice(("emergency", "emergency_threat", "high", "normal",
                                       "no_rush"))](draw)
    if case is None:
        return None
    level = case.level
    if level in ("emergency", "high"):
        reactions = [kit.react(["leave a message", "take a message", "call you back tomorrow",
                            "within two business days"],
                           ["A message? This can't wait, I need someone now!"],
                           unless=["emergency", "right away", "immediately", "within the hour",
                                   "urgent"])]
    else:
        reactions = [kit.react(["emergency", "right away"],
                           ["Oh, it's not an emergency, today is fine."])]
    reactions.append(kit.react(["intake"], ["I don't need a new case, I need a person to "
                                        "deal with this."]))
    urgency: Any = {"any_of": ["normal", "low"]} if level == "normal_or_low" else level
    if case.client_caller and not draw.firm.verified(case.name, case.phone):
        return None
    caller = draw.caller(
        persona=draw.persona(f"{case.name}: {case.story}"),
        openings=[draw.opening_line(case.story, case.name) + " " + draw.say(TEXT["asks"])
                  for _ in range(2)],
        facts=case.facts,
        goal={"description": f"The call escalated to a person with urgency {level}.",
              "tools_ok": ["escalate_to_human"], "agent_says_any": SAYS[level]},
        reactions=reactions, answer=ANSWERS[level])
    lookup = [kit.call("lookup_client", full_name=case.name, phone_e164=case.phone)]
    locked = draft(
        title=f"Escalation ({level.replace('_', ' ')}): {case.name}",
        description="The caller needs a person: escalate_to_human with the right urgency (a "
                    f"tool, not a hop; empty path). Urgency {level.replace('_', ' ')} by the "
                    "urgency enum's definition. D checks the escalations row, T the locked urgency"
                    f"{' (either; the row leaves urgency blank)' if level == 'normal_or_low' else ''}."
                    + (" The caller is a client: reception verifies them with lookup_client "
                       "(name and the phone on file) before flagging them as one."
                       if case.client_caller else ""),
        caller=caller, path=[],
        calls=[*(lookup if case.client_caller else []),
               kit.call("escalate_to_human", reason=case.reason, urgency=urgency)])
    if level == "normal_or_low":  # the row as the server writes it, urgency left blank
        locked["exp_db_state"] = {"escalations": [{
            "escalation_id": draw.firm.next_id("escalations", "escalation_id", "esc_"),
            "reason": case.reason, "urgency": None}]}
    return locked


FAMILY = kit.legal_family("C9", "escalation", make, near_misses=message_instead_misses)
