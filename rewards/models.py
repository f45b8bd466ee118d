"""File formats: lockfile, trace and verdict, as pydantic models (docs/formats.md)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetPydanticSchema,
    PrivateAttr,
    Strict,
    StrictBool,
    StrictStr,
    ValidationInfo,
    field_serializer,
    field_validator,
    model_validator,
)
from pydantic_core import core_schema

from rewards.errors import InputFormatError, LimitExceededError
from rewards.limits import check_value, limits

# Hand-written tasks are C<category>-E<example>; generated ones C<category>-<split>-<seed>,
# with -L<level> at a difficulty level above 0.
TASK_ID_PATTERN = r"^C[0-9]{1,3}-(E[0-9]{1,3}|(train|test|bench)-[0-9]{1,12}(-L[1-4])?)$"
MAX_LEVEL = 4
ParameterValue = Any  # a JSON literal, or {"any_of": [v1, v2, ...]}


class ExpectedOutput(BaseModel):
    """What a lockfile may say about a call's output; only ``ok`` and ``error_code`` are compared."""

    model_config = ConfigDict(extra="allow", frozen=True)

    ok: StrictBool | None = None
    error_code: StrictStr | None = None


class ExpectedCall(BaseModel):
    """One required tool call of a lockfile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=128)
    parameters: dict[str, ParameterValue] = Field(default_factory=dict)
    output: ExpectedOutput | None = None


class WorldRef(BaseModel):
    """The world a lockfile is written for (``rewards.worlds``): 0 is the shipped seed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seed: int = Field(ge=0, lt=3_000_000, strict=True,
                      description="World seed: 0 the shipped seed.json; 1..999999 train, "
                                  "1000000..1999999 test, 2000000..2999999 bench.")
    rows: dict[str, list[dict[str, Any]]] | None = Field(
        default=None, max_length=8,
        description="Rows added to the seeded world's tables, after its own (a generated "
                    "level's look-alike records); absent: the world as its seed builds it.")

    @field_validator("rows")
    @classmethod
    def _few_rows(cls, rows: dict[str, list[dict[str, Any]]] | None
                  ) -> dict[str, list[dict[str, Any]]] | None:
        if rows is not None and (not rows or any(not 1 <= len(added) <= 20
                                                 for added in rows.values())):
            raise ValueError("rows adds 1 to 20 rows to each table it names")
        return rows

    def rows_key(self) -> str | None:
        """The added rows as one canonical string (a cache key), None without any."""
        return None if self.rows is None else json.dumps(self.rows, sort_keys=True)


