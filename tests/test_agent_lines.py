"""The agent-line corpus (issue 19): well-formed, large enough, true to the industries' slots,
split in two disjoint halves by its own script."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from rewards import load_industry
from rewards.industry import industry_names

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "agent_lines"
_spec = importlib.util.spec_from_file_location("_split_agent_lines",
                                               ROOT / "scripts" / "split_agent_lines.py")
assert _spec is not None and _spec.loader is not None
_split = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_split)

ACTS = {"ask", "off_topic", "negated", "readback", "spell", "yesno", "anything_else", "hold",
        "transfer", "unclear"}
STYLES = {"formal", "casual", "terse", "chatty", "llm"}
MINIMUM = {"off_topic": 80, "negated": 20, "readback": 30, "spell": 20, "yesno": 15,
           "anything_else": 15, "hold": 15, "transfer": 15, "unclear": 20}
PER_SLOT = 40
INDUSTRIES = sorted(path.stem for path in CORPUS.glob("*.jsonl"))


def rows_of(industry: str) -> list[dict[str, Any]]:
    text = (CORPUS / f"{industry}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def test_every_industry_has_a_corpus() -> None:
    assert sorted(industry_names()) == INDUSTRIES


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_every_line_has_the_schema(industry: str) -> None:
    slots = set(load_industry(industry).slots)
    for row in rows_of(industry):
        keys = {"id", "text", "act", "slots", "after", "split", "style"}
        assert set(row) == keys | ({"negated"} if row["act"] == "negated" else set()), row
        assert row["act"] in ACTS and row["style"] in STYLES and row["split"] in {"dev", "test"}
        assert isinstance(row["text"], str) and row["text"] == row["text"].strip() != "", row
        assert set(row["slots"]) <= slots and len(set(row["slots"])) == len(row["slots"]), row
        assert row["after"] is None or row["after"] in slots, row
        assert set(row.get("negated", [])) <= slots, row
        assert row["id"].startswith({"healthcare": "hc-", "legal": "lg-",
                                     "customer_support": "cs-"}[industry]), row


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_each_act_says_what_it_needs(industry: str) -> None:
    for row in rows_of(industry):
        act, slots = row["act"], row["slots"]
        assert ("{value}" in row["text"]) == (act == "readback"), row
        if act == "ask":
            assert 1 <= len(slots) <= 2 and row["after"] not in slots, row
        elif act == "negated":
            assert row["negated"] and not set(row["negated"]) & set(slots), row
        elif act in {"readback", "yesno"}:
            assert len(slots) == 1, row
        elif act == "spell":
            assert len(slots) == 1 or (not slots and row["after"] is not None), row
        else:
            assert slots == [] and row["after"] is None, row


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_every_slot_is_asked_at_least_forty_ways(industry: str) -> None:
    asked = Counter(slot for row in rows_of(industry) if row["act"] == "ask" for slot in row["slots"])
    assert {slot: asked[slot] for slot in load_industry(industry).slots
            if asked[slot] < PER_SLOT} == {}


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_every_act_has_its_minimum_and_two_slot_asks_are_few(industry: str) -> None:
    rows = rows_of(industry)
    acts = Counter(row["act"] for row in rows)
    assert {act: acts[act] for act, least in MINIMUM.items() if acts[act] < least} == {}
    asks = [row for row in rows if row["act"] == "ask"]
    assert sum(len(row["slots"]) == 2 for row in asks) <= 0.15 * len(asks)
    assert any(row["after"] is not None for row in asks)


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_no_line_is_a_slots_canonical_question(industry: str) -> None:
    canonical = {slot.question.casefold() for slot in load_industry(industry).slots.values()}
    assert [row["id"] for row in rows_of(industry) if row["text"].casefold() in canonical] == []


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_ids_and_lines_are_unique(industry: str) -> None:
    rows = rows_of(industry)
    assert [i for i, n in Counter(row["id"] for row in rows).items() if n > 1] == []
    texts = Counter(" ".join(row["text"].casefold().split()) for row in rows)
    assert [t for t, n in texts.items() if n > 1] == []


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_the_test_split_is_the_held_out_set_and_shares_no_line_with_dev(industry: str) -> None:
    texts: dict[str, set[str]] = defaultdict(set)
    asked: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows_of(industry):
        assert (row["split"] == "test") == bool(re.search(r"-ho\d*-", row["id"])), row
        texts[row["split"]].add(" ".join(row["text"].casefold().split()))
        if row["act"] == "ask":
            asked[row["split"]].update(row["slots"])
    assert texts["dev"].isdisjoint(texts["test"])
    slots = set(load_industry(industry).slots)
    assert {s: asked["test"][s] for s in slots if asked["test"][s] < 15} == {}  # measured per slot


@pytest.mark.parametrize("industry", INDUSTRIES)
def test_the_split_script_changes_no_byte(industry: str) -> None:
    path = CORPUS / f"{industry}.jsonl"
    assert _split.split_file(path) == path.read_text(encoding="utf-8")


def test_the_split_depends_only_on_the_ids() -> None:
    rows = [{"id": f"hc-{'ho-' if i % 3 == 0 else ''}{i}", "text": f"line {i}", "act": "ask",
             "slots": ["phone"], "after": None, "split": "dev", "style": "terse"} for i in range(9)]
    once = _split.split_rows("healthcare", rows)
    again = _split.split_rows("healthcare", [{**row, "split": "test"} for row in reversed(once)])
    assert {r["id"]: r["split"] for r in once} == {r["id"]: r["split"] for r in again}
    assert Counter(r["split"] for r in once) == {"dev": 6, "test": 3}
