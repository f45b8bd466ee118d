"""Caller behaviours (mivas_env.caller.behaviours, BehavingCaller): each one pinned by the
caller's lines, and the careful voice agent's way of hearing them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from mivas_env.agents.voice import cleaned
from mivas_env.call.runtime import slot_keywords
from mivas_env.caller.behaving import BehavingCaller
from mivas_env.caller.behaviours import Behaviour, first_sentence, wrong_value
from mivas_env.caller.scripted import CallerSpec, ScriptedCaller
from mivas_env.speech.channel import spoken

PHONE = "646.555.0189"
DOB = "1/11/1943"


def _caller(*behaviours: dict[str, Any], seed: int = 0, **spec: Any) -> BehavingCaller:
    data = {"persona": "p", "opening": ["Hi."],
            "facts": {"full_name": "Meabh Calhoun", "date_of_birth": DOB, "phone": PHONE},
            "fact_lines": {"phone": ["It's {value}."], "date_of_birth": ["It's {value}."],
                           "full_name": ["It's {value}."]},
            "goal": {"description": "g", "agent_says_all": ["all booked"]},
            "behaviours": list(behaviours), **spec}
    return BehavingCaller(CallerSpec.model_validate(data), slot_keywords("healthcare"), seed)


def test_self_correction_says_the_wrong_value_first_then_the_right_one_once() -> None:
    caller = _caller({"kind": "self_correction", "slot": "phone", "wrong": "646.555.0187"})
    first = caller.respond("What is the best phone number to reach you?").text
    assert first.index("646.555.0187") < first.index(PHONE)
    assert "sorry, I mean" in first or "no wait" in first
    again = caller.respond("Sorry, what is the best phone number to reach you?").text
    assert "0187" not in again and PHONE in again


def test_a_reluctant_caller_asks_why_until_given_a_reason() -> None:
    caller = _caller({"kind": "reluctance", "slot": "date_of_birth"})
    assert "need my date of birth" in caller.respond("What is the patient's date of birth?").text
    assert DOB not in caller.respond("What is the patient's date of birth?").text
    told = caller.respond("I need it to verify your identity, so what is your date of birth?")
    assert DOB in told.text
    assert DOB in caller.respond("What is your date of birth again?").text  # once is enough


def test_a_reason_given_right_after_the_why_releases_the_fact() -> None:
    caller = _caller({"kind": "reluctance", "slot": "date_of_birth"})
    caller.respond("What is your date of birth?")
    caller.respond("It's so we can find your chart and keep it secure.")
    assert DOB in caller.respond("What is your date of birth?").text


def test_reluctance_leaves_other_facts_alone() -> None:
    caller = _caller({"kind": "reluctance", "slot": "date_of_birth"})
    assert PHONE in caller.respond("What is the best phone number to reach you?").text


def test_one_at_a_time_gives_one_fact_even_when_asked_for_two() -> None:
    question = "What is your full name and your date of birth?"
    plain = _caller().respond(question).text
    assert "Meabh Calhoun" in plain and DOB in plain
    one = _caller({"kind": "one_at_a_time"}).respond(question).text
    assert "Meabh Calhoun" in one and DOB not in one


def test_barge_in_answers_only_the_first_sentence_of_a_long_line() -> None:
    caller = _caller({"kind": "barge_in", "words": 8})
    line = ("Thanks for calling, I can help you with your insurance update today. "
            "What is the best phone number to reach you?")
    reply = caller.respond(line).text
    assert PHONE not in reply
    assert reply.split()[0] in ("Yeah,", "Right,", "Okay,")
    short = caller.respond("What is the best phone number to reach you?").text
    assert PHONE in short and not short.startswith(("Yeah,", "Right,", "Okay,"))


def test_a_barging_in_caller_still_takes_in_a_goal_phrase_said_later() -> None:
    caller = _caller({"kind": "barge_in", "words": 5})
    reply = caller.respond("Okay, one moment please while I look. You are all booked now.")
    assert reply.hang_up  # the goal phrase in the second sentence counts


def test_first_sentence_cuts_only_long_lines_of_several_sentences() -> None:
    assert first_sentence("Hi. What is your name?", 10) is None
    assert first_sentence("one two three four five six seven eight", 3) is None
    assert first_sentence("One two three four. Five six?", 3) == "One two three four."


@pytest.mark.parametrize(("rate", "expected"), [(1.0, True), (0.0, False)])
def test_side_speech_comes_at_its_rate(rate: float, expected: bool) -> None:
    caller = _caller({"kind": "side_speech", "rate": rate})
    replies = [caller.respond("What is the best phone number to reach you?").text
               for _ in range(4)]
    starts = ("Hold on", "Hang on", "One second")
    assert all(reply.startswith(starts) == expected for reply in replies)


def test_disfluency_puts_a_filler_before_the_answer() -> None:
    reply = _caller({"kind": "disfluency", "rate": 1.0}).respond(
        "What is the best phone number to reach you?").text
    assert reply.split(",")[0] in ("Um", "Uh", "Let me see... um", "Oh", "Hmm") and PHONE in reply


def test_a_wrong_guess_comes_once_with_another_answer_and_never_after_the_real_one() -> None:
    caller = _caller({"kind": "wrong_guess", "slot": "phone", "wrong": "646.555.0180"})
    first = caller.respond("May I have the patient's full name, please?").text
    assert "Meabh Calhoun" in first and "phone number" in first and "646.555.0180" in first
    assert "0180" not in caller.respond("What is the patient's date of birth?").text
    late = _caller({"kind": "wrong_guess", "slot": "phone", "wrong": "646.555.0180"})
    late.respond("What is the best phone number to reach you?")
    assert "0180" not in late.respond("May I have the patient's full name, please?").text


def test_behaviours_follow_the_episode_seed() -> None:
    behaviours = [{"kind": "side_speech", "rate": 0.5}, {"kind": "disfluency", "rate": 0.5}]

    def lines(seed: int) -> list[str]:
        caller = _caller(*behaviours, seed=seed)
        return [caller.respond("What is the best phone number to reach you?").text
                for _ in range(6)]

    assert lines(3) == lines(3)
    assert any(lines(seed) != lines(3) for seed in range(4, 10))


def test_a_caller_without_behaviours_is_the_plain_one_line_for_line() -> None:
    spec = _caller().spec
    plain = ScriptedCaller(spec, slot_keywords("healthcare"), 5)
    behaving = BehavingCaller(spec, slot_keywords("healthcare"), 5)
    for line in ("What is your date of birth?", "And your phone number?", "Anything else?"):
        assert plain.respond(line).text == behaving.respond(line).text


@pytest.mark.parametrize("bad", [{"kind": "self_correction", "slot": "phone"},
                                 {"kind": "barge_in"}, {"kind": "one_at_a_time", "rate": 0.5},
                                 {"kind": "side_speech", "rate": 1.5}, {"kind": "shouting"}])
def test_a_behaviour_takes_exactly_the_fields_of_its_kind(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Behaviour.model_validate(bad)


def test_a_wrong_value_changes_the_last_digit_only() -> None:
    import random

    for seed in range(20):
        wrong = wrong_value(PHONE, random.Random(seed))
        assert wrong is not None and wrong[:-1] == PHONE[:-1] and wrong != PHONE
    assert wrong_value("Park Avenue", random.Random(0)) is None


def test_the_careful_agent_writes_down_only_what_the_caller_meant() -> None:
    heard = spoken("Hold on — no, the blue one — sorry, go ahead. Um, it's 646.555.0187 — "
                   "sorry, I mean 646.555.0189. Oh, and the ZIP code might be 10013, I'm not sure.")
    assert cleaned(heard) == spoken("646.555.0189")


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(st.sampled_from([
    "What is your date of birth?", "And the best phone number to reach you?", "Thanks.",
    "Let me read that back: 646.555.0189. Is that right?", "Could you spell that for me?",
    "May I have your full name and date of birth, please?", "You are all booked now. Bye."]),
    min_size=1, max_size=6), seed=st.integers(0, 1000))
def test_without_behaviours_the_behaving_caller_says_what_the_plain_one_says(
        lines: list[str], seed: int) -> None:
    spec = _caller().spec
    plain = ScriptedCaller(spec, slot_keywords("healthcare"), seed)
    behaving = BehavingCaller(spec, slot_keywords("healthcare"), seed)
    for line in lines:
        assert plain.respond(line) == behaving.respond(line)
