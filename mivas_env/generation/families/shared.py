"""What the families of every industry share beyond generation's toolkit: their data files, ``fit``."""

import json
from importlib import resources
from typing import Any, TypeVar

from mivas_env.generation.scene import NoFit

T = TypeVar("T")


def data(package: str, name: str) -> Any:
    """The JSON data file ``name`` of a family package (``words.json``)."""
    return json.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def fit(value: T | None) -> T:
    """``value`` when there is one (not empty, not false); else ``NoFit``: no scenario here, redraw."""
    if not value:
        raise NoFit("nothing fits")
    return value
