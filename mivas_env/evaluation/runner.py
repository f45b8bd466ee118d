"""Running agents over the task suite and summarising the results (``mivas eval``)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium as gym

from mivas_env.agents.baselines import Agent, PrivilegedAgent, is_privileged
from mivas_env.call.tasks import Task
from mivas_env.env import MivasEnv, policy_info
from mivas_env.evaluation.stats import bootstrap_ci, pass_curves, trials_of
from mivas_env.wrappers import FixedDiscountEval
from rewards.normalize import canonical_json


@dataclass(frozen=True)
class EpisodeResult:
    task_id: str
    industry: str
    category: str
    seed: int
    passed: bool
    r_eval: int
    r_train: float
    handoff_verdict: str
    score_T: float
    score_H: float
    db_passed: bool
    turns: int
    ended_by: str
    trace_sha256: str  # of the canonical JSON trace: equal runs recorded byte-identical traces
    aux_passed: bool = True  # every auxiliary judge that was evaluated passed (not in r_eval)
    aux_failed: tuple[str, ...] = ()  # the auxiliary judges that failed
    r_strict: float = 0.0  # the strict training reward (r_train, or 0 when aux failed)
    trial: int = 0  # which of the run's K trials of the task (docs/formats.md: seeds)
    level: int = 0  # the task's difficulty level (generation.levels; 0 for hand-written tasks)

    @property
    def strict_passed(self) -> bool:
        """Passed the gates and every auxiliary judge."""
        return self.passed and self.aux_passed


@dataclass(frozen=True)
class Episode:
    """What a finished episode leaves beside its result, for the sinks (saved traces, the
    report, the export): the trace, the verdict, and the chat as the agent saw it (``system``
    messages carry each desk's instructions, ``tools`` every tool schema it was offered)."""

    trace: dict[str, Any]
    verdict: dict[str, Any]
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]

    def saved(self, result: EpisodeResult) -> dict[str, Any]:
        """The trace file ``--save-traces`` writes: the trace, plus what re-grading and export
        read (the seed, the trial, the chat); the verifier ignores the extra keys."""
        return {**self.trace, "seed": result.seed, "trial": result.trial, "turns": result.turns,
                "ended_by": result.ended_by, "messages": self.messages, "tools": self.tools}


# Called once per finished episode with the task, its seed, the last info (verdict, trace) and
# every chat message of the episode (``mivas eval --report`` builds its page from these).
EpisodeHook = Callable[[Task, int, dict[str, Any], list[dict[str, Any]]], None]
# Called once per finished episode, in the order of the run, serial or on Ray workers alike.
EpisodeSink = Callable[[Task, EpisodeResult, Episode], None]
TRACE_KEYS = ("task_id", "tool_calls", "hangup_dump", "transcript")  # what the hash covers


def trace_sha256(trace: Mapping[str, Any]) -> str:
    """The hash of a trace's canonical JSON (the keys the verifier reads, nothing added)."""
    return hashlib.sha256(canonical_json(
        {key: trace[key] for key in TRACE_KEYS if key in trace}).encode()).hexdigest()


