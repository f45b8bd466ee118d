"""How a caller spells a name the firm knows: as heard (spellings the grader's fuzzy rule
``rewards.names.names_match`` accepts) and letter by letter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mivas_env.generation.text import load_data
from rewards.names import name_orders, names_match
from rewards.worlds.legal import EMPLOYER_KINDS, LEGAL_FORMS, PI_SCENARIOS

if TYPE_CHECKING:
    from mivas_env.generation.families.legal.common import Draw

# (old, new): spellings that sound the same (tier 1), then doubled or dropped letters (tier 2)
SWAPS = load_data(__package__ or "", "spelling.json")
COMPANY_KIND_WORDS = frozenset(
    word.casefold() for kind in (*EMPLOYER_KINDS, *LEGAL_FORMS,
                                 *(k for _, kinds in PI_SCENARIOS for k, _ in kinds))
    for word in kind.replace(",", " ").split())


def kind_of(name: str) -> str:
    """'company' for a name with a company word ("Markets", "LLC"), else 'person'."""
    return "company" if any(w.casefold().strip(".,") in COMPANY_KIND_WORDS
                            for w in name.split()) else "person"


def spelled(name: str) -> str:
    """The distinctive word of a name letter by letter: a person's last word ('Oconquo' ->
    'O-C-O-N-Q-U-O'), a company's first ('Granite Financial Group' -> 'G-R-A-N-I-T-E')."""
    words = name.split()
    plain = [w for w in words if w.casefold().strip(".,") not in COMPANY_KIND_WORDS]
    word = plain[0] if plain and len(plain) < len(words) else words[-1]
    return "-".join(ch.upper() for ch in word if ch.isalpha())


def _token_variants(token: str, tier: int) -> list[str]:
    low = token.lower()
    out = [SWAPS["first_names"][low]] if tier == 1 and low in SWAPS["first_names"] else []
    for old, new in SWAPS["sound" if tier == 1 else "letters"]:
        index = low.find(old, 1 if old in ("y", "i", "s", "z") else 0)
        while index != -1:
            changed = low[:index] + new + low[index + len(old):]
            out.append(changed[:1].upper() + changed[1:])
            index = low.find(old, index + 1)
    if tier == 1 and "-" in token:
        out += [token.replace("-", ""), token.replace("-", " ")]
    return out


def misspellings(name: str, tier: int | None = None) -> list[str]:
    """Spellings of ``name`` differing in letters (not just case or marks) that the fuzzy rule
    matches both ways: tier 1, then tier 2 (``tier`` keeps one)."""
    words, base, out = name.split(" "), name_orders(name)[0], []
    for level in (1, 2) if tier is None else (tier,):
        for index, word in enumerate(words):
            if len(word) < 3 or word.endswith(".") or word.casefold() in COMPANY_KIND_WORDS:
                continue  # a caller mishears the distinctive name, not "Markets" or "LLC"
            for variant in _token_variants(word, level):
                candidate = " ".join([*words[:index], variant, *words[index + 1:]])
                if (candidate not in out and name_orders(candidate)[0] != base
                        and names_match(name, candidate) and names_match(candidate, name)):
                    out.append(candidate)
    return out


def caller_spelling(draw: Draw, name: str, relation: str) -> str | None:
    """A caller's spelling of a firm's party that the fuzzy rule matches to that ``relation`` only."""
    for tier in (1, 2):
        options = [v for v in misspellings(name, tier) if draw.firm.relations(v) == {relation}]
        if options:
            spelling = draw.rng.choice(options)
            # Sometimes with a middle initial the records lack (the rule drops it): "Teresa M. Sparcs".
            first, _, rest = spelling.partition(" ")
            if rest and kind_of(name) == "person" and draw.rng.random() < 0.2:
                initial = f"{first} {draw.rng.choice('ABCDEFGHJKLMNPRSTW')}. {rest}"
                if (names_match(name, initial) and names_match(initial, name)
                        and draw.firm.relations(initial) == {relation}):
                    return initial
            return spelling
    return None
