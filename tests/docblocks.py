"""The code blocks of README.md and docs/*.md, found by Sybil, with the markers that say how a block
is tested. Generic: a new block on any page is picked up without a list being edited.

Markers, each an HTML comment on the line(s) before a block:

- ``<!-- skip: next "reason" -->`` (Sybil's skip directive): the block is not run; the reason is
  required and is shown as the test's skip reason.
- ``<!-- small: OLD => NEW -->``: the test runs the block with OLD replaced by NEW (a long command
  at a small setting, several ``;``-separated pairs allowed); ``MIVAS_DOCS_FULL=1`` runs it as
  written.

Shown outputs: a ``python`` line whose comment starts with ``# -> `` shows what that line prints;
a ``console`` block is ``$ command`` lines, each followed by its output. ``...`` in a shown output
stands for any text.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from sybil import Document, Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, SkipParser
from sybil.parsers.markdown.lexers import DirectiveInHTMLCommentLexer

from mivas_env.extras import EXTRAS

ROOT = Path(__file__).resolve().parent.parent
# fence language -> how the block runs (a page may spell a language either way)
LANGUAGES = {"python": "python", "py": "python", "bash": "bash", "sh": "bash", "shell": "bash",
             "console": "console", "shell-session": "console"}
SHOWN = re.compile(r"#\s*->\s?(.*)$")
FULL_VARIABLE = "MIVAS_DOCS_FULL"
# commands the docs run that an extra installs
EXTRA_COMMANDS = {"vf-eval": "verifiers"}


def pages() -> list[Path]:
    """README.md and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclass(frozen=True)
class Block:
    """One fenced block of a page, with what its markers say."""

    page: Path
    line: int
    language: str
    text: str
    skip: str | None = None
    small: tuple[tuple[str, str], ...] = field(default=())

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def source(self) -> str:
        """The block as the test runs it: as written, or at its small setting."""
        text = self.text
        if os.environ.get(FULL_VARIABLE) != "1":
            for old, new in self.small:
                assert old in text, f"{self.name}: the small marker's {old!r} is not in the block"
                text = text.replace(old, new)
        return text


class _Small:
    """Sybil parser of the ``small`` directive: its argument, unparsed."""

    def __init__(self) -> None:
        self.lexer = DirectiveInHTMLCommentLexer("small")

    def __call__(self, document: Document):  # type: ignore[no-untyped-def]
        from sybil import Region

        for lexed in self.lexer(document):
            yield Region(lexed.start, lexed.end, ("small", lexed.lexemes["arguments"]),
                         lambda example: None)


def _skip_reason(arguments: str | None) -> str:
    reason = (arguments or "").strip().strip("\"'").strip()
    return reason


def blocks(page: Path) -> list[Block]:
    """Every python, bash and console block of ``page``, in order, with its markers applied."""
    parsers = [*(CodeBlockParser(language) for language in LANGUAGES), SkipParser(), _Small()]
    document = Sybil(parsers=parsers).parse(page)
    found: list[Block] = []
    skip: str | None = None
    small: tuple[tuple[str, str], ...] = ()
    example: Example
    for example in document:
        parsed = example.parsed
        if isinstance(parsed, tuple) and parsed[0] == "next":
            skip = _skip_reason(parsed[1])
            if not skip:
                raise ValueError(f"{page.name}:{example.line}: a skip marker needs a reason")
            continue
        if isinstance(parsed, tuple) and parsed[0] == "small":
            pairs = [pair.split("=>") for pair in str(parsed[1]).split(";")]
            if any(len(pair) != 2 for pair in pairs):
                raise ValueError(f"{page.name}:{example.line}: small wants OLD => NEW pairs")
            small = tuple((old.strip(), new.strip()) for old, new in pairs)
            continue
        if isinstance(parsed, tuple):
            raise ValueError(f"{page.name}:{example.line}: unsupported marker {parsed!r}")
        language = LANGUAGES[str(example.region.lexemes.get("arguments", ""))]
        found.append(Block(page, example.line, language, str(parsed), skip, small))
        skip, small = None, ()
    return found


def all_blocks() -> list[Block]:
    return [block for page in pages() for block in blocks(page)]


def shown_python(text: str) -> list[str]:
    """What a python block shows it prints, in order (``# -> `` comments)."""
    return [match.group(1).rstrip() for line in text.splitlines()
            if (match := SHOWN.search(line)) and "print(" in line]


def console_steps(text: str) -> list[tuple[str, str]]:
    """A console block as (command, shown output) pairs; ``\\`` continues a command."""
    steps: list[tuple[str, list[str]]] = []
    continuing = False
    for line in text.splitlines():
        if continuing:
            steps[-1] = (steps[-1][0] + "\n" + line, steps[-1][1])
        elif line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise ValueError(f"console block output before any '$ ' command: {line!r}")
        continuing = line.endswith("\\") and (continuing or line.startswith("$ "))
    return [(command, "\n".join(output).rstrip()) for command, output in steps]


def matches(shown: str, actual: str) -> bool:
    """Whether ``actual`` is what ``shown`` shows, ``...`` standing for any text."""
    def clean(text: str) -> str:
        return "\n".join(line.rstrip() for line in text.strip().splitlines())

    pattern = ".*?".join(re.escape(part) for part in clean(shown).split("..."))
    return re.fullmatch(pattern, clean(actual), re.DOTALL) is not None


def missing_extra(stderr: str) -> str | None:
    """The optional package a failed run lacked, if that is why it failed: the one line the CLI
    and the examples print for a missing extra, or an import error of an extra's module."""
    said = re.search(r"pip install 'mivas\[(\w+)\]'", stderr)
    if said:
        return f"the [{said.group(1)}] extra"
    absent = re.search(r"([\w.-]+): command not found", stderr)
    if absent and absent.group(1) in EXTRA_COMMANDS:
        return f"the [{EXTRA_COMMANDS[absent.group(1)]}] extra ({absent.group(1)})"
    found = re.findall(r"ModuleNotFoundError: No module named '([\w.]+)'", stderr)
    package = found[-1].split(".")[0] if found else ""
    if EXTRAS.get(package, "dev") != "dev":  # a dev package missing is a broken install
        return f"the [{EXTRAS[package]}] extra ({package})"
    return None
