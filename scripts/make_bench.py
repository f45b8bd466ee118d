"""Regenerate the frozen generated benchmark: ``tasks/<industry>/bench/*.json``.

For every industry with task families this runs
``mivas tasks generate --industry NAME --split bench --n 100 --seed 0 --out tasks/NAME/bench``
into an emptied folder. Generation is deterministic, so the files come out byte-identical
(tests/test_generation.py regenerates a few and compares bytes). Run it after adding or
changing a family: ``python scripts/make_bench.py [--industry NAME]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mivas_env.cli import main as mivas  # noqa: E402
from mivas_env.generation.families import industries  # noqa: E402

BENCH_N = 100
BENCH_SEED = 0


def bench_dir(industry: str) -> Path:
    return ROOT / "tasks" / industry / "bench"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--industry", action="append", help="only these (default: all with families)")
    args = parser.parse_args()
    for industry in args.industry or industries():
        out = bench_dir(industry)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.json"):
            old.unlink()
        code = mivas(["tasks", "generate", "--industry", industry, "--split", "bench",
                      "--n", str(BENCH_N), "--seed", str(BENCH_SEED), "--out", str(out)])
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
