"""The scripted caller: deterministic, offline, declared in each lockfile's ``caller``.

The caller answers the questions it has a fact for, says it does not know otherwise, reacts to
what the agent says, never volunteers tool arguments, and hangs up when its goal is met or when
the agent says goodbye. Paraphrases are picked by the episode's seed."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

Lines = list[str]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Reaction(_Spec):
    """Something the caller says when the agent's words (and the call so far) meet a condition."""

    when_agent_says_any: list[str] = Field(
        default_factory=list, description="Fires when the agent's line contains any of these "
                                          "phrases (case-insensitive); empty: any line.")
    also_says_any: list[str] = Field(
        default_factory=list, description="...and also contains any of these (if any).")
    unless_agent_says_any: list[str] = Field(
        default_factory=list, description="...and contains none of these.")
    after_tool: str | None = Field(
        default=None, description="...and only once this tool has answered ok in the call.")
    say: Lines = Field(min_length=1, description="Paraphrases; the episode seed picks one.")
    once: StrictBool = True
    hang_up: StrictBool = Field(default=False, description="The caller hangs up after saying it.")


class Goal(_Spec):
    """When the caller is satisfied: these tools answered ok, and the agent said these phrases."""

    description: str
    tools_ok: list[str] = Field(default_factory=list)
    agent_says_all: list[str] = Field(
        default_factory=list, description="Phrases the agent must have said at some point.")
    agent_says_any: list[str] = Field(
        default_factory=list, description="At least one of these must have been said (if any).")


class CallerSpec(_Spec):
    """The caller block of a lockfile."""

    persona: str = Field(description="Who calls and how they talk (for people and LLM callers).")
    opening: Lines = Field(min_length=1, description="Opening-line paraphrases.")
    facts: dict[str, str] = Field(
        default_factory=dict, description="What the caller knows, by slot (see the industry's slots).")
    fact_lines: dict[str, Lines] = Field(
        default_factory=dict, description="Per slot, answer templates with {value}.")
    goal: Goal
    reactions: list[Reaction] = Field(default_factory=list)
    agent_answer: str = Field(
        default="", description="What a correct agent tells the caller once the work is done "
                                "(the oracle agent says it; never shown to the policy).")
    nudges: Lines = Field(
        default_factory=lambda: ["Sorry, I'm just trying to get an answer to my question."],
        description="Said when the agent's line neither asks for a fact nor triggers a reaction.")
    thanks: Lines = Field(default_factory=lambda: [
        "Great, that's everything I needed. Thank you, bye.",
        "Perfect, thanks so much. Goodbye.",
        "Okay, that answers it. Thanks, bye."])
    unknown: Lines = Field(default_factory=lambda: [
        "Sorry, I don't know that.", "I'm not sure, I don't have that with me.",
        "I don't know, sorry."])
    patience: StrictInt = Field(default=12, ge=1, le=1000,
                          description="Agent lines without progress before the caller hangs up.")


GOODBYE = re.compile(r"\b(good ?bye|bye|have a (great|good|nice) (day|evening|one))\b")
_DEFAULT_LINES = {
    "full_name": ["It's {value}.", "My name is {value}.", "{value}."],
    "date_of_birth": ["My date of birth is {value}.", "I was born on {value}.", "It's {value}."],
}
_GENERIC_LINES = ["It's {value}.", "{value}.", "That would be {value}."]


@dataclass
class CallerReply:
    text: str
    hang_up: bool


