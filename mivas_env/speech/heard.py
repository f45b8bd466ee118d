"""The one reader of spoken values: from what a caller said to what a tool takes.

A caller answers "June 22, 1989", "(212) 555-0160", "10 in the morning" or "Riverdale, I always
go to Riverdale"; tools take ``1989-06-22``, ``+12125550160``, ``2026-12-03T10:00`` and
``loc_riverdale``. The reader takes the answer in either form it reaches an agent in:

- as written (the text channel; the macro menu, :mod:`mivas_env.wrappers.slot_filling`):
  ``heard_date(s)``, ``heard_time(s)``, ``heard_datetime``, ``heard_phone``, ``heard_choice``,
  ``heard_alias``, ``heard_enum``, ``heard_ids``, ``heard_name``, ``heard_overlap``,
  ``heard_emails``, ``heard_cents``, and ``best_record``/``ranked_records`` (which record of a
  tool result the words point at);
- as words a recogniser prints (the spoken and asr channels, inverse of
  :func:`mivas_env.speech.spoken.spoken`; the voice agents, :mod:`mivas_env.agents.voice`):
  ``read_digits``, ``read_date``, ``read_spelling``, ``read_email``, ``read_name``.

Each function turns one answer into one value, or returns None (an empty list) when the words
do not hold such a value. Dates without a year are read as the next such date on or after the
business day (``industry.business.today``); a birth date always says its year. Month names and
number words come from :mod:`mivas_env.speech.spoken`, the one vocabulary for saying and
reading. Pure functions: no state, no I/O."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from mivas_env.speech.spoken import DIGIT_WORDS, DIGITS, TEENS, TENS, ordinal
from mivas_env.speech.spoken import MONTHS as MONTH_NAMES
from rewards.industry import Industry, fold_spelling
from rewards.normalize import iso_date, phone_e164

MONTHS = {name: i for i, name in enumerate(MONTH_NAMES, start=1)}
MONTHS.update({name[:3]: i for name, i in list(MONTHS.items())})
MONTHS["sept"] = 9
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+{_ORD}\b(?:,?\s+(\d{{4}}))?", re.I)
_DAY_OF_MONTH_YEAR = re.compile(rf"\b(?:the\s+)?{_ORD}\s+(?:of\s+)?{_MONTH}(?:,?\s+(\d{{4}}))?",
                                re.I)
_SLASHED = re.compile(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{4}))?(?![/\d])")
_THE_DAY = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_WEEKDAY = re.compile(r"\b(" + "|".join(WEEKDAYS) + r")\b", re.I)
_ISO = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
_ISO_START = re.compile(r"\d{4}-\d{2}-\d{2}(?:$|T)")

_TIME = re.compile(
    r"\b(noon|midday)\b"
    r"|\b(\d{1,2})(?::(\d{2}))?\s*(?:o'?clock)?\s*"
    r"(a\.?m\.?|p\.?m\.?|in the morning|in the afternoon|in the evening|at night)?", re.I)


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _next_on_or_after(today: date, month: int, day: int) -> date | None:
    for year in (today.year, today.year + 1):
        found = _safe_date(year, month, day)
        if found is not None and found >= today:
            return found
    return None


def heard_date(text: str, today: date) -> str | None:
    """The first date in a caller's words, as ``YYYY-MM-DD``."""
    found = heard_dates(text, today)
    return found[0] if found else None


def heard_dates(text: str, today: date) -> list[str]:
    """Every date in a caller's words, in the order said, as ``YYYY-MM-DD``."""
    candidates: list[tuple[int, date]] = []
    for match in _ISO.finditer(text):
        iso = iso_date(match[1])
        if iso is not None:
            candidates.append((match.start(), date.fromisoformat(iso)))
    for match in _MONTH_DAY_YEAR.finditer(text):
        month, day = MONTHS[match[1].casefold()], int(match[2])
        found = (_safe_date(int(match[3]), month, day) if match[3]
                 else _next_on_or_after(today, month, day))
        if found is not None:
            candidates.append((match.start(), found))
    for match in _DAY_OF_MONTH_YEAR.finditer(text):
        month, day = MONTHS[match[2].casefold()], int(match[1])
        found = (_safe_date(int(match[3]), month, day) if match[3]
                 else _next_on_or_after(today, month, day))
        if found is not None:
            candidates.append((match.start(), found))
    for match in _SLASHED.finditer(text):  # 12/8 is the next December 8th
        found = (_safe_date(int(match[3]), int(match[1]), int(match[2])) if match[3]
                 else _next_on_or_after(today, int(match[1]), int(match[2])))
        if found is not None:
            candidates.append((match.start(), found))
    taken = [start for start, _ in candidates]
    for match in _THE_DAY.finditer(text):  # "Monday the 7th": the next 7th from today
        if any(abs(match.start() - start) < 16 for start in taken):
            continue
        wanted_day = int(match[1])
        for offset in range(0, 62):
            later = today + timedelta(days=offset)
            if later.day == wanted_day:
                candidates.append((match.start(), later))
                break
    if not candidates:
        weekday = _WEEKDAY.search(text)
        if weekday is not None:
            wanted = WEEKDAYS.index(weekday[1].casefold())
            candidates.append((weekday.start(),
                               today + timedelta(days=(wanted - today.weekday()) % 7)))
    out: list[str] = []
    for _, said in sorted(candidates, key=lambda c: c[0]):
        if said.isoformat() not in out:
            out.append(said.isoformat())
    return out


