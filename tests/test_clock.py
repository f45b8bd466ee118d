"""The small shared helpers (rewards/clock.py, strip_accents, check_discount, lockfile paths):
each behaves as documented, and none is written a second time elsewhere."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from mivas_env.call.tasks import load_tasks, lockfile_path, shipped_lockfile_paths
from rewards import TaskNotFoundError
from rewards.clock import day, minutes, overlaps
from rewards.normalize import strip_accents
from rewards.verify import check_discount

ROOT = Path(__file__).resolve().parent.parent


def test_minutes_day_and_half_open_overlaps() -> None:
    assert minutes("00:00") == 0 and minutes("09:30") == 570 and minutes("23:59:59") == 1439
    assert day("2026-12-01") == date(2026, 12, 1)
    assert overlaps(540, 570, [(560, 600)]) and not overlaps(540, 570, [(570, 600)])
    assert overlaps("10:00", "11:00", [("09:00", "10:30")]) and not overlaps(1, 2, [])


def test_ordinal_day_suffixes() -> None:
    from rewards.clock import ordinal_day

    assert [ordinal_day(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"]


def test_strip_accents_drops_marks_only() -> None:
    assert strip_accents("Siobhán Müller-Nuñez") == "Siobhan Muller-Nunez"
    assert strip_accents("plain ASCII, kept as is") == "plain ASCII, kept as is"


@pytest.mark.parametrize("value", [-0.1, 1.5, float("nan"), True, "0.5", None])
def test_check_discount_refuses_what_is_not_a_number_in_the_unit_interval(value: object) -> None:
    with pytest.raises(ValueError, match="discount"):
        check_discount(value)  # type: ignore[arg-type]


def test_lockfile_paths_are_where_the_loaded_tasks_come_from() -> None:
    assert [t.path for t in load_tasks()] == sorted(shipped_lockfile_paths(), key=lambda p: (
        p.parent.parent.name, *map(int, re.findall(r"\d+", p.stem))))
    assert lockfile_path("healthcare/C1-E1").name == "C1-E1.json"
    for ref in ("healthcare/C99-E1", "nope/C1-E1", "healthcare/../x", "healthcare"):
        with pytest.raises(TaskNotFoundError):
            lockfile_path(ref)


DEFINED_ONCE = {
    r"def _?minutes\(": "rewards/clock.py", r"def _?day\(\s*\w+: str": "rewards/clock.py",
    r"def _?overlaps\(": "rewards/clock.py", r"unicodedata\.combining": "rewards/normalize.py",
    r"discount must be within": "rewards/verify.py",
    r'\{1: "st", 2: "nd", 3: "rd"\}': "rewards/clock.py",
}


@pytest.mark.parametrize("pattern", sorted(DEFINED_ONCE))
def test_each_small_helper_is_written_once(pattern: str) -> None:
    sources = [p for folder in ("rewards", "mivas_env", "scripts") for p in (ROOT / folder).rglob("*.py")]
    where = sorted(str(p.relative_to(ROOT)) for p in sources if re.search(pattern, p.read_text()))
    assert where == [DEFINED_ONCE[pattern]]
