"""Train the caller's learned fallback (``mivas_env/caller/model.py``) on the dev split of the
agent-line corpus and write ``tasks/<industry>/caller_model.json``.

Examples: every dev ``ask`` line for one slot with no previous turn (labelled with its slot),
and every dev line that asks for nothing (``off_topic``, ``unclear``, ``hold``, ``transfer``,
``anything_else``: labelled ``_none``). The margin (how much likelier, in log-odds, the best slot
must be than the runner-up) is the smallest that keeps leave-one-out precision of the model's
own answers at or above ``--precision`` on dev. The test split is never read. Deterministic:
running it again writes the same bytes.

    python scripts/train_caller_model.py            # every industry with a corpus
    python scripts/train_caller_model.py --check    # exit 1 if a shipped model is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mivas_env.caller.model import MODEL_FILE, NONE, SlotModel, text_features  # noqa: E402
from rewards.industry import tasks_dir  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "agent_lines"
QUIET = {"off_topic", "unclear", "hold", "transfer", "anything_else"}
MARGINS = [m / 2 for m in range(0, 41)]


def examples(industry: str) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in (CORPUS / f"{industry}.jsonl").read_text().splitlines()
            if line]
    out = []
    for row in rows:
        if row["split"] != "dev":
            continue
        if row["act"] == "ask" and len(row["slots"]) == 1 and row["after"] is None:
            out.append((row["slots"][0], row["text"]))
        elif row["act"] in QUIET:
            out.append((NONE, row["text"]))
    return out


def loo_margin(data: list[tuple[str, str]], precision: float) -> float:
    """The smallest margin whose leave-one-out answers are right at least ``precision`` of the
    time (each example scored by the model trained without it)."""
    full = SlotModel.train(data, 0.0)
    ranked: list[tuple[str, str, float]] = []  # (truth, best, margin)
    for label, text in data:
        feats = text_features(text)
        lines = Counter(full.lines)
        lines[label] -= 1
        counts = {c: dict(v) for c, v in full.counts.items()}
        for f in feats:
            counts[label][f] -= 1
        held = SlotModel({c: n for c, n in lines.items() if n > 0},
                         {c: {f: n for f, n in v.items() if n > 0} for c, v in counts.items()
                          if lines[c] > 0}, 0.0)
        scores = sorted(held.scores(feats).items(), key=lambda item: -item[1])
        ranked.append((label, scores[0][0], scores[0][1] - scores[1][1]))
    for margin in MARGINS:
        answered = [(truth, best) for truth, best, m in ranked if best != NONE and m >= margin]
        if not answered:
            return margin
        right = sum(truth == best for truth, best in answered) / len(answered)
        if right >= precision:
            return margin
    return MARGINS[-1]


def build(industry: str, precision: float) -> str:
    data = examples(industry)
    model = SlotModel.train(data, loo_margin(data, precision))
    return json.dumps(model.to_json(), sort_keys=True, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--precision", type=float, default=0.98)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = 0
    for path in sorted(CORPUS.glob("*.jsonl")):
        industry = path.stem
        target = tasks_dir() / industry / MODEL_FILE
        text = build(industry, args.precision)
        if args.check:
            if not target.is_file() or target.read_text() != text:
                print(f"stale: {target}", file=sys.stderr)
                stale += 1
        elif not target.is_file() or target.read_text() != text:
            target.write_text(text)
            print(f"wrote {target} (margin {json.loads(text)['margin']})")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
