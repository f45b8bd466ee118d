"""C5 intake refused for a conflict: the other side is a client of the firm; the intake desk
runs the conflict check and declines without an intake."""

from __future__ import annotations

from typing import Any

from mivas_env.generation.core import Draft
from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import new_intake
from mivas_env.generation.families.legal.matters import MATTERS
from mivas_env.generation.families.legal.near_misses import intake_despite_conflict_misses
from mivas_env.generation.families.legal.spelling import caller_spelling
from mivas_env.generation.lockfile import draft, hop
from mivas_env.generation.text import family_templates

TEXT = family_templates(__name__)
MISSPELT = 0.4  # how often the caller misspells a person client's name


def make(draw: kit.Draw) -> Draft | None:
    rng = draw.rng
    row = rng.choice(draw.firm.clients)
    records = row["full_name"]
    options = [records, *row["also_known_as"]]
    if rng.random() < MISSPELT and row["kind"] == "person":
        spelling = caller_spelling(draw, records, "client")
        if spelling is None:
            return None
        options = [spelling]
    heard = options[0] if row["kind"] == "person" else rng.choice(options)
    if not draw.firm.conflict(heard):
        return None
    # A person client is the other driver or dog owner; a company client is the employer.
    matters = ([m for m in MATTERS if m.party == "person"] if row["kind"] == "person"
               else [m for m in MATTERS if m.area == "employment"])
    matter = rng.choice(matters)
    draw.used.append(records)
    intake = new_intake(draw, matter, party=heard, heard=heard, for_someone=False)
    if intake is None:
        return None
    intake.facts["opposing_party"] = draw.spell(heard) if rng.random() < 0.5 else heard
    gold_party: Any = {"any_of": options} if len(options) > 1 else heard
    answer = (f"I ran a conflict check on {heard}, and the firm has a conflict of interest, so "
              "we cannot take a case against them or open an intake. I'm sorry; please contact "
              "another firm soon.")
    caller = draw.caller(
        persona=draw.persona(f"{intake.name}, wants to bring a {kit.AREA_WORDS[matter.area]} case "
                             f"against {heard}"),
        openings=draw.openings(TEXT["openings"], caller=intake.name, party=matter.party_role,
                               opening=matter.opening),
        facts=intake.facts,
        goal={"description": "Told the firm cannot take the matter (conflict), no intake opened.",
              "tools_ok": ["run_conflict_check"], "agent_says_any": kit.CANT},
        reactions=[kit.react(["opened your intake", "opened an intake", "intake is open"],
                         ["Oh good, so you're taking it?"], unless=kit.CANT)],
        answer=answer)
    spelt = ("" if heard in (records, *row["also_known_as"])
             else f"; the caller says {heard}, matched by the fuzzy rule")
    return draft(
        title=f"Case against {heard}: the firm has a conflict",
        description=f"The other party is a {row['status']} client of the firm in this world "
                    f"({', also '.join([records, *row['also_known_as']])}{spelt}). The intake "
                    "desk must run the conflict check and decline without an intake: T needs "
                    "run_conflict_check, H the intake hop, D the unchanged seed (intakes allows "
                    "no extra rows).",
        caller=caller, path=["transfer_to_intake"],
        calls=[hop("transfer_to_intake"), kit.call("run_conflict_check", opposing_party=gold_party)])


FAMILY = kit.legal_family("C5", "intake_conflict_refused", make,
                      near_misses=intake_despite_conflict_misses)
