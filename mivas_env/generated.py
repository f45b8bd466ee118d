"""``GeneratedEnv`` (``mivas/<industry>-gen-v0``, ``mivas/all-gen-v0``; docs/generation.md
"Environments"): ``reset(seed=s)`` generates an instance, the same for the same ``s`` in every process;
``options`` may pin a ``family`` (code or category) and a ``level`` (an int, or ``{"<industry>/<code>":
K, "*": K0}`` as ``mivas_env.Curriculum`` passes). Worlds are drawn among the split's first ``num_worlds``."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from mivas_env.call.runtime import Scoping
from mivas_env.call.tasks import Task
from mivas_env.env import MivasEnv, RewardKind, StepInfo
from mivas_env.generation.core import check_split, generate_one, pick_family
from mivas_env.generation.families import families, industries
from mivas_env.generation.levels import check_level
from rewards import TaskNotFoundError

TASK_CACHE = 256  # generated tasks kept per env (a repeated seed is not generated again)


class GeneratedEnv(MivasEnv):
    """Generated tasks of one industry (or of every industry with families), one per reset."""

    def __init__(self, industry: str | None = None, split: str = "train",
                 family: str | None = None, num_worlds: int | None = 100,
                 self_check: bool = False, discount: float = 0.5, max_turns: int = 40,
                 scoping: Scoping = "enforce", render_mode: str | None = None,
                 reward: RewardKind = "contract", llm_judge: Any = None, level: int = 0,
                 **env_kwargs: Any) -> None:
        """``env_kwargs`` are further ``MivasEnv`` keywords (``channel``, ``wer``...)."""
        self.split = check_split(split)
        self.level = check_level(level)
        if num_worlds is not None and (isinstance(num_worlds, bool) or num_worlds < 1):
            raise ValueError(f"num_worlds must be a positive int or None, got {num_worlds!r}")
        names = [industry] if industry is not None else list(industries())
        if not names or not all(families(name) for name in names):
            raise TaskNotFoundError(f"no task families for {industry or 'any industry'}")
        self.industries = names
        self.family = family
        self.num_worlds = num_worlds
        self.self_check = self_check
        self._generated: OrderedDict[tuple[str, int, str | None, int], Task] = OrderedDict()
        first = self._generate(names[0], 0, family, self.level)
        super().__init__(discount=discount, max_turns=max_turns, scoping=scoping, tasks=[first],
                         render_mode=render_mode, reward=reward, llm_judge=llm_judge, **env_kwargs)

    def _generate(self, industry: str, seed: int, family: str | None, level: int) -> Task:
        key = (industry, seed, family, level)
        if key not in self._generated:
            self._generated[key] = generate_one(industry, self.split, seed, family=family,
                                                worlds=self.num_worlds, check=self.self_check,
                                                level=level).task
            while len(self._generated) > TASK_CACHE:
                self._generated.popitem(last=False)
        self._generated.move_to_end(key)
        return self._generated[key]

    def reset(self, *, seed: int | None = None,  # type: ignore[override]  # info is a StepInfo
              options: dict[str, Any] | None = None) -> tuple[str, StepInfo]:
        options = dict(options or {})
        if "task_id" in options:
            raise ValueError("a generated env has no fixed tasks; pin a family with "
                             "options={'family': ...}")
        super(MivasEnv, self).reset(seed=seed)
        industry = self.industries[int(self.np_random.integers(len(self.industries)))]
        instance_seed = int(self.np_random.integers(2**31 - 1))
        family = options.pop("family", self.family)
        code = pick_family(industry, self.split, instance_seed, family).code
        level = self._level(options.pop("level", self.level), f"{industry}/{code}")
        task = self._generate(industry, instance_seed, family, level)
        self.tasks = [task]
        observation, info = super().reset(options={**options, "task_id": task.full_id})
        info.update({"instance_seed": instance_seed, "world_seed": task.lock.world_seed, "split": self.split,
                     "family": code, "level": level})
        return observation, info

    def _level(self, wanted: Any, family: str) -> int:
        """The level of one reset: an int, or a mapping by ``<industry>/<code>`` (a family it
        does not name takes the mapping's ``"*"``, else the env's level)."""
        if isinstance(wanted, Mapping):
            wanted = wanted.get(family, wanted.get("*", self.level))
        return check_level(wanted)
