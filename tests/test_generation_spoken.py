"""The shared spoken forms and template sets of generation (mivas_env/generation/spoken.py,
text.py): what a caller says keeps the value it says, and a template list splits cleanly."""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env.generation.spoken import (
    age_on,
    clock,
    clock_ampm,
    date_phrases,
    long_date,
    spoken_birthday,
    spoken_date,
    spoken_phone,
)
from mivas_env.speech.heard import WEEKDAYS

DAYS = st.dates(min_value=date(1930, 1, 1), max_value=date(2030, 12, 31))


@settings(max_examples=60, deadline=None)
@given(st.from_regex(r"\+1[2-9]\d{9}", fullmatch=True), st.integers(0, 2**32))
def test_a_spoken_phone_number_keeps_its_ten_digits(e164: str, seed: int) -> None:
    said = spoken_phone(random.Random(seed), e164)
    assert re.sub(r"\D", "", said) == e164[-10:]


@settings(max_examples=60, deadline=None)
@given(DAYS, st.integers(0, 2**32))
def test_a_spoken_date_names_its_day_and_an_answer_names_the_weekday(day: date, seed: int) -> None:
    said = spoken_date(random.Random(seed), day)
    assert str(day.day) in said
    assert long_date(day).split(",")[0].lower() == WEEKDAYS[day.weekday()]
    assert long_date(day, year=True).endswith(f", {day.year}")
    assert f"{day.month}/{day.day}" in date_phrases(day)


@settings(max_examples=60, deadline=None)
@given(DAYS, st.integers(0, 2**32))
def test_a_spoken_birthday_keeps_its_year(day: date, seed: int) -> None:
    assert str(day.year) in spoken_birthday(random.Random(seed), day.isoformat())


@given(st.integers(0, 23), st.integers(0, 59))
def test_a_clock_time_reads_back_to_the_same_hour(hour: int, minute: int) -> None:
    hhmm = f"{hour:02d}:{minute:02d}"
    shown, meridiem = clock_ampm(hhmm).split()
    h12 = int(shown.split(":")[0])
    assert 1 <= h12 <= 12 and shown == clock(hhmm)
    assert (h12 % 12) + (12 if meridiem == "PM" else 0) == hour


@given(DAYS, st.integers(1, 90))
def test_age_turns_on_the_birthday_and_not_a_day_before(born: date, years: int) -> None:
    born = born.replace(day=min(born.day, 28))
    birthday = born.replace(year=born.year + years)
    assert age_on(birthday, born.isoformat()) == years
    assert age_on(birthday - timedelta(days=1), born.isoformat()) == years - 1
