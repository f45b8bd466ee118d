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
from rewards import LockfileError, MivasError, TaskNotFoundError, Verdict, tasks_dir, verify
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


def write_report(path: Path, collector: Any, args: argparse.Namespace,
                 summary: dict[str, Any]) -> None:
    """Render ``mivas eval --report`` (a user's unwritable path: exit 2, one line)."""
    from mivas_env.reporting.report import render_report

    settings = {"agent": args.agent, "model": args.model or "", "discount": args.discount,
                "seed": args.seed, "max_turns": args.max_turns,
                "industry": args.industry or "all", "tasks": len(collector.records)}
    page = render_report(collector.records, {k: v for k, v in settings.items() if v != ""},
                         summary)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MivasError(f"cannot write the report: {exc.strerror or exc}", file=str(path)) from None
    print(f"mivas: report written to {path}", file=sys.stderr)


def cmd_eval(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from mivas_env.agents.baselines import make_agent
    from mivas_env.call.tasks import load_dir, load_tasks
    from mivas_env.evaluation.runner import evaluate, format_table, summarize

    if args.channel == "text" and (getattr(args, "wer_given", False) or args.agent_channel):
        raise UsageError("--wer and --agent-channel need --channel spoken or asr")
    env_kwargs: dict[str, Any] = {}
    if args.channel != "text":
        env_kwargs = {"channel": args.channel, "wer": args.wer,
                      "agent_channel": args.agent_channel}
    if bool(args.caller_base_url) != bool(args.caller_model):
        raise UsageError("an LLM caller needs both --caller-base-url and --caller-model")
    if args.caller_base_url:
        env_kwargs["llm_caller"] = {"base_url": args.caller_base_url,
                                    "model": args.caller_model}
    if args.tasks_dir and args.bench:
        raise UsageError("--tasks-dir and --bench exclude each other")
    if args.tasks_dir or args.bench:
        folders = [Path(args.tasks_dir)] if args.tasks_dir else sorted(
            path for path in tasks_dir().glob("*/bench") if path.is_dir())
        pool = [t for folder in folders for t in load_dir(folder)
                if args.industry is None or t.industry == args.industry]
    else:
        pool = load_tasks(args.industry)
    tasks = select_tasks(pool, args.task or [], args.industry)
    if not tasks:
        raise TaskNotFoundError("no tasks selected")
    agent_kwargs: dict[str, Any] = {"seed": args.seed} if args.agent == "random" else {}
    if args.agent == "llm":
        if not (args.base_url and args.model):
            raise UsageError("--agent llm needs --base-url and --model")
        require("httpx", "--agent llm")
        agent_kwargs = {"base_url": args.base_url, "model": args.model}
    if args.save_traces:
        trace_dir = Path(args.save_traces)
        if trace_dir.exists() and not trace_dir.is_dir():
            raise UsageError("--save-traces needs a directory; this is a file", file=args.save_traces)
        try:
            trace_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--save-traces: cannot create the directory ({exc.strerror})",
                             file=args.save_traces) from None
    retried = None
    report = None
    if args.report:
        from mivas_env.reporting.report import ReportCollector

        report = ReportCollector()
    if args.workers > 1:
        if args.save_traces or args.report:
            raise UsageError("--save-traces and --report run serially; drop --workers")
        require("ray", "--workers")
        if env_kwargs:
            raise UsageError("--channel and an LLM caller run serially; drop --workers")
        from mivas_env.evaluation.ray_runner import ray_evaluate

        with tqdm(total=len(tasks), desc=f"eval {args.agent} x{args.workers}", unit="task",
                  file=sys.stderr, disable=_no_bar(args), leave=False) as progress:
            results, retried = ray_evaluate(
                args.agent, tasks, workers=args.workers, discount=args.discount, seed=args.seed,
                max_turns=args.max_turns, agent_kwargs=agent_kwargs, on_done=progress.update)
    else:
        def bar(items: Any) -> Any:
            return tqdm(items, desc=f"eval {args.agent}", unit="task", file=sys.stderr,
                        disable=_no_bar(args), leave=False)

        results = evaluate(make_agent(args.agent, **agent_kwargs), tasks,
                           discount=args.discount, seed=args.seed, max_turns=args.max_turns,
                           trace_dir=Path(args.save_traces) if args.save_traces else None,
                           progress=bar, on_episode=report, env_kwargs=env_kwargs)
    summary = summarize(args.agent, args.discount, results)
    if args.channel != "text":
        summary.update(channel=args.channel, wer=args.wer, agent_channel=args.agent_channel)
    if report is not None:
        write_report(Path(args.report), report, args, summary)
    if args.json:
        print(json.dumps(summary, indent=2))
        if retried:
            print(f"mivas: {retried} episode(s) re-run after a worker died", file=sys.stderr)
    else:
        print(format_table(summary))
        if retried is not None:
            print(f"workers={args.workers}; episodes re-run after a worker died: {retried}; "
                  f"lost: 0")
        failed = [r for r in results if not r.passed]
        if failed and args.verbose:
            print("\nfailed:")
            for r in failed:
                print(f"  {r.task_id} ({r.category}): T={r.score_T:.2f} H={r.score_H:.2f} "
                      f"route={r.handoff_verdict} D={'pass' if r.db_passed else 'FAIL'}")
    return EXIT_PASS


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
    from tqdm import tqdm

    from mivas_env.generation.core import GenerationError, Stats, generate, pick_family
    from mivas_env.generation.families import families

    if args.n < 1:
        raise MivasError(f"--n must be at least 1, got {args.n}")
    if not 0 <= args.seed <= 10**12 - args.n:
        raise MivasError(f"--seed must be >= 0 and --seed + --n at most 10^12, got {args.seed}")
    if args.worlds is not None and args.worlds < 1:
        raise MivasError(f"--worlds must be at least 1, got {args.worlds}")
    if not families(args.industry):
        raise GenerationError(f"{args.industry} has no task families yet "
                              f"(mivas_env/generation/families/{args.industry}.py)")
    if args.family is not None:
        pick_family(args.industry, args.split, args.seed, args.family)  # names the families
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MivasError(f"cannot create the output directory: {exc.strerror}",
                         file=args.out) from None
    stats = Stats()
    instances = generate(args.industry, args.split, args.n, args.seed, family=args.family,
                         worlds=args.worlds, stats=stats)
    for instance in tqdm(instances, total=args.n, desc=f"generate {args.industry} {args.split}",
                         unit="task", file=sys.stderr, leave=False, disable=_no_bar(args)):
        try:
            (out / f"{instance.id}.json").write_text(instance.json(), encoding="utf-8")
        except OSError as exc:
            raise MivasError(f"cannot write a lockfile: {exc.strerror}", file=args.out) from None
    print(format_generation(stats, families(args.industry), args.n, out))
    return EXIT_PASS


