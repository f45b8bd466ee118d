"""``mivas eval --workers N`` speed-up: the frozen bench (generated tasks, shipped to the actors
with their batches) on the asr channel, serial and on 1 and 2 warm Ray actors.

    python benchmarks/bench_ray_eval.py [--agent careful] [--trials 2] [--repeat 3]

Warm: the pool is built and run once before timing (Ray's start and the actors' imports are
paid once per run of the CLI, a few seconds, and are reported apart)."""

from __future__ import annotations

import argparse
import os
import time

from mivas_env.agents.baselines import make_agent
from mivas_env.call.tasks import load_dir
from mivas_env.evaluation.ray_runner import EvalPool
from mivas_env.evaluation.runner import evaluate
from rewards import tasks_dir


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="careful")
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best is kept")
    args = parser.parse_args()
    tasks = [task for bench in sorted(tasks_dir().glob("*/bench")) for task in load_dir(bench)]
    channel = {"channel": "asr", "wer": 0.1}
    episodes = len(tasks) * args.trials
    serial_s = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        serial = evaluate(make_agent(args.agent), tasks, trials=args.trials, env_kwargs=channel)
        serial_s.append(time.perf_counter() - start)
    print(f"{episodes} episodes ({len(tasks)} bench tasks x {args.trials} trials, asr 0.1, "
          f"{args.agent}); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"serial:            {min(serial_s):6.2f} s")
    import ray

    for workers in (1, 2):
        start = time.perf_counter()
        with EvalPool(args.agent, workers=workers, env_kwargs=channel) as pool:
            pool.run(tasks, trials=args.trials)  # warm: imports, envs built
            cold = time.perf_counter() - start
            timed = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                results, _ = pool.run(tasks, trials=args.trials)
                timed.append(time.perf_counter() - start)
        assert [r.trace_sha256 for r in results] == [r.trace_sha256 for r in serial]
        print(f"{workers} worker(s), warm: {min(timed):6.2f} s  speed-up vs serial "
              f"{min(serial_s) / min(timed):.2f}x  (first run incl. start-up {cold:.1f} s)")
        ray.shutdown()


if __name__ == "__main__":
    main()
