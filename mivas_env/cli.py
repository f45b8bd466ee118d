"""The ``mivas`` command line: verify, schema, eval, tasks.

Exit status: 0 success (``verify``: pass), 1 ``verify`` fail or ``tasks check`` found bad
lockfiles, 2 a user's mistake (bad input, bad option, missing extra, unreachable endpoint: one
line on stderr), 3 an internal error, 130 interrupted."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from mivas_env.extras import EXTRAS, missing_extra_line
from rewards import LockfileError, MivasError, TaskNotFoundError, Verdict, verify
from rewards.industry import Industry, industry_names, parse_json, read_json
from rewards.models import Lockfile, Trace
from rewards.verify import check_discount, load_lockfile, load_trace

EXIT_PASS, EXIT_FAIL, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
STDIN = "-"


class UsageError(MivasError):
    """A command used wrongly: a bad option value, a missing extra, arguments in the wrong order."""


def require(package: str, what: str) -> None:
    """Fail with the install line when an optional package ``what`` needs is missing."""
    if importlib.util.find_spec(package) is None:
        raise UsageError(f"{what} needs {package}, which is not installed: "
                         f"pip install 'mivas[{EXTRAS[package]}]'")


def resolve_lockfile(ref: str) -> Path:
    """A lockfile path, or a task id ``<industry>/<id>`` resolved under ``tasks/``."""
    path = Path(ref)
    if path.is_file():
        return path
    if path.is_dir():
        raise UsageError("is a directory, not a lockfile (give one lockfile, or a task id "
                         "like healthcare/C1-E1)", file=ref)
    if re.fullmatch(r"[a-z][a-z0-9_]*/C[0-9]{1,3}-E[0-9]{1,3}", ref):
        from mivas_env.call.tasks import lockfile_path

        return lockfile_path(ref)
    raise TaskNotFoundError("file not found (nor a task id like healthcare/C1-E1)", file=ref)


def _kind(data: Any) -> str | None:
    """'lockfile' or 'trace' when a parsed document looks like one (to spot swapped arguments)."""
    if isinstance(data, dict):
        if "exp_tool_calls" in data or "exp_db_state" in data:
            return "lockfile"
        if "tool_calls" in data or "hangup_dump" in data:
            return "trace"
    return None


def _swapped(lock_ref: str, trace_ref: str) -> bool:
    try:
        lock = read_json(Path(lock_ref)) if lock_ref != STDIN else None
        trace = read_json(Path(trace_ref)) if trace_ref != STDIN else None
    except MivasError:
        return False
    return _kind(lock) == "trace" and _kind(trace) in ("lockfile", None)


def _load_verify_arguments(args: argparse.Namespace) -> tuple[Lockfile, Trace]:
    if args.lockfile == STDIN and args.trace == STDIN:
        raise UsageError("only one of LOCKFILE and TRACE can be '-' (standard input)")
    stdin: Any = parse_json(sys.stdin.read(), "<stdin>") if STDIN in (args.lockfile, args.trace) \
        else None
    try:
        lock = load_lockfile(stdin if args.lockfile == STDIN else resolve_lockfile(args.lockfile))
        trace = load_trace(stdin if args.trace == STDIN else Path(args.trace))
    except MivasError as exc:
        if _swapped(args.lockfile, args.trace):
            raise UsageError(f"the arguments look swapped: {args.lockfile} is a trace; give the "
                             f"lockfile first (mivas verify LOCKFILE TRACE)") from None
        raise exc.with_file("<stdin>") if stdin is not None else exc from None
    return lock, trace


def cmd_verify(args: argparse.Namespace) -> int:
    if args.dir:  # re-grade a directory of saved traces (mivas_env/evaluation/regrade.py)
        if args.lockfile or args.trace:
            raise UsageError("give either LOCKFILE TRACE or --dir TRACES, not both")
        from mivas_env.evaluation.command import cmd_verify_dir

        return cmd_verify_dir(args)
    if args.tasks_dir or args.report:
        raise UsageError("--tasks-dir and --report go with --dir TRACES")
    if not (args.lockfile and args.trace):
        missing = "trace" if args.lockfile else "lockfile, trace"
        raise UsageError(f"the following arguments are required: {missing} (or --dir TRACES)")
    lock, trace = _load_verify_arguments(args)
    if trace.task_id and trace.task_id not in (lock.id, lock.full_id):
        print(f"mivas: warning: the trace says it is of task {trace.task_id}, scored here "
              f"against {lock.full_id}", file=sys.stderr)
    try:
        verdict = verify(lock, trace, discount=args.discount)
    except LockfileError as exc:  # the lockfile disagrees with its industry
        raise exc.with_file("<stdin>" if args.lockfile == STDIN else args.lockfile) from None
    if args.json:
        print(json.dumps(verdict.model_dump(mode="json"), indent=2))
    else:
        print_verdict(verdict)
    return EXIT_PASS if verdict.passed else EXIT_FAIL


def cmd_show(args: argparse.Namespace) -> int:
    """The episode in the terminal, explanations next to the lines they are about."""
    from mivas_env.reporting.show import render_episode
    from rewards.industry import read_json
    from rewards.verify import compile_lockfile, load_trace

    trace = load_trace(Path(args.trace))
    ref = args.lock or trace.task_id
    if not ref:
        raise MivasError("the trace names no task_id; pass --lock LOCKFILE", file=args.trace)
    lock_path = resolve_lockfile(ref)
    verdict = verify(lock_path, trace)
    raw = read_json(Path(args.trace))
    messages = raw.get("messages") if isinstance(raw, dict) else None
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    print(render_episode(verdict, trace, compile_lockfile(lock_path).industry.hops,
                         messages=messages if isinstance(messages, list) else None,
                         colour=colour))
    return EXIT_PASS if verdict.passed else EXIT_FAIL


def print_verdict(verdict: Verdict) -> None:
    print(f"{verdict.task_id}: {verdict.summary()}")
    for line in verdict.explain():
        print(f"  {line}")
    for line in verdict.explain_aux():  # beside the verdict: never changes the exit status
        print(f"  {line}")


def lockfile_schema() -> dict[str, Any]:
    """The lockfile schema with the scripted caller's DSL in place of a free-form object."""
    from mivas_env.caller.scripted import CallerSpec

    schema = Lockfile.model_json_schema()
    caller = CallerSpec.model_json_schema()
    schema.setdefault("$defs", {}).update(caller.pop("$defs", {}))
    schema["$defs"]["CallerSpec"] = caller
    schema["properties"]["caller"] = {
        "anyOf": [{"$ref": "#/$defs/CallerSpec"}, {"type": "null"}], "default": None,
        "description": "The scripted caller; needed to run the task in the environment."}
    return schema


