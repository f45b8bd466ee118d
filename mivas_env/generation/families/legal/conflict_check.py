"""C2 conflict check on the party as the caller says it: a client or an adverse party (perhaps
misspelled), or someone unknown to the firm."""

from mivas_env.generation.families.legal import common as kit
from mivas_env.generation.families.legal.near_misses import misheard_party_misses
from mivas_env.generation.families.legal.spelling import caller_spelling, kind_of

CODE = "C2"
near_misses = misheard_party_misses  # the family's own wrong runs
TEXT = kit.family_templates(__name__)


def party(draw: kit.Draw, kind: str) -> tuple[str, str]:
    """The party as the firm's records have it and as the caller says it."""
    if kind == "nobody":
        return (draw.person(),) * 2
    relation = "client" if kind.startswith("client") else "adverse_party"
    rows = draw.firm.clients if relation == "client" else kit.fit(draw.firm.adverse)
    records = draw.rng.choice(rows)["full_name" if relation == "client" else "name"]
    return records, kit.fit(caller_spelling(draw, records, relation) if "_" in kind else records)


def make(draw: kit.Draw) -> kit.Draft | None:
    rng = draw.rng
    name, _, phone = kit.new_caller(draw)
    kind = rng.choice(TEXT.words("kinds"))
    records, heard = party(draw, kind)
    conflict = draw.firm.conflict(heard)
    kit.fit(conflict == kind.startswith("client"))
    spoken = draw.spell(heard) if heard != records or rng.random() < 0.5 else heard
    facts = {"full_name": name, "phone": draw.spoken_phone(phone), "opposing_party": spoken,
             "practice_area": draw.say(TEXT["disputes"]),
             "matter_summary": draw.say(TEXT["summaries"], p=heard)}
    sure = kit.react(TEXT.words("you_can"), [TEXT.line("sure", heard=heard)])
    clash = kit.react(["conflict"], [TEXT.line("a_conflict", heard=heard)], also=kit.CANT,
                      unless=["no conflict"])
    reactions = [sure if conflict else clash,
                 kit.react(["intake", "open a file"], [TEXT.line("before_intake")], unless=["conflict"])]
    return kit.lockfile(
        draw, TEXT, variant="conflict" if conflict else "",
        say={"name": name, "heard": heard, "records": records, "conflict": conflict,
             "relation": TEXT.line(f"relation {kind.split('_')[0]}"),
             "matched": TEXT.line("matched", heard=heard) if heard != records else ""},
        openings=lambda: draw.openings(TEXT["openings"], caller=name, party=rng.choice(
            TEXT.words(f"{kind_of(heard)}_roles"))),
        facts=facts, goal={"tools_ok": ["run_conflict_check"],
                           "agent_says_any": kit.CANT if conflict else TEXT.words("no_conflict")},
        reactions=reactions, calls=[kit.hop("intake"), kit.call("run_conflict_check", opposing_party=heard)])
