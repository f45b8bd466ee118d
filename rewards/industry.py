"""Industry definitions (``tasks/<industry>/industry.json``): the one source of truth for tool
parameter kinds, aliases, transfer sets and table rules, read by both the grader and the tool servers."""

from __future__ import annotations

import json
import os
import re
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rewards.errors import IndustryError, InputFormatError, LimitExceededError, TaskNotFoundError
from rewards.limits import json_depth_ok, limits
from rewards.normalize import fold_spelling as fold_spelling  # re-exported (folds alias spellings)

INDUSTRY_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")

Match = Literal["exact", "casefold", "digits", "fuzzy_name", "presence", "set"]
ColumnType = Literal["id", "text", "enum", "phone", "date", "datetime", "integer", "number",
                     "boolean", "json"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class PropertySchema(_Strict):
    """One tool parameter: a JSON Schema property plus MIVAS annotations (``x-*``)."""

    type: Literal["string", "integer", "number", "boolean", "array"]
    description: str = ""
    enum: list[str | int] | None = None
    pattern: str | None = None
    format: Literal["date", "date-time"] | None = None
    items: PropertySchema | None = None
    minimum: float | None = None
    maximum: float | None = None
    minLength: int | None = None
    maxLength: int | None = None
    minItems: int | None = None
    maxItems: int | None = None
    x_kind: Literal["fact", "prose"] | None = Field(default=None, alias="x-kind")
    x_alias: str | None = Field(default=None, alias="x-alias")
    x_match: Match | None = Field(default=None, alias="x-match")
    x_slot: str | None = Field(
        default=None, alias="x-slot",
        description="The caller slot (see Industry.slots) this argument is usually filled from.")

    @model_validator(mode="after")
    def _array_has_items(self) -> PropertySchema:
        if self.type == "array" and self.items is None:
            raise ValueError("an array parameter needs 'items'")
        if self.pattern is not None:
            try:
                re.compile(self.pattern)
            except re.error as exc:
                raise ValueError(f"pattern does not compile: {exc}") from None
        return self


class ParametersSchema(_Strict):
    """A tool's parameters as a JSON Schema object (exports as an OpenAI tool definition)."""

    type: Literal["object"] = "object"
    properties: dict[str, PropertySchema] = Field(default_factory=dict)
    required: list[str] = Field(default_factory=list)
    additionalProperties: bool = False

    @model_validator(mode="after")
    def _required_are_declared(self) -> ParametersSchema:
        unknown = [key for key in self.required if key not in self.properties]
        if unknown:
            raise ValueError(f"required keys not declared in properties: {unknown}")
        return self


class Tool(_Strict):
    """A tool an agent may call: where it is available, whether it writes, its parameters."""

    description: str
    access: Literal["read", "write", "session"]
    nodes: list[str]
    parameters: ParametersSchema = Field(default_factory=ParametersSchema)
    writes: list[str] = Field(default_factory=list, description="Write tables this tool may mutate.")
    latency_ms: int = Field(default=300, ge=0, le=60_000)


class Node(_Strict):
    """A specialist desk of the voice agent."""

    title: str
    instructions: str
    transfers: list[str] = Field(default_factory=list)


class ColumnRule(_Strict):
    """How one column of a write table is normalised and compared at hangup."""

    type: ColumnType = "text"
    match: Literal["exact", "casefold", "fuzzy_name", "presence", "ignore"] = "exact"
    alias: str | None = None
    blank_unconstrained: bool = Field(
        default=False, description="A blank expected value accepts any live value.")


class TableRule(_Strict):
    """The comparison rule of one write table (contract: 'What we actually compare')."""

    description: str = ""
    rule: Literal["exact", "subset_or_empty", "constrained"]
    extra_rows: bool = False
    columns: dict[str, ColumnRule]
    ignore_columns: list[str] = Field(
        default_factory=list, description="Timestamps, stripped ids and unconstrained prose.")


class Slot(_Strict):
    """A fact a caller may be asked for: the question an agent asks, and phrases that ask it."""

    question: str
    keywords: list[str] = Field(
        default_factory=list,
        description="Lower-case phrases that, in an agent's line, ask for this slot.")
    means: list[str] = Field(
        default_factory=list,
        description="Patterns of what asking for this slot means (docs/caller.md): groups of "
                    "cues that must all appear close together in one sentence; a cue is a "
                    "shared concept (@phone) or words joined by _; alternatives split by |; a "
                    "group led by ~ only qualifies the reading (its words are not the slot's).")
    answers: list[Literal["who", "whom", "whose", "when", "where", "why"]] = Field(
        default_factory=list, description="Question words this slot answers: of two slots a "
                                          "question names, it asks for the one its word asks about.")
    topic: str | None = Field(
        default=None, description="A topic the slot shares with others (new_address): right "
                                  "after one of them is asked, the cue ^topic counts as said.")
    covers: list[str] = Field(
        default_factory=list, description="Slots whose fact this slot's fact says too (a "
                                          "consultation's day and time say its day): a line "
                                          "asking for both asks for this one.")


class Business(_Strict):
    name: str
    phone_e164: str
    description: str
    timezone: str = "America/New_York"
    today: str = Field(description="The business date the seed database is written for (ISO).")


class Industry(_Strict):
    """A whole industry definition, validated for internal consistency."""

    industry: str
    business: Business
    entry_node: str
    nodes: dict[str, Node]
    transfer_tools: dict[str, str | None] = Field(
        description="The industry transfer set: hop name -> node it leads to (null: a human).")
    terminal_tools: list[str] = Field(default_factory=list)
    harness_keys: list[str] = Field(default_factory=list)
    tools: dict[str, Tool]
    aliases: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    forbidden_unless_expected: list[str] = Field(default_factory=list)
    write_tables: dict[str, TableRule]
    catalog_tables: list[str] = Field(default_factory=list)
    slots: dict[str, Slot] = Field(
        default_factory=dict, description="Caller facts by slot name (what callers may be asked).")
    phone_region: str = "US"
    server: str | None = Field(
        default=None, pattern=r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$",
        description="The tool server of the environment, 'module:Class' (a ToolServer subclass); "
                    "the grader does not need it.")

    @model_validator(mode="before")
    @classmethod
    def _slot_shorthand(cls, data: Any) -> Any:
        # A slot may be written as just its question.
        if isinstance(data, dict) and isinstance(data.get("slots"), dict):
            data = {**data, "slots": {k: {"question": v} if isinstance(v, str) else v
                                      for k, v in data["slots"].items()}}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Industry:
        problems: list[str] = []
        if self.entry_node not in self.nodes:
            problems.append(f"entry_node {self.entry_node!r} is not a node")
        for hop, target in self.transfer_tools.items():
            if hop not in self.tools:
                problems.append(f"transfer tool {hop!r} is not declared in tools")
            if target is not None and target not in self.nodes:
                problems.append(f"transfer tool {hop!r} leads to unknown node {target!r}")
        for name, node in self.nodes.items():
            for hop in node.transfers:
                if hop not in self.transfer_tools:
                    problems.append(f"node {name!r} lists {hop!r}, not in transfer_tools")
        for name, tool in self.tools.items():
            for node_name in tool.nodes:
                if node_name not in self.nodes:
                    problems.append(f"tool {name!r} names unknown node {node_name!r}")
            for table in tool.writes:
                if table not in self.write_tables:
                    problems.append(f"tool {name!r} writes unknown table {table!r}")
            if tool.writes and tool.access != "write":
                problems.append(f"tool {name!r} writes tables but is not access=write")
            for key, prop in tool.parameters.properties.items():
                if prop.x_slot is not None and prop.x_slot not in self.slots:
                    problems.append(f"tool {name!r} parameter {key!r}: unknown slot {prop.x_slot!r}")
                for alias in (prop.x_alias, prop.items.x_alias if prop.items else None):
                    if alias is not None and alias not in self.aliases:
                        problems.append(f"tool {name!r} parameter {key!r}: unknown alias {alias!r}")
        for name, slot in self.slots.items():
            for covered in slot.covers:
                if covered not in self.slots or covered == name:
                    problems.append(f"slot {name!r} covers {covered!r}, not another slot")
        for name in (*self.terminal_tools, *self.forbidden_unless_expected):
            if name not in self.tools:
                problems.append(f"{name!r} is listed but not declared in tools")
        for table, rule in self.write_tables.items():
            for column, col in rule.columns.items():
                if col.alias is not None and col.alias not in self.aliases:
                    problems.append(f"table {table!r} column {column!r}: unknown alias {col.alias!r}")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # --- derived lookups (computed once per loaded industry) -------------------------------

    @cached_property
    def alias_lookup(self) -> dict[str, dict[str, str]]:
        """Per alias table: folded spelling -> canonical value (canonical values map to themselves)."""
        lookup: dict[str, dict[str, str]] = {}
        for table, entries in self.aliases.items():
            folded: dict[str, str] = {}
            for canonical, spellings in entries.items():
                for spelling in (canonical, *spellings):
                    folded[fold_spelling(spelling)] = canonical
            lookup[table] = folded
        return lookup

    def resolve_alias(self, table: str, value: str) -> str | None:
        """The canonical value for ``value`` in alias table ``table``, or None when not listed."""
        return self.alias_lookup[table].get(fold_spelling(value))

    @cached_property
    def hop_set(self) -> frozenset[str]:
        return frozenset(self.transfer_tools)

    def tools_at(self, node: str) -> list[str]:
        """Tool names available at ``node`` (its own tools, then its transfers)."""
        own = [name for name, tool in self.tools.items()
               if node in tool.nodes and name not in self.transfer_tools]
        return own + [hop for hop in self.nodes[node].transfers]


# --- locating and loading ---------------------------------------------------------------------

def tasks_dir() -> Path:
    """The task data folder: ``$MIVAS_TASKS_DIR``, the repository's ``tasks/``, or the installed copy."""
    override = os.environ.get("MIVAS_TASKS_DIR")
    if override:
        return Path(override)
    return _shipped_tasks_dir()


@cache
def _shipped_tasks_dir() -> Path:
    repo = Path(__file__).resolve().parent.parent / "tasks"
    if any(repo.glob("*/industry.json")):
        return repo
    import mivas_tasks  # type: ignore[import-not-found]  # the wheel ships tasks/ as mivas_tasks

    return Path(mivas_tasks.__file__).resolve().parent


def read_json(path: Path) -> Any:
    """Parse a JSON file, turning every failure into an ``InputFormatError`` naming the file."""
    try:
        if path.is_dir():
            raise InputFormatError("is a directory, not a JSON file", file=str(path))
        size = path.stat().st_size
        if size > limits().max_file_bytes:
            raise LimitExceededError(f"file is {size} bytes, more than {limits().max_file_bytes} "
                                     f"(MIVAS_MAX_FILE_BYTES)", file=str(path))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TaskNotFoundError("file not found", file=str(path)) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL in the path
        raise InputFormatError(f"cannot read file: {exc}", file=repr(str(path))[1:-1][:200]
                               ) from None
    return parse_json(text, str(path))


def parse_json(text: str, file: str) -> Any:
    """Parse JSON text read from ``file`` (a path, or ``<stdin>``) within the size and depth limits."""
    if len(text) > limits().max_file_bytes:
        raise LimitExceededError(f"input is longer than {limits().max_file_bytes} bytes "
                                 f"(MIVAS_MAX_FILE_BYTES)", file=file)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFormatError(f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                               file=file) from None
    except RecursionError:
        data = None
        deep = True
    else:
        deep = not json_depth_ok(data, limits().max_json_depth)
    if deep:
        raise LimitExceededError(f"JSON nested deeper than {limits().max_json_depth} levels "
                                 f"(MIVAS_MAX_JSON_DEPTH)", file=file)
    return data


def validation_error(exc: ValidationError, error_type: type[Exception], file: str | None) -> Exception:
    """The most specific pydantic error as a one-line MIVAS error with its JSON path.

    Union branches (grouped vs flat calls) each report; the deepest path is the one that
    explains the input as written. Pydantic's union tags are dropped from the path."""
    errors = exc.errors()
    first = max(errors, key=lambda e: len(e["loc"]))
    loc = [part for part in first["loc"]
           if not (isinstance(part, str) and ("[" in part or part.startswith("function-")))]
    message = first["msg"]
    if len(errors) > 1:
        message += f" ({len(errors)} error(s) in all)"
    return error_type(message, file=file, path=loc)  # type: ignore[call-arg]


def industry_names() -> tuple[str, ...]:
    """Every industry of the task folder, sorted: each ``<name>/industry.json`` whose folder
    name is an industry name. The one registry of industries; nothing else lists them."""
    return tuple(sorted(path.parent.name for path in tasks_dir().glob("*/industry.json")
                        if INDUSTRY_NAME.fullmatch(path.parent.name)))


def __getattr__(name: str) -> tuple[str, ...]:
    # ``INDUSTRIES`` stays importable for older code; it is discovered, never a hand-kept list.
    if name == "INDUSTRIES":
        return industry_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_industry_name(name: str) -> str:
    if not isinstance(name, str) or not INDUSTRY_NAME.fullmatch(name):
        raise TaskNotFoundError(f"not an industry name: {name!r}")
    if not (tasks_dir() / name / "industry.json").is_file():
        raise TaskNotFoundError(f"unknown industry {name!r} (known: {', '.join(industry_names())})")
    return name


@cache
def load_industry(name: str) -> Industry:
    """Load and validate ``tasks/<name>/industry.json`` (cached for the process)."""
    path = tasks_dir() / check_industry_name(name) / "industry.json"
    data = read_json(path)
    try:
        return Industry.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, IndustryError, str(path)) from None


@cache
def load_seed(name: str) -> dict[str, list[dict[str, Any]]]:
    """The seed database of an industry: table name -> rows (callers must not mutate it)."""
    path = tasks_dir() / check_industry_name(name) / "seed.json"
    data = read_json(path)
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise IndustryError("a seed must map table names to lists of rows", file=str(path))
    tables = {k: v for k, v in data.items() if not k.startswith("_")}
    industry = load_industry(name)
    for table in industry.write_tables:
        tables.setdefault(table, [])
    return tables
