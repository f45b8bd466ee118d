"""``MivasEnv``: one locked task per episode, a phone call the policy acts in.

Actions are text: a JSON tool call ``{"tool": name, "arguments": {...}}`` (OpenAI-style
``{"name", "arguments"}`` too, arguments as an object or a JSON string), or plain speech to the
caller. Observations are text: the caller's reply or the tool result as JSON. The reward is 0 on
every step but the last, which carries ``r_train`` from the verifier's verdict
(``reward="contract"``, the default) or the strict training reward (``reward="strict"``: 0 as
well when an auxiliary judge fails; ``r_eval`` is T and H and D either way). ``StepInfo``
below is the whole ``info`` contract; docs/environment.md says the same for users."""

import json
import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NotRequired, SupportsFloat, TypedDict

import gymnasium as gym

from mivas_env.call.actions import (
    MAX_ACTION_CHARS,
    Action,
    InvalidAction,
    SpeechAction,
    ToolAction,
    parse_action,
)
from mivas_env.call.runtime import CallSession, Scoping, speech_ms
from mivas_env.caller.llm import LLMCaller, LLMCallerConfig
from mivas_env.speech.channel import (
    CHANNELS,
    DEFAULT_WER,
    LEVEL_WER,
    Channel,
    ChannelName,
    Heard,
)

if TYPE_CHECKING:
    from mivas_env.llm.judge import LLMJudge
from mivas_env.call.tasks import Task, load_tasks
from mivas_env.spaces import CallText
from rewards import TaskNotFoundError, load_industry
from rewards.normalize import strip_accents
from rewards.verify import check_discount, r_strict, score

RewardKind = Literal["contract", "strict"]
REWARD_KINDS: tuple[RewardKind, ...] = ("contract", "strict")

CHARSET = frozenset(string.printable)  # ASCII letters, digits, punctuation and whitespace
MAX_OBSERVATION_CHARS = 16_384
Message = dict[str, Any]  # an OpenAI-style chat message


class StepInfo(TypedDict):
    """The ``info`` of ``MivasEnv.reset`` and ``MivasEnv.step``: what every step carries, what
    ``reset`` adds, and the episode's outcome on its last step (terminated or truncated).

    (This module has no ``from __future__ import annotations``: with it, Python 3.11 cannot
    see ``NotRequired`` and would list every key in ``StepInfo.__required_keys__``.)"""

    # every step
    active_node: str  # the desk the call is at after this step
    tools: list[dict[str, Any]]  # OpenAI-style tool schemas available at that desk
    messages: list[Message]  # this step as chat messages (assistant turn, then tool/user reply)
    turn: int  # steps taken in this episode (0 after reset)
    clock_ms: int  # the simulated call clock: speech time plus tool latencies
    # reset only
    task_id: NotRequired[str]  # "<industry>/<id>"
    industry: NotRequired[str]
    category: NotRequired[str]  # the task's category (tasks/<industry>/README.md)
    # reset of a generated env (mivas/<industry>-gen-v0) only
    split: NotRequired[str]  # train | test | bench
    instance_seed: NotRequired[int]  # the generated instance (with the split, fixes the task)
    world_seed: NotRequired[int]  # the world the task runs in (rewards.worlds)
    family: NotRequired[str]  # the family code (C3) of the generated instance
    # reset of a task with a level (generation.levels): 0..4; Curriculum adds pass_rate
    level: NotRequired[int]
    pass_rate: NotRequired[float | None]  # the family's recent pass rate at its level
    # reset, and every step whose action moved the call to another desk
    instructions: NotRequired[str]  # the active desk's policy text
    # the last step only: the verifier's verdict and the recorded trace
    verdict: NotRequired[dict[str, Any]]  # the full verdict (`mivas schema verdict`)
    trace: NotRequired[dict[str, Any]]  # the episode as a trace (grouped calls + hangup dump)
    r_eval: NotRequired[int]  # 1 if the call passed T and H and D, else 0
    r_train: NotRequired[float]  # 1 on the exact route, `discount` on a longer one, 0 on a fail
    # (with reward="strict", also 0 when an auxiliary judge failed)
    r_strict: NotRequired[float]  # the strict training reward, whichever reward the env returns
    reward_kind: NotRequired[str]  # contract | strict: which of the two r_train is
    aux: NotRequired[dict[str, Any] | None]  # the auxiliary judges (never part of r_eval)
    score_T: NotRequired[float]
    score_H: NotRequired[float]
    handoff_verdict: NotRequired[str]  # exact | in_order_with_extras | incomplete
    db_passed: NotRequired[bool]
    ended_by: NotRequired[str]  # end_call | transfer_to_human | caller_hung_up | max_turns
    # reset, and every step the caller spoke: its line through the speech channel
    caller_said: NotRequired[str]  # the line as the caller said it (clean text)
    caller_spoken: NotRequired[str]  # as a perfect recogniser prints it
    asr_confidence: NotRequired[float]  # the recogniser's confidence in what the agent heard
    # every step, with an LLM caller: its lines that stated a value the caller does not have
    # (each asked for again once, then replaced by the scripted line), so far in the episode
    caller_repairs: NotRequired[int]


