"""From a caller's words to the formats tools take (mivas_env.speech.heard)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mivas_env.speech.heard import (
    heard_alias,
    heard_cents,
    heard_dates,
    heard_emails,
    heard_enum,
    heard_ids,
    heard_name,
    heard_overlap,
    heard_phone,
    heard_times,
)
from rewards import load_industry

TODAY = date(2026, 12, 1)
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31)),
       st.sampled_from(["{m} {d}, {y}", "{m} {d}th, {y}", "I was born on {m} {d}, {y}.",
                        "the {d}th of {m}, {y}", "{n}/{d}/{y}"]))
def test_a_spoken_date_with_its_year_reads_as_that_iso_date(day: date, template: str) -> None:
    text = template.format(m=MONTHS[day.month - 1], d=day.day, y=day.year, n=day.month)
    assert heard_dates(text, TODAY)[0] == day.isoformat()


@given(st.integers(min_value=0, max_value=300))
def test_a_date_without_a_year_is_the_next_one_from_the_business_day(offset: int) -> None:
    day = TODAY + timedelta(days=offset)
    found = heard_dates(f"{MONTHS[day.month - 1]} {day.day}", TODAY)[0]
    assert found == day.isoformat()


@pytest.mark.parametrize(("text", "expected"), [
    ("Tuesday the 8th or Wednesday the 9th", ["2026-12-08", "2026-12-09"]),
    ("This Thursday, December 3rd", ["2026-12-03"]),
    ("Saturday the 19th, the week before", ["2026-12-19"]),
    ("Friday", ["2026-12-04"]),
    ("I don't know, there's no one date.", []),
])
def test_dates_as_callers_say_them(text: str, expected: list[str]) -> None:
    assert heard_dates(text, TODAY) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("11 in the morning", ["11:00"]), ("2 in the afternoon", ["14:00"]), ("10 AM", ["10:00"]),
    ("9 o'clock exactly; my son drives me", ["09:00"]), ("After work, 5:30 if you have it", ["17:30"]),
    ("ideally 10:30 in the morning. If that's taken, 9:30 or 1 in the afternoon", [
        "10:30", "09:30", "13:00"]),
    ("The whole order, $99.98.", []), ("order 10108", []),
])
def test_clock_times_as_callers_say_them(text: str, expected: list[str]) -> None:
    assert heard_times(text) == expected


@given(st.integers(min_value=201, max_value=989), st.integers(min_value=0, max_value=9999),
       st.sampled_from(["({a}) 555-{b:04d}", "{a}-555-{b:04d}", "+1 {a} 555 {b:04d}",
                        "My new cell, ({a}) 555-{b:04d}. The old one is gone."]))
def test_a_spoken_us_phone_reads_as_e164(area: int, line: int, template: str) -> None:
    if area % 100 == 11 or str(area)[1:] == "11":
        return
    found = heard_phone(template.format(a=area, b=line))
    assert found is None or found == f"+1{area}555{line:04d}"


@pytest.mark.parametrize(("text", "pattern", "expected"), [
    ("10108", "^ord_[0-9]{5}$", ["ord_10108"]),
    ("It's 9-1-8-2-7-3-6-4-5.", "^[A-Za-z0-9]{6,20}$", ["918273645"]),
    ("pat_0009", "^pat_[0-9]{4}$", ["pat_0009"]),
    ("no number here", "^ord_[0-9]{5}$", []),
])
def test_ids_read_out_take_the_pattern_prefix(text: str, pattern: str, expected: list[str]) -> None:
    assert heard_ids(text, pattern) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My name is Ibrahim Diallo.", "Ibrahim Diallo"),
    ("It's Harold Jennings, the other driver.", "Harold Jennings"),
    ("My mother, Ruth Feld.", "Ruth Feld"),
    ("Catherine Zhao — Catherine with a C, Z-H-A-O", "Catherine Zhao"),
    ("That would be Patrick O'Brien.", "Patrick O'Brien"),
    ("Maria de la Cruz", "Maria de la Cruz"),
    ("It's for me.", None),
])
def test_names_as_heard_without_the_words_around_them(text: str, expected: str | None) -> None:
    assert heard_name(text) == expected


def test_choices_come_in_the_order_said_and_codes_only_as_codes() -> None:
    healthcare, legal = load_industry("healthcare"), load_industry("legal")
    assert heard_alias(healthcare, "location", "Windermere or Riverdale, either one") == [
        "loc_windermere", "loc_riverdale"]
    assert heard_alias(legal, "state", "I live in New Jersey, in Newark, but I landed at JFK "
                                       "in New York") == ["NJ", "NY"]  # "in" is not Indiana
    assert heard_enum(["new_patient", "follow_up"], "A new-patient visit") == ["new_patient"]
    assert heard_overlap("Text me a link", {"upload_link_sms": [], "mail": [],
                                            "drop_off": []}) == ["upload_link_sms"]
    assert heard_overlap("something else", {"a_b": ["x"], "c": ["y"]}) == []


def test_amounts_and_emails() -> None:
    assert heard_cents("$149.99, the full price.") == 14999
    assert heard_cents("the whole order") is None
    assert heard_emails("That would be michelle.chen@hotmail.com.") == ["michelle.chen@hotmail.com"]


@given(st.text(max_size=300))
def test_no_words_crash_a_parser(text: str) -> None:
    heard_dates(text, TODAY)
    heard_times(text)
    heard_phone(text)
    heard_ids(text, "^ord_[0-9]{5}$")
    heard_name(text)
    heard_cents(text)
    heard_emails(text)
    heard_alias(load_industry("legal"), "state", text)


@pytest.mark.parametrize(("text", "expected"), [
    ("10 February 2004", ["2004-02-10"]), ("Wednesday, 12/2", ["2026-12-02"]),
    ("Tuesday, 12/15, or Monday the 21st if that day is full", ["2026-12-15", "2026-12-21"]),
    ("May 3 2025", ["2025-05-03"]),
])
def test_generated_callers_date_formats(text: str, expected: list[str]) -> None:
    assert heard_dates(text, TODAY) == expected


def test_a_negated_choice_is_not_a_choice() -> None:
    healthcare = load_industry("healthcare")
    assert heard_alias(healthcare, "location", "Riverdale, not Windermere") == ["loc_riverdale"]
    assert heard_name("Marguerite O Hainifin") == "Marguerite O Hainifin"


def test_a_middle_initial_stays_inside_the_name() -> None:
    assert heard_name("Nekmettin F. Sanudo. That's S-A-N-U-D-O") == "Nekmettin F. Sanudo"
    assert heard_name("and Jedrsej A. Maillet rear-ended me.") == "Jedrsej A. Maillet"
