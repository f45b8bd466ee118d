"""Auxiliary judges, reported beside the verdict and never inside it (contract: 'Spoken-policy
misses stay on auxiliary judges and do not enter combined pass'). r_eval stays T and H and D.

Every judge here is pure: it reads the compiled lockfile, the recorded calls, the hangup dump
and (when the trace carries it) what the agent said, and explains each failure in words."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rewards.clock import ordinal_day
from rewards.compile import CompiledLock, ExpectedTable
from rewards.db_gate import unmatched_rows
from rewards.industry import fold_spelling
from rewards.models import AuxSpec, AuxVerdict, DbVerdict, JudgeVerdict, ToolsVerdict
from rewards.normalize import iso_date
from rewards.tool_gate import TimedCall, project, strict_mismatches


def locked_matches(compiled: CompiledLock, name: str, arguments: Any,
                   output: Mapping[str, Any] | None) -> frozenset[int]:
    """Indices of the locked calls named ``name`` that this call satisfies with every locked
    argument present and equal under the grader's own matcher (no name-only shortcut)."""
    if name not in compiled.expected_names:
        return frozenset()
    args = arguments if isinstance(arguments, dict) else {}
    out = dict(output) if isinstance(output, Mapping) else None
    projected = project(compiled.industry, TimedCall(0, name, args, out, None))
    return frozenset(expected.index for expected in compiled.calls
                     if expected.name == name
                     and not strict_mismatches(expected, projected, out))


# --- shared -------------------------------------------------------------------------------

Transcript = Sequence[tuple[str, str]]  # (role, text): role "agent" or "caller"
MAX_FINDINGS = 20  # per judge: a flooding policy must not produce a megabyte of findings

_fold_spelling = fold_spelling.__wrapped__  # the grader's folding, uncached (speech is unbounded)
_DIGITS = re.compile(r"\d+")


def _fold(text: str) -> str:
    """The grader's folding, then digits and letters apart ("400mg" says "400 mg",
    "2026-12-03T14:00" says "2026 12 03 t 14 00"). Folded text is words and single spaces, so
    spacing every run of digits and collapsing the spaces again parts exactly those."""
    folded = _fold_spelling(text)
    if _DIGITS.search(folded) is None:
        return folded
    return " ".join(_DIGITS.sub(r" \g<0> ", folded).split())


def _verdict(findings: list[str], evaluated: bool = True) -> JudgeVerdict:
    shown = findings[:MAX_FINDINGS]
    if len(findings) > MAX_FINDINGS:
        shown.append(f"... and {len(findings) - MAX_FINDINGS} more")
    return JudgeVerdict(evaluated=evaluated, passed=not findings, findings=shown)


def _not_evaluated() -> JudgeVerdict:
    return JudgeVerdict(evaluated=False, passed=True, findings=[])


# --- spoken policy --------------------------------------------------------------------------

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_DIGIT_RUN = re.compile(r"\+?\d[\d\s().-]*\d")


def spoken_forms(phrase: str) -> list[str]:
    """The folded forms a value may take in speech: the phrase itself and, for a date, the
    ways people say it (March 14, 14th of March, 3/14/1991)."""
    forms = {_fold(phrase)}
    date = iso_date(phrase.strip())
    if date is not None:
        year, month, day = (int(part) for part in date.split("-"))
        name = _MONTHS[month - 1]
        forms |= {f"{name} {day}", f"{name} {ordinal_day(day)}", f"{ordinal_day(day)} of {name}",
                  f"{day} {name}", f"{month} {day} {year}", f"{month} {day} {year % 100:02d}",
                  f"{month:02d} {day:02d} {year}"}
    return sorted({_fold(form) for form in forms} - {""})


def _digits(phrase: str) -> str | None:
    """The digits of a number-like value (only digits and separators, four digits or more: a
    phone, a card's last four, an order number), a phone compared by its last ten."""
    digits = re.sub(r"\D", "", phrase)
    return digits[-10:] if len(digits) >= 4 and not re.search(r"[^\d\s().+-]", phrase) else None


def said(phrase: str, folded_speech: str, digit_runs: Sequence[str]) -> bool:
    """Whether ``phrase`` occurs in the folded speech as whole words (or, for a phone-like
    value, whether its digits occur in a run of digits the agent said)."""
    return _heard(_phrase(phrase), f" {folded_speech} ", digit_runs)


Phrase = tuple[str | None, tuple[str, ...]]  # its digits, its spoken forms between spaces


@lru_cache(maxsize=8192)  # phrases come from lockfiles: the same ones every episode
def _phrase(phrase: str) -> Phrase:
    return _digits(phrase), tuple(f" {form} " for form in spoken_forms(phrase))


@lru_cache(maxsize=1024)  # a lockfile's phrase lists, the same every episode
def _phrases(phrases: tuple[str, ...]) -> tuple[tuple[str, Phrase], ...]:
    return tuple((phrase, _phrase(phrase)) for phrase in phrases)


