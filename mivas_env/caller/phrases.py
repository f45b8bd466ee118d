"""The pieces a reading is made of: a compiled lexicon of phrases (``Lexicon``: each phrase's
stems and the cues it is evidence for; longest phrase wins), what it finds in a sentence
(``Found``), a slot's ways of being asked (``Pattern``) and a reading of one (``Match``), and
where a pattern's groups sit in a sentence (``place``: bounded, no regex). ``understanding.py``
reads lines with them; docs/caller.md is the user's guide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mivas_env.caller.lexicon import CLAUSE_BREAKS, DETERMINERS, MARKERS, PREPOSITIONS, WH_WORDS
from mivas_env.caller.words import sentences

QUESTION_WORDS = frozenset(["who", "whom", "whose", "when", "where", "why"])

@dataclass(frozen=True, slots=True)
class Phrase:
    """A phrase of the lexicon (its words' stems) and the cues it is evidence for."""

    stems: tuple[str, ...]
    cues: frozenset[str]
    surface: bool = False  # matched against the words as said ("days", not "day")


@dataclass(frozen=True, slots=True)
class Pattern:
    """One way of asking for a slot: groups of cues that must all appear within ``WINDOW``
    words of one another; ``weight`` is its specificity."""

    slot: str
    groups: tuple[frozenset[str], ...]
    weight: float
    claims: tuple[bool, ...] = ()  # per group: its words belong to this reading (not "~")


WINDOW = 9  # words: how far apart a pattern's groups may be


MAX_ANCHORS = 6


@dataclass(frozen=True, slots=True)
class Match:
    """A slot a sentence asks for: where its words are and how specific the reading is."""

    slot: str
    weight: float
    positions: frozenset[int]
    first: int
    covered: int = 0  # words of the sentence the reading rests on, qualifiers included
    gap: int = 0  # words between its parts: "telephone number" 0, "number ... the order" 4


def phrase_stems(phrase: str) -> tuple[str, ...]:
    words: list[str] = []
    for sentence in sentences(phrase):
        words.extend(sentence.stems)
    return tuple(words)


class Lexicon:
    """Phrases indexed by their first word's stem; the cues each phrase is evidence for."""

    def __init__(self) -> None:
        self.index: dict[str, list[Phrase]] = {}
        self.surface: dict[str, list[Phrase]] = {}  # phrases matched on the words as said
        self._pending: dict[tuple[bool, tuple[str, ...]], set[str]] = {}

    def add(self, phrase: str, cue: str) -> None:
        """``phrase`` is evidence of ``cue``; led by ``'`` it is matched on the words as said,
        not their stems (``'days`` is not "day": "which days suit you" is not one day)."""
        surface = phrase.startswith("'")
        words = tuple(w for s in sentences(phrase[1:]) for w in s.words) if surface \
            else phrase_stems(phrase)
        if words:
            self._pending.setdefault((surface, words), set()).add(cue)

    def freeze(self) -> None:
        for (surface, words), cues in self._pending.items():
            index = self.surface if surface else self.index
            index.setdefault(words[0], []).append(Phrase(words, frozenset(cues), surface))
        for phrases in (*self.index.values(), *self.surface.values()):
            phrases.sort(key=lambda p: -len(p.stems))

    def find(self, stems: Sequence[str], words: Sequence[str] = ()) -> Found:
        """Every cue the words evidence, with the (start, end) spans that evidence it. The
        longest phrase wins (``Found.cues``): a phrase inside a longer one found here is not
        evidence of its own ("date" in "date of birth", "insurance" in "insurance card"); every
        span is kept in ``Found.every`` for the words that only qualify a reading."""
        hits: list[tuple[int, int, frozenset[str], bool]] = []
        n = len(stems)
        reach = 0  # the end of the longest phrase found so far
        for i, word in enumerate(stems):
            phrases: Sequence[Phrase] = self.index.get(word, ())
            if words and words[i] in self.surface:
                phrases = sorted((*phrases, *self.surface[words[i]]), key=lambda p: -len(p.stems))
            for phrase in phrases:  # longest first
                size = len(phrase.stems)
                said = words if phrase.surface else stems
                if i + size <= n and (size == 1 or tuple(said[i:i + size]) == phrase.stems):
                    inside = i + size <= reach and not (  # a span found twice counts as once
                        hits and hits[-1][0] == i and hits[-1][1] == i + size and not hits[-1][3])
                    hits.append((i, i + size, phrase.cues, inside))
                    if any(cue[0] != "=" for cue in phrase.cues):
                        reach = max(reach, i + size)  # a listed keyword hides no concept
        found = Found()
        for start, end, cues, inside in hits:
            for cue in cues:
                found.every.setdefault(cue, []).append((start, end))
                if not inside:
                    found.cues.setdefault(cue, []).append((start, end))
        return found


@dataclass
class Reading:
    """What an agent's line asks and does.

    ``asked``: slots it requests, in the order they were asked; ``negated``: slots it says are
    not needed; ``mentioned``: slots named outside a request ("I'll note your phone");
    ``acts``: dialogue acts (readback, spell, help, anything_else, hold, transfer, repeat,
    check);
    ``unplaced_request``: a request the caller cannot place; ``unknown_request``: a request
    for something it understands but no slot covers ("your blood type"); ``refers_back``: a
    question about what the line named before; ``waves_off``: the line holds a negation."""

    asked: list[str] = field(default_factory=list)
    negated: set[str] = field(default_factory=set)
    mentioned: list[str] = field(default_factory=list)
    acts: set[str] = field(default_factory=set)
    unplaced_request: bool = False
    unknown_request: bool = False  # a request for something no caller knows of (a decoy)
    refers_back: bool = False  # a question about "it" or "that one" that names no slot
    waves_off: bool = False  # a negation somewhere in the line ("no need for your phone")
    sure: bool = False  # a reading weighing 3 or more (three groups, or two and a "!")


@dataclass
class Found:
    """Cues found in words: ``cues`` from the longest phrases, ``every`` from all."""

    cues: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    every: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


def concepts(found: Found) -> set[int]:
    """The positions of the words that name a concept."""
    return {i for cue, spans in found.cues.items() if cue.startswith("@")
            for a, b in spans for i in range(a, b)}


def qualifiers(found: Found, chosen: Sequence[Match]) -> set[int]:
    """The positions of concepts other than those the chosen readings take ("account" in
    "account email"; not "the photos" after "the police report": more of the same)."""
    taken = {i for m in chosen for i in m.positions}
    own = {cue for cue, spans in found.cues.items()
           if any(all(i in taken for i in range(a, b)) for a, b in spans)}
    return {i for cue, spans in found.cues.items() if cue.startswith("@") and cue not in own
            for a, b in spans for i in range(a, b)}


def place(pattern: Pattern, found: Found, clauses: Sequence[int],
           loose: bool = False) -> Match | None:
    """The best placement of a pattern's groups (all within ``WINDOW`` words of one another:
    the most words covered, then the tightest), or None. A group that only qualifies the
    reading may be met by any phrase, or by an earlier sentence or the context (no words)."""
    options: list[tuple[bool, list[tuple[int, int]]]] = []
    for group, claims in zip(pattern.groups, pattern.claims, strict=True):
        if loose and not claims:
            continue
        cues = found.cues if claims else found.every
        # sorted: a group is a set, and its order must not depend on the process's hash seed
        spans = sorted({span for cue in group if cue in cues for span in cues[cue]})
        if spans:
            options.append((claims, spans))
    if not options or not options[0][0]:
        options.sort(key=lambda option: not option[0])  # anchor on the slot's own words
    if not options or not options[0][0]:
        return None
    best: tuple[tuple[bool, int, int], list[tuple[int, int]]] | None = None
    for anchor in options[0][1][:MAX_ANCHORS]:  # a slot named many times: its first places
        chosen = [anchor]
        clause = clauses[anchor[0]]
        for claims, spans in options[1:]:
            if claims:  # a reading's own words lie in one clause
                spans = [s for s in spans if clauses[s[0]] == clause]
                if not spans:
                    break
            free = [s for s in spans if not spans_overlap(s, chosen)]
            if not free and (claims or all(s in chosen for s in spans)):
                break  # two groups of a reading met by the same words are met once
            chosen.append(min(free or spans, key=lambda s: (abs(s[0] - anchor[0]), s[0] - s[1])))
        if len(chosen) < len(options):
            continue
        covered = sum(b - a for a, b in chosen)
        width = max(s[1] for s in chosen) - min(s[0] for s in chosen)
        if width - covered > WINDOW:
            continue
        rank = (clauses[anchor[0]] >= 0, covered, -width)  # not in a clause of purpose first
        if best is None or rank > best[0]:
            best = (rank, chosen)
    if best is None:
        return None
    spans = best[1]
    claimed = [span for (claims, _), span in zip(options, spans, strict=True) if claims]
    positions = set(i for a, b in claimed for i in range(a, b))
    # a claiming group's other words that touch the claimed ones are claimed too ("the new
    # address": "new" met the group, "address" belongs to the same reading)
    touching = [span for claims, group_spans in options if claims for span in group_spans]
    grew = True
    while grew:
        grew = False
        for a, b in touching:
            if (a - 1 in positions or b in positions) and not positions.issuperset(range(a, b)):
                positions.update(range(a, b))
                grew = True
    extra = sum(b - a - 1 for a, b in claimed) * 0.25
    weight = (1.0 if loose else pattern.weight) + extra
    covered, width = best[0][1], -best[0][2]
    return Match(pattern.slot, weight, frozenset(positions), min(positions), covered, width - covered)


# Words after an "and" that make what follows a question of its own ("..., and what ...").
ASKING = frozenset("what which how , give tell provide share say spell confirm need".split())


def joined_within(gap: Sequence[str], join: int) -> bool:
    """Whether the "and"/"or" at ``join`` in the words between two slots joins doings or two
    words of one thing, not two things asked for ("What files or records do you have for this
    matter?", "come in and sit down with the attorney"): more than two words follow it before
    the next slot, none of them starting a question of its own."""
    after = gap[join + 1:]
    return (gap[join] in ("and", "or") and len([w for w in after if w not in DETERMINERS]) > 2
            and not any(w in QUESTION_WORDS or w in ASKING for w in after))


CONTRASTS = frozenset("but just instead rather".split())  # "the time, just the day"


def coordinated(chosen: list[Match], stems: Sequence[str],
                 answers: Mapping[str, frozenset[str]]) -> list[Match]:
    """One question asks for one thing unless it joins several ("your name and date of
    birth", "name, number"): of slots named with no "and", "or" or comma between them, the
    question asks for the one its question word asks about ("who is the matter against":
    a person), else the first; the others only qualify it ("Which insurance will you use at
    that office?"). A slot after a preposition qualifies ("... sit down with the attorney")."""
    if len(chosen) < 2:
        return chosen
    # the question word that asks ("..., not where you're shipping to" asks nothing)
    wh_at = next((i for i, word in enumerate(stems) if word in QUESTION_WORDS
                  and tuple(stems[i - 1:i]) != ("not",)), None)
    wh = None if wh_at is None else stems[wh_at]
    groups: list[list[Match]] = [[chosen[0]]]
    for match in chosen[1:]:
        gap = stems[max(groups[-1][-1].positions) + 1:match.first]
        lead = [word for word in gap if word not in DETERMINERS and word not in ("this", "that")
                and word not in WHICH_ONE]
        after_preposition = bool(lead) and lead[-1] in PREPOSITIONS and not (
            lead[-1] == "to" and tuple(stems[match.first + 1:match.first + 2]) == ("you",))  # "to call you"
        joins = [i for i, word in enumerate(gap) if word in COORDINATORS or word in CONTRASTS]
        if joins and after_preposition and gap[joins[-1]] == "," and len(
                [w for w in gap[joins[-1] + 1:] if w in lead]) == 1:
            continue  # "What state is that in, for the new address?": which address, not another
        if joins and not (after_preposition and joined_within(gap, joins[-1])):
            groups.append([match])
        elif not after_preposition or (wh is not None and wh in answers.get(match.slot, ())):
            groups[-1].append(match)
    which = [i for i, word in enumerate(stems) if word in ("what", "which")]

    def named_by_which(match: Match) -> bool:  # "what type of legal issue": what's complement
        return any(0 <= match.first - i <= 3 for i in which)  # "which state" itself too

    def pick(group: list[Match]) -> Match:
        ends = [*(m.first for m in group), *(max(m.positions) for m in group)]
        if wh_at is not None and "," not in stems[min(wh_at, *ends):max(wh_at, *ends)]:
            # the question word of the group's own clause ("If the attorney needs to call
            # you back, what number ...": not "what attorney")
            for match in group:
                if wh in answers.get(match.slot, ()):
                    return match
        top = max(group, key=lambda m: m.weight)
        close = [m for m in group if m.weight >= top.weight - 0.5]  # as specific, near enough
        return next((m for m in close if len(close) > 1 and named_by_which(m)), top)

    picked = [pick(group) for group in groups]
    if wh is not None and len(picked) > 1 and not any(
            word in COORDINATORS and word != "," for word in stems):
        # "Who are we shipping this to, name-wise?": groups parted only by commas are one
        # question; where its question word asks for one of them, the others qualify it
        # (but for one a "which" names: "... why, just which item")
        answering = [m for m in picked if wh in answers.get(m.slot, ()) or named_by_which(m)
                     or any(i in m.positions for i in which)]
        if answering:
            return answering
    return picked


COORDINATORS = frozenset(["and", "or", ",", "plus", "also", "then", "as", "together"])
# Words that say which one of a thing ("the NEW address"), not what is asked.
WHICH_ONE = frozenset("new old current previous delivery shipping billing mailing home updated "
                      "same other".split())


def spans_overlap(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(span[0] < b and a < span[1] for a, b in spans)


# Words that ask "which of them" without naming what: a reading resting on them alone is
# about what the line named before.
GENERIC = frozenset(["which", "one", "ones", "of", "those", "these", "them", "that", "work",
                     "better", "prefer", "pick", "choose", "option", "options"])


PEOPLE = frozenset(["patient", "person", "caller", "account", "holder", "client", "recipient",
                    "you", "yourself", "policyholder", "member", "subscriber", "cardholder",
                    "child", "patients", "people"])


OWNERS = frozenset(["your", "my", "full", "legal", "first", "last", "own"])


def whose_name(chosen: list[Match], stems: Sequence[str],
               answers: Mapping[str, frozenset[str]]) -> list[Match]:
    """"And the other driver, or company, whoever — name?", "Who's it for — name?", "the name
    of the individual you intend to sue": a bare "name" of a person the sentence asks about
    is that person's, not the caller's."""
    def bare(match: Match) -> bool:
        return (all(stems[i] in ("name", "names") for i in match.positions)
                and (match.first == 0 or stems[match.first - 1] not in OWNERS))

    people = [m for m in chosen if not bare(m) and answers.get(m.slot, frozenset()) & {"who", "whom"}]
    return [m for m in chosen if not (bare(m) and any(
        p.slot != m.slot and (p.first < m.first or stems[m.first + 1:m.first + 2] == ("of",))
        for p in people))] if people else chosen


RELATIVES = frozenset(["where", "that", "which", "whose"])


def relative_qualifiers(chosen: list[Match], stems: Sequence[str]) -> list[Match]:
    """"the ZIP where it's shipping to": a reading inside a relative clause right after another
    reading's words says which one that is; it asks for nothing itself."""
    def inside(match: Match) -> bool:  # "the city in which the delivery address is" too
        return any((end := max(other.positions) + 1) < match.first and (
            stems[end] in RELATIVES or stems[end] in PREPOSITIONS and end + 1 < match.first
            and stems[end + 1] in ("which", "whom")) and not set(stems[end:match.first]) & {
                ",", "and", "or"} for other in chosen if other is not match)
    kept = [m for m in chosen if not inside(m)]
    return kept or chosen


def name_of_a_thing(stems: Sequence[str], positions: frozenset[int]) -> bool:
    """A reading that rests on "name" alone in "the name of the city": the phrase names the
    city, not a person (but "the name of the patient" is a person's)."""
    if thing_before(stems, positions):
        return True
    if not positions or not all(stems[i] in NAME_WORDS for i in positions):
        return False
    after = stems[max(positions) + 1:max(positions) + 7]
    if after[:1] == ("or",):  # "the name or model of the product"
        after = after[2:]
    if not after or after[0] != "of":
        return False
    return not any(word in PEOPLE for word in after[1:])


def thing_before(stems: Sequence[str], positions: frozenset[int]) -> bool:
    """"your employer's name", "your first pet's name": a reading that rests on name words alone,
    after a word that is a thing's."""
    if not positions or not all(stems[i] in NAME_WORDS for i in positions):
        return False
    before = min(positions) - 1
    while before >= 0 and stems[before] in NAME_WORDS:
        before -= 1
    return (before >= 0 and stems[before] in THINGS_NAMED) or (
        before >= 1 and stems[before - 1] in ("first", "previous", "current")
        and stems[before] in THINGS_NAMED)


# Things whose name ("your employer's name") is no caller's name, whatever the industry.
THINGS_NAMED = frozenset("employer pet dog cat school street city town company business hotel item "
                         "model brand "
                         "bank pharmacy insurer plan product store shop firm practice clinic "
                         "hospital church".split())


POSSESSIVES = frozenset(["its", "their", "his", "her"])


NAME_WORDS = frozenset(["full", "legal", "first", "last", "and", "name", "names"])


def someone_elses_name(stems: Sequence[str]) -> frozenset[int]:
    """The positions of "its name", "their full name", "his first and last name": a name that
    belongs to someone a sentence before named, not to the caller."""
    out: set[int] = set()
    for i, word in enumerate(stems):
        if word in POSSESSIVES:
            j = i + 1
            while j < len(stems) and stems[j] in NAME_WORDS:
                j += 1
            if j > i + 1 and stems[j - 1] in ("name", "names"):
                out.update(range(i, j))
    return frozenset(out)


def negated_before(stems: Sequence[str], first: int) -> bool:
    """"No date of birth needed", "without your phone": a slot's words right after a no."""
    at = first - 1 - (first > 0 and stems[first - 1] in DETERMINERS)  # the word before
    return at >= 0 and stems[at] in ("no", "not", "without", "never") and not required(stems, at)


def required(stems: Sequence[str], at: int) -> bool:
    """"The system won't let me save it without a phone number": a "without" after a negation
    in its clause says what is needed, not what is not."""
    if stems[at] != "without":
        return False
    opening = max([i for i in range(at) if stems[i] in CLAUSE_BREAKS], default=-1)
    return any(word in ("not", "never", "cannot") for word in stems[opening + 1:at])


def for_a_person(matches: list[Match], content: Sequence[str], stems: Sequence[str],
                 answers: Mapping[str, frozenset[str]]) -> list[Match]:
    """"Who is the respondent in this matter?", "Whom is the appointment for?": a question for
    a person (``content`` opens with "who" or "whom") asks no slot a person does not answer from
    one bare noun ("this matter") alone, nor, asking nothing else, a slot that answers other
    question words ("for" the visit: why)."""
    other = [i for i, word in enumerate(stems) if word in ("what", "which", "how")]
    alone = not any(w in WH_WORDS or w == "and" for w in content[1:])
    return [m for m in matches if content[0] in answers.get(m.slot, ())
            or m.weight > 1.0 and not (alone and answers.get(m.slot))
            or any(i < m.first for i in other)]  # "... and what is it about?"


def carried_by(patterns: Sequence[Pattern]) -> dict[str, frozenset[str]]:
    """Per slot, the cues its patterns of several claimed groups name besides the slot's own
    verbs: "@delivery @document" carries the documents."""
    carried: dict[str, set[str]] = {}
    for pattern in patterns:
        claimed = [group for group, claims in zip(pattern.groups, pattern.claims, strict=True)
                   if claims]
        if len(claimed) > 1:
            carried.setdefault(pattern.slot, set()).update(*claimed[1:])
    return {slot: frozenset(cues) for slot, cues in carried.items()}


def objects(chosen: list[Match], found: Found,
            carried: Mapping[str, frozenset[str]]) -> list[Match]:
    """"So, the documents - mail, link, drop-off?", "Would you want to drop the documents off,
    or have me text you a link?": a bare noun that another reading of the sentence carries
    (how the documents are sent) is what that slot is about, not a question of its own."""
    def bare_object(match: Match) -> bool:
        return match.weight <= 1.0 and len(match.positions) == 1 and any(
            other.slot != match.slot and any(
                a <= match.first < b for cue in carried.get(other.slot, ())
                for a, b in found.cues.get(cue, ())) for other in chosen)
    return [m for m in chosen if not bare_object(m)] if len(chosen) > 1 else chosen


# Words before "a"/"an" that make what follows the object of another act ("meet with an attorney").
OBJECT_OF = frozenset("with to see meet visit by".split())
PARTICULAR = frozenset("particular specific certain preferred prefer".split())


def incidental(chosen: list[Match], stems: Sequence[str]) -> list[Match]:
    """"What day works for you to come in and meet with an attorney?": beside another reading,
    one named as "a"/"an" something after "with", "to", "see" ... is what the other is about."""
    def indefinite(match: Match) -> bool:  # "with an attorney", "meet with" + "an attorney"
        i, end = match.first + (stems[match.first] not in ("a", "an")), max(match.positions) + 1
        return (i > 1 and stems[i - 1] in ("a", "an") and stems[i - 2] in OBJECT_OF
                or stems[end - 1] in OBJECT_OF and stems[end:end + 1] in (("a",), ("an",)))
    if PARTICULAR & set(stems):  # "... with a particular attorney?" asks which
        return chosen
    kept = [match for match in chosen if not indefinite(match)]
    return kept or chosen


WH_DATE = frozenset("what which date day when".split())


def wh_words_only(chosen: list[Match], stems: Sequence[str],
                  answers: Mapping[str, frozenset[str]]) -> list[Match]:
    """"What day were you born?": a reading made of the question's date words alone gives way to
    a slot answering "when" that the same clause names after them in other words (not "what
    time", nor "So I can pull openings — which day's good?")."""
    only = [m for m in chosen if {stems[i] for i in m.positions} <= WH_DATE  # fronted
            and stems[m.first] in ("what", "which", "when") and not set(stems[:m.first]) - MARKERS
            and any(stems[i] in ("date", "day", "when") for i in m.positions)]  # not "What's come up?"
    after = max((max(m.positions) for m in only), default=len(stems))  # the predicate follows
    named = [m for m in chosen if "when" in answers.get(m.slot, ()) and m.first > after
             and "," not in stems[after:m.first] and not any(
                 stems[i] in WH_DATE or stems[i] in ("time", "hour") for i in m.positions)]
    return [m for m in chosen if m not in only] if only and named else chosen


# A date's parts: a sentence naming nothing else after a question for a date says how to answer.
DATE_PARTS = frozenset("date day month year full exact complete whole the ,".split())


def answer_form(stems: Sequence[str], matches: Sequence[Match], asked: Sequence[str],
                answers: Mapping[str, frozenset[str]]) -> bool:
    """"What year was he born? Actually, give me the full date, month, day and year.": after a
    question for a date, a sentence whose slot words are only a date's parts asks no other date."""
    return any("when" in answers.get(slot, ()) for slot in asked) and all(
        {stems[i] for i in m.positions} <= DATE_PARTS for m in matches)


def decoy_positions(found: Found, stems: Sequence[str]) -> frozenset[int] | None:
    """The words of what no slot covers ("your mother's maiden name"), if any; not one a
    negation waves off ("your phone, not the case number")."""
    spans = [(a, b) for a, b in found.cues.get("@decoy", ()) if not negated_before(stems, a)]
    return frozenset(i for a, b in spans for i in range(a, b)) if spans else None
