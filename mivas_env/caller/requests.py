"""When a sentence of an agent's line asks something: a question mark, a request word, a
question's word order ("is this for yourself"), a request phrase, or a clause that is nothing
but a slot's words ("and your date of birth"); clause by clause, so that "dates matter for
deadlines, so when did this happen?" asks only in its last clause."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from mivas_env.caller.lexicon import (
    CLAUSE_BREAKS,
    FILLERS,
    MARKERS,
    PREPOSITIONS,
    QUESTION_START,
    REQUEST_WORDS,
    SUBJECTS,
    WH_WORDS,
)
from mivas_env.caller.phrases import required
from mivas_env.caller.words import Sentence

if TYPE_CHECKING:
    from mivas_env.caller.phrases import Match

SHORT = 4  # words besides fillers: a sentence this short may be a bare noun phrase


def after_markers(sentence: Sentence) -> tuple[str, ...]:
    """The sentence's words after its leading discourse markers ("Perfect, thanks, and ...")."""
    words = sentence.words
    i = 0
    while i < len(words) and words[i] in MARKERS:
        i += 1
    return words[i:]


# Request verbs the agent uses of its own doing ("I can't give medical advice", "I'll tell the
# attorney") or of others' ("people share that name"): after "I", "we" or a third person (with
# no "you" between) they ask the caller for nothing.
DOINGS = frozenset("tell give gimme provide confirm spell pick choose select verify share read "
                   "say repeat indicate specify enter mention describe explain leave list".split())


# Who else a request verb may be of: "A few people share that name" asks nothing.
DOERS = frozenset("i we they people he she someone somebody others everyone nobody".split())


def requests_in(words: Sequence[str]) -> bool:
    """Whether ``words`` (a sentence or a clause) hold a request word that asks the caller."""
    speaker = False  # an "I", "we" or someone else seen, with no "you" since
    for i, word in enumerate(words):
        if word in DOERS:
            speaker = True
        elif word in ("you", "your"):
            speaker = False
        elif word in REQUEST_WORDS and not (speaker and word in DOINGS) and not (
                embedded(words, i)) and tuple(words[i + 2:i + 4]) not in PAUSES:  # "give me a moment"
            return True
    return False


PAUSES = frozenset((("a", "moment"), ("a", "second"), ("a", "sec"), ("a", "minute"),
                    ("one", "moment"), ("one", "second"), ("one", "sec"), ("a", "few")))


EMBEDDING = frozenset("what when where how which".split())


def embedded(words: Sequence[str], i: int) -> bool:
    """Whether the question word at ``i`` opens a clause of what someone else does ("...
    matches what we have", "... when they open"), not a question."""
    return (words[i] in EMBEDDING and i > 0 and words[i - 1] not in MARKERS
            and i + 1 < len(words) and words[i + 1] in DOERS)


# Verbs that make a sentence opening with "your" a statement ("Your order has shipped"), as
# far as its main clause goes (up to a subordinator: "as it appears on the account").
STATEMENT_VERBS = frozenset("is are was were has have had will would can could should did do does "
                            "been be being went got came sent left took made said brought found "
                            "gave told kept held showed saw heard put bought paid knew thought "
                            "shows matches checks looks seems brings pulls comes goes says works "
                            "belongs helps lets keeps makes means sounds stays".split())
SUBORDINATORS = frozenset("as that which who so if when because since while".split())


def is_verb(word: str) -> bool:
    """A verb that makes words a statement: "has", "brought", "cancelled"."""
    return word in STATEMENT_VERBS or (len(word) > 4 and word.endswith("ed"))


# Prepositions whose phrase, after a slot's words, says which one ("the ZIP for verification",
# "the order number off your email"); not "of" ("the name of your first pet" is not yours).
QUALIFYING = frozenset("for off on from at in".split())
WANTING = frozenset("want wants like likes need needs prefer prefers".split())