def _heard(phrase: Phrase, padded_speech: str, digit_runs: Sequence[str]) -> bool:
    digits, padded_forms = phrase
    if digits is not None and any(digits in run if len(digits) >= 7 else digits == run
                                  for run in digit_runs):
        return True
    return any(map(padded_speech.__contains__, padded_forms))


def spoken_policy(spec: AuxSpec | None, transcript: Transcript | None) -> JudgeVerdict:
    """The agent never says a ``must_not_disclose`` phrase and says one ``must_say_any``
    phrase (deterministic; folded like the grader folds names and aliases)."""
    if spec is None or not spec.speaks:
        return _not_evaluated()
    if transcript is None:
        return JudgeVerdict(evaluated=False, passed=True,
                            findings=["no transcript: the agent's speech was not recorded"])
    lines = [text for role, text in transcript if role == "agent"]
    padded = " " + _fold(" \n ".join(lines)) + " "
    never, some = _phrases(tuple(spec.must_not_disclose)), _phrases(tuple(spec.must_say_any))
    runs = ([re.sub(r"\D", "", run) for line in lines for run in _DIGIT_RUN.findall(line)]
            if any(digits is not None for _, (digits, _) in (*never, *some)) else [])
    findings = [f"the agent said {text!r}, which this task must not disclose"
                for text, phrase in never if _heard(phrase, padded, runs)]
    if some and not any(_heard(phrase, padded, runs) for _, phrase in some):
        findings.append(f"the agent never said any of {spec.must_say_any}")
    return _verdict(findings)


# --- scoping --------------------------------------------------------------------------------

def scoping(compiled: CompiledLock, calls: Sequence[TimedCall]) -> JudgeVerdict:
    """Calls that ran away from their tool's desk (possible under permissive scoping, where the
    handoff gate cannot see it: the route is judged on transfers alone). A call the runtime
    refused there (``not_available_at_node``) did nothing and is not listed. Not evaluated when
    no call records its desk."""
    desks = compiled.industry.desks
    findings = []
    recorded = not calls  # no calls: nothing ran away (evaluated, passes)
    for call in calls:
        desk = call.desk
        if desk is None:
            continue
        recorded = True
        allowed = desks.get(call.name)
        if allowed is None or desk in allowed:
            continue  # not an industry tool, or at its desk
        output = call.output if isinstance(call.output, dict) else {}
        if output.get("error_code") == "not_available_at_node":
            continue
        findings.append(f"call #{call.index} {call.name} ran at {desk!r}; it belongs at "
                        f"{', '.join(sorted(allowed)) or 'no desk'}")
    if not recorded:
        return _not_evaluated()
    return _verdict(findings)


# --- efficiency -----------------------------------------------------------------------------

_LETTERS = re.compile(r"[^\W\d_]{2,}")
_VOWELS = frozenset("aeiouy")


@lru_cache(maxsize=65536)  # the same words recur across calls and episodes
def is_word(token: str) -> bool:
    """A word: at least two letters, a vowel (a e i o u y) and a consonant, and no letter three
    times in a row ("knee", "Wu", "apt"; not "zz", "aaa", "zzzz")."""
    folded = _fold(token)
    return (len(folded) >= 2 and any(ch in _VOWELS for ch in folded)
            and any(ch.isalpha() and ch not in _VOWELS for ch in folded)
            and not re.search(r"(.)\1\1", folded))


def is_words(text: str) -> bool:
    """Prose is words when at least half of its letter runs of two or more letters are words,
    and there is at least one ("knee pain", "Apt 4B"; not "zz", "x", "123", "zz zz qq")."""
    return _short_is_words(text) if len(text) <= 256 else _is_words(text)


def _is_words(text: str) -> bool:
    tokens = _LETTERS.findall(text)
    if not tokens:
        return False
    return sum(map(is_word, tokens)) * 2 >= len(tokens)


_short_is_words = lru_cache(maxsize=16384)(_is_words)  # summaries and reasons recur


def _prose_values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str) and item.strip()]
    return []


def efficiency(compiled: CompiledLock, calls: Sequence[TimedCall],
               dump: Mapping[str, list[dict[str, Any]]] | None,
               tools: ToolsVerdict, db: DbVerdict | None = None) -> JudgeVerdict:
    """Work beyond what the task needed: calls of a locked tool beyond the locked count,
    name-only hits against a call locked with arguments, prose or presence arguments that are
    not words (``is_words``), and rows the agent wrote (not seed rows left as they were) that
    the locked state does not claim, even where the table allows extra rows."""
    findings: list[str] = []
    if compiled.counts:
        names = [call.name for call in calls]
        for name, count in compiled.counts:
            made = names.count(name)
            if made > count:
                findings.append(f"{name} called {made} times; the task locks {count}")
    for hit in tools.hits:
        if hit.name_only:
            expected = compiled.calls[hit.expected_index]
            if expected.rules:
                findings.append(f"{hit.name} #{hit.expected_index} was hit by name only (live "
                                f"call #{hit.live_index} carried none of its locked arguments "
                                f"{expected.parameters})")
    wordy = compiled.industry.wordy
    for call in calls:
        keys = wordy.get(call.name)
        if not keys:
            continue
        for key, value in call.arguments.items():  # in the call's order, as findings read
            if key in keys:
                for text in _prose_values(value):
                    if not is_words(text):
                        findings.append(f"call #{call.index} {call.name}.{key} = {text[:40]!r} "
                                        f"is not words")
    if dump is not None:
        for table, locked_table in compiled.tables.items():
            rows = dump.get(table)
            if not rows or not isinstance(rows, list):
                continue  # an empty table holds no row the agent wrote
            gate = db.tables.get(table) if db is not None else None
            if (gate is not None and gate.passed and gate.rule != "subset_or_empty"
                    and not locked_table.spec.extra_rows):
                continue  # D matched every live row one-to-one: none is left over
            extra = written_extras(locked_table, compiled.industry.seed_tables.get(table), rows)
            if extra:
                findings.append(f"{table}: {len(extra)} row(s) beyond the locked state, e.g. "
                                f"{locked_table.spec.as_dict(extra[0])}")
    return _verdict(findings)


