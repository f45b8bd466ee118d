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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from mivas_env.caller.behaviours import Behaviour
from mivas_env.caller.goal import heard_phrases
from mivas_env.caller.lexicon import CONCEPT_WORDS
from mivas_env.caller.phrases import Reading
from mivas_env.caller.understanding import MAX_READ_CHARS, Understanding, keyword_understanding
from mivas_env.caller.values import heard_near, listed, part_in, said_value, say_part, unit_kind
from mivas_env.caller.values import says as says  # their old home: re-exported
from mivas_env.caller.values import spell_out as spell_out
from mivas_env.caller.values import value_units as value_units
from mivas_env.speech.channel import MONTHS
from mivas_env.speech.heard import WEEKDAYS

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
    clarify: Lines = Field(default_factory=lambda: [
        "Sorry, I don't know what you mean. What do you need from me?",
        "Sorry, I'm not sure what you mean. What do you need?",
        "I'm not sure what you're asking for, sorry. What do you need?"],
        description="Said to a request the caller cannot place (it asks for nothing it knows of).")
    acks: Lines = Field(default_factory=lambda: [
        "Sure.", "Okay, no problem.", "Sure, take your time."],
        description="Said to a hold (\"one moment while I check\") or a transfer announcement.")
    doubts: Lines = Field(
        default_factory=lambda: list(SUSPICIOUS), min_length=1,
        description="Said when the agent claims work the goal needs (\"your appointment is "
                    "booked\") before the goal's calls were made.")
    patience: StrictInt = Field(default=12, ge=1, le=1000,
                          description="Agent lines without progress before the caller hangs up.")
    behaviours: list[Behaviour] = Field(
        default_factory=list, description="How the caller makes the call harder (a generated "
        "level above 0 declares them; see mivas_env.caller.behaviours). Absent: none.")


GOODBYE = re.compile(r"\b(good ?bye|bye|have a (great|good|nice) (day|evening|one))\b")
# A line announcing a transfer: a goodbye in it (or before the transfer runs) is the agent
# handing the caller over, not ending the call.
TRANSFER_CUE = re.compile(
    r"\b(transfer\w*|connect(ing)? you|put(ting)? you through|hand(ing)? you (over|off|to)|"
    r"pass(ing)? you (over|along|to|on)|forward(ing)? you)\b")
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



