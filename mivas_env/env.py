"""``MivasEnv``: one locked task per episode, a phone call the policy acts in (SPEC §7.1).

Actions are text: a JSON tool call ``{"tool": name, "arguments": {...}}`` (OpenAI-style
``{"name", "arguments"}`` too, arguments as an object or a JSON string), or plain speech to the
caller. Observations are text: the caller's reply or the tool result as JSON. The reward is 0 on
every step but the last, which carries ``r_train`` from the verifier's verdict
(``reward="contract"``, the default) or the strict training reward (``reward="strict"``: 0 as
well when an auxiliary judge fails). ``r_eval`` is T and H and D either way."""

from __future__ import annotations

import json
import string
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, SupportsFloat

import gymnasium as gym
from gymnasium import spaces

from mivas_env.actions import (
    MAX_ACTION_CHARS,
    InvalidAction,
    SpeechAction,
    ToolAction,
    parse_action,
)
from mivas_env.runtime import CallSession, Scoping

if TYPE_CHECKING:
    from mivas_env.llm_judge import LLMJudge
from mivas_env.tasks import Task, load_tasks
from rewards import TaskNotFoundError, load_industry
from rewards.verify import r_strict, score

RewardKind = Literal["contract", "strict"]
REWARD_KINDS: tuple[RewardKind, ...] = ("contract", "strict")

CHARSET = frozenset(string.printable)  # ASCII letters, digits, punctuation and whitespace
MAX_OBSERVATION_CHARS = 16_384


