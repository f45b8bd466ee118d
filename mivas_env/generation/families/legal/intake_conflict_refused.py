"""C5 intake refused for a conflict: the other side is a client; the desk checks and declines."""

from typing import Any

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.intake import MATTERS, new_intake
from mivas_env.generation.families.legal.near_misses import intake_despite_conflict_misses
from mivas_env.generation.families.legal.spelling import caller_spelling

CODE = "C5"
near_misses = intake_despite_conflict_misses  # the family's own wrong runs
TEXT = kit.family_templates(__name__)


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    row = rng.choice(draw.firm.clients)
    records, person = row["full_name"], row["kind"] == "person"
    known = options = [records, *row["also_known_as"]]
    if rng.random() < 0.4 and person:  # the caller misspells a person client's name
        options = [kit.fit(caller_spelling(draw, records, "client"))]
    heard = options[0] if person else rng.choice(options)
    kit.fit(draw.firm.conflict(heard))
    # A person client is the other driver or dog owner; a company client is the employer.
    matter = rng.choice([m for m in MATTERS if (m.party == "person" if person else m.area == "employment")])
    draw.used.append(records)
    intake = kit.fit(new_intake(draw, matter, party=heard, heard=heard, for_someone=False))
    intake.facts["opposing_party"] = draw.spell(heard) if rng.random() < 0.5 else heard
    gold_party: Any = {"any_of": options} if len(options) > 1 else heard
    return kit.lockfile(
        draw, TEXT,
        say={"name": intake.name, "area": kit.AREA_WORDS[matter.area], "heard": heard,
             "status": row["status"], "known": ", also ".join(known),
             "spelt": "" if heard in known else TEXT.line("spelt", heard=heard)},
        openings=lambda: draw.openings(TEXT["openings"], caller=intake.name, party=matter.party_role,
                                       opening=matter.opening),
        facts=intake.facts, goal={"tools_ok": ["run_conflict_check"], "agent_says_any": kit.CANT},
        reactions=[kit.react(["opened your intake", "opened an intake", "intake is open"],
                             [TEXT.line("taking_it")], unless=kit.CANT)],
        calls=[kit.hop("intake"), kit.call("run_conflict_check", opposing_party=gold_party)])