def caller_schema() -> dict[str, Any]:
    from mivas_env.caller.scripted import CallerSpec

    return CallerSpec.model_json_schema()


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "lockfile": lockfile_schema,
    "caller": caller_schema,
    "trace": lambda: Trace.model_json_schema(),
    "industry": lambda: Industry.model_json_schema(by_alias=True),
    "verdict": lambda: Verdict.model_json_schema(),
}


def cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(SCHEMAS[args.which](), indent=2))
    return EXIT_PASS


class _Given(argparse.Action):
    """Stores the value and notes that the option was given (``--wer`` without a channel is a
    mistake worth reporting)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        setattr(namespace, f"{self.dest}_given", True)


def cmd_eval(args: argparse.Namespace) -> int:
    from mivas_env.evaluation.command import cmd_eval as run

    return run(args)


def cmd_audit(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from mivas_env.call.tasks import load_dir, load_tasks
    from mivas_env.evaluation.audit import PANEL, audit, format_report

    tasks = load_dir(args.tasks_dir) if args.tasks_dir else load_tasks(args.industry)
    if args.tasks_dir and args.industry:
        tasks = [task for task in tasks if task.industry == args.industry]
    if not tasks:
        raise TaskNotFoundError("no tasks to audit", file=args.tasks_dir)

    def bar(pairs: Any) -> Any:
        return tqdm(pairs, total=len(PANEL) * len(tasks), desc="audit", unit="episode",
                    file=sys.stderr, disable=_no_bar(args), leave=False)

    report = audit(tasks, seed=args.seed, progress=bar)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        print(format_report(report))
    oracle = report.policies["oracle"]
    oracle_ok = all(len(oracle.strict[i]) == len(ids) for i, ids in report.industries.items())
    exploited = any(ids for result in report.policies.values() for ids in result.exploits.values())
    return EXIT_PASS if oracle_ok and not exploited else EXIT_FAIL


def select_tasks(tasks: Sequence[Any], wanted: Sequence[str], industry: str | None) -> list[Any]:
    """The tasks ``--task`` names (all when none): each id must match, and a bare id such as
    C1-E1 must name one task (it exists in several industries)."""
    if not wanted:
        return list(tasks)
    chosen: list[Any] = []
    for ref in wanted:
        hits = [t for t in tasks if ref in (t.full_id, t.lock.id)]
        if not hits:
            where = f" in {industry}" if industry else ""
            raise UsageError(f"--task {ref}: no such task{where} (ids look like C1-E1 or "
                             f"healthcare/C1-E1; `mivas tasks list` lists them)")
        if len(hits) > 1:
            raise UsageError(f"--task {ref} matches {len(hits)} tasks "
                             f"({', '.join(t.full_id for t in hits)}): give the full id, e.g. "
                             f"{hits[0].full_id}, or add --industry")
        chosen += [t for t in hits if t not in chosen]
    return chosen


def cmd_tasks_list(args: argparse.Namespace) -> int:
    from mivas_env.call.tasks import load_tasks

    for task in load_tasks(args.industry):
        hops = " -> ".join(task.lock.exp_handoff_path) or "(reception only)"
        print(f"{task.full_id:<30} {task.lock.category:<16} {hops:<50} {task.lock.title}")
    return EXIT_PASS


def _lockfile_paths(args: argparse.Namespace) -> list[Path]:
    if getattr(args, "task_id", None):
        return [resolve_lockfile(args.task_id)]
    if getattr(args, "dir", None):
        from mivas_env.call.tasks import lockfile_paths

        return lockfile_paths(args.dir)
    from mivas_env.call.tasks import shipped_lockfile_paths

    return shipped_lockfile_paths(args.industry)


def cmd_tasks_lock(args: argparse.Namespace) -> int:
    from mivas_env.evaluation.authoring import lock_task

    if not args.all and not args.task_id:
        raise UsageError("name a task id or pass --all")
    for path in _lockfile_paths(args):
        data, warnings = lock_task(path)
        state = data["exp_db_state"]
        tables = "seed" if state == "seed" else ", ".join(state)
        print(f"locked {data['industry']}/{data['id']}: exp_db_state = {tables}")
        for warning in warnings:
            print(f"    warning: {warning}")
    return EXIT_PASS


def cmd_tasks_check(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from mivas_env.evaluation.authoring import check_task

    paths = _lockfile_paths(args)
    bad = 0
    for path in tqdm(paths, desc="check", unit="task", file=sys.stderr, leave=False,
                     disable=_no_bar(args)):
        problems = check_task(path)
        if problems:
            bad += 1
            print(f"BAD {path}")
            for problem in problems:
                print(f"    {problem}")
    print(f"{len(paths) - bad}/{len(paths)} lockfiles replay and run exact")
    return EXIT_PASS if bad == 0 else EXIT_FAIL


def cmd_tasks_generate(args: argparse.Namespace) -> int:
    from mivas_env.generation.command import cmd_generate

    return cmd_generate(args)


def cmd_tasks_show(args: argparse.Namespace) -> int:
    print(resolve_lockfile(args.task_id).read_text(encoding="utf-8").rstrip())
    return EXIT_PASS


class _Parser(argparse.ArgumentParser):
    """argparse with its error as one line (exit 2) instead of usage plus a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"mivas: error: {message} (see {self.prog} --help)\n")


