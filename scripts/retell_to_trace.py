"""Convert a Retell call object into a MIVAS trace that ``mivas verify`` scores.

    python scripts/retell_to_trace.py CALL.json [--task-id healthcare/C1-E1] [--dump DUMP.json]
        [--transfer "Coverage=transfer_to_coverage" ...] [-o trace.json]

CALL.json is the body of ``GET /v2/get-call/{call_id}`` (or the ``call`` of a ``call_ended``
webhook); DUMP.json, optional, maps each write table to its rows at hangup (D is not evaluated
without it). See docs/recorded-calls.md. Exit 0 on success, 2 on bad input (one line)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mivas_env.integrations.retell import retell_to_trace
from rewards import MivasError
from rewards.industry import read_json


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("call", help="the Retell call object (JSON)")
    parser.add_argument("--task-id", help="the task the call was made for, e.g. legal/C3-E1")
    parser.add_argument("--dump", help="the hangup dump of your system (JSON: table -> rows)")
    parser.add_argument("--transfer", action="append", default=[], metavar="NODE=TOOL",
                        help="a conversation-flow node reached by a transfer tool (repeatable)")
    parser.add_argument("-o", "--out", help="write the trace here (default: stdout)")
    args = parser.parse_args(argv)
    try:
        call = read_json(Path(args.call))
        if "call" in call and isinstance(call["call"], dict):  # a webhook body
            call = call["call"]
        dump = read_json(Path(args.dump)) if args.dump else None
        if dump is not None and not isinstance(dump, dict):
            raise MivasError("the dump must map table names to row lists", file=args.dump)
        transfers = {}
        for pair in args.transfer:
            node, sep, tool = pair.partition("=")
            if not sep or not node or not tool:
                raise MivasError(f"--transfer needs NODE=TOOL, got {pair!r}")
            transfers[node] = tool
        trace = retell_to_trace(call, task_id=args.task_id, hangup_dump=dump,
                                transfers=transfers)
    except MivasError as exc:
        print(f"retell_to_trace: error: {exc.one_line()}", file=sys.stderr)
        return 2
    text = json.dumps(trace, indent=1)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
