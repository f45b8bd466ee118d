"""Tool servers, one module per industry, all of the shape of ``base.ToolServer``.

An industry names its server in ``tasks/<industry>/industry.json`` (``"server":
"module:Class"``); nothing here lists the industries."""

from __future__ import annotations

from mivas_env.industries.base import Database, ToolError, ToolServer, server_class

__all__ = ["Database", "ToolError", "ToolServer", "server_class"]
