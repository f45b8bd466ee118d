"""Fuzzy person/organisation names for legal ``opposing_party`` and ``for_whom`` (contract:
token-level Levenshtein with a small phonetic fold). The design and its measured pairs are in
MATCHING.md: a false match is worse than a miss, so every fuzzy path sits behind a guard."""

from __future__ import annotations

import re
from functools import lru_cache

import jellyfish
from rapidfuzz.distance import Levenshtein

from rewards.normalize import strip_accents

_SUFFIXES = {"corporation": "corp", "incorporated": "inc", "company": "co", "limited": "ltd"}
_VOWELS = frozenset("aeiou")


def _tokens(text: str) -> list[str]:
    text = strip_accents(text).casefold().replace("&", " and ")
    text = re.sub(r"['’.]", "", text)
    text = re.sub(r"[^\w\s]|_", " ", text)
    return [_SUFFIXES.get(token, token) for token in text.split()]


@lru_cache(maxsize=65536)
def name_orders(text: str) -> tuple[tuple[str, ...], ...]:
    """The token sequences a name may mean: as written and, for "Last, First", rotated."""
    orders = [tuple(_tokens(text))]
    parts = text.split(",")
    if len(parts) == 2:
        last, first = _tokens(parts[0]), _tokens(parts[1])
        is_suffix = len(first) == 1 and first[0] in {*_SUFFIXES.values(), "llc", "llp", "plc"}
        if last and first and not is_suffix:
            orders.append(tuple(first + last))
    return tuple(orders)


@lru_cache(maxsize=65536)
def fold(token: str) -> str:
    """The spelling fold: keeps vowels (so John/Jane stay apart) and merges Okonkwo/Oconquo."""
    text = token.replace("ph", "f").replace("qu", "kw").replace("q", "k")
    text = re.sub(r"c(?![eiy])", "k", text)
    text = text[:1] + text[1:].replace("y", "i")
    text = text.replace("z", "s")
    text = re.sub(r"(?<=[aeiou])h(?![aeiou])", "", text)
    return re.sub(r"(.)\1+", r"\1", text)


def _vowel_sequence(text: str) -> str:
    return "".join(ch for ch in text if ch in _VOWELS)


@lru_cache(maxsize=65536)
def tokens_match(expected: str, live: str) -> bool:
    """Whether two single name tokens name the same person's token."""
    if expected == live:
        return True
    if any(ch.isdigit() for ch in expected + live):
        return False
    a, b = fold(expected), fold(live)
    if a == b:
        return True
    guarded = (len(a) >= 6 and len(b) >= 6 and a[0] == b[0] and a[-1] == b[-1]
               and _vowel_sequence(a) == _vowel_sequence(b))
    if not guarded:
        return False
    # Integer comparisons so float rounding can never flip a verdict.
    if 20 * Levenshtein.distance(a, b) <= 3 * max(len(a), len(b)):
        return True
    raw_close = 10 * Levenshtein.distance(expected, live) <= 3 * max(len(expected), len(live))
    return raw_close and jellyfish.metaphone(expected) == jellyfish.metaphone(live)


def _is_initial(token: str) -> bool:
    return len(token) == 1 and token.isalpha()


def _sequences_match(expected: tuple[str, ...], live: tuple[str, ...]) -> bool:
    # No token is ever dropped (contract: 'New cases does not satisfy new cases intake'; a
    # legal-form suffix is a token too: "Acme" is not "Acme LLC"), except single-letter
    # initials when that equalises the count ("Daniel J. Okonkwo" names "Daniel Okonkwo").
    if len(expected) != len(live):
        short_e = tuple(t for t in expected if not _is_initial(t))
        short_l = tuple(t for t in live if not _is_initial(t))
        if (len(short_e) == len(short_l) and short_e and (short_e, short_l) != (expected, live)
                and _sequences_match(short_e, short_l)):
            return True
    elif expected and all(tokens_match(e, v) for e, v in zip(expected, live, strict=True)):
        return True
    joined_e, joined_l = "".join(expected), "".join(live)
    return bool(joined_e) and fold(joined_e) == fold(joined_l)


@lru_cache(maxsize=65536)
def names_match(expected: str, live: str) -> bool:
    """The fuzzy name rule: equal token counts, tokens paired in order, each pair close."""
    return any(_sequences_match(e, v) for e in name_orders(expected) for v in name_orders(live))
