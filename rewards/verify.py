"""``verify``: the three gates combined, and the rewards (contract: result = T and H and D)."""

from __future__ import annotations

from numbers import Real
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from rewards.compile import CompiledLock, compile_lock
from rewards.db_gate import db_gate
from rewards.errors import InputFormatError, LimitExceededError, MivasError
from rewards.handoff_gate import handoff_gate
from rewards.industry import read_json, validation_error
from rewards.judges import Transcript, judge
from rewards.models import HandoffKind, JudgeVerdict, Lockfile, Trace, Verdict, check_rows
from rewards.tool_gate import TimedCall, flatten, tool_gate


def check_discount(discount: float) -> float:
    """``discount`` if it is a number within [0, 1] (the route discount of ``r_train``), else
    ``ValueError`` saying so."""
    if isinstance(discount, bool) or not isinstance(discount, Real) or not 0.0 <= discount <= 1.0:
        raise ValueError(f"discount must be within [0, 1], got {discount!r}")
    return float(discount)


def r_train(r_eval: int, verdict: HandoffKind, discount: float) -> float:
    """1 on the exact route, ``discount`` on an in-order route with extra desks, else 0."""
    if not r_eval:
        return 0.0
    return 1.0 if verdict == "exact" else float(discount)


Document = TypeVar("Document", Lockfile, Trace)


def _load(model: type[Document], source: Document | dict[str, Any] | str | Path,
          context: dict[str, Any] | None = None) -> Document:
    """A validated document from a model, a dict or a path (errors name the file and field)."""
    if isinstance(source, model):
        return source
    if isinstance(source, (str, Path)):
        file: str | None = str(source)
        data: Any = read_json(Path(source))
    else:
        file, data = None, source
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise validation_error(exc, InputFormatError, file) from None
    except MivasError as exc:  # a limit checked inside a validator raises its own error class
        raise exc.with_file(file) if file else exc from None


def load_lockfile(source: Lockfile | dict[str, Any] | str | Path) -> Lockfile:
    """A validated lockfile from a model, a dict or a path."""
    return _load(Lockfile, source)


def load_trace(source: Trace | dict[str, Any] | str | Path) -> Trace:
    """A validated trace from a model, a dict or a path."""
    return _load(Trace, source)


def compile_lockfile(source: Lockfile | dict[str, Any] | str | Path) -> CompiledLock:
    """Validate a lockfile against its industry and compile it (cached by Lockfile identity)."""
    lock = load_lockfile(source)
    try:
        return compile_lock(lock)
    except MivasError as exc:
        if isinstance(source, (str, Path)):
            exc.with_file(str(source))
        raise


def verify(lock: Lockfile | dict[str, Any] | str | Path,
           trace: Trace | dict[str, Any] | str | Path, *, discount: float = 0.5) -> Verdict:
    """Score one episode: T and H always, D when the trace carries a hangup dump.

    Pass the same ``Lockfile`` object across episodes: its expected side is compiled once."""
    check_discount(discount)
    compiled = compile_lockfile(lock)
    # The D gate checks that dump rows are objects where it compares them (see _check_dump);
    # the transcript is read only for the spoken-policy judge.
    spoken = compiled.lock.aux
    live = _load(Trace, trace, _ROWS_BY_SCORER if spoken is not None and spoken.speaks
                 else _SCORER_NO_TRANSCRIPT)
    dump = live.hangup_dump
    transcript = ([(turn.role, turn.text) for turn in live.transcript]
                  if live.transcript is not None else None)
    try:
        if dump is not None and not isinstance(trace, Trace):
            for table, rows in dump.items():
                if table not in compiled.tables:
                    check_rows(table, rows)
        return score(compiled, flatten(live), dump, discount=discount, transcript=transcript)
    except RecursionError:  # a backstop: limits are checked when a trace is loaded
        raise LimitExceededError("a value in the trace is nested too deeply to score") from None
    except InputFormatError as exc:
        raise exc.with_file(str(trace)) if isinstance(trace, (str, Path)) else exc from None


_ROWS_BY_SCORER = {"rows": "scorer"}
_SCORER_NO_TRANSCRIPT = {"rows": "scorer", "transcript": "skip"}


def score(compiled: CompiledLock, calls: list[TimedCall],
          dump: dict[str, list[dict[str, Any]]] | None, *, discount: float,
          transcript: Transcript | None = None, llm: JudgeVerdict | None = None,
          aux: bool = True) -> Verdict:
    """The gates over calls already in wall-clock order (the environment's fast path), and
    beside them the auxiliary judges (``aux=False`` skips them); the judges never change
    ``passed``, ``r_eval`` or ``r_train``."""
    tools = tool_gate(compiled, calls)
    handoff = handoff_gate(compiled, calls)
    db = db_gate(compiled, dump)
    passed = tools.passed and handoff.passed and (db.passed or not db.evaluated)
    r_eval = int(passed)
    judged = judge(compiled, calls, dump, tools, transcript, llm, db) if aux else None
    return Verdict.of(task_id=compiled.lock.full_id, passed=passed, r_eval=r_eval,
                      r_train=r_train(r_eval, handoff.verdict, discount), discount=discount,
                      tools=tools, handoff=handoff, db=db, aux=judged)


def r_strict(verdict: Verdict) -> float:
    """The strict training reward: ``r_train``, or 0 when an auxiliary judge failed."""
    return verdict.r_train if verdict.aux is None or verdict.aux.passed else 0.0
