"""The body of ``mivas tasks generate`` (``mivas_env/cli.py`` parses its options)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rewards import MivasError


def cmd_generate(args: argparse.Namespace) -> int:
    """``mivas tasks generate``: generate, lock, self-check and write N instances."""
    from tqdm import tqdm

    from mivas_env.cli import EXIT_PASS, _no_bar
    from mivas_env.generation.core import MAX_SEED, Stats, generate, pick_family
    from mivas_env.generation.families import families

    if args.n < 1:
        raise MivasError(f"--n must be at least 1, got {args.n}")
    if not 0 <= args.seed <= MAX_SEED - args.n:
        raise MivasError(f"--seed must be >= 0 and --seed + --n at most 10^12, got {args.seed}")
    if args.worlds is not None and args.worlds < 1:
        raise MivasError(f"--worlds must be at least 1, got {args.worlds}")
    pick_family(args.industry, args.split, args.seed, args.family)  # no families, or no such one: an error
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MivasError(f"cannot create the output directory: {exc.strerror}", file=args.out) from None
    stats = Stats()
    instances = generate(args.industry, args.split, args.n, args.seed, family=args.family,
                         worlds=args.worlds, stats=stats, level=args.level)
    for instance in tqdm(instances, total=args.n, desc=f"generate {args.industry} {args.split}",
                         unit="task", file=sys.stderr, leave=False, disable=_no_bar(args)):
        try:
            (out / f"{instance.id}.json").write_text(instance.json(), encoding="utf-8")
        except OSError as exc:
            raise MivasError(f"cannot write a lockfile: {exc.strerror}", file=args.out) from None
    print(format_generation(stats, families(args.industry), args.n, out))
    return EXIT_PASS


def format_generation(stats: Any, found: Sequence[Any], n: int, out: Path) -> str:
    """The per-family table ``mivas tasks generate`` prints."""
    header = f"{'family':<8}{'category':<22}{'written':>8}{'redrawn':>9}{'dropped':>9}{'drop rate':>11}"
    lines = [header, "-" * len(header)]
    for family in found:
        code = family.code
        if not (stats.made[code] or stats.dropped[code] or stats.redrawn[code]):
            continue
        lines.append(f"{code:<8}{family.category:<22}{stats.made[code]:>8}{stats.redrawn[code]:>9}"
                     f"{stats.dropped[code]:>9}{stats.drop_rate(code):>11.1%}")
    lines.append("-" * len(header))
    made, dropped = sum(stats.made.values()), sum(stats.dropped.values())
    rate = dropped / (made + dropped) if made + dropped else 0.0
    lines.append(f"{'total':<30}{made:>8}{sum(stats.redrawn.values()):>9}{dropped:>9}{rate:>11.1%}")
    lines.append(f"wrote {n} lockfiles to {out} (each self-checked: replay, oracle exact, caller "
                 f"satisfied, noop fails unless a refusal, near-misses fail)")
    return "\n".join(lines)
