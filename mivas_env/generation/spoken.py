"""How a caller says a value and what an agent may say back (dates, phones, times), in the speech
channel's month and weekday words; each ``spoken_*`` draws one of a few forms."""

from __future__ import annotations

import random
from datetime import date, timedelta

from mivas_env.speech.channel import MONTHS as _MONTHS
from mivas_env.speech.heard import WEEKDAYS as _WEEKDAYS
from rewards.clock import ordinal_day

MONTHS = tuple(month.capitalize() for month in _MONTHS)
WEEKDAYS = tuple(day.capitalize() for day in _WEEKDAYS)


def weekday(day: date) -> str:
    return WEEKDAYS[day.weekday()]


def month(day: date) -> str:
    return MONTHS[day.month - 1]


def month_day(day: date) -> str:
    """``December 8``."""
    return f"{month(day)} {day.day}"


def goal_date(day: date) -> str:
    """``december 8, 2026``: a date with its year as a correct agent says it (a goal phrase)."""
    return f"{month_day(day)}, {day.year}".lower()


def long_date(day: date, year: bool = False) -> str:
    """``Tuesday, December 8`` (``, 2026`` with ``year``): how an answer names a day."""
    return f"{weekday(day)}, {month(day)} {day.day}" + (f", {day.year}" if year else "")


def spoken_date(rng: random.Random, day: date) -> str:
    """A day of the coming weeks as a caller says it (four forms)."""
    ordinal = ordinal_day(day.day)
    forms = (f"{weekday(day)}, {month(day)} {ordinal}", f"{weekday(day)} the {ordinal}",
             month_day(day), f"{weekday(day)}, {day.month}/{day.day}")
    return forms[rng.randrange(len(forms))]


def date_phrases(day: date, today: date | None = None) -> list[str]:
    """What an agent may say for a date (the caller listens for any of them): ``march 8``, ``mar 8``,
    ``3/8``, then ``8th``; given ``today``, instead ``tomorrow`` if the date is the day after it."""
    name = month(day).lower()
    tomorrow = today is not None and day == today + timedelta(days=1)
    last = [ordinal_day(day.day)] if today is None else ["tomorrow"] if tomorrow else []
    return [f"{name} {day.day}", f"{name[:3]} {day.day}", f"{day.month}/{day.day}", *last]


def spoken_birthday(rng: random.Random, iso: str) -> str:
    """A date of birth as a caller says it (four forms, with the year)."""
    day = date.fromisoformat(iso)
    forms = (f"{month(day)} {day.day}, {day.year}", f"{day.month}/{day.day}/{day.year}",
             f"{day.day} {month(day)} {day.year}",
             f"the {ordinal_day(day.day)} of {month(day)}, {day.year}")
    return forms[rng.randrange(len(forms))]


def spoken_phone(rng: random.Random, e164: str) -> str:
    """A US number as a caller says it (four groupings of its ten digits)."""
    digits = e164[-10:]
    a, b, c = digits[:3], digits[3:6], digits[6:]
    forms = (f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"{a} {b} {c}", f"{a}.{b}.{c}")
    return forms[rng.randrange(len(forms))]


def clock(time: str) -> str:
    """``14:30`` (or an ISO ``2026-12-14T14:30``) as an agent says it: ``2:30``."""
    hhmm = time.rpartition("T")[2]
    return f"{(int(hhmm[:2]) - 1) % 12 + 1}:{hhmm[3:5]}"


def clock_ampm(time: str) -> str:
    """``14:30`` (or ``...T14:30``) as ``2:30 PM``."""
    return f"{clock(time)} {'AM' if int(time.rpartition('T')[2][:2]) < 12 else 'PM'}"


def spoken_time(rng: random.Random, hhmm: str) -> str:
    """A time of day as a caller says it: ``2:30, in the afternoon``, ``9 o'clock``."""
    hour, minute = int(hhmm[:2]), int(hhmm[3:5])
    part = "in the morning" if hour < 12 else "in the afternoon" if hour < 17 else "in the evening"
    short = f"{(hour - 1) % 12 + 1}" + (f":{minute:02d}" if minute else "")
    forms = (f"{short} {part}", clock_ampm(hhmm), f"{short} o'clock" if not minute else f"{short}, {part}")
    return forms[rng.randrange(len(forms))]


def age_on(today: date, iso_birthday: str) -> int:
    """Whole years from a date of birth to ``today``."""
    born = date.fromisoformat(iso_birthday)
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
