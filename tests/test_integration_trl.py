"""The TRL adapter: tool methods generated from industry.json, reset/say/get_reward, and a real
GRPO step on CPU through TRL's tool loop."""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mivas_env.call.tasks import load_tasks
from mivas_env.integrations.common import tool_specs
from mivas_env.integrations.trl import dataset_rows, environment_factory
from rewards import load_industry, tasks_dir
from rewards.industry import industry_names

HAS_TRL = importlib.util.find_spec("trl") is not None


def tools_of(env: Any) -> list[str]:
    """The tools TRL sees: public functions on the class, reset/get_reward excepted."""
    return [name for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
            if not name.startswith("_") and name not in ("reset", "get_reward")]


@pytest.mark.parametrize("industry", industry_names())
def test_every_tool_of_the_industry_is_a_typed_method_plus_say(industry: str) -> None:
    env = environment_factory(industry)()
    assert sorted(tools_of(env)) == sorted(["say", *load_industry(industry).tools])
    for name in tools_of(env):
        assert name.isidentifier()
        method = getattr(env, name)
        assert "Args:" in (method.__doc__ or "") or not inspect.signature(method).parameters


@pytest.mark.skipif(not HAS_TRL, reason="needs the [trl] extra (transformers)")
@pytest.mark.parametrize("industry", industry_names())
def test_transformers_builds_a_schema_for_every_tool(industry: str) -> None:
    from transformers.utils import get_json_schema

    env = environment_factory(industry)()
    for name in tools_of(env):
        schema = get_json_schema(getattr(env, name))["function"]
        assert schema["name"] == name
        spec = next((t for t in tool_specs(industry) if t.method == name), None)
        if spec is None:
            continue
        for param in spec.params:
            prop = schema["parameters"]["properties"][param.name]
            if param.enum is not None and param.type != "array":
                assert prop["enum"] == list(param.enum)  # enums flattened to strings + choices
        assert set(schema["parameters"].get("required", [])) == {
            p.name for p in spec.params if p.required}


def test_reset_honours_task_id_and_seed_and_the_gold_route_earns_r_train() -> None:
    env = environment_factory("healthcare", discount=0.5)()
    first = env.reset(task_id="healthcare/C1-E1", seed=3, prompt=[{"role": "user", "content": ""}])
    assert env.reset(task_id="healthcare/C1-E1", seed=3) == first
    assert env.env.task is not None and env.env.task.full_id == "healthcare/C1-E1"
    refused = json.loads(env.check_plan_accepted(carrier="aetna", location_id="loc_park_ave"))
    assert refused["error_code"] == "not_available_at_node"  # another desk's tool stays offered
    env.transfer_to_coverage()
    env.check_plan_accepted(carrier="aetna", location_id="loc_park_ave")
    reply = env.say("Yes, the Park Avenue office accepts Aetna.")
    assert "[The call has ended.]" in reply
    assert env.get_reward() == 1.0
    assert env.outcome["r_eval"] == 1.0 and env.outcome["verdict"]["handoff"]["verdict"] == "exact"
    assert env.info["r_train"] == 1.0


def test_an_open_call_is_scored_when_the_rollout_stops() -> None:
    env = environment_factory("healthcare")()
    env.reset(task_id="healthcare/C1-E1", seed=0)
    env.say("Hello, how can I help?")
    assert env.get_reward() == 0.0
    assert env.outcome["r_eval"] == 0.0 and env.outcome["ended_by"] == "rollout_ended"


def test_env_kwargs_reach_the_env_and_generated_ids_are_accepted() -> None:
    env = environment_factory("mivas/legal-v0", max_turns=3, discount=0.2)()
    assert env.env.max_turns == 3 and env.env.discount == 0.2
    strict = environment_factory("healthcare", reward="strict")()
    assert strict.env.reward == "strict"
    strict.reset(task_id="healthcare/C1-E1", seed=0)
    strict.say("Goodbye.")
    assert strict.outcome["reward_kind"] == "strict"
    with pytest.raises(TypeError):
        environment_factory("healthcare", no_such_option=1)()
    with pytest.raises(ValueError, match="one industry"):
        environment_factory("mivas/all-v0")


@pytest.mark.parametrize("industry", industry_names())
def test_no_lockfile_content_reaches_the_prompt(industry: str) -> None:
    env = environment_factory(industry)()
    for task in load_tasks(industry):
        text = env.reset(task_id=task.full_id, seed=0)
        text += json.dumps(dataset_rows(industry, [task.full_id]))
        secrets = [task.caller.agent_answer, task.caller.persona, task.caller.goal.description,
                   task.lock.title, task.lock.description]
        secrets += [value for value in task.caller.facts.values() if len(value) > 6]
        opening = text.split("\nCaller: ", 1)[1]  # what the caller itself says may repeat a fact
        public = (tasks_dir() / industry / "industry.json").read_text()  # the business's own text
        for secret in secrets:
            assert not secret or secret not in text or secret in opening or secret in public, (
                task.full_id, secret)
        assert task.lock.category not in text.split("\nCaller: ")[0].split("] ", 1)[0]


