"""docs/generation.md "Adding a family", followed to the letter: its two files are copied out of
the page into a throwaway family package, and the family generates, locks and self-checks in
every split (and through the CLI) without any list of families being edited."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from mivas_env.cli import main as mivas
from mivas_env.generation import core, generate_one
from mivas_env.generation.families import collect, families
from mivas_env.generation.families.healthcare.common import healthcare_family
from mivas_env.generation.text import TemplateSet
from rewards.worlds import SPLITS

DOC = Path(__file__).resolve().parent.parent / "docs" / "generation.md"
FILE_BLOCK = re.compile(r"<!-- file: (\S+) -->\n```\w+\n(.*?)\n```", re.DOTALL)
PACKAGE = "throwaway_families"


def doc_files() -> dict[str, str]:
    section = DOC.read_text(encoding="utf-8").split("## Adding a family")[1].split("\n## ")[0]
    return dict(FILE_BLOCK.findall(section))


def test_the_section_holds_a_family_module_and_its_templates() -> None:
    assert set(doc_files()) == {"healthcare/office_address.py",
                                "healthcare/templates/office_address.json"}


@pytest.fixture
def doc_family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> core.Family:
    """The page's family, in a package of its own, added to healthcare's families."""
    for rel, text in doc_files().items():
        path = tmp_path / PACKAGE / rel.split("/", 1)[1]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    (tmp_path / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    (family,) = collect(PACKAGE, healthcare_family)
    shipped = families("healthcare")
    monkeypatch.setattr(core, "families", lambda industry: (
        (*shipped, family) if industry == "healthcare" else families(industry)))
    yield family
    for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
        del sys.modules[name]


def test_the_pages_family_generates_and_self_checks_in_every_split(
        doc_family: core.Family) -> None:
    assert (doc_family.code, doc_family.category) == ("C14", "office_address")
    for split in SPLITS:
        for seed in range(3):
            instance = generate_one("healthcare", split, seed, family="C14")
            assert instance.data["exp_tool_calls"][0]["name"] == "get_location"
            assert instance.json() == generate_one("healthcare", split, seed,
                                                   family="C14").json()


def test_the_pages_templates_use_only_the_slots_its_family_passes(
        doc_family: core.Family, monkeypatch: pytest.MonkeyPatch) -> None:
    filled: list[tuple[TemplateSet, set[str]]] = []
    original = TemplateSet.fill

    def fill(self: TemplateSet, template: str, slots: dict[str, str]) -> str:
        filled.append((self, set(slots)))
        return original(self, template, slots)

    monkeypatch.setattr(TemplateSet, "fill", fill)
    generate_one("healthcare", "test", 5, family="C14")
    own = [(t, slots) for t, slots in filled if t.name.startswith(f"{PACKAGE}/office_address/")]
    assert {t.name for t, _ in own} == {f"{PACKAGE}/office_address/openings",
                                        f"{PACKAGE}/office_address/nudges"}
    assert all(t.placeholders <= slots for t, slots in own)


def test_the_pages_generate_command_writes_the_family(doc_family: core.Family,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "c14"
    assert mivas(["tasks", "generate", "--industry", "healthcare", "--family", "C14",
                  "--split", "train", "--n", "3", "--out", str(out)]) == 0
    written = sorted(out.glob("*.json"))
    assert [path.name for path in written] == [f"C14-train-{i}.json" for i in range(3)]
    assert json.loads(written[0].read_text())["category"] == "office_address"