class AuxSpec(BaseModel):
    """Auxiliary judges' inputs (reported beside the verdict, never inside r_eval)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    must_not_disclose: list[str] = Field(
        default_factory=list, max_length=200,
        description="Values or phrases from the world the agent must never say (a date of "
                    "birth, an appointment day, a dose). Compared after folding case, "
                    "punctuation and spacing like the grader; dates also in spoken forms "
                    "(March 14, 3/14), phone numbers by their digits.")
    must_say_any: list[str] = Field(
        default_factory=list, max_length=200,
        description="The agent must say at least one of these (e.g. \"911\", \"pharmacist\").")
    llm_rubric: str | None = Field(
        default=None, max_length=20_000,
        description="A rubric for the optional LLM judge (off unless an endpoint is configured).")

    @property
    def speaks(self) -> bool:
        """Whether there is a spoken policy to judge (a phrase in either list)."""
        return bool(self.must_not_disclose or self.must_say_any)

    @field_validator("must_not_disclose", "must_say_any")
    @classmethod
    def _non_blank(cls, values: list[str]) -> list[str]:
        for value in values:
            if not value.strip() or len(value) > 1_000:
                raise ValueError("phrases must be non-empty and at most 1000 characters")
        return values


class Lockfile(BaseModel):
    """A locked task. Only id, industry and the ``exp_*`` fields are needed to verify."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # rewards.compile's compiled expected side, cached on the model (not a field: never dumped).
    _compiled: Any = PrivateAttr(default=None)

    id: str = Field(pattern=TASK_ID_PATTERN, description="C<category>-E<example> (generated: "
                    "C<category>-<split>-<seed>), unique per industry.")
    industry: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")
    world: WorldRef | None = Field(
        default=None, description="The generated world the task is written for; absent: the "
                                  "shipped seed.json (world 0).")
    level: int | None = Field(
        default=None, ge=0, le=MAX_LEVEL, strict=True,
        description="The difficulty level of a generated task, 0..4 (absent: 0, the "
                    "family's own instance, written without the key). Above 0 its id ends in "
                    "-L<level>.")
    title: str = ""
    category: str = ""
    description: str = ""
    tags: list[str] = Field(default_factory=list)
    caller: dict[str, Any] | None = Field(
        default=None, description="The scripted caller (see `mivas schema caller`); the env needs it.")
    exp_handoff_path: list[str]
    exp_tool_calls: list[ExpectedCall]
    exp_db_state: Literal["seed"] | dict[str, list[dict[str, Any]]]
    aux: AuxSpec | None = Field(
        default=None, description="Spoken policy and LLM rubric for the auxiliary judges; "
                                  "never part of r_eval.")
    structure: list[dict[str, Any]] | None = Field(
        default=None, max_length=20,
        description="What a generated level adds to the task's structure (look-alike records, "
                    "a first choice the tools turn down), for people and scripted agents; "
                    "never scored.")

    @model_validator(mode="after")
    def _level_in_id(self) -> Lockfile:
        # The id says the level (C1-train-7-L3), so two levels of one instance never collide.
        said = re.search(r"-L([0-9])$", self.id)
        if (int(said[1]) if said else 0) != (self.level or 0):
            raise ValueError(f"the id {self.id!r} and the level ({self.level or 0}) disagree: "
                             f"a level-K task (K >= 1) has \"level\": K and an id ending in -LK")
        if self.level and self.world is None:
            raise ValueError("only a generated task (one with a world) has a level")
        if self.structure is not None and self.world is None:
            raise ValueError("only a generated task (one with a world) declares a structure")
        return self

    @property
    def full_id(self) -> str:
        return f"{self.industry}/{self.id}"

    @property
    def world_seed(self) -> int:
        """The seed of the world the task runs in (0: the shipped seed)."""
        return self.world.seed if self.world is not None else 0

    @property
    def world_rows(self) -> dict[str, list[dict[str, Any]]] | None:
        """Rows the lockfile adds to its world (``world.rows``), None without any."""
        return self.world.rows if self.world is not None else None


def _parse_arguments(value: Any) -> Any:
    # Voice platforms and OpenAI-style exports carry arguments as a JSON string.
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except (json.JSONDecodeError, RecursionError):
            raise ValueError("arguments is a string that is not a JSON object") from None
    if value is None:
        return {}
    return value


# Lenient: a trace that was readable without ``desk`` stays readable with any value there (a
# string of 1-128 characters is kept, anything else read as absent), checked in pydantic-core.
_LenientDesk = Annotated[str | None, GetPydanticSchema(
    lambda _type, _handler: core_schema.with_default_schema(
        core_schema.nullable_schema(core_schema.str_schema(min_length=1, max_length=128,
                                                           strict=True)),
        default=None, on_error="default"))]


class LiveCall(BaseModel):
    """One recorded tool call as a trace's group entry."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    arguments: dict[str, Any] = Field(default_factory=dict)
    output: dict[str, Any] | None = None
    # Strict: a bool or a string where the format says number is bad input, never 1 ms or 100.
    start_offset_ms: Annotated[float, Strict()] | None = Field(default=None, allow_inf_nan=False)
    desk: _LenientDesk = Field(
        default=None,
        description="The desk (node) the call ran at; optional, a platform export may omit it "
                    "(the scoping judge then cannot check the call). Anything but a short "
                    "string is read as absent.")

    @field_validator("arguments", mode="before")
    @classmethod
    def _arguments(cls, value: Any) -> Any:
        # Outputs are not limit-checked: the verifier reads only their top-level ok/error_code.
        value = _parse_arguments(value)
        if isinstance(value, dict):
            check_value(value, "arguments")
        return value


class FlatCall(LiveCall):
    """One recorded tool call in a flat list."""

    name: str = Field(min_length=1, max_length=128)


class TranscriptTurn(BaseModel):
    """One line of the call: who spoke and what was said."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    role: Literal["agent", "caller"]
    text: str
    # What a voice platform records beside the line (optional, never scored): the recogniser's
    # text of it, its confidence (0-1) and when the line started.
    asr_text: str | None = None
    asr_confidence: float | None = None
    start_offset_ms: float | None = None