@pytest.mark.skipif(not HAS_TRL, reason="needs the [trl] extra")
def test_one_grpo_step_runs_the_tool_loop_and_scores_each_rollout(tmp_path: Path) -> None:
    """A real GRPOTrainer step on CPU: tiny random Qwen2 model, locally trained BPE, Qwen3 chat
    template. Random weights never emit a tool call, so generation is SCRIPTED through TRL's
    private ``_generate_single_turn`` (see examples/train_trl_grpo.py): half the rollouts play
    C1-E1's gold route, half answer without checking. TRL parses and runs the tool calls through
    the adapter, ends each rollout, calls get_reward, and computes the GRPO loss."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    try:
        import train_trl_grpo
    finally:
        sys.path.pop(0)
    history = train_trl_grpo.train("healthcare", steps=1, scripted=True, model_path=None,
                                   out=tmp_path)
    step = history[0]
    reward_key = "rewards/MivasHealthcareToolEnv/mean"
    assert step[reward_key] == pytest.approx(0.5)  # gold rollouts earn 1, guesses 0
    assert step["reward_std"] > 0 and step["tools/failure_frequency"] == 0
    assert step["tools/call_frequency"] > 1  # multi-turn: several tool calls per rollout
    assert step["loss"] != 0 and step["grad_norm"] > 0


def test_a_generated_env_id_draws_one_instance_per_seed() -> None:
    gym = pytest.importorskip("gymnasium")
    if "mivas/healthcare-gen-v0" not in gym.registry:
        pytest.skip("no generated families in this tree")
    env = environment_factory("mivas/healthcare-gen-v0", max_turns=5)()
    first = env.reset(seed=7)
    task = env.env.task
    assert env.reset(seed=7) == first and env.env.task is not None
    assert task is not None and env.env.task.full_id == task.full_id
    assert "-test-" not in task.full_id  # the train split by default
    with pytest.raises(ValueError, match="seed"):
        env.reset(task_id="healthcare/C1-E1", seed=0)
    env.say("Hello?")
    assert env.get_reward() == env.outcome["r_train"] and "verdict" in env.outcome
    rows = dataset_rows("mivas/healthcare-gen-v0", seeds=3)
    assert [sorted(row) for row in rows] == [["prompt", "seed"]] * 3


def test_a_tool_called_with_wrong_or_invented_arguments_answers_an_error() -> None:
    env = environment_factory("healthcare")()
    env.reset(task_id="healthcare/C1-E1", seed=0)
    env.transfer_to_coverage()
    answer = json.loads(env.check_plan_accepted(carrier=3, location_id=None, colour="blue"))
    assert answer["ok"] is False and answer["error_code"] == "invalid_argument"
    elsewhere = json.loads(env.book_appointment(patient_id="pat_0001", location_id="loc_park_ave",
                                                start_time="2026-12-08T09:00",
                                                visit_type="follow_up"))
    assert elsewhere["error_code"] == "not_available_at_node"  # a scheduling-desk tool


@pytest.mark.skipif(not HAS_TRL, reason="needs the [trl] extra")
def test_one_sft_step_trains_on_the_export_with_assistant_only_loss(tmp_path: Path) -> None:
    """The export read by TRL's real ``SFTTrainer`` (tiny random Qwen2, locally trained BPE,
    TRL's Qwen3 training template): the chat format is proven by a loss, not assumed."""
    import datasets
    import torch
    from trl import SFTConfig, SFTTrainer

    from mivas_env.cli import main
    from mivas_env.evaluation.export import read_export
    from mivas_env.integrations.tiny_lm import tiny_model, tiny_tokenizer

    out = tmp_path / "export.jsonl"
    assert main(["eval", "--agent", "careful", "--channel", "asr", "--quiet", "--export", str(out),
                 "--task", "healthcare/C1-E1"]) == 0
    records = read_export(out)
    assert any(m["role"] == "system" for r in records for m in r["messages"][1:])  # a transfer
    tokenizer = tiny_tokenizer([json.dumps(r) for r in records] * 2)
    model = tiny_model(len(tokenizer), tokenizer.pad_token_id, tokenizer.eos_token_id)
    dataset = datasets.Dataset.from_list([{"messages": r["messages"], "tools": r["tools"]}
                                          for r in records])
    config = SFTConfig(output_dir=str(tmp_path / "sft"), max_steps=1, per_device_train_batch_size=1,
                       assistant_only_loss=True, report_to=[], logging_steps=1, use_cpu=True,
                       max_length=None, save_strategy="no", disable_tqdm=True)
    trainer = SFTTrainer(model=model, args=config, train_dataset=dataset,
                         processing_class=tokenizer)
    labels = trainer.train_dataset[0]["labels"]
    trained = sum(label != -100 for label in labels)
    assert 0 < trained < len(labels)  # assistant-only: the prompt, caller and tools are masked
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a 5k-token sequence: one thread is faster on shared cores
    try:
        result = trainer.train()
    finally:
        torch.set_num_threads(threads)
    assert result.training_loss > 0
