"""What the caller understands of an agent's line: which slots it asks for, by meaning rather
than by phrase list, and what else it is doing (a read-back, a spelling request, a hold, a
transfer, "anything else?", "how can I help?"). docs/caller.md is the user's guide.

Two layers. The shared English layer is data in ``lexicon.py`` (concepts such as ``@phone``,
request words, negations, dialogue acts, decoys), read through ``words.py`` (sentences and
normalised words) and ``requests.py`` (when a clause asks). Each industry declares its slots'
meanings in ``industry.json`` (``slots.<slot>.means``): patterns of groups that must all appear
close together in one sentence; a group is alternatives split by ``|``, each a concept
(``@phone``) or words joined by ``_``; a group led by ``~`` only qualifies the reading; ``!``
raises a pattern's weight. The slot's ``keywords`` are patterns too (one literal group each).

A clause asks for a slot when one of the slot's patterns matches and the clause is a request.
Readings that take the same words go to the more specific pattern, then to the slot the
question word asks about, the slot the caller knows, the context (the slot asked last, the
active desk's slots); of slots one question names without "and"/"or"/comma between them, it
asks for one. The learned model (``model.py``) then has its say: it places a request no pattern
places, and overrules a one-slot reading when it is sure. The pieces a reading is made of are in
``phrases.py``. All of it is linear in the line's length: a dictionary lookup per word and a
bounded placement per pattern, no regex that can backtrack."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from mivas_env.caller.lexicon import (
    ACKNOWLEDGEMENTS,
    ACTS,
    CONCEPTS,
    DECOYS,
    DEFERRED,
    FILLERS,
    MARKERS,
    NEGATED_AFTER,
    NEGATIONS,
    NEUTRAL,
    VALUE_WORDS,
)
from mivas_env.caller.model import SlotModel, features, load_model
from mivas_env.caller.phrases import (
    GENERIC,
    NAME_WORDS,
    QUESTION_WORDS,
    Found,
    Lexicon,
    Match,
    Pattern,
    answer_form,
    carried_by,
    concepts,
    coordinated,
    decoy_positions,
    for_a_person,
    incidental,
    name_of_a_thing,
    objects,
    phrase_stems,
    place,
    qualifiers,
    relative_qualifiers,
    someone_elses_name,
    thing_before,
    wh_words_only,
    whose_name,
)
from mivas_env.caller.phrases import Reading as Reading  # re-exported: its home was here
from mivas_env.caller.requests import (
    SHORT,
    after_markers,
    asking_clauses,
    bare_clauses,
    examples,
    explains,
    false_starts,
    idle_act,
    idle_request,
    is_request,
    purpose_clauses,
    reads_a_value,
    refers_back,
    request_objects,
    strong_request,
    subordinate_when,
    what_kind,
)
from mivas_env.caller.waivers import deferred_at, owned, restates, unwaived, waivers, waives
from mivas_env.caller.waivers import negated as negated_by
from mivas_env.caller.words import Sentence, sentences

PRONOUNS = (("you",), ("i",), ("we",), ("they",), ("he",), ("she",))  # a clause's subject
# The caller listens to the first part of a very long line (about a minute and a half of speech):
# what it reads is bounded, so no line, however long, costs more than this much.
MAX_READ_CHARS = 1_200
READ_CACHE = 4096  # readings remembered per industry


@dataclass
class Understanding:
    """How one industry's slots are asked for, compiled once (see the module docstring)."""

    patterns: list[Pattern]
    lexicon: Lexicon
    topics: dict[str, str] = field(default_factory=dict)  # slot -> topic
    order: dict[str, int] = field(default_factory=dict)  # slot -> declaration order
    acts: Lexicon = field(default_factory=Lexicon)
    negations: Lexicon = field(default_factory=Lexicon)
    answers: dict[str, frozenset[str]] = field(default_factory=dict)  # slot -> question words
    covers: dict[str, frozenset[str]] = field(default_factory=dict)  # slot -> slots it says too
    model: SlotModel | None = None  # the learned fallback (mivas_env.caller.model)
    by_cue: dict[str, list[int]] = field(default_factory=dict)  # cue -> patterns it can start
    carried: dict[str, frozenset[str]] = field(default_factory=dict)  # slot -> (phrases.carried_by)
    _cache: dict[tuple[Any, ...], Reading] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.carried = carried_by(self.patterns)
        # A pattern needs every group; its first claiming group's cues are enough to find it.
        for index, pattern in enumerate(self.patterns):
            head = next(g for g, claims in zip(pattern.groups, pattern.claims, strict=True)
                        if claims)
            for cue in head:
                self.by_cue.setdefault(cue, []).append(index)

    def read(self, line: str, *, last_asked: Sequence[str] = (), desk: Collection[str] = (),
             known: Collection[str] = ()) -> Reading:
        """What the line asks for and does (see ``Reading``). Words of earlier sentences of the
        line qualify later ones ("We'll text you a confirmation. What number?"). Readings are
        remembered (bounded, least recently used first out): agents repeat their lines."""
        key = (line, tuple(last_asked), frozenset(desk), frozenset(known))
        cached = self._cache.get(key)
        if cached is None:
            cached = self._read(line, last_asked, desk, known)
            if len(self._cache) >= READ_CACHE:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = cached
        else:
            self._cache[key] = self._cache.pop(key)  # most recently used last
        return Reading(list(cached.asked), set(cached.negated), list(cached.mentioned),
                       set(cached.acts), cached.unplaced_request, cached.unknown_request,
                       cached.refers_back, cached.waves_off, cached.sure)

    def _read(self, line: str, last_asked: Sequence[str], desk: Collection[str],
              known: Collection[str]) -> Reading:
        reading = Reading()
        before: set[str] = set()
        read: list[tuple[Sentence, Found]] = []  # for the learned second opinion's features
        said = sentences(owned(line[:MAX_READ_CHARS]))
        for index, sentence in enumerate(said):
            found = self.lexicon.find(sentence.stems, sentence.words)
            negations = waivers(self.negations, sentence, said[index + 1:])
            # a deferral ("... in a second") waves off only what it defers (below)
            reading.waves_off = reading.waves_off or waives(negations)
            self._read_sentence(sentence, found, negations, before, reading, last_asked, desk,
                                known)
            before.update(cue for cue in found.cues if cue.startswith("@"))  # concepts said
            read.append((sentence, found))
        self._second_opinion(reading, read, last_asked, known)
        if self.covers and reading.asked:
            self._covered(reading, known)
        return reading

    def _covered(self, reading: Reading, known: Collection[str]) -> None:
        """"Which day and time?": the slot whose fact says the day too is all it asks for; of a
        caller who knows only the day, it asks for the day."""
        asked: list[str] = []
        for slot in reading.asked:
            covered = self.covers.get(slot, frozenset())
            if known and slot not in known and covered & set(known):
                asked.extend(other for other in self.order if other in covered and other in known)
            else:
                asked.append(slot)
        said_too = {other for slot in asked if not known or slot in known
                    for other in self.covers.get(slot, ())}
        reading.asked = list(dict.fromkeys(slot for slot in asked if slot not in said_too))

    @staticmethod
    def to_place(reading: Reading) -> bool:
        """Whether the learned model is asked to place the line's request: the rules placed
        none, and it asks (or asks about what the line named before), waves nothing off and
        is no hold or transfer."""
        return (not reading.asked and not reading.waves_off and not reading.acts & {"hold", "transfer"}
                and (reading.unplaced_request or reading.refers_back))

    def to_judge(self, reading: Reading, last_asked: Sequence[str] = (),
                 known: Collection[str] = ()) -> tuple[str, list[str]] | None:
        """The one slot the rules read that the learned model may overrule, and the slots it
        may name instead; None where it keeps out: not one slot, one from the context (the slot
        asked last), a sure reading, a read-back or spelling request, a slot waved off ("Forget
        the time, what day?": the model has no notion of a negation), or what no slot covers.
        It never names a slot the line names outside its request ("I can look it up without
        your date of birth; what's your phone number?"), nor trades a slot the caller knows
        for one it does not ("which one is it?" to a caller who knows the item)."""
        if (len(reading.asked) != 1 or reading.asked[0] in last_asked or reading.waves_off
                or reading.sure or reading.acts & {"readback", "spell"} or reading.negated
                or reading.unknown_request):
            return None
        rules = reading.asked[0]
        return rules, [slot for slot in self.order if slot not in reading.mentioned
                       and (slot in known or rules not in known)]

    def _second_opinion(self, reading: Reading, read: Sequence[tuple[Sentence, Found]],
                        last_asked: Sequence[str], known: Collection[str]) -> None:
        """The learned model on the line (``to_place``, ``to_judge``): a request it is sure of
        is placed; a slot it is sure of replaces the rules' one; "asks for nothing", when it is
        sure of it, drops it. The line's features are built only when the model is asked."""
        model = self.model

        def feats() -> list[str]:
            return [f for sentence, found in read for f in features(sentence.stems, found.every)]

        if self.to_place(reading) and not any(reads_a_value(s.stems, reading.acts) for s, _ in read):
            # "We have offices in New York and New Jersey. Which suits you?": the question is
            # placed by the whole line, not by its last sentence alone; "Let me note the date
            # of the incident. What was it?" asks for what the line named
            slot = model.predict(feats()) if model is not None else None
            if slot is None and reading.refers_back:
                slot = next((s for s in reversed(reading.mentioned)
                             if s not in reading.negated), None)
            if slot is not None and slot in self.order and slot not in reading.negated:
                reading.asked.append(slot)
                reading.unplaced_request = False
            return
        if not reading.asked and reading.refers_back and reading.waves_off and read:
            # "Not the ZIP, the apartment number. What is it?": the second thing named, not
            # the first; "I meant your phone, not the case number. What is it?": the one named
            named = [s for s in dict.fromkeys(reading.mentioned) if s not in reading.negated]
            opening = read[0][0].stems[0] in ("not", "no")
            if len(named) > 1 and opening or len(named) == 1 and not opening:
                reading.asked.append(named[-1])
                reading.negated.update(named[:-1])
                reading.unplaced_request = False
                return
        judged = self.to_judge(reading, last_asked, known)
        if model is None or judged is None:
            return
        rules, slots = judged
        slot = model.judge(rules, *model.best(feats()), slots)
        if slot is None:  # a request, but for none of the caller's facts: it asks what is meant
            reading.mentioned.extend(reading.asked)
            reading.asked.clear()
            reading.unplaced_request = True
        else:
            reading.asked[0] = slot

    def _read_sentence(self, sentence: Sentence, found: Found,
                       negations: Mapping[str, list[tuple[int, int]]], before: set[str],
                       reading: Reading, last_asked: Sequence[str], desk: Collection[str],
                       known: Collection[str]) -> None:
        stems = sentence.stems
        acts = self.acts.find(stems, sentence.words)
        idle = {cue for cue, spans in acts.cues.items() if idle_act(sentence, cue, spans)}
        # "that's spelled as I have it", "thanks for holding"; "I'll need the ZIP in a second"
        reading.acts.update(cue for cue, spans in acts.cues.items() if cue not in idle and not (
            cue == "hold" and all(deferred_at(negations, a) for a, _ in spans)))  # a deferral
        if stems[-1] in TAGS and (sentence.question or len(stems) > 2 and stems[-2] == ","):
            reading.acts.add("readback")  # "..., correct?", "March 10, right?"
        explained = bool(reading.asked) and explains(sentence)  # "... It changes what times ..."
        request = "request" in acts.cues.keys() - idle or is_request(sentence) and not explained
        context = {"^" + self.topics[s] for s in last_asked if s in self.topics} | before
        restarts = false_starts(sentence) | subordinate_when(sentence)  # "When — what time?"
        marked = purpose_clauses(sentence)  # "So I can text you the link, what's your cell?"
        every = self._matches(unwaived(found, stems, negations), context, marked)
        matches = [m for m in every
                   if not name_of_a_thing(stems, m.positions) and not m.positions <= restarts]
        if any(marked[m.first] >= 0 for m in matches):  # what it is for is only mentioned
            reading.mentioned.extend(m.slot for m in matches if marked[m.first] < 0)
            matches = [m for m in matches if marked[m.first] >= 0]
        if not matches and request and any(thing_before(stems, m.positions) for m in every):
            # "What's your employer's full name?": a thing's name, which no slot covers
            reading.unknown_request = True
            return
        if (request and (reading.asked or reading.mentioned) and refers_back(sentence)
                and all({stems[i] for i in m.positions} <= GENERIC for m in matches)):
            # "Are you covered by Medicare, Medicaid, or a private insurer? Which one?": the
            # short question is about what the line named before it, not a slot of its own
            reading.refers_back = True
            return
        content = after_markers(sentence)
        noun = request_objects(sentence, acts.cues.get("request", []))
        if request and last_asked and (what_kind(content) or len(content) == 1
                                       and content[0] in self.answers.get(last_asked[0], ())):
            # "Who?" right after "Which doctor do you see?", "What kind?" after asking for
            # documents: about the slot asked last, whatever else it could ask
            matches = [Match(last_asked[0], 0.5, frozenset([len(stems) - 1]), len(stems) - 1)]
        elif sum(w not in FILLERS and w not in MARKERS for w in sentence.words) <= SHORT or noun:
            # "Time?", "Name and number?", "And your date of birth": a bare noun phrase; what a
            # request names ("Start with the day, and we'll sort out times after.")
            strict = {m.slot for m in matches}
            loose = [m for m in self._matches(found, context, marked, loose=True)
                     if m.slot not in strict]
            bare = bare_clauses(sentence, loose)
            matches += [m for m in loose  # "Office, which one?" asks which office
                        if (sentence.clauses[m.first] in bare or m.positions <= noun)
                        and not m.positions <= restarts
                        and not (strict and {stems[i] for i in m.positions} <= KINDS)]
        given = examples(sentence)
        if given and any(not m.positions <= given for m in matches):
            # "Is this for you, or for somebody else, like a spouse or parent?": examples of
            # the answer ask for nothing themselves
            matches = [m for m in matches if not m.positions <= given]
        if reading.asked and matches and answer_form(stems, matches, reading.asked, self.answers):
            return  # "What year was he born? Actually, give me the full date, month, day and year."
        if reading.asked and matches:
            # "Roughly when did this happen? A date would be ideal.": about the slot again
            again = self._elliptical(found.every, reading.asked,  # "I need the full name."
                                     every=not {"you", "your", "yours"} & set(stems))
            if again and all(m.positions <= again[0].positions or m.slot == again[0].slot
                             for m in matches):  # "... the full name, or the company name."
                matches = again
        if not matches and request and last_asked and content[:1] not in PRONOUNS:
            matches = self._elliptical(found.every, last_asked)  # not "You're away next week?"
        if (not matches and request and self.model is not None and not reading.asked
                and not waives(negations) and not reads_a_value(stems, acts.cues)):
            # not "You need not tell me the state", nor "Month, day, and year is perfect" after
            # a question (it only says how to answer it), nor a value read back
            slot = self.model.predict(features(stems, found.every))  # when it is sure
            if slot is not None and slot in self.order:
                words = frozenset(i for i, word in enumerate(stems) if word != ",")
                matches = [Match(slot, 0.5, words, min(words, default=0))]
        decoy = decoy_positions(found, stems)
        if decoy is not None:  # "your mother's maiden name": no slot's, whatever it names
            clauses = {sentence.clauses[i] for i in decoy}
            matches = [m for m in matches if sentence.clauses[m.first] not in clauses]
            reading.unknown_request = reading.unknown_request or request
        if not matches:
            if request and decoy is None:
                reading.unplaced_request = reading.unplaced_request or strong_request(sentence)
                reading.refers_back = reading.refers_back or refers_back(sentence)
            return
        # "Got your insurance. And who's your doctor?": a slot an earlier sentence waved off
        # is not read again from the words it left behind
        matches = [m for m in matches if m.slot not in reading.negated] or matches
        if content and content[0] in ("who", "whom"):
            matches = for_a_person(matches, content, stems, self.answers)
            if not matches:
                reading.unplaced_request = reading.unplaced_request or request
                return
        resolved = wh_words_only(self._resolve(matches, last_asked, desk, known, stems), stems,
                                 self.answers)  # "What day were you born?"
        chosen = objects(whose_name(coordinated(relative_qualifiers(resolved, stems), stems,
                                                self.answers), stems, self.answers), found, self.carried)
        chosen = incidental(chosen, stems)  # "... to come in and meet with an attorney?"
        if not sentence.question and not request and stems[0] in ACKNOWLEDGEMENTS:
            # "Okay, Newark.", "Got it, the Manhattan office.": an acknowledgement that names a
            # value (a word no concept has) says it back; it does not ask for it ("Okay, the
            # date of birth." still asks)
            plain = not any(word in ("your", "the", "and") for word in stems)
            said = [m for m in chosen if plain and (
                not m.positions & concepts(found)
                or m.first > 0 and stems[m.first - 1] in ("a", "an"))  # "Got it, a physical."
                or any(stems[i] in VALUE_WORDS for i in m.positions) and "or" not in stems
                or restates(sentence, m)]
            reading.mentioned.extend(m.slot for m in said)
            chosen = [m for m in chosen if m not in said]
            if not chosen:
                return
        asking = asking_clauses(sentence, chosen, acts.cues.get("request", []),
                                qualifiers(found, chosen))
        if not request and (not asking or explained):
            reading.mentioned.extend(m.slot for m in chosen)
            return
        def asks(match: Match) -> bool:
            return any(sentence.clauses[i] in asking for i in match.positions)

        named = chosen  # every slot the sentence names, for what it waves off
        if asking and any(asks(m) for m in chosen):
            # "Dates matter for deadlines, so when did this happen?": only the clause that asks
            chosen = [m for m in chosen if asks(m)]
        elif asking and sentence.question and len(chosen) > 1 and any(
                sentence.words[i] in ("it", "that", "this") and sentence.clauses[i] == max(asking)
                for i in range(len(stems))):
            # "If you've got the email handy, there's an order number near the top, what does
            # it say?": "it" is the thing named last
            chosen = [max(chosen, key=lambda m: m.first)]
        elif asking and not sentence.question and all(
                idle_request(sentence, clause) for clause in asking):
            # "I see a couple of people with that name, which happens a lot!", "We'll use the
            # number on file, no need to give it.": the clause that names a slot asks nothing,
            # and the request words of the others ask for nothing either
            reading.mentioned.extend(m.slot for m in chosen)
            return
        # "Is there a company involved? What's its name?", "Who was the other driver, if you
        # know their name?": the name of the one asked about, not the caller's
        theirs = someone_elses_name(stems)

        def of_theirs(match: Match) -> bool:  # "what's their name": the name words are theirs
            return bool(match.positions & theirs) and not any(
                stems[i] in NAME_WORDS or stems[i] in ("you", "your")
                for i in match.positions - theirs)

        if theirs and (reading.asked or any(not of_theirs(m) for m in chosen)):
            chosen = [m for m in chosen if not of_theirs(m)]
        # "Don't worry about the email, what's your ZIP?": waved off in a clause that asks nothing
        negated = negated_by(stems, named, sentence.question, negations, theirs)
        reading.negated.update(negated)
        reading.waves_off = reading.waves_off or bool(negated)
        for match in chosen:
            if match.slot not in negated and match.slot not in reading.asked:
                reading.asked.append(match.slot)
                reading.sure = reading.sure or match.weight >= 3.0

    def _matches(self, found: Found, context: set[str], clauses: Sequence[int],
                 loose: bool = False) -> list[Match]:
        """Every reading a pattern gives; ``loose``: the slot's own words alone (the groups
        that only qualify it may be missing), for a sentence that is nothing but them."""
        if not found.cues:
            return []
        present = set(found.cues)
        qualifiers = set(found.every) | context
        out: list[Match] = []
        candidates = sorted({i for cue in present for i in self.by_cue.get(cue, ())})
        for pattern in (self.patterns[i] for i in candidates):
            if not all(group & (present if claims else qualifiers)
                       for group, claims in zip(pattern.groups, pattern.claims, strict=True)
                       if claims or not loose):
                continue
            match = place(pattern, found, clauses, loose)
            if match is not None:
                out.append(match)
        return out

    def _elliptical(self, cues: Mapping[str, list[tuple[int, int]]],
                    last_asked: Sequence[str], every: bool = False) -> list[Match]:
        """"And the number?" right after a phone question: a request that names no slot but
        shares a cue with the slot asked last is about that slot (the cues of its first pattern
        that shares one; ``every``: of all its patterns)."""
        for slot in last_asked:
            shared = [{cue for group in pattern.groups for cue in group if cue in cues}
                      for pattern in self.patterns if pattern.slot == slot]
            found = set().union(*shared) if every else next((s for s in shared if s), set())
            if found:
                positions = frozenset(i for cue in found for a, b in cues[cue] for i in range(a, b))
                return [Match(slot, 0.5, positions, min(positions))]
        return []

    def _resolve(self, matches: list[Match], last_asked: Sequence[str], desk: Collection[str],
                 known: Collection[str], stems: Sequence[str] = ()) -> list[Match]:
        """The readings kept: the most specific first; a reading whose words another kept
        reading already took is dropped (ties go to the context, then to what the caller
        knows, then to the industry's order)."""
        best: dict[str, Match] = {}
        for match in matches:  # a slot's best readings, and every word they take
            old = best.get(match.slot)
            if old is None:
                best[match.slot] = match
            else:
                best[match.slot] = Match(match.slot, max(match.weight, old.weight),
                                         old.positions | match.positions,
                                         min(old.first, match.first),
                                         max(old.covered, match.covered),
                                         min(old.gap, match.gap))

        wh = next((word for word in stems if word in QUESTION_WORDS), None)

        def rank(match: Match) -> tuple[float, bool, bool, int, int, int, bool, bool, int]:
            # a caller answers with what it knows when the readings are near ("the zip there"
            # to a caller with one ZIP is that ZIP)
            near = 0.5 if known and match.slot in known else 0.0
            return (-match.weight - near, wh not in self.answers.get(match.slot, ()),
                    match.slot not in known, -match.covered, match.gap,
                    -len(match.positions), match.slot not in last_asked, match.slot not in desk,
                    self.order.get(match.slot, 0))

        kept: list[Match] = []
        taken: set[int] = set()
        for match in sorted(best.values(), key=rank):
            if match.positions & taken:
                continue
            kept.append(match)
            # the words right beside a reading belong to its noun phrase ("the zip code of the
            # new address" is one slot, not a zip and an address)
            taken |= match.positions | {min(match.positions) - 1, max(match.positions) + 1}
        return sorted(kept, key=lambda m: m.first)



