"""The caller understands what an agent asks in its own words (issue 19): each behaviour pinned
by a test of the caller's lines, and the corpus figures held on the held-out test split."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mivas_env import MivasEnv
from mivas_env.call.runtime import slot_keywords
from mivas_env.call.tasks import find_task
from mivas_env.caller.model import MODEL_FILE, SlotModel
from mivas_env.caller.phrases import Lexicon
from mivas_env.caller.scripted import MAX_FACTS_PER_TURN, Reaction, ScriptedCaller
from mivas_env.caller.understanding import industry_understanding
from mivas_env.caller.words import sentences, stem
from mivas_env.env import to_charset
from rewards.industry import tasks_dir
from tests.helpers import say

ROOT = Path(__file__).resolve().parent.parent


def caller(task_id: str, seed: int = 0) -> ScriptedCaller:
    task = find_task(task_id)
    return ScriptedCaller(task.caller, slot_keywords(task.industry), seed,
                          industry_understanding(task.industry))


def asked(industry: str, line: str, after: str | None = None) -> list[str]:
    return industry_understanding(industry).read(line.casefold(),
                                                 last_asked=[after] if after else []).asked


@pytest.mark.parametrize(("industry", "line", "slot"), [
    ("healthcare", "Who is your health coverage through?", "carrier"),
    ("healthcare", "Who's your insurer?", "carrier"),
    ("healthcare", "What number can we text you at?", "phone"),
    ("healthcare", "And your DOB?", "date_of_birth"),
    ("healthcare", "When were you hoping to come in?", "preferred_date"),
    ("healthcare", "What's a good cell number for you?", "phone"),
    ("legal", "And your legal name, first and last?", "full_name"),
    ("legal", "Who's on the other side of this?", "opposing_party"),
    ("legal", "Who are you having the problem with?", "opposing_party"),
    ("customer_support", "What e-mail is on the account?", "email"),
    ("customer_support", "What's the street address it should go to?", "new_address_line1"),
])
def test_a_slot_question_in_the_agents_own_words_is_understood(industry: str, line: str,
                                                               slot: str) -> None:
    assert asked(industry, line) == [slot]


def test_politeness_and_acknowledgements_around_a_question_do_not_hide_it() -> None:
    assert asked("healthcare", "Perfect, thanks — and your date of birth?") == ["date_of_birth"]
    assert asked("healthcare", "Great, thank you so much. Okay, and the patient's name?") == [
        "full_name"]


def test_a_request_without_a_question_mark_is_a_request() -> None:
    assert asked("customer_support", "Please tell me the ZIP on the account.") == ["zip"]
    assert asked("healthcare", "and your date of birth") == ["date_of_birth"]  # speech channel


def test_an_elliptical_follow_up_is_read_from_the_slot_asked_last() -> None:
    assert asked("healthcare", "And the number?", after="phone") == ["phone"]
    assert asked("customer_support", "What about the apartment?",
                 after="new_address_line1") == ["new_address_line2"]
    assert asked("customer_support", "And the ZIP?", after="new_address_city") == [
        "new_address_zip"]


def test_context_breaks_a_tie_toward_the_slot_the_caller_knows() -> None:
    understanding = industry_understanding("customer_support")
    line = "which one is it?"
    assert understanding.read(line, known={"item"}).asked == ["item"]
    assert understanding.read(line, known={"product"}).asked == ["product"]


def test_a_read_back_in_the_agents_own_words_is_confirmed_or_corrected() -> None:
    dana = caller("healthcare/C1-E1")
    dana.respond("What's your date of birth?")
    dob = dana.spec.facts["date_of_birth"]
    assert dana.respond(f"Just to confirm, you said {dob}?").text.startswith(("Yes", "That's"))
    assert dana.respond("So that's 1991-03-15, right?").text.startswith(("No", "Not quite"))


def test_a_spelling_request_in_natural_words_spells_the_fact() -> None:
    env = MivasEnv(industry="legal", task_id="C1-E1")
    env.reset(seed=0)
    say(env, "Could I get your full name?")
    reply, _ = say(env, "Sorry — how is that spelled?")
    assert "V-E-G-A" in reply


def test_a_yes_no_question_about_the_situation_is_answered_from_the_facts() -> None:
    task = find_task("legal/C6-E1")  # calling for her brother
    reply = caller("legal/C6-E1").respond("Is this for yourself?").text
    assert task.caller.facts["for_whom"].split(",")[0].split("—")[0].strip() in reply


def test_anything_else_before_the_goal_is_met_gets_a_nudge_not_a_fact() -> None:
    dana = caller("healthcare/C1-E1")
    reply = dana.respond("Is there anything else I can help you with today?")
    assert reply.text in dana.spec.nudges and not reply.hang_up


def test_a_hold_or_a_transfer_announcement_gets_an_acknowledgement() -> None:
    dana = caller("healthcare/C1-E1")
    assert dana.respond("Bear with me one moment while I check.").text in dana.spec.acks
    assert dana.respond("I'll put you through to our coverage team now.").text in dana.spec.acks


def test_how_can_i_help_gets_the_callers_reason_for_calling_again() -> None:
    dana = caller("healthcare/C1-E1")
    assert dana.respond("How can I help you today?").text in dana.spec.opening


def test_a_request_the_caller_cannot_place_gets_a_clarification() -> None:
    dana = caller("healthcare/C1-E1")
    assert dana.respond("Could you walk me through the steps you took?").text in dana.spec.clarify


def test_a_question_about_something_the_caller_does_not_know_gets_i_dont_know() -> None:
    dana = caller("healthcare/C1-E1")
    for line in ("What's your mother's maiden name?", "What's your blood type?"):
        reply = dana.respond(line).text
        assert reply in dana.spec.unknown, line
        assert not any(value in reply for value in dana.spec.facts.values())


@pytest.mark.parametrize("line", [
    "How did you hear about us?", "Is this a good time?", "Please hold for a moment.",
    "Our offices close at five on Fridays.", "Please bring your insurance card and a photo ID.",
    "Thanks for calling Hudson Valley Family Medicine!"])
def test_an_off_topic_line_yields_no_fact(line: str) -> None:
    dana = caller("healthcare/C1-E1")
    assert dana.read(line.casefold()).asked == []
    assert dana.respond(line).text not in [t.format(value=v) for v in dana.spec.facts.values()
                                           for t in ("It's {value}.", "{value}.")]


@pytest.mark.parametrize("line", [
    "No need for your phone, just your date of birth please.",
    "We won't need your phone number. What's your date of birth?",
    "Your phone can wait — date of birth first?"])
def test_a_waived_slot_is_not_given_in_natural_words(line: str) -> None:
    assert asked("healthcare", line) == ["date_of_birth"]


def test_one_question_asks_one_slot_unless_it_joins_two() -> None:
    assert asked("healthcare", "Which insurance will you be using at that office?") == ["carrier"]
    assert asked("healthcare", "Can I get your name and date of birth?") == [
        "full_name", "date_of_birth"]
    assert asked("legal", "Who is the matter against?") == ["opposing_party"]


def test_an_outcome_statement_in_the_agents_own_words_meets_the_goal() -> None:
    from mivas_env.caller.goal import heard_phrases
    line = "you're all set for the ninth of december at eight thirty"
    assert heard_phrases(line, ["booked", "December 9", "8:30"]) == ["booked", "december 9", "8:30"]
    assert heard_phrases("we don't take medicare there", ["does not accept", "do not accept"]) == [
        "do not accept"]
    assert heard_phrases("it is accepted", ["not accepted"]) == []


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["what", "your", "phone", "number", "date", "of", "birth", "?",
                                 ",", "and", "no", "need", "a" * 50, "name", " ", "(", "-"]),
                min_size=0, max_size=3000))
def test_adversarial_text_is_read_in_one_pass_and_gives_at_most_two_facts(words: list[str]) -> None:
    dana = caller("healthcare/C1-E1")
    reply = dana.respond(" ".join(words)).text
    facts = [v for v in dana.spec.facts.values() if v.casefold() in reply.casefold()]
    assert len(facts) <= MAX_FACTS_PER_TURN


def test_the_same_seed_gives_the_same_replies_across_processes() -> None:
    code = ("from mivas_env import MivasEnv; e = MivasEnv(industry='legal'); e.reset(seed=5); "
            "print([e.step(l)[0] for l in ('Who am I speaking with?', 'Is this a good time?', "
            "'How do you spell that?', 'And the number?')])")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": str(seed), "PATH": ""},
                           cwd=ROOT).stdout for seed in (1, 2)}
    assert len(runs) == 1


READ_EVERY_LINE = """
import hashlib, json, pathlib
from mivas_env.caller.phrases import Lexicon
from mivas_env.caller.understanding import industry_understanding
from mivas_env.caller.words import sentences, stem
digest = hashlib.sha256()
for path in sorted(pathlib.Path("tests/fixtures/agent_lines").glob("*.jsonl")):
    understanding = industry_understanding(path.stem)
    for row in map(json.loads, path.read_text().splitlines()):
        for known in ((), tuple(understanding.order)):
            r = understanding.read(row["text"], last_asked=[row["after"]] if row["after"] else [],
                                   desk=list(row["slots"]), known=known)
            digest.update(repr((r.asked, sorted(r.negated), r.mentioned, sorted(r.acts),
                                r.unplaced_request, r.unknown_request)).encode())