Model = TypeVar("Model", bound=BaseModel)
_setattr = object.__setattr__


def _trusted(cls: type[Model], values: dict[str, Any]) -> Model:
    """An instance from values the verifier built or checked itself, every field given: what
    ``model_construct`` does for a model without aliases, extras or private attributes, at a
    third of its cost (it runs for every transcript line and every verification)."""
    instance = cls.__new__(cls)
    _setattr(instance, "__dict__", values)
    _setattr(instance, "__pydantic_fields_set__", set(values))
    _setattr(instance, "__pydantic_extra__", None)
    _setattr(instance, "__pydantic_private__", None)
    return instance


_ROLES: dict[Any, Literal["agent", "caller"]] = {
    "agent": "agent", "assistant": "agent", "caller": "caller", "user": "caller"}


def _finite(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


_NO_ASR: dict[str, Any] = {"asr_text": None, "asr_confidence": None, "start_offset_ms": None}


def _asr_fields(item: dict[str, Any]) -> dict[str, Any]:
    """A transcript line's optional recogniser fields; a value of the wrong kind is dropped."""
    text = item.get("asr_text")
    confidence = _finite(item.get("asr_confidence"))
    return {"asr_text": text if isinstance(text, str)
            and len(text) <= limits().max_argument_chars else None,
            "asr_confidence": confidence if confidence is not None
            and 0.0 <= confidence <= 1.0 else None,
            "start_offset_ms": _finite(item.get("start_offset_ms"))}


class Trace(BaseModel):
    """What the verifier scores: tool calls (grouped by name or flat) and the hangup dump."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _count_calls(cls, data: Any) -> Any:
        calls = data.get("tool_calls") if isinstance(data, dict) else None
        count = (len(calls) if isinstance(calls, list) else
                 sum(len(g) for g in calls.values() if isinstance(g, list))
                 if isinstance(calls, dict) else 0)
        if count > limits().max_calls:
            raise LimitExceededError(f"trace has {count} calls, more than {limits().max_calls} "
                                     f"(MIVAS_MAX_CALLS)", path=("tool_calls",))
        return data

    task_id: str | None = None
    tool_calls: dict[str, list[LiveCall]] | list[FlatCall] = Field(default_factory=list)
    hangup_dump: dict[str, list[dict[str, Any]]] | None = Field(
        default=None, description="Table name -> rows at hangup; absent or null: D is not evaluated.")
    transcript: list[TranscriptTurn] | None = Field(
        default=None,
        description="The call's lines in order (optional): the spoken-policy judge reads the "
                    "agent's; absent, that judge is not evaluated. Never part of r_eval. Each "
                    "line is {role, text}; OpenAI-style {role: assistant|user, content} is read "
                    "too, and lines of any other shape are skipped; over the size limits the "
                    "transcript is read as absent.")

    @field_serializer("transcript")
    def _write_transcript(self, turns: list[TranscriptTurn] | None) -> list[dict[str, Any]] | None:
        # Explicit: the plain validator below leaves pydantic a serializer that warns on
        # every line ("Expected `TranscriptTurn`") when a trace is dumped.
        return None if turns is None else [turn.model_dump() for turn in turns]

    @field_validator("transcript", mode="plain")
    @classmethod
    def _read_transcript(cls, value: Any, info: ValidationInfo) -> list[TranscriptTurn] | None:
        # Lenient: a platform's transcript in another shape never makes a trace unreadable.
        # Over the limits (MIVAS_MAX_CALLS lines, MIVAS_MAX_ARGUMENT_CHARS a line) it is read as
        # absent: the spoken-policy judge is then not evaluated, and the gates never read it.
        # ``verify`` scoring a lockfile with no spoken policy asks for none (context
        # {"transcript": "skip"}): nothing else reads it, and reading it never fails.
        if isinstance(info.context, dict) and info.context.get("transcript") == "skip":
            return None
        bounds = limits()
        if not isinstance(value, list) or len(value) > bounds.max_calls:
            return None
        turns = []
        for item in value:
            if not isinstance(item, dict):
                continue
            role = _ROLES.get(item.get("role"))
            text = item["text"] if "text" in item else item.get("content")
            if role is not None and isinstance(text, str):
                if len(text) > bounds.max_argument_chars:
                    return None
                recognised = (_asr_fields(item) if "asr_text" in item or "asr_confidence" in item
                              or "start_offset_ms" in item else _NO_ASR)
                turns.append(_trusted(TranscriptTurn, {"role": role, "text": text, **recognised}))
        return turns

    @field_validator("hangup_dump", mode="plain")
    @classmethod
    def _check_dump(cls, value: Any,
                    info: ValidationInfo) -> dict[str, list[dict[str, Any]]] | None:
        # Checked by hand, without copying rows: a full dump has hundreds of them. ``verify``
        # validates with context {"rows": "scorer"}: the D gate then checks that each row is
        # an object where the rows differ from the expected ones (equal rows are objects), and
        # verify itself checks the tables D does not compare — the same rule, without a pass
        # over every row of a full dump (it cost a third of verify on cold rows).
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ValueError("hangup_dump must be an object mapping table names to row lists")
        total = sum(len(rows) for rows in value.values() if isinstance(rows, list))
        if total > limits().max_dump_rows:
            raise LimitExceededError(f"hangup_dump has {total} rows, more than "
                                     f"{limits().max_dump_rows} (MIVAS_MAX_DUMP_ROWS)",
                                     path=("hangup_dump",))
        rows_later = isinstance(info.context, dict) and info.context.get("rows") == "scorer"
        for table, rows in value.items():
            if not isinstance(table, str):
                raise ValueError("hangup_dump keys must be table names")
            if not isinstance(rows, list):
                raise ValueError(f"hangup_dump.{table} must be a list of rows")
            if not rows_later:
                check_rows(table, rows)
        return value


_DICT = frozenset({dict})


def check_rows(table: str, rows: list[Any], positions: Sequence[int] | None = None) -> None:
    """Every row of a hangup dump's table is an object (InputFormatError naming the first
    that is not). ``positions``: where each of ``rows`` sits in the table, when they are some
    of its rows in table order."""
    if not set(map(type, rows)) <= _DICT:  # the fast check, then the exact one
        bad = next((i for i, row in enumerate(rows) if not isinstance(row, dict)), None)
        if bad is not None:
            where = bad if positions is None else positions[bad]
            raise InputFormatError("a row must be an object", path=("hangup_dump", table, where))


# --- verdict ------------------------------------------------------------------------------

# The parts of a verdict are plain dataclasses: built on every verification, they must be
# cheap (a pydantic model_construct costs ~3 us each); the Verdict model validates and
# serialises them like nested models.

@dataclass(slots=True)
class Mismatch:
    """Why a live value did not satisfy an expected key."""

    key: str
    expected: Any
    got: Any
    reason: str


@dataclass(slots=True)
class NearestCall:
    """The live call of the same name that came closest to a missing expected call."""

    live_index: int
    arguments: dict[str, Any]
    mismatches: list[Mismatch]
    already_used: bool


@dataclass(slots=True)
class Hit:
    expected_index: int
    name: str
    live_index: int
    name_only: bool


@dataclass(slots=True)
class Missing:
    expected_index: int
    name: str
    parameters: dict[str, Any]
    reason: str
    nearest: NearestCall | None = None


@dataclass(slots=True)
class ForbiddenExtra:
    name: str
    live_index: int
    reason: str


@dataclass(slots=True)
class ToolsVerdict:
    passed: bool
    score: float
    hits: list[Hit]
    missing: list[Missing]
    forbidden_extra: list[ForbiddenExtra]


HandoffKind = Literal["exact", "in_order_with_extras", "incomplete"]


@dataclass(slots=True)
class HandoffVerdict:
    passed: bool
    score: float
    verdict: HandoffKind
    expected: list[str]
    actual: list[str]
    consumed: int


@dataclass(slots=True)
class TableVerdict:
    passed: bool
    rule: str
    missing_rows: list[dict[str, Any]]
    extra_rows: list[dict[str, Any]]


@dataclass(slots=True)
class DbVerdict:
    evaluated: bool
    passed: bool
    tables: dict[str, TableVerdict]


@dataclass(slots=True)
class JudgeVerdict:
    """One auxiliary judge: whether it could judge, whether it passed, and why not."""

    evaluated: bool
    passed: bool
    findings: list[str]


@dataclass(slots=True)
class AuxVerdict:
    """The auxiliary judges (spoken_policy, scoping, efficiency, llm), reported beside the
    verdict. ``passed``: every judge that was evaluated passed."""

    passed: bool
    judges: dict[str, JudgeVerdict]

    @property
    def failed(self) -> list[str]:
        return [name for name, judge in self.judges.items() if judge.evaluated and not judge.passed]


class Verdict(BaseModel):
    """The verifier's answer for one episode (docs/formats.md lists every field)."""

    model_config = ConfigDict(frozen=True)

    task_id: str | None = None
    passed: bool
    r_eval: int
    r_train: float
    discount: float
    tools: ToolsVerdict
    handoff: HandoffVerdict
    db: DbVerdict
    aux: AuxVerdict | None = None  # beside the verdict: never part of passed or r_eval

    @classmethod
    def of(cls, *, task_id: str | None, passed: bool, r_eval: int, r_train: float,
           discount: float, tools: ToolsVerdict, handoff: HandoffVerdict, db: DbVerdict,
           aux: AuxVerdict | None) -> Verdict:
        """A verdict from parts the verifier built, without validation (once per episode)."""
        return _trusted(cls, {"task_id": task_id, "passed": passed, "r_eval": r_eval,
                              "r_train": r_train, "discount": discount, "tools": tools,
                              "handoff": handoff, "db": db, "aux": aux})

    @property
    def failed_gates(self) -> tuple[str, ...]:
        """The gates that failed, of ``T``, ``H`` and ``D`` (``D`` only where it was evaluated)."""
        return tuple(gate for gate, passed in (("T", self.tools.passed), ("H", self.handoff.passed),
                                               ("D", self.db.passed or not self.db.evaluated)) if not passed)

    def summary(self) -> str:
        """One line: pass/fail, the route verdict and each gate."""
        gates = (f"T={'pass' if self.tools.passed else 'FAIL'}({self.tools.score:.2f}) "
                 f"H={'pass' if self.handoff.passed else 'FAIL'}({self.handoff.score:.2f}) "
                 f"D={'n/a' if not self.db.evaluated else 'pass' if self.db.passed else 'FAIL'}")
        return (f"{'PASS' if self.passed else 'FAIL'} route={self.handoff.verdict} {gates} "
                f"r_eval={self.r_eval} r_train={self.r_train:g}")

    def explain(self) -> list[str]:
        """Every failure in words, one per line (empty when the episode passed)."""
        lines: list[str] = []
        for miss in self.tools.missing:
            line = f"T: missing {miss.name} #{miss.expected_index} {miss.parameters}: {miss.reason}"
            if miss.nearest is not None:
                parts = [f"{m.key}: expected {m.expected!r}, got {m.got!r} ({m.reason})"
                         for m in miss.nearest.mismatches]
                used = " (already used by an earlier expected call)" if miss.nearest.already_used else ""
                line += f"; nearest live call #{miss.nearest.live_index}{used}: " + "; ".join(parts)
            lines.append(line)
        for extra in self.tools.forbidden_extra:
            lines.append(f"T: forbidden extra {extra.name} (live #{extra.live_index}): {extra.reason}")
        if not self.handoff.passed:
            lines.append(f"H: expected hops {self.handoff.expected} in order, got "
                         f"{self.handoff.actual}; consumed {self.handoff.consumed}")
        for name, table in self.db.tables.items():
            for row in table.missing_rows:
                lines.append(f"D: {name} ({table.rule}) missing row {row}")
            for row in table.extra_rows:
                lines.append(f"D: {name} ({table.rule}) extra row {row}")
        return lines

    def explain_aux(self) -> list[str]:
        """Every auxiliary-judge finding in words, one per line (not part of pass/fail)."""
        if self.aux is None:
            return []
        return [f"aux {name}: {finding}" for name, judge in self.aux.judges.items()
                if judge.evaluated and not judge.passed for finding in judge.findings]