class ChatRecorder:
    """The episode as chat messages in the trainers' format: the env's messages, with a
    ``system`` message of the desk's instructions at the start and after every transfer that
    changes desk (as ``LLMAgent`` presents it), and the tool schemas of every desk visited."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.tools: dict[str, dict[str, Any]] = {}

    def add(self, info: Mapping[str, Any]) -> None:
        desk = ([{"role": "system", "content": info["instructions"]}]
                if "instructions" in info and "verdict" not in info else [])
        if not self.messages:  # the call opens: the entry desk's instructions come first
            self.messages, desk = desk, []
        for message in info["messages"]:
            if message.get("role") == "tool" and "tool_call_id" not in message:
                # an unparseable action answered by the env, not by a tool the agent called
                message = {"role": "system", "content": message["content"]}
            self.messages.append(dict(message))
        self.messages += desk
        for tool in info["tools"]:
            self.tools.setdefault(tool["function"]["name"], tool)


def run_episode(env: gym.Env[str, Any], agent: Agent, task: Task, seed: int,
                trace_dir: Path | None = None, on_episode: EpisodeHook | None = None,
                *, trial: int = 0) -> EpisodeResult:
    """One full call of ``agent`` on ``task``; the final info carries the verdict. The agent sees
    the observations and ``policy_info`` only; a privileged agent also gets the lockfile."""
    result, episode = play(env, agent, task, seed, trial=trial)
    if trace_dir is not None:
        save_trace(trace_dir, task, result, episode)
    if on_episode is not None:
        hook_sink(on_episode)(task, result, episode)
    return result


def play(env: gym.Env[str, Any], agent: Agent, task: Task, seed: int, *, trial: int = 0
         ) -> tuple[EpisodeResult, Episode]:
    """One full call of ``agent`` on ``task``: its result and what the sinks need of it."""
    observation, info = env.reset(seed=seed, options={"task_id": task.full_id})
    chat = ChatRecorder()
    chat.add(info)
    if is_privileged(agent):  # the one path by which a lockfile reaches an agent
        assert isinstance(agent, PrivilegedAgent)
        agent.reveal(task.lock)
    agent.reset(observation, policy_info(info))
    while True:
        observation, _, terminated, truncated, info = env.step(
            agent.act(observation, policy_info(info)))
        chat.add(info)
        if terminated or truncated:
            break
    aux = info.get("aux")
    result = EpisodeResult(
        task_id=task.full_id, industry=task.industry, category=task.lock.category, seed=seed,
        passed=bool(info["r_eval"]), r_eval=info["r_eval"], r_train=info["r_train"],
        handoff_verdict=info["handoff_verdict"], score_T=info["score_T"],
        score_H=info["score_H"], db_passed=info["db_passed"], turns=info["turn"],
        ended_by=info["ended_by"], trace_sha256=trace_sha256(info["trace"]),
        aux_passed=aux is None or bool(aux["passed"]),
        aux_failed=tuple(name for name, judge in (aux or {}).get("judges", {}).items()
                         if judge["evaluated"] and not judge["passed"]),
        r_strict=float(info.get("r_strict", 0.0)), trial=trial,
        level=task.lock.level or 0)
    return result, Episode(trace=info["trace"], verdict=info["verdict"], messages=chat.messages,
                           tools=list(chat.tools.values()))


def trace_path(trace_dir: Path, task: Task, trial: int) -> Path:
    """``DIR/<industry>/<id>.json`` for trial 0, ``<id>.trial<t>.json`` for trial t > 0."""
    suffix = f".trial{trial}" if trial else ""
    return trace_dir / task.industry / f"{task.lock.id}{suffix}.json"


def save_trace(trace_dir: Path, task: Task, result: EpisodeResult, episode: Episode) -> None:
    path = trace_path(trace_dir, task, result.trial)
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = {**episode.saved(result), "lockfile": str(Path(task.path).resolve())}
    path.write_text(json.dumps(saved, indent=1))


def hook_sink(hook: EpisodeHook) -> EpisodeSink:
    """An ``EpisodeHook`` (task, seed, info, messages) as an ``EpisodeSink``."""
    def sink(task: Task, result: EpisodeResult, episode: Episode) -> None:
        hook(task, result.seed, {"verdict": episode.verdict, "trace": episode.trace,
                                 "ended_by": result.ended_by, "r_eval": result.r_eval,
                                 "r_train": result.r_train, "trial": result.trial},
             episode.messages)
    return sink


Job = tuple[int, int, int]  # (position in the task list, trial, seed)


def episode_jobs(n_tasks: int, seed: int, trials: int) -> list[Job]:
    """Every episode of a run, in run order: trial ``t`` of task ``i`` is seeded
    ``seed + t * n_tasks + i`` (trial 0 is the one-trial run; all seeds distinct)."""
    return [(i, t, seed + t * n_tasks + i) for t in range(trials) for i in range(n_tasks)]


def evaluate(agent: Agent, tasks: Sequence[Task], *, discount: float = 0.5, seed: int = 0,
             max_turns: int = 40, trace_dir: Path | None = None,
             progress: Callable[[Iterable[Job]], Iterable[Job]] | None = None,
             on_episode: EpisodeHook | None = None,
             env_kwargs: Mapping[str, Any] | None = None, trials: int = 1,
             sinks: Sequence[EpisodeSink] = ()) -> list[EpisodeResult]:
    """Run ``agent`` ``trials`` times on every task (seeds: ``episode_jobs``). The reward basis
    is fixed by ``FixedDiscountEval`` so results are comparable across training discounts.
    ``env_kwargs`` go to ``MivasEnv`` (the speech ``channel``, its ``wer``...); each sink gets
    every episode in run order."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    env = FixedDiscountEval(MivasEnv(tasks=list(tasks), discount=discount, max_turns=max_turns,
                                     **dict(env_kwargs or {})),
                            discount=discount)
    all_sinks = [*sinks, *([hook_sink(on_episode)] if on_episode is not None else [])]
    if trace_dir is not None:
        all_sinks.insert(0, lambda task, result, episode: save_trace(trace_dir, task, result,
                                                                     episode))
    jobs = episode_jobs(len(tasks), seed, trials)
    results = []
    for i, trial, episode_seed in (progress(jobs) if progress is not None else jobs):
        result, episode = play(env, agent, tasks[i], episode_seed, trial=trial)
        for sink in all_sinks:
            sink(tasks[i], result, episode)
        results.append(result)
    return results


