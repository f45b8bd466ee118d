"""Saying values aloud: numbers, dates, times, money, emails and ids as a perfect speech
recogniser prints them (``spoken()``), and the number words both directions share (``DIGITS``,
``TEENS``, ``TENS``, ``MONTHS``, ``DIGIT_WORDS``). The reader of heard words is
:mod:`mivas_env.speech.heard`; the channel and its noise, :mod:`mivas_env.speech.channel`."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# --- number words ---------------------------------------------------------------------------

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_WORDS = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                  "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
DIGIT_WORDS = {word: str(i) for i, word in enumerate(DIGITS)} | {"oh": "0", "o": "0"}  # heard digits
_MONTH_ABBREVIATIONS = {m[:3]: m for m in MONTHS} | {"sept": "september"}


def cardinal(n: int) -> str:
    """An integer in words ("one hundred forty nine")."""
    if n < 0:
        return "minus " + cardinal(-n)
    if n < 10:
        return DIGITS[n]
    if n < 20:
        return TEENS[n - 10]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + DIGITS[n % 10])
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
