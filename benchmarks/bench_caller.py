"""The scripted caller's speed: one agent line read and answered, from a short question to a
64 KiB line of adversarial text (issue 19: a 64 KiB line in at most 5 ms; the reader is one
dictionary lookup per word and a bounded placement per pattern, no backtracking regex, and it
reads the first ``MAX_READ_CHARS`` of a line). Each line is timed as said again (its reading
remembered, as in a rollout that repeats its lines) and as never read before.

    python benchmarks/bench_caller.py [--n 300]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import HEADER, percentiles, row  # noqa: E402

from mivas_env.call.runtime import slot_keywords  # noqa: E402
from mivas_env.call.tasks import find_task  # noqa: E402
from mivas_env.caller.scripted import ScriptedCaller  # noqa: E402
from mivas_env.caller.understanding import industry_understanding  # noqa: E402

KIB = 1024
LINES = {
    "slot question": "Perfect, thanks - and what's your date of birth?",
    "no slot": "Let me look into that for you.",
    "64 KiB of slot words": ("what is your phone number and date of birth, " * 2000)[:64 * KIB],
    "64 KiB of one word": ("a" * 64 * KIB),
    "64 KiB of punctuation": ("?, (-) " * 11000)[:64 * KIB],
    "64 KiB of negations": ("no need for your phone but what " * 2100)[:64 * KIB],
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    n = parser.parse_args().n
    task = find_task("healthcare/C1-E1")
    understanding = industry_understanding("healthcare")
    print(HEADER)
    for label, line in LINES.items():
        caller = ScriptedCaller(task.caller, slot_keywords("healthcare"), 0, understanding)
        def respond(line: str = line, caller: ScriptedCaller = caller) -> None:
            caller.respond(line)

        print(row(f"caller.respond: {label}", percentiles(respond, n, warmup=5)))

        def unseen(line: str = line, caller: ScriptedCaller = caller) -> None:
            understanding._cache.clear()  # a line never read before: no remembered reading
            caller.respond(line)

        print(row("  ...never read before", percentiles(unseen, n, warmup=5)))


if __name__ == "__main__":
    main()
