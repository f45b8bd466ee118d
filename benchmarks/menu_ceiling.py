"""The macro menu's ceiling: each task's gold script through ``DiscreteActions``
(``script_for``), on the shipped tasks and on generated instances; prints the pass counts per
industry and names every task that fails.

    python benchmarks/menu_ceiling.py                    # shipped tasks
    python benchmarks/menu_ceiling.py --generated 60     # plus 60 train + 60 test instances each

Measured (2-core VM, about 15 s): shipped 104/104 (100.0%), generated 355/360 (98.6%).
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from mivas_env.call.tasks import Task, load_tasks
from mivas_env.env import MivasEnv
from mivas_env.wrappers import DiscreteActions
from rewards.industry import industry_names


def play(env: DiscreteActions, task: Task) -> dict[str, Any]:
    """Play ``task``'s gold script through the menu on ``env``; the last step's info."""
    env.reset(seed=0, options={"task_id": task.full_id})
    info: dict[str, Any] = {}
    for action in env.script_for(task):
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    return info


def passes(task: Task) -> bool:
    return play(DiscreteActions(MivasEnv(tasks=[task], max_turns=60)), task).get("r_eval") == 1


def report(label: str, tasks: list[Task]) -> tuple[int, int]:
    failed = [task.full_id for task in tasks if not passes(task)]
    by_family = Counter(name.split("/")[1].split("-")[0] for name in failed)
    print(f"{label}: {len(tasks) - len(failed)}/{len(tasks)}"
          + (f"  failing: {', '.join(failed) if len(failed) <= 8 else dict(by_family)}"
             if failed else ""), flush=True)
    return len(tasks) - len(failed), len(tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generated", type=int, default=0, metavar="N",
                        help="also N train and N test instances per industry with families")
    args = parser.parse_args()
    totals = Counter[str]()
    for industry in industry_names():
        ok, n = report(f"{industry} shipped", load_tasks(industry))
        totals["shipped ok"] += ok
        totals["shipped"] += n
    if args.generated:
        from mivas_env.generation.core import generate
        from mivas_env.generation.families import industries

        for industry in industries():
            for split in ("train", "test"):
                tasks = [i.task for i in generate(industry, split, args.generated, check=False)]
                ok, n = report(f"{industry} generated {split}", tasks)
                totals["generated ok"] += ok
                totals["generated"] += n
    print(f"shipped {_share(totals['shipped ok'], totals['shipped'])}"
          + (f", generated {_share(totals['generated ok'], totals['generated'])}"
             if args.generated else ""))


def _share(ok: int, n: int) -> str:
    return f"{ok}/{n} ({100 * ok / n:.1f}%)" if n else "0/0"


if __name__ == "__main__":
    main()
