"""The speech channel between caller and agent: what the other side of a phone call hears.

Three channels (``CHANNELS``):

- ``text``: the line as written (what the environment always passed; the default).
- ``spoken``: what a perfect speech recogniser prints: numbers, dates, times, money, emails and
  ids as words ("nine one seven five five five...", "march fourteenth nineteen ninety one",
  "d w at example dot com"), acronyms and spelled names letter by letter, no punctuation, no
  casing (``spoken()``).
- ``asr``: the spoken line with seeded recognition errors at a word error rate ``wer``
  (``AsrNoise``): names swapped for phonetically close words (jellyfish metaphone/soundex
  equivalents, or a sound-preserving respelling), homophones, dropped and inserted short words,
  digit-group errors (a confusable digit, a digit dropped or doubled), split and merged words.
  The same seed gives the same errors, in any process.

The readers (``read_digits``, ``read_date``, ``read_email``, ``read_spelling``, ``read_name``)
are the inverse for the values a caller dictates: what an agent turns heard words back into."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from typing import Any, Literal

import jellyfish
from rapidfuzz.distance import Levenshtein

ChannelName = Literal["text", "spoken", "asr"]
CHANNELS: tuple[ChannelName, ...] = ("text", "spoken", "asr")
DEFAULT_WER = 0.1
# The asr channel's default word error rate at each difficulty level of a generated task
# (mivas_env.generation.levels); hand-written tasks keep DEFAULT_WER.
LEVEL_WER: tuple[float, ...] = (0.0, 0.03, 0.06, 0.10, 0.15)

# --- number words ---------------------------------------------------------------------------

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_WORDS = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                  "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
_MONTH_ABBREVIATIONS = {m[:3]: m for m in MONTHS} | {"sept": "september"}


def cardinal(n: int) -> str:
    """An integer in words ("one hundred forty nine")."""
    if n < 0:
        return "minus " + cardinal(-n)
    if n < 10:
        return DIGITS[n]
    if n < 20:
        return _TEENS[n - 10]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else " " + DIGITS[n % 10])
    if n < 1000:
        rest = n % 100
        return DIGITS[n // 100] + " hundred" + ("" if rest == 0 else " " + cardinal(rest))
    for size, word in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= size:
            rest = n % size
            return cardinal(n // size) + f" {word}" + ("" if rest == 0 else " " + cardinal(rest))
    raise AssertionError("unreachable")


def ordinal(n: int) -> str:
    """An ordinal in words ("twenty first", "fourteenth")."""
    words = cardinal(n).split()
    last = words[-1]
    if last in _ORDINAL_WORDS:
        words[-1] = _ORDINAL_WORDS[last]
    elif last.endswith("y"):
        words[-1] = last[:-1] + "ieth"
    else:
        words[-1] = last + "th"
    return " ".join(words)


def year(n: int) -> str:
    """A year as people say it ("nineteen ninety one", "twenty twenty five", "two thousand")."""
    if 2000 <= n <= 2009:
        return "two thousand" + ("" if n == 2000 else " " + DIGITS[n - 2000])
    if 1000 <= n <= 9999:
        high, low = divmod(n, 100)
        if low == 0:
            return cardinal(high) + " hundred"
        return cardinal(high) + " " + ("oh " + DIGITS[low] if low < 10 else cardinal(low))
    return cardinal(n)


def digits(text: str) -> str:
    """Digits one by one ("nine one seven")."""
    return " ".join(DIGITS[int(ch)] for ch in text if ch.isdigit())


def _spell(text: str) -> str:
    return " ".join(ch.lower() for ch in text if ch.isalnum() and not ch.isdigit())


def _alnum(text: str) -> str:
    """An id said aloud: letters spelled, digits one by one."""
    out = []
    for run in re.findall(r"[A-Za-z]+|\d+", text):
        out.append(digits(run) if run.isdigit() else _spell(run))
    return " ".join(out)


def _number(text: str) -> str:
    """A plain number as said: long digit strings (zips, order numbers) digit by digit, house
    numbers in pairs ("twenty two ten"), years as years, the rest as a cardinal."""
    whole, _, fraction = text.replace(",", "").partition(".")
    if fraction:
        return _number(whole) + " point " + digits(fraction)
    if len(whole) >= 5 or (len(whole) > 1 and whole.startswith("0")):
        return digits(whole)
    n = int(whole)
    if len(whole) == 4 and 1100 <= n <= 2099:
        return year(n)
    if len(whole) == 4 and n % 1000 >= 100 and n % 100 != 0:
        return cardinal(n // 100) + " " + (("oh " + DIGITS[n % 100]) if n % 100 < 10
                                           else cardinal(n % 100))
    return cardinal(n)


def _clock(hour: int, minutes: int, meridiem: str = "") -> str:
    said = cardinal(hour) if minutes == 0 else (
        f"{cardinal(hour)} oh {DIGITS[minutes]}" if minutes < 10 else
        f"{cardinal(hour)} {cardinal(minutes)}")
    return said + (" " + " ".join(meridiem.replace(".", "").lower()) if meridiem else "")


def _iso_time(hh: str, mm: str) -> str:
    hour, minutes = int(hh), int(mm)
    meridiem = "am" if hour < 12 else "pm"
    hour12 = hour % 12 or 12
    return _clock(hour12, minutes, meridiem)


def _date(month: int, day: int, year_: int | None) -> str:
    said = f"{MONTHS[month - 1]} {ordinal(day)}"
    return said + (" " + year(year_) if year_ is not None else "")


def _money(match: re.Match[str]) -> str:
    dollars = int(match["dollars"].replace(",", ""))
    cents = int(match["cents"]) if match["cents"] else 0
    said = cardinal(dollars) + (" dollar" if dollars == 1 else " dollars")
    if cents:
        said += " and " + cardinal(cents) + (" cent" if cents == 1 else " cents")
    return said


def _email(match: re.Match[str]) -> str:
    local, domain = match[0].split("@", 1)
    names = {".": "dot", "_": "underscore", "-": "dash", "+": "plus"}
    out = []
    for part in re.findall(r"[A-Za-z]+|\d+|[._+@-]", local + "@" + domain):
        if part == "@":
            out.append("at")
        elif part in names:
            out.append(names[part])
        elif part.isdigit():
            out.append(digits(part))
        elif len(part) <= 2 or not re.search(r"[aeiouy]", part, re.I):
            out.append(_spell(part))  # initials are spelled
        else:
            out.append(part.lower())
    return " ".join(out)


_MONTH_RE = (r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
             r"aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_ABBREVIATIONS = {"dr": "doctor", "mr": "mister", "mrs": "missus", "ms": "miz", "st": "saint",
                  "ave": "avenue", "apt": "apartment", "no": "number"}

# Each rule: (pattern, how the match is said). Applied in order, each to the text between the
# matches of the rules before it.
_RULES: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"[A-Za-z0-9][\w.+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"), _email),
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?\b"),
     lambda m: _date(int(m[2]), int(m[3]), int(m[1])) + " at " + _iso_time(m[4], m[5])),
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"),
     lambda m: _date(int(m[2]), int(m[3]), int(m[1]))
     if 1 <= int(m[2]) <= 12 and 1 <= int(m[3]) <= 31 else digits(m[0])),
    (re.compile(r"\b" + _MONTH_RE + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b"
                r"(?:,?\s+(?P<year>\d{4})\b)?", re.I),
     lambda m: _date(MONTHS.index(_month(m["month"])) + 1, int(m["day"]),
                     int(m["year"]) if m["year"] else None)
     if 1 <= int(m["day"]) <= 31 else m[0]),
    (re.compile(r"(?<![\w-])(?:\+\s?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b"),
     lambda m: digits(re.sub(r"^\+\s?1", "", m[0]))),
    (re.compile(r"\$(?P<dollars>\d[\d,]*)(?:\.(?P<cents>\d{2}))?\b"), _money),
    (re.compile(r"\b(\d{1,2}):(\d{2})\s*(?P<m>[ap]\.?m\.?)?(?![\w])", re.I),
     lambda m: _clock(int(m[1]), int(m[2]), m["m"] or "")),
    (re.compile(r"\b(\d{1,2})\s*(?P<m>[ap]\.?m\.?)(?![\w])", re.I),
     lambda m: _clock(int(m[1]), 0, m["m"])),
    (re.compile(r"\b(\d+)(?:st|nd|rd|th)\b", re.I), lambda m: ordinal(int(m[1]))),
    (re.compile(r"\b[A-Za-z](?:-[A-Za-z]\b){1,}"), lambda m: _spell(m[0])),
    (re.compile(r"\b(?=[A-Za-z_-]*\d)(?=\w*[A-Za-z])[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*\b"),
     lambda m: " ".join(_alnum(part) if re.search(r"[A-Za-z]", part) and re.search(r"\d", part)
                        else digits(part) if part.isdigit() else _spell(part)
                        for part in re.split(r"[_-]", m[0]))),
    (re.compile(r"\d[\d,]*(?:\.\d+)?%"), lambda m: _number(m[0][:-1]) + " percent"),
    (re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"), lambda m: _number(m[0])),
    (re.compile(r"\b[A-Z]{2,5}s?\b"), lambda m: _spell(m[0].removesuffix("s"))
     + ("s" if m[0].endswith("s") else "")),
    (re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St|Ave|Apt|No)\.(?=\s)"),
     lambda m: _ABBREVIATIONS[m[0][:-1].lower()]),
]


def _month(text: str) -> str:
    key = text.lower().rstrip(".")
    return key if key in MONTHS else _MONTH_ABBREVIATIONS[key[:4] if key.startswith("sept")
                                                          else key[:3]]


_RULES = [(re.compile(pattern.pattern, (pattern.flags & ~re.UNICODE) | re.ASCII), say)
          for pattern, say in _RULES]  # digits are 0-9 only


def _apply(text: str, rules: list[tuple[re.Pattern[str], Any]]) -> list[tuple[bool, str]]:
    """Split ``text`` into pieces already said (True) and raw text (False)."""
    if not rules:
        return [(False, text)]
    pattern, say = rules[0]
    out: list[tuple[bool, str]] = []
    position = 0
    for match in pattern.finditer(text):
        out += _apply(text[position:match.start()], rules[1:])
        out.append((True, say(match)))
        position = match.end()
    out += _apply(text[position:], rules[1:])
    return out


_SYMBOLS = {"&": " and ", "%": " percent ", "#": " number ", "@": " at ", "+": " plus ",
            "=": " equals "}


def _plain(text: str) -> str:
    for symbol, word in _SYMBOLS.items():
        text = text.replace(symbol, word)
    text = text.replace("’", "'").lower()
    text = re.sub(r"(?<![a-z])'|'(?![a-z])", " ", text)  # quotes go, it's and o'clock stay
    return re.sub(r"[^a-z0-9' ]+", " ", text)


MAX_TOKEN_CHARS = 48  # nobody says a longer unbroken string; longer ones are cut (and stay linear)
_LONG_TOKEN = re.compile(rf"\S{{{MAX_TOKEN_CHARS + 1},}}")


@lru_cache(maxsize=65536)
def spoken(text: str) -> str:
    """What a perfect recogniser prints for a line said aloud (lowercase words, no punctuation).
    An unbroken run of more than ``MAX_TOKEN_CHARS`` characters is cut to its first ones."""
    text = _LONG_TOKEN.sub(lambda m: m[0][:MAX_TOKEN_CHARS], text)
    pieces = _apply(text, _RULES)
    words = " ".join(piece if said else _plain(piece) for said, piece in pieces)
    return " ".join(words.split())


# --- readers: heard words back to values ----------------------------------------------------

_DIGIT_WORDS = {word: str(i) for i, word in enumerate(DIGITS)} | {"oh": "0", "o": "0"}
_TEEN_VALUES = {word: 10 + i for i, word in enumerate(_TEENS)}
_TENS_VALUES = {word: 10 * i for i, word in enumerate(_TENS) if word}
_ORDINALS = {ordinal(n): n for n in range(1, 32)}


def read_digits(heard: str) -> str:
    """Every digit said in a line, in order ("nine one seven five five five" -> "917555");
    "double five" is two fives."""
    out: list[str] = []
    double = False
    for word in heard.split():
        if word in ("double", "triple"):
            double = True
            continue
        if word.isdigit():
            out.append(word)
        elif word in _DIGIT_WORDS and (word not in ("oh", "o") or out):
            out.append(_DIGIT_WORDS[word] * (2 if double else 1))
        double = False
    return "".join(out)


def _cardinal_prefix(words: list[str]) -> tuple[int, int] | None:
    """The value of a cardinal under 100 at the start of ``words`` and the words it used."""
    if not words:
        return None
    first = words[0]
    if first in _TENS_VALUES:
        if len(words) > 1 and words[1] in DIGITS[1:]:
            return _TENS_VALUES[first] + DIGITS.index(words[1]), 2
        return _TENS_VALUES[first], 1
    if first in _TEEN_VALUES:
        return _TEEN_VALUES[first], 1
    if first in DIGITS:
        return DIGITS.index(first), 1
    return None


def _year_at(words: list[str]) -> int | None:
    if words[:2] == ["two", "thousand"]:
        rest = _cardinal_prefix(words[2:])
        return 2000 + (rest[0] if rest is not None and rest[0] < 10 else 0)
    high = _cardinal_prefix(words)
    if high is None or not 10 <= high[0] <= 20:
        return None
    tail = words[high[1]:]
    if tail[:1] == ["hundred"]:
        return high[0] * 100
    if tail[:1] == ["oh"] and len(tail) > 1 and tail[1] in DIGITS:
        return high[0] * 100 + DIGITS.index(tail[1])
    low = _cardinal_prefix(tail)
    if low is None or low[0] < 10:
        return None
    return high[0] * 100 + low[0]


def read_date(heard: str, default_year: int | None = None) -> str | None:
    """The first "month day [year]" said in a line, as YYYY-MM-DD (None when there is none, or
    no year was said and none is given)."""
    words = heard.split()
    for i, word in enumerate(words):
        if word not in MONTHS:
            continue
        rest = words[i + 1:]
        day = None
        for length in (2, 1):
            phrase = " ".join(rest[:length])
            if phrase in _ORDINALS:
                day, rest = _ORDINALS[phrase], rest[length:]
                break
        if day is None:
            value = _cardinal_prefix(rest)
            if value is None or not 1 <= value[0] <= 31:
                continue
            day, rest = value[0], rest[value[1]:]
        year_ = _year_at(rest) or default_year
        if year_ is None:
            return None
        try:
            return date(year_, MONTHS.index(word) + 1, day).isoformat()
        except ValueError:
            return None
    return None


def read_spelling(heard: str) -> list[str]:
    """Words spelled letter by letter: runs of single letters, split wherever another word is
    said ("m a r t a and then r o j a s" -> ["marta", "rojas"])."""
    words: list[str] = []
    run: list[str] = []
    for token in heard.split():
        letter = _LETTER_NAMES.get(token, token)
        if len(letter) == 1 and letter.isalpha():
            run.append(letter)
            continue
        if token in ("apostrophe", "hyphen") and run:
            run.append("'" if token == "apostrophe" else "-")
            continue
        if run:
            words.append("".join(run))
        run = []
    if run:
        words.append("".join(run))
    return [w for w in words if len(w) > 1]


def read_email(heard: str) -> str | None:
    """An email address said aloud ("n kowalski at outlook dot com"), or None."""
    words = heard.split()
    if "at" not in words:
        return None
    at = len(words) - 1 - words[::-1].index("at")
    symbols = {"dot": ".", "underscore": "_", "dash": "-", "hyphen": "-", "plus": "+"}
    tail = words[at + 1:]
    domain: list[str] = []
    for i, word in enumerate(tail):
        if word in symbols:
            domain.append(symbols[word])
            continue
        spelled = len(word) == 1 and i > 0 and len(tail[i - 1]) == 1
        if i > 0 and tail[i - 1] not in symbols and not spelled:
            break
        domain.append(word)
    head: list[str] = []
    for word in reversed(words[:at]):
        if word in _EMAIL_LEAD_INS:
            break
        head.insert(0, symbols.get(word, _EMAIL_DIGITS.get(word, word)))
    if not head or "." not in domain:
        return None
    return "".join(head) + "@" + "".join(domain)


_EMAIL_DIGITS = {word: str(i) for i, word in enumerate(DIGITS)}
_EMAIL_LEAD_INS = frozenset(["it's", "its", "is", "email", "address", "sure", "yes", "yeah",
                             "that's", "um", "uh", "be", "would", "that", "okay", "my"])
_FILLER = frozenset(["it's", "its", "it", "is", "my", "name", "that", "would", "be", "sure",
                     "yes", "yeah", "um", "uh", "so", "the", "a", "an", "and", "i'm", "im",
                     "this", "okay", "ok"])


def read_name(heard: str) -> str:
    """A name said in a line, with the usual lead-in words dropped ("my name is marisol vega"
    -> "Marisol Vega")."""
    words = heard.split()
    for lead in ("name is", "it's", "it is", "this is", "i'm", "that would be", "that's"):
        text = " " + " ".join(words) + " "
        index = text.rfind(" " + lead + " ")
        if index >= 0:
            words = text[index + len(lead) + 2:].split()
            break
    return " ".join(w.capitalize() for w in words if w not in _FILLER)


# --- the recognition noise model ------------------------------------------------------------

_LETTER_NAMES = {"oh": "o", "bee": "b", "be": "b", "see": "c", "sea": "c", "dee": "d", "gee": "g",
                 "jay": "j", "kay": "k", "el": "l", "em": "m", "en": "n", "pee": "p",
                 "queue": "q", "cue": "q", "are": "r", "es": "s", "tea": "t", "tee": "t",
                 "you": "u", "vee": "v", "why": "y", "zee": "z", "ex": "x", "eye": "i"}
# Letters a recogniser confuses (the E-set and its neighbours).
_LETTER_CONFUSIONS = {
    "b": "dpve", "c": "tzeg", "d": "btge", "e": "bdp", "g": "jdc", "p": "btd", "t": "dpc",
    "v": "bz", "z": "cv", "m": "n", "n": "m", "f": "s", "s": "fx", "a": "jk", "j": "ag",
    "k": "aj", "i": "y", "y": "i", "q": "u", "u": "q", "o": "l", "l": "o", "r": "a", "h": "a",
    "w": "u", "x": "s"}
# Digits a recogniser confuses, and the teens/tens that sound alike.
_DIGIT_CONFUSIONS = {"zero": ("oh",), "one": ("nine", "won"), "two": ("to", "three"),
                     "three": ("two", "tree"), "four": ("for", "five"), "five": ("nine", "four"),
                     "six": ("sixty",), "seven": ("eleven",), "eight": ("ate", "eighty"),
                     "nine": ("five", "one")}
_SOUNDALIKE_NUMBERS = {"thirteen": "thirty", "fourteen": "forty", "fifteen": "fifty",
                       "sixteen": "sixty", "seventeen": "seventy", "eighteen": "eighty",
                       "nineteen": "ninety"}
_SOUNDALIKE_NUMBERS |= {v: k for k, v in _SOUNDALIKE_NUMBERS.items()}
_HOMOPHONE_SETS = (
    "to too two", "for four fore", "there their they're", "right write", "no know",
    "by buy bye", "one won", "eight ate", "here hear", "new knew", "our hour", "way weigh",
    "week weak", "mail male", "sale sail", "read red", "whole hole", "would wood",
    "wait weight", "its it's", "your you're", "where wear", "be bee", "see sea", "i eye",
    "dear deer", "a uh", "oh owe", "meet meat", "peace piece", "some sum", "son sun", "flu flew", "pain pane",
    "in inn", "claim clam", "fair fare", "higher hire", "die dye", "aloud allowed",
    "patience patients", "principal principle", "cell sell", "seller cellar", "board bored",
    "plain plane", "made maid", "not knot", "cent sent scent", "so sew", "knows nose",
    "weather whether", "than then", "accept except", "advice advise", "lose loose",
)
_HOMOPHONES: dict[str, tuple[str, ...]] = {}
for _line in _HOMOPHONE_SETS:
    _group = _line.split()
    for _word in _group:
        _HOMOPHONES[_word] = tuple(w for w in _group if w != _word)
SHORT_WORDS = ("a", "the", "and", "uh", "um", "so", "of", "to", "in", "it", "is", "i", "oh",
               "on", "at", "that")
# Sound-preserving respellings, tried when a word has no phonetic neighbour in the lexicon.
_RESPELLINGS = (("ph", "f"), ("f", "ph"), ("ck", "k"), ("c", "k"), ("k", "c"), ("qu", "kw"),
                ("ee", "ea"), ("ea", "ee"), ("y", "ie"), ("ie", "y"), ("ey", "y"), ("i", "y"),
                ("s", "z"), ("z", "s"), ("son", "sen"), ("sen", "son"), ("man", "mann"),
                ("ll", "l"), ("l", "ll"), ("tt", "t"), ("t", "tt"), ("nn", "n"), ("n", "nn"),
                ("ss", "s"), ("er", "or"), ("or", "er"), ("ai", "ay"), ("ay", "ai"),
                ("ou", "ow"), ("oo", "u"), ("th", "t"), ("w", "wh"), ("x", "ks"), ("ch", "sh"),
                ("sh", "ch"), ("g", "j"), ("j", "g"), ("a", "e"), ("e", "a"), ("o", "a"))


def _lexicon_words() -> list[str]:
    """Words the recogniser may output besides the line's own: the shipped callers' words and
    every name in the shipped worlds, plus common words (sorted, so draws are reproducible)."""
    from rewards import load_seed, tasks_dir
    from rewards.industry import INDUSTRIES
    from rewards.worlds import SPLITS
    from rewards.worlds.names import pool

    words: set[str] = set(_COMMON_WORDS.split())
    for name in INDUSTRIES:
        for path in sorted((tasks_dir() / name / "tasks").glob("*.json")):
            try:
                caller = json.loads(path.read_text(encoding="utf-8")).get("caller") or {}
            except (OSError, ValueError):
                continue
            words.update(spoken(" ".join(every_string(caller))).split())
        for rows in load_seed(name).values():
            for row in rows:
                for key, value in row.items():
                    if "name" in key and isinstance(value, str):
                        words.update(spoken(value).split())
    for split in SPLITS:  # the generated worlds' people, companies and streets
        names = pool(split)
        for value in (*names.first_names, *names.surnames, *names.company_words,
                      *names.street_names):
            words.update(spoken(value).split())
    return sorted(w for w in words if w.isalpha() and len(w) > 1)


def every_string(value: Any) -> Iterator[str]:
    """Every string inside a JSON-like value (dict values, list items, nested), in order."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from every_string(item)
    elif isinstance(value, list):
        for item in value:
            yield from every_string(item)