def names_a_value(content: Sequence[str]) -> bool:
    """"First, your full name as it appears on the account.", "And a phone number where we can
    reach you during the day", "A daytime contact number, if you have one to hand.": a sentence
    opening with "your" (or "a", then a relative clause, "if" or "please") whose main clause has
    no verb is a request for what it names (not "Okay, a physical.")."""
    if not content or content[0] not in ("your", "a", "an"):
        return False
    for word in content[1:]:
        if word in SUBORDINATORS or word in (",", "where"):  # "your ZIP, the one we have on file"
            if content[0] == "your" or word in ("where", "that", "which"):
                return True
            break
        if is_verb(word):
            return False
    if content[0] == "your":
        return True
    comma = content.index(",") if "," in content else len(content)
    return content[comma + 1:comma + 2] in (("if",), ("please",)) and not any(
        is_verb(word) for word in content[:comma])


# How a sentence says that what it names is all the agent needs ("... will do for verification").
ENOUGH = (("will", "do"), ("would", "do"), ("should", "do"), ("will", "be", "enough"),
          ("would", "be", "enough"))
JUST_ENOUGH = (("is", "fine"), ("is", "enough"), ("is", "all", "i", "need"))  # after "just"


def will_do(content: Sequence[str]) -> bool:
    """"the order number alone will do", "just the ZIP on the account will do for verification",
    "just the ZIP is fine": what the sentence names is asked for (a phrase of what it is for
    may follow)."""
    just = next((i for i, word in enumerate(content) if word == "just"
                 and (i == 0 or content[i - 1] == ",")), None)  # "No need for X, just Y will do"
    if just is not None:
        content = content[just:]
    tails = (*ENOUGH, *JUST_ENOUGH) if just is not None else ENOUGH
    for tail in tails:
        for start in range(1, len(content) - len(tail) + 1):
            if tuple(content[start:start + len(tail)]) == tail:
                rest = content[start + len(tail):]
                return not rest or rest[0] in ("for", "here", "thanks", "now", ",")
    return False


def is_request(sentence: Sentence) -> bool:
    if sentence.question:
        return True
    content = after_markers(sentence)
    if names_a_value(content):
        return True
    if content[:2] == ("got", "it") and content[2:3] in ((), (",",)):
        return False  # "Got it, a physical.": an acknowledgement, not "Got it?"
    if len(content) > 2 and (content[-1] == "is" or content[-2:] == ("would", "be")) \
            and content[-2] not in ("it", "that", "this"):
        return True  # "and the name on your account is", "and the patient would be...": a blank
    if will_do(content):
        return True  # "the order number alone will do", "just the ZIP on the account is fine"
    if len(content) > 1 and content[-1] in ("next", "first") and not any(
            w in ("i", "we", "they", "he", "she") for w in content):
        return True  # "Member ID next.", "Name first." (not "I'll do the state next")
    if content[:1] == ("not",) and "," in content[2:]:
        return True  # "Not your nickname, the full name you registered with.": a correction
    lead = len(sentence.words) - len(content)  # "you" is a marker ("thank you")
    if lead > 1 and sentence.words[lead - 2:lead] == ("let", "us") \
            and content[1:2] in (("the",), ("a",), ("your",)):
        return True  # "Let's note the reason for the cancellation."
    if len(content) > 2 and tuple(content[-2:]) in (("you", "want"), ("you", "prefer")) \
            and content[0] not in ("i", "we", "what", "that", "this", "it"):
        return True  # "Attorney you want.", "Day you want."
    if content and content[0] in WANTING and lead and sentence.words[lead - 1] == "you" \
            and "or" in content:  # not "Okay, you want to meet with someone."
        return True  # "you want the refund to your card or store credit": a question
    if "or" in content and not any(is_verb(word) or word in WANTING for word in content):
        return True  # "for yourself or someone else": a choice offered, with no verb
    if content and content[0] in QUESTION_START and not (
            lead and sentence.words[lead - 1] == "you" and lead < 2) and (  # "You're all set"
            content[0] in ("any", "anything")
            or (len(content) > 1 and content[1] in SUBJECTS)):  # "have you", not "have a day"
        return True
    if "without" in content and any(required(sentence.stems, i) for i, word in enumerate(
            sentence.stems) if word == "without"):
        return True  # "I can't book it without a phone number."
    if promised(content):
        return True  # "Just the date of birth and we're moving right along."
    return requests_in(sentence.words)


