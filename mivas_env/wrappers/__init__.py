"""Gymnasium wrappers, each one purpose: ``discount`` (the fixed-discount evaluation reward),
``macros`` (the macro action menu and its vector observation) and ``curriculum`` (difficulty
levels that follow the policy). ``mivas_env.wrappers`` was
one module: its names are still read here."""

from __future__ import annotations

from typing import Any

from mivas_env.wrappers import macros
from mivas_env.wrappers.curriculum import Curriculum
from mivas_env.wrappers.discount import FixedDiscountEval
from mivas_env.wrappers.macros import DiscreteActions, MacroActions, MacroObservations

__all__ = ["Curriculum", "DiscreteActions", "FixedDiscountEval", "MacroActions", "MacroObservations"]


def __getattr__(name: str) -> Any:  # the old module's other names
    return getattr(macros, name)
