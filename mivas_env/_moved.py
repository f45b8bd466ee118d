"""The import paths of modules that moved when ``mivas_env/`` was laid out by role: each old
path is one line of ``MOVED`` and imports the module at its new home (the same module object,
so attributes, monkeypatches and pickles agree). Nothing is imported until an old path is."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

MOVED = {
    "mivas_env.actions": "mivas_env.call.actions",
    "mivas_env.arguments": "mivas_env.call.arguments",
    "mivas_env.runtime": "mivas_env.call.runtime",
    "mivas_env.tasks": "mivas_env.call.tasks",
    "mivas_env.llm_caller": "mivas_env.caller.llm",
    "mivas_env.channel": "mivas_env.speech.channel",
    "mivas_env.heard": "mivas_env.speech.heard",
    "mivas_env.voice_agents": "mivas_env.agents.voice",
    "mivas_env.llm_agent": "mivas_env.agents.llm",
    "mivas_env.llm_judge": "mivas_env.llm.judge",
    "mivas_env.evaluate": "mivas_env.evaluation.runner",
    "mivas_env.ray_eval": "mivas_env.evaluation.ray_runner",
    "mivas_env.audit": "mivas_env.evaluation.audit",
    "mivas_env.authoring": "mivas_env.evaluation.authoring",
    "mivas_env.report": "mivas_env.reporting.report",
    "mivas_env.show": "mivas_env.reporting.show",
    "mivas_env.episode_view": "mivas_env.reporting.episode_view",
    "mivas_env.rllib": "mivas_env.integrations.rllib",
    "mivas_env.recorded": "mivas_env.integrations.retell",
    "mivas_env.generation.env": "mivas_env.generated",
}
# mivas_env.caller, mivas_env.agents and mivas_env.wrappers are packages now: each re-exports
# its old module's names (``__getattr__`` in the package's ``__init__``).


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module at its new home."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED[spec.name])
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # importlib has just given the module the old path's spec: give it back its own.
        if module.__spec__ is not None and module.__spec__.name in self._specs:
            module.__spec__ = self._specs[module.__spec__.name]


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(_MovedFinder())
