"""A tiny randomly initialised causal LM and a byte-level BPE trained on the spot, for running the
TRL adapter offline on CPU (no hub download): ``model, tokenizer = tiny_model_and_tokenizer()``.
Random weights never emit a tool call; the pair is for plumbing runs, not for learning. Needs the
``[trl]`` extra (transformers, tokenizers, trl for the Qwen3 chat template)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>",
           "<tool_response>", "</tool_response>", "<think>", "</think>"]


def corpus(industry: str, extra: Sequence[str] = ()) -> list[str]:
    """The texts the tokenizer is trained on: the industry's system prompt and tool schemas."""
    from mivas_env.integrations.common import all_schemas, system_prompt

    return [system_prompt(industry), json.dumps(all_schemas(industry)), *extra] * 3


def tiny_tokenizer(texts: list[str]) -> Any:
    """A byte-level BPE trained on ``texts`` with the Qwen3 chat template and tool markers."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast
    from trl.chat_template_utils import qwen3_chat_template

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=1024, special_tokens=SPECIAL,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tokenizer.train_from_iterator(texts, trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, eos_token="<|im_end|>",  # type: ignore[no-untyped-call]
                                   pad_token="<|endoftext|>", bos_token=None)
    fast.chat_template = qwen3_chat_template
    return fast


def tiny_model(vocab_size: int, pad_token_id: int, eos_token_id: int) -> Any:
    """A 2-layer Qwen2 causal LM, hidden size 32, 32k positions (19 tool schemas fit)."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    torch.manual_seed(0)
    config = Qwen2Config(vocab_size=vocab_size, hidden_size=32, intermediate_size=64,
                         num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                         max_position_embeddings=32_768, pad_token_id=pad_token_id,
                         eos_token_id=eos_token_id, tie_word_embeddings=True)
    return Qwen2ForCausalLM(config)


def tiny_model_and_tokenizer(industry: str = "healthcare", extra: Sequence[str] = ()
                             ) -> tuple[Any, Any]:
    """The tiny model and its tokenizer, trained on the industry's prompt, schemas and ``extra``."""
    tokenizer = tiny_tokenizer(corpus(industry, extra))
    return tiny_model(len(tokenizer), tokenizer.pad_token_id, tokenizer.eos_token_id), tokenizer
