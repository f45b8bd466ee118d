"""Roll out a random policy on a few healthcare episodes and print each verdict.

    python examples/random_rollout.py [--episodes 5] [--industry healthcare]
"""

import argparse

import gymnasium as gym

import mivas_env  # noqa: F401  (registers the env ids)
from mivas_env.agents.baselines import RandomAgent
from mivas_env.env import policy_info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--industry", default="healthcare")
    args = parser.parse_args()
    env = gym.make(f"mivas/{args.industry}-v0", max_turns=20)
    agent = RandomAgent(seed=0)
    for episode in range(args.episodes):
        obs, info = env.reset(seed=episode)
        agent.reset(obs, policy_info(info))  # the policy never sees task_id or category
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(agent.act(obs, policy_info(info)))
            done = terminated or truncated
        print(f"{info['verdict']['task_id']:<22} reward={reward:<4} "
              f"route={info['handoff_verdict']:<22} T={info['score_T']:.2f} "
              f"H={info['score_H']:.2f} D={info['db_passed']}")


if __name__ == "__main__":
    main()
