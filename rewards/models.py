"""File formats: lockfile, trace and verdict, as pydantic models (docs/formats.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictStr,
    field_validator,
    model_validator,
)

from rewards.errors import LimitExceededError
from rewards.limits import check_value, limits

# Hand-written tasks are C<category>-E<example>; generated ones C<category>-<split>-<seed>.
TASK_ID_PATTERN = r"^C[0-9]{1,3}-(E[0-9]{1,3}|(train|test|bench)-[0-9]{1,12})$"
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


class Lockfile(BaseModel):
    """A locked task. Only id, industry and the ``exp_*`` fields are needed to verify."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=TASK_ID_PATTERN, description="C<category>-E<example> (generated: "
                    "C<category>-<split>-<seed>), unique per industry.")
    industry: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")
    world: WorldRef | None = Field(
        default=None, description="The generated world the task is written for; absent: the "
                                  "shipped seed.json (world 0).")
    title: str = ""
    category: str = ""
    description: str = ""
    tags: list[str] = Field(default_factory=list)
    caller: dict[str, Any] | None = Field(
        default=None, description="The scripted caller (see `mivas schema caller`); the env needs it.")
    exp_handoff_path: list[str]
    exp_tool_calls: list[ExpectedCall]
    exp_db_state: Literal["seed"] | dict[str, list[dict[str, Any]]]

    @property
    def full_id(self) -> str:
        return f"{self.industry}/{self.id}"

    @property
    def world_seed(self) -> int:
        """The seed of the world the task runs in (0: the shipped seed)."""
        return self.world.seed if self.world is not None else 0


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


class LiveCall(BaseModel):
    """One recorded tool call as a trace's group entry."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    arguments: dict[str, Any] = Field(default_factory=dict)
    output: dict[str, Any] | None = None
    # Strict: a bool or a string where the format says number is bad input, never 1 ms or 100.
    start_offset_ms: Annotated[float, Strict()] | None = Field(default=None, allow_inf_nan=False)

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

    @field_validator("hangup_dump", mode="plain")
    @classmethod
    def _check_dump(cls, value: Any) -> dict[str, list[dict[str, Any]]] | None:
        # Checked by hand, without copying rows: a full dump has hundreds of them.
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ValueError("hangup_dump must be an object mapping table names to row lists")
        total = sum(len(rows) for rows in value.values() if isinstance(rows, list))
        if total > limits().max_dump_rows:
            raise LimitExceededError(f"hangup_dump has {total} rows, more than "
                                     f"{limits().max_dump_rows} (MIVAS_MAX_DUMP_ROWS)",
                                     path=("hangup_dump",))
        for table, rows in value.items():
            if not isinstance(table, str):
                raise ValueError("hangup_dump keys must be table names")
            if not isinstance(rows, list):
                raise ValueError(f"hangup_dump.{table} must be a list of rows")
            if not set(map(type, rows)) <= {dict}:  # the fast check, then the exact one
                bad = next((i for i, row in enumerate(rows) if not isinstance(row, dict)), None)
                if bad is not None:
                    raise ValueError(f"hangup_dump.{table}[{bad}] must be an object")
        return value


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
