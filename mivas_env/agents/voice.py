"""Two scripted agents that measure what the speech channel does to a call: ``naive`` copies what
it heard into tool arguments; ``careful`` asks the caller to spell names, emails and ids, reads
every value back and fixes the part the caller corrects.

Both know the procedure (the lockfile's gold calls, like the oracle: they are privileged), but
not the caller's words: every argument the caller dictates (a name, phone, date, email, zip, id)
is asked for and filled from what the agent heard. An argument counts as dictated when reading
the caller's clean spoken answer gives back the locked value under the grader's own matcher, so
at a word error rate of zero both agents pass wherever the oracle does; any failure above zero
is the channel's doing."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from rapidfuzz.distance import Levenshtein

from mivas_env.agents.baselines import Action, gold_arguments
from mivas_env.caller.scripted import CallerSpec, answer_templates
from mivas_env.caller.values import spell_out
from mivas_env.speech.heard import read_date, read_digits, read_email, read_name, read_spelling
from mivas_env.speech.spoken import spoken
from rewards import load_industry
from rewards.compile import compile_lock
from rewards.models import Lockfile
from rewards.tool_gate import strict_mismatches

Reader = Callable[[str, Any], Any]
MAX_READ_BACKS = 3


def _phone(heard: str, gold: Any) -> Any:
    digits = read_digits(heard)
    return digits[-10:] if len(digits) >= 10 else digits or None


def _date(heard: str, gold: Any) -> Any:
    # Without a year said, the agent assumes the one it is working in (the gold's).
    default = int(gold[:4]) if isinstance(gold, str) and gold[:4].isdigit() else None
    return read_date(heard, default)


def _prefixed_digits(heard: str, gold: Any) -> Any:
    # An order number said as digits, written the way the system stores it ("ord_10108").
    prefix = re.sub(r"[^A-Za-z_].*$", "", gold) if isinstance(gold, str) else ""
    digits = read_digits(heard)
    return prefix + digits if digits else None


def _alnum(heard: str, gold: Any) -> Any:
    """An id said as letters and digits ("u two zero four...") -> "U204..."."""
    out: list[str] = []
    for word in heard.split():
        digit = read_digits(word) if word not in ("oh", "o") or out else ""
        if digit:
            out.append(digit)
        elif len(word) == 1 and word.isalpha():
            out.append(word.upper())
    return "".join(out) or None


def _name(heard: str, gold: Any) -> Any:
    return read_name(heard) or None


def _email(heard: str, gold: Any) -> Any:
    return read_email(heard)


Kind = Literal["phone", "date", "email", "digits", "id", "name"]
# Tried in this order: the first whose reading of the caller's clean answer matches wins.
READERS: dict[Kind, Reader] = {"phone": _phone, "date": _date, "email": _email,
                               "digits": _prefixed_digits, "id": _alnum, "name": _name}
SPELLED: frozenset[Kind] = frozenset({"name", "email", "id"})  # the careful agent has them spelled


@dataclass(frozen=True)
class Dictated:
    """An argument of a gold call that the caller dictates."""

    call: int
    key: str
    slot: str
    kind: Kind


def _matches(lock: Lockfile, call: int, key: str, value: Any) -> bool:
    """Whether ``value`` satisfies the locked ``key`` of gold call ``call`` (grader's matcher)."""
    expected = compile_lock(lock).calls[call]
    return value is not None and not any(
        m.key == key for m in strict_mismatches(expected, {key: value}, None))


def _dictated(lock: Lockfile) -> tuple[Dictated, ...]:
    industry = load_industry(lock.industry)
    spec = CallerSpec.model_validate(lock.caller or {})
    facts = spec.facts
    compiled = compile_lock(lock)
    out = []
    for index, call in enumerate(lock.exp_tool_calls):
        props = industry.tools[call.name].parameters.properties
        # Prose and presence-only keys take any words; only values the grader compares count.
        compared = {rule.key for rule in compiled.calls[index].rules
                    if rule.kind in ("fact", "fuzzy_name")}
        for key, gold in gold_arguments(call.parameters).items():
            prop = props.get(key)
            if prop is None or prop.x_slot is None or prop.x_slot not in facts \
                    or key not in compared or prop.type != "string" or prop.enum is not None \
                    or prop.x_alias:
                continue
            # Every way the caller may answer must read back right on a perfect line.
            answers = [spoken(t.format(value=facts[prop.x_slot]))
                       for t in answer_templates(spec, prop.x_slot)]
            for kind, reader in READERS.items():
                if all(_matches(lock, index, key, reader(clean, gold)) for clean in answers):
                    out.append(Dictated(index, key, prop.x_slot, kind))
                    break
    return tuple(out)


def dictated_arguments(lock: Lockfile) -> list[tuple[int, str, str, str]]:
    """(gold call index, argument, caller slot, reader kind) for every dictated argument."""
    return [(d.call, d.key, d.slot, d.kind) for d in _dictated(lock)]


class _ScriptedVoiceAgent:
    """Runs the gold procedure, asking the caller for every dictated value first."""

    name = "voice"
    privileged: Literal[True] = True

    def __init__(self) -> None:
        self.lock: Lockfile | None = None
        self.plan: deque[Callable[[], Action | None]] = deque()
        self.values: dict[str, Any] = {}  # slot -> what the agent wrote down
        self.pending: Callable[[str], None] | None = None  # reads the caller's next line
        self.observation = ""  # the last observation (a caller line or a tool's output)

    def reveal(self, lock: Lockfile) -> None:
        self.lock = lock

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        lock, self.lock = self.lock, None
        if lock is None:
            raise RuntimeError(f"the {self.name} agent needs the lockfile (reveal before reset)")
        self.values = {}
        self.pending = None
        industry = load_industry(lock.industry)
        caller = CallerSpec.model_validate(lock.caller or {})
        dictated = _dictated(lock)
        self.plan = deque()
        asked: set[str] = set()  # a slot used by several calls is asked for once
        # A first choice the tools turn down (generation.structure): gold call -> the note.
        turned = {note["call"]: note for note in lock.structure or []
                  if note.get("kind") == "turned_down"}
        for index, call in enumerate(lock.exp_tool_calls):
            for item in dictated:
                if item.call == index and item.slot not in asked:
                    asked.add(item.slot)
                    self._ask(item, industry.slots[item.slot].question,
                              gold_arguments(call.parameters)[item.key])
            note = turned.get(index)
            if note is not None and note.get("slot") in industry.slots:
                # The caller is asked for the time and says its first choice: the agent
                # tries it, and the tool turns it down.
                self.plan.append(self._say(industry.slots[note["slot"]].question))
                self.plan.append(self._first_choice_step(lock, index, dictated, note))
                if not self.recovers(self.plan):
                    continue  # the working call never comes
            self.plan.append(self._tool_step(lock, index, dictated))
        if caller.agent_answer:
            answer = caller.agent_answer
            self.plan.append(lambda: answer)
        self.plan.append(lambda: {"tool": "end_call", "arguments": {}})

    def _tool_step(self, lock: Lockfile, index: int,
                   dictated: tuple[Dictated, ...]) -> Callable[[], Action]:
        call = lock.exp_tool_calls[index]

        def step() -> Action:
            arguments = gold_arguments(call.parameters)
            for item in dictated:
                if item.call == index:
                    value = self.values.get(item.slot)
                    if value is None:
                        arguments.pop(item.key, None)
                    else:
                        arguments[item.key] = value
            return {"tool": call.name, "arguments": arguments}

        return step

    def _ask(self, item: Dictated, question: str, gold: Any) -> None:
        reader = READERS[item.kind]

        def ask() -> Action:
            def heard(line: str) -> None:
                self.values[item.slot] = reader(line, gold)
            self.pending = heard
            return question

        self.plan.append(ask)

    def _first_choice_step(self, lock: Lockfile, index: int, dictated: tuple[Dictated, ...],
                           note: dict[str, Any]) -> Callable[[], Action]:
        """Gold call ``index`` at the caller's first choice (``note``: the structure's)."""
        step = self._tool_step(lock, index, dictated)

        def first() -> Action:
            action = step()
            assert isinstance(action, dict)
            return {**action, "arguments": {**action["arguments"], note["key"]: note["first"]}}

        return first

    def _say(self, line: str) -> Callable[[], Action]:
        """A step that says ``line`` and lets the caller answer (what it says is not used)."""
        def say() -> Action:
            self.pending = lambda heard: None
            return line
        return say

    def recovers(self, plan: deque[Callable[[], Action | None]]) -> bool:
        """After the caller's first choice is turned down: whether (and how) the agent goes on
        to the working call. The naive agent does not: it books what it heard or nothing."""
        return False

    def hear(self, observation: str) -> str:
        """What the agent takes from a caller line: its words (any channel)."""
        return spoken(observation)

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        self.observation = observation
        if self.pending is not None:
            pending, self.pending = self.pending, None
            pending(self.hear(observation))
        while self.plan:
            action = self.plan.popleft()()
            if action is not None:
                return action
        return {"tool": "end_call", "arguments": {}}


class NaiveVoiceAgent(_ScriptedVoiceAgent):
    """Asks for each value once and writes down whatever it heard."""

    name = "naive"


class CarefulVoiceAgent(_ScriptedVoiceAgent):
    """Asks for each value, has names, emails and ids spelled, reads every value back and fixes
    the part the caller corrects (at most ``MAX_READ_BACKS`` read-backs a value).

    It also copes with a difficult caller (generation levels): it drops side speech, fillers
    and a volunteered guess from what it heard, keeps the value a caller corrects itself to
    ("918, sorry, I mean 917"), answers "why do you need it?" with a reason and asks again,
    and after being cut off speaks one sentence a line."""

    name = "careful"

    def __init__(self) -> None:
        super().__init__()
        self.question = ""  # the last question asked for a value
        self.short = False  # the caller cuts in: one sentence a line

    def reset(self, observation: str, info: dict[str, Any]) -> None:
        super().reset(observation, info)
        self.question, self.short = "", False

    def hear(self, observation: str) -> str:
        return cleaned(spoken(observation))

    def recovers(self, plan: deque[Callable[[], Action | None]]) -> bool:
        """Told the first choice is not available, it says so and asks for another time; the
        caller's second choice is the working call (when the tool did turn it down)."""
        def another() -> Action | None:
            if not _turned_down(self.observation):
                return None
            self.pending = lambda heard: None
            return "I'm sorry, that time is not available. What other time would work for you?"
        plan.append(another)
        return True

    def act(self, observation: str, info: dict[str, Any]) -> Action:
        words = spoken(observation)
        if BARGED_IN.match(words):
            self.short = True
        if self.pending is not None and self.question and ASKED_WHY.search(words) \
                and not read_digits(cleaned(words)):
            # The value is still to come: give the reason and ask again, in one sentence.
            question = self.question[:1].lower() + self.question[1:]
            return f"I need it to verify your identity and find your record, so {question}"
        return super().act(observation, info)

    def again(self, slot: str, question: str, attempt: int) -> str:
        """The question asked again after an answer it could not use (``attempt`` 1, 2, ...):
        the same words here; an agent that rephrases says it otherwise."""
        return question

    def _ask(self, item: Dictated, question: str, gold: Any) -> None:
        reader = READERS[item.kind]
        state = {"read_backs": 0}
        versions: list[str] = []  # every full hearing of a number, for a vote
        # The agent knows how long such a number is (a ZIP has five digits, a phone ten).
        digits = len(re.sub(r"\D", "", str(gold)))
        length = len(str(gold)) if item.kind == "id" else min(digits, 10)

        def remember(value: Any) -> None:
            if value is None:
                return
            if item.kind in NUMBERS and isinstance(value, str):
                if len(re.sub(r"\D", "", value) if item.kind != "id" else value) != length:
                    return  # a digit dropped or doubled: not a hearing to trust
                versions.append(value)
                value = vote(versions)
            self.values[item.slot] = value

        def heard(line: str) -> None:
            remember(reader(line, gold))

        def ask() -> Action:
            self.pending = heard
            self.question = question
            return question

        def spell() -> Action | None:
            if item.kind not in SPELLED:
                return None
            self.pending = spelled
            return "Could you spell that for me, please?"

        def spelled(line: str) -> None:
            value = _from_spelling(item.kind, line, reader, gold)
            if value is not None:
                versions.clear()  # a spelling outweighs what was heard before
                remember(value)

        def read_back() -> Action | None:
            value = self.values.get(item.slot)
            if state["read_backs"] >= MAX_READ_BACKS:
                return None
            state["read_backs"] += 1
            if value is None:  # nothing usable heard: ask again
                self.pending = heard
                self.plan.appendleft(read_back)
                again = self.again(item.slot, question, state["read_backs"])
                self.question = again
                return again if self.short else "Sorry, I didn't catch that. " + again
            self.pending = confirmed
            if self.short:
                return f"Is this right: {_say_back(item.kind, value)}?"
            return f"Let me read that back: {_say_back(item.kind, value)}. Is that right?"

        def confirmed(line: str) -> None:
            denied = re.search(r"\b(no|not|quite)\b", line)
            if re.search(r"\b(yes|yeah|right|correct)\b", line) and not denied:
                return
            if denied:
                if item.kind in NUMBERS:  # the caller says the whole number again
                    remember(_number_again(item.kind, self.values.get(item.slot), line,
                                           reader, gold))
                else:
                    fixed = _corrected(item.kind, self.values.get(item.slot), line, reader,
                                       gold)
                    if fixed is not None:
                        self.values[item.slot] = fixed
            self.plan.appendleft(read_back)  # read it back again (fixed, or not understood)

        self.plan.extend([ask, spell, read_back])


def _turned_down(observation: str) -> bool:
    """Whether an observation is a tool's refusal (``{"ok": false, ...}``)."""
    try:
        output = json.loads(observation)
    except ValueError:
        return False
    return isinstance(output, dict) and output.get("ok") is False


NUMBERS: frozenset[Kind] = frozenset({"phone", "digits", "id"})
# A difficult caller's lines, in spoken words (mivas_env.caller.behaviours).
# Loose on purpose: a recogniser garbles cue words too ("why do you nedda my zip code").
BARGED_IN = re.compile(r"(yeah yeah|right right|okay okay)\b")
ASKED_WHY = re.compile(r"\b(why|what do you \w+ my|do you \w+ my)\b")
SIDE_SPEECH = re.compile(r"\b(hold|hang on|one second)\b.*?\b(ahead|about that)\b")
GUESS = re.compile(r"\boh and (i think )?(the|my) .*?\bnot sure\b")
SELF_CORRECTION = re.compile(r"\b(sorry i mean|no wait)\b")
FILLER = re.compile(r"\b(um|uh|hmm|let me see)\b")


def cleaned(heard: str) -> str:
    """A caller line (in spoken words) as a careful listener writes it down: without words to
    someone else, fillers, a barge-in cue or a volunteered guess, and, when the caller corrects
    itself, from the correction on."""
    heard = BARGED_IN.sub(" ", SIDE_SPEECH.sub(" ", heard))
    heard = FILLER.sub(" ", GUESS.sub(" ", heard))
    parts = SELF_CORRECTION.split(heard)
    if len(parts) > 1:
        heard = parts[-1]
    return " ".join(heard.split())


def vote(versions: list[str]) -> str:
    """Character by character majority over the hearings of the most common length (the latest
    hearing breaks ties)."""
    lengths = [len(v) for v in versions]
    length = max(set(lengths), key=lambda n: (lengths.count(n), lengths[::-1].index(n) * -1))
    same = [v for v in versions if len(v) == length]
    out = []
    for i in range(length):
        column = [v[i] for v in same]
        out.append(max(reversed(column), key=column.count))
    return "".join(out)


def _number_again(kind: str, value: Any, line: str, reader: Reader, gold: Any) -> Any:
    """A number the caller said again in a correction (an id keeps its letters if only the
    digits were said)."""
    if kind != "id":
        return reader(line, gold)
    again = _alnum(line, gold)
    if again and again.isdigit() and isinstance(value, str):
        letters = re.match(r"[A-Z]*", value)
        return (letters[0] if letters else "") + again
    return again


def _from_spelling(kind: str, line: str, reader: Reader, gold: Any) -> Any:
    if kind == "name":
        words = read_spelling(line)
        return " ".join(_capitalized(w) for w in words) if words else None
    if kind == "id":
        return _alnum(line, gold)
    return reader(line, gold)


def _capitalized(word: str) -> str:
    """A spelled name as written: "o'brien" -> "O'Brien", "smith-jones" -> "Smith-Jones"."""
    return re.sub(r"(^|['-])([a-z])", lambda m: m[1] + m[2].upper(), word.lower())


def _say_back(kind: str, value: Any) -> str:
    """A value read back so the caller can check every part: names and emails spelled."""
    text = str(value)
    if kind == "name":
        marks = {"'": "apostrophe", "-": "hyphen"}
        return " ".join("-".join(marks.get(ch, ch.upper()) for ch in word) for word in text.split())
    if kind == "email":
        return spell_out(text)
    if kind in ("phone", "digits", "id"):  # digit by digit, grouped as people read them
        chars = re.sub(r"^[a-z_]+", "", text) if kind == "digits" else text
        groups = [chars[:3], chars[3:6], chars[6:]] if len(chars) == 10 else [chars]
        return ", ".join("-".join(group) for group in groups)
    return text


def _corrected(kind: str, value: Any, line: str, reader: Reader, gold: Any) -> Any:
    """The value with the caller's correction applied: a name word replaced by its spelling,
    or the whole value read again from the correction."""
    if not isinstance(value, str):
        return reader(line, gold)
    if kind == "email":
        fixes = read_spelling(line)
        if not fixes:
            return value
        pieces = re.split(r"([@._+-])", value)
        for fix in fixes:
            nearest = min(range(0, len(pieces), 2),
                          key=lambda i: Levenshtein.distance(pieces[i].casefold(), fix))
            pieces[nearest] = fix
        return "".join(pieces)
    if kind == "name":
        fixes = read_spelling(line)
        words = value.split()
        for fix in fixes:
            if words:
                nearest = min(range(len(words)),
                              key=lambda i: Levenshtein.distance(words[i].casefold(), fix))
                words[nearest] = _capitalized(fix)
        return " ".join(words) if fixes else value
    fixed = _from_spelling(kind, line, reader, gold)
    return fixed if fixed is not None else value


VOICE_AGENTS: dict[str, type[_ScriptedVoiceAgent]] = {"naive": NaiveVoiceAgent,
                                                      "careful": CarefulVoiceAgent}
