"""How many near-miss twins would a weaker verifier pass? (the contract's argument, measured)

    python scripts/near_miss_table.py [--markdown]

For every recorded near-miss under tests/fixtures/near_miss/, score the saved trace against
its lockfile and count how many pass a state-only verifier (D), tools plus state (T+D), and
the full T and H and D."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mivas_env.call.tasks import lockfile_path
from rewards import verify
from rewards.industry import industry_names

ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "near_miss"


def rows() -> list[tuple[str, int, int, int, int]]:
    out = []
    for industry in industry_names():
        spec_file = ROOT / f"{industry}.json"
        if not spec_file.is_file():
            continue
        d = td = full = 0
        specs = json.loads(spec_file.read_text())
        for spec in specs:
            task_id = spec["task"].split("/")[1]
            trace = ROOT / "traces" / industry / f"{task_id}__{spec['slug']}.json"
            verdict = verify(lockfile_path(spec["task"]), trace)
            d += verdict.db.passed
            td += verdict.db.passed and verdict.tools.passed
            full += verdict.passed
        out.append((industry, len(specs), d, td, full))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--markdown", action="store_true")
    table = rows()
    total = tuple(sum(r[i] for r in table) for i in range(1, 5))
    table.append(("all", *total))  # type: ignore[arg-type]
    if parser.parse_args().markdown:
        print("| industry | near-misses | pass D only | pass T+D | pass T∧H∧D |")
        print("|---|---:|---:|---:|---:|")
        for name, n, d, td, full in table:
            print(f"| {name} | {n} | {d} | {td} | {full} |")
    else:
        print(f"{'industry':<18}{'near-misses':>12}{'D only':>8}{'T+D':>6}{'T&H&D':>7}")
        for name, n, d, td, full in table:
            print(f"{name:<18}{n:>12}{d:>8}{td:>6}{full:>7}")


if __name__ == "__main__":
    main()
