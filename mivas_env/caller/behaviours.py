"""Caller behaviours: the ways a real caller makes a call harder, declared in a lockfile's
``caller.behaviours`` (the generator's higher difficulty levels write them) and played by
``mivas_env.caller.behaving.BehavingCaller``.

Each behaviour is data (``Behaviour``) plus one small function that shapes a line; the draws
(when side speech comes, which filler) come from the episode's seed, so a seed gives the same
call every time. What each one does:

- ``self_correction``: the first time the caller gives ``slot`` it says ``wrong`` first and
  corrects itself ("918 — sorry, I mean 917").
- ``reluctance``: asked for ``slot``, the caller asks why until the agent gives a reason
  ("to verify your identity"), then answers.
- ``one_at_a_time``: one fact a line, even when asked for two.
- ``barge_in``: on an agent line longer than ``words`` words, the caller cuts in after the
  first sentence: it answers that sentence only (what the rest asked is never heard).
- ``side_speech``: with probability ``rate`` a line starts with words to someone else
  ("hold on — no, the blue one — sorry, go ahead").
- ``disfluency``: with probability ``rate`` a line starts with a filler ("um, let me see").
- ``wrong_guess``: with the first other fact it gives, the caller volunteers ``wrong`` as a
  guess at ``slot`` ("the order number might be 70413, I'm not sure"); the agent must not
  write it down.
- ``first_choice``: the first time the caller gives ``slot`` (a time) it says ``wrong``, a
  first choice the tools turn down (``generation.structure``); told it is not available, it
  offers the fact's own value ("How about 3:30 in the afternoon instead?")."""

from __future__ import annotations

import random
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

BehaviourKind = Literal["self_correction", "reluctance", "one_at_a_time", "barge_in",
                        "side_speech", "disfluency", "wrong_guess", "first_choice"]
BEHAVIOUR_KINDS: tuple[BehaviourKind, ...] = (
    "self_correction", "reluctance", "one_at_a_time", "barge_in", "side_speech", "disfluency",
    "wrong_guess", "first_choice")
# Which fields a kind needs (the rest must be absent): a behaviour states what it acts on.
NEEDS: dict[str, frozenset[str]] = {
    "self_correction": frozenset({"slot", "wrong"}), "reluctance": frozenset({"slot"}),
    "one_at_a_time": frozenset(), "barge_in": frozenset({"words"}),
    "side_speech": frozenset({"rate"}), "disfluency": frozenset({"rate"}),
    "wrong_guess": frozenset({"slot", "wrong"}), "first_choice": frozenset({"slot", "wrong"})}


