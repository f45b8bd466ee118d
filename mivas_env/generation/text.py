"""Templated caller text, held out by split. A family's text is ``templates/<family>.json``
beside it: ``"<name>": {"train": [...], "test": [...], "bench": [...]}`` is a template set (no
line in two splits: a test opening never appears in a train instance), ``"<name>": "line"`` a
fixed ``Line``, ``"<name>": ["word", ...]`` a word list. ``{slot}`` fields are filled with
``str.format``; a fact line's ``{value}`` is left for the caller script (filled with ``"{value}"``)."""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from rewards.worlds import SPLITS

MIN_PER_SPLIT = 2


def _fields(templates: Iterable[str]) -> frozenset[str]:
    """The ``{slot}`` names the templates use."""
    return frozenset(field for line in templates for _, field, _, _ in string.Formatter().parse(line)
                     if field)


@dataclass(frozen=True)
class TemplateSet:
    """The paraphrases of one line, per split (``by_split[split]``)."""

    name: str
    by_split: Mapping[str, tuple[str, ...]]

    def own(self, split: str) -> tuple[str, ...]:
        """The templates ``split`` may use."""
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r} (splits: {', '.join(SPLITS)})")
        return self.by_split[split]

    @cached_property
    def placeholders(self) -> frozenset[str]:
        """The ``{slot}`` names any of its templates uses (every split)."""
        return _fields(line for lines in self.by_split.values() for line in lines)

    def fill(self, template: str, slots: Mapping[str, Any]) -> str:
        return template.format(**slots)


@dataclass(frozen=True)
class Line:
    """One fixed line of a family, the same in every split; ``line(**slots)`` fills it."""

    name: str
    template: str

    @cached_property
    def placeholders(self) -> frozenset[str]:
        return _fields([self.template])

    def fill(self, slots: Mapping[str, Any]) -> str:
        return self.template.format(**slots)


class Text(dict[str, TemplateSet]):
    """A family's text file: its template sets by name (``text["openings"]``), its fixed lines
    (``text.line("title", office=office)``) and its word lists (``text.words("saved")``)."""

    def __init__(self, sets: Mapping[str, TemplateSet], lines: Mapping[str, Line],
                 words: Mapping[str, tuple[str, ...]]) -> None:
        super().__init__(sets)
        self.lines = dict(lines)
        self._words = dict(words)

    def line(self, name: str, /, **slots: Any) -> str:
        """The fixed line ``name``, filled."""
        return self.lines[name].fill(slots)

    def of(self, name: str, variant: str, /, **slots: Any) -> str:
        """The fixed line ``"<name> <variant>"`` where the text has one, else ``name``, filled."""
        return self.line(f"{name} {variant}" if f"{name} {variant}" in self.lines else name, **slots)

    def words(self, name: str) -> list[str]:
        """A fresh copy of the word list ``name``."""
        return list(self._words[name])


def load_data(package: str, name: str) -> Any:
    """The JSON data file ``name`` of a package (a family package's ``words.json``)."""
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def load_templates(package: str, name: str) -> Text:
    """The text of ``<package>/templates/<name>.json``, checked: each template set has the three
    splits, at least two lines each, no line (but the empty one) in two splits."""
    raw: dict[str, Any] = load_data(package, f"templates/{name}.json")
    label = f"{package.rpartition('.')[2]}/{name}"  # healthcare/coverage
    out: dict[str, TemplateSet] = {}
    lines: dict[str, Line] = {}
    words: dict[str, tuple[str, ...]] = {}
    for key, by_split in raw.items():
        if isinstance(by_split, str):
            lines[key] = Line(f"{label}/{key}", by_split)
        elif isinstance(by_split, list):
            words[key] = tuple(by_split)
        else:
            where = f"{package}/templates/{name}.json {key!r}"
            if set(by_split) != set(SPLITS):
                raise ValueError(f"{where}: keys must be {', '.join(SPLITS)}, got {sorted(by_split)}")
            short = [split for split in SPLITS if len(by_split[split]) < MIN_PER_SPLIT]
            if short:
                raise ValueError(f"{where}: fewer than {MIN_PER_SPLIT} lines for {', '.join(short)}")
            seen: dict[str, str] = {}
            for split in SPLITS:
                for line in by_split[split]:
                    # "" (no sign-off, say) adds no words, so it may serve every split
                    if line and seen.setdefault(line, split) != split:
                        raise ValueError(f"{where}: {line!r} is in {seen[line]} and {split}")
            out[key] = TemplateSet(f"{label}/{key}", {split: tuple(by_split[split]) for split in SPLITS})
    return Text(out, lines, words)


def family_templates(module: str) -> Text:
    """The text of family module ``<package>.<family>``: ``<package>/templates/<family>.json``."""
    package, _, name = module.rpartition(".")
    return load_templates(package, name)

