"""GRPO with TRL on MIVAS, end to end on CPU and offline: a tiny randomly initialised Qwen2-style
model and a byte-level BPE tokenizer trained here on a few strings (no hub download), TRL's
Qwen3 chat template (so TRL parses ``<tool_call>`` blocks), and
``mivas_env.integrations.trl.environment_factory`` as the environment. Needs
``pip install -e '.[trl]'`` (and the CPU torch build).

    python examples/train_trl_grpo.py                       # 2 GRPO steps, random weights
    python examples/train_trl_grpo.py --scripted            # scripted tool calls (see below)
    python examples/train_trl_grpo.py --model PATH --steps 50 --industry legal   # a real model

Random weights never emit a tool call, so with ``--scripted`` the generation is replaced by a
fixed script of tool calls (through TRL's private ``_generate_single_turn``, the seam between
generation and its tool loop): every other rollout plays C1-E1's gold route, the others answer
without checking, so the group has reward variance and the loss is not zero. Everything else —
tool schemas from the adapter, TRL's tool-call parsing and execution, termination,
``get_reward`` and the GRPO loss — is the real thing. With ``--model`` a real checkpoint is used
and nothing is scripted."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from mivas_env.extras import exit_on_missing_extra

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

# C1-E1's gold route as tool calls, then a plain answer that ends TRL's loop.
GOLD = [{"name": "transfer_to_coverage", "arguments": {}},
        {"name": "check_plan_accepted", "arguments": {"carrier": "aetna",
                                                      "location_id": "loc_park_ave"}},
        {"name": "say", "arguments": {"text": "Yes, the Park Avenue office accepts Aetna."}}]
GUESS = [{"name": "say", "arguments": {"text": "Yes, we take Aetna everywhere. Goodbye."}}]


def scripted_generation(trainer: Any, tokenizer: Any) -> None:
    """Replace generation with GOLD (even rollouts) or GUESS (odd rollouts), one call per turn.
    The turn is the number of tool results already in the sequence."""
    response_id = tokenizer.convert_tokens_to_ids("<tool_response>")
    texts = {name: [f"<tool_call>\n{json.dumps(call)}\n</tool_call><|im_end|>" for call in script]
             + ["All set.<|im_end|>"] for name, script in (("gold", GOLD), ("guess", GUESS))}
    calls = {"n": 0}

    def generate(prompt_ids: list[list[int]], *args: Any, **kwargs: Any) -> tuple[Any, None]:
        out = []
        for row, ids in enumerate(prompt_ids):
            turn = ids.count(response_id)
            if turn == 0:  # a new rollout: alternate the scripts by its row in the first batch
                script = "gold" if row % 2 == 0 else "guess"
            else:
                script = "gold" if turn < len(GOLD) and _is_gold_history(ids, tokenizer) \
                    else "guess"
            lines = texts[script]
            out.append(tokenizer.encode(lines[min(turn, len(lines) - 1)], add_special_tokens=False))
        calls["n"] += 1
        return out, None

    trainer._generate_single_turn = generate


def _is_gold_history(ids: list[int], tokenizer: Any) -> bool:
    return "transfer_to_coverage" in tokenizer.decode(ids[-400:])


def train(industry: str, steps: int, scripted: bool, model_path: str | None, out: Path,
          task_ids: list[str] | None = None) -> list[dict[str, Any]]:
    """Run ``steps`` GRPO steps; returns the trainer's log history."""
    import torch
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer

    from mivas_env.integrations.trl import dataset_rows, environment_factory

    torch.set_num_threads(1)
    if model_path:
        tokenizer = AutoTokenizer.from_pretrained(model_path)
        model = AutoModelForCausalLM.from_pretrained(model_path)
    else:
        from mivas_env.integrations.tiny_lm import tiny_model_and_tokenizer

        model, tokenizer = tiny_model_and_tokenizer(
            industry, extra=[json.dumps(call) for call in GOLD + GUESS])
    ids = task_ids or (["healthcare/C1-E1"] if scripted else None)
    rows = dataset_rows(industry, ids)
    args = GRPOConfig(output_dir=str(out), per_device_train_batch_size=4, num_generations=4,
                      max_completion_length=1024, max_steps=steps, learning_rate=1e-3,
                      logging_steps=1, save_strategy="no", report_to="none", use_cpu=True,
                      max_tool_calling_iterations=8, seed=0, bf16=False,
                      dataloader_num_workers=0)
    trainer = GRPOTrainer(model=model, processing_class=tokenizer, args=args,
                          train_dataset=Dataset.from_list(rows * 4),
                          environment_factory=environment_factory(industry, max_turns=12))
    if scripted:
        scripted_generation(trainer, tokenizer)
    trainer.train()
    return list(trainer.state.log_history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--industry", default="healthcare")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--scripted", action="store_true")
    parser.add_argument("--model", default=None, help="a local causal-LM checkpoint")
    args = parser.parse_args()
    with exit_on_missing_extra("train_trl_grpo.py"), tempfile.TemporaryDirectory() as out:
        history = train(args.industry, args.steps, args.scripted, args.model, Path(out))
    for entry in history:
        keep = {k: v for k, v in entry.items() if "reward" in k or k in ("loss", "step")
                or "tool" in k}
        print(json.dumps(keep))


if __name__ == "__main__":
    main()
