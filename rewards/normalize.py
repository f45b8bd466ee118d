"""Value normalisation shared by the grader and the tool servers (contract: 'Aliases, so the
environment and the grader agree'). Every function here is pure and cached where values repeat."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from functools import lru_cache
from typing import Any

import phonenumbers


def is_blank(value: Any) -> bool:
    """Empty values count as absent: None, '', whitespace, [], {}."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, (list, dict, tuple, set, frozenset)):
        return len(value) == 0
    return False


@lru_cache(maxsize=65536)
def phone_digits(value: str, region: str = "US") -> str | None:
    """National significant digits of a possible phone number, or None when it is not one.

    Free text is never parsed as a phone (letters would become keypad digits)."""
    if not isinstance(value, str) or re.search(r"[A-Za-z]", value.replace("ext", "")):
        return None
    try:
        parsed = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return None
    if phonenumbers.is_possible_number_with_reason(parsed) != \
            phonenumbers.ValidationResult.IS_POSSIBLE:
        return None
    return str(phonenumbers.national_significant_number(parsed))


@lru_cache(maxsize=65536)
def phone_e164(value: str, region: str = "US") -> str | None:
    """E.164 form of a possible phone number, or None."""
    if phone_digits(value, region) is None:
        return None
    parsed = phonenumbers.parse(value, region)
    return str(phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164))


_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


@lru_cache(maxsize=65536)
def iso_date(value: str) -> str | None:
    """``YYYY-MM-DD`` for an ISO date (or the date part of a datetime), else None."""
    if not isinstance(value, str):
        return None
    match = _ISO_DATE.match(value.strip())
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3])).isoformat()
    except ValueError:
        return None


@lru_cache(maxsize=65536)
def minute(value: str) -> str | None:
    """Datetimes collapse to minute precision: seconds and timezone dropped, truncated."""
    if not isinstance(value, str):
        return None
    text = value.strip().replace(" ", "T", 1)
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed.strftime("%Y-%m-%dT%H:%M")


def canonical_json(value: Any) -> str:
    """A stable text form of any JSON value (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)


def hashable(value: Any) -> Any:
    """A hashable stand-in for a JSON value: containers become canonical JSON text."""
    if isinstance(value, (list, dict)):
        return canonical_json(value)
    return value