def format_generation(stats: Any, found: Sequence[Any], n: int, out: Path) -> str:
    """The per-family table ``mivas tasks generate`` prints."""
    header = f"{'family':<8}{'category':<22}{'written':>8}{'redrawn':>9}{'dropped':>9}{'drop rate':>11}"
    lines = [header, "-" * len(header)]
    for family in found:
        code = family.code
        if not (stats.made[code] or stats.dropped[code] or stats.redrawn[code]):
            continue
        lines.append(f"{code:<8}{family.category:<22}{stats.made[code]:>8}"
                     f"{stats.redrawn[code]:>9}{stats.dropped[code]:>9}"
                     f"{stats.drop_rate(code):>11.1%}")
    lines.append("-" * len(header))
    made, dropped = sum(stats.made.values()), sum(stats.dropped.values())
    rate = dropped / (made + dropped) if made + dropped else 0.0
    lines.append(f"{'total':<30}{made:>8}{sum(stats.redrawn.values()):>9}{dropped:>9}{rate:>11.1%}")
    lines.append(f"wrote {n} lockfiles to {out} (each self-checked: replay, oracle exact, caller "
                 f"satisfied, noop fails unless a refusal, near-misses fail)")
    return "\n".join(lines)


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


def _no_bar(args: argparse.Namespace) -> bool | None:
    """tqdm's ``disable``: off with --quiet; None turns the bar off when stderr is not a
    terminal (a log file, a pipe, a test), so only people watching see it."""
    return True if getattr(args, "quiet", False) else None


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mivas")
    except PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mivas", description="MIVAS: locked voice-agent tasks as Gymnasium episodes, "
                                  "scored on tools (T), handoffs (H) and database state (D).",
        epilog="exit status: 0 ok/pass, 1 fail, 2 bad input or usage, 3 internal error")
    parser.add_argument("--version", action="version", version=f"mivas {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(func=None, help_of=parser)

    p = sub.add_parser("verify", help="score a trace against a lockfile (exit 0 pass, 1 fail, 2 bad input)")
    p.add_argument("lockfile", help="lockfile path, task id such as healthcare/C1-E1, or - for stdin")
    p.add_argument("trace", help="trace JSON (docs/formats.md), or - for stdin")
    p.add_argument("--discount", type=_discount, default=0.5,
                   help="r_train for in-order routes with extra hops, in [0, 1]")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
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
    p.add_argument("--seed", type=_at_least(0), default=0, help="episode i is seeded seed+i")
    p.add_argument("--max-turns", type=_at_least(1), default=40)
    p.add_argument("--workers", type=_at_least(1), default=1,
                   help="run episodes in N Ray actors (needs the [rllib] extra)")
    p.add_argument("--save-traces", metavar="DIR",
                   help="write each episode's trace to DIR/<industry>/<id>.json")
    p.add_argument("--report", metavar="PATH.html",
                   help="write a self-contained HTML page explaining every episode")
    p.add_argument("--channel", choices=["text", "spoken", "asr"], default="text",
                   help="what the agent hears: the text (default), a perfect recogniser's words, "
                        "or those words with seeded recognition errors (docs/voice.md)")
    p.add_argument("--wer", type=_rate, default=0.1, action=_Given,
                   help="asr channel: target word error rate (default 0.1)")
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
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.set_defaults(func=cmd_tasks_generate)
    q = tasks_sub.add_parser("show", help="print a lockfile")
    q.add_argument("task_id", help="e.g. healthcare/C1-E1")
    q.set_defaults(func=cmd_tasks_show)

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
