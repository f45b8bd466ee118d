"""Tool servers, one module per industry, all of the shape of ``base.ToolServer``."""

from __future__ import annotations

import importlib
from functools import cache

from mivas_env.industries.base import Database, ToolError, ToolServer

# industry -> "module:Class"; adding an industry adds a row here and a folder under tasks/.
SERVERS = {
    "healthcare": "mivas_env.industries.healthcare:HealthcareServer",
    "legal": "mivas_env.industries.legal:LegalServer",
    "customer_support": "mivas_env.industries.customer_support:CustomerSupportServer",
}


@cache
def server_class(industry: str) -> type[ToolServer]:
    """The tool-server class of an industry."""
    module, _, name = SERVERS[industry].partition(":")
    cls: type[ToolServer] = getattr(importlib.import_module(module), name)
    return cls


__all__ = ["SERVERS", "Database", "ToolError", "ToolServer", "server_class"]