ACTORS = frozenset("doctor doctors dr attorney attorneys lawyer lawyers nurse team office staff "
                   "manager colleague partner supervisor paralegal assistant provider".split())


def promised(content: Sequence[str]) -> bool:
    """"Just the date of birth and we're moving right along.", "Your ZIP and I'll pull it up.":
    a noun phrase, then what the agent will do once it has it."""
    for i in range(2, len(content) - 1):
        if content[i] == "and" and content[i + 1] in ("i", "we"):
            head = content[:i]  # not a subject: "The doctor and I will call you."
            return head[0] in ("just", "the", "your") and not any(
                is_verb(word) or word in WANTING or word in DOERS or word in ACTORS for word in head)
    return False


def strong_request(sentence: Sentence) -> bool:
    """A request addressed to the caller in a question's form: the caller cannot place it, so it
    asks what is wanted (a statement with a "what" in it is not one)."""
    content = after_markers(sentence)
    if not content:
        return False
    second_person = any(w in ("you", "your", "yours", "yourself") for w in content)
    polar = (content[0] in QUESTION_START and len(content) > 1
             and content[1] in SUBJECTS)  # "Did this happen within the last year?"
    opener = polar or content[0] in (
        "what", "which", "who", "whom", "whose", "when", "where", "how", "why", "please",
        "tell", "give", "spell", "provide", "share", "confirm", "verify", "read", "say")
    return (second_person or polar and sentence.question) and (sentence.question or opener)


def what_kind(content: Sequence[str]) -> bool:
    """"What kind?", "What sort of?": a question of a kind that names no thing itself."""
    return 1 < len(content) <= 3 and content[0] == "what" and content[1] in ("kind", "sort", "type")


HANDING = frozenset("read give tell share provide say repeat".split())
PRONOUNS = frozenset("that it this those them".split())


def refers_back(sentence: Sentence) -> bool:
    """"What was it?", "Which one?", "Which works better?", "Pick one?": a question that names
    nothing itself, about something the line named before it."""
    content = after_markers(sentence)
    if content[:2] in (("if", "so"), ("if", "yes"), ("if", "you")) and "," in content[:4]:
        content = content[content.index(",") + 1:]  # "If so, which one?", "If you do, which?"
    if not content:
        return False
    if content[0] == "which" or content[0] in ("pick", "choose") or content[:2] == ("your", "pick"):
        return len(content) <= 6
    if what_kind(content):
        return True  # "Any paperwork on that? What kind?"
    if len(content) <= 8 and any(word in HANDING and i + 1 < len(content)
                                 and content[i + 1] in PRONOUNS for i, word in enumerate(content)):
        return True  # "There's an order number near the top. Could you read that to me?"
    # "... Who?", "... And when?": a question word alone asks about what was named before
    # ("... the other side. Who are they?"); a pronoun of a later clause is not what it asks
    # about ("what's the number to call, and is it okay if ...")
    head = content[:content.index(",")] if "," in content else content
    return content[0] in ("what", "when", "where", "who") and (len(content) == 1 or any(
        w in ("it", "that", "this", "one", "ones", "those", "them") for w in head)
        or content[0] == "who" and len(content) <= 3 and content[-1] in ("they", "he", "she"))


def clause_spans(sentence: Sentence) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for i, word in enumerate(sentence.stems):
        if word == ",":
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(sentence.stems)))
    return spans


# What an agent says of values it already has: a list of them in such a sentence is its subject.
CHECKED = frozenset("checks matches match matched saved confirmed verified checked helps "
                    "looks".split())


NOTED = frozenset("got noted entered recorded saved updated added logged typed".split())


