"""Drive the gold calls of healthcare/C1-E1 by hand and show the transcript and the verdict.

    python examples/oracle_rollout.py
"""

import argparse
import json

from mivas_env import MivasEnv


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    env = MivasEnv(industry="healthcare", task_id="C1-E1", render_mode="ansi")
    obs, info = env.reset(seed=0)
    print("desk:", info["active_node"], "| tools:", [t["function"]["name"] for t in info["tools"]])
    for action in [
        {"tool": "transfer_to_coverage", "arguments": {"handoff_summary": "plan question"}},
        '{"tool": "check_plan_accepted", "arguments": {"carrier": "Aetna", '
        '"location_id": "Park Avenue"}}',
        "Yes, I checked the Park Avenue office: Aetna is accepted there.",
    ]:
        obs, reward, terminated, truncated, info = env.step(action)
    print(env.render())
    print("reward", reward, "| verdict:", json.dumps(info["verdict"]["handoff"]))


if __name__ == "__main__":
    main()
