"""The scripted voice agents and ``mivas eval --channel``: a naive agent that copies what it heard
loses tasks to recognition errors; a careful one that spells and reads back loses fewer."""

from __future__ import annotations

import json

import pytest

from mivas_env import MivasEnv
from mivas_env.agents.voice import CarefulVoiceAgent, NaiveVoiceAgent, dictated_arguments, vote
from mivas_env.call.tasks import find_task, load_tasks
from mivas_env.cli import main
from mivas_env.evaluation.runner import run_episode


def pass_rate(agent_class: type, wer: float, tasks: list,  # type: ignore[type-arg]
              agent_channel: bool = False) -> float:
    env = MivasEnv(tasks=tasks, channel="asr", wer=wer, agent_channel=agent_channel)
    return sum(run_episode(env, agent_class(), task, i).passed
               for i, task in enumerate(tasks)) / len(tasks)


def test_dictated_arguments_are_the_values_the_caller_says_that_the_grader_compares() -> None:
    task = find_task("customer_support/C2-E1")
    assert {(key, kind) for _, key, _, kind in dictated_arguments(task.lock)} >= {
        ("full_name", "name"), ("email", "email"), ("order_id", "digits")}
    legal = find_task("legal/C1-E1")  # practice area and state are chosen, not dictated
    assert [(key, kind) for _, key, _, kind in dictated_arguments(legal.lock)] == [
        ("incident_date", "date")]


@pytest.mark.parametrize("agent_channel", [False, True], ids=["one-way", "both-ways"])
@pytest.mark.parametrize("agent", [NaiveVoiceAgent, CarefulVoiceAgent])
def test_on_a_clean_line_both_voice_agents_pass_every_task(agent: type,
                                                           agent_channel: bool) -> None:
    assert pass_rate(agent, 0.0, load_tasks(), agent_channel) == 1.0


def test_reading_back_beats_copying_what_was_heard_at_ten_percent_wer() -> None:
    tasks = load_tasks()
    naive, careful = pass_rate(NaiveVoiceAgent, 0.1, tasks), pass_rate(CarefulVoiceAgent, 0.1, tasks)
    assert naive < 0.8 and careful > naive + 0.2


def test_a_vote_over_hearings_keeps_the_majority_digit_of_the_common_length() -> None:
    assert vote(["9735550142", "9735550143", "9735550142"]) == "9735550142"
    assert vote(["12345", "1234", "12345"]) == "12345"


def test_the_careful_agent_spells_and_reads_back_on_the_line() -> None:
    task = find_task("legal/C3-E2")
    env = MivasEnv(tasks=[task], channel="asr", wer=0.0, render_mode="ansi")
    assert run_episode(env, CarefulVoiceAgent(), task, 0).passed
    transcript = env.render() or ""
    assert "Let me read that back" in transcript and "yes" in transcript


def test_eval_takes_a_channel_and_a_word_error_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--agent", "naive", "--channel", "asr", "--wer", "0.2",
                 "--industry", "legal", "--json", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["channel"] == "asr" and summary["wer"] == 0.2
    assert summary["overall"]["pass_rate"] < 1.0


def test_the_eval_table_names_the_channel_in_its_first_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--agent", "oracle", "--channel", "asr", "--wer", "0.1",
                 "--task", "legal/C1-E1", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "agent=oracle discount=0.5 channel=asr wer=0.1"


@pytest.mark.parametrize("argv", [["--wer", "0.2"], ["--channel", "asr", "--wer", "1.5"],
                                  ["--caller-model", "m"],
                                  ["--agent-channel"]])
def test_eval_channel_mistakes_exit_2_with_one_line(argv: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
