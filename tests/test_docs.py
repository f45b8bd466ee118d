"""docs/ is self-contained and matches the code: no references to a design document users do
not have, every relative link resolves, the field tables name every field the code has, and every
python, bash and console block of README.md and docs/*.md runs as written (tests/docblocks.py
finds them and reads their markers) in a committed copy of the checkout, which it leaves clean."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docblocks import (
    Block,
    all_blocks,
    blocks,
    console_steps,
    matches,
    missing_extra,
    shown_python,
)

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


BLOCKS = all_blocks()
SHIMS = {"mivas": f'exec "{sys.executable}" -m mivas_env.cli "$@"',
         "python": f'exec "{sys.executable}" "$@"', "python3": f'exec "{sys.executable}" "$@"'}


def git(checkout: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=docs", "-c", "user.email=docs@localhost",
                           *args], cwd=checkout, capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A committed copy of this checkout (tracked and unignored files) where ``mivas``,
    ``python`` and ``python3`` run this code; the blocks run in it one after another."""
    base = tmp_path_factory.mktemp("docs")
    copy, shims = base / "repo", base / "bin"
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\0")
    for rel in filter(None, listed):
        if (ROOT / rel).is_file():
            (copy / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, copy / rel)
    git(copy, "init", "-q")
    git(copy, "add", "-A")
    git(copy, "commit", "-q", "-m", "docs copy")
    shims.mkdir()
    for name, body in SHIMS.items():
        (shims / name).write_text(f"#!/bin/sh\n{body}\n")
        (shims / name).chmod(0o755)
    yield copy


def block_env(checkout: Path) -> dict[str, str]:
    inherited = {key: value for key, value in os.environ.items() if key != "MIVAS_TASKS_DIR"}
    return {**inherited, "PATH": f"{checkout.parent / 'bin'}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(checkout), "MPLBACKEND": "Agg", "NO_COLOR": "1"}


def run(argv: list[str], checkout: Path, block: Block) -> subprocess.CompletedProcess[str]:
    """Run in its own session, output to files: a server a block starts with ``&`` and forgets
    to stop must not hang the test; what is left of the session is ended afterwards."""
    out, err = checkout.parent / "stdout", checkout.parent / "stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(argv, cwd=checkout, env=block_env(checkout), stdout=stdout,
                                   stderr=stderr, text=True, start_new_session=True)
        try:
            process.wait(timeout=900)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
    done = subprocess.CompletedProcess(argv, process.returncode, out.read_text(), err.read_text())
    if done.returncode and (extra := missing_extra(done.stderr)):
        pytest.skip(f"needs {extra}")
    return done


def run_python(block: Block, checkout: Path) -> None:
    script = checkout.parent / "block.py"
    script.write_text(block.source())
    done = run([sys.executable, str(script)], checkout, block)
    assert done.returncode == 0, f"{block.name}\n{done.stderr[-3000:]}"
    lines = iter(done.stdout.splitlines())
    for shown in shown_python(block.text):
        assert any(matches(shown, line) for line in lines), \
            f"{block.name}: no printed line shows {shown!r}\n{done.stdout[-3000:]}"


def run_bash(block: Block, checkout: Path) -> None:
    done = run(["bash", "-e", "-o", "pipefail", "-c", block.source()], checkout, block)
    assert done.returncode == 0, f"{block.name}\n{done.stderr[-3000:]}"


def run_console(block: Block, checkout: Path) -> None:
    for command, shown in console_steps(block.source()):
        done = run(["bash", "-o", "pipefail", "-c", command], checkout, block)
        # 1 is a verdict (verify: fail); 2 and up is a mistake or a crash
        assert done.returncode in (0, 1), f"{block.name}: {command}\n{done.stderr[-3000:]}"
        if shown:
            assert matches(shown, done.stdout + done.stderr), \
                f"{block.name}: {command} printed\n{done.stdout}{done.stderr}"


RUNNERS = {"python": run_python, "bash": run_bash, "console": run_console}


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.name)
def test_every_documented_block_runs_and_leaves_the_checkout_clean(block: Block,
                                                                    checkout: Path) -> None:
    if block.skip:
        pytest.skip(block.skip)
    RUNNERS[block.language](block, checkout)
    assert git(checkout, "status", "--porcelain", "--untracked-files=all") == "", block.name


def test_blocks_marked_not_to_run_are_few_and_each_page_listed_in_the_readme() -> None:
    marked = [block for block in BLOCKS if block.skip]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme[readme.index("## The docs are tests"):]
    assert len(marked) <= 8
    assert [block.name for block in marked
            if f"| `{block.page.relative_to(ROOT)}` |" not in listed] == []


def test_any_new_block_is_found_with_its_markers(tmp_path: Path) -> None:
    page = tmp_path / "new.md"
    page.write_text('Text.\n\n```python\nprint(1)  # -> 1\n```\n\n<!-- skip: next "needs a GPU" -->\n'
                    "```bash\nnvidia-smi\n```\n\n<!-- small: --n 300 => --n 3 -->\n"
                    "```console\n$ mivas tasks generate --n 300\nwrote ...\n```\n\n```json\n{}\n```\n"
                    "\n```sh\nls\n```\n")
    found = blocks(page)
    assert [(b.language, b.skip, b.small) for b in found] == [
        ("python", None, ()), ("bash", "needs a GPU", ()), ("console", None, (("--n 300", "--n 3"),)),
        ("bash", None, ())]
    assert found[2].source() == "$ mivas tasks generate --n 3\nwrote ...\n"
    assert shown_python(found[0].text) == ["1"]


def test_a_skip_marker_without_a_reason_is_refused(tmp_path: Path) -> None:
    page = tmp_path / "bad.md"
    page.write_text("<!-- skip: next -->\n```bash\nls\n```\n")
    with pytest.raises(ValueError, match="needs a reason"):
        blocks(page)


def test_a_console_block_pairs_each_command_with_its_output() -> None:
    text = "$ mivas verify a \\\n    b\nFAIL\n  T: missing\n$ true\n"
    assert console_steps(text) == [("mivas verify a \\\n    b", "FAIL\n  T: missing"), ("true", "")]


@pytest.mark.parametrize(("shown", "actual", "same"), [
    ("PASS route=exact", "PASS route=exact\n", True),
    ("PASS exact", "PASS route=exact", False),
    ("{\n  \"passed\": false,\n...\n}", "{\n  \"passed\": false,\n  \"x\": 1\n}", True),
    ("FAIL ... r_eval=0", "FAIL route=exact T=FAIL(0.50) r_eval=0", True),
    ("FAIL ... r_eval=0", "FAIL route=exact r_eval=1", False),
])
def test_a_shown_output_matches_with_dots_standing_for_any_text(shown: str, actual: str,
                                                                 same: bool) -> None:
    assert matches(shown, actual) is same


@pytest.mark.parametrize(("stderr", "extra"), [
    ("mivas: error: this needs ray, which is not installed: pip install 'mivas[rllib]'\n",
     "the [rllib] extra"),
    ("bash: line 2: vf-eval: command not found\n", "the [verifiers] extra (vf-eval)"),
    ("ModuleNotFoundError: No module named 'trl'\n", "the [trl] extra (trl)"),
    ("ModuleNotFoundError: No module named 'matplotlib'\n", None),
    ("ModuleNotFoundError: No module named 'mivas_env.nope'\n", None),
    ("bash: line 1: mivas: command not found\n", None),
])
def test_a_block_skips_only_for_a_missing_extra(stderr: str, extra: str | None) -> None:
    assert missing_extra(stderr) == extra
