"""Values in what is said: a fact spelled out letter by letter, the units of a value found in a
line (digit groups, words, an email's parts), whether a line holds a value said back (exactly,
or near enough to be a garbled read-back), and how a missed part is said when the caller
corrects it. The scripted caller's read-backs and reactions use these; so does the careful
voice agent's spelling."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from mivas_env.speech.channel import DIGITS, MONTHS, ordinal, spoken

# Words of a line that are no part of a value said back.
_COMMON = frozenset([
    "a", "an", "the", "my", "our", "his", "her", "their", "it", "it's", "its", "is", "i", "i'm", "me",
    "you", "your", "one", "on", "in", "at", "of", "to", "and", "or", "for", "that", "this", "was",
    "were", "be", "have", "has", "had", "file", "new", "old", "please", "thanks", "just", "any",
    "either", "whoever", "whatever", "only", "mr", "mrs", "ms", "miz", "mister", "missus", "doctor",
    "dr", "son", "daughter", "mother", "father", "wife", "husband", "brother", "sister", "cell",
    "number", "phone", "ok", "okay", "yes", "no"])


def spell_out(value: str) -> str:
    """A fact spelled the way a person spells it on the phone: each name letter by letter
    ("M-A-R-T-A, then R-O-J-A-S"), an email's local part letter by letter, ids character by
    character; numbers and dates as they are."""
    if "@" in value:
        local, _, domain = value.strip().partition("@")
        symbols = {".": "dot", "_": "underscore", "-": "dash", "+": "plus"}
        pieces = re.findall(r"[A-Za-z0-9]+|[._+-]", local)
        said = ", ".join(symbols[p] if p in symbols else "-".join(p.upper()) for p in pieces)
        return said + " at " + domain.replace(".", " dot ")
    if _SPACED_ID.fullmatch(value.strip()) and re.search(r"\d", value) and re.search("[A-Z]", value):
        return "-".join(ch for ch in value if ch.isalnum())  # "XJH 448 21"
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", value)  # "LJ04964W" is one id
    ids = [w for w in words if any(ch.isdigit() for ch in w) and any(ch.isalpha() for ch in w)
           and not _ORDINAL.fullmatch(w)]  # not "the 7th"
    if ids:
        return ", then ".join("-".join(ch.upper() for ch in w if ch.isalnum()) for w in ids)
    names = [w for w in words if w[0].isupper() and w.casefold() not in _COMMON
             and not re.fullmatch(r"[A-Z](-[A-Z])+", w)]
    if not names:
        return value.strip().rstrip(".")
    return ", then ".join(_spell_word(w) for w in names)


_SPACED_ID = re.compile(r"[A-Z0-9]+(?:[ -][A-Z0-9]+)+")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)


def _spell_word(word: str) -> str:
    """One word letter by letter, its apostrophes and hyphens said ("O-apostrophe-B-R-I-E-N")."""
    marks = {"'": "apostrophe", "’": "apostrophe", "-": "hyphen"}
    return "-".join(ch.upper() if ch.isalpha() else marks[ch] for ch in word.strip("'-")
                    if ch.isalpha() or ch in marks)


@lru_cache(maxsize=4096)
def _phrase_at_word_start(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z0-9])" + re.escape(phrase.casefold()))


def says(line: str, phrase: str) -> bool:
    """Whether the (casefolded) line says ``phrase`` from the start of a word: "cancel" is in
    "cancelled", but "rma" is not in "confirmation" nor "case" in "showcase"."""
    return _phrase_at_word_start(phrase).search(line) is not None


def value_units(text: str, names_only: bool = False) -> list[str]:
    """The values a line says, as a listener keys them: digit runs as digit strings, spelled
    letters joined into words, other words as words (common words dropped). ``names_only``
    keeps only names, numbers and spellings (what a read-back must get right). Remembered:
    a caller's facts and an agent's repeated lines are keyed once (lines up to
    ``REMEMBERED_CHARS``, so the memory stays bounded)."""
    if len(text) > REMEMBERED_CHARS:
        return list(_value_units.__wrapped__(text, names_only))
    return list(_value_units(text, names_only))


REMEMBERED_CHARS = 2_000
# "646.555.0100, that's my new cell": a remark after a value, which no read-back says
_ASIDE = re.compile(r",\s+(?:that's|that is|it's|it is|which is)\b[^,]*$", re.IGNORECASE)


def said_value(fact: str) -> str:
    """The value of a fact without a remark the caller adds after it (a read-back need not
    say "that's my new cell"); the fact itself where the remark would leave no number."""
    core = _ASIDE.sub("", fact)
    return core if core != fact and any(ch.isdigit() for ch in core) else fact


@lru_cache(maxsize=4096)
def _value_units(text: str, names_only: bool) -> tuple[str, ...]:
    units: list[str] = []
    run_digits: list[str] = []
    run_letters: list[str] = []

    def flush() -> None:
        if run_digits:
            digits = "".join(run_digits)
            # a phone number is checked group by group, as people read it back
            units.extend([digits[:3], digits[3:6], digits[6:]] if len(digits) == 10 else [digits])
        if len(run_letters) > 1:
            units.append("".join(run_letters))
        run_digits.clear()
        run_letters.clear()

    words = spoken(text).split()
    names_only = names_only and any(ch.isupper() for ch in text)
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in DIGITS or (word == "oh" and run_digits):
            if run_letters:
                flush()
            run_digits.append(str(DIGITS.index(word)) if word in DIGITS else "0")
        elif len(word) == 1 and word.isalpha() and (
                word not in ("a", "i") or run_letters or len(following) == 1):
            if run_digits:
                flush()
            run_letters.append(word)
        elif word in ("apostrophe", "hyphen") and run_letters:
            continue  # "O, apostrophe, B-R-I-E-N" is one word
        else:
            flush()
            after_dot = i > 0 and words[i - 1] == "dot"  # "proton dot me": a domain, said
            if (word not in _COMMON or after_dot) and not (
                    names_only and not _is_name_word(word, text) and unit_kind(word) == "word"):
                units.append(word.replace("'", ""))
    flush()
    return tuple(units)


def _is_name_word(word: str, text: str) -> bool:
    word = word.replace("'", "")
    text = text.replace("'", "").replace("’", "")
    return re.search(r"\b" + re.escape(word) + r"\b", text, re.I) is not None and any(
        w[:1].isupper() and w.casefold() == word for w in re.findall(r"[A-Za-z']+", text))


_OFFERED = re.compile(r"(?:\bor|\beither|\bexample,?|\binstance,?|\bsuch as|\blike)\s+(?:the\s+)?$")
_IN_LIST = re.compile(r"(?:,|\band)\s+(?:the\s+)?$")
_LIST_GOES_ON = re.compile(r"\s*(?:,[^.?!]*\b(?:and|or)\b|,?\s+or\b)")
_AND_OR = re.compile(r"\b(?:and|or)\b")
_VALUE = "qqvalueqq"  # where the whole value stood


def listed(part: str, line: str, value: str = "") -> bool:
    """Whether the word ``part`` of ``value`` is one of the options a line offers ("Manhattan
    or Newark", "Park Avenue, Windermere and Tarrytown", "for example, family or employment"),
    not a value read back. Where the line says the whole value, the value is the option
    ("Monday, December 7th, right?" lists nothing)."""
    text, whole = line.casefold(), value.casefold().strip(" .")
    if whole and whole in text:
        text, part = text.replace(whole, _VALUE), _VALUE
    elif not part.isalnum():
        return False
    for found in re.finditer(rf"\b{re.escape(part)}\b", text):
        before, after = text[:found.start()], text[found.end():]
        joined = _IN_LIST.search(before)
        sentence = re.split(r"[.?!]\s", before)[-1] + re.split(r"[.?!](?:\s|$)", after)[0]
        if (_OFFERED.search(before) or _LIST_GOES_ON.match(after)
                or joined and "," in before[:joined.start()] and _AND_OR.search(sentence)):
            return True
    return False


def part_in(part: str, units: list[str]) -> bool:
    return any(part == unit or (len(part) > 2 and part in unit) for unit in units)


def heard_near(part: str, units: list[str]) -> bool:
    """Whether the line says something close to ``part``: a misheard or mistyped version (a
    word of two letters is close to too much to tell: "me" is one letter from "de" in "order")."""
    kind = unit_kind(part)
    if kind == "word" and len(part) < 3:
        return False
    for unit in units:
        if kind != unit_kind(unit):
            continue
        if kind != "word" and not part.isdigit():
            return True  # another day, month or number where this one was
        if part.isdigit():
            windows = [unit[i:i + len(part)] for i in range(max(1, len(unit) - len(part) + 1))]
            if any(0 < Levenshtein.distance(part, w) <= max(1, len(part) // 3) for w in windows):
                return True
        elif 0 < Levenshtein.distance(part, unit) <= max(1, len(part) // 3) or (
                len(part) >= 5 and len(unit) > len(part) and any(  # "com" is in "confirm"
                    Levenshtein.distance(part, unit[i:i + len(part)]) <= max(1, len(part) // 4)
                    for i in range(len(unit) - len(part) + 1))):
            return True
    return False


def unit_kind(unit: str) -> str:
    if unit.isdigit():
        return "digits"
    if unit in MONTHS:
        return "month"
    if unit in _ORDINAL_WORDS:
        return "ordinal"
    if unit in _NUMBER_WORDS:
        return "number"
    return "word"


_NUMBER_WORDS = frozenset([
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred",
    "thousand"])


_ORDINAL_WORDS = frozenset(ordinal(n).split()[-1] for n in range(1, 32))


def say_part(part: str, fact: str) -> str:
    """A part said again so that it cannot be misheard the same way: digits in a group, a name
    with its spelling."""
    if part.isdigit():
        return "-".join(part)  # digit by digit
    if unit_kind(part) != "word":
        return part
    written = next((w for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", fact)
                    if re.sub(r"['’]", "", w).casefold() == part), part.capitalize())
    return f"{written}, {_spell_word(written)}"
