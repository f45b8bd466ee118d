"""Split the agent-line corpus (``tests/fixtures/agent_lines/<industry>.jsonl``) into dev and test.

``test`` is the held-out set: lines whose id holds ``-ho-``, ``-ho2-``, ... (``-ho4-``), each written by
another author who read neither the other lines nor the caller's recogniser, and never read
while tuning it.
Every other line is ``dev`` (tuning). (The first corpus was split half and half; its test
half was read while tuning, so it became dev, and the held-out set was written to replace it.)
The split depends only on the ids, so running the script again changes no byte; lines keep
their order in the file, keys their canonical order.

    python scripts/split_agent_lines.py            # every industry's file, in place
    python scripts/split_agent_lines.py --check    # exit 1 if a file is not split as above
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "fixtures" / "agent_lines"
KEYS = ("id", "text", "act", "slots", "negated", "after", "split", "style")
SEED = "mivas-agent-lines"


def group_key(row: dict[str, Any]) -> str:
    return f"{row['act']}/{'+'.join(row['slots'])}"


def split_rows(industry: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` with ``split`` set: ``test`` for the held-out lines (``-ho-`` ids), else ``dev``."""
    return [{**row, "split": "test" if held_out(row["id"]) else "dev"} for row in rows]


HELD_OUT = re.compile(r"-ho\d*-")  # -ho- (the first held-out set), -ho2-, -ho3-, -ho4-


def held_out(line_id: str) -> bool:
    return HELD_OUT.search(line_id) is not None


def render(rows: list[dict[str, Any]]) -> str:
    """One JSON object a line, keys in the canonical order (``negated`` on negated lines only)."""
    return "".join(json.dumps({key: row[key] for key in KEYS if key in row}, ensure_ascii=False)
                   + "\n" for row in rows)


def split_file(path: Path) -> str:
    """The text ``path`` should hold once split."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return render(split_rows(path.stem, rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file "
                        "is not split")
    args = parser.parse_args(argv)
    stale = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        try:
            text = split_file(path)
        except (ValueError, KeyError, TypeError) as exc:
            print(f"{path.relative_to(ROOT)}: not a corpus file ({exc})", file=sys.stderr)
            return 2
        if text == path.read_text(encoding="utf-8"):
            continue
        stale.append(path)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'not split' if args.check else 'split'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
