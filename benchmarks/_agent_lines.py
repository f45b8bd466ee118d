"""The agent-line corpus (``tests/fixtures/agent_lines/<industry>.jsonl``, issue 19) as typed
rows, for the caller-understanding harnesses."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "agent_lines"
ACTS = ("ask", "off_topic", "negated", "readback", "spell", "yesno", "anything_else", "hold",
        "transfer", "unclear")
SPLITS = ("dev", "test")


class CorpusError(Exception):
    """The corpus asked for does not exist (an unknown industry or split)."""


@dataclass(frozen=True)
class AgentLine:
    """One thing an agent says, labelled with what it asks for."""

    id: str
    text: str
    act: str
    slots: tuple[str, ...]  # the slots it asks for (or reads back, spells, decides)
    negated: tuple[str, ...]  # the slots it says are not needed
    after: str | None  # the slot asked on the agent's previous turn
    split: str
    style: str


def corpus_industries() -> list[str]:
    return sorted(path.stem for path in CORPUS.glob("*.jsonl"))


def load_lines(industry: str, split: str | None = None) -> list[AgentLine]:
    """The corpus lines of ``industry`` (of one split, if given), in file order."""
    path = CORPUS / f"{industry}.jsonl"
    if not path.is_file():
        raise CorpusError(f"no agent-line corpus for {industry!r} "
                          f"(have: {', '.join(corpus_industries())})")
    if split is not None and split not in SPLITS:
        raise CorpusError(f"unknown split {split!r} (splits: {', '.join(SPLITS)})")
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(raw)
        lines.append(AgentLine(row["id"], row["text"], row["act"], tuple(row["slots"]),
                               tuple(row.get("negated", ())), row["after"], row["split"],
                               row["style"]))
    return [line for line in lines if split is None or line.split == split]


class OneLineParser(argparse.ArgumentParser):
    """argparse with its error as one line (exit 2) instead of usage plus a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer no smaller than ``minimum`` (the CLI's own)."""
    from mivas_env.cli import _at_least

    return _at_least(minimum)
