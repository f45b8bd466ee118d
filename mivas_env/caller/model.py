"""The caller's learned second opinion: a naive Bayes model over the words, the word pairs and
the shared lexicon's cues (``@phone``, ``@birth``, phrases) of an agent's line, per industry,
trained on the dev split of the agent-line corpus by ``scripts/train_caller_model.py`` and
shipped as data (``tasks/<industry>/caller_model.json``: counts and three thresholds, never a
pickle, nothing downloaded).

The rules read first. The model is asked about a request the rules could not place (it answers
when one slot is ``margin`` likelier, in log-odds, than every other reading, "asks for nothing"
included), and about a line the rules read as asking one slot: it replaces that slot when it is
sure (``override``) of another, and drops it when it is sure (``veto``) that the line asks for
nothing. The cues are what lets it carry over to phrasings it never saw: "insurer" and
"coverage" are one cue to it. The thresholds are fitted by the training script on lines of one
corpus author and measured on the other's (docs/caller.md)."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mivas_env.caller.lexicon import WH_WORDS
from mivas_env.caller.words import sentences

NONE = "_none"  # the class of lines that ask for no fact
MODEL_FILE = "caller_model.json"




def features(stems: Sequence[str], cues: Iterable[str] = ()) -> list[str]:
    """The sentence's words, adjacent word pairs (commas dropped), its lexicon cues (``C``
    before each: the concepts and phrases the shared lexicon finds in it) counted twice, and
    its first question word with each concept ("what|@phone"). Cues carry over to phrasings
    the model never saw; counted twice they outweigh the words around them (measured leaving
    each corpus author out: docs/caller.md)."""
    words = [w for w in stems if w != ","]
    found = sorted(cues)
    wh = next((w for w in words if w in WH_WORDS), None)
    return (words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
            + ["C" + cue for cue in found] * 2
            + ([f"W{wh}|{cue}" for cue in found if cue.startswith("@")] if wh else []))


def text_features(text: str, cues: Callable[[Sequence[str]], Iterable[str]]) -> list[str]:
    """A whole line's features, ``cues`` giving each sentence's lexicon cues."""
    out: list[str] = []
    for sentence in sentences(" ".join(text.casefold().split())):
        out += features(sentence.stems, cues(sentence.stems))
    return out


@dataclass(frozen=True)
class SlotModel:
    """Multinomial naive Bayes: per class, its line count and feature counts."""

    lines: dict[str, int]
    counts: dict[str, dict[str, int]]
    margin: float = 0.0  # log-odds by which the best slot must beat the runner-up to place a request
    override: float = math.inf  # ... to replace the one slot the rules read
    veto: float = math.inf  # ... by which "asks for nothing" must win to drop it

    @classmethod
    def train(cls, examples: Iterable[tuple[str, list[str]]], margin: float = 0.0,
              override: float = math.inf, veto: float = math.inf) -> SlotModel:
        """From (label, features) pairs."""
        lines: Counter[str] = Counter()
        counts: dict[str, Counter[str]] = {}
        for label, feats in examples:
            lines[label] += 1
            counts.setdefault(label, Counter()).update(feats)
        return cls(dict(lines), {k: dict(v) for k, v in counts.items()}, margin, override, veto)

    def __post_init__(self) -> None:
        # log-probabilities computed once (add-one smoothing): scoring is a lookup a feature
        vocabulary = {f for counts in self.counts.values() for f in counts}
        total = sum(self.lines.values())
        prior = {c: math.log(n / total) for c, n in self.lines.items()}
        unseen = {c: -math.log(sum(self.counts.get(c, {}).values()) + len(vocabulary) + 1)
                  for c in self.lines}
        logp = {c: {f: math.log(n + 1) + unseen[c] for f, n in self.counts.get(c, {}).items()}
                for c in self.lines}
        object.__setattr__(self, "_tables", [(c, prior[c], unseen[c], logp[c])
                                             for c in self.lines])

    def scores(self, feats: Sequence[str]) -> dict[str, float]:
        tables: list[tuple[str, float, float, dict[str, float]]] = \
            self._tables  # type: ignore[attr-defined]
        return {c: prior + sum(logp.get(f, unseen) for f in feats)
                for c, prior, unseen, logp in tables}

    def best(self, feats: Sequence[str]) -> tuple[str, float]:
        """The likeliest class and its margin over the runner-up (0 without features)."""
        if not feats or len(self.lines) < 2:
            return NONE, 0.0
        ranked = sorted(self.scores(feats).items(), key=lambda item: (-item[1], item[0]))
        (best, top), (_, second) = ranked[0], ranked[1]
        return best, top - second

    def predict(self, feats: Sequence[str]) -> str | None:
        """The slot a request asks for, when the model is sure enough; else None."""
        best, margin = self.best(feats)
        return None if best == NONE or margin < self.margin else best

    def judge(self, slot: str, best: str, margin: float, slots: Collection[str]) -> str | None:
        """The rules read a line as asking ``slot``; the model's likeliest class is ``best`` by
        ``margin``: the slot the line asks for (None: nothing)."""
        if best == NONE:
            return None if margin >= self.veto else slot
        if best != slot and best in slots and margin >= self.override:
            return best
        return slot

    def to_json(self) -> dict[str, Any]:
        def finite(value: float) -> float | None:
            return None if math.isinf(value) else value
        return {"margin": self.margin, "override": finite(self.override),
                "veto": finite(self.veto), "lines": self.lines, "counts": self.counts}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SlotModel:
        def threshold(key: str) -> float:
            value = data.get(key)
            return math.inf if value is None else float(value)
        return cls({str(k): int(v) for k, v in data["lines"].items()},
                   {str(c): {str(f): int(n) for f, n in counts.items()}
                    for c, counts in data["counts"].items()}, float(data["margin"]),
                   threshold("override"), threshold("veto"))


@cache
def load_model(folder: str) -> SlotModel | None:
    """The industry folder's shipped model, or None when it ships none."""
    path = Path(folder) / MODEL_FILE
    if not path.is_file():
        return None
    return SlotModel.from_json(json.loads(path.read_text(encoding="utf-8")))
