"""Whether the agent has said what the caller's goal needs, by meaning: the goal's phrases
("booked", "december 9", "8:30", "not accepted") are heard in the agent's own words ("You're all
set for the ninth of December at eight thirty", "we don't take it there"), not only verbatim.

A phrase is heard when, after both sides are normalised (lower case, contractions expanded,
numbers, dates and times in spoken form, a few outcome words to one form), its words appear in
the line in order; a phrase that is a date is also heard as any date the line says for the same
month and day."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from mivas_env.caller.understanding import MAX_READ_CHARS
from mivas_env.caller.words import sentences
from mivas_env.speech.heard import heard_dates, read_date
from mivas_env.speech.spoken import MONTHS, ordinal, spoken

# Outcome words said several ways, each to one form (longer phrases first).
SYNONYMS: tuple[tuple[str, str], ...] = (
    ("all set", "booked"), ("on the books", "booked"), ("scheduled", "booked"),
    ("reserved", "booked"), ("rebooked", "moved"), ("rescheduled", "moved"),
    ("called off", "cancelled"), ("canceled", "cancelled"), ("in-network", "in network"),
    ("do not take", "do not accept"), ("does not take", "does not accept"),
    ("can not take", "can not accept"), ("will not take", "will not accept"),
    ("is not covered", "is not accepted"), ("are not covered", "are not accepted"),
    ("we take", "we accept"), ("they take", "they accept"), ("is covered", "is accepted"),
)
_REFERENCE = date(2026, 1, 1)  # dates are compared by month and day
_ORDINALS = {ordinal(n): n for n in range(1, 32)}
_DAY_OF = re.compile(r"\b(" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r") of ("
                     + "|".join(MONTHS) + r")\b")


def month_days(text: str) -> frozenset[str]:
    """The month-days (``MM-DD``) a text says, written ("Dec 9", "12/9") or spoken ("december
    ninth", "the ninth of december")."""
    days = {day[5:] for day in heard_dates(text, _REFERENCE)}
    said = spoken(text)
    found = read_date(said, _REFERENCE.year)
    if found is not None:
        days.add(found[5:])
    for match in _DAY_OF.finditer(said):
        days.add(f"{MONTHS.index(match[2]) + 1:02d}-{_ORDINALS[match[1]]:02d}")
    return frozenset(days)


def normalised(text: str) -> str:
    """The text as spoken words, contractions expanded, outcome words in one form, padded with
    spaces so that ``f" {phrase} " in line`` matches whole words."""
    words = " ".join(word for sentence in sentences(spoken(text)) for word in sentence.words
                     if word != ",")
    padded = f" {words} "
    for said, form in SYNONYMS:
        if f" {said} " in padded:
            padded = padded.replace(f" {said} ", f" {form} ")
    return padded


@lru_cache(maxsize=4096)
def phrase_forms(phrase: str) -> tuple[str, frozenset[str]]:
    """A goal phrase's normalised words and, when it names dates, their month-days."""
    return normalised(phrase).strip(), month_days(phrase)


@dataclass
class HeardLine:
    """One agent line, normalised once for every goal phrase checked against it."""

    line: str
    _words: str | None = None
    _days: frozenset[str] | None = field(default=None)
    _raw: frozenset[str] | None = field(default=None)

    def _may_say(self, phrase: str, days: frozenset[str]) -> bool:
        """Whether the line could say the phrase at all: one of its words (or of the outcome
        words that mean the same), a digit or a number word is in it. Most lines are not, and
        skip the normalisation."""
        if self._raw is None:
            self._raw = frozenset(_RAW_WORD.findall(self.line[:MAX_READ_CHARS]))
        return bool(self._raw & _triggers(phrase)) or bool(days or _DIGIT.search(phrase)) and bool(
            self._raw & _NUMBERS or _DIGIT.search(self.line[:MAX_READ_CHARS]))

    def says(self, phrase: str) -> bool:
        folded = phrase.casefold()
        if folded in self.line:
            return True
        words, days = phrase_forms(folded)
        if not self._may_say(folded, days):
            return False
        if self._words is None:
            self._words = normalised(self.line[:MAX_READ_CHARS])
        if words and f" {words} " in self._words:
            return True
        if days:
            if self._days is None:
                self._days = month_days(self.line[:MAX_READ_CHARS])
            return bool(days & self._days)
        return False


_RAW_WORD = re.compile(r"[a-z]+")
_DIGIT = re.compile(r"\d")
_NUMBERS = frozenset([*(ordinal(n) for n in range(1, 32)), *MONTHS, "one", "two", "three",
                      "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                      "twenty", "thirty", "oh", "o", "noon", "half", "quarter"])


@lru_cache(maxsize=4096)
def _triggers(phrase: str) -> frozenset[str]:
    """The raw words whose presence may make a line say ``phrase``: its own words and those of
    the outcome words that normalise to them."""
    own = set(_RAW_WORD.findall(phrase))
    forms = set(normalised(phrase).split())
    for said, form in SYNONYMS:
        if set(form.split()) & forms:
            own.update(said.split())
    for word in list(own):  # contractions: "don't" is said as "don", "t"
        if word in ("not", "cannot"):
            own.update(("n", "t", "don", "doesn", "isn", "aren", "won", "can", "didn"))
    return frozenset(own - {"a", "the", "is", "are", "be", "to", "of", "and", "or"})


def heard_phrases(line: str, phrases: Iterable[str]) -> list[str]:
    """The phrases (folded) that the line says, by meaning."""
    heard = HeardLine(line)
    return [phrase.casefold() for phrase in phrases if heard.says(phrase)]
