"""Name pools for generated worlds: realistic, diverse, and disjoint between splits.

Every candidate (``_pool_data``) is cut into words; a word belongs to one split, chosen by a
hash of the word, and a name is in a split's pool only when all its words are. So no word of a
train name appears in a test or bench name, and no word of any pool name appears in the shipped
data (the candidates were filtered against it). ``pool(None)`` is the shipped seeds' names."""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rewards.normalize import strip_accents
from rewards.worlds import _pool_data

SPLIT_NAMES = ("train", "test", "bench")  # the order of rewards.worlds.SPLITS
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class NamePool:
    """The names one split may use: people, company words, street names."""

    split: str | None
    first_names: tuple[str, ...]
    surnames: tuple[str, ...]
    company_words: tuple[str, ...]
    street_names: tuple[str, ...]

    def first(self, rng: random.Random) -> str:
        return self.first_names[rng.randrange(len(self.first_names))]

    def surname(self, rng: random.Random) -> str:
        return self.surnames[rng.randrange(len(self.surnames))]

    def person(self, rng: random.Random) -> str:
        """A full name: one first name and one surname."""
        return f"{self.first(rng)} {self.surname(rng)}"

    def people(self, rng: random.Random, count: int, *, taken: Sequence[str] = ()) -> list[str]:
        """``count`` distinct full names, none of them in ``taken``."""
        seen = {name.casefold() for name in taken}
        out: list[str] = []
        while len(out) < count:
            name = self.person(rng)
            if name.casefold() not in seen:
                seen.add(name.casefold())
                out.append(name)
        return out

    def company(self, rng: random.Random, suffixes: Sequence[str] = (
            "LLC", "Inc.", "Group", "Holdings", "Partners", "Co.")) -> str:
        """A company name such as ``Halcyon Okafor Holdings``: a company word, sometimes a
        surname, and a suffix."""
        word = self.company_words[rng.randrange(len(self.company_words))]
        if rng.random() < 0.4:
            word = f"{word} {self.surname(rng)}"
        return f"{word} {suffixes[rng.randrange(len(suffixes))]}"

    def street(self, rng: random.Random) -> str:
        return self.street_names[rng.randrange(len(self.street_names))]


def words(name: str) -> list[str]:
    """The words of a name that identify it (letters only, two or more, accents dropped,
    casefolded)."""
    name = strip_accents(name)
    return [w.casefold() for w in _WORD.findall(name)]


def word_split(word: str) -> str:
    """The split a word belongs to (a stable hash, the same in every process)."""
    digest = hashlib.sha256(word.casefold().encode("utf-8")).digest()
    return SPLIT_NAMES[int.from_bytes(digest[:8], "big") % len(SPLIT_NAMES)]


def _in_split(names: Sequence[str], split: str) -> tuple[str, ...]:
    return tuple(name for name in names
                 if (found := words(name)) and all(word_split(w) == split for w in found))


def _shipped() -> NamePool:
    """The people in the shipped seed.json files (``full_name`` columns), as a pool."""
    from rewards.industry import industry_names, load_seed  # the shipped data, read lazily

    first: dict[str, None] = {}
    last: dict[str, None] = {}
    for industry in industry_names():
        for rows in load_seed(industry).values():
            for row in rows:
                full = row.get("full_name") if isinstance(row, dict) else None
                if isinstance(full, str) and " " in full.strip():
                    given, _, family = full.strip().partition(" ")
                    first.setdefault(given, None)
                    last.setdefault(family, None)
    return NamePool(None, tuple(first), tuple(last), (), ())


@cache
def pool(split: str | None) -> NamePool:
    """The name pool of a split (``None``: the names of the shipped seeds)."""
    if split is None:
        return _shipped()
    if split not in SPLIT_NAMES:
        raise ValueError(f"unknown split {split!r} (splits: {', '.join(SPLIT_NAMES)})")
    return NamePool(split, _in_split(_pool_data.FIRST_NAMES, split),
                    _in_split(_pool_data.SURNAMES, split),
                    _in_split(_pool_data.COMPANY_WORDS, split),
                    _in_split(_pool_data.STREET_NAMES, split))
