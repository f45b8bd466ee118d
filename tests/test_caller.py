"""The scripted caller of C1-E1 (Dana Whitfield) and the caller DSL's behaviour."""

from __future__ import annotations

from tests.helpers import dana, say


def test_told_we_take_aetna_without_an_office_she_asks_which_office_was_checked() -> None:
    obs, ended = say(dana(), "Yes, we take Aetna.")
    assert "which office did you check" in obs.lower() and not ended


def test_naming_windermere_gets_a_correction() -> None:
    obs, _ = say(dana(), "Aetna is accepted at Windermere.")
    assert "park avenue" in obs.lower()


def test_she_answers_questions_she_has_a_fact_for() -> None:
    env = dana()
    assert "1991-03-14" in say(env, "Can I get your date of birth?")[0]
    assert "Dana Whitfield" in say(env, "And your full name please?")[0]


def test_she_says_she_does_not_know_what_she_has_no_fact_for() -> None:
    obs, _ = say(dana(), "What's your member ID?")
    assert "know" in obs.lower() or "not sure" in obs.lower()


def test_she_never_volunteers_tool_arguments() -> None:
    obs, _ = say(dana(), "Okay.")
    assert "1991" not in obs and "917" not in obs


def test_she_hangs_up_when_her_goal_is_met() -> None:
    env = dana()
    env.step({"tool": "transfer_to_coverage", "arguments": {}})
    env.step({"tool": "check_plan_accepted",
              "arguments": {"carrier": "aetna", "location_id": "loc_park_ave"}})
    obs, ended = say(env, "The Park Avenue office accepts Aetna.")
    assert ended and ("thank" in obs.lower() or "thanks" in obs.lower())


def test_the_answer_alone_without_the_check_does_not_satisfy_her() -> None:
    _, ended = say(dana(), "The Park Avenue office accepts Aetna.")
    assert not ended


def test_she_hangs_up_when_the_agent_says_goodbye() -> None:
    env = dana()
    obs, ended = say(env, "Thanks for calling, goodbye!")
    info = env._last_info
    assert ended and info["ended_by"] == "caller_hung_up" and info["r_eval"] == 0


def test_she_loses_patience() -> None:
    env = dana()
    ended = False
    for _ in range(30):
        _, ended = say(env, "Please hold.")
        if ended:
            break
    assert ended


def test_a_reaction_does_not_swallow_the_answer_to_a_question_in_the_same_line() -> None:
    obs, _ = say(dana(), "We take Aetna. And what is your date of birth?")
    assert "which office" in obs.lower() and "1991-03-14" in obs


def test_asked_for_two_things_she_gives_the_one_she_has_without_an_i_dont_know() -> None:
    obs, _ = say(dana(), "Could I get your member ID or your date of birth?")
    assert "1991-03-14" in obs and "know" not in obs.lower()