def _at_least(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value
    return parse


def _discount(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    try:
        return check_discount(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be within [0, 1], got {text}") from None


def _rate(text: str) -> float:
    """A rate within [0, 1] (``--wer``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be within [0, 1], got {text}")
    return value


def _level(text: str) -> int:
    """A difficulty level (``--level``): 0..4."""
    from rewards.models import MAX_LEVEL

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if not 0 <= value <= MAX_LEVEL:
        raise argparse.ArgumentTypeError(f"must be within 0..{MAX_LEVEL}, got {value}")
    return value


def _no_bar(args: argparse.Namespace) -> bool | None:
    """tqdm's ``disable``: off with --quiet; None turns the bar off when stderr is not a
    terminal (a log file, a pipe, a test), so only people watching see it."""
    return True if getattr(args, "quiet", False) else None


def _version() -> str:
    from mivas_env.evaluation.metadata import mivas_version

    return mivas_version()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mivas", description="MIVAS: locked voice-agent tasks as Gymnasium episodes, "
                                  "scored on tools (T), handoffs (H) and database state (D).",
        epilog="exit status: 0 ok/pass, 1 fail, 2 bad input or usage, 3 internal error")
    parser.add_argument("--version", action="version", version=f"mivas {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(func=None, help_of=parser)

    p = sub.add_parser("verify", help="score a trace against a lockfile (exit 0 pass, 1 fail, 2 bad "
                                      "input); --dir: re-grade a run's saved traces")
    p.add_argument("lockfile", nargs="?",
                   help="lockfile path, task id such as healthcare/C1-E1, or - for stdin")
    p.add_argument("trace", nargs="?", help="trace JSON (docs/formats.md), or - for stdin")
    p.add_argument("--discount", type=_discount, default=0.5,
                   help="r_train for in-order routes with extra hops, in [0, 1]")
    p.add_argument("--json", action="store_true", help="print the verdict (--dir: the summary) as JSON")
    p.add_argument("--dir", metavar="TRACES", help="re-grade every trace saved under TRACES "
                   "(mivas eval --save-traces) and print mivas eval's table")
    p.add_argument("--tasks-dir", metavar="DIR", help="--dir: the lockfiles (default: shipped, bench)")
    p.add_argument("--report", metavar="PATH.html", help="--dir: write the report page too")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("show", help="an episode in the terminal: calls with the verdict's "
                                    "explanations next to them (exit 0 pass, 1 fail, 2 bad input)")
    p.add_argument("trace", help="trace JSON (e.g. from mivas eval --save-traces)")
    p.add_argument("--lock", help="lockfile path or task id (default: the trace's task_id)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("eval", help="run an agent over the task suite and print pass rates")
    p.add_argument("--agent", default="oracle",
                   choices=["oracle", "random", "noop", "llm", "naive", "careful"],
                   help="naive/careful: scripted voice agents (see docs/voice.md)")
    p.add_argument("--base-url", help="llm agent: an OpenAI-compatible endpoint, e.g. "
                                      "http://localhost:8000/v1 (key from $OPENAI_API_KEY)")
    p.add_argument("--model", help="llm agent: the model name")
    p.add_argument("--industry", choices=industry_names())
    p.add_argument("--task", action="append", help="only these task ids (repeatable)")
    p.add_argument("--tasks-dir", metavar="DIR",
                   help="run the lockfiles under DIR (e.g. from mivas tasks generate) instead of "
                        "the shipped tasks")
    p.add_argument("--bench", action="store_true",
                   help="run the frozen generated benchmark (tasks/<industry>/bench, 100 "
                        "instances per industry of the bench split)")
    p.add_argument("--discount", type=_discount, default=0.5,
                   help="r_train of a passing in-order route with extra desks, in [0, 1]")
    p.add_argument("--seed", type=_at_least(0), default=0,
                   help="episode i is seeded seed+i; also seeds the bootstrap")
    p.add_argument("--max-turns", type=_at_least(1), default=40)
    p.add_argument("--trials", type=_at_least(1), default=1, help="run every task K times "
                   "(trial t of task i is seeded seed + t*tasks + i) for pass^k")
    p.add_argument("--workers", type=_at_least(1), default=1,
                   help="run episodes in N Ray actors (needs the [rllib] extra)")
    p.add_argument("--address", help="--workers on a running Ray cluster (ray start --head), "
                                      "e.g. auto or HOST:6379")
    p.add_argument("--export", metavar="PATH.jsonl",
                   help="write every episode as a chat-format training line (docs/formats.md)")
    p.add_argument("--only-passed", action="store_true", help="--export: passed episodes only")
    p.add_argument("--save-traces", metavar="DIR",
                   help="write each episode's trace to DIR/<industry>/<id>.json")
    p.add_argument("--report", metavar="PATH.html",
                   help="write a self-contained HTML page explaining every episode")
    p.add_argument("--channel", choices=["text", "spoken", "asr"], default="text",
                   help="what the agent hears: the text (default), a perfect recogniser's words, "
                        "or those words with seeded recognition errors (docs/voice.md)")
    p.add_argument("--wer", type=_rate, default=None, action=_Given,
                   help="asr channel: target word error rate (default: a generated task's "
                        "level's, 0/3/6/10/15%%; 0.1 for hand-written tasks)")
    p.add_argument("--agent-channel", action="store_true",
                   help="the agent's speech reaches the caller through the channel too")
    p.add_argument("--caller-base-url", help="an LLM speaks the caller's lines: an "
                   "OpenAI-compatible endpoint (key from $MIVAS_LLM_API_KEY or $OPENAI_API_KEY)")
    p.add_argument("--caller-model", help="the LLM caller's model name")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (docs/formats.md)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="store_true", help="list failed tasks")
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("audit", help="run the red-team policy panel; exit 1 if one earns strict "
                                     "reward without doing the oracle's work")
    p.add_argument("--tasks-dir", metavar="DIR",
                   help="audit the lockfiles under DIR (e.g. generated tasks) instead of the "
                        "shipped suite")
    p.add_argument("--industry", choices=industry_names())
    p.add_argument("--seed", type=int, default=0, help="the episode of task i is seeded seed+i")
    p.add_argument("--json", action="store_true",
                   help='print {"policies": {NAME: {"r_eval": {INDUSTRY: [ids]}, "strict": '
                        '{...}}}, "refusal_tasks": {INDUSTRY: [ids]}}')
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("tasks", help="list, show, lock and check tasks")
    p.set_defaults(help_of=p)
    tasks_sub = p.add_subparsers(dest="tasks_command", metavar="SUBCOMMAND")
    q = tasks_sub.add_parser("list", help="one line per task")
    q.add_argument("--industry", choices=industry_names())
    q.set_defaults(func=cmd_tasks_list)
    q = tasks_sub.add_parser("lock", help="replay gold calls and write exp_db_state")
    q.add_argument("task_id", nargs="?", help="e.g. healthcare/C1-E1")
    q.add_argument("--all", action="store_true", help="every lockfile (of --industry)")
    q.add_argument("--industry", choices=industry_names())
    q.set_defaults(func=cmd_tasks_lock)
    q = tasks_sub.add_parser("check", help="validate, replay and run the oracle on every lockfile")
    q.add_argument("task_id", nargs="?", help="only this task")
    q.add_argument("--dir", help="every lockfile under this directory (e.g. a generated one)")
    q.add_argument("--industry", choices=industry_names())
    q.add_argument("--quiet", action="store_true")
    q.set_defaults(func=cmd_tasks_check)
    q = tasks_sub.add_parser("generate", help="generate, lock and self-check N task instances")
    q.add_argument("--industry", required=True, choices=industry_names())
    q.add_argument("--family", help="only this family: a code (C3) or a category slug")
    q.add_argument("--split", required=True, choices=["train", "test", "bench"],
                   help="train and test (and bench) share no world, name or template")
    q.add_argument("--n", type=int, required=True, help="how many instances")
    q.add_argument("--seed", type=int, default=0, help="instance i is seed+i (default 0)")
    q.add_argument("--out", required=True, help="directory for the lockfiles (<id>.json)")
    q.add_argument("--worlds", type=int, default=None,
                   help="draw worlds among the split's first N (default: the whole split)")
    q.add_argument("--level", type=_level, default=0,
                   help="difficulty 0-4: caller behaviours and the asr channel's default WER "
                        "(docs/generation.md#levels; default 0, the families' own instances)")
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.set_defaults(func=cmd_tasks_generate)
    q = tasks_sub.add_parser("show", help="print a lockfile")
    q.add_argument("task_id", help="e.g. healthcare/C1-E1")
    q.set_defaults(func=cmd_tasks_show)

    from mivas_env.evaluation.command import cmd_compare, cmd_export

    p = sub.add_parser("compare", help="paired comparison of two mivas eval --json runs "
                                       "(same tasks and seeds); exit 2 if not comparable")
    p.add_argument("a", help="run A (mivas eval --json output)")
    p.add_argument("b", help="run B")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("export", help="saved traces as chat-format training lines (JSONL)")
    p.add_argument("traces", help="a directory of traces from mivas eval --save-traces")
    p.add_argument("-o", "--output", required=True, metavar="PATH.jsonl")
    p.add_argument("--tasks-dir", metavar="DIR", help="their lockfiles (default: shipped, bench)")
    p.add_argument("--only-passed", action="store_true", help="passed episodes only")
    p.add_argument("--discount", type=_discount, default=0.5, help="the reward's route discount")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("schema", help="print a JSON Schema for task authors")
    p.add_argument("which", choices=sorted(SCHEMAS))
    p.set_defaults(func=cmd_schema)
    return parser


def _quiet_stdout() -> None:
    """The reader of stdout went away (``| head``): send what is left to /dev/null, so the
    interpreter's final flush does not complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.func is None:  # `mivas` or `mivas tasks` alone: the help
            args.help_of.print_help()
            return EXIT_PASS
        code: int = args.func(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PASS
    except SystemExit as exc:  # argparse: --help, --version, a bad option (already printed)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    except MivasError as exc:
        print(f"mivas: error: {exc.one_line()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mivas: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # never show a traceback unless asked to
        if isinstance(exc, ModuleNotFoundError) and (line := missing_extra_line(exc)):
            print(f"mivas: error: {line}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if os.environ.get("MIVAS_DEBUG"):
            traceback.print_exc()
        print(f"mivas: internal error: {type(exc).__name__}: {exc} (set MIVAS_DEBUG=1 for a traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