def per_task_outcomes(results: Sequence[EpisodeResult]) -> dict[str, list[int]]:
    """``{full_id: [0/1 per trial, in seed order]}``, tasks in run order."""
    rows: dict[str, dict[int, int]] = {}
    for result in results:
        trials = rows.setdefault(result.task_id, {})
        if result.trial in trials:
            raise ValueError(f"two episodes of {result.task_id} trial {result.trial}: are two "
                             f"lockfiles named {result.task_id}?")
        trials[result.trial] = int(result.passed)
    return {task_id: [trials[t] for t in sorted(trials)] for task_id, trials in rows.items()}


def _summary(results: Sequence[EpisodeResult], seed: int) -> dict[str, Any]:
    n = len(results)

    def mean(values: Iterable[float]) -> float:
        return round(sum(values) / n, 4) if n else 0.0

    outcomes = per_task_outcomes(results)
    return {"tasks": len(outcomes), "episodes": n,
            "pass_rate": mean(r.passed for r in results),
            "exact_rate": mean(r.passed and r.handoff_verdict == "exact" for r in results),
            "mean_score_T": mean(r.score_T for r in results),
            "mean_score_H": mean(r.score_H for r in results),
            "db_pass_rate": mean(r.db_passed for r in results),
            "aux_pass_rate": mean(r.aux_passed for r in results),
            "strict_pass_rate": mean(r.strict_passed for r in results),
            **(pass_curves(outcomes) if outcomes else {}),
            "pass_rate_ci95": bootstrap_ci([sum(row) / len(row) for row in outcomes.values()],
                                           seed)}


