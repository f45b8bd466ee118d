"""Value normalisation shared by the grader and the tool servers (contract: 'Aliases, so the
environment and the grader agree'). One rule, one place: the tool servers' argument checking
(``mivas_env.call.arguments``), their name lookups and the grader's gates all call these functions,
so a call the environment honoured cannot be scored as missing. Every function here is pure and
cached where values repeat."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import phonenumbers

if TYPE_CHECKING:  # only for hints: rewards.industry imports this module
    from rewards.industry import ColumnRule, Industry, PropertySchema

Normalizer = Callable[[Any], Any]
KeyKind = Literal["fact", "prose", "presence", "fuzzy_name"]


def is_blank(value: Any) -> bool:
    """Empty values count as absent: None, '', whitespace, [], {}."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, (list, dict, tuple, set, frozenset)):
        return len(value) == 0
    return False


# --- strings --------------------------------------------------------------------------------

def strip_accents(text: str) -> str:
    """``text`` with its accents dropped ("Siobhán Müller" -> "Siobhan Muller"): compatibility
    decomposition, then every combining mark removed. The one accent rule of the house."""
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


_PUNCT = re.compile(r"[^\w\s]|_")


# The same rule for ASCII text as one table lookup per character (speech is long).
_ASCII_PUNCT = {code: " " for code in range(128) if _PUNCT.fullmatch(chr(code))}


@lru_cache(maxsize=65536)  # bounded: values come from untrusted arguments
def fold_spelling(value: str) -> str:
    """The alias-table spelling: casefold, strip accents, punctuation to spaces, collapse spaces
    ("Blue Cross/Blue Shield" and "blue cross blue shield" look up the same alias)."""
    text = strip_accents(value).casefold()
    text = text.translate(_ASCII_PUNCT) if text.isascii() else _PUNCT.sub(" ", text)
    return " ".join(text.split())


@lru_cache(maxsize=65536)
def text_key(value: str) -> str:
    """A fact string as compared: stripped and casefolded (contract), with runs of whitespace
    read as one space and one Unicode form, so spacing and encoding are not spelling. Accents,
    hyphens and punctuation stay: "Tatiana-Ivanova" is not "Tatiana Ivanova"."""
    if not value.isascii():
        value = unicodedata.normalize("NFC", value)
    return " ".join(value.split()).casefold()


# --- phones (the phone rule) ----------------------------------------------------------------

def is_phone_key(name: str, prop: PropertySchema) -> bool:
    """The phone rule: a key ending in ``_e164`` or marked ``x-match: digits`` holds a phone."""
    return name.endswith("_e164") or prop.x_match == "digits"


@lru_cache(maxsize=65536)
def _parse_phone(value: str, region: str) -> phonenumbers.PhoneNumber | None:
    # Free text is never parsed as a phone: letters would become keypad digits.
    if not isinstance(value, str) or re.search(r"[A-Za-z]", value.replace("ext", "")):
        return None
    try:
        parsed = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return None
    if phonenumbers.is_possible_number_with_reason(parsed) != \
            phonenumbers.ValidationResult.IS_POSSIBLE:
        return None
    return parsed


@lru_cache(maxsize=65536)
def phone_digits(value: str, region: str = "US") -> str | None:
    """National significant digits of a possible phone number (what the grader compares), or
    None when it is not one."""
    parsed = _parse_phone(value, region)
    return None if parsed is None else str(phonenumbers.national_significant_number(parsed))


@lru_cache(maxsize=65536)
def phone_e164(value: str, region: str = "US") -> str | None:
    """E.164 form of a possible phone number (what the tool servers store), or None."""
    parsed = _parse_phone(value, region)
    if parsed is None:
        return None
    return str(phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164))


# --- dates and datetimes --------------------------------------------------------------------

_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")

# A datetime: date, 'T' or a space, HH:MM, optional seconds and fraction, then an optional
# offset (Z, +05:00, -0500) and/or zone name (EST, UTC+5, America/New_York). Seconds and the
# zone are dropped (contract: 'seconds and timezone are dropped'); AM/PM is not a zone.
_DATETIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?"
    r"(?:\s*(?:[Zz]|[+-]\d{2}(?::?\d{2})?))?"
    r"(?:\s*\(?(?!(?:[AaPp]\.?[Mm]\.?)\)?$)"
    r"(?:(?:UTC|GMT)(?:[+-]\d{1,2}(?::?\d{2})?)?|[A-Z]{1,5}|[A-Za-z]+(?:/[A-Za-z0-9_+\-]+)+)\)?)?")


@lru_cache(maxsize=65536)
def iso_date(value: str) -> str | None:
    """``YYYY-MM-DD`` when the whole value is a valid ISO date, else None (a date is 'present
    and equal': "1980-02-04T09:30Z" and "1980-02-04garbage" are not dates)."""
    if not isinstance(value, str):
        return None
    match = _ISO_DATE.fullmatch(value.strip())
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3])).isoformat()
    except ValueError:
        return None