KINDS = GENERIC | {"what", "kind", "sort", "type"}  # "Paperwork — what kind?" asks its kind


TAGS = frozenset(["correct", "right", "yeah", "yes", "ok", "okay", "yep"])


# --- compiling an industry's meanings --------------------------------------------------------

def _parse_pattern(slot: str, text: str, lexicon: Lexicon) -> Pattern:
    groups: list[frozenset[str]] = []
    claims: list[bool] = []
    bonus = 0.0
    for group in text.split():
        if group == "!":  # this reading outranks others of as many groups
            bonus += 1.0
            continue
        claims.append(not group.startswith("~"))
        cues: set[str] = set()
        for alternative in group.split("|"):
            alternative = alternative.lstrip("~")
            if alternative.startswith(("@", "^")):
                cues.add(alternative)
            else:
                words = alternative.replace("_", " ")
                cue = "=" + words
                lexicon.add(words, cue)
                cues.add(cue)
        groups.append(frozenset(cues))
    return Pattern(slot, tuple(groups), len(groups) + bonus, tuple(claims))


def compile_understanding(
        slots: Mapping[str, tuple[Iterable[str], Iterable[str], str | None]],
        answers: Mapping[str, Iterable[str]] | None = None,
        covers: Mapping[str, Iterable[str]] | None = None) -> Understanding:
    """An ``Understanding`` from each slot's (keywords, means, topic), the question words
    each slot answers (``answers``: "who", "when", "where", "why") and the slots whose fact
    each slot's fact says too (``covers``)."""
    lexicon = Lexicon()
    used = {cue[1:] for _, means, _ in slots.values() for text in means
            for cue in re.split(r"[\s|~]+", text) if cue.startswith("@")}
    for phrase in DECOYS:
        lexicon.add(phrase, "@decoy")
    for phrase in NEUTRAL:
        lexicon.add(phrase, "@neutral")
    for concept in sorted(used):
        if concept not in CONCEPTS:
            raise ValueError(f"unknown concept @{concept} (known: {', '.join(sorted(CONCEPTS))})")
        for phrase in CONCEPTS[concept]:  # only the concepts this industry's slots use
            lexicon.add(phrase, "@" + concept)
    patterns: list[Pattern] = []
    topics: dict[str, str] = {}
    for slot, (keywords, means, topic) in slots.items():
        for keyword in keywords:
            stems = phrase_stems(keyword)
            if stems:
                cue = "=" + " ".join(stems)
                lexicon.add(keyword, cue)
                # a listed keyword is as specific as a pattern of as many groups as words
                # a listed keyword weighs as much as half as many groups as it has words
                weight = 1.0 + 0.5 * (min(len(stems), 4) - 1)
                patterns.append(Pattern(slot, (frozenset([cue]),), weight, (True,)))
        for text in means:
            patterns.append(_parse_pattern(slot, text, lexicon))
        if topic:
            topics[slot] = topic
    lexicon.freeze()
    acts = Lexicon()
    for act, phrases in ACTS.items():
        for phrase in phrases:
            acts.add(phrase, act)
    acts.freeze()
    negations = Lexicon()
    for words in NEGATIONS:
        negations.add(" ".join(words), "before")
    for words in NEGATED_AFTER:
        negations.add(" ".join(words), "after")
    for words in DEFERRED:
        negations.add(" ".join(words), "deferred")
    negations.freeze()
    return Understanding(patterns, lexicon, topics, {s: i for i, s in enumerate(slots)},
                         acts, negations,
                         {slot: frozenset(words) for slot, words in (answers or {}).items()},
                         {slot: frozenset(other) for slot, other in (covers or {}).items()})


