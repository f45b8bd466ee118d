"""The verifiers adapter: the taskset yields policy-visible tasks, and ``vf-eval mivas-vf`` runs
the real verifiers 0.4 eval (null chat harness in a subprocess runtime) against a loopback
OpenAI-compatible stub that replays C1-E1's gold route."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("verifiers.v1", reason="needs the [verifiers] extra")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
from stub_chat_server import GOLD_C1E1, StubServer  # noqa: E402

sys.path.pop(0)

from mivas_env.call.tasks import load_tasks  # noqa: E402
from mivas_env.integrations.verifiers import MivasTaskset, MivasTasksetConfig  # noqa: E402
from rewards import tasks_dir  # noqa: E402


def test_the_taskset_yields_one_task_per_task_and_seed_with_only_visible_text() -> None:
    tasks = list(MivasTaskset(MivasTasksetConfig(industry="legal", seeds=2)))
    assert len(tasks) == 2 * len(load_tasks("legal"))
    by_id = {t.full_id: t for t in load_tasks("legal")}
    for task in tasks:
        lock = by_id[task.data.task_id]
        text = json.dumps(task.data.model_dump(mode="json"))
        opening = str(task.data.prompt).split("\nCaller: ", 1)[1]
        public = (tasks_dir() / "legal" / "industry.json").read_text()  # the business's own text
        for secret in (lock.caller.agent_answer, lock.caller.persona, lock.caller.goal.description,
                       lock.lock.title, *lock.caller.facts.values()):
            assert not secret or secret not in text or secret in opening or secret in public
        assert "<tool_call>" in str(task.data.system_prompt)


def test_the_taskset_takes_an_env_id_and_task_ids() -> None:
    tasks = list(MivasTaskset(MivasTasksetConfig(industry="mivas/healthcare-v0",
                                                 task_ids=["healthcare/C1-E1"])))
    assert [t.data.task_id for t in tasks] == ["healthcare/C1-E1"]


def run_vf_eval(tmp_path: Path, script: tuple[str, ...]) -> dict[str, object]:
    with StubServer(script) as server:
        done = subprocess.run(
            ["vf-eval", "mivas-vf", "-m", "stub", "--client.base-url", server.base_url,
             "--no-push", "--env.agent.runtime.type", "subprocess", "-o", str(tmp_path),
             "--env.taskset.task-ids", '["healthcare/C1-E1"]'],
            capture_output=True, text=True, timeout=900, cwd=tmp_path, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    (traces,) = tmp_path.glob("*/traces.jsonl")
    episode = json.loads(traces.read_text().splitlines()[0])
    trace: dict[str, object] = episode["traces"][0]
    return trace


@pytest.mark.skipif(shutil.which("vf-eval") is None or shutil.which("uv") is None
                    or importlib.util.find_spec("mivas_vf") is None,
                    reason="vf-eval's chat harness runs through uv (pip install uv)")
def test_vf_eval_runs_the_gold_route_against_a_loopback_endpoint(tmp_path: Path) -> None:
    trace = run_vf_eval(tmp_path, GOLD_C1E1)
    assert trace["rewards"]["r_train"]["score"] == 1.0  # type: ignore[index]
    assert trace["metrics"]["r_eval"] == 1.0 and trace["metrics"]["exact"] == 1.0  # type: ignore[index]
    assert trace["info"]["mivas"]["verdict"]["r_eval"] is True or \
        trace["info"]["mivas"]["verdict"]["r_eval"] == 1  # type: ignore[index]


def test_a_generated_env_id_yields_one_task_per_seed() -> None:
    import gymnasium as gym

    if "mivas/legal-gen-v0" not in gym.registry:
        pytest.skip("no generated families in this tree")
    tasks = list(MivasTaskset(MivasTasksetConfig(industry="mivas/legal-gen-v0", seeds=3)))
    assert [t.data.seed for t in tasks] == [0, 1, 2]
    assert all(t.data.task_id == "" and "-train-" in str(t.data.name) for t in tasks)