def heard_time(text: str) -> str | None:
    """The first clock time in a caller's words, as ``HH:MM``."""
    found = heard_times(text)
    return found[0] if found else None


def heard_times(text: str) -> list[str]:
    """Every clock time in a caller's words, in order, as ``HH:MM``. A bare hour from 1 to 6 is
    read as afternoon (business hours); a number is a time only with a clock word, a colon or
    an am/pm."""
    out: list[str] = []
    for match in _TIME.finditer(text):
        if match[1]:
            out.append("12:00")
            continue
        hour, minutes, part = int(match[2]), int(match[3] or 0), (match[4] or "").casefold()
        if not part and not match[3] and "o" not in match[0].casefold():
            continue
        if match.start() > 0 and text[match.start() - 1] in "$/-":
            continue
        if hour > 23 or minutes > 59:
            continue
        if part.startswith(("p", "in the a", "in the e", "at n")) and hour < 12:
            hour += 12
        elif part.startswith(("a", "in the m")) and hour == 12:
            hour = 0
        elif not part and 1 <= hour <= 6:
            hour += 12
        out.append(f"{hour:02d}:{minutes:02d}")
    return out


def heard_datetime(text: str, today: date, date_hint: str | None = None) -> str | None:
    """``YYYY-MM-DDTHH:MM`` from a caller's words: the time from ``text``, the date from ``text``
    or else from ``date_hint`` (what the caller said when asked for the day)."""
    clock = heard_time(text)
    if clock is None:
        return None
    day = heard_date(text, today) or (heard_date(date_hint, today) if date_hint else None)
    return f"{day}T{clock}" if day is not None else None


_DIGITS = re.compile(r"\+?\d[\d\s().-]{6,}\d")


def heard_phone(text: str, region: str = "US") -> str | None:
    """An E.164 phone number from a caller's words."""
    whole = phone_e164(text.strip(), region)
    if whole is not None:
        return whole
    for match in _DIGITS.finditer(text):
        found = phone_e164(match[0], region)
        if found is not None:
            return found
    return None


_NEGATIONS = frozenset({"not", "no", "never", "except", "nor", "t"})  # "t": don't, isn't


def heard_choice(text: str, spellings: Mapping[str, Iterable[str]]) -> list[str]:
    """The values whose spellings the words contain, in the order said (at one place the
    longest spelling wins). ``spellings`` maps each value to the phrases that name it (the
    value's own words count)."""
    folded = fold_spelling(text.replace("-", " "))
    hits: list[tuple[int, int, str]] = []
    for value, phrases in spellings.items():
        for phrase in (value, str(value).replace("_", " "), *phrases):
            spelled = fold_spelling(str(phrase).replace("-", " "))
            # a code ("IN", "PI") counts only written as a code, not as a word ("in")
            if len(spelled) <= 3 and str(phrase).isupper() and not re.search(
                    rf"(?<!\w){re.escape(str(phrase))}(?!\w)", text):
                continue
            for match in _whole_words(folded, spelled):
                hits.append((match, -len(spelled), value))
    out: list[str] = []
    covered_until = -1
    for start, negative_length, value in sorted(hits):
        if start < covered_until:
            continue
        before = folded[:start].split()[-1:]
        if before and before[0] in _NEGATIONS:  # "Riverdale, not Windermere"
            covered_until = start - negative_length
            continue
        covered_until = start - negative_length
        if value not in out:
            out.append(value)
    return out


def _whole_words(folded_text: str, folded_phrase: str) -> list[int]:
    if not folded_phrase:
        return []
    return [m.start() for m in re.finditer(rf"(?<!\w){re.escape(folded_phrase)}(?!\w)",
                                           folded_text)]


