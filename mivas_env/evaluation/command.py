"""The bodies of ``mivas eval``, ``mivas verify --dir``, ``mivas compare`` and ``mivas export``
(``mivas_env/cli.py`` parses the options and calls these)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from mivas_env.call.tasks import Task
from mivas_env.evaluation.runner import EpisodeResult, EpisodeSink, save_trace
from rewards import MivasError, TaskNotFoundError, tasks_dir

EXIT_PASS = 0


def _cli() -> Any:
    from mivas_env import cli  # the command line's shared helpers (UsageError, require, bars)

    return cli


def eval_tasks(args: argparse.Namespace) -> list[Task]:
    """The tasks ``mivas eval`` runs: shipped, ``--tasks-dir`` or ``--bench``, then ``--task``."""
    from mivas_env.call.tasks import load_dir, load_tasks

    cli = _cli()
    if args.tasks_dir and args.bench:
        raise cli.UsageError("--tasks-dir and --bench exclude each other")
    if args.tasks_dir or args.bench:
        folders = [Path(args.tasks_dir)] if args.tasks_dir else sorted(
            path for path in tasks_dir().glob("*/bench") if path.is_dir())
        pool = [t for folder in folders for t in load_dir(folder)
                if args.industry is None or t.industry == args.industry]
    else:
        pool = load_tasks(args.industry)
    tasks: list[Task] = cli.select_tasks(pool, args.task or [], args.industry)
    if not tasks:
        raise TaskNotFoundError("no tasks selected")
    seen: dict[str, Task] = {}
    for task in tasks:
        if task.full_id in seen:
            raise MivasError(f"two lockfiles are named {task.full_id} (also "
                             f"{seen[task.full_id].path}); ids must be unique in a run",
                             file=str(task.path))
        seen[task.full_id] = task
    return tasks


def eval_settings(args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """(env_kwargs, agent_kwargs) from the options, each mistake one line."""
    cli = _cli()
    if args.channel == "text" and (getattr(args, "wer_given", False) or args.agent_channel):
        raise cli.UsageError("--wer and --agent-channel need --channel spoken or asr")
    env_kwargs: dict[str, Any] = {}
    if args.channel != "text":
        env_kwargs = {"channel": args.channel, "wer": args.wer,
                      "agent_channel": args.agent_channel}
    if bool(args.caller_base_url) != bool(args.caller_model):
        raise cli.UsageError("an LLM caller needs both --caller-base-url and --caller-model")
    if args.caller_base_url:
        env_kwargs["llm_caller"] = {"base_url": args.caller_base_url, "model": args.caller_model}
    agent_kwargs: dict[str, Any] = {"seed": args.seed} if args.agent == "random" else {}
    if args.agent == "llm":
        if not (args.base_url and args.model):
            raise cli.UsageError("--agent llm needs --base-url and --model")
        cli.require("httpx", "--agent llm")
        agent_kwargs = {"base_url": args.base_url, "model": args.model}
    return env_kwargs, agent_kwargs


def _trace_dir(path: str) -> Path:
    trace_dir = Path(path)
    if trace_dir.exists() and not trace_dir.is_dir():
        raise _cli().UsageError("--save-traces needs a directory; this is a file", file=path)
    try:
        trace_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _cli().UsageError(f"--save-traces: cannot create the directory ({exc.strerror})",
                                file=path) from None
    return trace_dir


def write_report(path: Path, collector: Any, settings: dict[str, Any],
                 summary: dict[str, Any]) -> None:
    """Render ``--report`` (a user's unwritable path: exit 2, one line)."""
    from mivas_env.reporting.report import render_report

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
    from mivas_env.evaluation.export import JsonlExport
    from mivas_env.evaluation.metadata import run_metadata
    from mivas_env.evaluation.runner import evaluate, hook_sink, summarize

    cli = _cli()
    env_kwargs, agent_kwargs = eval_settings(args)
    tasks = eval_tasks(args)
    if args.address and args.workers == 1:
        raise cli.UsageError("--address needs --workers N (the actors to start on the cluster)")
    with ExitStack() as stack:
        sinks: list[EpisodeSink] = []
        if args.save_traces:
            trace_dir = _trace_dir(args.save_traces)
            sinks.append(lambda task, result, episode: save_trace(trace_dir, task, result,
                                                                  episode))
        report = None
        if args.report:
            from mivas_env.reporting.report import ReportCollector

            report = ReportCollector()
            sinks.append(hook_sink(report))
        if args.export:
            sinks.append(stack.enter_context(JsonlExport(args.export,
                                                         only_passed=args.only_passed)))
        elif args.only_passed:
            raise cli.UsageError("--only-passed needs --export PATH.jsonl")
        total = len(tasks) * args.trials
        retried = None
        with tqdm(total=total, desc=f"eval {args.agent}" + (f" x{args.workers}" if
                  args.workers > 1 else ""), unit="episode", file=sys.stderr,
                  disable=cli._no_bar(args), leave=False) as progress:
            if args.workers > 1:
                cli.require("ray", "--workers")
                from mivas_env.evaluation.ray_runner import ray_evaluate

                try:
                    results, retried = ray_evaluate(
                        args.agent, tasks, workers=args.workers, discount=args.discount,
                        seed=args.seed, max_turns=args.max_turns, trials=args.trials,
                        agent_kwargs=agent_kwargs, env_kwargs=env_kwargs, sinks=sinks,
                        address=args.address, on_done=progress.update)
                except ConnectionError as exc:  # --address: no cluster there
                    raise cli.UsageError(f"--address {args.address}: {str(exc).splitlines()[0]} "
                                         f"(start one with ray start --head)") from None
            else:
                results = evaluate(make_agent(args.agent, **agent_kwargs), tasks,
                                   discount=args.discount, seed=args.seed,
                                   max_turns=args.max_turns, env_kwargs=env_kwargs,
                                   trials=args.trials, sinks=sinks,
                                   progress=lambda jobs: _ticking(jobs, progress))
    meta = run_metadata(tasks, agent_kwargs=agent_kwargs, env_kwargs=env_kwargs,
                        max_turns=args.max_turns)
    summary = summarize(args.agent, args.discount, results, seed=args.seed, metadata=meta)
    if report is not None:
        settings = {"agent": args.agent, "model": args.model or "", "discount": args.discount,
                    "seed": args.seed, "trials": args.trials, "max_turns": args.max_turns,
                    "industry": args.industry or "all", "tasks": len(tasks)}
        write_report(Path(args.report), report, settings, summary)
    print_run(args, summary, results, retried)
    return EXIT_PASS


def _ticking(jobs: Iterable[Any], progress: Any) -> Iterator[Any]:
    for job in jobs:
        yield job
        progress.update(1)


def print_run(args: argparse.Namespace, summary: dict[str, Any],
              results: Sequence[EpisodeResult], retried: int | None) -> None:
    """The table (or ``--json``) of a run, as ``mivas eval`` and ``mivas verify --dir`` print."""
    from mivas_env.evaluation.runner import format_table

    if args.json:
        print(json.dumps(summary, indent=2))
        if retried:
            print(f"mivas: {retried} episode(s) re-run after a worker died", file=sys.stderr)
        return
    print(format_table(summary))
    if retried is not None:
        print(f"workers={args.workers}; episodes re-run after a worker died: {retried}; "
              f"lost: 0")
    failed = [r for r in results if not r.passed]
    if failed and getattr(args, "verbose", False):
        print("\nfailed:")
        for r in failed:
            trial = f" trial {r.trial}" if summary.get("trials", 1) > 1 else ""
            print(f"  {r.task_id}{trial} ({r.category}): T={r.score_T:.2f} H={r.score_H:.2f} "
                  f"route={r.handoff_verdict} D={'pass' if r.db_passed else 'FAIL'}")


def cmd_verify_dir(args: argparse.Namespace) -> int:
    """``mivas verify --dir TRACES``: re-grade every saved trace, print the run's table."""
    from mivas_env.evaluation.metadata import run_metadata
    from mivas_env.evaluation.regrade import regrade
    from mivas_env.evaluation.runner import hook_sink, summarize

    done = regrade(args.dir, tasks=args.tasks_dir, discount=args.discount)
    results = [one.result for one in done]
    tasks = list({id(one.task): one.task for one in done}.values())
    meta = run_metadata(tasks, agent_kwargs={}, env_kwargs={}, max_turns=0)
    for key in ("channel", "wer", "agent_channel", "max_turns"):  # not recorded in a trace
        meta.pop(key)
    seed = min(r.seed for r in results)
    summary = summarize("regraded", args.discount, results, seed=seed,
                        metadata={**meta, "traces": str(args.dir)})
    if args.report:
        from mivas_env.reporting.report import ReportCollector

        report = ReportCollector()
        for one in done:
            hook_sink(report)(one.task, one.result, one.episode)
        write_report(Path(args.report), report, {"traces": str(args.dir),
                                                 "discount": args.discount,
                                                 "tasks": len(tasks)}, summary)
    print_run(args, summary, results, None)
    return EXIT_PASS


def cmd_compare(args: argparse.Namespace) -> int:
    from mivas_env.evaluation.compare import compare, format_comparison, load_run

    a, b = load_run(args.a), load_run(args.b)
    if a.get("agent") == b.get("agent"):  # the same agent on two settings: name the files
        a, b = {**a, "agent": f"{a.get('agent')} ({args.a})"}, {**b, "agent": f"{b.get('agent')} ({args.b})"}
    result = compare(a, b)
    print(json.dumps(result, indent=2) if args.json else format_comparison(result))
    return EXIT_PASS


def cmd_export(args: argparse.Namespace) -> int:
    """``mivas export TRACES -o PATH.jsonl``: saved traces, re-graded, as chat lines."""
    from mivas_env.evaluation.export import JsonlExport
    from mivas_env.evaluation.regrade import chats, regrade

    done = regrade(args.traces, tasks=args.tasks_dir, discount=args.discount)
    with JsonlExport(args.output, only_passed=args.only_passed) as export:
        for one in chats(done):
            export(one.task, one.result, one.episode)
    print(f"mivas: {export.written} episode(s) written to {args.output}", file=sys.stderr)
    return EXIT_PASS
