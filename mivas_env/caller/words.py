"""Cutting an agent's line into sentences and normalised words: lower case, contractions
expanded ("what's" -> "what is", "don't" -> "do not"), possessives dropped, "e-mail" ->
"email", "d.o.b." -> "dob", "#" read as "number", the verb "state" read as "tell" ("Next, state
your ZIP": not the state), commas and dashes kept as "," (a clause boundary). Linear in the
line's length: regexes without nested repetition."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from mivas_env.caller.lexicon import DETERMINERS, MARKERS, _set

_NO_STEM = _set("yours ours theirs hers does goes always perhaps news series sometimes whereas "
                "besides towards afterwards various previous serious anonymous during thing "
                "something anything nothing everything morning evening being")


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    """A word without its plural or -ed/-ing ending ("happened" -> "happen", "cancelling" ->
    "cancel", "injuries" -> "injury"): so one lexicon word matches its forms."""
    if len(word) <= 3 or word.isdigit() or word in _NO_STEM:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # stopped -> stop
            elif base.endswith("ll"):
                base = base[:-1]  # cancelled -> cancel
            return "note" if base == "not" else base  # "noted" is no "not"
    if word.endswith("es") and word[-3:-2] in ("s", "x", "z") or word.endswith(("ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_CONTRACTIONS = (("won't", "will not"), ("can't", "can not"), ("cannot", "can not"),
                 ("shan't", "shall not"), ("ain't", "is not"), ("n't", " not"), ("'re", " are"),
                 ("'ve", " have"), ("'ll", " will"), ("'d", " would"), ("'m", " am"),
                 ("let's", "let us"))
# Informal spellings of spoken English, word by word ("Lemme get your ZIP").
_INFORMAL = {"lemme": "let me", "gonna": "going to", "wanna": "want to", "gotta": "got to",
             "whaddya": "what do you", "whatcha": "what are you", "dunno": "do not know",
             # contractions a transcript writes without the apostrophe
             "whats": "what is", "wheres": "where is", "whos": "who is", "hows": "how is",
             "whens": "when is", "thats": "that is", "theres": "there is", "youre": "you are",
             "dont": "do not", "doesnt": "does not", "didnt": "did not", "cant": "can not",
             "wont": "will not", "isnt": "is not", "arent": "are not", "im": "i am",
             "ive": "i have", "youve": "you have"}
_INFORMAL_WORD = re.compile(r"\b(?:" + "|".join(_INFORMAL) + r")\b")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|#|[,:()\u2014\u2013]| - ")
_BREAK = re.compile(r"[.!;?\n]+")  # a run holding "?" ends a question ("is...?")
_DOTTED = re.compile(r"\b(?:[a-z]\.){2,}")  # d.o.b. -> dob, i.d. -> id
_CLOCK = re.compile(r"\b(\d{1,2}):(\d\d)\b")
# Where an unpunctuated line (a speech recogniser's) starts a new sentence: a discourse marker
# before a question or a request ("okay so i got your name now i need your phone number").
_RUN_ON = re.compile(r"(?<=[a-z0-9]) (?=(?:okay|ok|alright|now|but) (?:so )?(?:(?P<q>what|which|"
                     r"when|where|who|how|can you|could you|would you|do you|is it|are you)|"
                     r"i need|i will need|i am going to need|you tell me|tell me|give me|let me)\b)")
_TITLE = re.compile(r"\b(dr|mr|mrs|ms|st|jr|sr|prof|mt)\.(?= [a-z])|\b(no)\.(?= ?\d)")
_SPOKEN_JOIN = {"e mail": "email", "e-mail": "email", "call-back": "callback", "d o b": "dob",
                "d-o-b": "dob", "i d": "id", "z i p": "zip"}
# whole words only: "I don't" is no "I D", "the mail" no "e mail"
_SPOKEN_JOIN_WORDS = re.compile(r"\b(?:" + "|".join(map(re.escape, _SPOKEN_JOIN)) + r")\b")


_IS_HEADS = _set("what that it who where when how there here he she this which why everything "
                 "nothing something name number")


_IS_NEXT = _set("in on at done set good fine all there here correct right ready not been already "
               "still just gone updated noted a an the")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of an agent's line: its words (normalised), their stems, whether it ended
    with a question mark, and the clause (words between commas) each word is in."""

    words: tuple[str, ...]
    stems: tuple[str, ...]
    question: bool
    clauses: tuple[int, ...]


