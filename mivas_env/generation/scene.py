"""One instance being drawn (``Scene``: its world, rng, the split's text, new people): the same
``(world, rng)`` gives the same instance; a bounded draw that finds nothing raises ``NoFit``."""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import wraps
from typing import Any, TypeVar

from mivas_env.evaluation.authoring import NearMiss
from mivas_env.generation.core import Draft, Family, World
from mivas_env.generation.text import TemplateSet

T = TypeVar("T")
MAX_DRAWS = 1000  # draws of a value that must avoid taken ones (a name, a phone number)


@dataclass
class Scene:
    """The per-attempt context of a family: ``world`` and ``rng``, read-only otherwise."""

    world: World
    rng: random.Random

    @property
    def split(self) -> str:
        return self.world.split

    @property
    def today(self) -> date:
        """The business date, from ``industry.json``."""
        return self.world.today

    def say(self, templates: TemplateSet, **slots: Any) -> str:
        """One of the split's templates, filled with ``slots`` (``str.format`` fields)."""
        own = templates.own(self.split)
        return templates.fill(own[self.rng.randrange(len(own))], slots)

    def lines(self, templates: TemplateSet, count: int, **slots: Any) -> list[str]:
        """``count`` different templates of the split (or all it has), filled, in a random order."""
        own = templates.own(self.split)
        return [templates.fill(template, slots) for template in self.rng.sample(own, min(count, len(own)))]

    def draw(self, make: Callable[[random.Random], T], taken: Container[T],
             key: Callable[[T], T] = lambda value: value) -> T:
        """A value ``make`` draws whose ``key`` is not ``taken`` (``NoFit`` after ``MAX_DRAWS``)."""
        for _ in range(MAX_DRAWS):
            value = make(self.rng)
            if key(value) not in taken:
                return value
        raise NoFit(f"no free value in {MAX_DRAWS} draws")

    def birthday(self, youngest: int, oldest: int) -> date:
        """A date of birth of someone ``youngest`` to ``oldest`` years old today."""
        today = self.today
        age = self.rng.randint(youngest, oldest)
        born = date(today.year - age, 1, 1) + timedelta(days=self.rng.randint(0, 364))
        if born >= today.replace(year=born.year):  # this year's birthday is still to come
            born = born.replace(year=born.year - 1)
        return born

    def pick(self, options: Sequence[T]) -> T:
        """One of ``options`` (``NoFit`` when there are none)."""
        return self.rng.choice(fit(options))


class NoFit(Exception):
    """The attempt's world has no fitting scenario (a bounded draw ran out): redraw."""


def fit(value: T | None) -> T:
    """``value`` when there is one (not empty, not false); else ``NoFit``: no scenario here, redraw."""
    if not value:
        raise NoFit("nothing fits")
    return value


S = TypeVar("S", bound=Scene)


def family(industry: str, code: str, category: str, make: Callable[[S], Draft | None], *,
           scene: Callable[[World, random.Random], S], refusal: bool = False,
           near_misses: Callable[[World, Draft], list[NearMiss]] | None = None) -> Family:
    """A ``Family`` whose maker draws from a scene (``scene(world, rng)``, a ``Scene`` or an
    industry's own kind of one); ``NoFit`` anywhere in it means no scenario."""

    @wraps(make)
    def make_in(world: World, rng: random.Random) -> Draft | None:
        try:
            return make(scene(world, rng))
        except NoFit:
            return None

    return Family(industry, code, category, refusal, make_in, near_misses)
