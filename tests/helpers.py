"""Small builders for lockfiles and traces used across the verifier tests."""

from __future__ import annotations

import copy
from typing import Any

from mivas_env.industries.base import ToolServer
from rewards import load_industry, load_seed


def ok(server: ToolServer, tool: str, **arguments: Any) -> Any:
    """The data of a tool call that must succeed."""
    result = server.call(tool, arguments)
    assert result["ok"], result
    return result["data"]


def error(server: ToolServer, tool: str, **arguments: Any) -> str:
    """The error code of a tool call that must fail with a message."""
    result = server.call(tool, arguments)
    assert not result["ok"], result
    assert result["message"]
    code: str = result["error_code"]
    return code


def call(name: str, t: float | None = None, output: dict[str, Any] | None = None,
         **arguments: Any) -> dict[str, Any]:
    """A flat trace call; ``output`` defaults to ``{"ok": True}``."""
    entry: dict[str, Any] = {"name": name, "arguments": arguments,
                             "output": {"ok": True} if output is None else output}
    if t is not None:
        entry["start_offset_ms"] = t
    return entry


def seed_dump(industry: str, **tables: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The write tables of the seed (deep copies), with some tables replaced."""
    seed = load_seed(industry)
    dump = {name: copy.deepcopy(seed[name]) for name in load_industry(industry).write_tables}
    dump.update(tables)
    return dump


def trace(calls: list[dict[str, Any]], dump: Any = None) -> dict[str, Any]:
    return {"tool_calls": calls, "hangup_dump": dump}


def lock(industry: str, calls: list[dict[str, Any]] | None = None, hops: list[str] | None = None,
         db: Any = "seed", task_id: str = "C99-E1") -> dict[str, Any]:
    return {"id": task_id, "industry": industry, "exp_handoff_path": hops or [],
            "exp_tool_calls": calls or [], "exp_db_state": db}