@dataclass(frozen=True, slots=True)
class _Turn:
    """What one action produced: the observation, the chat messages and the transcript lines."""

    observation: str
    messages: list[Message]
    transcript: list[str]
    heard: Heard | None = None  # a caller line through the speech channel


def task_wer(task: Task) -> float:
    """The ``asr`` channel's word error rate when the env is given none: the level's
    (``LEVEL_WER``: 0, 3, 6, 10, 15%) for a generated task, ``DEFAULT_WER``
    for a hand-written one."""
    if task.lock.world is None:
        return DEFAULT_WER
    return LEVEL_WER[task.lock.level or 0]


# Typographic punctuation an LLM writes, as its ASCII form: a dash still parts two clauses, a
# curly apostrophe still makes "it's" (dropping them would read "its" and join the clauses).
DASH = re.compile(r" ?[\u2012-\u2015] ?")
TYPOGRAPHY = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                            "\u2026": "...", "\u00a0": " ", "\u2009": " ", "\u202f": " "})


def to_charset(text: str, limit: int = MAX_OBSERVATION_CHARS) -> str:
    """Fold text into the observation charset (typographic punctuation as ASCII, accents
    dropped) and length."""
    if not text.isascii():
        text = DASH.sub(" - ", text).translate(TYPOGRAPHY)
        text = strip_accents(text).encode("ascii", "ignore").decode("ascii")
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
    """A Gymnasium environment over the locked tasks of one industry (or all).

    ``industry`` picks the shipped tasks of one industry (None: all); ``tasks`` gives the task
    list directly; ``task_id`` pins one task. ``discount`` is the route discount of ``r_train``
    (1 on the exact route, ``discount`` on a longer one, 0 on a fail); ``max_turns`` truncates;
    ``scoping="enforce"`` refuses a tool away from its desk, ``"permissive"`` runs it.
    ``reward="contract"`` returns ``r_train``; ``"strict"`` returns 0 as well when an auxiliary
    judge fails (spoken policy, scoping, efficiency, the LLM judge when ``llm_judge`` is given).
    ``r_eval`` and the verdict are the same under both.
    ``channel`` is what the agent hears: ``"text"`` (the caller's line as written), ``"spoken"``
    (a perfect recogniser's words) or ``"asr"`` (those words with seeded recognition errors at
    word error rate ``wer``: None, the default, is the task's level's rate for a generated
    task and ``DEFAULT_WER`` for a hand-written one, see ``task_wer``); with ``agent_channel``
    the agent's speech reaches the caller through the same channel. ``llm_caller`` (an
    ``LLMCallerConfig`` or its fields as a dict) lets an OpenAI-compatible model speak the
    caller's lines (see ``mivas_env.caller.llm``)."""

    # render_fps: Gymnasium's render checks want one; a transcript has no frame rate, so 1.
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, industry: str | None = None, task_id: str | None = None,
                 discount: float = 0.5, max_turns: int = 40, scoping: Scoping = "enforce",
                 tasks: list[Task] | None = None, render_mode: str | None = None,
                 reward: RewardKind = "contract", llm_judge: "LLMJudge | None" = None,
                 channel: ChannelName = "text", wer: float | None = None,
                 agent_channel: bool = False,
                 llm_caller: LLMCallerConfig | dict[str, Any] | None = None) -> None:
        check_discount(discount)
        if reward not in REWARD_KINDS:
            raise ValueError(f"reward must be 'contract' or 'strict', got {reward!r}")
        if scoping not in ("enforce", "permissive"):
            raise ValueError(f"scoping must be 'enforce' or 'permissive', got {scoping!r}")
        if max_turns < 1:
            raise ValueError("max_turns must be >= 1")
        if channel not in CHANNELS:
            raise ValueError(f"channel must be one of {', '.join(CHANNELS)}, got {channel!r}")
        if wer is not None and (isinstance(wer, bool) or not isinstance(wer, (int, float))
                                or not 0.0 <= wer <= 1.0):
            raise ValueError(f"wer must be a number within [0, 1] or None, got {wer!r}")
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
        self.llm_caller = LLMCallerConfig.of(llm_caller) if llm_caller is not None else None
        self.channel: ChannelName = channel
        self.wer = float(wer) if wer is not None else None
        self.agent_channel = agent_channel
        self._to_agent = Channel(channel, DEFAULT_WER if self.wer is None else self.wer)
        self._to_caller = Channel("text")
        self._turns: list[dict[str, Any]] = []
        self.observation_space = CallText(MAX_OBSERVATION_CHARS, min_length=0,
                                          charset=frozenset(CHARSET))
        self.action_space = CallText(MAX_ACTION_CHARS, min_length=0, charset=frozenset(CHARSET))
        self.session: CallSession | None = None
        self.task: Task | None = None
        self.turn = 0
        self._last_info: StepInfo | None = None
        self._transcript: list[str] = []

    def _task_by_id(self, task_id: str) -> Task:
        for task in self.tasks:
            if task_id in (task.full_id, task.lock.id):
                return task
        raise TaskNotFoundError(f"no task {task_id!r} in this environment "
                                f"({len(self.tasks)} tasks; full ids look like healthcare/C1-E1)")

    # --- Gymnasium API -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,  # type: ignore[override]  # info is a StepInfo
              options: dict[str, Any] | None = None) -> tuple[str, StepInfo]:
        """Start a call: pick the task (``options["task_id"]``, the env's ``task_id``, or one
        drawn with ``seed``), seed the caller, and return the caller's opening line.

        The same seed gives the same task, caller paraphrases and, for the same actions, the
        same observations, infos and trace. ``info`` is a ``StepInfo`` with the task fields and
        the entry desk's instructions."""
        super().reset(seed=seed)
        task_id = (options or {}).get("task_id", self.task_id)
        if task_id is not None:
            task = self._task_by_id(str(task_id))
        else:
            task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        caller_seed = int(self.np_random.integers(2**31 - 1))
        self.task = task
        self.session = CallSession(task, seed=caller_seed, scoping=self.scoping,
                                   caller_hears_spoken=self.agent_channel
                                   and self.channel != "text", llm_caller=self.llm_caller)
        self.turn = 0
        # Each direction of the call has its own noise stream, seeded from the episode.
        wer = self.wer if self.wer is not None else task_wer(task)
        self._to_agent = Channel(self.channel, wer, seed=f"to_agent:{caller_seed}")
        self._to_caller = Channel(self.channel if self.agent_channel else "text", wer,
                                  seed=f"to_caller:{caller_seed}")
        self._turns = []
        start = self.session.clock_ms
        heard = self._caller_line(self.session.opening(), start)
        opening = to_charset(heard.heard)
        self._transcript = [f"caller: {opening}"]
        info = self._info([{"role": "user", "content": opening}], started=True)
        self._add_heard(info, heard)
        self._last_info = info
        return opening, info

    def step(self, action: Any  # type: ignore[override]  # info is a StepInfo
             ) -> tuple[str, SupportsFloat, bool, bool, StepInfo]:
        """Act once: a tool call runs at the active desk and its JSON result is the observation;
        speech goes to the caller and the caller's reply is the observation. Never raises on a
        bad action: it becomes an ``invalid_action`` error observation and is recorded.

        Terminates when the call ends (``end_call``, a terminal transfer, the caller hanging
        up) and truncates at ``max_turns``; that last step's reward is ``r_train`` and its info
        holds the verdict and trace. Stepping an ended episode returns an ``episode_over``
        error, reward 0 and the last info again."""
        session = self.session
        if session is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if session.ended:
            obs = json.dumps({"ok": False, "error_code": "episode_over",
                              "message": "the call has ended; call reset()"})
            assert self._last_info is not None
            return obs, 0.0, True, False, StepInfo(**self._last_info)
        self.turn += 1
        node_before = session.node
        parsed = parse_action(action)
        turn = self._ACT[type(parsed)](self, parsed)
        self._transcript += turn.transcript
        terminated = session.ended
        truncated = not terminated and self.turn >= self.max_turns
        info = self._info(turn.messages, moved=session.node != node_before)
        if turn.heard is not None:
            self._add_heard(info, turn.heard)
        reward = 0.0
        if terminated or truncated:
            reward = self._finish(info)
        self._last_info = info
        return turn.observation, reward, terminated, truncated, info

    def render(self) -> str | None:  # type: ignore[override]  # ansi text frames
        if self.render_mode == "ansi":
            return "\n".join(self._transcript)
        return None

    # --- one method per kind of action ---------------------------------------------------------

    def _tool(self, action: ToolAction) -> _Turn:
        assert self.session is not None
        recorded = self.session.call_tool(action.name, action.arguments)
        obs = to_charset(json.dumps(recorded.output, ensure_ascii=True, default=str))
        call_id = f"call_{len(self.session.calls)}"
        name = action.name[:128]
        return _Turn(obs, [
            {"role": "assistant", "tool_calls": [{
                "id": call_id, "type": "function",
                "function": {"name": name, "arguments": recorded.arguments_json}}]},
            {"role": "tool", "tool_call_id": call_id, "content": obs}],
            [f"agent -> {name}: {obs[:200]}"])

    def _speech(self, action: SpeechAction) -> _Turn:
        """The agent speaks (through the channel toward the caller when ``agent_channel``);
        the observation is the caller's reply as the agent heard it."""
        session = self.session
        assert session is not None
        said = to_charset(action.text, MAX_ACTION_CHARS)
        start = session.clock_ms
        if self.channel == "text":  # nothing to hear differently, nothing more to record
            reply = session.say(said)
        else:
            to_caller = self._to_caller.hear(said)
            reply = session.say(said, heard=to_caller.heard if self.agent_channel else None)
            self._record_turn("agent", to_caller, start)
        heard = self._caller_line(reply.text, start + speech_ms(said))
        obs = to_charset(heard.heard)
        return _Turn(obs, [{"role": "assistant", "content": said}, {"role": "user", "content": obs}],
                     [f"agent: {said}", f"caller: {obs}"], heard)

    def _invalid(self, action: InvalidAction) -> _Turn:
        obs = json.dumps({"ok": False, "error_code": "invalid_action", "message": action.message})
        return _Turn(obs, [{"role": "assistant", "content": "<invalid action>"},
                           {"role": "tool", "content": obs}],
                     [f"agent: <invalid action> {obs}"])

    _ACT: dict[type[Action], Callable[["MivasEnv", Any], _Turn]] = {
        ToolAction: _tool, SpeechAction: _speech, InvalidAction: _invalid}

    # --- the info contract -----------------------------------------------------------------------

    def _caller_line(self, text: str, start_ms: int) -> Heard:
        """A caller line through the channel toward the agent, recorded as a turn."""
        heard = self._to_agent.hear(text)
        self._record_turn("caller", heard, start_ms)
        return heard

    def _record_turn(self, role: str, heard: Heard, start_ms: int) -> None:
        if self.channel == "text":
            return  # the text channel records what it always recorded
        self._turns.append({"asr_text": to_charset(heard.heard),
                            "asr_confidence": heard.confidence, "start_offset_ms": start_ms})

    @staticmethod
    def _add_heard(info: StepInfo, heard: Heard) -> None:
        info["caller_said"] = to_charset(heard.said)
        info["caller_spoken"] = heard.spoken
        info["asr_confidence"] = heard.confidence

    def _trace(self, dump: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        """The session's trace; on a speech channel each transcript line also carries what the
        listener's recogniser heard, its confidence and when the line started."""
        assert self.session is not None
        trace = self.session.trace(dump)
        if self.channel != "text":
            for line, turn in zip(trace["transcript"], self._turns, strict=True):
                line.update(turn)
        return trace

    def _instructions(self, node: str) -> str:
        assert self.task is not None
        industry = load_industry(self.task.industry)
        desk = industry.nodes[node]
        return f"{industry.business.name} - {desk.title}. {desk.instructions}"

    def _info(self, messages: list[Message], *, started: bool = False,
              moved: bool = False) -> StepInfo:
        """The ``StepInfo`` of this step (``started``: after reset; ``moved``: the desk changed)."""
        assert self.session is not None and self.task is not None
        node = self.session.node
        info = StepInfo(active_node=node, tools=list(openai_tools(self.task.industry, node)),
                        messages=messages, turn=self.turn, clock_ms=self.session.clock_ms)
        if started:
            info.update({"task_id": self.task.full_id, "industry": self.task.industry,
                         "category": self.task.lock.category})
            if self.task.lock.level is not None:
                info["level"] = self.task.lock.level
        if started or moved:
            info["instructions"] = self._instructions(node)
        caller = self.session.caller
        if isinstance(caller, LLMCaller):
            info["caller_repairs"] = caller.repairs
        return info

    def _finish(self, info: StepInfo) -> float:
        """Dump the DB, score the episode and put the verdict and the auxiliary judges in
        ``info``; returns ``r_train`` (the strict reward with ``reward="strict"``)."""
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
        info.update({
            "verdict": dumped, "trace": self._trace(dump), "aux": dumped["aux"],
            "r_eval": verdict.r_eval, "r_train": reward, "r_strict": strict,
            "reward_kind": self.reward, "score_T": verdict.tools.score,
            "score_H": verdict.handoff.score, "handoff_verdict": verdict.handoff.verdict,
            "db_passed": verdict.db.passed, "ended_by": session.ended_by})
        return float(reward)

