"""How well the scripted caller understands an agent asking in its own words (issue 19).

Every line of the agent-line corpus (``tests/fixtures/agent_lines``, one split) is said to fresh
callers of a few tasks whose callers know the facts the line is about: the shipped lockfiles
plus ``--generated`` test-split instances per industry, ``--tasks`` of them per line, drawn with
a fixed seed. Each caller is the runtime's own (``CallSession``: scripted caller, the industry's
slot keywords); a line with ``after`` is preceded by that slot's canonical question, a readback
or spelling request by the question of the slot it is about.

Scoring (values compared normalised: casefold, punctuation dropped, digit groups joined; the
caller's scripted non-answers, its nudges, reactions, openings and the like, are taken out of a
reply first, so a nudge that names the caller's office is not an answer and not a leak):
  ask             answered = every asked slot's fact appears (or the fact of an asked slot that
                  covers it: industry.json "covers"); leak = another slot's fact appears
  negated         ok = no negated slot's fact appears and every asked slot's does
  readback        {value} = the fact: a confirmation ("yes", "that's right"...) is ok; {value}
                  with one digit or letter changed: a correction ("no...", or the right value)
  spell           ok = the fact (one word of it) comes back letter by letter
  yesno           ok = a yes or no, or the deciding fact (a nudge is not ok)
  unclear         ok = no fact appears and the caller says it does not know or asks what is
                  meant
  off_topic, hold, transfer, anything_else
                  ok = no fact appears
A caller that hangs up fails the line (but for anything_else, where goodbye is an answer).
  canonical       (a control, not corpus lines) each slot's own ``question``: the rule's ceiling
Targets (issue 19): one-slot asks answered >= 97%, leak <= 1%; off-topic leak <= 1%.

    python benchmarks/caller_understanding.py --split dev
    python benchmarks/caller_understanding.py --split test --industry legal --json
    python benchmarks/caller_understanding.py --split dev --failures 20   # what went wrong
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _agent_lines import (  # noqa: E402
    SPLITS,
    AgentLine,
    CorpusError,
    OneLineParser,
    at_least,
    corpus_industries,
    load_lines,
)

from mivas_env.call.runtime import CallSession  # noqa: E402
from mivas_env.call.tasks import Task, load_tasks  # noqa: E402
from mivas_env.generation import generate  # noqa: E402
from rewards import MivasError, load_industry  # noqa: E402

TARGETS = {"ask_answered": 0.97, "ask_leak": 0.01, "off_topic_leak": 0.01}
CONFIRM = re.compile(r"^(yes|yeah|yep|yup|correct|right|exactly|thats (right|correct|it|me)|"
                     r"that is (right|correct)|uh huh|mm hmm|sure|perfect|you got it|spot on)\b")
CORRECTION = re.compile(r"^(no|nope|not (quite|exactly|right)|actually|thats not|that is not|"
                        r"sorry (no|thats not))\b")
# "I don't know", "what do you mean?": a caller that cannot place a request says so
CLARIFY = re.compile(r"\b(dont know|do not know|not sure|no idea|dont have (that|it|one|a)|"
                     r"do not have (that|it|one|a)|what do you mean|which \w+ do you mean|"
                     r"never (got|had|heard)|not something i have|pardon)\b")
ANSWER_START = re.compile(r"^(yes|yeah|yep|yup|no|nope|not|i am|im|i do|i dont|i have|i havent|"
                          r"it is|its|it was|it isnt|correct|right|sure)\b")


def norm(text: str) -> str:
    """Casefolded, apostrophes dropped, other punctuation a space, digit groups joined."""
    text = re.sub(r"['\u2019]", "", text.casefold())
    text = " ".join(re.sub(r"[^\w\s]|_", " ", text).split())
    return re.sub(r"(?<=\d) (?=\d)", "", text)


def contains(text: str, value: str) -> bool:
    """``value`` appears in ``text`` as whole words (both already normalised)."""
    return bool(value) and f" {value} " in f" {text} "


def spelled(reply: str, value: str) -> bool:
    """Some word of ``value`` (3+ letters or digits) comes back one character at a time (a run
    of digits may come back as one number)."""
    for word in re.findall(r"[^\W_]{3,}", value):
        pattern = re.escape(word[0])
        for before, ch in zip(word, word[1:], strict=False):
            gap = "*" if before.isdigit() and ch.isdigit() else "+"
            pattern += rf"[\s\-.,]{gap}{re.escape(ch)}"
        if re.search(rf"(?<![^\W_]){pattern}(?![^\W_])", reply, re.IGNORECASE):
            return True
    return False


def perturbed(value: str, rng: random.Random) -> str:
    """``value`` with one digit (else one letter) changed."""
    digits = [i for i, ch in enumerate(value) if ch.isdigit()]
    places = digits or [i for i, ch in enumerate(value) if ch.isalpha()]
    if not places:
        return value + " 1"
    i = rng.choice(places)
    ch = value[i]
    if ch.isdigit():
        new = str((int(ch) + rng.randrange(1, 10)) % 10)
    else:
        letters = "abcdefghijklmnopqrstuvwxyz".replace(ch.lower(), "")
        new = rng.choice(letters)
        new = new.upper() if ch.isupper() else new
    return value[:i] + new + value[i + 1:]


@dataclass
class Probe:
    """A task's caller, to be spoken to afresh as often as needed."""

    task: Task

    @cached_property
    def facts(self) -> dict[str, str]:
        return {slot: norm(value) for slot, value in self.task.caller.facts.items() if norm(value)}

    @cached_property
    def scripted(self) -> list[str]:
        """The caller's scripted lines that answer no question, longest first."""
        spec = self.task.caller
        said = [*spec.nudges, *spec.thanks, *spec.unknown, *spec.doubts, *spec.opening]
        said += [line for reaction in spec.reactions for line in reaction.say]
        facts = set(self.facts.values())  # a line that is a fact word for word is an answer
        return sorted({norm(line) for line in said if norm(line) and norm(line) not in facts},
                      key=len, reverse=True)

    @cached_property
    def nudges(self) -> set[str]:
        return {norm(line) for line in self.task.caller.nudges}

    def talk(self, lines: Sequence[str], seed: int) -> tuple[str, bool]:
        """The caller's reply to the last of ``lines`` said in turn, and whether it hung up."""
        session = CallSession(self.task, seed=seed)
        session.opening()
        reply = None
        for line in lines:
            reply = session.say(line)
        assert reply is not None
        return reply.text, reply.hang_up

    def own_words(self, reply: str) -> str:
        """The normalised reply without the caller's scripted non-answers."""
        text = f" {norm(reply)} "
        for line in self.scripted:
            text = text.replace(f" {line} ", "  ")
        return " ".join(text.split())

    def leaked(self, said: str, asked: Iterable[str]) -> list[str]:
        """The slots not in ``asked`` whose fact appears in ``said`` (a fact inside an asked
        slot's fact is that fact's part, not a leak)."""
        asked_values = [self.facts[slot] for slot in asked if slot in self.facts]
        return [slot for slot, value in self.facts.items()
                if slot not in asked and contains(said, value)
                and not any(contains(other, value) for other in asked_values)]


