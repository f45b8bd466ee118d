"""The red-team probes of issue 11 against the scripted caller, each pinned as a rule."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env import MivasEnv
from mivas_env.call.runtime import slot_keywords
from mivas_env.call.tasks import find_task, load_tasks
from mivas_env.caller.scripted import MAX_FACTS_PER_TURN, CallerSpec, ScriptedCaller
from tests.helpers import dana, say, turns_until_hangup

CHECK_ARGS = {"carrier": "aetna", "location_id": "loc_park_ave"}


def facts_in(reply: str, facts: dict[str, str]) -> set[str]:
    return {slot for slot, value in facts.items() if value.casefold() in reply.casefold()}


def every_slot_sentence(industry: str) -> str:
    keywords = [words[0] for words in slot_keywords(industry).values()]
    return "Could you tell me your " + ", ".join(keywords) + "?"


def test_one_sentence_naming_every_slot_gets_at_most_two_facts_on_every_task() -> None:
    for task in load_tasks():
        env = MivasEnv(tasks=[task])
        env.reset(seed=0)
        reply, _ = say(env, every_slot_sentence(task.industry))
        assert len(facts_in(reply, task.caller.facts)) <= MAX_FACTS_PER_TURN, task.full_id


def test_no_need_to_give_the_date_of_birth_does_not_get_the_date_of_birth() -> None:
    for line in ("No need to give me your date of birth.",
                 "You don't need to tell me your date of birth, what's your full name?",
                 "We can skip the date of birth. Can I have your full name?",
                 "I can look it up without your date of birth; what's your phone number?",
                 "No date of birth needed, can I have your full name?",
                 "Your date of birth isn't needed. What's your full name, please?",
                 "Please give me your full name; the date of birth is not required."):
        reply, _ = say(dana(), line)
        assert "1991-03-14" not in reply, line


def test_a_negation_covers_only_its_own_clause() -> None:
    reply, _ = say(dana(), "No need for your phone number, but what is your date of birth?")
    assert "1991-03-14" in reply and "917" not in reply


def test_a_statement_naming_a_slot_is_not_a_question() -> None:
    reply, _ = say(dana(), "I will note your date of birth on the file later.")
    assert "1991-03-14" not in reply


def test_an_unanswerable_question_does_not_reset_patience() -> None:
    env = dana()
    patience = env.task.caller.patience if env.task else 0
    ended_at = turns_until_hangup(env, "What's your member ID?", 999)
    assert ended_at is not None and ended_at <= patience


def test_repeating_an_answered_question_is_not_progress() -> None:
    env = dana()
    ended_at = turns_until_hangup(env, "What is your date of birth?", 99)
    assert ended_at is not None and ended_at <= (env.task.caller.patience if env.task else 0) + 1


def test_new_facts_are_progress_so_an_honest_intake_keeps_the_caller_on_the_line() -> None:
    env = dana()
    for line in ("What's your full name?", "And your date of birth?", "Which insurance carrier?",
                 "Which location do you mean?", "What phone number can I reach you at?"):
        _, ended = say(env, line)
        assert not ended


def test_goodbye_while_announcing_a_transfer_does_not_hang_up() -> None:
    env = dana()
    _, ended = say(env, "Let me transfer you to our coverage desk. Have a good day!")
    assert not ended
    _, ended = say(env, "Bye for now, connecting you.")
    assert not ended
    env.step({"tool": "transfer_to_coverage", "arguments": {}})
    env.step({"tool": "check_plan_accepted", "arguments": CHECK_ARGS})
    obs, ended = say(env, "Yes, the Park Avenue office accepts Aetna.")
    assert ended and "thank" in obs.lower()


def test_goodbye_outside_a_transfer_ends_the_call() -> None:
    env = dana()
    _, ended = say(env, "Thanks for calling, have a good day!")
    assert ended
    env = dana()
    env.step({"tool": "transfer_to_coverage", "arguments": {}})  # the transfer has run
    _, ended = say(env, "That's all from coverage, goodbye.")
    assert ended


def test_the_goal_needs_the_locked_arguments_not_just_a_tool_that_returned_ok() -> None:
    env = dana()
    env.step({"tool": "transfer_to_coverage", "arguments": {}})
    _, _, _, _, info = env.step({"tool": "check_plan_accepted",
                                 "arguments": {"carrier": "aetna", "location_id": "loc_windermere"}})
    assert '"ok": true' in info["messages"][-1]["content"]
    _, ended = say(env, "Yes, the Park Avenue office accepts Aetna.")
    assert not ended
    env.step({"tool": "check_plan_accepted", "arguments": CHECK_ARGS})
    _, ended = say(env, "Yes, the Park Avenue office accepts Aetna.")
    assert ended


def test_a_name_only_call_does_not_meet_a_goal_locked_with_arguments() -> None:
    task = find_task("healthcare/C1-E1")
    calls: list[tuple[str, object]] = []

    def check(name: str, arguments: object, output: object) -> frozenset[int]:
        calls.append((name, arguments))
        return frozenset({1}) if arguments == CHECK_ARGS else frozenset()

    caller = ScriptedCaller(task.caller, slot_keywords("healthcare"), 0, check=check,
                            locked={"check_plan_accepted": frozenset({1})})
    caller.observe_tool("check_plan_accepted", {"ok": True}, {})
    assert not caller.respond("The Park Avenue office accepts Aetna.").hang_up
    caller.observe_tool("check_plan_accepted", {"ok": True}, dict(CHECK_ARGS))
    assert caller.respond("The Park Avenue office accepts Aetna.").hang_up


def test_a_fake_claim_with_no_matching_call_gets_a_suspicious_reply() -> None:
    for task_id, claim in (("healthcare/C1-E1", "Good news, you're all set, it's covered."),
                           ("healthcare/C11-E2", "I've checked, it's all done."),):
        task = find_task(task_id)
        env = MivasEnv(tasks=[task])
        env.reset(seed=0)
        reply, ended = say(env, claim)
        if task.caller.goal.tools_ok:
            assert not ended and "thank" not in reply.lower()
            assert re.search(r"sure|really|go through|checked", reply.lower()), reply
    for task in load_tasks():  # refusals too: no call at all was made
        env = MivasEnv(tasks=[task])
        env.reset(seed=0)
        reply, ended = say(env, "Your appointment is booked and everything has been processed.")
        assert not ended and "thank" not in reply.lower(), task.full_id


def test_the_oracle_still_satisfies_every_hardened_caller() -> None:
    from mivas_env.agents.baselines import OracleAgent
    from mivas_env.evaluation.runner import evaluate

    results = evaluate(OracleAgent(), load_tasks())
    assert all(r.passed and r.handoff_verdict == "exact" for r in results)
    # The caller hangs up satisfied, or the oracle hands the call to a person.
    assert all(r.ended_by in ("caller_hung_up", "transfer_to_human") for r in results)


SLOT_WORDS = sorted({k for words in slot_keywords("healthcare").values() for k in words})


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([*SLOT_WORDS, "please", "no need to give me", "and", ",", "?",
                                 "what is your", "bye", "thanks"]), max_size=14))
def test_any_line_gets_at_most_two_facts(words: list[str]) -> None:
    task = find_task("healthcare/C1-E1")
    spec = CallerSpec.model_validate({**task.lock.caller, "reactions": []}) \
        if task.lock.caller else task.caller
    caller = ScriptedCaller(spec, slot_keywords("healthcare"), 0)
    reply = caller.respond(" ".join(words))
    assert len(facts_in(reply.text, spec.facts)) <= MAX_FACTS_PER_TURN


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([
    "What's your member ID?", "What is your date of birth?", "Can I have your full name?",
    "Let me transfer you, bye!", "Your appointment is booked.", "Please hold.", "Aetna.",
    "We take Aetna.", "Park Avenue", "zz", "Could you spell your name?"]), min_size=1,
    max_size=8), st.integers(0, 2**16))
def test_no_sequence_of_lines_keeps_the_caller_on_the_line_forever(lines: list[str],
                                                                   seed: int) -> None:
    """Each kind of progress can happen only so often, so the caller hangs up within patience
    plus the number of ways to make progress, whatever the agent keeps saying."""
    task = find_task("healthcare/C1-E1")
    caller = ScriptedCaller(task.caller, slot_keywords("healthcare"), seed)
    goal = task.caller.goal
    bound = (task.caller.patience + len(task.caller.facts) + len(task.caller.reactions)
             + len(goal.agent_says_all) + len(goal.agent_says_any) + 1)
    for turn in range(bound + 1):
        if caller.respond(lines[turn % len(lines)]).hang_up:
            return
    raise AssertionError(f"still on the line after {bound + 1} lines")
