"""The examples the README points to run as they are, and behave like the CLI: ``--help`` on
every one, and a missing extra is one line and exit 2, never a traceback."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(path.name for path in EXAMPLES.glob("*.py"))
# every optional package of the extras (mivas_env.extras.EXTRAS), hidden to play `.[dev]` only
OPTIONAL = ["ray", "torch", "httpx", "trl", "transformers", "datasets", "tokenizers", "verifiers",
            "skyrl_gym"]
# how each example that needs an extra is started (short settings)
NEEDS_AN_EXTRA = {"discount_experiment.py": ["--smoke"], "llm_agent.py": ["--stub"],
                  "ray_eval.py": [], "train_rllib_ppo.py": ["--iterations", "1"],
                  "train_trl_grpo.py": ["--steps", "1"]}


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
    out = run("ray_eval.py", "--industry", "legal").stdout
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


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_example_answers_help_and_starts_nothing(name: str) -> None:
    done = run(name, "--help")
    assert done.stdout.startswith(f"usage: {name}") and done.stderr == ""


def without_extras(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run an example as if only `.[dev]` were installed: importing an extra's package fails."""
    script = (f"import runpy, sys\nfor name in {OPTIONAL!r}:\n    sys.modules[name] = None\n"
              f"sys.path.insert(0, {str(EXAMPLES)!r})\nsys.argv = {[name, *args]!r}\n"
              f"runpy.run_path({str(EXAMPLES / name)!r}, run_name='__main__')\n")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.mark.parametrize("name", sorted(NEEDS_AN_EXTRA))
def test_an_example_without_its_extra_says_which_in_one_line_and_exits_2(name: str) -> None:
    done = without_extras(name, *NEEDS_AN_EXTRA[name])
    assert done.returncode == 2, done.stderr[-3000:]
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"{name}: error: this needs ")
    assert "pip install 'mivas[" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["oracle_rollout.py", "random_rollout.py"])
def test_examples_that_need_no_extra_run_without_any(name: str) -> None:
    done = without_extras(name)
    assert done.returncode == 0 and "reward" in done.stdout, done.stderr[-3000:]
