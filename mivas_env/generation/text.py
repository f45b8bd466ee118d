"""Templated caller text, held out by split: template ``i`` of a list belongs to split
``SPLITS[i % 3]``, so a test opening or phrasing never appears in a train instance."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rewards.worlds import SPLITS

MIN_PER_SPLIT = 2


def templates_of(templates: Sequence[str], split: str) -> list[str]:
    """The templates a split may use (every third one, from the split's offset)."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r} (splits: {', '.join(SPLITS)})")
    own = list(templates[SPLITS.index(split)::len(SPLITS)])
    if len(templates) < MIN_PER_SPLIT * len(SPLITS):
        raise ValueError(f"a template list needs at least {MIN_PER_SPLIT * len(SPLITS)} entries "
                         f"({MIN_PER_SPLIT} per split), got {len(templates)}: {templates[:1]}")
    return own


def phrase(rng: random.Random, templates: Sequence[str], split: str, **slots: Any) -> str:
    """One of the split's templates, filled with ``slots`` (``str.format`` fields)."""
    own = templates_of(templates, split)
    return own[rng.randrange(len(own))].format(**slots)


def phrases(rng: random.Random, templates: Sequence[str], split: str, count: int,
            **slots: Any) -> list[str]:
    """``count`` different templates of the split (as many as it has, if fewer), filled, in a
    random order: a caller's paraphrases of one line."""
    own = templates_of(templates, split)
    picked = rng.sample(own, min(count, len(own)))
    return [template.format(**slots) for template in picked]


def either(rng: random.Random, *options: str) -> str:
    """One of a few spellings of a value (a date said two ways, a name with or without title)."""
    return options[rng.randrange(len(options))]
