"""``BehavingCaller``: the scripted caller with the behaviours its lockfile declares
(``caller.behaviours``, see ``mivas_env.caller.behaviours``). The runtime builds one when a
task declares behaviours; without them it builds the plain ``ScriptedCaller``.

What it changes, and where: a barging-in caller answers only the first sentence of a long
line, and a reluctant one asks why instead of answering (both decide what is answered, in
``_replies``); a caller that gives one fact at a time answers one slot a line
(``max_facts``); self-correction, a wrong guess, side speech, fillers and the barge-in cue
shape the reply's text (in ``respond``). The goal, reactions, doubts and patience are the
plain caller's: a barging-in caller still takes in the whole line (a goal phrase said in the
second sentence counts). Every draw comes from the episode's seed."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from mivas_env.caller.behaviours import (
    BARGE_IN_LINES,
    BEHAVIOUR_KINDS,
    FILLERS,
    REASON_CUE,
    SECOND_CHOICE_LINES,
    SIDE_SPEECH,
    TURNED_DOWN_CUE,
    Behaviour,
    corrected,
    first_sentence,
    guess,
    why,
)
from mivas_env.caller.scripted import CallerReply, ScriptedCaller


@dataclass
class BehavingCaller(ScriptedCaller):
    """A scripted caller playing ``spec.behaviours``."""

    rngs: dict[str, random.Random] = field(init=False)  # one stream per behaviour kind
    withheld: set[str] = field(default_factory=set)  # reluctant slots not yet explained
    why_slot: str | None = None  # the fact the caller asked "why?" about on its last line
    cut: bool = False  # the caller cut in on the agent's last line
    corrections: dict[str, str] = field(default_factory=dict)  # slot -> wrong, not yet said
    guesses: list[Behaviour] = field(default_factory=list)  # wrong guesses not yet said
    first_choices: dict[str, str] = field(default_factory=dict)  # slot -> first choice, unsaid
    offered: str | None = None  # the slot whose first choice was said and not yet turned down
    barge: Behaviour | None = field(default=None, init=False)
    side_speech: Behaviour | None = field(default=None, init=False)
    filler: Behaviour | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        # Streams of their own, so the plain caller's paraphrase picks stay the same, and one
        # per kind, so a behaviour draws the same whatever other behaviours the caller has
        # (a higher level keeps a lower one's side speech and fillers where they were).
        self.rngs = {kind: random.Random(f"behaviours/{self.seed}/{kind}")
                     for kind in BEHAVIOUR_KINDS}
        kinds = {b.kind: b for b in self.spec.behaviours}
        self.withheld = {b.slot for b in self.spec.behaviours
                         if b.kind == "reluctance" and b.slot is not None}
        self.corrections = {b.slot: b.wrong for b in self.spec.behaviours
                            if b.kind == "self_correction" and b.slot and b.wrong}
        self.guesses = [b for b in self.spec.behaviours if b.kind == "wrong_guess"]
        self.first_choices = {b.slot: b.wrong for b in self.spec.behaviours
                              if b.kind == "first_choice" and b.slot and b.wrong}
        if "one_at_a_time" in kinds:
            self.max_facts = 1
        self.barge = kinds.get("barge_in")
        self.side_speech = kinds.get("side_speech")
        self.filler = kinds.get("disfluency")

    def opening(self) -> str:
        line = super().opening()
        for slot, first in self.first_choices.items():
            said = re.search(r"\d{1,2}:\d{2}", first)
            if said is not None and said[0] in line:
                self.offered = slot  # the opening asked for the first choice already
        return line

    def _sometimes(self, behaviour: Behaviour, lines: list[str]) -> str | None:
        """One of ``lines`` at the behaviour's rate (two draws every line, fired or not)."""
        rng = self.rngs[behaviour.kind]
        roll, line = rng.random(), lines[rng.randrange(len(lines))]
        return line if roll < (behaviour.rate or 0.0) else None

    def _replies(self, line: str, reacted: bool = False) -> list[str]:
        """What the caller answers: the first sentence of a long line when it barges in; a
        "why?" for a reluctant fact the agent asks for without a reason."""
        if self.barge is not None and self.barge.words is not None:
            heard = first_sentence(line, self.barge.words)
            if heard is not None:
                line, self.cut = heard, True
        asked = self.asked_slots(line)
        if self.withheld and REASON_CUE.search(line) is not None:
            # A reason given with the question, or right after the caller asked why.
            self.withheld -= {*asked, *([self.why_slot] if self.why_slot else [])}
        self.why_slot = None
        if self.offered is not None and TURNED_DOWN_CUE.search(line) is not None:
            # The first choice is turned down: the caller offers its real one.
            slot, self.offered = self.offered, None
            self.first_choices.pop(slot, None)  # from now on its choice is the real one
            rng = self.rngs["first_choice"]
            return [SECOND_CHOICE_LINES[rng.randrange(len(SECOND_CHOICE_LINES))].format(
                value=self.spec.facts[slot])]
        reluctant = [slot for slot in asked if slot in self.withheld]
        if reluctant:
            self.why_slot = reluctant[0]
            return [why(reluctant[0], self.rngs["reluctance"])]
        return super()._replies(line, reacted)

    def respond(self, agent_line: str) -> CallerReply:
        told = set(self.told)
        self.cut = False
        reply = super().respond(agent_line)
        if reply.hang_up:
            return reply
        text = reply.text
        for slot in self.told - told:
            first = self.first_choices.pop(slot, None)
            value = self.spec.facts.get(slot, "")
            if first is not None and value and value in text:
                text = text.replace(value, first, 1)
                self.corrections.pop(slot, None)  # the first choice is what it says first
                self.offered = slot
            wrong = self.corrections.pop(slot, None)
            value = self.spec.facts.get(slot, "")
            if wrong is not None and value and value in text:
                text = corrected(text, value, wrong, self.rngs["self_correction"])
        if self.told - told:
            for behaviour in list(self.guesses):
                if behaviour.slot not in self.told and behaviour.slot is not None \
                        and behaviour.wrong is not None:
                    said = guess(behaviour.slot, behaviour.wrong, self.rngs["wrong_guess"])
                    text = f"{text} {said}"
                    self.guesses.remove(behaviour)
        if self.filler is not None:
            filler = self._sometimes(self.filler, FILLERS)
            text = f"{filler} {text}" if filler else text
        if self.side_speech is not None:
            aside = self._sometimes(self.side_speech, SIDE_SPEECH)
            text = f"{aside} {text}" if aside else text
        if self.cut:
            rng = self.rngs["barge_in"]
            text = f"{BARGE_IN_LINES[rng.randrange(len(BARGE_IN_LINES))]} {text}"
        return CallerReply(text, hang_up=False)


__all__ = ["BehavingCaller"]
