"""Verifier speed on a realistic trace: ~10 calls and a full hangup dump of the healthcare seed,
and per industry on the oracle's traces of every shipped task.

    python benchmarks/bench_verify.py [--n 5000] [--against REV]
    python benchmarks/bench_verify.py --oracle-only --rounds 200 [--against REV] [--stages]

Reports p50/p90/p99 of rewards.verify (trace as a parsed dict and as a model), of each gate,
and the ratio to json.loads of the same trace text. The oracle section records one oracle trace
per shipped task (with its full hangup dump) and times ``verify(lock, trace)`` over all of them,
per industry (p50 and p99). ``--against REV`` also times the ``rewards`` package of git revision
REV, interleaved with the current code in one run (before/after on the same machine phase): on
the realistic trace (5 alternating processes a side), and on the oracle traces when REV can read
today's lockfiles. ``--stages`` adds where a verification's time goes (p50 of each step, in the
order ``verify`` runs them, on the same cycling traces: the dump is not in the CPU cache)."""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import HEADER, percentiles, row  # noqa: E402

from rewards import load_lockfile, load_seed, load_trace, verify  # noqa: E402
from rewards.compile import compile_lock  # noqa: E402
from rewards.db_gate import db_gate  # noqa: E402
from rewards.handoff_gate import handoff_gate  # noqa: E402
from rewards.tool_gate import flatten, tool_gate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def realistic_trace(wrong_office: bool) -> dict[str, Any]:
    """Ten calls as a voice platform exports them (grouped), and the whole seed at hangup."""
    seed = load_seed("healthcare")
    office = "loc_windermere" if wrong_office else "Park Avenue"
    calls = [
        ("lookup_patient", {"full_name": "Dana Whitfield", "date_of_birth": "1991-03-14"}),
        ("list_locations", {}),
        ("transfer_to_coverage", {"handoff_summary": "plan question"}),
        ("check_plan_accepted", {"carrier": "Blue Cross Blue Shield", "location_id": "Riverdale"}),
        ("check_plan_accepted", {"carrier": "Aetna", "location_id": office}),
        ("transfer_to_scheduling", {"handoff_summary": "wants times"}),
        ("search_availability", {"location_ids": ["Park Avenue"], "visit_type": "new_patient",
                                 "date": "2026-12-03"}),
        ("transfer_to_coverage", {"handoff_summary": "back to coverage"}),
        ("get_location", {"location_id": "loc_park_ave"}),
        ("end_call", {}),
    ]
    grouped: dict[str, list[dict[str, object]]] = {}
    for i, (name, arguments) in enumerate(calls):
        grouped.setdefault(name, []).append({"arguments": arguments, "output": {"ok": True},
                                             "start_offset_ms": 1000 * (i + 1)})
    dump = {t: copy.deepcopy(seed[t]) for t in ("patients", "appointments", "waitlist")}
    return {"task_id": "healthcare/C1-E1", "tool_calls": grouped, "hangup_dump": dump}


def record_oracle_traces(path: Path) -> None:
    """One oracle episode per shipped task; lockfile path and trace, as JSON lines."""
    from mivas_env.agents.baselines import make_agent
    from mivas_env.call.tasks import load_tasks
    from mivas_env.evaluation.runner import evaluate

    with tempfile.TemporaryDirectory() as tmp:
        tasks = load_tasks()
        evaluate(make_agent("oracle"), tasks, trace_dir=Path(tmp))
        with path.open("w") as out:
            for task in tasks:
                trace = json.loads((Path(tmp) / task.industry / f"{task.lock.id}.json").read_text())
                out.write(json.dumps({"industry": task.industry, "lock": str(task.path),
                                      "trace": trace}) + "\n")


