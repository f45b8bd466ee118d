"""The caller-understanding harness (benchmarks/caller_understanding.py): its value comparison,
its perturbation and its scoring of a caller, on a shipped task."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mivas_env.call.tasks import find_task

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # the harness imports its corpus loader beside it
_spec = importlib.util.spec_from_file_location("_caller_understanding",
                                               BENCHMARKS / "caller_understanding.py")
assert _spec is not None and _spec.loader is not None
cu = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = cu  # its dataclasses look their module up
_spec.loader.exec_module(cu)
from _agent_lines import AgentLine  # noqa: E402


def test_values_compare_without_case_punctuation_or_digit_grouping() -> None:
    said = cu.norm("Sure, it's (914) 555-0123, and I'm Dana Whitfield.")
    assert cu.contains(said, cu.norm("914.555.0123"))
    assert cu.contains(said, cu.norm("dana whitfield"))
    assert not cu.contains(said, cu.norm("Dan"))  # whole words only


def test_a_value_spelled_letter_by_letter_counts_and_the_bare_word_does_not() -> None:
    assert cu.spelled("It's W-H-I-T-F-I-E-L-D.", "Dana Whitfield")
    assert cu.spelled("Y L S 5 5 8 2 0 1 9 3 7", "YLS558201937")
    assert cu.spelled("That's 918273645.", "918273645")  # digits may come as one number
    assert not cu.spelled("Whitfield.", "Dana Whitfield")
    assert not cu.spelled("It's Y-L-S.", "YLS558201937")


@given(st.text(alphabet="abcXYZ0123456789 -@.", min_size=1, max_size=30), st.integers(0, 99))
def test_a_perturbed_value_differs_in_exactly_one_character(value: str, seed: int) -> None:
    wrong = cu.perturbed(value, random.Random(seed))
    if any(ch.isalnum() for ch in value):
        assert len(wrong) == len(value)
        assert sum(a != b for a, b in zip(value, wrong, strict=True)) == 1
        assert cu.norm(wrong) != cu.norm(value)
    else:
        assert wrong != value


def test_the_canonical_question_is_answered_and_an_off_topic_line_gives_nothing() -> None:
    task = find_task("healthcare/C1-E1")
    harness = cu.Harness("healthcare", [task], per_line=1)
    outcomes = harness.run([
        AgentLine("t-1", "How did you hear about us?", "off_topic", (), (), None, "dev", "casual")])
    canonical = {o.slots[0]: o for o in outcomes if o.label == "canonical"}
    assert set(canonical) == set(task.caller.facts)
    assert all(o.ok and not o.leak for o in canonical.values())
    quiet = [o for o in outcomes if o.label == "off_topic"]
    assert len(quiet) == 1 and quiet[0].ok and not quiet[0].leak


def test_a_nudge_naming_the_callers_office_is_neither_answer_nor_leak() -> None:
    probe = cu.Probe(find_task("healthcare/C1-E1"))
    nudge = probe.task.caller.nudges[0]  # names Aetna and Park Avenue
    assert probe.own_words(nudge) == ""
    assert probe.leaked(probe.own_words("Sure. " + nudge), ()) == []
    assert probe.leaked(cu.norm("It's Aetna."), ()) == ["carrier"]


def test_a_user_mistake_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cu.main(["--split", "train"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


class _Says(cu.Probe):
    """A probe whose caller always says ``reply``."""

    def __init__(self, task: object, reply: str) -> None:
        super().__init__(task)
        self.reply = reply

    def talk(self, lines: object, seed: int) -> tuple[str, bool]:
        return self.reply, False


def test_an_unclear_request_wants_i_dont_know_not_a_nudge_or_a_fact() -> None:
    task = find_task("healthcare/C1-E1")
    harness = cu.Harness("healthcare", [task], per_line=1)
    line = AgentLine("t-2", "What's your blood type?", "unclear", (), (), None, "dev", "casual")
    verdicts = {reply: cu.score_unclear(harness, line, _Says(task, reply))[0].ok
                for reply in ["Sorry, I don't know that.", "What do you mean?",
                              task.caller.nudges[0], "It's Aetna."]}
    assert verdicts == {"Sorry, I don't know that.": True, "What do you mean?": True,
                        task.caller.nudges[0]: False, "It's Aetna.": False}


def test_a_readback_wants_yes_to_the_right_value_and_no_to_a_wrong_one() -> None:
    task = find_task("healthcare/C1-E1")
    harness = cu.Harness("healthcare", [task], per_line=1)
    line = AgentLine("t-3", "So that's {value}, correct?", "readback", ("full_name",), (), None,
                     "dev", "casual")
    right, wrong = cu.score_readback(harness, line, _Says(task, "Yes, that's right."))
    assert right.ok and not wrong.ok
    right, wrong = cu.score_readback(harness, line, _Says(task, "No, it's Dana Whitfield."))
    assert not right.ok and wrong.ok
