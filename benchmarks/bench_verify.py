"""Verifier speed on a realistic trace: ~10 calls and a full hangup dump of the healthcare seed.

    python benchmarks/bench_verify.py [--n 5000]

Reports p50/p90/p99 of rewards.verify (trace as a parsed dict and as a model), of each gate,
and the ratio to json.loads of the same trace text."""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import HEADER, percentiles, row  # noqa: E402

from rewards import load_lockfile, load_seed, load_trace, verify  # noqa: E402
from rewards.compile import compile_lock  # noqa: E402
from rewards.db_gate import db_gate  # noqa: E402
from rewards.handoff_gate import handoff_gate  # noqa: E402
from rewards.tool_gate import flatten, tool_gate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def realistic_trace(wrong_office: bool) -> dict[str, object]:
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    n = parser.parse_args().n
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


if __name__ == "__main__":
    main()