def time_oracle(traces_file: Path, rounds: int) -> dict[str, dict[str, float]]:
    """p50 and p99 of verify(lock, trace dict) per industry over ``rounds`` passes of every
    trace (one trace after another, as a training run verifies episodes)."""
    episodes = [json.loads(line) for line in traces_file.read_text().splitlines()]
    locks = {e["lock"]: load_lockfile(e["lock"]) for e in episodes}
    samples: dict[str, list[int]] = {}
    for episode in episodes:  # warm the caches (compiled lockfiles, normalised seed values)
        verify(locks[episode["lock"]], episode["trace"])
    for _ in range(rounds):
        for episode in episodes:
            lock, trace = locks[episode["lock"]], episode["trace"]
            start = time.perf_counter_ns()
            verify(lock, trace)
            samples.setdefault(episode["industry"], []).append(time.perf_counter_ns() - start)
    return {name: _p50_p99(values) for name, values in samples.items()}


def _p50_p99(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": ordered[len(ordered) // 2] / 1000, "p99": ordered[len(ordered) * 99 // 100] / 1000}


STAGES = ("load_trace", "flatten", "gate T", "gate H", "gate D", "judges", "floor")


def time_stages(traces_file: Path, rounds: int) -> dict[str, dict[str, float]]:
    """p50 of each step of ``verify`` per industry, run in verify's order on cycling traces;
    then, in a pass of its own over the same cycling traces, the floor of D: one ``==`` of each
    dumped write table with the locked rows as written, and nothing else (the least any exact
    comparison of the dump costs in Python)."""
    import importlib

    from rewards.judges import judge
    from rewards.models import Trace
    from rewards.verify import compile_lockfile

    # The current verify leaves the dump's row check to D (see rewards.models); older
    # revisions load the trace whole.
    scoring = importlib.import_module("rewards.verify")  # the module, not the function
    scorer_load = getattr(scoring, "_load", None)
    context = getattr(scoring, "_ROWS_BY_SCORER", None)

    def read(trace: Any) -> Trace:
        if scorer_load is None or context is None:
            return load_trace(trace)
        loaded: Trace = scorer_load(Trace, trace, context)
        return loaded
    episodes = [json.loads(line) for line in traces_file.read_text().splitlines()]
    locks = {e["lock"]: load_lockfile(e["lock"]) for e in episodes}
    samples: dict[str, list[list[int]]] = {}
    for _ in range(rounds):
        for episode in episodes:
            compiled = compile_lockfile(locks[episode["lock"]])
            clock = [time.perf_counter_ns()]
            live = read(episode["trace"])
            clock.append(time.perf_counter_ns())
            calls = flatten(live)
            clock.append(time.perf_counter_ns())
            tools = tool_gate(compiled, calls)
            clock.append(time.perf_counter_ns())
            handoff_gate(compiled, calls)
            clock.append(time.perf_counter_ns())
            db = db_gate(compiled, live.hangup_dump)
            clock.append(time.perf_counter_ns())
            transcript = ([(turn.role, turn.text) for turn in live.transcript]
                          if live.transcript is not None else None)
            judge(compiled, calls, live.hangup_dump, tools, transcript, None, db)
            clock.append(time.perf_counter_ns())
            samples.setdefault(episode["industry"], []).append(
                [end - start for start, end in zip(clock, clock[1:], strict=False)])
    floors: dict[str, list[int]] = {}
    for _ in range(rounds):
        for episode in episodes:
            expected = [(name, getattr(table, "source", None)) for name, table
                        in compile_lockfile(locks[episode["lock"]]).tables.items()]
            dump = episode["trace"]["hangup_dump"]
            start = time.perf_counter_ns()
            for name, source in expected:
                dump.get(name) == source  # noqa: B015 - the comparison is what is timed
            floors.setdefault(episode["industry"], []).append(time.perf_counter_ns() - start)
    return {name: {**{stage: sorted(column)[len(column) // 2] / 1000
                      for stage, column in zip(STAGES, zip(*rows, strict=True), strict=False)},
                   "floor": sorted(floors[name])[len(floors[name]) // 2] / 1000}
            for name, rows in samples.items()}


def oracle_section(rounds: int, against: str | None, stages: bool = False) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        traces_file = Path(tmp) / "oracle.jsonl"
        record_oracle_traces(traces_file)
        runs: list[tuple[str, dict[str, str]]] = [("current", {})]
        if against is not None:
            base = _baseline(Path(tmp), against)
            runs.append((f"baseline {against}", {"PYTHONPATH": str(base)}))
        mode = "--time-stages" if stages else "--time-oracle"
        results: dict[str, list[dict[str, dict[str, float]]]] = {label: [] for label, _ in runs}
        for _ in range(3):  # interleaved: each side runs in the same machine phases
            for label, env in list(runs):
                done = subprocess.run(
                    [sys.executable, __file__, mode, str(traces_file), "--rounds", str(rounds)],
                    env={**os.environ, **env}, capture_output=True, text=True)
                if done.returncode and label != "current":
                    # An older revision may not read today's lockfiles (fields it predates).
                    last = (done.stderr.strip().splitlines() or ["no output"])[-1]
                    print(f"({label} cannot score these traces: {last[:160]})")
                    runs.remove((label, env))
                    del results[label]
                    continue
                done.check_returncode()
                results[label].append(json.loads(done.stdout))
    industries = list(results["current"][0])
    if stages:
        print(f"-- oracle traces: p50 us of each step of verify (median of 3 interleaved "
              f"processes x {rounds} rounds)")
        for label, per_run in results.items():
            print(f"{label:<28}" + "".join(f"{stage:>12}" for stage in STAGES))
            for name in industries:
                print(f"  {name:<26}" + "".join(
                    f"{sorted(run[name][stage] for run in per_run)[1]:>12.1f}"
                    for stage in STAGES))
        return
    print(f"-- oracle traces, every shipped task, verify(lock, dict) us, p50 / p99 "
          f"(median of 3 interleaved processes x {rounds} rounds)")
    print(f"{'':<28}" + "".join(f"{name:>20}" for name in industries) + f"{'cs / hc p50':>14}")
    for label, per_run in results.items():
        cell = {name: {q: sorted(run[name][q] for run in per_run)[1] for q in ("p50", "p99")}
                for name in industries}
        ratio = cell["customer_support"]["p50"] / cell["healthcare"]["p50"]
        print(f"{label:<28}" + "".join(
            f"{cell[name]['p50']:>11.1f} / {cell[name]['p99']:<6.0f}" for name in industries)
            + f"{ratio:>14.2f}")


def time_default(n: int) -> dict[str, float]:
    """p50 us of verify on the realistic trace (passing and failing, as a dict and as a model):
    the numbers ``--against`` compares."""
    import rewards

    # The lockfile of the rewards package being timed (a baseline reads its own revision's).
    own = Path(rewards.__file__).resolve().parent.parent / "tasks" / "healthcare" / "tasks"
    lock = load_lockfile((own if own.is_dir() else ROOT / "tasks" / "healthcare" / "tasks")
                         / "C1-E1.json")
    out: dict[str, float] = {}
    for label, wrong in (("passing", False), ("failing", True)):
        data = realistic_trace(wrong)
        model = load_trace(data)
        out[f"verify(lock, dict), {label}"] = percentiles(
            lambda: verify(lock, data), n)["p50_us"]  # noqa: B023
        out[f"verify(lock, Trace), {label}"] = percentiles(
            lambda: verify(lock, model), n)["p50_us"]  # noqa: B023
    return out


def default_against(n: int, against: str) -> None:
    """The realistic-trace p50s of the current code and of ``rewards`` at ``against``, each
    measured in 5 processes run alternately (the median of each side is shown)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = _baseline(Path(tmp), against)
        runs = [("current", {}), (f"baseline {against}", {"PYTHONPATH": str(base)})]
        results: dict[str, list[dict[str, float]]] = {label: [] for label, _ in runs}
        for _ in range(5):
            for label, env in runs:
                out = subprocess.run(
                    [sys.executable, __file__, "--time-default", "--n", str(n)],
                    env={**os.environ, **env}, check=True, capture_output=True, text=True,
                    cwd=ROOT).stdout
                results[label].append(json.loads(out))
    print(f"-- realistic trace (10 calls, full healthcare dump): p50 us, median of 5 "
          f"alternating processes x {n} runs")
    labels = list(results)
    print(f"{'':<36}" + "".join(f"{label:>22}" for label in reversed(labels)) + f"{'change':>10}")
    for key in results["current"][0]:
        now, then = (sorted(run[key] for run in results[label])[2] for label in labels)
        print(f"{key:<36}{then:>22.1f}{now:>22.1f}{now / then - 1:>+10.1%}")


def _baseline(tmp: Path, against: str) -> Path:
    """``rewards/`` and ``tasks/`` of git revision ``against``, extracted under ``tmp``."""
    base = tmp / "baseline"
    base.mkdir()
    archive = subprocess.run(["git", "archive", against, "rewards", "tasks"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(base, filter="data")
    return base


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=200, help="passes over the oracle traces")
    parser.add_argument("--oracle-only", action="store_true")
    parser.add_argument("--against", metavar="REV", help="also time rewards/ at git revision REV")
    parser.add_argument("--stages", action="store_true",
                        help="oracle section: p50 of each step of verify instead")
    parser.add_argument("--time-oracle", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--time-stages", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--time-default", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.time_default:
        print(json.dumps(time_default(args.n)))
        return
    if args.time_oracle:
        print(json.dumps(time_oracle(Path(args.time_oracle), args.rounds)))
        return
    if args.time_stages:
        print(json.dumps(time_stages(Path(args.time_stages), args.rounds)))
        return
    if args.oracle_only:
        oracle_section(args.rounds, args.against, args.stages)
        return
    n = args.n
    lock = load_lockfile(ROOT / "tasks" / "healthcare" / "tasks" / "C1-E1.json")
    compiled = compile_lock(lock)
    print(f"rows in dump: {sum(len(v) for v in realistic_trace(False)['hangup_dump'].values())}"
          f", calls: 10, runs: {n}")
    print(HEADER)
    for label, wrong in (("passing trace", False), ("failing trace (wrong office)", True)):
        data = realistic_trace(wrong)
        text = json.dumps(data)
        model = load_trace(data)
        calls = flatten(model)
        loads = percentiles(lambda: json.loads(text), n)  # noqa: B023
        as_dict = percentiles(lambda: verify(lock, data), n)  # noqa: B023
        as_model = percentiles(lambda: verify(lock, model), n)  # noqa: B023
        print(f"-- {label}: verdict {verify(lock, data).summary()}")
        print(row("json.loads(trace text)", loads))
        print(row("verify(lock, dict)", as_dict))
        print(row("verify(lock, Trace model)", as_model))
        print(row("  trace validation (load_trace)", percentiles(lambda: load_trace(data), n)))  # noqa: B023
        print(row("  flatten + sort", percentiles(lambda: flatten(model), n)))  # noqa: B023
        print(row("  gate T", percentiles(lambda: tool_gate(compiled, calls), n)))  # noqa: B023
        print(row("  gate H", percentiles(lambda: handoff_gate(compiled, calls), n)))  # noqa: B023
        print(row("  gate D", percentiles(lambda: db_gate(compiled, model.hangup_dump), n)))  # noqa: B023
        print(f"ratio verify(dict) / json.loads p50: {as_dict['p50_us'] / loads['p50_us']:.2f}; "
              f"verifications/s at p50 (dict): {1e6 / as_dict['p50_us']:,.0f}")
    if args.against:
        default_against(n, args.against)
    oracle_section(args.rounds, args.against, args.stages)


if __name__ == "__main__":
    main()
