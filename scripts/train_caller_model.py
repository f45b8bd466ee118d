"""Train the caller's learned second opinion (``mivas_env/caller/model.py``) on the dev split of
the agent-line corpus and write ``tasks/<industry>/caller_model.json``.

Examples: every dev ``ask`` line for one slot with no previous turn (labelled with its slot),
and every dev line that asks for nothing (``off_topic``, ``unclear``, ``hold``, ``transfer``,
``anything_else``: labelled ``_none``); features are words, word pairs and the industry's
lexicon cues. Three thresholds, in log-odds of the best class over the runner-up: ``margin`` (placing a
request the rules could not place), ``override`` and ``veto`` (replacing or dropping the one
slot the rules read). All three are fitted across the corpus's dev authors, leaving one author
out at a time (the model trained on the others' lines, the rules and the model judged on the
left-out author's), to most right answers less twice the wrong ones (a slot not asked for, or
any slot for a line that asks none); ``margin`` is judged with its neighbours (the mean over
1.0 either side: one left-out line does not swing it across a flat stretch); ties go to the
larger threshold.
The test split is never read. Deterministic: running it again writes the same bytes.

    python scripts/train_caller_model.py            # every industry with a corpus
    python scripts/train_caller_model.py --check    # exit 1 if a shipped model is stale
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mivas_env.caller.model import MODEL_FILE, NONE, SlotModel, text_features  # noqa: E402
from mivas_env.caller.understanding import Understanding, industry_understanding  # noqa: E402
from rewards.industry import tasks_dir  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "agent_lines"
QUIET = {"off_topic", "unclear", "hold", "transfer", "anything_else"}
MARGINS = [m / 2 for m in range(0, 41)]
OVERRIDES = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 12.0, math.inf]
VETOES = [2.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0, math.inf]
AUTHOR = re.compile(r"-(d\d+)-")  # a later dev author's tag in a line's id (-d2-, -d3-)


@dataclasses.dataclass(frozen=True)
class Example:
    label: str
    text: str
    feats: list[str]
    author: str  # who wrote it: the id's tag, "d1" for the first corpus


def examples(industry: str, rules: Understanding) -> list[Example]:
    rows = [json.loads(line) for line in (CORPUS / f"{industry}.jsonl").read_text().splitlines()
            if line]
    out = []
    for row in rows:
        if row["split"] != "dev":
            continue
        if row["act"] == "ask" and len(row["slots"]) == 1 and row["after"] is None:
            label = row["slots"][0]
        elif row["act"] in QUIET:
            label = NONE
        else:
            continue
        feats = text_features(row["text"], lambda stems: rules.lexicon.find(stems).every)
        tag = AUTHOR.search(row["id"])
        out.append(Example(label, row["text"], feats, tag.group(1) if tag else "d1"))
    return out


def across_authors(data: list[Example], rules: Understanding) -> tuple[float, float, float]:
    """``margin``, ``override`` and ``veto``: each dev author left out in turn, the model
    trained on the others' lines and judged with the rules on the left-out one's (see the
    module docstring)."""
    # (truth, the rules' slot, the slots the model may name instead, its best class, margin)
    judged: list[tuple[str, str | None, list[str], str, float]] = []
    placed: list[tuple[str, str, float]] = []  # requests the rules could not place
    authors = sorted({e.author for e in data})
    if len(authors) < 2:
        return math.inf, math.inf, math.inf  # one author: nothing to fit on
    for held_out in authors:
        model = SlotModel.train([(e.label, e.feats) for e in data if e.author != held_out])
        for example in (e for e in data if e.author == held_out):
            reading = rules.read(" ".join(example.text.casefold().split()),
                                 known=list(rules.order))
            if reading.waves_off:
                continue  # the second opinion keeps out of a line that waves a slot off
            if rules.to_place(reading):
                placed.append((example.label, *model.best(example.feats)))
            to_judge = rules.to_judge(reading, known=list(rules.order))
            slot, slots = to_judge if to_judge is not None else (None, [])
            judged.append((example.label, slot, slots, *model.best(example.feats)))

    def said(right: bool) -> float:
        return 1.0 if right else -2.0

    def score(override: float, veto: float) -> float:
        model = SlotModel({}, {}, 0.0, override, veto)
        return sum(said(answer == truth) for truth, slot, slots, best, margin in judged
                   if slot is not None
                   and (answer := model.judge(slot, best, margin, slots)) is not None)

    def placing(threshold: float) -> float:
        return sum(said(best == truth) for truth, best, margin in placed
                   if best != NONE and margin >= threshold)

    # each threshold judged with its neighbours (within 1.0): one line more or less of a left-out
    # author does not swing the choice across a flat stretch
    scores = [placing(m) for m in MARGINS]
    smooth = [sum(scores[max(0, i - 2):i + 3]) / len(scores[max(0, i - 2):i + 3])
              for i in range(len(scores))]
    margin = max(zip(MARGINS, smooth, strict=True), key=lambda ms: (ms[1], ms[0]))[0]
    grid = [(o, v) for o in OVERRIDES for v in VETOES]
    override, veto = max(grid, key=lambda ov: (score(*ov), ov))
    return margin, override, veto


def build(industry: str) -> str:
    rules = dataclasses.replace(industry_understanding(industry), model=None, by_cue={},
                                _cache={})
    data = examples(industry, rules)
    model = SlotModel.train([(e.label, e.feats) for e in data], *across_authors(data, rules))
    return json.dumps(model.to_json(), sort_keys=True, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = 0
    for path in sorted(CORPUS.glob("*.jsonl")):
        industry = path.stem
        target = tasks_dir() / industry / MODEL_FILE
        text = build(industry)
        if args.check:
            if not target.is_file() or target.read_text() != text:
                print(f"stale: {target}", file=sys.stderr)
                stale += 1
        elif not target.is_file() or target.read_text() != text:
            target.write_text(text)
            fitted = json.loads(text)
            print(f"wrote {target} (margin {fitted['margin']}, override {fitted['override']}, "
                  f"veto {fitted['veto']})")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
