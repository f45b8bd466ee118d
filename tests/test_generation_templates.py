"""Caller text as data (mivas_env/generation/families/<industry>/templates/*.json): every
template set has the three splits, no line is in two splits, and every ``{slot}`` a template
or a fixed line uses is one its family passes."""

from __future__ import annotations

import inspect
import json
import os
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from mivas_env.caller.scripted import CallerSpec, Goal, Reaction
from mivas_env.generation import load_world
from mivas_env.generation.families import families
from mivas_env.generation.lockfile import CallerFields, GoalFields, ReactionFields
from mivas_env.generation.text import Line, TemplateSet, Text, load_templates
from rewards.worlds import SPLIT_SEEDS, SPLITS

FAMILIES_DIR = Path(__file__).resolve().parents[1] / "mivas_env" / "generation" / "families"
FILES = sorted(FAMILIES_DIR.glob("*/templates/*.json"))
# draws per family and split: enough to reach every variant's template sets
ATTEMPTS = int(os.environ.get("MIVAS_TEMPLATE_ATTEMPTS", "8"))
MAX_ATTEMPTS = 400
WORLDS = 20  # the first worlds of each split (their tables are cached)


def _package(path: Path) -> str:
    return f"mivas_env.generation.families.{path.parent.parent.name}"


def test_there_are_template_files() -> None:
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_template_set_has_the_three_splits_and_no_line_in_two(path: Path) -> None:
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    text = load_templates(_package(path), path.stem)
    for name, by_split in raw.items():
        if isinstance(by_split, str):  # a fixed line
            assert text.lines[name].template == by_split, name
            continue
        if isinstance(by_split, list):  # a word list
            assert by_split and all(isinstance(w, str) and w for w in by_split), name
            assert text.words(name) == by_split, name
            continue
        assert list(by_split) == list(SPLITS), name
        assert all(len(by_split[split]) >= 2 for split in SPLITS), name
        for split in SPLITS:
            others = {line for other in SPLITS if other != split for line in by_split[other]}
            assert not (set(by_split[split]) & others) - {""}, (name, split)
    assert set(text) | set(text.lines) | {n for n in raw if isinstance(raw[n], list)} == set(raw)


def test_a_template_file_with_a_line_in_two_splits_is_refused(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    package = tmp_path / "fake_templates_pkg"
    (package / "templates").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "templates" / "x.json").write_text(json.dumps({"openings": {
        "train": ["Hi.", "Hello."], "test": ["Hi.", "Hey."], "bench": ["Yo.", "Oi."]}}),
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="in train and test"):
        load_templates("fake_templates_pkg", "x")


def _filled(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[set[str]]]:
    """Run the makers (and near-misses) of every family with template files in every split,
    recording the slots each template set and fixed line is filled with: ``ATTEMPTS`` draws per
    split, more (up to ``MAX_ATTEMPTS``) until every set and line of the family's own file has
    been filled."""
    seen: dict[str, list[set[str]]] = defaultdict(list)
    original, original_line = TemplateSet.fill, Line.fill

    def fill(self: TemplateSet, template: str, slots: Any) -> str:
        seen[self.name].append(set(slots))
        return original(self, template, slots)

    def fill_line(self: Line, slots: Any) -> str:
        seen[self.name].append(set(slots))
        return original_line(self, slots)

    monkeypatch.setattr(TemplateSet, "fill", fill)
    monkeypatch.setattr(Line, "fill", fill_line)
    for industry in sorted({path.parent.parent.name for path in FILES}):
        for family in families(industry):
            module = inspect.getmodule(family.make)
            assert module is not None
            package, _, stem = module.__name__.rpartition(".")
            own = FAMILIES_DIR / industry / "templates" / f"{stem}.json"
            # its own file, and the file of a shared maker it calls (returns.returns_case)
            texts = [load_templates(package, stem)] if own.exists() else []
            texts += [f.__globals__["TEXT"] for f in vars(module).values()
                      if inspect.isfunction(f) and isinstance(f.__globals__.get("TEXT"), Text)]
            wanted = {name for text in texts for name in (
                {t.name for t in text.values() if t.placeholders != {"value"}}
                | {line.name for line in text.lines.values()})}
            for attempt in range(MAX_ATTEMPTS):
                if attempt >= ATTEMPTS and all(seen[name] for name in wanted):
                    break
                for split in SPLITS:
                    rng = random.Random(f"templates/{family.code}/{split}/{attempt}")
                    seed = SPLIT_SEEDS[split][attempt % WORLDS]
                    world = load_world(industry, seed)
                    draft = family.make(world, rng)
                    if draft is not None and family.near_misses is not None:
                        family.near_misses(world, draft)
    return seen


def test_every_placeholder_is_a_slot_its_family_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _filled(monkeypatch)
    for path in FILES:
        text = load_templates(_package(path), path.stem)
        entries: list[tuple[str, TemplateSet | Line]] = [*text.items(), *text.lines.items()]
        for name, templates in entries:
            if templates.placeholders == {"value"}:  # a fact line, taken verbatim
                continue
            assert seen[templates.name], f"{path.name} {name!r}: no family fills it"
            for slots in seen[templates.name]:
                assert templates.placeholders <= slots, (path.name, name,
                                                         sorted(templates.placeholders - slots))


def test_fact_lines_hold_exactly_the_value_the_caller_fills() -> None:
    from mivas_env.generation.families.healthcare.common import FACT_LINES

    for templates in FACT_LINES.values():
        assert templates.placeholders == {"value"}


def test_the_lockfile_builders_name_the_callers_own_fields() -> None:
    assert set(ReactionFields.__annotations__) == set(Reaction.model_fields)
    assert set(GoalFields.__annotations__) == set(Goal.model_fields)
    assert set(CallerFields.__annotations__) == set(CallerSpec.model_fields)
