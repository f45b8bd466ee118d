"""Evaluate the oracle over the suite in Ray actors (needs `pip install -e '.[rllib]'`).

    python examples/ray_eval.py [--workers 2] [--industry legal]
"""

import argparse
import sys

from tqdm import tqdm

from mivas_env.call.tasks import load_tasks
from mivas_env.evaluation.ray_runner import ray_evaluate
from mivas_env.evaluation.runner import format_table, summarize
from mivas_env.extras import exit_on_missing_extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="Ray actors (default 2)")
    parser.add_argument("--industry", default=None, help="one industry (default: all)")
    args = parser.parse_args()
    with exit_on_missing_extra("ray_eval.py"):
        import ray  # noqa: F401  (the [rllib] extra: checked before any work)
    tasks = load_tasks(args.industry)
    with tqdm(total=len(tasks), desc="eval oracle", unit="task", file=sys.stderr,
              leave=False, disable=None) as progress:  # None: only on a terminal
        results, retried = ray_evaluate("oracle", tasks, workers=args.workers,
                                        on_done=progress.update)
    print(format_table(summarize("oracle", 0.5, results)))
    print("episodes re-run after a worker died:", retried)


if __name__ == "__main__":
    main()
