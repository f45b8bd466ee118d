"""The examples the README points to run as they are."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_oracle_rollout() -> None:
    out = run("oracle_rollout.py")
    assert "reward 1.0" in out and '"verdict": "exact"' in out


def test_random_rollout() -> None:
    assert run("random_rollout.py").count("healthcare/") == 5


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the [rllib] extra")
def test_ray_eval_example() -> None:
    out = run("ray_eval.py")
    assert "overall" in out and "re-run after a worker died: 0" in out