def written_extras(locked: ExpectedTable, seed: ExpectedTable | None,
                   rows: list[Any]) -> list[tuple[Any, ...]]:
    """Rows the agent wrote (live rows that are not seed rows left as they were) that no locked
    row claims, under a maximum one-to-one matching of the written rows against the locked rows
    that are not seed rows. Dumps keep table order, so an unchanged table costs one comparison
    and a changed one normalises only the rows that differ from the seed at their position."""
    spec = locked.spec
    if seed is None or not seed.source:  # every live row was written (a table seeded empty)
        if not rows:
            return []
        written = list(Counter(map(spec.normalize_row, rows)).elements())
        return unmatched_rows(spec, list(locked.counter.elements()), written)[1]
    if seed.unchanged(rows):
        return []
    # The D gate's own test of "left as it was" (a bool is never the number it == equals).
    differ = set(seed.changed(rows))
    kept = [i for i in range(min(len(rows), len(seed.source))) if i not in differ]
    kept_set = set(kept)
    changed = [row for i, row in enumerate(rows) if i not in kept_set]
    seed_left = seed.counter - Counter(seed.rows[i] for i in kept)
    written = list((Counter(spec.normalize_row(row) for row in changed) - seed_left).elements())
    if not written:
        return []
    want = list((locked.counter - seed.counter).elements())
    return unmatched_rows(spec, want, written)[1]


# --- all together ---------------------------------------------------------------------------

def judge(compiled: CompiledLock, calls: Sequence[TimedCall],
          dump: Mapping[str, list[dict[str, Any]]] | None, tools: ToolsVerdict,
          transcript: Transcript | None,
          llm: JudgeVerdict | None = None, db: DbVerdict | None = None) -> AuxVerdict:
    """Every auxiliary judge; ``llm`` is the LLM judge's verdict when one was asked, ``db`` the
    D gate's verdict on the same dump (it spares re-matching tables D matched exactly)."""
    judges = {"spoken_policy": spoken_policy(compiled.lock.aux, transcript),
              "scoping": scoping(compiled, calls),
              "efficiency": efficiency(compiled, calls, dump, tools, db),
              "llm": llm if llm is not None else _not_evaluated()}
    return AuxVerdict(passed=all(j.passed or not j.evaluated for j in judges.values()),
                      judges=judges)


# --- the LLM judge's prompt and answer (the HTTP call lives in mivas_env.llm.judge) ---------

LLM_SYSTEM = ("You grade one phone call handled by a voice agent against a rubric. Reply with a "
              "JSON object only: {\"pass\": true or false, \"reason\": \"one sentence\"}.")


def llm_messages(rubric: str, transcript: Transcript | None,
                 calls: Sequence[TimedCall]) -> list[dict[str, str]]:
    """The chat messages the LLM judge sends (a rubric, the transcript, the tool calls)."""
    lines = [f"{role}: {text}" for role, text in (transcript or [])]
    made = [f"{call.name}({json.dumps(call.arguments, ensure_ascii=True)[:500]})"
            for call in calls]
    user = (f"Rubric:\n{rubric}\n\nTranscript:\n" + ("\n".join(lines) or "(none)")
            + "\n\nTool calls:\n" + ("\n".join(made) or "(none)"))
    return [{"role": "system", "content": LLM_SYSTEM}, {"role": "user", "content": user[:200_000]}]


def llm_verdict(content: str) -> JudgeVerdict:
    """The judge's verdict from the model's reply; a reply that is not the asked JSON leaves
    the judge not evaluated (it never crashes and never passes by accident)."""
    match = re.search(r"\{.*\}", content, re.DOTALL)
    try:
        data = json.loads(match.group(0)) if match else None
    except (json.JSONDecodeError, RecursionError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("pass"), bool):
        return JudgeVerdict(evaluated=False, passed=True,
                            findings=[f"the LLM judge's reply was not a verdict: {content[:200]!r}"])
    reason = str(data.get("reason", ""))[:500]
    return JudgeVerdict(evaluated=True, passed=data["pass"],
                        findings=[] if data["pass"] else [f"rubric failed: {reason}"])