def heard_alias(industry: Industry, table: str, text: str) -> list[str]:
    """The canonical values of an alias table (``industry.aliases``) the words name, in order."""
    return heard_choice(text, industry.aliases.get(table, {}))


def heard_enum(values: Sequence[Any], text: str) -> list[str]:
    """The enum values the words name (``new_patient`` for "a new-patient visit")."""
    return heard_choice(text, {str(v): () for v in values})


_SPELLED_CHARS = re.compile(r"^(?:[A-Za-z0-9]-)+[A-Za-z0-9]$")
_LITERAL_PREFIX = re.compile(r"^\^?([A-Za-z]+_)")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def heard_ids(text: str, pattern: str) -> list[str]:
    """Ids matching ``pattern`` in a caller's words: "10108" for ``^ord_[0-9]{5}$`` is
    ``ord_10108`` (the pattern's literal prefix is added to what was read out)."""
    compiled = re.compile(pattern)
    prefix = _LITERAL_PREFIX.match(pattern)
    out: list[str] = []
    for match in _ALNUM_RUN.finditer(text):
        read = match[0].rstrip("-_")
        joined = read.replace("-", "") if _SPELLED_CHARS.match(read) else read  # 9-1-8-2 is 9182
        for candidate in (read, joined, joined.upper(),
                          prefix[1] + joined if prefix else joined):
            if compiled.fullmatch(candidate) and candidate not in out:
                out.append(candidate)
                break
    return out


_TOKEN = re.compile(r"[A-Za-z\u00c0-\u024f][\w'\u2019.\u00c0-\u024f-]*")
_SPELLED = re.compile(r"^(?:[A-Za-z]-)+[A-Za-z]\.?$")
_PARTICLES = frozenset({"de", "da", "del", "della", "der", "van", "von", "la", "le", "al", "bin",
                        "ibn", "du", "dos", "das"})
_NOT_NAME_WORDS = frozenset({
    "it's", "its", "it", "i", "i'm", "i'd", "i'll", "my", "that", "that's", "this", "the", "yes",
    "no", "hi", "hello", "sure", "okay", "ok", "well", "either", "or", "and", "please", "thanks",
    "nobody", "there's", "there", "he", "she", "we", "they", "his", "her", "our", "their", "you",
    "your", "mr.", "ms.", "mrs.", "dr.", "mr", "ms", "mrs", "dr", "miss", "a", "an", "anyone",
    "whoever", "so", "oh", "um", "uh", "sorry", "just", "but", "not", "only", "also", "actually"})


def heard_name(text: str) -> str | None:
    """A name as the caller said it, without the words around it: "My mother, Ruth Feld." is
    "Ruth Feld"; "It's Harold Jennings, the other driver." is "Harold Jennings"; "Catherine
    Zhao — Catherine with a C" is "Catherine Zhao". The first run of two or more name words
    wins, else the first single one; None when the words hold no name ("It's for me.")."""
    runs: list[list[str]] = []
    current: list[str] = []
    previous = ""
    for match in _TOKEN.finditer(text):
        initial = len(match[0]) == 2 and match[0][0].isupper() and match[0][1] == "."
        word = match[0] if initial or match[0].endswith(("r.", "s.")) else match[0].rstrip(".")
        gap = text[match.start() - 2: match.start()] if match.start() >= 2 else ""
        breaks = any(ch in gap for ch in ",;:!?()\u2014\u2013") or " - " in gap or (
            gap.endswith(". ") and not (len(previous) == 2 and previous.endswith(".")))
        previous = word
        is_name = (word[:1].isupper() and word.casefold() not in _NOT_NAME_WORDS
                   and not _SPELLED.match(word)
                   and not (len(word) == 1 and not current))  # "O" in "Marguerite O Hainifin"
        if current and (breaks or not (is_name or (word in _PARTICLES and current))):
            runs.append(current)
            current = []
        if is_name or (word in _PARTICLES and current):
            current.append(word)
    if current:
        runs.append(current)
    while any(run and run[-1] in _PARTICLES for run in runs):
        runs = [run[:-1] if run and run[-1] in _PARTICLES else run for run in runs]
    runs = [run for run in runs if run]
    if not runs:
        return None
    longer = [run for run in runs if len(run) >= 2]
    return " ".join((longer or runs)[0])


_STOPWORDS = frozenset({"a", "an", "the", "to", "of", "for", "and", "or", "i", "me", "my", "it",
                        "is", "it's", "its", "please", "in", "on", "at", "with", "that", "this",
                        "be", "would", "just", "i'd", "i'll", "like", "want", "from", "up"})


