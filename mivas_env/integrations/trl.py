"""TRL adapter: ``GRPOTrainer(environment_factory=environment_factory("healthcare"))``.

TRL builds one object per rollout slot from the zero-argument factory, calls ``reset(**row)``
with every column of a dataset row (``task_id`` and ``seed`` are honoured; the opening desk's
instructions and the caller's first words are returned and appended to the prompt), offers every
public method as a tool (schema from type hints and the Google-style docstring), runs the tool
loop, and calls ``get_reward()`` once the rollout ends.

The object's tools: ``say(text)`` (speech; a plain answer would end TRL's loop) and one typed
method per tool of the industry, generated from industry.json — identifier-only names, enums as
strings with their choices, arrays of scalars. Every tool is always offered; one of another desk
answers ``not_available_at_node`` until the call is transferred there. ``get_reward()`` returns
``r_train``; ``outcome`` holds ``r_eval``, the verdict and the rest; ``info`` is the last step's
info. TRL itself is never imported here."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

from mivas_env.env import MivasEnv
from mivas_env.integrations.common import (
    Param,
    ToolSpec,
    env_action,
    finish,
    industry_of,
    make_text_env,
    opening_message,
    outcome,
    reset_options,
    tool_result_text,
    tool_specs,
)

_PY_TYPES: dict[str, type] = {"string": str, "integer": int, "number": float, "boolean": bool}


class MivasToolEnv:
    """One rollout's phone call, with the industry's tools as methods (see the module doc).
    Build through :func:`environment_factory`, which adds the tool methods for an industry."""

    industry: str = ""

    def __init__(self, industry_or_id: str | None = None, **env_kwargs: Any) -> None:
        self.env: MivasEnv = make_text_env(industry_or_id or self.industry, **env_kwargs)
        self.info: dict[str, Any] = {}
        self.outcome: dict[str, Any] = {}
        self.done = False

    def reset(self, task_id: str | None = None, seed: int | None = None,
              family: str | None = None, level: int | None = None, **row: Any) -> str:
        """Start a call: ``task_id`` and ``seed`` from the dataset row (a generated env takes
        ``seed`` and optionally ``family`` and ``level``); other columns are ignored."""
        opening, info = self.env.reset(seed=int(seed) if seed is not None else None,
                                       options=reset_options(self.env, task_id, family, level))
        self.info, self.outcome, self.done = dict(info), {}, False
        return opening_message(info, opening)

    def say(self, text: str) -> str:
        """Speak to the caller.

        Args:
            text: What you say to the caller.

        Returns:
            What the caller says back.
        """
        return self._act(str(text), was_speech=True)

    def get_reward(self) -> float:
        """``r_train`` of this call (a call still open is ended and scored first)."""
        if not self.done:
            self._finish()
        return float(self.outcome.get("r_train", 0.0))

    def _act(self, action: Any, was_speech: bool) -> str:
        if self.env.session is None:
            return '{"ok": false, "error_code": "episode_over", "message": "no call yet"}'
        observation, _, terminated, truncated, info = self.env.step(action)
        self.info = dict(info)
        if (terminated or truncated) and not self.done:
            self.done = True
            self.outcome = outcome(info)
        return tool_result_text(observation, info, was_speech)

    def _call(self, tool: ToolSpec, arguments: dict[str, Any]) -> str:
        return self._act(env_action({"name": tool.method, "arguments": arguments}, self.industry),
                         was_speech=False)

    def _finish(self) -> None:
        if self.env.session is None:
            return
        self.info = finish(self.env)
        self.outcome = outcome(self.info)
        self.done = True


def _docstring(tool: ToolSpec) -> str:
    lines = [tool.description, ""]
    if tool.params:
        lines.append("Args:")
        for param in tool.params:
            text = param.description.replace("\n", " ")
            if param.enum is not None:
                choices = ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in param.enum)
                text += f" (choices: [{choices}])" if param.type != "array" else \
                    f" Each one of: {choices}."
            lines.append(f"    {param.name}: {text}")
        lines.append("")
    lines += ["Returns:", "    The tool result as JSON."]
    return "\n".join(lines)


def _annotation(param: Param) -> Any:
    if param.type == "array":
        return list[_PY_TYPES.get(param.item_type or "string", str)]  # type: ignore[misc]
    return _PY_TYPES[param.type]


def _method(tool: ToolSpec) -> Callable[..., str]:
    names = [param.name for param in tool.params]

    def call(self: MivasToolEnv, *args: Any, **kwargs: Any) -> str:
        arguments = dict(zip(names, args, strict=False)) | kwargs
        return self._call(tool, {k: v for k, v in arguments.items() if v is not None})

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    ordered = sorted(tool.params, key=lambda p: not p.required)  # required first
    for param in ordered:
        parameters.append(inspect.Parameter(
            param.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=_annotation(param),
            default=inspect.Parameter.empty if param.required else None))
    call.__signature__ = inspect.Signature(parameters, return_annotation=str)  # type: ignore[attr-defined]
    call.__annotations__ = {p.name: _annotation(p) for p in ordered} | {"return": str}
    call.__name__ = call.__qualname__ = tool.method
    call.__doc__ = _docstring(tool)
    return call


@cache
def tool_env_class(industry: str) -> type[MivasToolEnv]:
    """The :class:`MivasToolEnv` subclass of an industry, with one method per tool."""
    methods: dict[str, Any] = {"industry": industry, "__doc__": MivasToolEnv.__doc__}
    for tool in tool_specs(industry):
        if tool.method in ("reset", "say", "get_reward", "info", "outcome", "env", "done"):
            raise ValueError(f"tool name {tool.name!r} clashes with the adapter's own names")
        methods[tool.method] = _method(tool)
    return type(f"Mivas{''.join(w.title() for w in industry.split('_'))}ToolEnv",
                (MivasToolEnv,), methods)


def environment_factory(industry: str = "healthcare", **env_kwargs: Any
                        ) -> Callable[[], MivasToolEnv]:
    """A zero-argument factory for ``GRPOTrainer(environment_factory=...)``. ``industry`` is an
    industry name or a single-industry env id (``mivas/legal-v0``, ``mivas/legal-gen-v0``);
    ``env_kwargs`` go to the env unchanged (``discount``, ``max_turns``, ``reward``...)."""
    cls = tool_env_class(industry_of(industry))

    def factory() -> MivasToolEnv:
        return cls(industry, **env_kwargs)

    return factory


def dataset_rows(industry: str = "healthcare", task_ids: list[str] | None = None,
                 seeds: int = 1, level: int | None = None) -> list[dict[str, Any]]:
    """Rows for a ``datasets.Dataset``: a conversational ``prompt`` (the system prompt; the
    opening is appended by ``reset``), ``task_id`` and ``seed`` — for a generated env id
    (``mivas/<industry>-gen-v0``) ``seeds`` rows with a seed each, one instance per seed, and
    ``level`` when given. Only policy-visible text."""
    from mivas_env.call.tasks import load_tasks
    from mivas_env.integrations.common import ENV_ID, system_prompt

    name = industry_of(industry)
    prompt = [{"role": "system", "content": system_prompt(name)},
              {"role": "user", "content": ""}]
    match = ENV_ID.match(industry)
    if match is not None and match["suffix"]:
        extra = {"level": level} if level is not None else {}
        return [{"prompt": prompt, "seed": seed, **extra} for seed in range(seeds)]
    if level is not None:
        raise ValueError("only a generated env (mivas/<industry>-gen-v0) takes a level")
    ids = task_ids or [task.full_id for task in load_tasks(name)]
    return [{"prompt": prompt, "task_id": task_id, "seed": seed}
            for seed in range(seeds) for task_id in ids]
