"""docs/ is self-contained and matches the code: no references to a design document users do
not have, every relative link resolves, and the field tables name every field the code has."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS, *sorted((ROOT / "tasks").glob("*/README.md"))]


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.split()
    paths = [ROOT / p for p in listed] or [p for p in ROOT.rglob("*") if ".venv" not in p.parts]
    return [p for p in paths if p.suffix in {".py", ".md", ".toml", ".txt"} and p.is_file()]


def test_nothing_points_to_the_design_spec_users_do_not_have() -> None:
    offenders = [str(p.relative_to(ROOT)) for p in tracked_text_files()
                 if re.search(r"SPEC(\.md)? ?§|\bSPEC\.md\b", p.read_text(encoding="utf-8",
                                                                        errors="replace"))]
    assert offenders == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
        if not re.match(r"[a-z]+://", target):
            assert (page.parent / target).exists(), f"{page.name}: {target}"


def test_formats_doc_names_every_verdict_field() -> None:
    from rewards.models import DbVerdict, HandoffVerdict, ToolsVerdict, Verdict

    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    fields = [f"`{name}`" for name in Verdict.model_fields if name not in ("tools", "handoff", "db")]
    for prefix, part in (("tools", ToolsVerdict), ("handoff", HandoffVerdict), ("db", DbVerdict)):
        fields += [f"{prefix}.{field.name}" for field in dataclasses.fields(part)]
    assert [field for field in fields if field not in text] == []


def test_environment_doc_names_every_info_key() -> None:
    from mivas_env.env import StepInfo

    text = (ROOT / "docs" / "environment.md").read_text(encoding="utf-8")
    assert [key for key in StepInfo.__annotations__ if f"`{key}`" not in text] == []


def test_formats_doc_names_every_eval_summary_field() -> None:
    from mivas_env.evaluation.runner import EpisodeResult, summarize

    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    result = EpisodeResult(task_id="healthcare/C1-E1", industry="healthcare", category="c",
                           seed=0, passed=True, r_eval=1, r_train=1.0, handoff_verdict="exact",
                           score_T=1.0, score_H=1.0, db_passed=True, turns=3, ended_by="end_call",
                           trace_sha256="0")
    from mivas_env.call.tasks import find_task
    from mivas_env.evaluation.metadata import run_metadata

    meta = run_metadata([find_task("healthcare/C1-E1")], max_turns=40,
                        agent_kwargs={"model": "m", "base_url": "http://h:1/v1"},
                        env_kwargs={"channel": "asr", "wer": 0.1,
                                    "llm_caller": {"model": "m", "base_url": "http://h:2/v1"}})
    summary = summarize("oracle", 0.5, [result], metadata=meta)
    keys = [*summary, *summary["overall"]]
    assert [key for key in keys if f"`{key}`" not in text] == []
