"""Value normalisation: phones, dates, datetimes, blanks, alias spelling folds."""

import pytest

from rewards.industry import fold_spelling
from rewards.normalize import is_blank, iso_date, minute, phone_digits, phone_e164


@pytest.mark.parametrize("value", ["+1 (212) 555-0142", "212-555-0142", "2125550142",
                                   "+12125550142", "212.555.0142"])
def test_phones_compare_national_digits(value: str) -> None:
    assert phone_digits(value) == "2125550142"
    assert phone_e164(value) == "+12125550142"


@pytest.mark.parametrize("value", ["please", "555-0142", "call me", "", "1"])
def test_text_and_short_numbers_are_not_phones(value: str) -> None:
    assert phone_digits(value) is None


def test_datetimes_collapse_to_the_minute_truncating_seconds_and_timezone() -> None:
    assert minute("2026-12-03T15:30") == minute("2026-12-03T15:30:59.5") == "2026-12-03T15:30"
    assert minute("2026-12-03T15:30:00-05:00") == "2026-12-03T15:30"
    assert minute("2026-12-03 15:30:00Z") == "2026-12-03T15:30"
    assert minute("not a time") is None


def test_dates_are_iso_and_checked() -> None:
    assert iso_date("2026-12-03") == "2026-12-03"
    assert iso_date("2026-02-30") is None
    assert iso_date("12/03/2026") is None


@pytest.mark.parametrize("value", [None, "", "   ", [], {}])
def test_empty_values_count_as_absent(value: object) -> None:
    assert is_blank(value)


@pytest.mark.parametrize("value", [0, False, "x", [1], {"a": 1}])
def test_non_empty_values_are_present(value: object) -> None:
    assert not is_blank(value)


def test_alias_spellings_fold_case_whitespace_and_punctuation() -> None:
    assert fold_spelling("  Blue Cross/Blue  Shield ") == "blue cross blue shield"
    assert fold_spelling("Park Ave.") == "park ave"
