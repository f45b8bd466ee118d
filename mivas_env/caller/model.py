"""A learned fallback for the caller's understanding: a naive Bayes model over the words and
word pairs of a sentence, per industry, trained on the dev split of the agent-line corpus by
``scripts/train_caller_model.py`` and shipped as data (``tasks/<industry>/caller_model.json``:
counts, never a pickle, nothing downloaded). It is asked only about a request the rules could
not place, and answers only when one slot is far likelier than every other reading, "asks for
nothing" included; otherwise the caller asks what is meant, as before."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mivas_env.caller.words import sentences

NONE = "_none"  # the class of lines that ask for no fact
MODEL_FILE = "caller_model.json"


def features(stems: Sequence[str]) -> list[str]:
    """The sentence's words and adjacent word pairs (commas dropped)."""
    words = [w for w in stems if w != ","]
    return words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]


def text_features(text: str) -> list[str]:
    return [f for sentence in sentences(text) for f in features(sentence.stems)]


@dataclass(frozen=True)
class SlotModel:
    """Multinomial naive Bayes: per class, its line count and feature counts."""

    lines: dict[str, int]
    counts: dict[str, dict[str, int]]
    margin: float  # log-odds by which the best slot must beat the runner-up

    @classmethod
    def train(cls, examples: Iterable[tuple[str, str]], margin: float) -> SlotModel:
        lines: Counter[str] = Counter()
        counts: dict[str, Counter[str]] = {}
        for label, text in examples:
            lines[label] += 1
            counts.setdefault(label, Counter()).update(text_features(text))
        return cls(dict(lines), {k: dict(v) for k, v in counts.items()}, margin)

    def __post_init__(self) -> None:
        vocabulary = {f for counts in self.counts.values() for f in counts}
        total = sum(self.lines.values())
        object.__setattr__(self, "_prior", {c: math.log(n / total) for c, n in self.lines.items()})
        object.__setattr__(self, "_denominator", {
            c: math.log(sum(counts.values()) + len(vocabulary) + 1)
            for c, counts in self.counts.items()})

    def scores(self, feats: Sequence[str]) -> dict[str, float]:
        prior: dict[str, float] = self._prior  # type: ignore[attr-defined]
        denominator: dict[str, float] = self._denominator  # type: ignore[attr-defined]
        return {c: prior[c] + sum(math.log(self.counts[c].get(f, 0) + 1) - denominator[c]
                                  for f in feats)
                for c in self.lines}

    def predict(self, stems: Sequence[str]) -> str | None:
        """The slot the sentence asks for, when the model is sure enough; else None."""
        feats = features(stems)
        if not feats:
            return None
        ranked = sorted(self.scores(feats).items(), key=lambda item: -item[1])
        (best, top), (_, second) = ranked[0], ranked[1]
        if best == NONE or top - second < self.margin:
            return None
        return best

    def to_json(self) -> dict[str, Any]:
        return {"margin": self.margin, "lines": self.lines, "counts": self.counts}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SlotModel:
        return cls({str(k): int(v) for k, v in data["lines"].items()},
                   {str(c): {str(f): int(n) for f, n in counts.items()}
                    for c, counts in data["counts"].items()}, float(data["margin"]))


@cache
def load_model(folder: str) -> SlotModel | None:
    """The industry folder's shipped model, or None when it ships none."""
    path = Path(folder) / MODEL_FILE
    if not path.is_file():
        return None
    return SlotModel.from_json(json.loads(path.read_text(encoding="utf-8")))
