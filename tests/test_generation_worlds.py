"""Worlds and name pools (rewards/worlds): splits, disjointness, world 0, the lockfile's world."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from rewards import InputFormatError, LockfileError, load_lockfile, load_seed, tasks_dir, verify
from rewards.industry import industry_names
from rewards.worlds import SPLIT_SEEDS, SPLITS, pool, split_of, world
from rewards.worlds.names import words

SHIPPED = Path(tasks_dir())


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def _shipped_capitalised_words() -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            for token in re.findall(r"[A-Z][A-Za-z]*(?:[-'][A-Za-z]+)*", _fold(value)):
                found.update(w for w in words(token) if len(w) >= 3)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    paths = [*SHIPPED.glob("*/seed.json"), *SHIPPED.glob("*/industry.json"),
             *SHIPPED.glob("*/tasks/*.json")]
    for path in paths:
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def _pool_words(split: str) -> set[str]:
    p = pool(split)
    return {w for names in (p.first_names, p.surnames, p.company_words, p.street_names)
            for name in names for w in words(name)}


def test_split_pools_share_no_word() -> None:
    by_split = {split: _pool_words(split) for split in SPLITS}
    for i, a in enumerate(SPLITS):
        for b in SPLITS[i + 1:]:
            assert not by_split[a] & by_split[b], (a, b, sorted(by_split[a] & by_split[b])[:5])


def test_pools_share_no_word_with_shipped_files() -> None:
    shipped = _shipped_capitalised_words() | {w for name in (*pool(None).first_names,
                                                             *pool(None).surnames)
                                              for w in words(name)}
    for split in SPLITS:
        clash = {w for w in _pool_words(split) if len(w) >= 3} & shipped
        assert not clash, (split, sorted(clash)[:10])


def test_pools_are_large_and_diverse() -> None:
    for split in SPLITS:
        p = pool(split)
        assert len(p.first_names) >= 800 and len(p.surnames) >= 1200
        assert len(p.company_words) >= 20 and len(p.street_names) >= 20
        assert any("-" in name for name in p.surnames)  # hyphenated
        assert any(" " in name for name in p.surnames)  # two-part (O Briain, de la Cruz)
        assert any(len(words(name)[0]) >= 11 for name in p.surnames)  # long, hard to spell


def test_shipped_pool_holds_the_shipped_people() -> None:
    shipped = pool(None)
    assert "Aaliyah" in shipped.first_names and "Johnson" in shipped.surnames


def test_split_of_follows_the_seed_ranges() -> None:
    assert split_of(0) is None
    for split, seeds in SPLIT_SEEDS.items():
        assert split_of(seeds.start) == split and split_of(seeds.stop - 1) == split
    for bad in (-1, 3_000_000, True, 1.5):
        with pytest.raises(ValueError):
            split_of(bad)  # type: ignore[arg-type]


def test_world_zero_is_the_shipped_seed() -> None:
    for industry in industry_names():
        assert world(industry, 0) is load_seed(industry)


def _c1() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SHIPPED / "healthcare/tasks/C1-E1.json").read_text())
    return data


def test_a_lockfile_naming_world_zero_scores_like_one_naming_none() -> None:
    data = _c1()
    trace = {"tool_calls": [], "hangup_dump": None}
    named = verify({**data, "world": {"seed": 0}}, trace)
    plain = verify(data, trace)
    assert named.passed == plain.passed and named.tools.score == plain.tools.score
    assert load_lockfile({**data, "world": {"seed": 0}}).world_seed == 0
    assert load_lockfile(data).world_seed == 0


@pytest.mark.parametrize("world_ref", [{"seed": -1}, {"seed": 3_000_000}, {"seed": "17"},
                                       {"seed": 1.5}, {}, {"seed": 1, "x": 2}, 17])
def test_a_malformed_world_is_a_one_line_input_error(world_ref: Any) -> None:
    with pytest.raises(InputFormatError, match="world"):
        load_lockfile({**_c1(), "world": world_ref})


def test_a_world_an_industry_cannot_build_is_a_lockfile_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rewards.worlds as worlds

    monkeypatch.setattr(worlds, "builder", lambda industry: None)
    worlds.clear_cache()
    from rewards.compile import _world_industry

    _world_industry.cache_clear()
    with pytest.raises(LockfileError, match=r"world\.seed"):
        verify({**_c1(), "world": {"seed": 999_983}}, {"tool_calls": []})
    _world_industry.cache_clear()
