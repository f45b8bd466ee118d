"""The evaluation report page (`mivas eval --report`) and the terminal viewer (`mivas show`)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from mivas_env.agents.baselines import make_agent
from mivas_env.call.tasks import load_tasks
from mivas_env.cli import main
from mivas_env.evaluation.runner import evaluate, summarize
from mivas_env.reporting.episode_view import explain, lines_from_messages
from mivas_env.reporting.report import ReportCollector, render_report
from mivas_env.reporting.show import render_episode
from rewards import Verdict, load_trace

INJECTED = '<script>document.title="pwned"</script><img src=x onerror=alert(1)>'


class _Page(HTMLParser):
    """Sections, scripts and visible text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, dict[str, str | None]] = {}
        self.scripts = 0
        self.images = 0
        self.text: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "section" and values.get("id"):
            self.sections[str(values["id"])] = values
        if tag == "script":
            self.scripts += 1
            if values.get("src"):
                self.external.append(str(values["src"]))
        if tag == "img":
            self.images += 1
        if tag == "link" and values.get("href"):
            self.external.append(str(values["href"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _small_run() -> tuple[list[Any], str]:
    tasks = [t for t in load_tasks() if t.lock.id in ("C1-E1", "C2-E1")]
    records: list[Any] = []
    for agent in ("oracle", "noop"):
        collector = ReportCollector(label=agent)
        results = evaluate(make_agent(agent), tasks, on_episode=collector)
        records += collector.records
        summary = summarize(agent, 0.5, results)
    noop = next(r for r in records if not r.verdict["passed"])
    noop.messages.append({"role": "assistant", "content": INJECTED})
    return records, render_report(records, {"agent": "oracle+noop"}, summary)


@pytest.fixture(scope="module")
def small_run() -> tuple[list[Any], str]:
    return _small_run()


def test_report_has_every_episode_and_every_failure_explanation(
        small_run: tuple[list[Any], str]) -> None:
    records, page = small_run
    parsed = _Page()
    parsed.feed(page)
    text = " ".join(parsed.text)
    assert len(parsed.sections) == len({r.anchor for r in records})
    for record in records:
        assert record.anchor in parsed.sections
        assert parsed.sections[record.anchor]["data-passed"] == str(int(record.verdict["passed"]))
        verdict = Verdict.model_validate(record.verdict)
        for line in verdict.explain():
            gate, _, rest = line.partition(": ")
            # Every failure is explained: the call/hop/row named in the verdict shows on the page.
            for fragment in re.findall(r"[a-z_]+ #\d+|missing row|extra row|expected hops", rest):
                assert fragment in text, (record.task_id, line)
        for message in record.messages:
            content = message.get("content")
            if message.get("role") in ("user", "assistant") and isinstance(content, str):
                assert content in text


def test_failures_are_listed_first(small_run: tuple[list[Any], str]) -> None:
    _, page = small_run
    order = re.findall(r'data-passed="(\d)"', page)
    assert order == sorted(order) and "0" in order and "1" in order


def test_injected_markup_in_an_agent_line_is_shown_not_run(small_run: tuple[list[Any], str]) -> None:
    _, page = small_run
    parsed = _Page()
    parsed.feed(page)
    assert parsed.scripts == 1 and parsed.images == 0  # only the page's own filter script
    assert INJECTED in " ".join(parsed.text)
    assert not parsed.external  # self-contained: no external scripts, styles or fonts
    assert "http://" not in page and "https://" not in page


def test_the_report_renders_aux_judges_generically() -> None:
    records, _ = _small_run()
    records[0].verdict = {**records[0].verdict, "aux": {
        "spoken_policy": {"passed": False, "score": 0.5, "missing": ["<b>office</b>"]}}}
    page = render_report(records[:1], {}, {"industries": {}, "overall": {}})
    assert "spoken_policy" in page and "&lt;b&gt;office&lt;/b&gt;" in page


def test_eval_report_cli_writes_a_page(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(["eval", "--agent", "noop", "--industry", "legal", "--task", "C1-E1",
                 "--quiet", "--report", str(out)]) in (0, 1)
    assert 'id="ep-legal-C1-E1"' in out.read_text()
    assert main(["eval", "--agent", "noop", "--task", "C1-E1", "--quiet", "--report",
                 str(tmp_path / "missing" / "r.html")]) == 2


def test_show_puts_explanations_under_the_lines_within_100_columns(tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "fixtures" / "healthcare_C1-E1.windermere.json"
    from rewards import verify

    trace = load_trace(fixture)
    lockfile = Path(__file__).parent.parent / "tasks" / "healthcare" / "tasks" / "C1-E1.json"
    text = render_episode(verify(lockfile, trace), trace, frozenset({"transfer_to_coverage"}))
    rows = text.splitlines()
    assert all(len(row) <= 100 for row in rows)
    call_row = next(i for i, row in enumerate(rows) if "check_plan_accepted(" in row)
    assert "T missing" in "\n".join(rows[call_row + 1:call_row + 4])
    assert "\x1b[" not in text  # no colour unless asked (the CLI asks only on a tty)


def test_show_never_sends_control_characters_from_a_trace(tmp_path: Path) -> None:
    data = {"task_id": "healthcare/C1-E1", "tool_calls": [
        {"name": "end_call", "arguments": {"handoff_summary": "\x1b[2J\x07bye"},
         "output": {"ok": True}, "start_offset_ms": 1}]}
    file = tmp_path / "t.json"
    file.write_text(json.dumps(data))
    result = subprocess.run(["mivas", "show", str(file)], capture_output=True, text=True)
    assert result.returncode == 1
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\u001b[2J" in result.stdout  # shown, escaped


def test_show_names_the_missing_lockfile_in_one_line(tmp_path: Path) -> None:
    file = tmp_path / "t.json"
    file.write_text(json.dumps({"tool_calls": []}))
    assert main(["show", str(file)]) == 2


def test_episode_view_maps_the_nth_tool_call_to_live_call_n() -> None:
    messages = [{"role": "assistant", "tool_calls": [
        {"id": "a", "function": {"name": "transfer_to_coverage", "arguments": "{}"}},
        {"id": "b", "function": {"name": "check_plan_accepted", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "b", "content": '{"ok": false}'}]
    lines = lines_from_messages(messages, frozenset({"transfer_to_coverage"}))
    assert [(line.kind, line.live_index, line.ok) for line in lines] == [
        ("transfer", 0, None), ("tool", 1, False)]
    view = explain({"tools": {"passed": False, "hits": [], "forbidden_extra": [], "missing": [{
        "name": "check_plan_accepted", "expected_index": 1, "parameters": {}, "reason": "r",
        "nearest": {"live_index": 1, "mismatches": [], "already_used": False}}]}}, lines)
    assert lines[1].notes and view.failed == ["T"]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _chromium(url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu",
                           "--enable-logging=stderr", "--v=0", *extra, url],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(CHROMIUM is None, reason="no headless browser: the Debian package "
                    "'chromium' is not installed (apt-get install -y chromium)")
def test_the_page_loads_in_chromium_without_console_errors_and_filters_work(
        small_run: tuple[list[Any], str], tmp_path: Path) -> None:
    records, page = small_run
    file = tmp_path / "report.html"
    file.write_text(page, encoding="utf-8")
    loaded = _chromium(file.as_uri(), "--dump-dom")
    assert "CONSOLE" not in loaded.stderr, loaded.stderr[-2000:]
    assert 'id="shown">' + str(len(records)) in loaded.stdout
    assert "pwned" not in loaded.stdout.split("<title>")[1].split("</title>")[0]
    filtered = _chromium(file.as_uri() + "?industry=legal&gate=fail", "--dump-dom").stdout
    for record in records:
        tag = re.search(rf'<section[^>]*id="{record.anchor}"[^>]*>', filtered)
        assert tag is not None
        visible = record.industry == "legal" and not record.verdict["passed"]
        assert ("hidden" not in tag.group(0)) == visible, record.task_id
