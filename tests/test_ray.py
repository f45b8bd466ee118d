"""Ray evaluation and RLlib registration (skipped without the [rllib] extra)."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray", reason="needs the [rllib] extra")

from mivas_env.agents.baselines import make_agent  # noqa: E402
from mivas_env.call.tasks import load_tasks  # noqa: E402
from mivas_env.evaluation.ray_runner import WORKER_DIED, DeathNotices, EpisodeWorker, ray_evaluate  # noqa: E402
from mivas_env.evaluation.runner import evaluate  # noqa: E402
from rewards.industry import industry_names  # noqa: E402


@pytest.fixture(scope="session")
def ray_session() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def as_rows(results: list[Any]) -> list[tuple[Any, ...]]:
    return [(r.task_id, r.seed, r.passed, r.r_train, r.handoff_verdict, r.score_T, r.score_H,
             r.db_passed, r.turns, r.trace_sha256) for r in results]


@pytest.mark.parametrize("agent", ["oracle", "random"])
def test_ray_eval_equals_serial_eval(ray_session: None, agent: str) -> None:
    tasks = load_tasks()[:24]
    kwargs = {"seed": 3} if agent == "random" else {}
    serial = evaluate(make_agent(agent, **kwargs), tasks, seed=5)
    parallel, retried = ray_evaluate(agent, tasks, workers=2, seed=5, batch_size=4,
                                     agent_kwargs=kwargs)
    assert as_rows(parallel) == as_rows(serial) and retried == 0


def test_ray_workers_with_another_hash_seed_record_byte_identical_traces(
        ray_session: None) -> None:
    from mivas_env.evaluation.ray_runner import EvalPool

    tasks = load_tasks()[::7]
    serial = evaluate(make_agent("random", seed=9), tasks, seed=1)
    with EvalPool("random", workers=2, agent_kwargs={"seed": 9},
                  runtime_env={"env_vars": {"PYTHONHASHSEED": "4242"}}) as pool:
        parallel, _ = pool.run(tasks, seed=1, batch_size=2)
    assert [r.trace_sha256 for r in parallel] == [r.trace_sha256 for r in serial]


class CrashingWorker(EpisodeWorker):
    """Dies (once, across restarts: a marker file remembers) in the middle of a batch."""

    marker = ""
    victim = ""

    def episode(self, key: str, shipped: Any, seed: int, trial: int) -> Any:
        full_id = f"{shipped[0]['industry']}/{shipped[0]['id']}"
        if full_id == self.victim and not Path(self.marker).exists():
            Path(self.marker).write_text("crashed")
            os._exit(1)
        return super().episode(key, shipped, seed, trial)


def test_a_killed_actor_loses_no_episode(ray_session: None, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    tasks = load_tasks()[:12]
    marker = tmp_path / "crashed"
    victim = tasks[min(5, len(tasks) - 1)].full_id
    worker = type("Crashing", (CrashingWorker,), {"marker": str(marker), "victim": victim})
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # actors cannot import tests
    results, retried = ray_evaluate("oracle", tasks, workers=2, batch_size=3, worker=worker)
    assert marker.exists() and retried >= 1
    time.sleep(1.0)  # Ray's notice of the death arrives asynchronously
    captured = capsys.readouterr()
    assert WORKER_DIED not in captured.out + captured.err  # expected and handled: not printed
    assert [r.task_id for r in results] == [t.full_id for t in tasks]
    assert as_rows(results) == as_rows(evaluate(make_agent("oracle"), tasks))


def test_rllib_registers_every_env_id_and_builds_from_an_env_context(ray_session: None) -> None:
    from ray.rllib.env.env_context import EnvContext
    from ray.tune.registry import ENV_CREATOR, _global_registry

    from mivas_env.integrations.rllib import register

    ids = register()
    from mivas_env import GEN_ENV_IDS

    assert set(ids) == {f"mivas/{name}-v0" for name in industry_names()} | {"mivas/all-v0"} \
        | set(GEN_ENV_IDS)
    creator = _global_registry.get(ENV_CREATOR, "mivas/healthcare-v0")
    env = creator(EnvContext({"task_ids": ["C1-E1"], "discount": 0.3}, worker_index=0))
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs) and info["task_id"] == "healthcare/C1-E1"


def test_rllib_ppo_one_iteration_smoke(ray_session: None, capfd: pytest.CaptureFixture[str]
                                       ) -> None:
    torch = pytest.importorskip("torch", reason="needs the [rllib] extra")
    from mivas_env.integrations.rllib import build_algo, iteration_metrics, ppo_config

    torch.set_num_threads(1)
    algo = build_algo(ppo_config({"industry": "healthcare", "max_turns": 12}, seed=0))
    _, err = capfd.readouterr()
    assert "on the new API stack" not in err and "max_restarts > 0" not in err
    try:
        result = iteration_metrics(algo.train())
    finally:
        algo.stop()
    assert 0.0 <= result["mivas_pass_rate"] <= 1.0
    assert result["time_this_iter_s"] > 0


def test_discount_experiment_smoke_runs() -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parent.parent / "examples" / "discount_experiment.py"
    done = subprocess.run([sys.executable, str(script), "--smoke", "--tasks", "shipped"], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| discount |" in done.stdout


def test_only_the_worker_died_notice_is_swallowed_real_errors_still_print() -> None:
    printed: list[list[str]] = []
    notices = DeathNotices()
    notices._original = lambda data, ignore_prefix: printed.append(data["lines"])
    notices.filter({"pid": "raylet", "lines": [f"{WORKER_DIED} by an unexpected error."]}, False)
    notices.filter({"pid": "raylet", "lines": ["The node ran out of memory.",
                                               f"{WORKER_DIED} (SIGSEGV)."]}, False)
    notices.filter({"pid": 1234, "lines": [f"an actor printed: {WORKER_DIED}"]}, False)
    assert notices.swallowed == 2
    assert printed == [["The node ran out of memory."], [f"an actor printed: {WORKER_DIED}"]]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    """A small generated set (not shipped: the workers must get the lockfiles with their jobs)."""
    from mivas_env.call.tasks import load_dir
    from mivas_env.cli import main

    out = tmp_path_factory.mktemp("generated")
    assert main(["tasks", "generate", "--industry", "legal", "--split", "test", "--n", "6",
                 "--out", str(out), "--quiet"]) == 0
    return load_dir(out)


def test_generated_tasks_on_the_asr_channel_with_trials_equal_the_serial_run(
        ray_session: None, generated: list[Any]) -> None:
    channel = {"channel": "asr", "wer": 0.2}
    serial = evaluate(make_agent("naive"), generated, seed=4, trials=3, env_kwargs=channel)
    parallel, retried = ray_evaluate("naive", generated, workers=2, seed=4, trials=3,
                                     batch_size=4, env_kwargs=channel)
    assert as_rows(parallel) == as_rows(serial) and retried == 0
    assert [r.trial for r in parallel] == [r.trial for r in serial]


def test_an_llm_caller_on_workers_equals_the_serial_run(ray_session: None,
                                                        generated: list[Any]) -> None:
    pytest.importorskip("httpx", reason="needs the [llm] extra")
    from tests.helpers import ChatStub

    with ChatStub([{"content": "Sorry, could you say that again?"}]) as stub:
        caller = {"llm_caller": {"base_url": stub.base_url, "model": "stub", "api_key": "k"}}
        serial = evaluate(make_agent("careful"), generated[:4], env_kwargs=caller)
        asked = len(stub.requests)
        parallel, _ = ray_evaluate("careful", generated[:4], workers=2, batch_size=2,
                                   env_kwargs=caller)
        assert asked and len(stub.requests) == 2 * asked  # the model spoke, on both sides
    assert as_rows(parallel) == as_rows(serial)


def test_every_eval_option_on_two_workers_prints_and_writes_what_the_serial_run_does(
        ray_session: None, generated: list[Any], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from mivas_env.cli import main

    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        argv = ["eval", "--agent", "careful", "--tasks-dir", str(generated[0].path.parent),
                "--channel", "asr", "--wer", "0.2", "--trials", "2", "--seed", "3", "--json",
                "--quiet", "--workers", workers, "--save-traces", str(out / "traces"),
                "--export", str(out / "run.jsonl"), "--report", str(out / "page.html")]
        assert main(argv) == 0
        traces = {p.relative_to(out): p.read_text() for p in sorted(out.rglob("*.json"))}
        outputs.append((json.loads(capsys.readouterr().out), traces,
                        (out / "run.jsonl").read_text(), (out / "page.html").read_text()))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][1]) == 2 * len(generated)


def test_an_actor_killed_by_pid_mid_run_is_replaced_and_its_batch_rerun(
        ray_session: None, generated: list[Any]) -> None:
    import signal

    from mivas_env.evaluation.ray_runner import EvalPool

    serial = evaluate(make_agent("oracle"), generated, trials=4)
    with EvalPool("oracle", workers=2) as pool:
        victim = pool.pids()[0]
        killed: list[int] = []

        def kill_once(done: int) -> None:
            if not killed:  # after the first batch: the victim is busy or about to be
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        results, retried = pool.run(generated, trials=4, batch_size=2, on_done=kill_once)
        assert killed and retried >= 1 and pool.deaths >= 1
        assert victim not in pool.pids()
    assert as_rows(results) == as_rows(serial)  # nothing lost, nothing changed
