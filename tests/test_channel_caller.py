"""The caller copes like a person on the phone: it spells a name when asked, and answers a
read-back with yes or with the part the agent got wrong."""

from __future__ import annotations

import pytest

from mivas_env import MivasEnv
from mivas_env.agents.baselines import OracleAgent
from mivas_env.call.tasks import load_tasks
from mivas_env.caller.scripted import spell_out
from mivas_env.evaluation.runner import run_episode
from mivas_env.speech.heard import read_spelling
from mivas_env.speech.spoken import spoken


def legal(**kwargs: object) -> MivasEnv:
    env = MivasEnv(industry="legal", task_id="C1-E1", **kwargs)  # type: ignore[arg-type]
    env.reset(seed=2)
    return env


def said(env: MivasEnv, line: str) -> str:
    *_, info = env.step(line)
    text: str = info["caller_said"]
    return text


@pytest.mark.parametrize("value", ["Marisol Vega", "My mother, Marta Rojas.", "Daniel Okonkwo"])
def test_a_spelled_name_reads_back_as_the_names_letters(value: str) -> None:
    names = [w.casefold() for w in value.replace(",", " ").replace(".", " ").split()
             if w[0].isupper() and w not in ("My",)]
    assert read_spelling(spoken(spell_out(value))) == names


def test_asked_to_spell_the_caller_spells_the_fact_it_just_gave() -> None:
    env = legal()
    said(env, "May I have your full name, please?")
    assert "M-A-R-I-S-O-L, then V-E-G-A" in said(env, "Could you spell that for me?")


def test_asked_to_spell_a_named_slot_the_caller_spells_that_slot() -> None:
    env = legal()
    assert "V-E-G-A" in said(env, "Could you spell your full name for me?")


def test_a_right_read_back_gets_a_yes() -> None:
    env = legal()
    said(env, "What is the best phone number to reach you?")
    assert said(env, "I have 973-555-0142, is that correct?").startswith(("Yes", "That's right"))
    said(env, "May I have your full name, please?")
    assert said(env, "I have M-A-R-I-S-O-L V-E-G-A. Is that right?").startswith(
        ("Yes", "That's right"))


@pytest.mark.parametrize(("read_back", "correction"), [
    ("I have 973-555-0143, is that correct?", "0-1-4-2"),
    ("Marisol Bega, is that right?", "Vega, V-E-G-A"),
    ("So that was March 11, 2025, correct?", "March 10, 2025"),
])
def test_a_wrong_read_back_gets_the_wrong_part_corrected(read_back: str, correction: str) -> None:
    env = legal()
    for question in ("What is the best phone number to reach you?",
                     "May I have your full name, please?", "On what date did this happen?"):
        said(env, question)
    reply = said(env, read_back)
    assert reply.startswith(("No", "Not quite")) and correction in reply


def test_the_caller_still_hears_goal_phrases_through_the_agent_channel() -> None:
    tasks = load_tasks()
    env = MivasEnv(tasks=tasks, channel="spoken", agent_channel=True)
    ended = [run_episode(env, OracleAgent(), task, i).ended_by for i, task in enumerate(tasks)]
    plain = MivasEnv(tasks=tasks)
    assert ended == [run_episode(plain, OracleAgent(), task, i).ended_by
                     for i, task in enumerate(tasks)]


@pytest.mark.parametrize("wer", [0.0, 0.1, 0.2])
def test_the_oracle_passes_every_task_whatever_the_noise(wer: float) -> None:
    tasks = load_tasks()
    env = MivasEnv(tasks=tasks, channel="asr", wer=wer, agent_channel=True)
    assert all(run_episode(env, OracleAgent(), task, i).passed for i, task in enumerate(tasks))


@pytest.mark.parametrize(("value", "spelled"), [
    ("LJ04964W", "L-J-0-4-9-6-4-W"), ("ABC123", "A-B-C-1-2-3"), ("XJH 448 21", "X-J-H-4-4-8-2-1"),
    ("W1234-567", "W-1-2-3-4-5-6-7")])
def test_an_id_is_spelled_whole_letters_and_digits(value: str, spelled: str) -> None:
    # a member ID used to lose its leading letters ("0-4-9-6-4-W") or its digits ("A-B-C")
    assert spell_out(value) == spelled