class Behaviour(BaseModel):
    """One caller behaviour of a lockfile's ``caller.behaviours``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: BehaviourKind
    slot: str | None = Field(default=None, description="The fact it is about "
                             "(self_correction, reluctance, wrong_guess, first_choice).")
    wrong: str | None = Field(default=None, min_length=1, max_length=200,
                              description="The wrong value said first (self_correction), "
                                          "guessed (wrong_guess) or asked for first "
                                          "(first_choice: the tools turn it down).")
    words: int | None = Field(default=None, ge=1, le=200, strict=True,
                              description="barge_in: agent lines longer than this are cut "
                                          "after their first sentence.")
    rate: float | None = Field(default=None, ge=0.0, le=1.0,
                               description="side_speech, disfluency: the share of caller "
                                           "lines it shapes (drawn from the episode seed).")

    @model_validator(mode="after")
    def _fields_of_its_kind(self) -> Behaviour:
        given = {name for name in ("slot", "wrong", "words", "rate")
                 if getattr(self, name) is not None}
        if given != NEEDS[self.kind]:
            need = ", ".join(sorted(NEEDS[self.kind])) or "no other field"
            raise ValueError(f"a {self.kind} behaviour takes {need}")
        return self


WHY_LINES = ["Why do you need my {noun}?", "Sorry, why do you need my {noun}?",
             "What do you need my {noun} for?"]
# A reason an agent gives for asking ("to verify your identity", "so I can find your order").
REASON_CUE = re.compile(
    r"\b(verify|verification|identity|identify|security|secure|to find|to locate|to look up|"
    r"to pull up|to confirm it's you|because|so (that )?(i|we) can|for your (file|record|"
    r"account|chart))\b")
CORRECTION_FORMS = ["{wrong} — sorry, I mean {value}", "{wrong}... no wait, {value}"]
BARGE_IN_LINES = ["Yeah, yeah —", "Right, right —", "Okay, okay —"]
SIDE_SPEECH = ["Hold on — no, the blue one — sorry, go ahead.",
               "Hang on — put the two bags on the table, please — sorry, go ahead.",
               "One second — not now, I'm on the phone — sorry about that.",
               "Hold on — no, three of them, not four — sorry, go ahead."]
# An agent saying the caller's first choice cannot be had, and the caller's second choice.
TURNED_DOWN_CUE = re.compile(
    r"\b(not available|isn't available|is not available|unavailable|not free|isn't free|"
    r"already taken|is taken|booked up|fully booked|no longer available|can't do that time|"
    r"another time|other time|different time)\b", re.IGNORECASE)
SECOND_CHOICE_LINES = ["Oh, okay. How about {value} instead?",
                       "Hmm, then {value} would work too.",
                       "That's a shame. Could we do {value} instead?"]
FILLERS = ["Um,", "Uh,", "Let me see... um,", "Oh, uh,", "Hmm,"]
GUESS_LINES = ["Oh, and the {noun} might be {wrong}, I'm not sure.",
               "Oh, and I think the {noun} is {wrong}, but I'm not sure."]
# How the caller names a fact in its own words (the slot name, spaced, otherwise).
NOUNS = {"date_of_birth": "date of birth", "phone": "phone number", "member_id": "member ID",
         "order_id": "order number", "zip": "ZIP code", "email": "email address",
         "full_name": "name", "new_address_zip": "new ZIP code", "incident_date": "date"}


def noun(slot: str) -> str:
    return NOUNS.get(slot, slot.replace("_", " "))


def corrected(text: str, value: str, wrong: str, rng: random.Random) -> str:
    """``text`` with its first ``value`` said as ``wrong`` first, then corrected."""
    form = CORRECTION_FORMS[rng.randrange(len(CORRECTION_FORMS))]
    return text.replace(value, form.format(wrong=wrong, value=value), 1)


def guess(slot: str, wrong: str, rng: random.Random) -> str:
    return GUESS_LINES[rng.randrange(len(GUESS_LINES))].format(noun=noun(slot), wrong=wrong)


def why(slot: str, rng: random.Random) -> str:
    return WHY_LINES[rng.randrange(len(WHY_LINES))].format(noun=noun(slot))


def first_sentence(line: str, words: int) -> str | None:
    """The part of an agent line a caller who barges in hears: the first sentence of a line
    longer than ``words`` words (None when the line is short enough to be heard whole, or is
    one sentence)."""
    if len(line.split()) <= words:
        return None
    match = re.match(r"\s*[^.!?;]+[.!?;]*", line)
    if match is None or len(match.group(0)) >= len(line.rstrip()):
        return None
    return match.group(0)


def wrong_value(value: str, rng: random.Random) -> str | None:
    """``value`` with its last digit changed (None when it has no digit): a slip of the
    tongue the caller then corrects, or a wrong guess."""
    positions = [i for i, ch in enumerate(value) if ch.isdigit()]
    if not positions:
        return None
    at = positions[-1]
    digit = (int(value[at]) + rng.randrange(1, 9)) % 10
    return value[:at] + str(digit) + value[at + 1:]


__all__ = ["BEHAVIOUR_KINDS", "Behaviour", "BehaviourKind", "REASON_CUE", "SECOND_CHOICE_LINES",
           "TURNED_DOWN_CUE", "corrected",
           "first_sentence", "guess", "noun", "why", "wrong_value"]
