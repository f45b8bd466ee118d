"""Write ``tasks/customer_support/seed.json``: world 0 of the Brightwell Home support line.

The generator lives in ``rewards/worlds/customer_support.py`` (``build(seed, names)``); world 0
is the shipped seed, so running this twice writes the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rewards.worlds import pool
from rewards.worlds.customer_support import build as build_world

OUT = Path(__file__).resolve().parents[2] / "tasks" / "customer_support" / "seed.json"


def build() -> dict[str, list[dict[str, Any]]]:
    return build_world(0, pool(None))


def main() -> None:
    text = json.dumps(build(), indent=1, ensure_ascii=False) + "\n"
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