_COMMON_WORDS = (
    "about after again all also am an appointment are around as ask back bank bay been before "
    "being bell best better big bill book born both brown call came can card care case cell "
    "check city claim clean close code cold come could court cover date day dean deal dear "
    "does done down drive each early east end even every fall far feel fell few file fine "
    "first for found free friday from full gave get give go good got grant great green had "
    "hand has have he hear held help her here high him his hold home hope how just keep kind "
    "knew know last late law lay lead least left less let life light like line list little "
    "long look lost made mail main make man many march mark may me mean meet mile mill miller "
    "mine miss monday more morning most much must name near need never new next nice night "
    "none north note now number off office old once only open order other our out over paid "
    "park part pay people place plan please point post price read real right road room run "
    "said same saw say see seen sell send set she should show side since small some soon "
    "south stay still street such sure take tell than thank that the them then there these "
    "they thing think this those though three through thursday time today told too took "
    "town tuesday turn under until up upon us use very wait walk want was way we wednesday "
    "week well went were west what when where which while white who why will with word work "
    "would write year yes yet you young your")


@cache
def _phonetic_index() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    by_metaphone: dict[str, list[str]] = {}
    by_soundex: dict[str, list[str]] = {}
    for word in _lexicon_words():
        by_metaphone.setdefault(jellyfish.metaphone(word), []).append(word)
        by_soundex.setdefault(jellyfish.soundex(word), []).append(word)
    return ({k: tuple(v) for k, v in by_metaphone.items()},
            {k: tuple(v) for k, v in by_soundex.items()})