def summarize(agent: str, discount: float, results: Sequence[EpisodeResult], *, seed: int = 0,
              metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``mivas eval --json`` object (docs/formats.md): the run's metadata, one summary per
    industry and overall (``seed`` also seeds the bootstrap), and every task's trials;
    ``levels`` (by level, then by industry) only when the run mixes difficulty levels."""
    industries: dict[str, list[EpisodeResult]] = {}
    levels: dict[int, list[EpisodeResult]] = {}
    for result in results:
        industries.setdefault(result.industry, []).append(result)
        levels.setdefault(result.level, []).append(result)
    outcomes = per_task_outcomes(results)
    summary = {"agent": agent, "discount": discount, **dict(metadata or {}),
               "seed": seed, "trials": trials_of(outcomes) if outcomes else 0,
               "industries": {name: _summary(rows, seed) for name, rows in industries.items()},
               "overall": _summary(results, seed), "per_task": outcomes}
    if len(levels) > 1:
        summary["levels"] = {str(level): {
            "overall": _summary(rows, seed),
            "industries": {name: _summary([r for r in rows if r.industry == name], seed)
                           for name in industries if any(r.industry == name for r in rows)}}
            for level, rows in sorted(levels.items())}
    return summary


LEGEND = (
    "pass      r_eval = 1: tools (T), handoffs (H) and database (D) all passed",
    "exact     passed on the exact route, no extra desks (r_train = 1)",
    "score_T   mean share of the expected tool calls hit",
    "score_H   mean share of the expected transfer path taken, in order",
    "DB        database at hangup matched (D alone: what a state-only verifier would pass)",
    "discount  r_train of a pass on an in-order route with extra desks (pass never uses it)",
    "aux       every auxiliary judge passed (spoken policy, scoping, efficiency; never in pass)",
    "strict    pass and aux: what the strict training reward pays",
)


def format_table(summary: dict[str, Any]) -> str:
    """The per-industry table ``mivas eval`` prints, with its legend underneath; with K > 1
    trials, ``pass^1`` (the pass rate) and ``pass^K`` (every trial of a task passed)."""
    trials = int(summary.get("trials") or 1)
    passes = f"{'pass':>8}" if trials == 1 else f"{'pass^1':>8}{f'pass^{trials}':>8}"
    header = (f"{'industry':<18}{'tasks':>6}{passes}{'exact':>8}{'score_T':>9}{'score_H':>9}"
              f"{'DB':>8}{'aux':>8}{'strict':>8}")
    title = f"agent={summary['agent']} discount={summary['discount']}"
    if summary.get("channel", "text") != "text":  # what the agent heard goes with who was evaluated
        wer = summary.get("wer")
        said = "by task (a level's for generated, 0.1 otherwise)" if wer is None else f"{wer:g}"
        title += f" channel={summary['channel']} wer={said}" + (
            " (agent speech through the channel too)" if summary.get("agent_channel") else "")
    if trials > 1:
        title += f" trials={trials}"
    lines = [title, header, "-" * len(header)]
    rows = [*summary["industries"].items(), ("overall", summary["overall"])]
    for name, s in rows:
        if name == "overall":
            lines.append("-" * len(header))
        hat = f"{s['pass_hat_k'][str(trials)]:>8.1%}" if trials > 1 else ""
        lines.append(f"{name:<18}{s['tasks']:>6}{s['pass_rate']:>8.1%}{hat}{s['exact_rate']:>8.1%}"
                     f"{s['mean_score_T']:>9.3f}{s['mean_score_H']:>9.3f}{s['db_pass_rate']:>8.1%}"
                     f"{s['aux_pass_rate']:>8.1%}{s['strict_pass_rate']:>8.1%}")
    low, high = summary["overall"].get("pass_rate_ci95", (0.0, 0.0))
    lines += ["", f"overall pass rate 95% interval (bootstrap over tasks): [{low:.1%}, {high:.1%}]"]
    if "levels" in summary:
        lines += ["", *level_columns(summary)]
    lines += ["", *LEGEND]
    if trials > 1:
        lines.append(f"pass^{trials:<5}share of tasks whose {trials} trials all passed "
                     f"(unbiased pass^k; pass^1 is the pass rate)")
    return "\n".join(lines)


def level_columns(summary: dict[str, Any]) -> list[str]:
    """A run that mixes levels: pass rate per industry (rows) and level (columns), with the
    number of episodes at each level."""
    levels = summary["levels"]
    header = f"{'pass by level':<18}" + "".join(f"{'L' + level:>8}" for level in levels)
    lines = [header, "-" * len(header)]
    for name in [*summary["industries"], "overall"]:
        cells = [levels[level]["overall"] if name == "overall"
                 else levels[level]["industries"].get(name) for level in levels]
        lines.append(f"{name:<18}" + "".join(
            f"{cell['pass_rate']:>8.1%}" if cell else f"{'-':>8}" for cell in cells))
    lines.append(f"{'tasks':<18}" + "".join(f"{levels[level]['overall']['tasks']:>8}"
                                            for level in levels))
    return lines

