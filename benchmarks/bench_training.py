"""Training-side speed: DiscreteActions episodes/s on one core, Ray eval with 1 vs 2 workers,
and PPO wall time per iteration. Needs the [rllib] extra for the last two.

    python benchmarks/bench_training.py [--episodes 2000] [--repeat 4] [--ppo-iterations 3]
"""

from __future__ import annotations

import argparse
import logging
import time

import numpy as np

from mivas_env import DiscreteActions, MivasEnv
from mivas_env.call.tasks import load_tasks


def discrete_throughput(episodes: int) -> float:
    env = DiscreteActions(MivasEnv(industry="healthcare", max_turns=24))
    rng = np.random.default_rng(0)
    steps = 0
    started = time.perf_counter()
    for episode in range(episodes):
        env.reset(seed=episode)
        while True:
            _, _, terminated, truncated, _ = env.step(int(rng.integers(env.action_space.n)))
            steps += 1
            if terminated or truncated:
                break
    elapsed = time.perf_counter() - started
    print(f"DiscreteActions, random macros: {episodes / elapsed:,.0f} episodes/s, "
          f"{steps / elapsed:,.0f} steps/s on one core ({steps / episodes:.1f} steps/episode)")
    return episodes / elapsed


def ray_scaling(repeat: int) -> None:
    import ray

    from mivas_env.evaluation.ray_runner import EvalPool

    tasks = load_tasks() * repeat
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    times = {}
    for workers in (1, 2):
        with EvalPool("random", workers=workers, agent_kwargs={"seed": 0}) as pool:
            pool.run(tasks[: 16 * workers], batch_size=8)  # actors built and warm
            started = time.perf_counter()
            pool.run(tasks, batch_size=32)
            times[workers] = time.perf_counter() - started
        print(f"Ray eval, {len(tasks)} random-agent episodes, {workers} warm worker(s): "
              f"{times[workers]:.2f} s ({len(tasks) / times[workers]:,.0f} episodes/s)")
    print(f"speed-up 2 vs 1 workers: {times[1] / times[2]:.2f}x")
    ray.shutdown()


def ppo_iterations(iterations: int) -> None:
    import ray
    import torch

    from mivas_env.integrations.rllib import iteration_metrics, ppo_config

    torch.set_num_threads(1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    started = time.perf_counter()
    algo = ppo_config({"industry": "healthcare", "max_turns": 24}).build_algo()
    print(f"PPO build: {time.perf_counter() - started:.1f} s")
    for i in range(iterations):
        started = time.perf_counter()
        metrics = iteration_metrics(algo.train())
        print(f"PPO iteration {i + 1}: {time.perf_counter() - started:.2f} s wall "
              f"(1000 env steps; pass rate {metrics['mivas_pass_rate']:.3f})")
    algo.stop()
    ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--ppo-iterations", type=int, default=3)
    args = parser.parse_args()
    discrete_throughput(args.episodes)
    try:
        import ray  # noqa: F401
    except ImportError:
        print("ray not installed: skipping the Ray and PPO figures")
        return
    ray_scaling(args.repeat)
    ppo_iterations(args.ppo_iterations)


if __name__ == "__main__":
    main()
