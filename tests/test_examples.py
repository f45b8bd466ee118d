"""The examples the README points to run as they are."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str, status: int = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == status, done.stderr[-3000:]
    return done


def test_oracle_rollout() -> None:
    out = run("oracle_rollout.py").stdout
    assert "reward 1.0" in out and '"verdict": "exact"' in out


def test_random_rollout() -> None:
    assert run("random_rollout.py").stdout.count("healthcare/") == 5


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the [rllib] extra")
def test_ray_eval_example() -> None:
    out = run("ray_eval.py").stdout
    assert "overall" in out and "re-run after a worker died: 0" in out


@pytest.mark.skipif(importlib.util.find_spec("httpx") is None, reason="needs the [llm] extra")
def test_llm_agent_example_runs_offline_against_its_stub_model() -> None:
    out = run("llm_agent.py", "--stub", "--limit", "3").stdout
    assert out.count("passed=True route=exact") == 3 and "agent=llm:stub-oracle" in out


@pytest.mark.skipif(importlib.util.find_spec("httpx") is None, reason="needs the [llm] extra")
def test_llm_agent_example_says_so_when_the_endpoint_is_unreachable() -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = run("llm_agent.py", "--base-url", f"http://127.0.0.1:{port}/v1", "--model", "m",
               "--limit", "1", status=2)
    assert done.stderr.startswith("error: cannot reach the model endpoint")
    assert "Traceback" not in done.stderr