@lru_cache(maxsize=4096)
def proper_words(text: str, anywhere: bool = False) -> frozenset[str]:
    """The names and numbers a line says ("Pennsylvania", "Kendra", "10093"): capitalised words
    past a sentence's first word (any capitalised word with ``anywhere``), and digit runs."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]+|\d+", text)
    return frozenset(word.casefold() for i, word in enumerate(words)
                     if word.isdigit() or len(word) > 2 and word[0].isupper()
                     and (anywhere or i > 0) and not word.startswith("I'"))

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
    understanding: Understanding | None = None  # default: compiled from slot_keywords alone
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
    last_told: list[str] = field(default_factory=list)  # the slots of the last answer
    spelled: set[str] = field(default_factory=set)  # slots spelled out at least once
    confirmed: set[str] = field(default_factory=set)  # slots read back right at least once
    max_facts: int = MAX_FACTS_PER_TURN  # facts given in one line at most
    last_asked: list[str] = field(default_factory=list)  # the slots the agent asked for last
    desk_slots: frozenset[str] = frozenset()  # slots the active desk's tools take (runtime)
    desk_own: frozenset[str] = frozenset()  # of those, the slots no other desk's tools take
    # per reaction: the slots it answers being asked, and whether its words name them
    gates: list[tuple[frozenset[str], bool]] = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        if self.understanding is None:
            self.understanding = keyword_understanding(self.slot_keywords)
        self.gates = [self._gate(reaction) for reaction in self.spec.reactions]

    def _gate(self, reaction: Reaction) -> tuple[frozenset[str], bool]:
        """The slot a reaction's words all name ("email", "order number"), if they name one, else
        the slots whose fact the reaction says a name or number of ("No, it happened in
        Pennsylvania."): a line that asks for another slot only says its words in passing
        ("Thanks for the email. What's the order number?", "New York or New Jersey office?"),
        and the reaction waits. A line that asks for nothing (the agent's statement: "I've noted
        New York as the state") still sets it off. Also whether the words name the slot."""
        assert self.understanding is not None
        named = {tuple(self.understanding.read(f"what is your {phrase.casefold()}?").asked)
                 for phrase in reaction.when_agent_says_any}
        if len(named) == 1:
            (slots,) = named
            if len(slots) == 1:
                return frozenset(slots), True
        said = {word for line in reaction.say for word in proper_words(line)}
        return frozenset(slot for slot, value in self.spec.facts.items()
                         if said & proper_words(value, anywhere=True)), False

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
        # Only the goal's phrases are remembered, so a long call costs no more per turn; they
        # are heard by meaning ("all set for the ninth" says "booked" and "december 9").
        goal = self.spec.goal
        pending = [p for p in (*goal.agent_says_all, *goal.agent_says_any)
                   if p.casefold() not in self.heard]
        if not pending:
            return
        for folded in heard_phrases(line, pending):
            self.heard.add(folded)
            self.progressed = True

    def read(self, line: str) -> Reading:
        """What the agent's line asks for and does, in the context of the call so far."""
        assert self.understanding is not None
        reading = self.understanding.read(line, last_asked=self.last_asked, desk=self.desk_slots,
                                          known=self.spec.facts)
        return self._at_desk(line, reading) if reading.asked and self.desk_own else reading

    def _at_desk(self, line: str, reading: Reading) -> Reading:
        """"What date?" at the scheduling desk from a caller who told the incident's date at
        intake: a date the caller has told, asked again (not surely, not read back with its
        value) at a desk whose tools do not take it, is the date only that desk takes which the
        caller has and has not told yet; beside a reading of that date it is only mentioned (the
        active desk breaks the tie, as a person on the phone would)."""
        assert self.understanding is not None
        answers, order = self.understanding.answers, self.understanding.order
        again = [slot for slot in reading.asked if slot in self.told and slot not in self.desk_slots
                 and "when" in answers.get(slot, ())]
        if reading.sure or len(again) != 1 or len(reading.asked) > 2 or (
                "readback" in reading.acts and self._says_value(line, again[0])):
            return reading
        others = [other for other in self.spec.facts if other in self.desk_own
                  and other not in self.told and "when" in answers.get(other, ())]
        if others:
            target = min(others, key=lambda other: order.get(other, 0))
            reading.asked = list(dict.fromkeys(target if slot == again[0] else slot
                                               for slot in reading.asked))
        return reading

    def asked_slots(self, line: str) -> list[str]:
        """Slots the agent's line asks for, in the order the caller would answer them: by
        meaning (``mivas_env.caller.understanding``), in a sentence that asks or requests, and
        not in a clause that says it is not needed ("no need to give me your date of birth")."""
        return self.read(" ".join(line.casefold().split())).asked

    def respond(self, agent_line: str) -> CallerReply:
        """The caller's reply to one agent line: a reaction if one fires, thanks and a hang-up
        once the goal is met, the facts the line asks for (two at most), a doubt when the agent
        claims work it has not done, a goodbye, or a nudge. Patience counts agent lines without
        progress (a new fact given, a goal phrase or goal tool newly met, a first reaction),
        whatever the line says."""
        # the caller listens to the start of a very long line (understanding.MAX_READ_CHARS)
        line = " ".join(agent_line[:4 * MAX_READ_CHARS].casefold().split())[:MAX_READ_CHARS]
        self._listen(line)
        if TRANSFER_CUE.search(line):
            self.transfer_pending = True
        reaction = self._react(line)
        if reaction is not None and reaction.hang_up:
            return reaction
        if reaction is None and self.goal_met():
            return CallerReply(self._pick(self.spec.thanks), hang_up=True)
        parts = ([reaction.text] if reaction is not None else []) + self._replies(
            line, reacted=reaction is not None)
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

    def _waits(self, index: int, reaction: Reaction, line: str) -> bool:
        """Whether the reaction waits: the line asks for another slot than the one it answers
        ("Thanks for the email. What's the order number?"); a value waits only where each
        sentence that says it is a question for another slot ("New York or New Jersey
        office?"): a claim sets it off ("We take Aetna. And your date of birth?")."""
        gate, named = self.gates[index]
        if not gate:
            return False
        if named:
            asked = self.read(line).asked
            return bool(asked) and not gate.intersection(asked)
        saying = [part for part in re.split(r"(?<=[.?!])\s+", line)
                  if any(says(part, p) for p in reaction.when_agent_says_any)]
        return bool(saying) and all(  # no sentence says it alone: the line as a whole does
            part.rstrip().endswith("?") and (asked := self.read(part).asked)
            and not gate.intersection(asked) for part in saying)

    def _react(self, line: str) -> CallerReply | None:
        """The first reaction whose condition holds (reactions are checked in order)."""
        for index, reaction in enumerate(self.spec.reactions):
            if reaction.once and index in self.fired:
                continue
            if reaction.after_tool is not None and reaction.after_tool not in self.tools_ok:
                continue
            if reaction.when_agent_says_any and not any(
                    says(line, p) for p in reaction.when_agent_says_any):
                continue
            if reaction.also_says_any and not any(
                    says(line, p) for p in reaction.also_says_any):
                continue
            if any(says(line, p) for p in reaction.unless_agent_says_any):
                continue
            if self._waits(index, reaction, line):
                continue
            if index not in self.fired:
                self.progressed = True
            self.fired.add(index)
            return CallerReply(self._pick(reaction.say), hang_up=reaction.hang_up)
        return None

    def _answers(self, asked: list[str]) -> list[str]:
        """Answers to the slots the line asks for, two facts at most (a value that holds another
        fact's value says both). Asked for several ("your email or phone?"), the caller gives
        what it has and says it does not know only when it has none."""
        facts = self.spec.facts
        known: list[str] = []
        shown: set[str] = set()  # every fact whose value the answers say, nested ones too
        for slot in (slot for slot in asked if slot in facts):
            value = facts[slot].casefold()
            more = shown | {other for other, said in facts.items()
                            if said and said.casefold() in value}
            if known and len(more) > self.max_facts:
                continue  # "New York, in Manhattan" also says the office "Manhattan"
            known.append(slot)
            shown = more
        if asked and not known:
            return [self._pick(self.spec.unknown)]
        answers = []
        if known:
            self.last_told = known
        for slot in known:
            if slot not in self.told:
                self.told.add(slot)
                self.progressed = True
            templates = answer_templates(self.spec, slot)
            text = self._pick(templates).format(value=self.spec.facts[slot])
            answers.append(text.replace("..", ".").replace("?.", "?").replace("!.", "!"))
        return answers


    # --- spelling and read-back (a voice call's ways of getting a value right) ---------------

    def _replies(self, line: str, reacted: bool = False) -> list[str]:
        """What the caller says to the agent's line: the answer to a read-back ("so that's nine
        one seven... right?"), a fact spelled out when asked to spell it, the facts the line
        asks for; else the opening again to "how can I help?", a nudge to "anything else?", an
        acknowledgement of a hold or a transfer, and a request for clarification of a request
        it cannot place (none of these after a reaction, which has answered the line)."""
        reading = self.read(line)
        if not reading.asked and (reading.unplaced_request or reading.refers_back):
            # "Was it the blue sweater or the jacket?": a question that names no slot but
            # offers the caller's own value among others asks for that value's slot
            offered = self._offered(line)
            if len(offered) == 1:
                reading.asked, reading.unplaced_request = offered, False
        if reading.asked:
            self.last_asked = reading.asked
        if "readback" in reading.acts:
            reply = self._confirm(line, reading.asked)
            if reply is not None:
                return [reply]
        said = ([] if " or " in line or ASKS_WHICH.search(line)  # options; "Which office?"
                else [slot for slot in reading.asked if self._says_value(line, slot)])
        if said:  # "Born January 9, 1968, yeah?": the line holds the value it asks about
            reply = self._confirm(line, said)
            if reply is not None:
                return [reply]
        if "spell" in reading.acts:
            asked = [slot for slot in reading.asked if slot in self.spec.facts]
            slots = (asked or self.last_told)[:self.max_facts]
            if slots:
                # "Who's the other side, spelled out if you can?": a value asked for in a clause
                # before the spelling request and not told yet is said, then spelled ("Kindly
                # spell the name." only spells)
                cue = SPELL_CUE.search(line)  # the clauses before the one that asks to spell
                before = CLAUSE_END.split(line[:cue.start()])[:-1] if cue is not None else []
                head = self.read(",".join(before)).asked if any(before) else []
                said = (self._answers(slots) if set(asked) & set(head)
                        and not set(slots) <= self.told else [])
                for slot in slots:
                    if slot not in self.spelled:
                        self.spelled.add(slot)
                        self.progressed = True
                self.last_told = slots
                return [*said, self._pick(SPELL_LINES).format(value=" and ".join(
                    spell_out(self.spec.facts[slot]) for slot in slots))]
        if reading.asked:
            return self._answers(reading.asked)
        if "repeat" in reading.acts and self.last_told and not reading.acts & {"hold", "transfer"}:
            # "Sorry, could you say that again?" (not "Let me check that once more.")
            return self._answers(list(self.last_told))
        if reacted:
            return []
        if "check" in reading.acts and not reading.unknown_request:
            # "Are you still there?", "Does that make sense?", "Okay if I put you on hold?"
            return [self._pick(CHECK_LINES)]
        if "help" in reading.acts:
            return [self._pick(self.spec.opening)]
        if "anything_else" in reading.acts:
            return []  # the goal is not met yet (respond thanks and hangs up when it is)
        if reading.acts & {"hold", "transfer"}:
            return [self._pick(self.spec.acks)]
        if reading.unknown_request:
            return [self._pick(self.spec.unknown)]
        if reading.unplaced_request:
            return [self._pick(self.spec.clarify)]
        return []

    def _offered(self, line: str) -> list[str]:
        """The slots whose fact the line offers as one of its options."""
        units = value_units(line)
        return [slot for slot, fact in self.spec.facts.items()
                if any(part_in(part, units) and listed(part, line, fact)
                       for part in value_units(fact, names_only=True) if not part.isdigit())]

    def _says_value(self, line: str, slot: str) -> bool:
        """Whether the line says every name, number and date part of the caller's fact."""
        fact = self.spec.facts.get(slot)
        if fact is None:
            return False
        first = next(iter(re.findall(r"[a-z]{3,}|\d", fact.casefold())), None)
        if first is not None and not first.isdigit() and first not in line:
            return False  # its first name word is not in the line: no need to read it all
        parts = value_units(said_value(fact), names_only=True)
        if not any(part.isdigit() for part in parts) and len(parts) < 2:
            return False  # "Manhattan or Newark?" offers a choice; it reads nothing back
        units = value_units(line)
        return all(part_in(part, units) and not listed(part, line, fact) for part in parts)

    def _confirm(self, line: str, asked: Sequence[str] = ()) -> str | None:
        """Yes when the agent's read-back of a fact the caller gave (or of one the line asks
        about: "so the best number is 914...?") is right, else the part it got wrong, said
        again. None when the line reads back none of the caller's facts."""
        units = value_units(line)
        unnamed = [unit for unit in units if unit not in CONCEPT_WORDS]
        scored = []
        for order, slot in enumerate(dict.fromkeys([*self.last_told, *asked, *sorted(self.told)])):
            if slot not in self.spec.facts:
                continue
            parts = value_units(said_value(self.spec.facts[slot]), names_only=True)
            hits = [part for part in parts if part_in(part, units)]
            if any(listed(part, line, self.spec.facts[slot]) for part in hits):
                continue  # "Manhattan or Newark?": an option offered, not a value read back
            if slot not in self.last_told and slot not in self.told and 2 * len(hits) < len(parts):
                continue  # "Kindly confirm the reason you are cancelling.": a word in common
            near = [part for part in parts if heard_near(part, unnamed)]
            # a garbled read-back of the last answer, in words other than those naming a slot
            # ("email" is near "gmail", but "I have your email" reads nothing back)
            if hits or (near and order == 0 and slot in self.last_told):
                scored.append((-len(hits) / len(parts), order, slot, parts))
        if not scored:
            return None
        _, _, slot, parts = min(scored)  # the fact the read-back says most of
        self.last_told = [slot]
        misses = [part for part in parts if not part_in(part, units)]
        if len(misses) < len(parts) and any(p in MONTHS for p in parts) and not any(
                unit in WEEKDAYS for unit in units):  # "2026-06-24" says its weekday
            misses = [p for p in misses if p not in WEEKDAYS]
        written = "".join(re.findall(r"\d", line))  # "9-1-4, 5-5-5" reads back 914555
        if not misses and written:  # "2224" is not 2024, though both say "twenty ... four"
            misses = [run for run in re.findall(r"\d+", self.spec.facts[slot])
                      if len(run) > 1 and run not in written]
        if misses:
            fact = self.spec.facts[slot]
            if any(p.isdigit() for p in misses):
                misses = [p for p in parts if p.isdigit()]  # a number: all of it, grouped
            whole = any(unit_kind(part) not in ("word", "digits") or len(part) < 3
                        for part in misses)
            return self._pick(CORRECTION_LINES).format(value=(
                fact.strip().rstrip(".") if whole  # a date: all of it
                else ", ".join(say_part(part, fact) for part in misses)))
        if slot not in self.confirmed:
            self.confirmed.add(slot)
            self.progressed = True
        return self._pick(CONFIRM_LINES)


# A sentence that asks which value (after any discourse markers): it reads none back.
ASKS_WHICH = re.compile(r"(?:^|[.?!]\s+)(?:(?:and|so|okay|ok|now|then|great|perfect|thanks),?\s+)*"
                        r"(?:which|what|who|whom|where|when|how)\b", re.IGNORECASE)


SPELL_LINES = ["Sure, that's {value}.", "It's {value}.", "Okay: {value}."]
CHECK_LINES = ["Yes, I'm here.", "Yes.", "Yes, that's fine."]  # presence, sense, permission
SPELL_CUE = re.compile(r"\bspell|\bletter by letter|\bone letter at a time", re.IGNORECASE)
CLAUSE_END = re.compile(r"[,;.?!]|\band\b|—", re.IGNORECASE)
CONFIRM_LINES = ["Yes, that's right.", "Yes, that's correct.", "That's right, yes."]
CORRECTION_LINES = ["No, that's not right: it's {value}.", "No, it's {value}.",
                    "Not quite. It's {value}."]
def answer_templates(spec: CallerSpec, slot: str) -> list[str]:
    """The lines the caller may answer a slot with (``{value}`` stands for the fact)."""
    return spec.fact_lines.get(slot) or _DEFAULT_LINES.get(slot) or _GENERIC_LINES
