"""The speech channel: spoken rendering, its readers, seeded ASR noise, and the env's channels."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st

import mivas_env
from mivas_env import MivasEnv
from mivas_env.agents.baselines import OracleAgent
from mivas_env.agents.voice import CarefulVoiceAgent
from mivas_env.call.tasks import Task, build_task, load_tasks
from mivas_env.evaluation.runner import run_episode
from mivas_env.speech.channel import CHANNELS, AsrNoise, Channel, word_errors
from mivas_env.speech.heard import read_date, read_digits, read_email, read_name, read_spelling
from mivas_env.speech.spoken import spoken
from rewards import load_trace, verify
from rewards.verify import load_lockfile


@pytest.mark.parametrize(("written", "said"), [
    ("It's (973) 555-0142.", "it's nine seven three five five five zero one four two"),
    ("+1 917 555 0186", "nine one seven five five five zero one eight six"),
    ("I was born on March 14, 1991.", "i was born on march fourteenth nineteen ninety one"),
    ("1991-03-14", "march fourteenth nineteen ninety one"),
    ("Thursday, December 3rd", "thursday december third"),
    ("dw@example.com", "d w at example dot com"),
    ("leila_fara@outlook.com", "leila underscore fara at outlook dot com"),
    ("U2048836175", "u two zero four eight eight three six one seven five"),
    ("Order 10108, ZIP 97214", "order one zero one zero eight z i p nine seven two one four"),
    ("$149.99, the full price.", "one hundred forty nine dollars and ninety nine cents the full price"),
    ("2210 Eastlake Avenue", "twenty two ten eastlake avenue"),
    ("8:30 in the morning", "eight thirty in the morning"),
    ("Marta Rojas — M-A-R-T-A.", "marta rojas m a r t a"),
    ("Dr. Adeyemi at JFK", "doctor adeyemi at j f k"),
    ("2026-12-03T10:00", "december third twenty twenty six at ten a m"),
    ("Q&A, 20% off", "q and a twenty percent off"),
])
def test_spoken_renders_numbers_dates_emails_and_ids_as_words(written: str, said: str) -> None:
    assert spoken(written) == said


@given(st.text(max_size=200))
def test_spoken_is_lowercase_words_without_punctuation(text: str) -> None:
    said = spoken(text)
    assert said == said.lower() and said == " ".join(said.split())
    assert all(ch.isalnum() or ch in " '" for ch in said)


@given(st.from_regex(r"\([2-9][0-9]{2}\) [0-9]{3}-[0-9]{4}", fullmatch=True))
def test_a_phone_said_aloud_reads_back_to_its_digits(phone: str) -> None:
    assert read_digits(spoken(phone)) == "".join(ch for ch in phone if ch.isdigit())


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2099, 12, 31)))
def test_a_date_said_aloud_reads_back_to_the_same_date(day: date) -> None:
    assert read_date(spoken(day.isoformat())) == day.isoformat()
    assert read_date(spoken(f"{day:%B} {day.day}, {day.year}")) == day.isoformat()


SYMBOL_WORDS = {"at", "dot", "underscore", "dash", "hyphen", "plus"}  # ambiguous aloud


@given(st.from_regex(r"[a-z]{1,8}(\.[a-z]{2,8})?[0-9]{0,2}@[a-z]{3,9}\.(com|org|net)", fullmatch=True)
       .filter(lambda email: not SYMBOL_WORDS & set(re.split(r"[@.0-9]", email))))
def test_an_email_said_aloud_reads_back_to_the_address(email: str) -> None:
    assert read_email(spoken(f"It's {email}.")) == email


def test_spelled_words_and_names_read_back() -> None:
    assert read_spelling(spoken("M-A-R-T-A, then R-O-J-A-S")) == ["marta", "rojas"]
    assert read_name(spoken("My name is Marisol Vega.")) == "Marisol Vega"


def test_asr_noise_is_seeded_and_tracks_its_word_error_rate() -> None:
    lines = [spoken(line) for task in load_tasks() for line in task.caller.facts.values()]
    assert [AsrNoise(0.1, 5).hear(line) for line in lines[:50]] == \
        [AsrNoise(0.1, 5).hear(line) for line in lines[:50]]
    assert [AsrNoise(0.1, 5).hear(line) for line in lines[:50]] != \
        [AsrNoise(0.1, 6).hear(line) for line in lines[:50]]
    for wer in (0.05, 0.2):
        words = errors = 0
        for i, line in enumerate(lines):
            heard, _, _ = AsrNoise(wer, i).hear(line)
            words += len(line.split())
            errors += word_errors(line, heard)
        assert abs(errors / words - wer) < 0.35 * wer


def test_zero_word_error_rate_hears_the_spoken_line_exactly() -> None:
    line = spoken("My number is (973) 555-0142 and my name is Okonkwo.")
    assert Channel("asr", 0.0, seed=3).hear(line).heard == line


def test_confidence_falls_with_recognition_errors() -> None:
    line = spoken("My name is Daniel Okonkwo and I was born on March 14, 1991.")
    clean = [Channel("asr", 0.0, seed=s).hear(line).confidence for s in range(20)]
    noisy = [Channel("asr", 0.5, seed=s).hear(line).confidence for s in range(20)]
    assert min(clean) > 0.8 and sum(noisy) / 20 < sum(clean) / 20


def test_bad_channel_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="channel"):
        MivasEnv(industry="legal", channel="telepathy")  # type: ignore[arg-type]
    for wer in (-0.1, 1.5, float("nan"), "high"):
        with pytest.raises(ValueError, match="wer"):
            MivasEnv(industry="legal", channel="asr", wer=wer)  # type: ignore[arg-type]


MIVAS_IDS = sorted({*mivas_env.ENV_IDS, *(i for i in gym.registry if i.startswith("mivas/"))})


@pytest.mark.parametrize("channel", CHANNELS)
@pytest.mark.parametrize("env_id", MIVAS_IDS)  # the generated-task ids too, once registered
def test_env_checker_passes_for_every_channel_on_every_env_id(env_id: str, channel: str) -> None:
    env = gym.make(env_id, channel=channel, wer=0.2)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.fixture(scope="module")
def generated_tasks() -> list[Task]:
    from mivas_env.generation.core import generate

    return [build_task(load_lockfile(instance.data), Path("healthcare", f"{instance.id}.json"))
            for instance in generate("healthcare", "train", 6, seed=0, check=False)]


@pytest.mark.parametrize("channel", CHANNELS)
def test_every_channel_runs_generated_tasks(channel: str, generated_tasks: list[Task]) -> None:
    env = MivasEnv(tasks=generated_tasks, channel=channel, wer=0.1)  # type: ignore[arg-type]
    check_env(env, skip_render_check=True)
    assert all(run_episode(env, OracleAgent(), task, i).passed
               for i, task in enumerate(generated_tasks))
    clean = MivasEnv(tasks=generated_tasks, channel=channel, wer=0.0)  # type: ignore[arg-type]
    assert all(run_episode(clean, CarefulVoiceAgent(), task, i).passed
               for i, task in enumerate(generated_tasks))


def _asr_episode(seed: int, wer: float = 0.2) -> list[Any]:
    env = MivasEnv(industry="legal", task_id="C1-E1", channel="asr", wer=wer)
    obs, info = env.reset(seed=seed)
    out: list[Any] = [obs, info["caller_said"], info["caller_spoken"]]
    for line in ("May I have your full name, please?", "What is the best phone number to reach you?",
                 "On what date did this happen?"):
        obs, *_, info = env.step(line)
        out += [obs, info["caller_said"], info["caller_spoken"], info["asr_confidence"]]
    return out


def test_the_observation_is_what_the_agent_heard_and_info_keeps_the_clean_line() -> None:
    env = MivasEnv(industry="legal", task_id="C1-E1", channel="spoken")
    env.reset(seed=0)
    obs, _, _, _, info = env.step("What is the best phone number to reach you?")
    assert info["caller_said"] == "(973) 555-0142."
    assert obs == info["caller_spoken"] == "nine seven three five five five zero one four two"
    assert info["messages"][-1] == {"role": "user", "content": obs}


def test_asr_errors_are_reproducible_across_processes_and_hash_seeds() -> None:
    code = ("import json, sys; sys.path.insert(0, 'tests'); from test_channel import _asr_episode; "
            "print(json.dumps([_asr_episode(s) for s in range(6)]))")
    runs = []
    for hash_seed in ("0", "12345"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed},
                              cwd=os.path.dirname(os.path.dirname(__file__)))
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] == json.loads(json.dumps([_asr_episode(s) for s in range(6)]))
    assert any(run[0] != run[2] for run in runs[0])  # the noise did change some lines


@pytest.mark.parametrize("channel", ["spoken", "asr"])
def test_a_noisy_channel_records_asr_text_and_confidence_per_line_and_verify_reads_them(
        channel: str) -> None:
    env = MivasEnv(industry="healthcare", task_id="C1-E1", channel=channel)  # type: ignore[arg-type]
    env.reset(seed=1)
    env.step("May I have the patient's full name, please?")
    *_, info = env.step({"tool": "end_call", "arguments": {}})
    lines = info["trace"]["transcript"]
    assert [line["role"] for line in lines] == ["caller", "agent", "caller"]
    assert all(0.0 <= line["asr_confidence"] <= 1.0 and isinstance(line["start_offset_ms"], int)
               for line in lines)
    assert lines[0]["asr_text"] == env._transcript[0].removeprefix("caller: ")
    assert lines[0]["text"] == info["trace"]["transcript"][0]["text"] != lines[0]["asr_text"]
    trace = load_trace(info["trace"])
    assert trace.transcript is not None
    assert [t.asr_text for t in trace.transcript] == [line["asr_text"] for line in lines]
    verdict = verify(env.task.lock, info["trace"])  # type: ignore[union-attr]
    assert verdict.r_eval == info["r_eval"]


def test_the_text_channel_adds_nothing_to_the_transcript() -> None:
    env = MivasEnv(industry="healthcare", task_id="C1-E1")
    env.reset(seed=1)
    *_, info = env.step({"tool": "end_call", "arguments": {}})
    assert all(set(line) == {"role", "text"} for line in info["trace"]["transcript"])


@pytest.mark.parametrize("bad", [{"asr_confidence": 3}, {"asr_confidence": "high"},
                                 {"asr_text": 12}, {"start_offset_ms": float("nan")},
                                 {"start_offset_ms": True}])
def test_a_platform_transcript_with_odd_asr_fields_still_scores(bad: dict[str, Any]) -> None:
    trace = {"tool_calls": [], "transcript": [{"role": "caller", "text": "hi", **bad}]}
    turn = load_trace(trace).transcript[0]  # type: ignore[index]
    assert turn.text == "hi" and all(getattr(turn, key) is None for key in bad)


def test_an_unbroken_run_longer_than_a_word_is_cut_not_spelled_forever() -> None:
    from mivas_env.speech.spoken import MAX_TOKEN_CHARS

    assert read_digits(spoken("1" * 100_000)) == "1" * MAX_TOKEN_CHARS
    assert spoken("a" * 100_000) == "a" * MAX_TOKEN_CHARS


def test_vector_envs_take_the_channel_too() -> None:
    envs = gym.make_vec("mivas/legal-v0", num_envs=2, vectorization_mode="sync", channel="spoken")
    observations, _ = envs.reset(seed=3)
    assert all(obs == spoken(obs) and obs for obs in observations)
    envs.close()


def test_asr_makes_every_kind_of_error_the_channel_promises() -> None:
    noise = AsrNoise(0.3, 11)
    for task in load_tasks():
        for line in (*task.caller.opening, *task.caller.facts.values()):
            noise.hear(spoken(line))
    noise.hear(spoken("M-A-R-I-S-O-L, then V-E-G-A"))
    kinds = {"phonetic", "homophone", "digit", "drop", "insert", "split", "merge", "spelled"}
    assert kinds <= {kind for kind, n in noise.made.items() if n > 0}


def test_a_name_is_swapped_for_one_that_sounds_alike() -> None:
    import jellyfish

    noise = AsrNoise(1.0, 2)
    swapped = {noise._substitute("whitfield")[0] for _ in range(20)}
    assert swapped and all(jellyfish.soundex(word) == jellyfish.soundex("whitfield")
                           or jellyfish.metaphone(word) == jellyfish.metaphone("whitfield")
                           for word in swapped)