def noted(content: Sequence[str]) -> bool:
    """"I've got your street, ...", "we have noted the city": the agent lists what it has."""
    if content[:1] not in (("i",), ("we",)):
        return False
    rest = [w for w in content[1:5] if w not in ("have", "already", "just", "now")]
    if content[1:3] in (("have", "your"), ("have", "the")):
        return True
    return len(rest) > 1 and rest[0] in NOTED and rest[1] in ("your", "the")  # not "got a few ways"


# "What date are we talking about?", "Which office are we looking at?": the question's own
# "what is it" in other words, which a bare noun phrase may hold.
TALKING = (("are", "we", "talking", "about"), ("are", "we", "talking"), ("we", "are", "talking", "about"),
           ("are", "we", "looking", "at"), ("are", "we", "dealing", "with"))


def talking_about(words: Sequence[str]) -> frozenset[int]:
    """Positions of a "what ... are we talking about" idiom in the words."""
    found: set[int] = set()
    for i in range(len(words)):
        idiom = next((t for t in TALKING if tuple(words[i:i + len(t)]) == t), None)
        if idiom is not None:
            found.update(range(i, i + len(idiom)))
    return frozenset(found)


RELATIVE_SUBJECTS = frozenset("it this that you they he she".split())


def contact_relative(words: Sequence[str], taken: Collection[int], first: int, end: int) -> int:
    """"Date it occurred.", "the day you were let go": where a relative clause with no "that"
    begins right after the slot's words (a subject, then a verb), qualifying them; ``end``
    when there is none."""
    for j in range(first + 1, end - 1):
        if j - 1 in taken and words[j - 1] not in FILLERS and j not in taken \
                and words[j] in RELATIVE_SUBJECTS and is_verb(words[j + 1]) \
                and not any(is_verb(word) for word in words[j + 2:end]):
            return j
    return end


def reads_a_value(stems: Sequence[str], acts: Collection[str]) -> bool:
    """"Let me read that back: 2-1-3, 5-5-5, 0-1-1-9.": a read-back that holds a value (a digit,
    or three letters in a row spelled out: not "I'm booking this as a A follow-up"), which asks
    for no slot of its own."""
    if "readback" not in acts:
        return False
    run = 0
    for word in stems:
        if word.isdigit():
            return True
        run = run + 1 if len(word) == 1 and word.isalpha() else 0
        if run == 3:
            return True
    return False


def bare_clauses(sentence: Sentence, chosen: Sequence[Match],
                 named: Collection[int] = ()) -> set[int]:
    """Clauses that are nothing but a slot's words and fillers after any discourse markers
    ("and your date of birth", "name and number"), or words that qualify them (``named``:
    positions of the sentence's concepts; "account email", "the ZIP code on your account"):
    requests without a question's form."""
    taken: set[int] = set().union(*(m.positions for m in chosen)) if chosen else set()
    bare: set[int] = set()
    if not taken or (not sentence.question and any(
            word in CHECKED for i, word in enumerate(sentence.words) if i not in taken)):
        return bare  # "Okay, the name, the email, the phone, all checks out."
    listed = not sentence.question and noted(after_markers(sentence))
    said = talking_about(sentence.words)
    for index, (start, end) in enumerate(clause_spans(sentence)):
        words = sentence.words[start:end]
        i = 0
        while i < len(words) and words[i] in MARKERS and start + i not in taken:
            i += 1
        if listed and words[i:i + 1] not in (("just",), ("only",)):
            continue  # "I've got your street, your city, and your ZIP" (not "..., just the ZIP")
        rest = range(start + i, end)
        if start + i < end and sentence.words[start + i] in PREPOSITIONS:
            continue  # "on the documents: ...": a topic, not a request
        first = next((j for j in rest if j in taken), end)
        if any(sentence.words[j] in PREPOSITIONS for j in range(start + i, first)):
            continue  # "and the one for the new address": the slot qualifies something else
        if not sentence.question and any(sentence.words[j] in STATEMENT_VERBS
                                         for j in range(start + i, first)):
            continue  # "so it's the order from last Tuesday": a statement, not a noun phrase
        if not sentence.question and any(
                sentence.words[j] in STATEMENT_VERBS and j not in taken and j - 1 in taken
                and j + 1 < end
                for j in range(first, end)):
            continue  # "Alright, city's in.": a statement about the slot ("the name is": asks)
        # qualifiers only in a short clause without a verb ("the ZIP code on your account",
        # not "the order's cancelled" or "this is for the new address")
        qualified = sum(sentence.words[j] not in FILLERS for j in rest) <= SHORT and not any(
            sentence.words[j] in STATEMENT_VERBS or sentence.words[j] in WANTING
            or j > first and is_verb(sentence.words[j]) for j in rest)  # "your preferred date"
        # a phrase after the slot's words that opens with a preposition qualifies it ("the ZIP
        # for verification", "the order number off your email")
        tail = next((j for j in range(first, end) if j not in taken and (
            sentence.words[j] in QUALIFYING or sentence.words[j] == "of"  # "of that purchase"
            and sentence.words[j + 1:j + 2] in (("that",), ("this",)))), end)
        # "a number for you in case the office needs to get in touch": the reason is no verb
        # of the noun phrase
        reason = next((j for j in range(first, end) if j not in taken and (
            sentence.words[j:j + 2] == ("in", "case") or sentence.words[j] in ("because", "so"))),
            end)
        qualified_tail = qualified or not any(
            is_verb(sentence.words[j]) or sentence.words[j] in WANTING for j in range(tail, reason))
        relative = contact_relative(sentence.words, taken, first, end)
        if first < end and all(j in taken or sentence.words[j] in FILLERS or j in said
                               or j in named and qualified or j >= tail and qualified_tail
                               or j >= relative for j in rest):
            bare.add(index)
    return bare


