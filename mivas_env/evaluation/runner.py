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

    @property
    def strict_passed(self) -> bool:
        """Passed the gates and every auxiliary judge."""
        return self.passed and self.aux_passed


# Called once per finished episode with the task, its seed, the last info (verdict, trace) and
# every chat message of the episode (``mivas eval --report`` builds its page from these).
EpisodeHook = Callable[[Task, int, dict[str, Any], list[dict[str, Any]]], None]


def run_episode(env: gym.Env[str, Any], agent: Agent, task: Task, seed: int,
                trace_dir: Path | None = None, on_episode: EpisodeHook | None = None,
                ) -> EpisodeResult:
    """One full call of ``agent`` on ``task``; the final info carries the verdict. The agent sees
    the observations and ``policy_info`` only; a privileged agent also gets the lockfile."""
    observation, info = env.reset(seed=seed, options={"task_id": task.full_id})
    messages: list[dict[str, Any]] = list(info["messages"]) if on_episode else []
    if is_privileged(agent):  # the one path by which a lockfile reaches an agent
        assert isinstance(agent, PrivilegedAgent)
        agent.reveal(task.lock)
    agent.reset(observation, policy_info(info))
    while True:
        observation, _, terminated, truncated, info = env.step(
            agent.act(observation, policy_info(info)))
        if on_episode:
            messages.extend(info["messages"])
        if terminated or truncated:
            break
    if on_episode is not None:
        on_episode(task, seed, dict(info), messages)
    aux = info.get("aux")
    if trace_dir is not None:
        path = trace_dir / task.industry / f"{task.lock.id}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(info["trace"], indent=1))
    return EpisodeResult(
        task_id=task.full_id, industry=task.industry, category=task.lock.category, seed=seed,
        passed=bool(info["r_eval"]), r_eval=info["r_eval"], r_train=info["r_train"],
        handoff_verdict=info["handoff_verdict"], score_T=info["score_T"],
        score_H=info["score_H"], db_passed=info["db_passed"], turns=info["turn"],
        ended_by=info["ended_by"], trace_sha256=hashlib.sha256(
            canonical_json(info["trace"]).encode()).hexdigest(),
        aux_passed=aux is None or bool(aux["passed"]),
        aux_failed=tuple(name for name, judge in (aux or {}).get("judges", {}).items()
                         if judge["evaluated"] and not judge["passed"]),
        r_strict=float(info.get("r_strict", 0.0)))


def evaluate(agent: Agent, tasks: Sequence[Task], *, discount: float = 0.5, seed: int = 0,
             max_turns: int = 40, trace_dir: Path | None = None,
             progress: Callable[[Iterable[Task]], Iterable[Task]] | None = None,
             on_episode: EpisodeHook | None = None,
             env_kwargs: Mapping[str, Any] | None = None) -> list[EpisodeResult]:
    """Run ``agent`` once on every task; episode ``i`` is seeded ``seed + i``. The reward basis is
    fixed by ``FixedDiscountEval`` so results are comparable across training discounts.
    ``env_kwargs`` go to ``MivasEnv`` (the speech ``channel``, its ``wer``...)."""
    env = FixedDiscountEval(MivasEnv(tasks=list(tasks), discount=discount, max_turns=max_turns,
                                     **dict(env_kwargs or {})),
                            discount=discount)
    iterator = progress(tasks) if progress is not None else tasks
    return [run_episode(env, agent, task, seed + i, trace_dir, on_episode)
            for i, task in enumerate(iterator)]


def _summary(results: Sequence[EpisodeResult]) -> dict[str, Any]:
    n = len(results)

    def mean(values: Iterable[float]) -> float:
        return round(sum(values) / n, 4) if n else 0.0

    return {"tasks": n,
            "pass_rate": mean(r.passed for r in results),
            "exact_rate": mean(r.passed and r.handoff_verdict == "exact" for r in results),
            "mean_score_T": mean(r.score_T for r in results),
            "mean_score_H": mean(r.score_H for r in results),
            "db_pass_rate": mean(r.db_passed for r in results),
            "aux_pass_rate": mean(r.aux_passed for r in results),
            "strict_pass_rate": mean(r.strict_passed for r in results)}


def summarize(agent: str, discount: float, results: Sequence[EpisodeResult]) -> dict[str, Any]:
    """The ``mivas eval --json`` object (docs/formats.md)."""
    industries: dict[str, list[EpisodeResult]] = {}
    for result in results:
        industries.setdefault(result.industry, []).append(result)
    return {"agent": agent, "discount": discount,
            "industries": {name: _summary(rows) for name, rows in industries.items()},
            "overall": _summary(results)}


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
    """The per-industry table ``mivas eval`` prints, with its legend underneath."""
    header = (f"{'industry':<18}{'tasks':>6}{'pass':>8}{'exact':>8}{'score_T':>9}{'score_H':>9}"
              f"{'DB':>8}{'aux':>8}{'strict':>8}")
    title = f"agent={summary['agent']} discount={summary['discount']}"
    if "channel" in summary:  # what the agent heard belongs with who was evaluated
        title += f" channel={summary['channel']} wer={summary['wer']:g}" + (
            " (agent speech through the channel too)" if summary.get("agent_channel") else "")
    lines = [title, header, "-" * len(header)]
    rows = [*summary["industries"].items(), ("overall", summary["overall"])]
    for name, s in rows:
        if name == "overall":
            lines.append("-" * len(header))
        lines.append(f"{name:<18}{s['tasks']:>6}{s['pass_rate']:>8.1%}{s['exact_rate']:>8.1%}"
                     f"{s['mean_score_T']:>9.3f}{s['mean_score_H']:>9.3f}{s['db_pass_rate']:>8.1%}"
                     f"{s['aux_pass_rate']:>8.1%}{s['strict_pass_rate']:>8.1%}")
    lines += ["", *LEGEND]
    return "\n".join(lines)