def sentences(line: str) -> list[Sentence]:
    """The sentences of a line, each as normalised words (lower case, contractions expanded,
    possessive 's dropped, "#" read as "number")."""
    text = line.casefold().replace("’", "'").replace("‘", "'")
    text = _DOTTED.sub(lambda m: m[0].replace(".", "") + " ", text)
    if ":" in text:  # "2:30" is a time of day, not a clause break
        text = _CLOCK.sub(r"\1 \2 o'clock", text)
    text = _SPOKEN_JOIN_WORDS.sub(lambda m: _SPOKEN_JOIN[m[0]], text)
    for old, new in _CONTRACTIONS:
        if old in text:
            text = text.replace(old, new)
    text = _INFORMAL_WORD.sub(lambda m: _INFORMAL[m[0]], text)
    if "." in text:  # "Dr. Lee" is one sentence
        text = _TITLE.sub(lambda m: m[1] or m[2], text)
    if not _PUNCTUATED.search(text):
        text = _run_ons(text)
    out: list[Sentence] = []
    start = 0
    for match in _BREAK.finditer(text):
        _add(out, text[start:match.start()], "?" in match.group(0))
        start = match.end()
    _add(out, text[start:], False)
    return out


MAX_RUN_ONS = 6
_PUNCTUATED = re.compile(r"[.!;?,:\n]")


def _run_ons(text: str) -> str:
    """An unpunctuated line split into its sentences where a new one plainly starts (at least
    three words in), a question ended with "?": "so you said last week okay which day exactly"."""
    out: list[str] = []
    start, question = 0, False
    for match in _RUN_ON.finditer(text):
        if len(out) == MAX_RUN_ONS:  # a spoken turn holds a few sentences, not hundreds
            break
        if len(text[start:match.start()].split()) >= 3:
            out.append(text[start:match.start()] + ("?" if question else "."))
            start, question = match.end(), bool(match["q"])
    return " ".join([*out, text[start:] + ("?" if question else "")]) if out else text


# Words that end the noun a "not the ..." clause names ("the ZIP on the account": "zip").
_NOUN_END = _set("on in at for from of with to you your that which who i we it is are was "
                 "were have has , the a an my our this there here")


def _one_named(words: list[str]) -> list[str]:
    """"Not the ZIP on the account, the one it ships to": the one is a ZIP, so it reads "..., the
    zip it ships to" (the not names what is not wanted, the one what is)."""
    if "one" not in words or "not" not in words:
        return words
    for i, word in enumerate(words[:-3]):
        if word != "not" or (i and words[i - 1] != "," and words[i - 1] not in MARKERS):
            continue
        j = i + 1 + (words[i + 1] in ("necessarily", "just", "only", "exactly"))
        if j >= len(words) or words[j] not in ("the", "your"):
            continue
        end = j + 1
        while end < len(words) and words[end] not in _NOUN_END and end - j <= 3:
            end += 1
        comma = next((k for k in range(end, len(words)) if words[k] == ","), None)
        if end > j + 1 and comma is not None and words[comma + 1:comma + 3] == ["the", "one"]:
            return [*words[:comma + 2], *words[j + 1:end], *words[comma + 3:]]
    return words


def _add(out: list[Sentence], chunk: str, question: bool) -> None:
    words: list[str] = []
    tokens = _WORD.findall(chunk)
    for index, token in enumerate(tokens):
        if token in (",", ":", "(", ")", "\u2014", "\u2013", " - "):
            if words and words[-1] != ",":
                words.append(",")
            continue
        if token == "#":
            words.append("number")
            continue
        if "'" in token:
            head, _, tail = token.partition("'")
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if tail == "s" and (head in _IS_HEADS or following in _IS_NEXT
                                or len(following) > 4 and following.endswith("ed")):
                # "what's" is "what is", so is "the city's in" ("order's cancelled"); "patient's
                # name" is possessive
                words.extend((head, "is"))
                continue
            token = head if tail == "s" else head + tail
        words.append(token)
    for i, word in enumerate(words):  # "Next, state your name": a request, not the state
        if word == "state" and (i == 0 or words[i - 1] in MARKERS
                                or words[i - 1] in ("please", "kindly", "not", "to")) \
                and i + 1 < len(words) and words[i + 1] in DETERMINERS:
            words[i] = "tell"
    words = _one_named(words)
    if words:
        clauses, clause = [], 0
        for word in words:
            clause += word == ","
            clauses.append(clause)
        out.append(Sentence(tuple(words), tuple(stem(w) for w in words), question,
                            tuple(clauses)))
