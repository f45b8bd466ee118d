"""The per-family level table of docs/generation.md: for every family, what each level adds
(the behaviours its instances get and the facts they act on, and the task structure, over
``--n`` test instances).

    python scripts/level_table.py [--n 20]

A behaviour about a fact names the facts it was drawn on (``self-correction: phone, dob``);
a family whose facts offer none goes without it (a dash). Structure names what it acts on and
in how many instances (``look-alike: patients (20/20)``); a dash where the routes allow none.
``tests/test_levels.py`` checks the table in docs/generation.md is this script's output at the
default size."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's mivas_env

from mivas_env.generation import families, generate_one, industries
from mivas_env.generation.levels import LEVELS

SHORT = {"date_of_birth": "dob", "member_id": "member id", "order_id": "order id"}
NAMES = {"self_correction": "self-correction", "reluctance": "reluctance",
         "wrong_guess": "wrong guess", "one_at_a_time": "one at a time", "barge_in": "barge-in",
         "side_speech": "side speech", "disfluency": "fillers"}


STRUCTURE = {"look_alike": "look-alike", "turned_down": "first choice turned down",
             "extra_lookup": "one more lookup"}


def cell(level: int, found: dict[str, set[str]], built: dict[str, list[set[str]]] | None = None,
         n: int = 0) -> str:
    """What ``level`` adds over the one below, for one family (``built``: per structure kind,
    what it acted on in each instance that has it)."""
    parts = []
    for kind in LEVELS[level].adds:
        slots = found.get(kind)
        if slots is None:
            parts.append(f"({NAMES[kind]}: -)")
        elif slots:
            parts.append(f"{NAMES[kind]}: {', '.join(sorted(SHORT.get(s, s) for s in slots))}")
        else:
            parts.append(NAMES[kind])
    for kind in LEVELS[level].structure:
        seen = (built or {}).get(kind, [])
        if not seen:
            parts.append(f"({STRUCTURE[kind]}: -)")
        else:
            what = ", ".join(sorted(set().union(*seen)))
            parts.append(f"{STRUCTURE[kind]}: {what} ({len(seen)}/{n})")
    return "; ".join(parts)


def table(n: int, only: list[str] | None = None) -> str:
    """The markdown table (``only``: these industries' rows)."""
    header = "| family | " + " | ".join(f"L{level.number} adds" for level in LEVELS[1:]) + " |"
    lines = [header, "|---|" + "---|" * (len(LEVELS) - 1)]
    for industry in only or industries():
        for family in families(industry):
            found: dict[str, set[str]] = defaultdict(set)
            built: dict[str, list[set[str]]] = defaultdict(list)
            for seed in range(n):
                data = generate_one(industry, "test", seed, family=family.code,
                                    level=len(LEVELS) - 1, check=False).data
                for behaviour in data["caller"]["behaviours"]:
                    slots = found[behaviour["kind"]]
                    if "slot" in behaviour:
                        slots.add(behaviour["slot"])
                acted: dict[str, set[str]] = defaultdict(set)
                for note in data.get("structure", []):
                    acted[note["kind"]] |= {note.get("table") or note["tool"],
                                            *(["a desk"] if note.get("desk") else [])}
                for kind, what in acted.items():
                    built[kind].append(what)
            lines.append(f"| {industry} {family.code} `{family.category}` | "
                         + " | ".join(cell(level.number, found, built, n)
                                      for level in LEVELS[1:]) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20)
    print(table(parser.parse_args().n))


if __name__ == "__main__":
    main()
