"""The ``mivas`` command line: verify, schema, eval, tasks."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rewards import MivasError, TaskNotFoundError, Verdict, tasks_dir, verify
from rewards.industry import Industry
from rewards.models import Lockfile, Trace

EXIT_PASS, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


def resolve_lockfile(ref: str) -> Path:
    """A lockfile path, or a task id ``<industry>/<id>`` resolved under ``tasks/``."""
    path = Path(ref)
    if path.is_file():
        return path
    match = re.fullmatch(r"([a-z][a-z0-9_]*)/(C[0-9]{1,3}-E[0-9]{1,3})", ref)
    if match:
        candidate = tasks_dir() / match[1] / "tasks" / f"{match[2]}.json"
        if candidate.is_file():
            return candidate
        raise TaskNotFoundError(f"no task {ref!r} (looked for {candidate})")
    raise TaskNotFoundError("file not found (nor a task id like healthcare/C1-E1)", file=ref)


def cmd_verify(args: argparse.Namespace) -> int:
    if not 0.0 <= args.discount <= 1.0:
        raise MivasError(f"--discount must be within [0, 1], got {args.discount}")
    lock_path = resolve_lockfile(args.lockfile)
    verdict = verify(lock_path, Path(args.trace), discount=args.discount)
    if args.json:
        print(json.dumps(verdict.model_dump(mode="json"), indent=2))
    else:
        print_verdict(verdict)
    return EXIT_PASS if verdict.passed else EXIT_FAIL


def print_verdict(verdict: Verdict) -> None:
    print(f"{verdict.task_id}: {verdict.summary()}")
    for line in verdict.explain():
        print(f"  {line}")


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "lockfile": lambda: Lockfile.model_json_schema(),
    "trace": lambda: Trace.model_json_schema(),
    "industry": lambda: Industry.model_json_schema(by_alias=True),
    "verdict": lambda: Verdict.model_json_schema(),
}


def cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(SCHEMAS[args.which](), indent=2))
    return EXIT_PASS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mivas", description="MIVAS: locked voice-agent tasks as Gymnasium episodes, "
                                  "scored on tools (T), handoffs (H) and database state (D).")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("verify", help="score a trace against a lockfile (exit 0 pass, 1 fail, 2 bad input)")
    p.add_argument("lockfile", help="lockfile path or task id such as healthcare/C1-E1")
    p.add_argument("trace", help="trace JSON (SPEC §5)")
    p.add_argument("--discount", type=float, default=0.5, help="r_train for in-order routes with extra hops")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("schema", help="print a JSON Schema for task authors")
    p.add_argument("which", choices=sorted(SCHEMAS))
    p.set_defaults(func=cmd_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except MivasError as exc:
        print(f"mivas: error: {exc.one_line()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mivas: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # never show a traceback unless asked to
        if os.environ.get("MIVAS_DEBUG"):
            traceback.print_exc()
        print(f"mivas: internal error: {type(exc).__name__}: {exc} (set MIVAS_DEBUG=1 for a traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