@dataclass
class ScriptedCaller:
    """One episode's caller. ``slot_keywords`` come from the industry definition."""

    spec: CallerSpec
    slot_keywords: Mapping[str, Iterable[str]]
    seed: int | None = None
    rng: random.Random = field(init=False)
    fired: set[int] = field(default_factory=set)
    tools_ok: set[str] = field(default_factory=set)
    heard: set[str] = field(default_factory=set)  # goal phrases the agent has said so far
    idle: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _pick(self, lines: list[str]) -> str:
        return lines[self.rng.randrange(len(lines))]

    def opening(self) -> str:
        return self._pick(self.spec.opening)

    def observe_tool(self, name: str, output: Mapping[str, Any]) -> None:
        """The runtime tells the caller which tools answered ok (stands in for what the agent's
        screen shows; the caller never sees arguments)."""
        if output.get("ok") is True:
            self.tools_ok.add(name)

    def goal_met(self) -> bool:
        goal = self.spec.goal
        return (all(tool in self.tools_ok for tool in goal.tools_ok)
                and all(p.casefold() in self.heard for p in goal.agent_says_all)
                and (not goal.agent_says_any
                     or any(p.casefold() in self.heard for p in goal.agent_says_any)))

    def _listen(self, line: str) -> None:
        # Only the goal's phrases are remembered, so a long call costs no more per turn.
        goal = self.spec.goal
        for phrase in (*goal.agent_says_all, *goal.agent_says_any):
            if phrase.casefold() in line:
                self.heard.add(phrase.casefold())

    def asked_slots(self, line: str) -> list[str]:
        """Slots the agent's line asks for, in the order the caller would answer them."""
        asked: list[tuple[int, str]] = []
        for slot, keywords in self.slot_keywords.items():
            positions = [line.find(k) for k in keywords if k in line]
            if positions:
                asked.append((min(positions), slot))
        return [slot for _, slot in sorted(asked)]

    def respond(self, agent_line: str) -> CallerReply:
        """The caller's reply to one agent line: a reaction if one fires, thanks and a hang-up
        once the goal is met, the facts the line asks for, a goodbye, or a nudge."""
        line = " ".join(agent_line.casefold().split())
        self._listen(line)
        reaction = self._react(line)
        if reaction is not None and reaction.hang_up:
            return reaction
        if reaction is None and self.goal_met():
            return CallerReply(self._pick(self.spec.thanks), hang_up=True)
        parts = ([reaction.text] if reaction is not None else []) + self._answers(line)
        if parts:
            self.idle = 0
        if GOODBYE.search(line):
            return CallerReply(" ".join(parts + ["Okay, bye."]), hang_up=True)
        if not parts:
            self.idle += 1
            if self.idle >= self.spec.patience:
                return CallerReply("I'll call back another time. Bye.", hang_up=True)
            parts.append(self._pick(self.spec.nudges))
        return CallerReply(" ".join(parts), hang_up=False)

    def _react(self, line: str) -> CallerReply | None:
        """The first reaction whose condition holds (reactions are checked in order)."""
        for index, reaction in enumerate(self.spec.reactions):
            if reaction.once and index in self.fired:
                continue
            if reaction.after_tool is not None and reaction.after_tool not in self.tools_ok:
                continue
            if reaction.when_agent_says_any and not any(
                    p.casefold() in line for p in reaction.when_agent_says_any):
                continue
            if reaction.also_says_any and not any(
                    p.casefold() in line for p in reaction.also_says_any):
                continue
            if any(p.casefold() in line for p in reaction.unless_agent_says_any):
                continue
            self.fired.add(index)
            return CallerReply(self._pick(reaction.say), hang_up=reaction.hang_up)
        return None

    def _answers(self, line: str) -> list[str]:
        """Answers to the slots the line asks for. Asked for several ("your email or phone?"),
        the caller gives what it has and says it does not know only when it has none."""
        asked = self.asked_slots(line)
        known = [slot for slot in asked if slot in self.spec.facts]
        if asked and not known:
            return [self._pick(self.spec.unknown)]
        answers = []
        for slot in known:
            templates = (self.spec.fact_lines.get(slot) or _DEFAULT_LINES.get(slot)
                         or _GENERIC_LINES)
            text = self._pick(templates).format(value=self.spec.facts[slot])
            answers.append(text.replace("..", ".").replace("?.", "?").replace("!.", "!"))
        return answers
