"""For task authors: replaying gold calls, locking ``exp_db_state``, checking every lockfile."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mivas_env.agents.baselines import OracleAgent, gold_arguments
from mivas_env.call.runtime import CallSession
from mivas_env.call.tasks import Task, build_task, load_task
from mivas_env.env import MivasEnv
from mivas_env.evaluation.runner import run_episode
from rewards import MivasError
from rewards.compile import TableSpec
from rewards.db_gate import db_gate, row_satisfies
from rewards.verify import load_lockfile
from rewards.worlds import world_with


@dataclass(frozen=True)
class Replay:
    """The gold calls run through a fresh call session on the task's world."""

    outputs: list[dict[str, Any]]
    dump: dict[str, list[dict[str, Any]]]
    session: CallSession


def replay(task: Task) -> Replay:
    """Run the lockfile's gold calls in order, with scoping enforced, on a fresh copy of its world."""
    session = CallSession(task, seed=0, scoping="enforce")
    outputs = [session.call_tool(call.name, gold_arguments(call.parameters)).output
               for call in task.lock.exp_tool_calls]
    return Replay(outputs=outputs, dump=session.dump(), session=session)


def locked_state(task: Task, dump: dict[str, list[dict[str, Any]]]) -> Any:
    """``exp_db_state`` for a replayed dump: the changed write tables plus those the author
    named explicitly (an explicit ``"waitlist": []`` documents intent), or ``"seed"``.

    Cells the author blanked by hand where the table allows blanks (an ``any_of`` value, a
    reason the caller never gave) stay blank when the replayed row still fits the old one."""
    seed = world_with(task.industry, task.lock.world_seed, task.lock.world_rows)
    named = task.lock.exp_db_state if isinstance(task.lock.exp_db_state, dict) else {}
    changed = {table: _keep_blanks(task.compiled.industry.tables[table], rows,
                                   named.get(table, []))
               for table, rows in dump.items() if rows != seed.get(table, []) or table in named}
    return changed or "seed"


def _keep_blanks(spec: TableSpec, rows: list[dict[str, Any]],
                 authored: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not authored:
        return rows
    pool = [(row, spec.normalize_row(row)) for row in authored]
    used: set[int] = set()
    out = []
    for row in rows:
        normal = spec.normalize_row(row)
        for i, (old, old_normal) in enumerate(pool):
            if i not in used and row_satisfies(spec, old_normal, normal):
                used.add(i)
                blank = {spec.columns[c]: old.get(spec.columns[c]) for c in spec.wildcard
                         if old_normal[c] is None and normal[c] is not None}
                row = {**row, **blank}
                break
        out.append(row)
    return out


def lock_task(path: Path) -> tuple[dict[str, Any], list[str]]:
    """Rewrite a lockfile with ``exp_db_state`` from the replay and the gold outputs filled in
    where the author left them out (``ok``, and ``error_code`` for refusals). Returns the new
    lockfile and warnings: gold calls that failed without the author saying they should."""
    task = load_task(path)
    written: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data, warnings = _lock(task, json.loads(json.dumps(written)))
    if data != written:  # an unchanged lockfile keeps its bytes (the author's layout)
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return data, warnings


def lock_data(data: dict[str, Any], path: Path | None = None) -> tuple[dict[str, Any], list[str]]:
    """``lock_task`` on a lockfile held in memory (``exp_db_state`` may be absent): the
    generator locks every instance with it. ``path`` only names the task in errors."""
    draft = {**data, "exp_db_state": data.get("exp_db_state", "seed")}
    where = path or Path(f"{data.get('industry')}/{data.get('id')}.json")
    task = build_task(load_lockfile(draft), where)
    return _lock(task, json.loads(json.dumps(draft)))


def _lock(task: Task, data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    result = replay(task)
    tools = task.compiled.industry.industry.tools
    warnings = []
    for index, (call, output) in enumerate(zip(data["exp_tool_calls"], result.outputs,
                                               strict=True)):
        if not output["ok"] and "error_code" not in (call.get("output") or {}):
            warnings.append(f"exp_tool_calls[{index}] {call['name']} failed in the replay "
                            f"({output['error_code']}: {output.get('message', '')}); write its "
                            f"output.error_code if that is intended")
        if "output" not in call and tools[call["name"]].access != "session":
            call["output"] = {"ok": output["ok"]}
            if not output["ok"]:
                call["output"]["error_code"] = output["error_code"]
    data["exp_db_state"] = locked_state(task, result.dump)
    return data, warnings


def check_task(path: Path) -> list[str]:
    """Every problem with one lockfile (empty when it is sound)."""
    try:
        task = load_task(path)
    except MivasError as exc:
        return [exc.one_line()]
    return check_loaded(task)


def check_loaded(task: Task) -> list[str]:
    """``check_task`` on a task already loaded (the generator self-checks with it)."""
    problems: list[str] = []
    result = replay(task)
    for index, (call, output) in enumerate(zip(task.lock.exp_tool_calls, result.outputs,
                                               strict=True)):
        expected = call.output
        session_tool = task.compiled.industry.industry.tools[call.name].access == "session"
        if expected is None and session_tool:
            if not output["ok"]:
                problems.append(f"exp_tool_calls[{index}] {call.name}: replay failed "
                                f"({output.get('error_code')}: {output.get('message', '')})")
            continue
        if expected is None:
            problems.append(f"exp_tool_calls[{index}] {call.name}: no locked output "
                            f"(run `mivas tasks lock`)")
            continue
        for key in ("ok", "error_code"):
            want = getattr(expected, key)
            if want is not None and output.get(key) != want:
                problems.append(f"exp_tool_calls[{index}] {call.name}: replay gave {key}="
                                f"{output.get(key)!r}, lockfile says {want!r} "
                                f"({output.get('message', '')})")
    db = db_gate(task.compiled, result.dump)
    for table, verdict in db.tables.items():
        if not verdict.passed:
            problems.append(f"exp_db_state.{table}: replay differs (missing "
                            f"{verdict.missing_rows[:2]}, extra {verdict.extra_rows[:2]})")
    env = MivasEnv(tasks=[task])
    episode = run_episode(env, OracleAgent(), task, seed=0)
    if not (episode.passed and episode.handoff_verdict == "exact"):
        problems.append(f"oracle run is not exact: passed={episode.passed} route="
                        f"{episode.handoff_verdict} T={episode.score_T:.2f} "
                        f"H={episode.score_H:.2f} D={episode.db_passed} "
                        f"ended_by={episode.ended_by}")
    elif (episode.ended_by != "caller_hung_up" and task.caller.agent_answer
          and not (task.lock.exp_tool_calls  # the gold route itself ends the call
                   and episode.ended_by == task.lock.exp_tool_calls[-1].name)):
        problems.append(f"the caller did not hang up satisfied after the oracle's answer "
                        f"(ended by {episode.ended_by}): check caller.goal")
    if not episode.aux_passed:
        problems.append(f"the oracle fails auxiliary judges {list(episode.aux_failed)}: "
                        f"check the lockfile's aux section")
    return problems
