"""Train PPO (RLlib new API stack) on DiscreteActions over MIVAS tasks and log, per iteration,
pass rate, exact-route rate and mean r_train. Needs `pip install torch==2.13.0` and
`pip install -e '.[rllib]'`.

    python examples/train_rllib_ppo.py --industry healthcare --iterations 5 [--discount 0.5]
"""

from __future__ import annotations

import argparse
import json

from mivas_env.extras import exit_on_missing_extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--discount", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with exit_on_missing_extra("train_rllib_ppo.py"):
        train(args)


def train(args: argparse.Namespace) -> None:
    import ray
    import torch

    from mivas_env.integrations.rllib import build_algo, iteration_metrics, ppo_config

    torch.set_num_threads(1)  # without it a learner update on 2 cores takes ~50x longer
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    config = ppo_config({"industry": args.industry, "discount": args.discount, "max_turns": 24},
                        seed=args.seed)
    algo = build_algo(config)
    for iteration in range(1, args.iterations + 1):
        print(json.dumps({"iteration": iteration, **iteration_metrics(algo.train())}), flush=True)
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
