"""The scripted caller: deterministic, offline, declared in each lockfile's ``caller``.

The caller answers the questions it has a fact for (only what a sentence asks for, never what it
says is not needed, two facts a line at most), says it does not know otherwise, reacts to what
the agent says, never volunteers tool arguments, doubts claims of work the goal needs but that
was not done, and hangs up when its goal is met (the goal's tools called with their locked
arguments), when the agent says goodbye outside a transfer, or after ``patience`` lines without
progress. Paraphrases are picked by the episode's seed."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

Lines = list[str]


SUSPICIOUS = ["Hang on, did that actually go through? I didn't hear you look anything up.",
              "Really? You haven't checked anything yet, as far as I can tell.",
              "Wait, are you sure? It doesn't sound like anything was done."]


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
    doubts: Lines = Field(
        default_factory=lambda: list(SUSPICIOUS), min_length=1,
        description="Said when the agent claims work the goal needs (\"your appointment is "
                    "booked\") before the goal's calls were made.")
    patience: StrictInt = Field(default=12, ge=1, le=1000,
                          description="Agent lines without progress before the caller hangs up.")


GOODBYE = re.compile(r"\b(good ?bye|bye|have a (great|good|nice) (day|evening|one))\b")
# A line announcing a transfer: a goodbye in it (or before the transfer runs) is the agent
# handing the caller over, not ending the call.
TRANSFER_CUE = re.compile(
    r"\b(transfer\w*|connect(ing)? you|put(ting)? you through|hand(ing)? you (over|off|to)|"
    r"pass(ing)? you (over|along|to|on)|forward(ing)? you)\b")
# A sentence asks for something when it ends with a question mark or makes a request.
REQUEST_CUE = re.compile(
    r"\b(what|what's|whats|which|who|when|where|how|may i|can i|could i|can you|could you|"
    r"would you|will you|please|tell me|give me|need|provide|confirm|spell|verify|share|"
    r"read me|let me have|let me get|i'll get|go ahead with)\b")
# A directive not to give something: its scope runs to the end of the clause.
NEGATION_CUE = re.compile(
    r"\b(no need|don't need|do not need|doesn't need|does not need|won't need|will not need|"
    r"no longer need|not necessary|not needed|needn't|unnecessary|never mind|nevermind|skip|"
    r"forget|without|(don't|do not|no need to) (give|tell|say|share|provide|bother|worry|read|"
    r"spell|repeat|need))\b")
# The agent saying the work is done ("your appointment is booked").
CLAIM_CUE = re.compile(
    r"\b((is|are|has been|have been|was|were|'s|'re|now) (now |all |been )?"
    r"(booked|scheduled|rescheduled|confirmed|cancell?ed|processed|refunded|issued|updated|"
    r"changed|sent|approved|accepted|covered|added|created|filed|opened|logged|recorded|"
    r"done|complete|completed|set up|taken care of|in network|in-network)|"
    r"all set|all done|taken care of|i've (booked|scheduled|rescheduled|cancell?ed|processed|"
    r"issued|updated|changed|checked|confirmed|added|created|filed|sent|verified|looked)|"
    r"i have (booked|scheduled|rescheduled|cancell?ed|processed|issued|updated|changed|checked|"
    r"confirmed|added|created|filed|sent|verified))\b")
# ...or says so around the slot itself: "no date of birth needed", "your phone isn't needed".
NEGATED_BEFORE = re.compile(r"\b(no|not|without|never)\s+(your\s+|the\s+|a\s+|any\s+)?$")
NEGATED_AFTER = re.compile(
    r"^\W*(\w+\W+){0,2}?(is |are )?(not needed|isn't needed|aren't needed|not necessary|"
    r"isn't necessary|unnecessary|not required|isn't required|needed? not|can wait|is optional)")
_SENTENCE = re.compile(r"[^.!?;]+[.!?;]*")
_CLAUSE = re.compile(r",|\bbut\b|\bexcept\b|\binstead\b")
MAX_FACTS_PER_TURN = 2
_DEFAULT_LINES = {
    "full_name": ["It's {value}.", "My name is {value}.", "{value}."],
    "date_of_birth": ["My date of birth is {value}.", "I was born on {value}.", "It's {value}."],
}
_GENERIC_LINES = ["It's {value}.", "{value}.", "That would be {value}."]
# Which locked calls a tool call satisfied, checked with the grader's matcher (see runtime).
CallCheck = Callable[[str, Any, Mapping[str, Any]], frozenset[int]]


@dataclass
class CallerReply:
    text: str
    hang_up: bool


@dataclass
class ScriptedCaller:
    """One episode's caller. ``slot_keywords`` come from the industry definition.

    ``check`` (given by the runtime) says which locked calls a tool call satisfied under the
    grader's own matcher, and ``locked`` lists, per goal tool, the locked calls that must be
    satisfied: a goal tool counts only once the right call answered ok, not any call of that
    name. Without them (a caller on its own) a goal tool counts when it answered ok."""

    spec: CallerSpec
    slot_keywords: Mapping[str, Iterable[str]]
    seed: int | None = None
    check: CallCheck | None = None
    locked: Mapping[str, frozenset[int]] = field(default_factory=dict)
    rng: random.Random = field(init=False)
    fired: set[int] = field(default_factory=set)
    tools_ok: set[str] = field(default_factory=set)
    satisfied: set[int] = field(default_factory=set)  # locked calls matched by an ok call
    heard: set[str] = field(default_factory=set)  # goal phrases the agent has said so far
    told: set[str] = field(default_factory=set)  # slots the caller has given
    idle: int = 0  # agent lines since the call last made progress
    progressed: bool = False  # progress since the agent's last line
    transfer_pending: bool = False  # the agent announced a transfer that has not run yet
    worked: bool = False  # a tool other than a transfer has answered ok

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _pick(self, lines: list[str]) -> str:
        return lines[self.rng.randrange(len(lines))]

    def opening(self) -> str:
        return self._pick(self.spec.opening)

    def observe_tool(self, name: str, output: Mapping[str, Any], arguments: Any = None,
                     *, transfer: bool = False) -> None:
        """The runtime tells the caller what each tool call did (stands in for what the agent's
        screen shows and for being put through to another desk)."""
        if output.get("ok") is not True:
            return
        if transfer:
            self.transfer_pending = False
        else:
            self.worked = True
        if name not in self.tools_ok:
            self.tools_ok.add(name)
            self.progressed = True
        if self.check is not None and name in self.locked:
            new = self.check(name, arguments, output) - self.satisfied
            if new:
                self.satisfied |= new
                self.progressed = True

    def _tool_done(self, name: str) -> bool:
        if name not in self.tools_ok:
            return False
        needed = self.locked.get(name) if self.check is not None else None
        return not needed or needed <= self.satisfied

    def tools_done(self) -> bool:
        return all(self._tool_done(tool) for tool in self.spec.goal.tools_ok)

    def goal_met(self) -> bool:
        goal = self.spec.goal
        return (self.tools_done()
                and all(p.casefold() in self.heard for p in goal.agent_says_all)
                and (not goal.agent_says_any
                     or any(p.casefold() in self.heard for p in goal.agent_says_any)))

    def _listen(self, line: str) -> None:
        # Only the goal's phrases are remembered, so a long call costs no more per turn.
        goal = self.spec.goal
        for phrase in (*goal.agent_says_all, *goal.agent_says_any):
            folded = phrase.casefold()
            if folded in line and folded not in self.heard:
                self.heard.add(folded)
                self.progressed = True

    def asked_slots(self, line: str) -> list[str]:
        """Slots the agent's line asks for, in the order the caller would answer them.

        A slot is asked when one of its keywords appears in a sentence that asks or requests
        (a question mark or a request cue such as "what", "could you", "please") and is not in
        a clause that says it is not needed ("no need to give me your date of birth")."""
        asked: dict[str, int] = {}
        # Only keywords the line contains at all: a long line costs one scan per keyword.
        present = [(slot, keyword) for slot, keywords in self.slot_keywords.items()
                   for keyword in keywords if keyword in line]
        if not present:
            return []
        for match in _SENTENCE.finditer(line):
            sentence = match.group(0)
            if not (sentence.rstrip().endswith("?") or REQUEST_CUE.search(sentence)):
                continue
            offset = match.start()
            in_sentence = [(slot, keyword) for slot, keyword in present if keyword in sentence]
            if not in_sentence:
                continue
            position = 0
            for piece in _CLAUSE.split(sentence):
                start = sentence.find(piece, position)
                position = start + len(piece)
                negation = NEGATION_CUE.search(piece)
                for slot, keyword in in_sentence:
                    if keyword in piece:
                        at = _find_word(piece, keyword)
                        if at < 0 or (negation is not None and negation.start() < at):
                            continue
                        if (NEGATED_BEFORE.search(piece[max(0, at - 40):at])
                                or NEGATED_AFTER.match(piece[at + len(keyword):][:80])):
                            continue
                        where = offset + start + at
                        if slot not in asked or where < asked[slot]:
                            asked[slot] = where
        return sorted(asked, key=asked.__getitem__)

    def respond(self, agent_line: str) -> CallerReply:
        """The caller's reply to one agent line: a reaction if one fires, thanks and a hang-up
        once the goal is met, the facts the line asks for (two at most), a doubt when the agent
        claims work it has not done, a goodbye, or a nudge. Patience counts agent lines without
        progress (a new fact given, a goal phrase or goal tool newly met, a first reaction),
        whatever the line says."""
        line = " ".join(agent_line.casefold().split())
        self._listen(line)
        if TRANSFER_CUE.search(line):
            self.transfer_pending = True
        reaction = self._react(line)
        if reaction is not None and reaction.hang_up:
            return reaction
        if reaction is None and self.goal_met():
            return CallerReply(self._pick(self.spec.thanks), hang_up=True)
        parts = ([reaction.text] if reaction is not None else []) + self._answers(line)
        progressed, self.progressed = self.progressed, False
        self.idle = 0 if progressed else self.idle + 1
        if GOODBYE.search(line) and not self.transfer_pending:
            return CallerReply(" ".join(parts + ["Okay, bye."]), hang_up=True)
        if self.idle >= self.spec.patience:
            return CallerReply(" ".join(parts + ["I'll call back another time. Bye."]),
                               hang_up=True)
        if reaction is None and CLAIM_CUE.search(line) and (
                (self.spec.goal.tools_ok and not self.tools_done()) or not self.worked):
            # A claim of work with no matching call: the goal's calls not made, or no call at all.
            parts.insert(0, self._pick(self.spec.doubts))
        if not parts:
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
            if index not in self.fired:
                self.progressed = True
            self.fired.add(index)
            return CallerReply(self._pick(reaction.say), hang_up=reaction.hang_up)
        return None

    def _answers(self, line: str) -> list[str]:
        """Answers to the slots the line asks for, the first two at most. Asked for several
        ("your email or phone?"), the caller gives what it has and says it does not know only
        when it has none."""
        asked = self.asked_slots(line)
        known = [slot for slot in asked if slot in self.spec.facts][:MAX_FACTS_PER_TURN]
        if asked and not known:
            return [self._pick(self.spec.unknown)]
        answers = []
        for slot in known:
            if slot not in self.told:
                self.told.add(slot)
                self.progressed = True
            templates = (self.spec.fact_lines.get(slot) or _DEFAULT_LINES.get(slot)
                         or _GENERIC_LINES)
            text = self._pick(templates).format(value=self.spec.facts[slot])
            answers.append(text.replace("..", ".").replace("?.", "?").replace("!.", "!"))
        return answers


def _find_word(text: str, keyword: str) -> int:
    """Where ``keyword`` starts in ``text`` at the start of a word, or -1 ("dob" is not in
    "adobe"; "phone number" is in "phone numbers")."""
    start = text.find(keyword)
    while start >= 0:
        if start == 0 or not (keyword[0].isalnum() and text[start - 1].isalnum()):
            return start
        start = text.find(keyword, start + 1)
    return -1
