#!/usr/bin/env python3
"""Check the held-out agent-line fixtures in tests/fixtures/agent_lines_holdout/.

Schema, minimum counts per act and per slot, slot names against each
industry's industry.json, unique ids and no duplicate texts.  Exits non-zero
on any problem.  Usage: python scripts/check_holdout_lines.py [industry ...]
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOLDOUT = ROOT / "tests" / "fixtures" / "agent_lines_holdout"
INDUSTRIES = ["healthcare", "legal", "customer_support"]
ACTS = {"ask", "off_topic", "negated", "unclear", "readback", "yesno", "spell",
        "anything_else", "hold", "transfer"}
MIN_ACT = {"off_topic": 40, "negated": 10, "unclear": 10, "readback": 10,
           "yesno": 8, "spell": 8, "anything_else": 6, "hold": 6, "transfer": 6}
MIN_ASK_PER_SLOT = 25
KEYS = {"id", "text", "act", "slots", "after", "split", "style"}
STYLES = {"formal", "casual", "terse", "chatty", "llm"}


def norm(text):
    return re.sub(r"[^a-z0-9{}]+", " ", text.lower()).strip()


def check(industry, seen_ids, seen_texts):
    errors = []
    slots = set(json.loads((ROOT / "tasks" / industry / "industry.json").read_text())["slots"])
    path = HOLDOUT / f"{industry}.jsonl"
    if not path.exists():
        return [f"{path} missing"], Counter(), Counter()
    acts, asks = Counter(), Counter()
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        where = f"{industry}:{n}"
        if not raw.strip():
            errors.append(f"{where}: blank line")
            continue
        try:
            row = json.loads(raw)
        except json.JSONDecodeError as exc:
            errors.append(f"{where}: bad JSON ({exc})")
            continue
        missing = KEYS - set(row)
        extra = set(row) - KEYS - {"negated"}
        if missing or extra:
            errors.append(f"{where}: missing {sorted(missing)} extra {sorted(extra)}")
            continue
        act, text = row["act"], row["text"]
        if act not in ACTS:
            errors.append(f"{where}: unknown act {act!r}")
        if not isinstance(text, str) or not text.strip():
            errors.append(f"{where}: empty text")
        if row["split"] != "test":
            errors.append(f"{where}: split must be 'test'")
        if row["style"] not in STYLES:
            errors.append(f"{where}: style {row['style']!r} not in {sorted(STYLES)}")
        if not isinstance(row["slots"], list):
            errors.append(f"{where}: slots must be a list")
            continue
        for s in row["slots"] + row.get("negated", []) + ([row["after"]] if row["after"] else []):
            if s not in slots:
                errors.append(f"{where}: unknown slot {s!r}")
        if row["id"] in seen_ids:
            errors.append(f"{where}: duplicate id {row['id']}")
        seen_ids.add(row["id"])
        key = norm(text)
        if key in seen_texts:
            errors.append(f"{where}: duplicate text {text!r} (also {seen_texts[key]})")
        seen_texts[key] = where
        if act == "ask":
            if not 1 <= len(row["slots"]) <= 2:
                errors.append(f"{where}: ask needs one or two slots")
            for s in row["slots"]:
                asks[s] += 1
        if act == "negated":
            if not row.get("negated"):
                errors.append(f"{where}: negated needs a non-empty 'negated' list")
            elif set(row["negated"]) & set(row["slots"]):
                errors.append(f"{where}: a slot is both asked and negated")
        elif "negated" in row:
            errors.append(f"{where}: 'negated' only on act negated")
        if act in {"readback", "yesno"} and len(row["slots"]) != 1:
            errors.append(f"{where}: {act} needs exactly one slot")
        if act == "readback" and "{value}" not in text:
            errors.append(f"{where}: readback without {{value}}")
        if act != "readback" and "{value}" in text:
            errors.append(f"{where}: {{value}} outside readback")
        if act in {"off_topic", "unclear", "anything_else", "hold", "transfer"} and row["slots"]:
            errors.append(f"{where}: {act} must have no slots")
        if act == "spell" and len(row["slots"]) > 1:
            errors.append(f"{where}: spell names at most one slot")
        if row["after"] is not None and act != "ask":
            errors.append(f"{where}: 'after' only on ask lines")
        acts[act] += 1
    for s in sorted(slots):
        if asks[s] < MIN_ASK_PER_SLOT:
            errors.append(f"{industry}: slot {s} has {asks[s]} ask lines (< {MIN_ASK_PER_SLOT})")
    for a, m in MIN_ACT.items():
        if acts[a] < m:
            errors.append(f"{industry}: act {a} has {acts[a]} lines (< {m})")
    return errors, acts, asks


def main(argv):
    industries = argv or [i for i in INDUSTRIES if (HOLDOUT / f"{i}.jsonl").exists()]
    seen_ids, seen_texts, failed = set(), {}, False
    for industry in industries:
        errors, acts, asks = check(industry, seen_ids, seen_texts)
        total = sum(acts.values())
        print(f"{industry}: {total} lines; " + ", ".join(f"{a}={acts[a]}" for a in sorted(acts)))
        print("  ask per slot: " + ", ".join(f"{s}={n}" for s, n in sorted(asks.items())))
        for e in errors:
            print("  ERROR", e)
        failed |= bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
