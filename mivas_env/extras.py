"""Optional packages and the extra that installs each, so that a missing one is one line naming
the extra and exit 2, in the CLI and in the examples alike, never an import traceback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

EXIT_MISSING_EXTRA = 2
# optional package (top-level module) -> the extra that installs it
EXTRAS = {"ray": "rllib", "torch": "rllib", "httpx": "llm", "matplotlib": "dev",
          "trl": "trl", "transformers": "trl", "datasets": "trl", "tokenizers": "trl",
          "verifiers": "verifiers", "skyrl_gym": "skyrl"}


def missing_extra_line(exc: ModuleNotFoundError) -> str | None:
    """What to tell the user when ``exc`` is an optional package missing, else None."""
    package = (exc.name or "").split(".")[0]
    if package not in EXTRAS:
        return None
    return f"this needs {package}, which is not installed: pip install 'mivas[{EXTRAS[package]}]'"


@contextmanager
def exit_on_missing_extra(prog: str) -> Iterator[None]:
    """Inside: an import of a missing optional package exits 2 with ``prog: error: ...``."""
    try:
        yield
    except ModuleNotFoundError as exc:
        line = missing_extra_line(exc)
        if line is None:
            raise
        print(f"{prog}: error: {line}", file=sys.stderr)
        raise SystemExit(EXIT_MISSING_EXTRA) from None
