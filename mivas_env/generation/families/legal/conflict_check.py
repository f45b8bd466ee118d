"""C2 conflict check: can the firm act against this party? run_conflict_check on the party as
the caller says it: a client (perhaps misspelled), an adverse party (perhaps misspelled), or
someone unknown to the firm."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.near_misses import misheard_party_misses
from mivas_env.generation.families.legal.spelling import caller_spelling, kind_of
from mivas_env.generation.lockfile import draft, hop
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
# Who the other side is, as an opening says it (the name itself is a fact, given when asked).
PERSON_ROLES = ["someone I know", "a neighbour of mine", "my business partner",
                "a contractor I hired", "a former friend", "a man I lent money to"]
COMPANY_ROLES = ["a company", "a business I dealt with", "a local company",
                 "a contractor company", "a firm I did work for", "a supplier of mine"]
KINDS = ("client", "client_spelling", "adverse", "adverse_spelling", "nobody")


def party(draw: kit.Draw, kind: str) -> tuple[str, str] | None:
    """The party as the firm's records have it and as the caller says it."""
    if kind.startswith("client"):
        records = draw.rng.choice(draw.firm.clients)["full_name"]
        heard = caller_spelling(draw, records, "client") if kind == "client_spelling" else records
    elif kind.startswith("adverse"):
        if not draw.firm.adverse:
            return None
        records = draw.rng.choice(draw.firm.adverse)["name"]
        heard = (caller_spelling(draw, records, "adverse_party") if kind == "adverse_spelling"
                 else records)
    else:
        heard = records = draw.person() or ""
    return (records, heard) if heard and records else None


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    name, _, phone = kit.nearby_caller(draw)
    kind = rng.choice(KINDS)
    found = party(draw, kind)
    if found is None:
        return None
    records, heard = found
    conflict = draw.firm.conflict(heard)
    if conflict != kind.startswith("client"):
        return None
    spoken = draw.spell(heard) if heard != records or rng.random() < 0.5 else heard
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "opposing_party": spoken,
             "practice_area": draw.say(TEXT["disputes"]),
             "matter_summary": draw.say(TEXT["summaries"], p=heard)}
    goal: dict[str, Any]
    if conflict:
        answer = (f"I ran a conflict check on {heard}, and the firm has a conflict of interest, "
                  "so we cannot take a matter against them. I'm sorry; you may want to contact "
                  "another firm.")
        goal = {"description": f"Told the firm cannot act against {heard} (conflict).",
                "tools_ok": ["run_conflict_check"], "agent_says_any": kit.CANT}
        reactions = [kit.react(["no conflict", "we can take", "we can help"],
                           [f"Are you sure? You checked {heard}?"])]
    else:
        answer = (f"I ran a conflict check on {heard}: there is no conflict, so the firm can "
                  "consider your matter. I can open an intake whenever you're ready.")
        goal = {"description": f"Told there is no conflict with {heard}.",
                "tools_ok": ["run_conflict_check"],
                "agent_says_any": ["no conflict", "not a conflict", "don't have a conflict"]}
        reactions = [kit.react(["conflict"], [f"A conflict? Did you check {heard}?"],
                           also=kit.CANT, unless=["no conflict"])]
    reactions.append(kit.react(["intake", "open a file"], [
        "Before any of that, I just need to know whether you can act against them."],
        unless=["conflict"]))
    caller = draw.caller(
        persona=draw.persona(f"{name}, in a dispute with {heard}; wants to know if the firm can "
                             "act before sharing details"),
        openings=draw.openings(TEXT["openings"], caller=name, party=rng.choice(
            PERSON_ROLES if kind_of(heard) == "person" else COMPANY_ROLES)), facts=facts, goal=goal,
        reactions=reactions, answer=answer)
    relation = "a client" if conflict else ("an adverse party" if kind.startswith("adverse")
                                            else "unknown to the firm")
    matched = f"; the caller says {heard}, which the fuzzy rule matches" if heard != records else ""
    return draft(
        title=f"Can the firm act against {heard}?",
        description=f"Read-only conflict check. In this world {records} is {relation}{matched}, "
                    f"so the check returns conflict={conflict}. Only T (run_conflict_check with "
                    "the party, fuzzy-matched) and H (the intake hop) catch an answer from memory.",
        caller=caller, path=["transfer_to_intake"],
        calls=[hop("transfer_to_intake"), kit.call("run_conflict_check", opposing_party=heard)])


FAMILY = kit.legal_family("C2", "conflict_check", make, near_misses=misheard_party_misses)
