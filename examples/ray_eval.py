"""Evaluate the oracle over the whole suite in two Ray actors (needs `pip install -e '.[rllib]'`).

    python examples/ray_eval.py
"""

from mivas_env.call.tasks import load_tasks
from mivas_env.evaluation.ray_runner import ray_evaluate
from mivas_env.evaluation.runner import format_table, summarize

results, retried = ray_evaluate("oracle", load_tasks(), workers=2)
print(format_table(summarize("oracle", 0.5, results)))
print("episodes re-run after a worker died:", retried)
