"""What a sentence names but does not ask for now: a slot waved off ("no need for your phone",
"your phone can wait"), deferred ("I'll need the ZIP in a second, but first, your phone?") or
said back as a value ("Okay, the divorce."). ``understanding.py`` reads a line with these."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from mivas_env.caller.lexicon import CLAUSE_BREAKS, CONCEPT_WORDS, FILLERS, MARKERS
from mivas_env.caller.phrases import Found, Lexicon, Match, negated_before, required
from mivas_env.caller.requests import SHORT
from mivas_env.caller.words import Sentence

# "Not the other party's number, yours.": the thing is asked for, the owner is waved off
_NOT_THEIRS = re.compile(
    r"\bnot (?:the |your |their |his |her |a |an )?(?:[\w-]+ ){0,3}?[\w-]+['\u2019]s "
    r"((?:[\w-]+ ){0,2}[\w-]+) ?[,;:\u2014\u2013-]+ ?(?:but |just |only |i mean )?"
    r"(?:yours|your own)\b", re.IGNORECASE)


def owned(line: str) -> str:
    """The line with "not someone else's thing, yours" said as "your thing"."""
    return _NOT_THEIRS.sub(lambda m: "your " + m.group(1), line)


def waivers(lexicon: Lexicon, sentence: Sentence, rest: Sequence[Sentence]
            ) -> dict[str, list[tuple[int, int]]]:
    """The sentence's negation cues (``lexicon``: the compiled negations); not "got your"
    after "you" ("if you've got your card handy"); a one-word deferral ("I'll grab the city
    next") only where a "first" follows it in the line ("..., but first, the street"): "I'll
    need the member ID next" asks for it now."""
    stems = sentence.stems
    cues = {cue: kept for cue, spans in lexicon.find(stems, sentence.words).cues.items()
            if (kept := [(a, b) for a, b in spans if not (  # "if you've got your card"
                stems[a] == "got" and "you" in stems[max(0, a - 2):a] or required(stems, a))])}
    contrast = contrasted(stems)
    if contrast:  # "Not the one on your account, the state it's shipping to."
        cues["before"] = sorted([*cues.get("before", []), *contrast])
    deferred = cues.get("deferred")
    if not deferred:
        return cues
    first_later = any("first" in later.stems for later in rest)
    kept = [(a, b) for a, b in deferred
            if b - a > 1 or first_later or "first" in sentence.stems[b:]]
    return {**{cue: spans for cue, spans in cues.items() if cue != "deferred"},
            **({"deferred": kept} if kept else {})}


CONTRAST_LEADS = frozenset("sorry oh no but and just so i mean meant actually".split())


def contrasted(stems: Sequence[str]) -> list[tuple[int, int]]:
    """A clause that opens with "not" names what is not wanted ("Not the other driver's name —
    yours.", "the ZIP, not the whole street address"), whatever the rest of the line asks."""
    spans = []
    for i, word in enumerate(stems):
        if word != "not" or i + 1 >= len(stems) or stems[i + 1] in ("sure", "yet", "too", "to"):
            continue
        j = i - 1
        while j >= 0 and stems[j] in CONTRAST_LEADS:
            j -= 1
        if j >= 0 and stems[j] not in CLAUSE_BREAKS:
            continue
        if not another_one(stems, i):
            spans.append((i, i + 1))
    return spans


def another_one(stems: Sequence[str], start: int) -> bool:
    """"Not the email you write from, the one on the account": the clause after the one at
    ``start`` asks for another of the same kind, which the "not" does not wave off."""
    after = next((k for k in range(start + 1, len(stems)) if stems[k] in CLAUSE_BREAKS), None)
    return after is not None and tuple(stems[after + 1:after + 3]) == ("the", "one")


def waives(cues: Mapping[str, list[tuple[int, int]]]) -> bool:
    """Whether the sentence waves anything off outright (a deferral waves off only what it
    defers, which ``negated`` finds)."""
    return any(cue != "deferred" for cue in cues)


def deferred_at(cues: Mapping[str, list[tuple[int, int]]], position: int) -> bool:
    """Whether the word at ``position`` is part of a deferral ("in a second")."""
    return any(a <= position < b for a, b in cues.get("deferred", ()))


def negated(stems: Sequence[str], chosen: list[Match], question: bool,
            found: Mapping[str, list[tuple[int, int]]], theirs: Collection[int] = ()
            ) -> set[str]:
    """Slots the sentence says are not needed: after a negation in the same clause
    ("no need for your phone"), or named and then waved off ("your phone can wait"). In a
    question, "got" asks ("Got the order number?", "Have you got your card?"): it says
    the agent has the value only after "I" or "we" ("We've got your phone"). A slot named
    again after a negation's reach is asked ("Before we get to the address, what's your
    email?"), unless by words about someone else (``theirs``: "their name"). Slots named
    before a deferral are for later ("I'll need the ZIP in a second, but first ...")."""
    if not chosen:
        return set()
    breaks = [i for i, word in enumerate(stems) if word in CLAUSE_BREAKS]
    out = {m.slot for m in chosen
           if negated_before(stems, m.first) and not another_one(stems, m.first)
           and not any(m.first < b < max(m.positions) for b in breaks)}  # "..., the email ..."
    if not found:
        return out
    for cue, spans in found.items():
        for start, end in spans:
            if question and stems[start] == "got" and (
                    start == 0 or stems[start - 1] not in ("i", "we", "have", "'ve")):
                continue
            if cue == "before":  # the negation covers what follows, to the clause's end
                stop = min([b for b in breaks if b >= end] + [len(stems)])
                out |= {m.slot for m in chosen if start <= m.first < stop and not any(
                    i >= stop and i not in theirs and stems[i] not in FILLERS
                    for i in m.positions)}  # named again after its reach
            elif cue == "deferred":  # "I'll need the city and ZIP after, but first ..."
                opening = max([b for b in breaks if b < start] + [-1])
                if any(stems[j] in ("that", "it", "those", "them") for j in range(opening + 1, start)):
                    # "That's the date you'd like — I'll grab that in a second": what it names
                    opening = max([b for b in breaks if b < opening] + [-1])
                # one word defers only at its clause's end, after a "will" ("I'll grab the
                # city next"; not "after 5 pm", "what you're after")
                if end - start == 1 and (
                        end < len(stems) and stems[end] not in CLAUSE_BREAKS
                        or "will" not in stems[opening + 1:start]):
                    continue
                out |= {m.slot for m in chosen if opening < m.first
                            and max(m.positions) < start}
            elif start > 0 and stems[start - 1] in ("that", "which"):
                continue  # "the phone number that is on file": which one, not a waiver
            else:  # "... is not needed": the slot just before it
                before = [m for m in chosen if max(m.positions) < start
                          and start - max(m.positions) <= 2]
                if before and question and before[-1].first > 0 \
                        and stems[before[-1].first - 1] in ("what", "which"):
                    continue  # "What ZIP is on file?" asks which one it is
                if before:
                    out.add(before[-1].slot)
    return out


def restates(sentence: Sentence, match: Match) -> bool:
    """Whether the match's clause is a short phrase that says a value: a word that is no
    concept's, no filler and no discourse marker ("the Manhattan office", "the divorce",
    "annual physical")."""
    clause = sentence.clauses[match.first]
    words = [word for i, word in enumerate(sentence.words) if sentence.clauses[i] == clause]
    content = [word for word in words if word not in FILLERS and word not in MARKERS]
    if "your" in words or words[:1] == ["and"]:
        return False  # "and the order number off your receipt" asks
    return len(content) <= SHORT and any(  # a short noun phrase, not a question
        word not in CONCEPT_WORDS and not word.isdigit() for word in content)


OPENERS = frozenset(["start", "begin"])  # "Start with the day.", "Let's begin with your name."


# What a polite past asks about: "did you want", "were you thinking", "did you have in mind".
WISHES = frozenset("want like prefer think hop have look need plan wish after".split())


def unwaived(found: Found, stems: Sequence[str], cues: Mapping[str, list[tuple[int, int]]]
             ) -> Found:
    """``found`` without the qualifying things a "not" waves off: in "I just need the ZIP, not
    the whole street address", the address does not make the ZIP the new address's; nor an
    opening "start" or "begin" among the sentence's leading markers ("Start with the day." is
    no "when did it start"); nor a past tense that is only polite ("What date did you want?",
    "were you thinking": no past event)."""
    nots = [end for start, end in cues.get("before", ()) if stems[start] == "not"]
    lead = next((i for i, word in enumerate(stems) if word not in MARKERS), len(stems))
    lead = max((i + 1 for i in range(lead) if stems[i] in OPENERS), default=0)
    polite = {i for i in range(len(stems) - 2) if stems[i] in ("did", "was", "were")
              and stems[i + 1] == "you" and stems[i + 2] in WISHES}
    if not nots and not lead and not polite:
        return found
    breaks = [i for i, word in enumerate(stems) if word in CLAUSE_BREAKS]
    covered = {i for end in nots for i in range(end, min([b for b in breaks if b >= end] + [len(stems)]))}
    covered |= polite
    return Found(found.cues, {cue: kept for cue, spans in found.every.items() if (
        kept := [(a, b) for a, b in spans if a not in covered and b > lead])})