def false_starts(sentence: Sentence) -> frozenset[int]:
    """Positions of a question word that is a clause of its own before another clause ("When —
    what time of day?", "Which, which product?"): the question starts again after it; and of
    a topic announced ("One more insurance thing."), which asks nothing yet."""
    stems = sentence.stems
    spans = clause_spans(sentence)
    out: set[int] = set()
    for start, end in spans[:-1]:
        words = [i for i in range(start, end) if stems[i] not in MARKERS]
        if len(words) == 1 and stems[words[0]] in (
                "what", "which", "when", "where", "who", "how"):
            out.add(words[0])
    for i, word in enumerate(stems):
        if word in TOPIC_NOUNS and (i + 1 == len(stems) or stems[i + 1] in CLAUSE_BREAKS):
            j = i - 1
            while j >= 0 and stems[j] not in TOPIC_LEADS and stems[j] not in CLAUSE_BREAKS:
                j -= 1
            if j >= 0 and stems[j] in TOPIC_LEADS:
                out.update(range(j + 1, i + 1))
    return frozenset(out)


def subordinate_when(sentence: Sentence) -> frozenset[int]:
    """"In which state were you employed when this occurred?": a "when" that opens a clause
    with its own subject, in a question another question word asks, says when; it asks for no
    date."""
    content = after_markers(sentence)
    lead = len(sentence.words) - len(content)
    asking = next((w for w in content[:3] if w in WH_WORDS), None)
    if not sentence.question or asking in (None, "when") or "when" not in content:
        return frozenset()
    return frozenset(i for i in range(lead + 1, len(sentence.words) - 2)
                     if sentence.words[i] == "when" and sentence.words[i + 1] in RELATIVE_SUBJECTS
                     and sentence.words[i - 1] not in ("and", "or", ","))


TOPIC_NOUNS = frozenset("thing things question questions stuff".split())
TOPIC_LEADS = frozenset("more quick another last few couple".split())


EXAMPLE_LEADS = frozenset(("such as", "for example", "for instance", "e g"))
NOT_EXAMPLE = frozenset("would you i we they do did does to".split())  # "would you like"


def examples(sentence: Sentence) -> frozenset[int]:
    """Positions of the examples a clause gives ("is this for you, or for somebody else, like a
    spouse or parent?"): after "like", "such as", "for example", to the clause's end."""
    stems = sentence.stems
    out: set[int] = set()
    for i, word in enumerate(stems):
        pair = " ".join(stems[i:i + 2])
        if (word == "like" and (i == 0 or stems[i - 1] not in NOT_EXAMPLE)) or pair in EXAMPLE_LEADS:
            start = i + (2 if pair in EXAMPLE_LEADS else 1)
            end = next((j for j in range(start, len(stems)) if stems[j] == ","), len(stems))
            out.update(range(start, end))
    return frozenset(out)