@lru_cache(maxsize=65536)
def minute(value: str) -> str | None:
    """Datetimes collapse to minute precision: seconds, offsets and zone names are dropped
    (15:30 and 15:30:59.5 are the same instant); anything else after the time is not a
    datetime."""
    if not isinstance(value, str):
        return None
    match = _DATETIME.fullmatch(value.strip())
    if match is None:
        return None
    second = int(match[6]) if match[6] is not None else 0
    try:
        parsed = datetime(int(match[1]), int(match[2]), int(match[3]), int(match[4]),
                          int(match[5]), second)
    except ValueError:
        return None
    return parsed.strftime("%Y-%m-%dT%H:%M")


# --- JSON values ----------------------------------------------------------------------------

def canonical_json(value: Any) -> str:
    """A stable text form of any JSON value (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)


def hashable(value: Any) -> Any:
    """A hashable stand-in for a JSON value: containers become canonical JSON text."""
    if isinstance(value, (list, dict)):
        return canonical_json(value)
    return value


def number_key(value: int | float) -> Any:
    """Numbers compare by value (1 == 1.0); an int too large for a float compares as itself."""
    try:
        return float(value)
    except OverflowError:
        return ("int", value)


class Nested(tuple[Any, ...]):
    """A normalised JSON object or array: a hashable tuple whose first item tags the kind (so an
    object never equals an array of pairs); shown back as JSON in verdicts."""

    __slots__ = ()

    def shown(self) -> Any:
        if self[0] == "{}":
            return {key: display(value) for key, value in self[1:]}
        return [display(value) for value in self[1:]]


def nested_key(value: Any) -> Any:
    """A JSON value normalised all the way down (contract: 'remaining strings are stripped and
    casefolded' holds inside nested values too): strings by ``text_key``, numbers by value,
    objects order-free."""
    if isinstance(value, str):
        return text_key(value)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return number_key(value)
    if isinstance(value, dict):
        return Nested(("{}", *sorted((str(k), nested_key(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return Nested(("[]", *(nested_key(v) for v in value)))
    return value


def display(value: Any) -> Any:
    """A normalised value as JSON again, for verdicts."""
    if isinstance(value, Nested):
        return value.shown()
    if isinstance(value, tuple) and len(value) == 2 and value[0] in ("bool", "int"):
        return value[1]
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)  # numbers compare as floats; 6799 reads better than 6799.0
    return value


# --- parameters and columns: the normalisers both sides call ------------------------------

def scalar_normalizer(industry: Industry, *, alias: str | None, phone: bool, date: bool,
                      datetime_: bool) -> Normalizer:
    """How one scalar value is compared: aliases resolved (arguments only), phones to national
    digits, dates and minute datetimes, other strings by ``text_key``, numbers by value."""
    region = industry.phone_region

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            if not text:
                return None
            if alias is not None:
                resolved = industry.resolve_alias(alias, text)
                return resolved if resolved is not None else ("unresolved", fold_spelling(text))
            if phone:
                return phone_digits(text, region) or text_key(text)
            if datetime_:
                return minute(text) or text_key(text)
            if date:
                return iso_date(text) or text_key(text)
            return text_key(text)
        if value is None:
            return None
        if isinstance(value, bool):
            return ("bool", value)
        if isinstance(value, (int, float)):
            return number_key(value)
        return nested_key(value)

    return norm


def property_normalizer(industry: Industry, name: str, prop: PropertySchema) -> Normalizer:
    """How a tool parameter's value is compared (arrays become exact sets). The grader compares
    expected and live values with it; the tool servers look names up with it."""
    if prop.type == "array" and prop.items is not None:
        item = property_normalizer(industry, name, prop.items)

        def as_set(value: Any) -> Any:
            values = value if isinstance(value, list) else [value]
            return frozenset(item(v) for v in values if not is_blank(v))

        return as_set
    return scalar_normalizer(
        industry, alias=prop.x_alias, phone=is_phone_key(name, prop),
        date=prop.format == "date", datetime_=prop.format == "date-time")


def key_kind(name: str, prop: PropertySchema) -> KeyKind:
    """Fact or prose; a schema enum, pattern, date format or an _id/_e164 key is never prose."""
    forced_fact = (prop.enum is not None or prop.pattern is not None or prop.format is not None
                   or name.endswith(("_id", "_e164")))
    if prop.x_match == "fuzzy_name":
        return "fuzzy_name"
    if prop.x_match == "presence" and not forced_fact:
        return "presence"
    if prop.x_kind == "prose" and not forced_fact:
        return "prose"
    return "fact"


def column_normalizer(industry: Industry, rule: ColumnRule) -> Normalizer:
    """How a write-table column is compared at hangup: stripped and casefolded, phones and
    datetimes normalised, JSON values all the way down — and no aliases (contract: D compares
    what was written)."""
    if rule.match == "presence":  # blank stays None, so a blank expected cell is unconstrained
        return lambda value: None if is_blank(value) else True
    if rule.match == "fuzzy_name":
        return lambda value: value.strip() if isinstance(value, str) and value.strip() else None
    if rule.type == "json":
        return lambda value: None if is_blank(value) else nested_key(value)
    return scalar_normalizer(
        industry, alias=None, phone=rule.type == "phone", date=rule.type == "date",
        datetime_=rule.type == "datetime")
