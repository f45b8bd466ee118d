"""Record the near-miss twins: run each spec's actions through the env and save the trace.

    python scripts/record_near_misses.py [INDUSTRY ...]

Specs live in tests/fixtures/near_miss/<industry>.json, a list of
{"task", "slug", "description", "caught_by": ["T"|"H"|"D", ...], "actions": [...]}.
Traces go to tests/fixtures/near_miss/traces/<industry>/<ID>__<slug>.json. Each line printed
says whether the gates that fail are exactly ``caught_by``; the exit status is 1 if any is not.
Recording is deterministic and a trace whose content did not change is not rewritten, so a run
on an unchanged tree leaves git clean (tests/test_suite.py re-records every twin and compares
bytes)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mivas_env.call.tasks import find_task  # noqa: E402
from mivas_env.env import MivasEnv  # noqa: E402
from rewards.industry import industry_names  # noqa: E402
from rewards.models import Verdict  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "near_miss"


def record(spec: dict[str, Any], root: Path = ROOT) -> tuple[Path, list[str]]:
    """Play one twin and write its trace under ``root``/traces; returns the path and the gates
    that fail."""
    task = find_task(spec["task"])
    env = MivasEnv(tasks=[task], max_turns=max(40, len(spec["actions"]) + 2))
    env.reset(seed=0, options={"task_id": task.full_id})
    info: dict[str, Any] = {}
    done = False
    for action in spec["actions"]:
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        if done:
            break
    if not done:
        _, _, _, _, info = env.step({"tool": "end_call", "arguments": {}})
    path = root / "traces" / task.industry / f"{task.lock.id}__{spec['slug']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(info["trace"], indent=1) + "\n"
    if not path.is_file() or path.read_text() != text:
        path.write_text(text)
    return path, list(Verdict.model_validate(info["verdict"]).failed_gates)


def main(argv: list[str]) -> int:
    industries = argv or [i for i in industry_names() if (ROOT / f"{i}.json").is_file()]
    bad = 0
    for industry in industries:
        specs = json.loads((ROOT / f"{industry}.json").read_text())
        for spec in specs:
            path, gates = record(spec)
            ok = sorted(gates) == sorted(spec["caught_by"])
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {spec['task']:<28} {spec['slug']:<28} "
                  f"fails {''.join(gates) or 'nothing'} (documented {''.join(spec['caught_by'])})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