def idle_request(sentence: Sentence, clause: int) -> bool:
    """Whether a clause's request words ask for nothing: a relative clause (", which happens a
    lot") or a request under a negation (", no need to give it")."""
    start, end = clause_spans(sentence)[clause]
    words = sentence.words[start:end]
    if words and words[0] in ("which", "who") and (len(words) == 1 or words[1] not in SUBJECTS):
        return True
    first = next((i for i, word in enumerate(words) if word in REQUEST_WORDS), None)
    return first is not None and any(word in ("no", "not", "never") for word in words[:first])


def purpose(content: Sequence[str]) -> bool:
    """"Need to verify coverage", "I have to book the right length", "Before I check what days
    Dr. Patel has free", "Whether it's a follow-up or a new visit": what the agent must do, or
    a clause set aside, said before what it asks."""
    if content[:1] == ("whether",) or content[:1] in (("before",), ("while",), ("until",)) \
            and content[1:2] in (("i",), ("we",)):
        return True
    if content[:1] == ("to",) and content[1:2] not in (("whom",), ("who",), ("what",), ("which",)) \
            or tuple(content[:2]) in (("in", "order"), ("so", "that"), ("so", "we"), ("so", "i")):
        return True  # "To verify your coverage, ...", "So that we may verify your benefits, ..."
    lead = 1 if content[:1] in (("i",), ("we",)) else 0
    return tuple(content[lead:lead + 2]) in (("need", "to"), ("have", "to"), ("got", "to"))


PURPOSE_SUBJECTS = frozenset("that we i the they he she our it".split())  # "so THE attorney knows"


def so_that(words: Sequence[str], after: bool) -> bool:
    """"(Great,) and just so the attorney knows who to call, ...": a purpose ("so" after "just",
    or opening a clause after another), not the discourse so of "Alright, so the system wants"."""
    at = next((i for i, word in enumerate(words[:4]) if word == "so"), None)
    return at is not None and (after or words[at - 1:at] == ("just",)) \
        and at + 1 < len(words) and words[at + 1] in PURPOSE_SUBJECTS


def asking_clauses(sentence: Sentence, chosen: Sequence[Match],
                   request_spans: Sequence[tuple[int, int]], named: Collection[int] = ()
                   ) -> set[int]:
    """Clauses that ask: a request word, a question's word order, a request phrase, the last
    clause of a question, or a bare noun phrase."""
    asking = bare_clauses(sentence, chosen, named)
    clauses = clause_spans(sentence)
    for index, (start, end) in enumerate(clauses):
        words = sentence.words[start:end]
        lead = 0
        while lead < len(words) and words[lead] in MARKERS:
            lead += 1
        content = words[lead:]
        if content == ("got", "it"):
            continue  # "Maple Street, got it.": an acknowledgement, not "Got it?"
        after = any(w not in MARKERS for w in sentence.words[:start])  # a clause said before
        if (purpose(content) or purpose(words) or so_that(words, after)) \
                and index < len(clauses) - 1:
            continue  # "Need to book the right slot length — what type of visit?": a reason
        if (requests_in(words)
                or any(start <= a < end for a, _ in request_spans)
                or (content and content[0] in QUESTION_START and len(content) > 1
                    and content[1] in SUBJECTS)
                or (sentence.question and index == len(clauses) - 1) or will_do(content)
                or index == 1 and after_markers(sentence)[:1] == ("not",)):
            asking.add(index)
    return asking


