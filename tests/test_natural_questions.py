"""The gold-procedure comparison (benchmarks/natural_questions.py): its agent changes only the
words of each question."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from mivas_env.agents.voice import CarefulVoiceAgent
from mivas_env.call.tasks import find_task
from mivas_env.evaluation.runner import evaluate
from rewards import load_industry

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # the harness imports its corpus loader beside it
_spec = importlib.util.spec_from_file_location("_natural_questions",
                                               BENCHMARKS / "natural_questions.py")
assert _spec is not None and _spec.loader is not None
nq = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = nq
_spec.loader.exec_module(nq)

TASKS = [find_task("healthcare/C2-E1"), find_task("customer_support/C1-E1")]


def test_asking_with_the_canonical_questions_records_the_same_calls() -> None:
    canonical = {industry: {slot: [s.question] for slot, s in load_industry(industry).slots.items()}
                 for industry in ("healthcare", "customer_support")}
    for task in TASKS:
        agent = nq.NaturalCarefulAgent(canonical[task.industry])
        ours, theirs = (evaluate(a, [task])[0] for a in (agent, CarefulVoiceAgent()))
        assert ours.trace_sha256 == theirs.trace_sha256 and ours.passed == theirs.passed


def test_each_slot_is_asked_with_a_phrasing_of_the_split() -> None:
    asked: list[str] = []
    questions = nq.phrasings("customer_support", "test")
    agent = nq.NaturalCarefulAgent(questions, seed=3)
    evaluate(agent, [TASKS[1]], on_episode=lambda task, seed, info, messages: asked.extend(
        m["content"] for m in messages if m.get("role") == "assistant"
        and isinstance(m.get("content"), str)))
    every = {line for lines in questions.values() for line in lines}
    assert any(line in every for line in asked)
    canonical = {s.question for s in load_industry("customer_support").slots.values()}
    assert not canonical & set(asked)