def to_charset(text: str, limit: int = MAX_OBSERVATION_CHARS) -> str:
    """Fold text into the observation charset (accents dropped) and length."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = "".join(ch if ch in CHARSET else " " for ch in text) if not text.isprintable() else text
    return text if len(text) <= limit else text[: limit - 15] + " ...[truncated]"


# What a policy may see of ``info``: the desk, its tools and instructions, the new chat messages,
# the turn and the clock. Everything else (task_id, category, the verdict, the trace, rewards,
# aux) is for logging only and must never reach a policy's prompt or features.
POLICY_INFO_KEYS = frozenset({"active_node", "tools", "messages", "turn", "clock_ms",
                              "instructions", "industry"})


def policy_info(info: dict[str, Any]) -> dict[str, Any]:
    """The part of ``info`` a trainer can pass to a policy safely (an allow-list)."""
    return {key: value for key, value in info.items() if key in POLICY_INFO_KEYS}


@cache
def openai_tools(industry_name: str, node: str) -> tuple[dict[str, Any], ...]:
    """OpenAI-style tool schemas available at a node (MIVAS ``x-*`` annotations removed)."""
    industry = load_industry(industry_name)
    out = []
    for name in industry.tools_at(node):
        tool = industry.tools[name]
        params = tool.parameters.model_dump(exclude_none=True, by_alias=False,
                                            exclude={"properties": {"__all__": {
                                                "x_kind", "x_alias", "x_match", "x_slot"}}})
        for prop in params.get("properties", {}).values():
            if isinstance(prop.get("items"), dict):
                for key in ("x_kind", "x_alias", "x_match", "x_slot"):
                    prop["items"].pop(key, None)
        out.append({"type": "function",
                    "function": {"name": name, "description": tool.description,
                                 "parameters": params}})
    return tuple(out)


class MivasEnv(gym.Env[str, str]):
    """A Gymnasium environment over the locked tasks of one industry (or all)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, industry: str | None = None, task_id: str | None = None,
                 discount: float = 0.5, max_turns: int = 40, scoping: Scoping = "enforce",
                 tasks: list[Task] | None = None, render_mode: str | None = None,
                 reward: RewardKind = "contract", llm_judge: LLMJudge | None = None) -> None:
        if not 0.0 <= discount <= 1.0:
            raise ValueError(f"discount must be within [0, 1], got {discount}")
        if reward not in REWARD_KINDS:
            raise ValueError(f"reward must be 'contract' or 'strict', got {reward!r}")
        if scoping not in ("enforce", "permissive"):
            raise ValueError(f"scoping must be 'enforce' or 'permissive', got {scoping!r}")
        if max_turns < 1:
            raise ValueError("max_turns must be >= 1")
        self.tasks = tasks if tasks is not None else load_tasks(industry)
        if not self.tasks:
            raise TaskNotFoundError(f"no tasks for industry {industry!r}")
        self.task_id = task_id
        if task_id is not None:
            self._task_by_id(task_id)
        self.discount = discount
        self.max_turns = max_turns
        self.scoping: Scoping = scoping
        self.reward: RewardKind = reward
        self.llm_judge = llm_judge
        self.render_mode = render_mode
        self.observation_space = spaces.Text(MAX_OBSERVATION_CHARS, min_length=0,
                                             charset=frozenset(CHARSET))
        self.action_space = spaces.Text(MAX_ACTION_CHARS, min_length=0, charset=frozenset(CHARSET))
        self.session: CallSession | None = None
        self.task: Task | None = None
        self.turn = 0
        self._last_info: dict[str, Any] = {}
        self._transcript: list[str] = []

    def _task_by_id(self, task_id: str) -> Task:
        for task in self.tasks:
            if task_id in (task.full_id, task.lock.id):
                return task
        raise TaskNotFoundError(f"no task {task_id!r} in this environment "
                                f"({len(self.tasks)} tasks; full ids look like healthcare/C1-E1)")

    # --- Gymnasium API -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        task_id = (options or {}).get("task_id", self.task_id)
        if task_id is not None:
            task = self._task_by_id(str(task_id))
        else:
            task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        caller_seed = int(self.np_random.integers(2**31 - 1))
        self.task = task
        self.session = CallSession(task, seed=caller_seed, scoping=self.scoping)
        self.turn = 0
        opening = to_charset(self.session.opening())
        self._transcript = [f"caller: {opening}"]
        node = self.session.node
        info = self._info([{"role": "user", "content": opening}])
        info.update(task_id=task.full_id, industry=task.industry,
                    category=task.lock.category, instructions=self._instructions(node))
        return opening, info

    def step(self, action: Any) -> tuple[str, SupportsFloat, bool, bool, dict[str, Any]]:
        session = self.session
        if session is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if session.ended:
            obs = json.dumps({"ok": False, "error_code": "episode_over",
                              "message": "the call has ended; call reset()"})
            return obs, 0.0, True, False, dict(self._last_info)
        self.turn += 1
        node_before = session.node
        parsed = parse_action(action)
        if isinstance(parsed, ToolAction):
            output = session.call_tool(parsed.name, parsed.arguments)
            obs = to_charset(json.dumps(output, ensure_ascii=True, default=str))
            call_id = f"call_{len(session.calls)}"
            messages: list[dict[str, Any]] = [
                {"role": "assistant", "tool_calls": [{
                    "id": call_id, "type": "function",
                    "function": {"name": parsed.name[:128],
                                 "arguments": session.last_arguments_json}}]},
                {"role": "tool", "tool_call_id": call_id, "content": obs}]
            self._transcript.append(f"agent -> {parsed.name[:128]}: {obs[:200]}")
        elif isinstance(parsed, SpeechAction):
            said = to_charset(parsed.text, MAX_ACTION_CHARS)
            reply = session.say(said)
            obs = to_charset(reply.text)
            messages = [{"role": "assistant", "content": said}, {"role": "user", "content": obs}]
            self._transcript += [f"agent: {said}", f"caller: {obs}"]
        else:
            assert isinstance(parsed, InvalidAction)
            obs = json.dumps({"ok": False, "error_code": "invalid_action",
                              "message": parsed.message})
            messages = [{"role": "assistant", "content": "<invalid action>"},
                        {"role": "tool", "content": obs}]
            self._transcript.append(f"agent: <invalid action> {obs}")
        terminated = session.ended
        truncated = not terminated and self.turn >= self.max_turns
        info = self._info(messages)
        if session.node != node_before:
            info["instructions"] = self._instructions(session.node)
        reward = 0.0
        if terminated or truncated:
            reward = self._finish(info, truncated)
        self._last_info = info
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:  # type: ignore[override]  # ansi text frames
        if self.render_mode == "ansi":
            return "\n".join(self._transcript)
        return None

    # --- helpers -----------------------------------------------------------------------------

    def _instructions(self, node: str) -> str:
        assert self.task is not None
        industry = load_industry(self.task.industry)
        desk = industry.nodes[node]
        return f"{industry.business.name} - {desk.title}. {desk.instructions}"

    def _info(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        assert self.session is not None and self.task is not None
        node = self.session.node
        return {"active_node": node, "tools": list(openai_tools(self.task.industry, node)),
                "messages": messages, "turn": self.turn, "clock_ms": self.session.clock_ms}

    def _finish(self, info: dict[str, Any], truncated: bool) -> float:
        """Dump the DB, score the episode and put the verdict in ``info``."""
        session, task = self.session, self.task
        assert session is not None and task is not None
        if session.ended_by is None:
            session.ended_by = "max_turns"
        dump = session.dump()
        llm = None
        rubric = task.lock.aux.llm_rubric if task.lock.aux is not None else None
        if self.llm_judge is not None and rubric:
            llm = self.llm_judge(rubric, session.transcript, session.calls)
        verdict = score(task.compiled, session.calls, dump, discount=self.discount,
                        transcript=session.transcript, llm=llm)
        strict = r_strict(verdict)
        reward = strict if self.reward == "strict" else verdict.r_train
        dumped = verdict.model_dump(mode="json")
        info.update(
            verdict=dumped, trace=session.trace(dump), aux=dumped["aux"],
            r_eval=verdict.r_eval, r_train=reward, r_strict=strict, reward_kind=self.reward,
            score_T=verdict.tools.score, score_H=verdict.handoff.score,
            handoff_verdict=verdict.handoff.verdict, db_passed=verdict.db.passed,
            ended_by=session.ended_by)
        return float(reward)