print(digest.hexdigest())
"""


def test_every_corpus_line_is_read_alike_whatever_the_process_hash_seed() -> None:
    # Slot meanings are sets of cues: a reading that followed a set's iteration order would
    # change with PYTHONHASHSEED (it did, for "Best days and times?", before the fix).
    # the three processes run side by side: the suite itself uses one core
    procs = [subprocess.Popen([sys.executable, "-c", READ_EVERY_LINE], stdout=subprocess.PIPE,
                              text=True, env={"PYTHONHASHSEED": str(seed), "PATH": ""}, cwd=ROOT)
             for seed in (1, 3, 4)]
    runs = {proc.communicate()[0] for proc in procs}
    assert [proc.returncode for proc in procs] == [0, 0, 0]
    assert len(runs) == 1 and runs != {""}


def test_the_learned_fallback_is_data_retrained_byte_for_byte() -> None:
    for industry in ("healthcare", "legal", "customer_support"):
        data = json.loads((tasks_dir() / industry / MODEL_FILE).read_text())
        assert set(data) == {"margin", "override", "veto", "lines", "counts"}
        SlotModel.from_json(data)
    result = subprocess.run([sys.executable, "scripts/train_caller_model.py", "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_held_out_test_split_stays_at_its_measured_figures() -> None:
    """Regression floor on lines never read while tuning, from four authors, on the shipped
    tasks (docs/caller.md has the figures: 97.6% answered, 0.7% leak, 0.4% off-topic here, the
    issue's 97% / 1% / 1%; with generated tasks as callers too, 97.6%, 0.8% and 0.6%)."""
    result = subprocess.run([sys.executable, "benchmarks/caller_understanding.py", "--split",
                             "test", "--generated", "0", "--tasks", "1", "--json"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    measured = {k: v["measured"] for k, v in json.loads(result.stdout)["overall"]["targets"].items()}
    assert measured["ask_answered"] >= 0.97
    assert measured["ask_leak"] <= 0.01
    assert measured["off_topic_leak"] <= 0.01


def test_a_slot_meaning_that_names_an_unknown_concept_is_an_error_naming_it() -> None:
    from mivas_env.caller.understanding import compile_understanding
    with pytest.raises(ValueError, match="unknown concept @birthday"):
        compile_understanding({"date_of_birth": ((), ["@birthday"], None)})


def test_a_number_read_back_digit_by_digit_is_confirmed_and_a_wrong_year_corrected() -> None:
    import re
    dana = caller("healthcare/C1-E1")
    dana.respond("What's the best number to reach you?")
    digits = re.sub(r"\D", "", dana.spec.facts["phone"])[-10:]
    said = f"{'-'.join(digits[:3])}, {'-'.join(digits[3:6])}, {'-'.join(digits[6:])}"
    assert dana.respond(f"Let me read that back: {said}. Is that right?").text.startswith(
        ("Yes", "That's"))
    legal = caller("legal/C1-E1")
    legal.respond("When did this happen?")
    fact = legal.spec.facts["incident_date"]
    year = re.search(r"\b(20\d\d)\b", fact)
    assert year is not None
    wrong = fact.replace(year.group(1), str(int(year.group(1)) + 200))
    assert legal.respond(f"Just to confirm, that was {wrong}?").text.startswith(("No", "Not"))


def test_a_question_that_opens_with_got_asks_for_the_slot() -> None:
    assert asked("customer_support", "Got the order number?") == ["order_id"]
    assert asked("customer_support", "Have you got your order number handy?") == ["order_id"]
    # said of the agent, "got" still waves the slot off
    assert asked("customer_support", "Got your order number, thanks. And the ZIP?") == ["zip"]


def test_confirm_your_value_before_it_was_given_is_a_request_not_a_read_back() -> None:
    # "email" is one letter from "gmail": no garbled read-back of a value never said
    shopper = caller("customer_support/C2-E1")
    email = shopper.spec.facts["email"]
    reply = shopper.respond("Please confirm your account email address.").text
    assert email.split("@")[0] in reply and not reply.startswith(("No", "Not quite"))


def test_two_groups_of_a_reading_met_by_the_same_words_are_met_once() -> None:
    # "whose name" is a recipient phrase and a name: it is not both groups of "@recipient @name"
    assert asked("customer_support", "Whose name is the account in?") == ["full_name"]


def test_a_tighter_reading_wins_a_tie() -> None:
    # "telephone number" holds together; "number ... for the order" is spread over six words
    assert industry_understanding("customer_support").read(
        "what telephone number did you use for the order?", desk=["order_id"],
        known=["phone", "order_id"]).asked == ["phone"]


def _with_model(examples: list[tuple[str, str]], **thresholds: float) -> Any:
    from mivas_env.caller.model import text_features
    from mivas_env.caller.understanding import compile_understanding
    understanding = compile_understanding({"phone": ((), ["@phone"], None),
                                           "date_of_birth": ((), ["@birth"], None)})
    understanding.model = SlotModel.train(
        [(label, text_features(text, lambda s: understanding.lexicon.find(s).every))
         for label, text in examples], **thresholds)
    return understanding


TRAINING = [("phone", "what number can we reach you at"), ("phone", "best callback number"),
            ("date_of_birth", "when were you born"), ("date_of_birth", "your birthday please"),
            ("date_of_birth", "when is your birthday"), ("_none", "how did you hear about us"),
            ("_none", "is this a good time"), ("_none", "how was your weekend")]


def test_the_learned_second_opinion_replaces_the_rules_slot_only_when_sure() -> None:
    line = "what number is your birthday on"  # the rules read the phone ("what number")
    sure = _with_model(TRAINING, override=0.5, veto=float("inf"))
    assert sure.read(line).asked == ["date_of_birth"]
    unsure = _with_model(TRAINING, override=1e9, veto=float("inf"))
    assert unsure.read(line).asked == ["phone"]


def test_the_learned_second_opinion_drops_a_slot_when_sure_the_line_asks_nothing() -> None:
    line = "how was your weekend with the new phone?"
    assert _with_model(TRAINING, veto=1e9).read(line).asked == ["phone"]
    reading = _with_model(TRAINING, override=float("inf"), veto=0.5).read(line)
    assert reading.asked == [] and reading.unplaced_request  # the caller asks what is meant


def test_the_learned_second_opinion_never_names_a_slot_the_line_waves_off_or_mentions() -> None:
    sure = _with_model(TRAINING, override=0.5, veto=0.5)
    assert sure.read("no need for your birthday, what number can we reach you at?").asked == [
        "phone"]
    assert sure.read("i can look it up without your birthday. what number can we reach you "
                     "at?").asked == ["phone"]


def test_a_choice_asked_after_the_options_is_placed_by_the_whole_line() -> None:
    # the question names no slot; the sentence before it offers the offices
    assert asked("legal", "We have offices in Manhattan and Newark. Which suits you?") == [
        "office"]


def test_its_name_after_a_question_about_someone_asks_for_that_one_not_the_callers_name() -> None:
    assert asked("legal", "Is there a company involved? What's its name?") == ["opposing_party"]


def test_the_name_of_a_thing_is_not_the_callers_name() -> None:
    assert asked("customer_support", "What's the name of the city?") == ["new_address_city"]
    assert asked("healthcare", "What is the name of the patient?") == ["full_name"]


def with_email(email: str) -> ScriptedCaller:
    task = find_task("customer_support/C2-E1")
    spec = task.caller.model_copy(update={"facts": {**task.caller.facts, "email": email}})
    return ScriptedCaller(spec, slot_keywords(task.industry), 0,
                          industry_understanding(task.industry))


def test_an_email_read_back_with_a_short_domain_is_confirmed() -> None:
    shopper = with_email("lhawe@proton.me")
    shopper.respond("What's the email on the account?")
    reply = shopper.respond("Let me read that back: L-H-A-W-E at proton dot me. Is that right?")
    assert reply.text.startswith(("Yes", "That's")), reply.text


def test_a_two_letter_word_is_no_garbled_read_back() -> None:
    # "me" (of proton.me) is one letter from "de" in "order": not a read-back of the email
    shopper = with_email("lhawe@proton.me")
    shopper.respond("What's the email on the account?")
    assert "10137" in shopper.respond("Could you confirm the order number?").text


def test_a_sentence_naming_your_value_without_a_verb_is_a_request() -> None:
    assert asked("customer_support", "Great, I can help with that. First, your full name as it "
                 "appears on the account.") == ["full_name"]
    assert asked("customer_support", "Your order has shipped.") == []


def test_the_address_after_a_word_about_email_is_the_email_address() -> None:
    assert asked("customer_support", "I'm sorry for the hassle. Let me find you by email. "
                 "What's the address?") == ["email"]
    assert asked("customer_support", "Thanks for the email. What's the new address?") == [
        "new_address_line1"]


def test_what_was_it_asks_for_what_the_line_named_before() -> None:
    assert asked("legal", "Let me note the date of the incident. What was it?") == [
        "incident_date"]


def test_their_name_in_a_question_about_someone_else_is_that_ones_name() -> None:
    assert asked("legal", "Who was the other driver, if you know their name?") == [
        "opposing_party"]
    assert asked("healthcare", "Who's the appointment for? What's their name?") == ["full_name"]


def test_the_value_that_is_on_file_is_asked_not_waived() -> None:
    assert asked("customer_support", "Could you give me the phone number that's on file with "
                 "us?") == ["phone"]
    assert asked("customer_support", "Your phone is on file. What's the order number?") == [
        "order_id"]
    assert asked("customer_support", "Whose account are we looking at?") == ["full_name"]


def test_a_choice_among_clock_times_asks_the_time() -> None:
    # "2:30" is a time of day, not a clause break; "Which works better?" names no slot itself
    assert asked("legal", "I have 10 or 2:30 available. Which works better?") == [
        "consultation_time"]


def test_which_one_after_a_question_with_options_is_about_those_options() -> None:
    assert asked("healthcare", "Are you covered by Medicare, Medicaid, or a private insurer? "
                 "Which one?") == ["carrier"]


def test_days_or_times_for_the_waitlist_ask_only_the_waitlist_notes() -> None:
    assert asked("healthcare", "I'll note your preferences for the waitlist. What days and "
                 "times suit you?") == ["waitlist_notes"]


def test_a_reaction_phrase_counts_only_from_the_start_of_a_word() -> None:
    from mivas_env.caller.scripted import says
    assert says("it was cancelled yesterday", "cancel")
    assert not says("the number is in your confirmation email", "rma")
    assert not says("we showcase it", "case") and says("just in case", "case")


def test_a_reaction_to_being_asked_a_slot_waits_when_the_line_asks_another() -> None:
    from mivas_env.caller.scripted import Reaction
    task = find_task("customer_support/C2-E1")
    prefers_phone = Reaction(when_agent_says_any=["email"], unless_agent_says_any=["phone"],
                             say=["I'd rather use my phone number."], once=False)
    spec = task.caller.model_copy(update={"reactions": [prefers_phone]})

    def fresh() -> ScriptedCaller:
        return ScriptedCaller(spec, slot_keywords(task.industry), 0,
                              industry_understanding(task.industry))
    passing = fresh().respond("Thanks for the email. What's the order number?").text
    assert "10137" in passing and "rather" not in passing
    assert "rather" in fresh().respond("What's the email on the account?").text
    assert "rather" in fresh().respond("We'll send it by email.").text  # a statement: it reacts


@pytest.mark.parametrize(("industry", "line", "slot", "waved"), [
    ("customer_support", "Don't worry about the email, what's your ZIP?", "zip", "email"),
    ("legal", "You need not tell me the state; when did it happen?", "incident_date",
     "incident_state"),
    ("legal", "Forget the time for now, what day?", "consultation_date", "consultation_time"),
    ("healthcare", "Not the DOB, just the name.", "full_name", "date_of_birth"),
])
def test_a_slot_waved_off_beside_a_question_is_not_given(industry: str, line: str, slot: str,
                                                           waved: str) -> None:
    understanding = industry_understanding(industry)
    reading = understanding.read(line.casefold(), known=list(understanding.order))
    assert reading.asked == [slot] and waved not in reading.asked


def test_informal_spellings_of_speech_are_read_as_words() -> None:
    assert asked("customer_support", "Lemme get your ZIP.") == ["zip"]


def test_a_short_part_of_a_value_inside_a_longer_word_is_no_garbled_read_back() -> None:
    # "com" (of hotmail.com) sits inside "confirm": "confirm the city" reads back no email
    shopper = with_email("ekanta_medi@hotmail.com")
    shopper.respond("What's the email on the account?")
    assert not shopper.respond("Could you confirm the zip, please?").text.startswith(("No", "Not"))


def test_a_question_word_alone_asks_about_the_slot_asked_last() -> None:
    # "Who?" alone could ask for several slots; right after a doctor question it asks the doctor
    assert asked("healthcare", "Who?", after="provider") == ["provider"]
    assert asked("healthcare", "And when?", after="preferred_date") == ["preferred_date"]


def test_a_question_word_alone_after_a_sentence_naming_a_slot_asks_that_slot() -> None:
    assert asked("healthcare", "Is there someone you've been seeing? Who?") == ["provider"]
    assert asked("healthcare", "Doctor or nurse practitioner? And who?") == ["provider"]


def test_a_slot_an_earlier_sentence_waved_off_is_not_read_again_from_context() -> None:
    reading = industry_understanding("healthcare").read(
        "got your insurance. and who's your doctor here?")
    assert reading.asked == ["provider"] and "carrier" in reading.negated


def test_their_name_after_asking_who_the_matter_is_for_is_not_the_callers_name() -> None:
    for line in ("Who's this for — you, or a family member? What's their name?",
                 "Is this for you, or for a family member? And if so, what's their name?",
                 "Who are you in a fight with, a person or a company? What's their name?"):
        assert "full_name" not in asked("legal", line), line
    reply = caller("legal/C5-E3").respond(
        "Is this for you, or a family member? What's their name?").text
    assert "Erin Walsh" not in reply and "for me" in reply


def test_a_question_word_asks_its_slot_where_commas_only_add_to_the_question() -> None:
    # "Who ... to, name-wise?": one question; "who" asks for a person, the shipping words qualify
    assert asked("customer_support", "Who are we shipping this to, name-wise?") == [
        "recipient_name"]
    assert asked("legal", "Whose case is it, name-wise?") == ["for_whom"]
    # a slot a "which" names keeps its own ask
    assert "item" in asked("customer_support", "Tell me why, and which item.")


def test_a_value_holding_another_facts_value_counts_as_both_toward_two_facts() -> None:
    carla = caller("legal/C10-E1")  # her incident state "New York, in Manhattan" holds the office
    facts = carla.spec.facts
    reply = carla.respond("When did it happen, and in which state?").text
    shown = {slot for slot, value in facts.items() if value.casefold() in reply.casefold()}
    assert 1 <= len(shown) <= MAX_FACTS_PER_TURN, reply


def test_an_acknowledgement_naming_a_value_does_not_ask_for_it() -> None:
    # "Okay, Newark." says the office back; the question after it asks for the day alone
    assert asked("legal", "Okay, Newark. What day would you like?") == ["consultation_date"]
    assert asked("legal", "Okay, Newark it is! So what day are we looking at?") == [
        "consultation_date"]
    assert asked("legal", "Newark?") == ["office"]  # asked back, it is a question


def test_what_kind_asks_about_what_was_named_before_or_asked_last() -> None:
    assert asked("legal", "Do you have any paperwork about the case? What kind?") == [
        "document_type"]
    assert asked("legal", "What kind?", after="document_type") == ["document_type"]


def test_a_question_for_a_person_asks_no_slot_from_a_bare_noun_of_another_kind() -> None:
    # "this matter" names the kind of case, which no "who" question asks for
    assert asked("legal", "Who is the counterparty in this matter?") == ["opposing_party"]
    assert asked("legal", "Who's the case actually for? You, or someone else?") == ["for_whom"]
    assert asked("legal", "Who's the client, and what's the case about?") == [
        "for_whom", "practice_area"]


def test_request_words_of_others_a_relative_clause_or_a_negation_ask_nothing() -> None:
    assert asked("customer_support", "A few people share that name, so to be sure, what's the "
                 "ZIP code on the account?") == ["zip"]
    assert asked("healthcare", "I see a couple of people with that name, which happens a lot! "
                 "What's the date of birth?") == ["date_of_birth"]
    assert asked("healthcare", "We'll use the number on file, no need to give it. What's the "
                 "date of birth?") == ["date_of_birth"]
    assert asked("customer_support", "ZIP code on the account, please.") == ["zip"]


def test_when_one_is_usually_free_asks_for_the_waitlist_days_and_times() -> None:
    assert asked("healthcare", "When's good for you generally?") == ["waitlist_notes"]
    assert asked("healthcare", "What times usually work for you: mornings, lunch, after "
                 "work?") == ["waitlist_notes"]
    assert asked("healthcare", "And what are you being seen for, generally?") == ["visit_type"]


def test_not_this_but_that_then_what_is_it_asks_for_the_second_thing_named() -> None:
    assert asked("customer_support", "Not the ZIP, the apartment number. What is it?") == [
        "new_address_line2"]
    assert asked("healthcare", "Not your member ID, I mean your phone number. What's that?") == [
        "phone"]
    # "What is it?" alone asks about what was named before, not about a product
    assert asked("customer_support", "Let me note the reason for the cancellation. What is "
                 "it?") == ["cancel_reason"]


def test_a_slot_after_a_preposition_qualifies_though_an_and_came_before() -> None:
    # the "and"/"or" joins doings or two words of one thing; "with the attorney" only qualifies
    assert asked("legal", "Which day would you like to come in and sit down with the "
                 "attorney?") == ["consultation_date"]
    assert asked("legal", "What files or records do you have for this matter?") == [
        "document_type"]
    assert asked("legal", "So what kind of matter is it, and just give me the short version of "
                 "what happened?") == ["practice_area", "matter_summary"]


def test_a_question_word_the_agent_starts_again_after_asks_nothing_itself() -> None:
    assert asked("legal", "When — what time of day?") == ["consultation_time"]
    assert asked("customer_support", "Um, which — which product?") == ["product"]
    assert asked("legal", "When in the day is best?") == ["consultation_time"]


def test_the_name_of_an_employer_or_a_pet_is_not_the_callers_name() -> None:
    for line in ("What's your employer's name?", "What is your current employer's name?"):
        assert "full_name" not in asked("healthcare", line), line


def test_a_statement_about_values_the_agent_has_asks_for_none_of_them() -> None:
    for line in ("Okay, the name, the email, the phone, all checks out.",
                 "So I've got your name, your date of birth, and your phone number all saved.",
                 "The date of birth you gave matches what we have."):
        assert asked("healthcare", line) == [], line
    assert asked("healthcare", "Tell me what we should put down for the date of birth.") == [
        "date_of_birth"]


def test_formal_requests_kindly_indicate_specify_or_enter_ask_for_the_slot() -> None:
    assert asked("customer_support", "Kindly indicate the city for delivery.") == [
        "new_address_city"]
    assert asked("legal", "Kindly state the date of the incident.") == ["incident_date"]
    assert asked("customer_support", "Enter state for shipping address.") == [
        "new_address_state"]
    assert asked("customer_support", "Kindly specify the product.") == ["product"]


def test_everyday_words_for_a_slot_are_understood() -> None:
    assert asked("customer_support", "Which piece of the order is it?") == ["item"]
    assert asked("customer_support", "What suburb is it in?") == ["new_address_city"]
    assert asked("customer_support", "Who's signing for it?") == ["recipient_name"]
    assert "full_name" not in asked("customer_support", "What's the SKU, or just the item name?")


def test_naming_the_slot_just_told_is_no_garbled_read_back_of_it() -> None:
    # "email" is a letter away from the "gmail" of the caller's address: no correction follows
    lan = caller("customer_support/C6-E1")
    assert lan.respond("And the e-mail on file?").text.startswith("lnguyen@gmail.com")
    reply = lan.respond("Okay, I have your email now. And what's the order number?").text
    assert "10093" in reply and "gmail" not in reply


def test_a_waiver_word_after_a_question_word_and_its_slot_asks_which_one() -> None:
    assert asked("customer_support", "Which phone number is on file?") == ["phone"]
    assert asked("customer_support", "Your phone number is on file. What's your ZIP?") == ["zip"]


def test_a_slot_deferred_with_before_we_get_to_is_not_asked_yet() -> None:
    assert asked("customer_support",
                 "Before we talk about where to send it, what's the ZIP on the account?") == ["zip"]
    assert asked("customer_support",
                 "Before we get into the new address, what's the email on your account?") == ["email"]


def test_a_statement_with_a_past_tense_verb_asks_for_nothing_it_names() -> None:
    assert asked("customer_support",
                 "Your email found the account; to double-check, what is its ZIP code?") == ["zip"]


def test_a_fill_in_the_blank_question_asks_for_its_slot() -> None:
    assert asked("customer_support", "And the phone number on the account is...?") == ["phone"]
    assert asked("healthcare", "Your date of birth is …?") == ["date_of_birth"]


def test_a_bare_noun_phrase_with_its_qualifier_asks_for_the_slot() -> None:
    assert asked("customer_support", "Account phone.") == ["phone"]
    assert asked("customer_support", "Delivery ZIP code.") == ["new_address_zip"]
    assert asked("customer_support", "Okay, the order's cancelled.") == []


def test_a_thing_said_to_be_welcome_is_asked_for() -> None:
    assert asked("customer_support", "I see two orders here. The order number would be great.") == [
        "order_id"]
    assert asked("customer_support", "Sure, that would be great.") == []


def test_a_generic_word_of_a_slot_the_line_asked_already_is_about_that_slot() -> None:
    assert asked("legal", "When did this happen? Can you give me the date?") == ["incident_date"]
    assert asked("legal", "When did this happen? The exact date would help.") == ["incident_date"]


def test_regional_and_shop_words_for_a_slot_are_understood() -> None:
    assert asked("customer_support", "Kindly tell me the pin code for your account.") == ["zip"]
    assert asked("customer_support", "What's the PO number on your confirmation?") == ["order_id"]
    assert asked("customer_support", "What's the number we have for you?") == ["phone"]


def test_the_verb_state_asks_for_what_follows_it_and_the_noun_still_names_a_state() -> None:
    assert asked("customer_support", "Now, state the email on your account.") == ["email"]
    assert asked("customer_support", "Please state your ZIP code.") == ["zip"]
    assert asked("legal", "What state is it in?") == ["incident_state"]


def test_describe_leave_and_may_i_know_ask_for_what_they_name() -> None:
    assert asked("legal", "Please describe the situation for me.") == ["matter_summary"]
    assert asked("legal", "Leave your message after this and I'll pass it on.") == ["message"]
    assert asked("legal", "May I know your phone number?") == ["phone"]
    assert asked("legal", "I'll leave a note for the attorney.") == []


def test_a_step_label_then_a_noun_phrase_asks_for_it() -> None:
    assert asked("customer_support", "Step three: the email on your account.") == ["email"]
    assert asked("legal", "Final step: your preferred date.") == ["consultation_date"]


def test_a_title_before_a_name_does_not_end_a_sentence() -> None:
    from mivas_env.caller.words import sentences

    assert len(sentences("A follow-up with Dr. Lee. Which office?")) == 2
    assert len(sentences("I said no. What is your name?")) == 2
    assert asked("healthcare", "Thank you, a follow-up with Dr. Lee. Which office suits you?") == [
        "location"]


def test_values_offered_as_options_are_not_a_read_back() -> None:
    assert caller("legal/C10-E3").respond(
        "Kindly confirm whether you will attend our Manhattan or Newark office.").text == "Newark."
    assert caller("healthcare/C9-E2").respond(
        "We have Park Avenue, Windermere, Riverdale, White Plains and Tarrytown. "
        "Which do you prefer?").text == "Park Avenue."


def test_a_read_back_of_a_value_with_commas_in_it_is_still_a_read_back() -> None:
    kim = caller("legal/C10-E2")
    kim.respond("What day would suit you for the consultation?")
    assert kim.respond("Monday, December 7th works for you, right?").text.startswith("Yes")
    assert "December 7th" in kim.respond("Monday, December 9th works for you, right?").text


def test_regional_words_mail_id_and_solicitor_are_understood() -> None:
    assert asked("customer_support", "Kindly share your email ID.") == ["email"]
    assert asked("healthcare", "And the D-O-B on the patient?") == ["date_of_birth"]
    assert asked("legal", "Which solicitor would you like to see?") == ["attorney"]


def test_a_slot_whose_fact_says_another_is_all_a_day_and_time_question_asks() -> None:
    # legal's consultation_time covers consultation_date (industry.json "covers"): its fact
    # says the day too, so the day is not given twice
    assert asked("legal", "Which day and time would suit you for the consultation?") == [
        "consultation_time"]
    legal = industry_understanding("legal")
    line = "which day and time would suit you for the consultation?"
    assert legal.read(line, known=["consultation_date"]).asked == [
        "consultation_date"]  # to a caller who knows no time, the question asks for the day


def test_a_slot_may_only_cover_another_slot() -> None:
    from rewards.industry import Industry

    data = json.loads((tasks_dir() / "legal" / "industry.json").read_text())
    data["slots"]["consultation_time"]["covers"] = ["consultation_weekday"]
    with pytest.raises(ValueError, match="covers 'consultation_weekday'"):
        Industry.model_validate(data)


def test_the_word_matter_alone_does_not_ask_what_kind_of_matter() -> None:
    assert asked("legal", "Can you confirm who this matter is for?") == ["for_whom"]
    assert asked("legal", "Is this matter on your own behalf, or for someone else?") == [
        "for_whom"]
    assert asked("legal", "What kind of matter is it?") == ["practice_area"]


def test_got_it_and_a_value_acknowledges_the_value() -> None:
    assert asked("healthcare", "Got it, a sick visit. Which office works for you?") == [
        "location"]


def test_a_date_format_after_a_question_asks_for_nothing_more() -> None:
    assert asked("healthcare", "And the patient's birthday? Month, day, and year.") == [
        "date_of_birth"]


def test_a_value_acknowledged_with_got_it_or_a_statement_about_a_slot_asks_nothing() -> None:
    assert asked("customer_support", "Okay, Oak Street, got it. Is there an apartment number?") == [
        "new_address_line2"]
    assert asked("customer_support", "Alright, the city's in. What state is that?") == [
        "new_address_state"]


def test_which_with_its_slot_outranks_a_slot_the_context_favours() -> None:
    assert asked("customer_support", "Which state are we shipping it to?",
                 after="new_address_line1") == ["new_address_state"]


def test_an_apostrophe_s_before_a_participle_or_preposition_is_is() -> None:
    from mivas_env.caller.words import sentences

    assert sentences("The order's cancelled.")[0].words == ("the", "order", "is", "cancelled")
    assert sentences("The patient's name?")[0].words == ("the", "patient", "name")
    assert asked("customer_support", "Okay, the email's updated. And the phone on file?") == [
        "phone"]


def test_a_phrase_after_the_slot_that_says_which_one_keeps_it_a_request() -> None:
    assert asked("customer_support", "And the ZIP for verification.") == ["zip"]
    assert asked("customer_support", "Okay, and the order number off your receipt.") == [
        "order_id"]
    assert asked("customer_support", "What's the name of your first pet?") == []
    assert asked("customer_support",
                 "Okay, so it's the order from last week. What's your name on the account?") == [
        "full_name"]


def test_a_day_or_an_hour_offered_in_a_short_question_asks_about_that_slot() -> None:
    assert asked("legal", "Friday good?") == ["consultation_date"]
    assert asked("healthcare", "Would the ten o'clock work?") == ["appointment_time"]
    assert asked("healthcare", "Great, Friday it is. What time works for you?") == [
        "appointment_time"]


def test_more_read_back_tags_are_read_backs() -> None:
    dana = caller("healthcare/C1-E1")
    dana.respond("May I have the patient's full name, please?")
    name = dana.spec.facts["full_name"]
    for tag in ("Is that accurate?", "Did I hear that correctly?", "Is that still current?"):
        assert dana.respond(f"I have {name}. {tag}").text.startswith(("Yes", "That's right")), tag


def test_a_yes_no_question_the_caller_cannot_place_gets_a_clarification_not_a_nudge() -> None:
    reading = industry_understanding("legal").read("did the weather play a part in this?")
    assert reading.asked == [] and reading.unplaced_request


def test_a_slot_the_agent_will_need_later_is_not_asked_now() -> None:
    assert asked("customer_support", "I'll need the email in a moment, but first, your ZIP?") == [
        "zip"]
    assert asked("customer_support", "I'll grab the city next, but first, the street address.") == [
        "new_address_line1"]
    assert asked("customer_support", "Perfect. I'll need the order number next.") == ["order_id"]
    assert asked("healthcare", "What's the best number to reach you after 5 pm?") == ["phone"]
    reading = industry_understanding("customer_support").read(
        "i'll need your zip in a second, but first your name.")
    assert reading.asked == ["full_name"] and "hold" not in reading.acts
    assert "hold" in industry_understanding("customer_support").read("one moment, please.").acts


def test_a_transcript_without_punctuation_or_apostrophes_is_understood() -> None:
    assert asked("customer_support", "whats the city for the delivery") == ["new_address_city"]
    assert asked("customer_support", "you want the refund to your card or store credit") == [
        "refund_method"]
    assert asked("legal", "for yourself or someone else") == ["for_whom"]
    assert asked("healthcare", "dont worry about the time just tell me the day you want") == [
        "preferred_date"]
    assert asked("healthcare", "okay i will call you back if anything opens up") == []


def test_a_statement_that_names_what_will_do_or_is_missing_asks_for_it() -> None:
    assert asked("customer_support", "Just the ZIP on the account is fine.") == ["zip"]
    assert asked("customer_support", "The order number alone will do.") == ["order_id"]
    assert asked("customer_support", "The last check is the email on the account.") == ["email"]
    assert asked("customer_support", "And the name on the account is") == ["full_name"]
    assert asked("healthcare", "I have your carrier, so it's just the member ID I'm missing.") == [
        "member_id"]
    assert asked("customer_support", "Store credit is fine by us.") == []
    assert asked("legal", "Okay, Manhattan it is.") == []


def test_a_question_offering_the_callers_own_value_among_others_asks_for_it() -> None:
    lan = caller("customer_support/C6-E1")  # returning the Copperline skillet
    assert "Copperline skillet" in lan.respond("Was it the Copperline skillet or the kettle?").text


def test_read_that_or_what_does_it_say_asks_for_the_thing_named_last() -> None:
    assert asked("customer_support", "Perfect! If you've got the confirmation email handy, "
                 "there's an order number near the top. Could you read that to me?") == ["order_id"]
    assert asked("customer_support", "So if you've got the confirmation email handy, there's an "
                 "order number near the top, what does it say?") == ["order_id"]


def test_casual_requests_and_terms_of_address_do_not_hide_the_slot() -> None:
    assert asked("customer_support", "Drop me your email address.") == ["email"]
    assert asked("customer_support", "your zip code ma'am, the one we have on the account") == [
        "zip"]
    assert asked("healthcare", "full name of patient ma'am") == ["full_name"]


def test_the_zip_there_and_the_ship_to_name_belong_to_the_new_address() -> None:
    assert asked("customer_support", "And what's the ZIP code over there?") == ["new_address_zip"]
    assert asked("customer_support", "Destination ZIP?") == ["new_address_zip"]
    assert asked("customer_support", "And the ship-to name?") == ["recipient_name"]


def test_examples_and_alternatives_offered_ask_for_nothing_themselves() -> None:
    assert asked("legal", "Is this for you, or for somebody else, like a spouse or a parent?") == [
        "for_whom"]
    assert asked("legal", "And who's the other party? Your landlord, or someone else?") == [
        "opposing_party"]
    assert asked("legal", "Are you the person involved, or is this on behalf of someone else?") == [
        "for_whom"]
    assert asked("legal", "So this is for your mom, right? What's her full name?") == ["for_whom"]


def test_an_acknowledgement_restating_a_value_asks_for_nothing_it_names() -> None:
    assert asked("legal", "Mm-hm, Newark. When would you like to come in?") == [
        "consultation_date"]
    assert asked("legal", "Okay, the divorce. Can you give me a quick overview?") == [
        "matter_summary"]
    assert asked("healthcare", "Got it, annual physical. Name on the chart?") == ["full_name"]
    assert asked("healthcare", "Okay, the date of birth.") == ["date_of_birth"]
    assert "full_name" not in asked("healthcare", "What is your employer's full name?")


def test_small_talk_about_calling_back_or_what_a_value_is_for_asks_nothing() -> None:
    assert asked("legal", "Is now a convenient time to speak, or should we call you back?") == []
    assert asked("healthcare", "Your date of birth just helps us keep your records straight.") == []
    assert asked("legal", "Your case sounds like one we see a lot.") == []


def test_plural_days_and_times_ask_for_availability_not_one_day() -> None:
    assert asked("healthcare", "Which days work for you?") == ["waitlist_notes"]
    assert asked("healthcare", "Days and times that suit you?") == ["waitlist_notes"]
    assert asked("healthcare", "Mornings or afternoons, which are best for you?") == ["waitlist_notes"]
    assert asked("healthcare", "What's your general availability?") == ["waitlist_notes"]
    assert asked("healthcare", "Which day works for you?") == ["preferred_date"]
    assert asked("healthcare", "What day and time would you like?") == ["preferred_date",
                                                                        "appointment_time"]
    assert asked("healthcare", "Who's your insurance with these days?") == ["carrier"]


def test_a_surface_phrase_matches_the_words_as_said_not_their_stems() -> None:
    lexicon = Lexicon()
    lexicon.add("'days", "@days")
    lexicon.add("day", "@when")
    lexicon.freeze()
    plural, one = sentences("which days")[0], sentences("which day")[0]
    assert set(lexicon.find(plural.stems, plural.words).cues) == {"@days", "@when"}
    assert set(lexicon.find(one.stems, one.words).cues) == {"@when"}
    assert set(lexicon.find(plural.stems).cues) == {"@when"}  # no words given: stems only


def test_the_authoring_table_of_slot_meanings_matches_every_industry_json() -> None:
    script = Path(__file__).resolve().parent.parent / "scripts" / "slot_meanings.py"
    run = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr


def test_a_bare_name_of_a_person_asked_about_is_that_persons_not_the_callers() -> None:
    assert asked("legal", "And the other driver, or company, whoever — name?") == ["opposing_party"]
    assert asked("legal", "Who's it for — name?") == ["for_whom"]
    assert asked("legal", "Please provide the name of the individual or entity you intend to "
                 "take action against.") == ["opposing_party"]
    assert asked("legal", "Name and phone?") == ["full_name", "phone"]
    assert asked("customer_support", "Please state the name or model of the product.") == ["product"]


def test_which_one_after_a_named_thing_asks_which_of_that_thing() -> None:
    assert asked("healthcare", "Yep — insurance, which one?") == ["carrier"]
    assert asked("healthcare", "Office, which one?") == ["location"]
    assert asked("healthcare", "Which one?", after="appointment_time") == ["appointment_time"]


def test_what_the_agent_needs_to_do_said_first_is_a_reason_not_a_request() -> None:
    assert asked("healthcare", "Need to verify coverage — what's the member ID?") == ["member_id"]
    assert asked("healthcare", "Need to book the right slot length — what type of "
                 "appointment?") == ["visit_type"]
    assert asked("healthcare", "I need to confirm your phone number.") == ["phone"]


def test_what_is_enough_after_a_waived_clause_and_a_correction_ask_for_what_they_name() -> None:
    assert asked("customer_support", "No need for the full address, just the ZIP code on the "
                 "account will do for verification.") == ["zip"]
    assert asked("customer_support", "No need for the phone, just the email is fine.") == ["email"]
    assert asked("customer_support", "Not your nickname, the full name you registered "
                 "with.") == ["full_name"]
    assert asked("customer_support", "That will do, thanks.") == []
    assert asked("legal", "What are you calling the firm about today?") == ["practice_area"]
    assert asked("legal", "And what are you called?") == ["full_name"]


def test_a_line_saying_what_the_form_still_lacks_asks_for_it() -> None:
    assert asked("customer_support", "The one thing I don't have yet is the order number.") == [
        "order_id"]
    assert asked("healthcare", "Got the carrier. Member ID next.") == ["member_id"]
    assert asked("legal", "I've noted what happened. The date of the incident is still blank on "
                 "my form.") == ["incident_date"]
    assert asked("customer_support", "Street and unit are recorded; the city is the remaining "
                 "field.") == ["new_address_city"]
    assert asked("customer_support", "I'll do the state next.") == []


def test_spoken_joins_take_whole_words_only() -> None:
    assert sentences("I don't have it")[0].words == ("i", "do", "not", "have", "it")
    assert sentences("pop them in the mail")[0].words == ("pop", "them", "in", "the", "mail")
    assert sentences("your I D number, D O B and e-mail")[0].words == (
        "your", "id", "number", ",", "dob", "and", "email")


def test_a_caller_answers_with_the_value_it_knows_when_readings_are_near() -> None:
    line = "I understand this is urgent. May I have your name so I can relay it to the attorney?"
    understanding = industry_understanding("legal")
    assert understanding.read(line, known=["full_name", "phone"]).asked == ["full_name"]
    assert asked("healthcare", "Great, got the name. And the birth date to go with it?") == [
        "date_of_birth"]


def test_a_list_of_what_the_agent_already_has_asks_for_none_of_it() -> None:
    assert asked("customer_support", "Okay, I've got your street, your apartment, your city, and "
                 "your ZIP, all in.") == []
    reading = industry_understanding("customer_support").read("I've got the city, just the ZIP.")
    assert reading.asked and "new_address_city" in reading.negated
    assert asked("customer_support", "I've got your name. And your email?") == ["email"]


def test_a_clause_opening_with_not_waves_off_what_it_names() -> None:
    understanding = industry_understanding("legal")
    reading = understanding.read("Not who it's against — who it's for. You, or a family member?")
    assert reading.asked == ["for_whom"] and "opposing_party" in reading.negated
    assert asked("legal", "Sorry, I meant what happened — not who was involved. Can you give me "
                 "the short version?") == ["matter_summary"]
    # "the one" after it asks for another of the same kind
    assert asked("customer_support", "Not the email you're writing from now, the one the "
                 "account's registered to. What's that?") == ["email"]


def test_noted_is_not_not() -> None:
    assert stem("noted") == "note" and stem("noting") == "note"
    assert asked("legal", "Let me note the date of the incident. What was it?") == ["incident_date"]
    assert asked("legal", "I've noted what happened.") == []


def test_an_outcome_stated_to_the_caller_asks_for_nothing() -> None:
    understanding = industry_understanding("healthcare")
    reading = understanding.read("You're all set at Riverdale on December 9 at 10:00.",
                                 known=["full_name", "appointment_time", "preferred_date"])
    assert reading.asked == [] and not reading.unplaced_request


def test_not_this_one_the_one_there_asks_for_the_one_there() -> None:
    assert sentences("Not the ZIP on the account, the one it ships to.")[0].words[-4:] == (
        "zip", "it", "ships", "to")
    reading = industry_understanding("customer_support").read(
        "Okay, so not the ZIP on the account — the one where it's shipping to. What is it?")
    assert reading.asked == ["new_address_zip"] and "zip" in reading.negated
    assert asked("customer_support", "Not necessarily the number you're calling from — the one "
                 "on the account. What is it?") == ["phone"]


def test_a_relative_clause_after_a_slot_says_which_one_and_asks_nothing_itself() -> None:
    assert asked("customer_support", "What's the ZIP where it's shipping to?") == ["new_address_zip"]
    assert asked("customer_support", "What's the ZIP, and where is it shipping to?") == [
        "new_address_zip", "new_address_line1"]


def test_typographic_punctuation_from_an_llm_reaches_the_caller_as_ascii() -> None:
    assert to_charset("It’s café — “fine”… ok") == "It's cafe - \"fine\"... ok"
    env = MivasEnv(industry="customer_support", task_id="C8-E1")
    env.reset(seed=0)
    zip_code = env.unwrapped.session.scripted.spec.facts["new_address_zip"]
    reply, _ = say(env, "Okay, so not the ZIP on the account — the one where it’s shipping to. "
                   "What is it?")
    assert zip_code in reply


def test_a_reaction_that_corrects_a_value_waits_while_the_line_asks_another_slot() -> None:
    spec = find_task("legal/C10-E1").caller.model_copy(update={
        "reactions": [Reaction(when_agent_says_any=["new york"], unless_agent_says_any=["jersey"],
                               say=["No, it happened in New Jersey."])]})
    fresh = ScriptedCaller(spec, slot_keywords("legal"), 0, industry_understanding("legal"))
    assert "happened" not in fresh.respond("Would you like our New York office?").text
    assert "happened" in fresh.respond("I've put New York down as the state.").text


def test_a_phrase_hidden_inside_a_longer_one_stays_hidden_when_found_twice() -> None:
    assert asked("healthcare", "So you're switching from Windermere to Park Avenue. Which "
                 "insurance are you using these days?") == ["carrier"]


def test_a_clause_set_aside_before_the_question_asks_nothing() -> None:
    assert asked("healthcare", "Before I check what days Dr. Patel has free, what's your date of "
                 "birth?") == ["date_of_birth"]
    reading = industry_understanding("legal").read(
        "We will not require the opposing party's name today. What time works for you?")
    assert "opposing_party" in reading.negated


def test_a_deferral_of_that_defers_what_the_clause_before_it_named() -> None:
    reading = industry_understanding("healthcare").read(
        "Sorry, that's the date you'd like to come in — I'll grab that in a second. First, "
        "what's the patient's date of birth?")
    assert reading.asked == ["date_of_birth"] and "preferred_date" in reading.negated
    assert asked("legal", "How will you be getting the papers to us?") == ["document_delivery"]
    assert asked("legal", "Paperwork — what kind?") == ["document_type"]


def test_a_reason_after_a_bare_request_and_an_idiom_ask_nothing_themselves() -> None:
    assert asked("healthcare", "and a number for you in case the office needs to get in "
                 "touch") == ["phone"]
    assert asked("healthcare", "Sooner or later this month? What date works?") == [
        "preferred_date"]


def test_a_date_read_back_without_its_weekday_is_right_and_with_a_wrong_one_is_not() -> None:
    spec = find_task("legal/C10-E1").caller.model_copy(update={
        "facts": {**find_task("legal/C10-E1").caller.facts,
                  "incident_date": "Wednesday, June 24, 2026"}})
    fresh = ScriptedCaller(spec, slot_keywords("legal"), 0, industry_understanding("legal"))
    fresh.respond("When did the incident happen?")
    assert fresh.respond("Let me read that back: 2026-06-24. Is that right?").text.startswith(
        ("Yes", "That's"))
    assert fresh.respond("So that was Thursday, June 24, 2026?").text.startswith(("No", "Not"))
    assert fresh.respond("Let me read that back: 2026-06-25. Is that right?").text.startswith(
        ("No", "Not"))


def test_whose_chart_asks_the_patients_name_and_am_the_verb_is_no_time() -> None:
    assert asked("healthcare", "Alright, whose chart am I looking for? First and last.") == [
        "full_name"]
    assert asked("healthcare", "Whose appointment is it?") == ["full_name"]
    assert asked("healthcare", "AM or PM?") == ["appointment_time"]


def test_a_statement_that_something_is_spelled_asks_for_no_spelling() -> None:
    reading = industry_understanding("healthcare").read(
        "Right, so that's spelled exactly as I've typed it. Next the system asks for the birthday.")
    assert "spell" not in reading.acts and reading.asked == ["date_of_birth"]
    assert "spell" in industry_understanding("healthcare").read("How is that spelled?").acts


def test_what_the_agents_system_asks_for_and_progressive_forms_are_requests() -> None:
    assert asked("healthcare", "The system wants your insurance carrier.") == ["carrier"]
    assert asked("customer_support", "I will be needing the billing ZIP code for verification.") == ["zip"]
    assert asked("healthcare", "Let's note the reason for the cancellation.") == ["cancel_reason"]
    assert asked("legal", "Attorney you want.") == ["attorney"]
    assert asked("legal", "Alright, name first.") == ["full_name"]


def test_whom_a_visit_is_for_asks_for_a_person_not_the_kind_of_visit() -> None:
    assert asked("healthcare", "Whom is the appointment for? I'll need the full name.") == ["full_name"]
    assert asked("healthcare", "Who would you like to see, and what's the visit for?") == [
        "provider", "visit_type"]


def test_where_to_reach_the_caller_asks_for_the_phone_not_an_office() -> None:
    assert asked("healthcare", "Now, where can we reach you if something changes?") == ["phone"]
    assert asked("healthcare", "And your phone number, so the office can confirm?") == ["phone"]


def test_the_one_named_besides_a_waved_off_decoy_is_asked() -> None:
    assert asked("legal", "Sorry, I meant your phone number, not the case number. What is it?") == [
        "phone"]


def test_a_noun_another_reading_carries_is_what_it_is_about() -> None:
    assert asked("legal", "So, the documents - mail, link, drop-off?") == ["document_delivery"]
    assert asked("legal", "What documents do you have, and how will you send them?") == [
        "document_type", "document_delivery"]


def test_a_clause_of_purpose_before_the_question_asks_nothing() -> None:
    assert asked("healthcare", "To verify your coverage, I'll need the member identification "
                               "number from your insurance card.") == ["member_id"]
    assert asked("legal", "Great, and just so the attorney knows who to call, what's your name?") == [
        "full_name"]
    assert asked("customer_support", "To whom should the package be addressed?") == ["recipient_name"]


def test_which_one_of_a_thing_qualifies_the_question_and_asks_nothing() -> None:
    assert asked("customer_support", "And what state would that be in, for the new address?") == [
        "new_address_state"]
    assert asked("customer_support", "Kindly confirm the city in which the delivery address is.") == [
        "new_address_city"]
    assert asked("customer_support", "Sorry, I just need the ZIP, not the whole street address. "
                                     "What's the ZIP on your account?") == ["zip"]


def test_a_confirm_request_sharing_only_a_word_with_an_untold_fact_is_answered() -> None:
    reply = caller("healthcare/C5-E1").respond("Kindly confirm the reason you are not attending.").text
    assert "feeling much better" in reply


def test_a_statement_after_a_question_explaining_it_asks_nothing_more() -> None:
    assert asked("healthcare", "What kind of appointment are we booking today? It changes what "
                               "times I can offer you.") == ["visit_type"]


def test_cancel_reasons_and_value_choices_in_the_agents_own_words() -> None:
    assert asked("healthcare", "What's stopping you from coming in?") == ["cancel_reason"]
    assert asked("healthcare", "What's a good day for you?") == ["preferred_date"]
    assert asked("legal", "Ms. Levine or Mr. Hart?") == ["attorney"]
    assert asked("healthcare", "Dr. Patel or Dr. Chen?") == ["provider"]


def test_someone_elses_thing_waved_off_for_the_callers_own_asks_for_the_callers() -> None:
    assert asked("legal", "Not the opposing party's phone number, yours. What is it?") == ["phone"]
    assert asked("customer_support", "Not your daughter's email — your own, please.") == ["email"]
    assert asked("healthcare", "Not your husband's date of birth, but yours.") == ["date_of_birth"]


def test_a_without_after_a_negation_says_what_is_needed() -> None:
    assert asked("legal", "The form won't let me continue without a phone number. What should I "
                          "enter?") == ["phone"]
    assert asked("healthcare", "I can't book you in without the member ID.") == ["member_id"]
    assert asked("healthcare", "We can book you without the member ID. What's your name?") == [
        "full_name"]


def test_thanks_for_what_the_caller_did_asks_for_nothing_again() -> None:
    assert asked("healthcare", "Thanks for spelling that out! Now, what's your birthday?") == [
        "date_of_birth"]
    assert "spell" not in industry_understanding("healthcare").read(
        "thank you for spelling it. what's your dob?").acts


def test_a_topic_announced_asks_nothing_until_the_question() -> None:
    assert asked("healthcare", "Okay, one more insurance thing.") == []
    assert asked("healthcare", "One more insurance question: what's the member ID?") == ["member_id"]


def test_request_forms_an_agent_uses_when_it_needs_something() -> None:
    assert asked("customer_support", "Great, let me just grab your email real quick.") == ["email"]
    assert asked("healthcare", "It would really help to know the patient's date of birth.") == [
        "date_of_birth"]
    assert asked("legal", "Which weekday works best for the consultation?") == ["consultation_date"]
    assert asked("customer_support", "What name should I look the account up under?") == [
        "full_name"]
    assert asked("customer_support", "I need your ZIP, the one on the account, not where it's "
                                     "shipping to.") == ["zip"]


def test_what_a_request_phrase_names_in_one_word_is_asked_for() -> None:
    assert asked("healthcare", "Begin with the day, and we'll get to times later.") == [
        "preferred_date"]
    assert asked("healthcare", "Start with the name of your employer.") == []
    assert asked("healthcare", "Start with the employer.") == []


def test_an_infinitive_after_a_person_is_no_preposition_phrase() -> None:
    assert asked("legal", "Before I forget: if the attorney has to call you back, which number "
                          "should she use?") == ["phone"]
    assert asked("legal", "In case the lawyer needs to text you, what's the best number?") == ["phone"]
    assert asked("legal", "The intake form needs a callback number. What works?") == ["phone"]


def test_what_the_agent_will_look_up_asks_nothing() -> None:
    assert asked("healthcare", "Choose a day and I'll see what's open.") == ["preferred_date"]
    assert asked("healthcare", "Which date suits you? I'll check what we have open.") == [
        "preferred_date"]


def test_a_statement_that_the_agent_has_the_spelling_asks_for_no_spelling() -> None:
    reading = industry_understanding("healthcare").read(
        "okay, i've got the spelling. and now the date of birth.")
    assert reading.asked == ["date_of_birth"] and "spell" not in reading.acts


def test_a_blank_left_for_the_caller_to_fill_is_a_question() -> None:
    assert asked("healthcare", "Okay. And the patient would be...?") == ["full_name"]
    assert asked("healthcare", "Which facility is closest for you?") == ["location"]


def test_times_said_in_words_are_times_offered() -> None:
    assert asked("healthcare", "The doctor has nine-fifteen and two-thirty. Which works?") == [
        "appointment_time"]
    assert asked("healthcare", "Would you rather the eight a.m. or the eleven o'clock?") == [
        "appointment_time"]
    assert asked("healthcare", "Do you have a preferred office? If so, which one?") == ["location"]


def test_the_industrys_own_words_for_its_things() -> None:
    assert asked("healthcare", "Who's the payer on this?") == ["carrier"]
    assert asked("healthcare", "Which centre suits you best?") == ["location"]
    assert asked("healthcare", "Do you have a GP with us?") == ["provider"]
    assert asked("healthcare", "Would you rather the earlier one or the later one?") == [
        "appointment_time"]
    assert asked("legal", "Earlier or later in the day?") == ["consultation_time"]


def test_a_word_that_both_names_and_qualifies_a_reading_counts_once() -> None:
    assert asked("healthcare", "I don't want to confuse anyone, so please give me the patient's "
                               "complete name.") == ["full_name"]


def test_someone_elses_doing_names_no_slot() -> None:
    assert asked("healthcare", "Which number should we use, in case the office needs to follow "
                               "up?") == ["phone"]
    assert asked("legal", "Jurisdiction matters a lot. Which state did this happen in?") == [
        "incident_state"]
    assert asked("healthcare", "And the day you're aiming for?") == ["preferred_date"]
    assert asked("legal", "What's your availability like next week?") == ["consultation_date"]


@pytest.mark.parametrize("line", [
    "Give me a moment to pull up the doctor's schedule.",
    "Let me just have a look at the calendar.",
    "Let me just take a look at your insurance on file.",
])
def test_a_hold_that_names_what_the_agent_looks_at_asks_for_nothing(line: str) -> None:
    reading = industry_understanding("healthcare").read(line.casefold())
    assert reading.asked == [] and "hold" in reading.acts


def test_where_a_value_is_written_and_who_acts_name_no_slot() -> None:
    assert asked("legal", "Next, your full name as it should appear on our file.") == ["full_name"]
    assert asked("legal", "So the attorney knows who to call back, what's your name?") == [
        "full_name"]


def test_who_the_firm_would_represent_is_who_the_matter_is_for() -> None:
    assert asked("legal", "Who are you calling for?") == ["for_whom"]
    assert asked("legal", "And who would the lawyer be representing?") == ["for_whom"]
    assert asked("legal", "Which attorney are you calling for?") == ["attorney"]


@pytest.mark.parametrize("line", [
    "Exact date?",
    "What date are we talking about?",
    "Got it. What date are we talking?",
    "Date it occurred.",
    "The exact date it happened, if you've got it.",
    "DOL? Date of loss.",
])
def test_a_bare_date_question_asks_for_the_date_the_caller_has(line: str) -> None:
    assert industry_understanding("legal").read(
        line.casefold(), known=["full_name", "incident_date", "phone"]).asked == ["incident_date"]


def test_a_relative_clause_after_a_slot_makes_no_statement_of_a_question() -> None:
    # "the date it happened" qualifies the date; a clause that says more is a statement
    assert asked("legal", "The date it happened was noted.") == []
    assert asked("healthcare", "The phone number you called from doesn't match a record, so could "
                               "you tell me the patient's full name?") == ["full_name"]


def test_an_opening_start_with_qualifies_nothing() -> None:
    # "Start with the day." is no "when did it start": the caller with a consultation to book
    # gives its day
    reading = industry_understanding("legal").read(
        "start with the day.", known=["full_name", "consultation_date", "consultation_time"])
    assert reading.asked == ["consultation_date"]


def test_a_read_back_that_holds_a_value_asks_for_no_other_slot() -> None:
    legal = caller("legal/C3-E1")
    facts = legal.spec.facts
    legal.respond("What's a good phone number for you?")
    digits = "-".join(re.sub(r"\D", "", facts["phone"])[-10:])
    # the read-back asks for no slot: not by the rules, not by the learned model
    for read_back in (f"let me read that back: {digits}. is that right?",
                      "let me read that back: 2-1-3, 5-5-5, 0-1-1-9. is that right?"):
        assert industry_understanding("legal").read(read_back, last_asked=["phone"]).asked == []
    assert legal.respond(f"Let me read that back: {digits}. Is that right?").text.startswith(
        ("Yes", "That's right"))
    reply = legal.respond("Kindly confirm the date on which the matter arose.").text
    assert facts["incident_date"].split(",")[0] in reply, reply


def test_who_are_they_after_naming_the_other_side_asks_for_the_other_side() -> None:
    assert asked("legal", "Before we go any further, I have to check we don't act for the other "
                          "side. Who are they?") == ["opposing_party"]
    assert asked("legal", "Who are you?") == []


def test_ready_to_take_a_thing_asks_for_it() -> None:
    assert asked("legal", "I'm ready to take your message.") == ["message"]
    assert asked("legal", "Okay, I'm ready for the message whenever you are.") == ["message"]


def test_a_time_of_day_is_a_time_and_whose_calendar_is_the_attorney() -> None:
    assert asked("legal", "What time of day would you like to meet with the attorney?")[:1] == [
        "consultation_time"]
    assert asked("legal", "What day would you like to come in?") == ["consultation_date"]
    assert asked("legal", "Whose calendar am I checking?") == ["attorney"]


def test_a_remark_after_a_value_is_no_part_of_its_read_back() -> None:
    task = find_task("healthcare/C1-E1")
    spec = task.caller.model_copy(update={"facts": {
        **task.caller.facts, "phone": "646.555.0100, that's my new cell"}})
    kim = ScriptedCaller(spec, slot_keywords(task.industry), 0,
                         industry_understanding(task.industry))
    kim.respond("What's the best phone number for you?")
    assert kim.respond("Let me read that back: 6-4-6, 5-5-5, 0-1-0-0. Is that right?").text \
        .startswith(("Yes", "That's right"))
    assert "0-1-0-0" in kim.respond("Let me read that back: 6-4-6, 5-5-5, 0-1-0-9. Is that "
                                    "right?").text


def test_last_time_and_someone_you_spoke_to_qualify_a_slot_and_ask_no_decoy() -> None:
    assert asked("healthcare", "Got it, a follow-up. Which doctor did you see last time?") == [
        "provider"]
    assert asked("healthcare", "Same office as last time, or a different one this time?") == [
        "location"]
    assert asked("legal", "Who's the attorney you spoke to last time?") == ["attorney"]
    # the name of someone no slot covers is still no slot's
    assert asked("legal", "What was the name of the officer you spoke to?") == []


def test_a_value_asked_for_and_then_to_be_spelled_is_said_and_spelled() -> None:
    dana = caller("legal/C3-E1")
    name = dana.spec.facts["full_name"]
    reply = dana.respond("Let me grab your name, and spell the last one for me if it's a tricky "
                         "one.").text
    assert name in reply and "-".join(name.split()[-1].upper()) in reply
    # asked only to spell, the caller spells
    assert name not in caller("legal/C3-E1").respond("Kindly spell the name.").text


def test_a_when_clause_inside_another_question_asks_no_date() -> None:
    assert asked("legal", "In which state were you employed when this occurred?") == [
        "incident_state"]
    assert asked("legal", "Do you remember when it happened?") == ["incident_date"]


def test_thanks_for_walking_me_through_asks_for_nothing() -> None:
    assert asked("legal", "Thanks for walking me through that. Now who's the other party here, "
                          "like who would we be going up against?") == ["opposing_party"]


def test_a_pronoun_of_a_later_clause_does_not_refer_back() -> None:
    assert asked("legal", "Okay, I've got your name down, thank you. Next, what's the number "
                          "you'd like us to call, and is it okay if we leave a voicemail there?") == [
        "phone"]


@pytest.mark.parametrize("line", ["Ten or two?", "Want the 10 or the 3?",
                                  "Would the earlier slot or the later one suit you better?"])
def test_two_hours_offered_ask_for_a_time(line: str) -> None:
    assert asked("legal", line) == ["consultation_time"]


@pytest.mark.parametrize("line", [
    "What are you hoping the firm can do for you?",
    "What would you like the attorney to know about your case?",
    "Short version?",
    "Brief rundown, go ahead.",
    "ok so what exactly happen ma'am",
])
def test_a_summary_asked_for_in_few_words_asks_for_the_summary(line: str) -> None:
    assert industry_understanding("legal").read(
        line.casefold(), known=["full_name", "matter_summary", "practice_area"]).asked == [
        "matter_summary"]


@pytest.mark.parametrize("line", [
    "I'll just grab the date of birth as well.",
    "Pop your date of birth in for me, day, month, year is fine.",
    "No problem, I know it's a lot of questions. Just the date of birth and we're moving right "
    "along.",
    "Okay! Next up is the date of birth, something like March the third, nineteen eighty-two.",
])
def test_a_value_named_as_the_next_step_is_asked_for(line: str) -> None:
    assert asked("healthcare", line) == ["date_of_birth"]


def test_someone_else_and_i_doing_something_asks_for_nothing() -> None:
    assert asked("healthcare", "The doctor and I will call you.") == []


def test_the_attorney_acting_and_an_office_said_back_ask_for_neither() -> None:
    assert asked("legal", "Is it alright if the attorney rings your mobile? What's the "
                          "number?") == ["phone"]
    assert asked("legal", "Got it, the Manhattan office. What's a good phone number for the "
                          "confirmation call?") == ["phone"]
    assert asked("legal", "Could you tell me the number you'd like us to ring?") == ["phone"]


def test_before_the_thing_defers_it_and_a_bare_name_after_asking_for_someone_is_theirs() -> None:
    reading = industry_understanding("legal").read(
        "sorry, i jumped ahead - before the time, what day do you want the consultation?",
        known=["full_name", "consultation_date", "consultation_time"])
    assert reading.asked == ["consultation_date"]
    assert asked("legal", "Thank you. Now, who is the other side in this matter? I need the full "
                          "name, or the company name.") == ["opposing_party"]
    # "your" makes the name the caller's own: it is not read as the other person's
    assert "full_name" in asked("legal", "You said the matter's for your brother, and I'll get "
                                         "his name later. What's your own name?")


def test_times_the_agent_will_read_out_and_a_weekday_offered() -> None:
    reading = industry_understanding("legal").read(
        "let's start with the day, and then i'll tell you what times are open. which day works "
        "best for your consultation?", known=["full_name", "consultation_date", "consultation_time"])
    assert reading.asked == ["consultation_date"]
    assert asked("legal", "Would a weekday work for you, and if so, which one?") == [
        "consultation_date"]


def test_a_value_named_with_a_place_to_reach_you_and_written_down_is_asked_for() -> None:
    assert asked("legal", "and a phone number where we can reach you during the day") == ["phone"]
    assert asked("legal", "Let me write down your number. Go ahead, I'm ready.") == ["phone"]
    # an acknowledgement naming a value still asks for nothing
    assert asked("healthcare", "Okay, a follow-up at Windermere.") == []


def test_bringing_someone_in_is_coming_in() -> None:
    assert asked("healthcare", "When would you like to bring your son in?") == ["preferred_date"]
    assert asked("healthcare", "Mm-hm. And the day you'd like to bring your dad in?") == [
        "preferred_date"]
    # bringing a thing is still no slot's request
    assert asked("healthcare", "Please bring your insurance card.") == []


def test_the_parts_of_a_date_after_a_date_question_ask_for_no_other_date() -> None:
    for line in ("What year was he born? Actually, give me the full date, month, day and year.",
                 "And when was the patient born? Full date, please.",
                 "Mm-hm. And your birthday? The full date, please."):
        assert asked("healthcare", line) == ["date_of_birth"], line
    # a second date question is still asked
    assert asked("healthcare", "What's your date of birth? And what day would you like to come "
                               "in?") == ["date_of_birth", "preferred_date"]


def test_an_attorney_met_with_is_what_the_day_is_for_not_a_request_for_one() -> None:
    line = "Let's get you on the books! What day works for you to come in and meet with an attorney?"
    reading = industry_understanding("legal").read(
        line, known=["full_name", "consultation_date", "attorney"])
    assert reading.asked == ["consultation_date"]
    # "a particular attorney" asks which one
    assert asked("legal", "Which day works for you to come in and meet with a particular "
                          "attorney?") == ["consultation_date", "attorney"]


def test_the_day_a_matter_arose_is_the_incident_date() -> None:
    assert asked("legal", "Kindly confirm the date on which the matter arose.") == ["incident_date"]


def test_an_unpunctuated_run_on_line_is_read_sentence_by_sentence() -> None:
    # a speech recogniser's line: a new sentence starts at a marker before a request or question
    assert asked("legal", "okay so i got your name now i need your phone number the number we "
                          "can call you") == ["phone"]
    reading = industry_understanding("legal").read(
        "okay so the lawyer is free on tuesday and thursday this week but you tell me what day is "
        "good for you to come in", known=["full_name", "consultation_date", "attorney"])
    assert reading.asked == ["consultation_date"]
    # a punctuated line is left as written; so is a marker with too little before it
    assert sentences("Okay, now what's your number?")[0].words[:2] == ("okay", ",")
    assert len(sentences("okay now what is your number")) == 1


def test_a_clause_of_purpose_before_the_question_asks_nothing_itself() -> None:
    # what the request is for names another slot's words: the question after it asks
    assert asked("legal", "So I can text you the secure upload link, what's your cell?") == ["phone"]
    assert asked("legal", "To send you the upload link, I'll need a mobile number.") == ["phone"]
    assert asked("healthcare", "So I can call you if the doctor gets held up, what's your name and "
                               "your number?") == ["full_name", "phone"]
    # "To whom ..." is a question, not a purpose
    assert asked("customer_support", "To whom should the package be addressed, and at what street "
                                     "address?")[:1] == ["recipient_name"]


def test_a_told_date_asked_again_at_a_desk_that_takes_another_date_is_that_date() -> None:
    from mivas_env.call.runtime import desk_slots, own_slots

    replies = {}
    for desk in ("intake", "scheduling"):
        legal = caller("legal/C10-E2")
        legal.desk_slots, legal.desk_own = desk_slots("legal", desk), own_slots("legal", desk)
        legal.respond("What day did that happen?")  # the incident's date is told, read back
        legal.respond("Let me read that back: 2026-11-13. Is that right?")
        replies[desk] = legal.respond("Exact date?").text
    facts = caller("legal/C10-E2").spec.facts
    # at intake (its tools take the incident's date) the date asked right after it is that one
    assert facts["incident_date"].split(",")[0] in replies["intake"], replies
    # the scheduling desk takes the consultation's date, which the caller has not told yet
    assert facts["consultation_date"].split(",")[0] in replies["scheduling"], replies
    # a date every desk takes (a date of birth) is no desk's own: nothing is swapped for it
    assert "date_of_birth" not in own_slots("healthcare", "reception")
    assert own_slots("legal", "scheduling") >= {"consultation_date", "consultation_time"}
    # the told date read back with its value is confirmed, not swapped
    legal = caller("legal/C10-E2")
    legal.desk_slots, legal.desk_own = desk_slots("legal", "intake"), own_slots("legal", "intake")
    legal.respond("What day did that happen?")
    legal.desk_slots = desk_slots("legal", "scheduling")
    legal.desk_own = own_slots("legal", "scheduling")
    assert legal.respond("So that was November 13th, 2026, right?").text.startswith(
        ("Yes", "That's right"))


def test_a_polite_past_asks_for_a_wish_not_a_past_event() -> None:
    known = ["full_name", "incident_date", "consultation_date", "consultation_time"]
    legal = industry_understanding("legal")
    for line in ("What date did you want?", "When were you thinking of coming in?",
                 "Which day did you have in mind?"):
        assert legal.read(line.casefold(), known=known).asked == ["consultation_date"], line
    for line in ("What date did it happen?", "When did the accident happen?"):
        assert legal.read(line.casefold(), known=known).asked == ["incident_date"], line


def test_a_fronted_date_question_is_about_the_date_its_verb_names() -> None:
    for line in ("What day were you born?", "Which date were you born?",
                 "I just need one more identifier before I can open the record. What date was the "
                 "patient born?"):
        assert asked("healthcare", line) == ["date_of_birth"], line
    # a date question with no other slot's verb is still the day to come in
    assert asked("healthcare", "What day works for you?") == ["preferred_date"]
    assert asked("healthcare", "No worries. What's come up?") == ["cancel_reason"]


def test_a_run_on_line_is_split_a_few_times_at_most() -> None:
    # a recogniser's turn holds a few sentences: a 64 KiB run-on is not read as hundreds
    line = "no need for your phone but what " * 400
    assert len(sentences(line)) <= 7


def test_front_desk_idiom_and_trade_words_ask_for_their_slot() -> None:
    assert asked("healthcare", "Just pop the date of birth down the line for me whenever you're "
                               "ready.") == ["date_of_birth"]
    assert asked("healthcare", "Okay, and what's the patient called?") == ["full_name"]
    assert asked("healthcare", "Thank you for confirming the spelling. Could I trouble you for the "
                               "patient's date of birth as well?") == ["date_of_birth"]
    assert asked("healthcare", "A daytime contact number, if you have one to hand.") == ["phone"]
    assert asked("healthcare", "I'd like to make sure the clinic can get in touch with you if "
                               "needed, so may I kindly ask for your preferred phone number?") == [
        "phone"]
    assert asked("legal", "Whose ticket is it.") == ["for_whom"]
    assert asked("legal", "Who would the firm be adverse to in this matter?") == ["opposing_party"]
    assert asked("legal", "The guy you had the fight with — what's his name?") == ["opposing_party"]
    # someone no slot covers is still nobody's slot
    assert asked("healthcare", "And what's your next of kin's name, just for our emergency contact "
                               "form?") == []


@pytest.mark.parametrize("line", ["Could you repeat that?", "Sorry, can you say that again?",
                                  "Sorry, I didn't quite catch that number. Could you say the whole "
                                  "thing again, slowly?", "One more time?", "Pardon?"])
def test_asked_to_say_it_again_the_caller_repeats_what_it_just_said(line: str) -> None:
    dana = caller("healthcare/C1-E1")
    first = dana.respond("What is the best phone number to reach you?").text
    digits = re.sub(r"\D", "", dana.spec.facts["phone"])[-10:]
    assert digits in re.sub(r"\D", "", first)
    assert digits in re.sub(r"\D", "", dana.respond(line).text), line


def test_a_repeat_request_before_anything_was_said_or_a_hold_repeats_nothing() -> None:
    dana = caller("healthcare/C1-E1")
    assert not re.search(r"\d{3}", dana.respond("Could you repeat that?").text)
    dana.respond("What is the best phone number to reach you?")
    assert not re.search(r"\d{3}", dana.respond("Let me check that once more.").text)


@pytest.mark.parametrize("line", ["Are you still there?", "Can you hear me okay?",
                                  "Does that make sense?", "Did you get all that?",
                                  "Is it okay if I put you on a brief hold?"])
def test_a_check_that_the_caller_is_there_or_agrees_gets_a_yes(line: str) -> None:
    dana = caller("healthcare/C1-E1")
    reply = dana.respond(line).text
    assert reply.startswith("Yes"), reply
    # a permission to ask for a value is answered with the value
    digits = re.sub(r"\D", "", dana.spec.facts["phone"])[-10:]
    assert digits in re.sub(r"\D", "", dana.respond("Do you mind if I get your phone number?").text)
