"""Task families: ``families/<industry>/`` defines ``FAMILIES``, one per category of
``tasks/<industry>/README.md`` and per module (``collect``); an industry without one has none."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from rewards.industry import industry_names

if TYPE_CHECKING:
    from mivas_env.generation.core import Family


@cache
def families(industry: str) -> tuple[Family, ...]:
    """The families of an industry, in code order (C1, C2, ...); empty when it has none."""
    module_name = f"mivas_env.generation.families.{industry}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return ()
        raise
    found: tuple[Family, ...] = tuple(module.FAMILIES)
    return tuple(sorted(found, key=lambda f: int(f.code[1:])))


def industries() -> tuple[str, ...]:
    """Industries with at least one family."""
    return tuple(name for name in industry_names() if families(name))


def collect(package: str, family: Callable[..., Family]) -> tuple[Family, ...]:
    """A family per module of an industry package that declares its ``CODE`` (one per file), in code order:
    ``family(CODE, <module name>, make, refusal=REFUSAL)``, with the module's ``near_misses`` if any."""
    found = []
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        module = importlib.import_module(f"{package}.{info.name}")
        if hasattr(module, "CODE"):
            own = {"near_misses": module.near_misses} if hasattr(module, "near_misses") else {}
            refusal = getattr(module, "REFUSAL", False)
            found.append(family(module.CODE, info.name, module.make, refusal=refusal, **own))
    return tuple(sorted(found, key=lambda f: int(f.code[1:])))
