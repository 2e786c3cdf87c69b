"""An MCP server (official ``mcp`` SDK) that lets AI agents drive a device through the executor.

::

    schema.py   JSON Schemas of command parameters, from the executor's typed specs
    tools.py    one tool per registered command (ac_tap, ac_delta_observation, …),
                ac_run_steps, annotations, what is left out and why
    server.py   the low-level SDK server: worker threads, one lock, errors as tool errors

``deltarec mcp --device virtual`` runs it over stdio (:mod:`core.cli.mcp_command`).
Importing this package needs the ``mcp`` extra (``pip install deltarec[mcp]``).
"""

from __future__ import annotations

from core.mcp.server import DeltarecTools, build_server, serve_stdio
from core.mcp.tools import EXCLUDED, RUN_STEPS, ToolSpec, tool_name, tool_table

__all__ = [
    "EXCLUDED",
    "RUN_STEPS",
    "DeltarecTools",
    "ToolSpec",
    "build_server",
    "serve_stdio",
    "tool_name",
    "tool_table",
]