def request_objects(sentence: Sentence, spans: Sequence[tuple[int, int]]) -> frozenset[int]:
    """Positions of a one-word noun phrase a request phrase ends in ("Start with the day", "Go
    ahead with the ZIP"): the noun is what is asked for, as a bare one would be (not after a
    "not": "that doesn't tell me the company")."""
    out: set[int] = set()
    words, clauses = sentence.words, sentence.clauses
    for start, end in spans:
        rest = [i for i in range(end, len(words)) if clauses[i] == clauses[start] and words[i] != ","]
        nouns = [i for i in rest if words[i] not in FILLERS]
        if (rest and words[rest[0]] in ("the", "your") and len(nouns) == 1
                and "not" not in words[:start]):
            out.update(nouns)
    return frozenset(out)


def spelled_as_said(sentence: Sentence, spans: Sequence[tuple[int, int]]) -> bool:
    """"So that's spelled exactly as I've typed it.", "I've got the spelling now.": a
    statement that something is spelled asks for no spelling (a question still does: "How is
    that spelled?")."""
    if sentence.question or not spans:
        return False
    clause = sentence.clauses[spans[0][0]]
    said = [w for i, w in enumerate(sentence.words) if sentence.clauses[i] == clause
            and w not in MARKERS]
    has_it = said[:1] in (["i"], ["we"]) and (  # "I've got the spelling", not "I have to get"
        said[1:2] == ["got"] or said[1:2] == ["have"] and said[2:3] != ["to"])
    return has_it or all(end - start == 1 and sentence.words[start] in ("spelled", "spelt")
                         for start, end in spans)


def idle_act(sentence: Sentence, cue: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Words of an act that do not do it: a statement that something is spelled
    (``spelled_as_said``); thanks for what the caller did ("Thanks for spelling that out!",
    "Thank you for holding.")."""
    return cue == "spell" and spelled_as_said(sentence, spans) or thanked_for(sentence.words, spans)


def thanked_for(words: Sequence[str], spans: Sequence[tuple[int, int]]) -> bool:
    """Every span follows "thanks for", or "thank you for" ("appreciate" only after a thank),
    at most two words between ("Thank you for confirming the spelling.")."""
    def thanked(start: int) -> bool:
        return any(words[k] == "for" and (words[k - 1] == "thanks" or words[k - 1] in (
            "appreciate", "you") and "thank" in words[:k]) for k in range(max(1, start - 3), start))
    return all(thanked(start) for start, _ in spans)


def explains(sentence: Sentence) -> bool:
    """A statement after a question, asking only by a question word inside it ("It changes
    what times I can offer you."): the reason for the question, not a request of its own."""
    content = after_markers(sentence)
    return not sentence.question and bool(content) and content[0] not in WH_WORDS and not any(
        word in REQUEST_WORDS and word not in WH_WORDS for word in sentence.words)


# How a clause saying what a request is for opens ("So I can text you the link, what's your
# cell?", "To get you booked, ...", "In case we get cut off, ..."), and how the clause that asks
# then opens (after its markers).
PURPOSES = (("so", "that"), ("so", "i", "can"), ("so", "we", "can"), ("so", "i", "could"),
            ("so", "we", "could"), ("so", "they", "can"), ("in", "order", "to"), ("in", "case"),
            ("just", "so"), ("to",))
ASKS_NEXT = frozenset("what which when where who how could can would may please i tell give "
                      "let".split())


def purpose_clauses(sentence: Sentence) -> tuple[int, ...]:
    """The sentence's clause of each word, a clause that only says what the next clause asks
    for marked negative (-1 - its number): not "To whom should it go, ..."."""
    words, clauses = sentence.words, sentence.clauses
    marked = list(clauses)
    for i, word in enumerate(words):
        if (i and words[i - 1] != ",") or not any(
                tuple(words[i:i + len(start)]) == start for start in PURPOSES) or (
                word == "to" and (i or words[i + 1:i + 2] in (("whom",), ("who",), ("which",)))):
            continue
        following = [w for j, w in enumerate(words) if clauses[j] == clauses[i] + 1
                     and w not in MARKERS]
        if following[:1] and following[0] in ASKS_NEXT:
            marked = [-1 - c if c == clauses[i] else c for c in marked]
    return tuple(marked) if marked != list(clauses) else clauses
