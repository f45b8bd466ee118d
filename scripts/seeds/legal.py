"""Write ``tasks/legal/seed.json``: world 0 of the legal industry, the catalog of Brennan &
Adeyemi LLP (offices in Manhattan and Newark) as of the business date 2026-12-01.

The generator lives in the package (``rewards/worlds/legal.py``: ``build(seed, names)``), which
also builds the generated worlds; world 0 is this file, deterministically.

Usage: ``python scripts/seeds/legal.py`` (from anywhere; rewrites the JSON in place)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rewards.worlds import legal, pool

OUT = Path(__file__).resolve().parents[2] / "tasks" / "legal" / "seed.json"


def build() -> dict[str, list[dict[str, Any]]]:
    return legal.build(0, pool(None))


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