def heard_overlap(text: str, spellings: Mapping[str, Iterable[str]]) -> list[str]:
    """The value whose spellings share the most content words with the caller's words (at least
    one), when no spelling is said outright: "Text me a link" names ``upload_link_sms``;
    "It arrived cracked" names ``damaged`` (spelled "arrived damaged"). Ties name nothing."""
    said = {w for w in fold_spelling(text.replace("-", " ")).split() if w not in _STOPWORDS}
    scores: dict[str, int] = {}
    for value, phrases in spellings.items():
        best = 0
        for phrase in (value, str(value).replace("_", " "), *phrases):
            words = {w for w in fold_spelling(str(phrase).replace("-", " ")).split()
                     if w not in _STOPWORDS}
            best = max(best, len(said & words))
        scores[str(value)] = best
    top = max(scores.values(), default=0)
    winners = [value for value, score in scores.items() if score == top]
    return winners if top > 0 and len(winners) == 1 else []


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def heard_emails(text: str) -> list[str]:
    """Email addresses in a caller's words."""
    return [m[0].rstrip(".") for m in _EMAIL.finditer(text)]


_MONEY = re.compile(r"\$\s?(\d{1,7})(?:\.(\d{2}))?")


def heard_cents(text: str) -> int | None:
    """An amount in cents from "$149.99"."""
    match = _MONEY.search(text)
    if match is None:
        return None
    return int(match[1]) * 100 + int(match[2] or 0)


def best_record(records: Sequence[Mapping[str, Any]], key: str, hints: Sequence[str],
                today: date | None = None) -> Any:
    """The ``key`` value of the record whose text best matches what the caller said; None when
    no record holds ``key`` (see :func:`ranked_records`)."""
    ranked = ranked_records(records, key, hints, today)
    return ranked[0] if ranked else None


def ranked_records(records: Sequence[Mapping[str, Any]], key: str, hints: Sequence[str],
                   today: date | None = None) -> list[Any]:
    """The distinct ``key`` values of the records that match what the caller said best: those
    whose text (nested values included: an order's items) shares the most words with ``hints``,
    in the records' order; with ``today``, each day the hints name ("Friday the 18th", read as
    :func:`heard_dates` does) that a record's dates or datetimes fall on counts as one more
    shared word. When nothing the caller said singles one out, that is every record holding
    ``key``."""
    holding = [r for r in records if key in r and isinstance(r[key], (str, int))]
    words = {w for hint in hints for w in fold_spelling(hint.replace("-", " ")).split()
             if len(w) > 2}
    days = {day for hint in hints for day in heard_dates(hint, today)} if today else set()

    def overlap(record: Mapping[str, Any]) -> int:
        values = _flat(record)
        text = " ".join(str(v) for v in values)
        on = {v[:10] for v in values if isinstance(v, str) and _ISO_START.match(v)}
        return len(words & set(fold_spelling(text.replace("-", " ")).split())) + len(days & on)

    scores = [overlap(record) for record in holding] if words or days else [0] * len(holding)
    out: list[Any] = []
    for record, score in zip(holding, scores, strict=True):
        if score == max(scores) and record[key] not in out:
            out.append(record[key])
    return out


def _flat(data: Any, depth: int = 0) -> list[Any]:
    if depth > 3:
        return []
    if isinstance(data, Mapping):
        return [v for value in data.values() for v in _flat(value, depth + 1)]
    if isinstance(data, list):
        return [v for value in data[:50] for v in _flat(value, depth + 1)]
    return [data] if isinstance(data, (str, int)) and not isinstance(data, bool) else []


# --- recognised words back to values (the spoken and asr channels) -------------------------

_TEEN_VALUES = {word: 10 + i for i, word in enumerate(TEENS)}
_TENS_VALUES = {word: 10 * i for i, word in enumerate(TENS) if word}
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
        elif word in DIGIT_WORDS and (word not in ("oh", "o") or out):
            out.append(DIGIT_WORDS[word] * (2 if double else 1))
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
        if word not in MONTH_NAMES:
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
            return date(year_, MONTH_NAMES.index(word) + 1, day).isoformat()
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


_LETTER_NAMES = {"oh": "o", "bee": "b", "be": "b", "see": "c", "sea": "c", "dee": "d", "gee": "g",
                 "jay": "j", "kay": "k", "el": "l", "em": "m", "en": "n", "pee": "p",
                 "queue": "q", "cue": "q", "are": "r", "es": "s", "tea": "t", "tee": "t",
                 "you": "u", "vee": "v", "why": "y", "zee": "z", "ex": "x", "eye": "i"}