@dataclass(frozen=True)
class Outcome:
    label: str  # the table row: act, with "/after" or "/2 slots" for asks
    slots: tuple[str, ...]
    ok: bool
    leak: bool
    nudged: bool
    hung_up: bool
    line_id: str
    task: str
    said: str  # what the agent said last
    reply: str
    style: str


@dataclass
class Harness:
    industry: str
    tasks: list[Task]
    per_line: int
    questions: dict[str, str] = field(init=False)
    covers: dict[str, set[str]] = field(init=False)  # slot -> slots its fact says too
    probes: list[Probe] = field(init=False)

    def __post_init__(self) -> None:
        slots = load_industry(self.industry).slots
        self.questions = {name: slot.question for name, slot in slots.items()}
        self.covers = {name: set(slot.covers) for name, slot in slots.items()}
        self.probes = [Probe(task) for task in self.tasks]

    def candidates(self, needed: Iterable[str]) -> list[Probe]:
        need = set(needed)
        return [probe for probe in self.probes if need <= set(probe.facts) and probe.facts]

    def sample(self, key: str, needed: Iterable[str]) -> list[Probe]:
        found = self.candidates(needed)
        return random.Random(f"caller-understanding/{key}").sample(
            found, min(self.per_line, len(found)))

    def run(self, lines: Sequence[AgentLine]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for slot, question in self.questions.items():
            canonical = AgentLine(f"canonical-{slot}", question, "canonical", (slot,), (), None,
                                  "", "")
            for probe in self.sample(canonical.id, [slot]):
                outcomes.append(self.ask(canonical, probe))
        for line in lines:
            score = SCORERS[line.act]
            for probe in self.sample(line.id, needs(line)):
                outcomes.extend(score(self, line, probe))
        return outcomes

    def outcome(self, line: AgentLine, probe: Probe, label: str, lines: Sequence[str],
                judge: Callable[[str, str], bool], asked: Iterable[str]) -> Outcome:
        seed = zlib.crc32(f"{line.id}/{probe.task.full_id}/{label}".encode())
        reply, hung_up = probe.talk(lines, seed)
        said = probe.own_words(reply)
        nudged = norm(reply) in probe.nudges  # one of the caller's nudges, word for word
        ok = judge(reply, said) and (not hung_up or line.act == "anything_else")
        return Outcome(label, line.slots, ok, bool(probe.leaked(said, asked)),
                       nudged, hung_up, line.id, probe.task.full_id, lines[-1], reply,
                       line.style)

    def preface(self, slot: str | None) -> list[str]:
        return [self.questions[slot]] if slot is not None else []

    def ask(self, line: AgentLine, probe: Probe) -> Outcome:
        label = ("canonical" if line.act == "canonical" else "ask/2 slots" if len(line.slots) > 1
                 else "ask/after" if line.after else "ask")
        def answered(slot: str, said: str) -> bool:  # or by a slot whose fact says it too
            return any(contains(said, probe.facts[other]) for other in line.slots
                       if other == slot or slot in self.covers.get(other, ()))

        return self.outcome(line, probe, label, [*self.preface(line.after), line.text],
                            lambda _, said: all(answered(slot, said) for slot in line.slots),
                            line.slots)


def needs(line: AgentLine) -> tuple[str, ...]:
    """The facts a caller must know for ``line`` to be scored on it."""
    if line.act == "spell" and not line.slots:
        return (line.after,) if line.after else ()
    return (*line.slots, *line.negated)


def score_ask(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    return [h.ask(line, probe)]


def score_negated(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    allowed = set(probe.facts) - set(line.negated)  # the leak that matters: a negated fact
    return [h.outcome(line, probe, "negated", [*h.preface(line.after), line.text],
                      lambda _, said: all(contains(said, probe.facts[slot]) for slot in line.slots)
                      and not probe.leaked(said, allowed), allowed)]


def score_readback(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    slot = line.slots[0]
    value = probe.task.caller.facts[slot]
    rng = random.Random(f"readback/{line.id}/{probe.task.full_id}")
    wrong = perturbed(value, rng)
    right = h.outcome(line, probe, "readback/right",
                      [*h.preface(slot), line.text.replace("{value}", value)],
                      lambda reply, _: bool(CONFIRM.match(norm(reply))), [slot])
    fixed = h.outcome(line, probe, "readback/wrong",
                      [*h.preface(slot), line.text.replace("{value}", wrong)],
                      lambda reply, said: not CONFIRM.match(norm(reply)) and bool(
                          CORRECTION.match(norm(reply)) or contains(said, probe.facts[slot])),
                      [slot])
    return [right, fixed]


def score_spell(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    slot = line.slots[0] if line.slots else line.after
    assert slot is not None
    value = probe.task.caller.facts[slot]
    lines = [*h.preface(line.after or slot), line.text]
    return [h.outcome(line, probe, "spell", lines, lambda reply, _: spelled(reply, value), [slot])]


def score_yesno(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    slot = line.slots[0]
    return [h.outcome(line, probe, "yesno", [line.text],
                      lambda reply, said: norm(reply) not in probe.nudges and (
                          bool(ANSWER_START.match(norm(reply)))
                          or contains(said, probe.facts[slot])), [slot])]


def score_quiet(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    """Lines that ask for no fact: ok when none comes back."""
    return [h.outcome(line, probe, line.act, [line.text],
                      lambda _, said: not probe.leaked(said, ()), ())]


def score_unclear(h: Harness, line: AgentLine, probe: Probe) -> list[Outcome]:
    """A request no slot covers: ok when no fact comes back and the caller says it does not
    know or asks what is meant (a nudge back to its own question is not)."""
    return [h.outcome(line, probe, line.act, [line.text],
                      lambda reply, said: not probe.leaked(said, ())
                      and bool(CLARIFY.search(norm(reply))), ())]


SCORERS: dict[str, Callable[[Harness, AgentLine, Probe], list[Outcome]]] = {
    "ask": score_ask, "negated": score_negated, "readback": score_readback,
    "spell": score_spell, "yesno": score_yesno, "off_topic": score_quiet,
    "unclear": score_unclear, "hold": score_quiet, "transfer": score_quiet,
    "anything_else": score_quiet}
ORDER = ["canonical", "ask", "ask/after", "ask/2 slots", "negated", "readback/right",
         "readback/wrong", "spell", "yesno", "off_topic", "unclear", "anything_else", "hold",
         "transfer"]


def tasks_of(industry: str, generated: int) -> list[Task]:
    """The shipped tasks and ``generated`` test-split instances (seeds 0..)."""
    return [*load_tasks(industry), *(i.task for i in generate(industry, "test", generated))]


def stats(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    n = len(outcomes)

    def rate(values: Iterable[bool]) -> float:
        return round(sum(values) / n, 4) if n else 0.0

    return {"n": n, "accuracy": rate(o.ok for o in outcomes), "leak": rate(o.leak for o in outcomes),
            "nudged": rate(o.nudged for o in outcomes),
            "hung_up": rate(o.hung_up for o in outcomes)}


def targets(outcomes: Sequence[Outcome]) -> dict[str, dict[str, Any]]:
    one_slot = [o for o in outcomes if o.label in ("ask", "ask/after")]
    off_topic = [o for o in outcomes if o.label == "off_topic"]
    measured = {"ask_answered": stats(one_slot)["accuracy"], "ask_leak": stats(one_slot)["leak"],
                "off_topic_leak": stats(off_topic)["leak"]}
    return {name: {"measured": value, "target": TARGETS[name],
                   "met": value >= TARGETS[name] if name == "ask_answered"
                   else value <= TARGETS[name]}
            for name, value in measured.items()}


def summary(by_industry: dict[str, list[Outcome]], failures: int) -> dict[str, Any]:
    result: dict[str, Any] = {"industries": {}}
    everything: list[Outcome] = []
    for industry, outcomes in by_industry.items():
        everything += outcomes
        labels: dict[str, list[Outcome]] = defaultdict(list)
        slots: dict[str, list[Outcome]] = defaultdict(list)
        styles: dict[str, list[Outcome]] = defaultdict(list)
        for o in outcomes:
            labels[o.label].append(o)
            if o.label in ("ask", "ask/after"):
                slots[o.slots[0]].append(o)
                styles[o.style].append(o)
        wrong = [o for o in outcomes if not o.ok or o.leak]
        result["industries"][industry] = {
            "acts": {label: stats(labels[label]) for label in ORDER if labels[label]},
            "ask_by_slot": {slot: stats(rows) for slot, rows in sorted(slots.items())},
            "ask_by_style": {style: stats(rows) for style, rows in sorted(styles.items())},
            "targets": targets(outcomes),
            "failures": [{"line": o.line_id, "task": o.task, "act": o.label, "said": o.said,
                          "reply": o.reply, "leak": o.leak} for o in wrong[:failures]]}
    result["overall"] = {"targets": targets(everything)}
    return result


def format_report(result: dict[str, Any], by_slot: bool) -> str:
    header = f"{'act':<20}{'n':>7}{'accuracy':>10}{'leak':>8}{'nudged':>8}{'hung up':>9}"
    out = []
    for industry, block in result["industries"].items():
        out += [f"{industry}", header, "-" * len(header)]
        rows = list(block["acts"].items())
        if by_slot:
            rows += [(f"  {slot}", s) for slot, s in block["ask_by_slot"].items()]
            rows += [(f"  ({style})", s) for style, s in block["ask_by_style"].items()]
        for label, s in rows:
            out.append(f"{label:<20}{s['n']:>7}{s['accuracy']:>10.1%}{s['leak']:>8.1%}"
                       f"{s['nudged']:>8.1%}{s['hung_up']:>9.1%}")
        out += [format_targets(block["targets"]), ""]
        for f in block["failures"]:
            out.append(f"  {f['line']} [{f['act']}] {f['task']}: {f['said']!r} -> {f['reply']!r}"
                       + (" (leak)" if f["leak"] else ""))
        if block["failures"]:
            out.append("")
    out.append("overall " + format_targets(result["overall"]["targets"]))
    return "\n".join(out)


def format_targets(block: dict[str, dict[str, Any]]) -> str:
    return "targets: " + "; ".join(
        f"{name} {t['measured']:.1%} ({'>=' if name == 'ask_answered' else '<='} "
        f"{t['target']:.0%}: {'met' if t['met'] else 'NOT met'})" for name, t in block.items())


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="caller_understanding",
                           description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--industry", action="append", choices=corpus_industries(),
                        help="one industry (repeatable; default: every corpus)")
    parser.add_argument("--generated", type=at_least(0), default=30,
                        help="test-split instances per industry besides the shipped tasks "
                             "(default 30)")
    parser.add_argument("--tasks", type=at_least(1), default=3,
                        help="tasks each line is said to (default 3)")
    parser.add_argument("--by-slot", action="store_true",
                        help="one-slot asks by slot and by style too")
    parser.add_argument("--failures", type=at_least(0), default=0,
                        help="list up to N failures per industry")
    parser.add_argument("--json", action="store_true", help="the results as JSON")
    args = parser.parse_args(argv)
    by_industry = {}
    try:
        for industry in args.industry or corpus_industries():
            harness = Harness(industry, tasks_of(industry, args.generated), args.tasks)
            by_industry[industry] = harness.run(load_lines(industry, args.split))
    except (CorpusError, MivasError) as exc:
        print(f"caller_understanding: error: {exc}", file=sys.stderr)
        return 2
    result = {"split": args.split, "generated": args.generated, "tasks_per_line": args.tasks,
              **summary(by_industry, args.failures)}
    print(json.dumps(result, indent=1) if args.json else format_report(result, args.by_slot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
