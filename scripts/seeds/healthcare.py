"""Write ``tasks/healthcare/seed.json``: world 0 of ``rewards/worlds/healthcare.py``.

Deterministic; run ``python scripts/seeds/healthcare.py`` from anywhere to rewrite the file
(it never changes: a test pins world 0 to the shipped bytes)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tasks" / "healthcare" / "seed.json"
sys.path.insert(0, str(ROOT))

from rewards.worlds.healthcare import build  # noqa: E402
from rewards.worlds.names import pool  # noqa: E402


def build_seed() -> dict[str, list[dict[str, object]]]:
    """World 0: the shipped seed database."""
    return build(0, pool(None))


def main() -> None:
    seed = build_seed()
    OUT.write_text(json.dumps(seed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = ", ".join(f"{table} {len(rows)}" for table, rows in seed.items())
    print(f"wrote {OUT}: {counts}")


if __name__ == "__main__":
    main()