@lru_cache(maxsize=65536)
def phonetic_neighbours(word: str) -> tuple[str, ...]:
    """Lexicon words that sound like ``word`` (same metaphone code, else same soundex code and
    close in spelling), nearest spelling first."""
    by_metaphone, by_soundex = _phonetic_index()
    same = [w for w in by_metaphone.get(jellyfish.metaphone(word), ()) if w != word]
    if not same:
        same = [w for w in by_soundex.get(jellyfish.soundex(word), ())
                if w != word and Levenshtein.distance(w, word) <= max(2, len(word) // 3)]
    return tuple(sorted(same, key=lambda w: (Levenshtein.distance(w, word), w))[:6])


@lru_cache(maxsize=65536)
def sound_alikes(word: str) -> tuple[str, ...]:
    """Lexicon words with the same soundex code, nearest spelling first (a looser neighbour)."""
    _, by_soundex = _phonetic_index()
    same = [w for w in by_soundex.get(jellyfish.soundex(word), ()) if w != word]
    return tuple(sorted(same, key=lambda w: (Levenshtein.distance(w, word), w))[:4])


@lru_cache(maxsize=65536)
def respellings(word: str) -> tuple[str, ...]:
    """Spellings of ``word`` that sound the same (one rewrite, same soundex code)."""
    code = jellyfish.soundex(word)
    out: list[str] = []
    for old, new in _RESPELLINGS:
        start = word.find(old, 1) if len(word) > 1 else -1
        if start < 0:
            continue
        candidate = word[:start] + new + word[start + len(old):]
        if candidate != word and candidate not in out and jellyfish.soundex(candidate) == code:
            out.append(candidate)
    return tuple(out)


@dataclass(frozen=True)
class Heard:
    """One line through the channel: as said, as a perfect recogniser prints it, as heard."""

    said: str
    spoken: str
    heard: str
    confidence: float
    errors: int = 0  # word errors the noise model made (substitutions + insertions + deletions)


# Error kinds with their draw weights and their word-error cost (a split is a substitution and
# an insertion; a merge a substitution and a deletion).
_KINDS = (("substitute", 0.5, 1), ("drop", 0.16, 1), ("insert", 0.14, 1), ("split", 0.1, 2),
          ("merge", 0.1, 2))
_KIND_NAMES = tuple(k for k, _, _ in _KINDS)
_KIND_WEIGHTS = tuple(w for _, w, _ in _KINDS)
_MEAN_COST = sum(weight * cost for _, weight, cost in _KINDS) / sum(w for _, w, _ in _KINDS)
# Measured word error rate runs about 12% under the drawn one (an alignment can undo a drop next
# to an insertion; a merge of two words may align as one substitution and one deletion, or
# cheaper): benchmarks/bench_channel.py measures the result.
_CALIBRATION = 1.14


@dataclass
class AsrNoise:
    """Seeded recognition errors at a target word error rate (errors per spoken word)."""

    wer: float = DEFAULT_WER
    seed: int | str | None = 0
    rng: random.Random = field(init=False)
    made: Counter[str] = field(default_factory=Counter)  # errors made so far, by kind

    def __post_init__(self) -> None:
        if not 0.0 <= self.wer <= 1.0:
            raise ValueError(f"wer must be within [0, 1], got {self.wer}")
        self.rng = random.Random(self.seed)

    def corrupt(self, words: list[str]) -> tuple[list[str], int, list[bool]]:
        """The heard words, the number of word errors made, and per heard word whether it is
        one the recogniser got wrong."""
        rate = min(1.0, self.wer / _MEAN_COST * _CALIBRATION)
        out: list[str] = []
        wrong: list[bool] = []
        errors = 0
        i = 0
        while i < len(words):
            word = words[i]
            if self.rng.random() >= rate:
                out.append(word)
                wrong.append(False)
                i += 1
                continue
            spelled = len(word) == 1 and any(
                0 <= j < len(words) and len(words[j]) == 1 for j in (i - 1, i + 1))
            kind = self._kind(word, words[i + 1] if i + 1 < len(words) else None, spelled)
            digit = word in _DIGIT_WORDS or word in _SOUNDALIKE_NUMBERS
            if kind != "substitute":
                self.made["digit" if digit else kind] += 1
            if kind == "drop":
                errors += 1
            elif kind == "repeat":
                out += [word, word]
                wrong += [False, True]
                errors += 1
            elif kind == "insert":
                out += [word, self.rng.choice(SHORT_WORDS)]
                wrong += [False, True]
                errors += 1
            elif kind == "split":
                cut = self._cut(word)
                out += [word[:cut], word[cut:]]
                wrong += [True, True]
                errors += 2
            elif kind == "merge":
                out.append(word + words[i + 1])
                wrong.append(True)
                errors += 2
                i += 1
            elif kind == "spelled":
                out.append(self.rng.choice(_LETTER_CONFUSIONS.get(word, "e")))
                wrong.append(True)
                errors += 1
            else:
                heard, how = self._substitute(word)
                self.made["digit" if digit else how] += 1
                out.append(heard)
                wrong.append(True)
                errors += 1
            i += 1
        return out, errors, wrong

    def _kind(self, word: str, following: str | None, spelled: bool) -> str:
        if word in _DIGIT_WORDS or word in _SOUNDALIKE_NUMBERS:  # digit-group errors
            return self.rng.choices(("substitute", "drop", "repeat"), (0.7, 0.15, 0.15))[0]
        if spelled:  # a letter of a spelled word
            return "spelled" if self.rng.random() < 0.9 else "drop"
        kind = self.rng.choices(_KIND_NAMES, _KIND_WEIGHTS)[0]
        if kind == "drop" and len(word) > 3:
            kind = "substitute"
        if kind == "split" and len(word) < 6:
            kind = "substitute"
        if kind == "merge" and (following is None or len(word) == 1 or len(following) == 1):
            kind = "insert"
        return kind

    def _cut(self, word: str) -> int:
        """Where a long word splits: between two consonants (east|lake), else before a
        consonant that starts a syllable (ma|ri|sol)."""
        vowels = "aeiouy"
        inner = range(2, len(word) - 2)
        cuts = [i for i in inner if word[i - 1] not in vowels and word[i] not in vowels
                and word[i + 1] in vowels and word[i - 1] != word[i]]
        cuts = cuts or [i for i in inner if word[i - 1] in vowels and word[i] not in vowels]
        return self.rng.choice(cuts) if cuts else len(word) // 2

    def _substitute(self, word: str) -> tuple[str, str]:
        """Another word for ``word`` and how it was found."""
        if word in _DIGIT_CONFUSIONS:
            return self.rng.choice(_DIGIT_CONFUSIONS[word]), "digit"
        if word in _SOUNDALIKE_NUMBERS:
            return _SOUNDALIKE_NUMBERS[word], "digit"
        if word in _HOMOPHONES and self.rng.random() < 0.8:
            return self.rng.choice(_HOMOPHONES[word]), "homophone"
        # Short words become other real words; long ones (names, mostly) may also come out
        # respelled the way they sound.
        options = phonetic_neighbours(word)[:2]
        if len(word) >= 6 or not options:
            options += respellings(word)[:3] if len(word) >= 6 else sound_alikes(word)[:2]
        if options:
            return self.rng.choice(options), "phonetic"
        return self.rng.choice(SHORT_WORDS), "other"

    def hear(self, spoken_line: str) -> tuple[str, float, int]:
        """A spoken line as heard, its recogniser confidence (0-1) and its word errors."""
        words = spoken_line.split()
        if not words:
            return "", 1.0, 0
        heard, errors, wrong = self.corrupt(words)
        scores = [self.rng.uniform(0.35, 0.8) if bad else self.rng.uniform(0.82, 0.99)
                  for bad in wrong]
        confidence = round(sum(scores) / len(scores), 3) if scores else 0.0
        return " ".join(heard), confidence, errors


@dataclass
class Channel:
    """One direction of a call's audio: ``hear(line)`` gives what the listener heard."""

    name: ChannelName = "text"
    wer: float = DEFAULT_WER
    seed: int | str | None = 0
    noise: AsrNoise | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.name not in CHANNELS:
            raise ValueError(f"channel must be one of {', '.join(CHANNELS)}, got {self.name!r}")
        if not 0.0 <= self.wer <= 1.0:
            raise ValueError(f"wer must be within [0, 1], got {self.wer}")
        if self.name == "asr":
            self.noise = AsrNoise(self.wer, self.seed)

    def hear(self, said: str) -> Heard:
        if self.name == "text":
            return Heard(said, spoken(said), said, 1.0)
        clean = spoken(said)
        if self.noise is None:
            return Heard(said, clean, clean, 1.0)
        heard, confidence, errors = self.noise.hear(clean)
        return Heard(said, clean, heard, confidence, errors)


def word_errors(reference: str, hypothesis: str) -> int:
    """Word-level edit distance (substitutions + insertions + deletions)."""
    ref, hyp = reference.split(), hypothesis.split()
    vocabulary = {w: chr(0x100 + i) for i, w in enumerate(dict.fromkeys(ref + hyp))}
    return int(Levenshtein.distance("".join(vocabulary[w] for w in ref),
                                    "".join(vocabulary[w] for w in hyp)))