@cache
def industry_understanding(industry_name: str) -> Understanding:
    """The compiled understanding of an industry's slots (from its ``industry.json``)."""
    from rewards import load_industry
    from rewards.errors import IndustryError
    from rewards.industry import tasks_dir

    slots = load_industry(industry_name).slots
    try:
        understanding = compile_understanding(
            {name: (slot.keywords, slot.means, slot.topic) for name, slot in slots.items()},
            {name: slot.answers for name, slot in slots.items()},
            {name: slot.covers for name, slot in slots.items() if slot.covers})
    except ValueError as exc:  # a slot's meaning names a concept the shared layer lacks
        raise IndustryError(str(exc), file=str(tasks_dir() / industry_name / "industry.json"),
                            path=("slots",)) from None
    understanding.model = load_model(str(tasks_dir() / industry_name))
    return understanding


def keyword_understanding(slot_keywords: Mapping[str, Iterable[str]]) -> Understanding:
    """An understanding from bare keyword lists (a caller built without an industry)."""
    return _keyword_understanding(tuple((slot, tuple(words)) for slot, words in
                                        slot_keywords.items()))


@cache
def _keyword_understanding(items: tuple[tuple[str, tuple[str, ...]], ...]) -> Understanding:
    return compile_understanding({slot: (words, (), None) for slot, words in items})
