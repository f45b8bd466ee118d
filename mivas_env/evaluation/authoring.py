"""For task authors: replaying gold calls, locking ``exp_db_state``, checking every lockfile, and
the near-misses a lockfile's gates must catch (the generator's self-check runs them)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from mivas_env.agents.baselines import OracleAgent, gold_arguments
from mivas_env.call.runtime import CallSession
from mivas_env.call.tasks import Task, build_task, load_task
from mivas_env.env import MivasEnv
from mivas_env.evaluation.runner import run_episode
from rewards import MivasError
from rewards.compile import TableSpec
from rewards.db_gate import db_gate, row_satisfies
from rewards.industry import Industry, PropertySchema
from rewards.models import Verdict
from rewards.verify import load_lockfile, score
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


# --- near-misses: plausible wrong runs the gates must catch --------------------------------

@dataclass(frozen=True)
class NearMiss:
    """A plausible wrong run: the calls an agent makes, and the gate that must catch it
    (``T``, ``H``, ``D``, or ``any`` for the verdict as a whole)."""

    description: str
    calls: tuple[tuple[str, Mapping[str, Any]], ...]
    gate: Literal["T", "H", "D", "any"] = "any"


def near_miss_problems(task: Task, misses: Sequence[NearMiss]) -> list[str]:
    """The first near-miss that does not fail on its gate, as a problem (or none to check)."""
    if not misses:
        return ["no near-miss to check"]
    for miss in misses:
        if not gate_failed(run_calls(task, miss.calls), miss.gate):
            return [f"near-miss passes its gate {miss.gate}: {miss.description}"]
    return []


def gate_failed(verdict: Verdict, gate: str) -> bool:
    """Whether ``gate`` (``T``, ``H`` or ``D``; anything else: the verdict) failed."""
    return gate in verdict.failed_gates if gate in ("T", "H", "D") else not verdict.passed


def run_calls(task: Task, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> Verdict:
    """Score a run made of these calls alone (scoping enforced, the task's world)."""
    session = CallSession(task, seed=0, scoping="enforce")
    for name, arguments in calls:
        session.call_tool(name, dict(arguments))
    return score(task.compiled, session.calls, session.dump(), discount=0.5)


def generic_near_misses(task: Task) -> list[NearMiss]:
    """The gold run with one desk skipped (H must fail), and with one fact argument of the first
    write (else the first call with one) changed to another valid value the gate tells apart (T)."""
    gold = [(call.name, gold_arguments(call.parameters)) for call in task.lock.exp_tool_calls]
    industry = task.compiled.industry
    misses = [NearMiss(f"skips {name}", tuple(gold[:i] + gold[i + 1:]), "H")
              for i, (name, _) in enumerate(gold) if name in industry.hops][:1]
    tools = industry.industry.tools
    for i in sorted(range(len(gold)), key=lambda i: tools[gold[i][0]].access != "write"):
        name, arguments = gold[i]
        properties = tools[name].parameters.properties
        for rule in task.compiled.calls[i].rules:
            if rule.kind != "fact" or rule.key not in arguments:
                continue
            value = _other_value(industry.industry, properties[rule.key], arguments[rule.key])
            if value is not None and rule.normalize(value) not in rule.alternatives:
                calls = (*gold[:i], (name, {**arguments, rule.key: value}), *gold[i + 1:])
                return [*misses, NearMiss(f"{name} with {rule.key}={value!r}", calls, "T")]
    return misses


def _other_value(industry: Industry, prop: PropertySchema, value: Any) -> Any:
    """Another valid value of the same kind (None when there is none)."""
    if prop.type == "array":
        if not isinstance(value, list) or not value or prop.items is None:
            return None
        first = _other_value(industry, prop.items, value[0])
        return None if first is None else [first, *value[1:]]
    if prop.enum is not None or prop.x_alias is not None:
        options = prop.enum if prop.enum is not None else industry.aliases[str(prop.x_alias)]
        return next((option for option in options if option != value), None)
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if not isinstance(value, str):
        return None
    if prop.format == "date":
        return (date.fromisoformat(value) + timedelta(days=1)).isoformat()
    if prop.format == "date-time":
        return (datetime.fromisoformat(value) + timedelta(minutes=30)).isoformat(timespec="minutes")
    if value and value[-1].isdigit():  # ids and phone numbers: another last digit
        return value[:-1] + str((int(value[-1]) + 1) % 10)
    return None
