"""What a run records about itself (``mivas eval --json``), so that it can be reproduced and two
runs can be told comparable or not: the version, a content hash of the lockfiles run, the seed,
the trials and every setting that changes an episode."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mivas_env.call.tasks import Task
from rewards.industry import read_json
from rewards.normalize import canonical_json


def mivas_version() -> str:
    """The installed distribution's version ("unknown (not installed)" from a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mivas")
    except PackageNotFoundError:
        return "unknown (not installed)"


def lockfile_sha256(task: Task) -> str:
    """The hash of one lockfile's canonical JSON (its file as written; an in-memory task's
    model), so key order and whitespace never change it."""
    path = Path(task.path)
    content = read_json(path) if path.is_file() else task.lock.model_dump(mode="json")
    return hashlib.sha256(canonical_json(content).encode()).hexdigest()


def tasks_sha256(tasks: Iterable[Task]) -> str:
    """The content hash of a set of lockfiles: the sha256 of their sorted per-file hashes, one a
    line, so the order they were run in never changes it and any edit to one does."""
    lines = sorted(lockfile_sha256(task) for task in tasks)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def host(url: str | None) -> str | None:
    """The host (and port) of an endpoint: where a model ran, without its path or any key."""
    if not url:
        return None
    return urlsplit(url).netloc.rpartition("@")[2] or url


def run_metadata(tasks: Iterable[Task], *, agent_kwargs: Mapping[str, Any],
                 env_kwargs: Mapping[str, Any], max_turns: int) -> dict[str, Any]:
    """The metadata keys of ``mivas eval --json`` beside agent, discount, seed and trials."""
    channel = str(env_kwargs.get("channel", "text"))
    meta: dict[str, Any] = {
        "mivas_version": mivas_version(), "tasks_sha256": tasks_sha256(tasks),
        "channel": channel, "wer": env_kwargs.get("wer") if channel != "text" else None,
        "agent_channel": bool(env_kwargs.get("agent_channel", False)), "max_turns": max_turns}
    if "model" in agent_kwargs:  # an LLM agent
        meta.update(model=agent_kwargs["model"], base_url_host=host(agent_kwargs.get("base_url")))
    caller = env_kwargs.get("llm_caller")
    if isinstance(caller, Mapping):
        meta.update(caller_model=caller.get("model"), caller_base_url_host=host(caller.get("base_url")))
    return meta
