"""An MCP server (official ``mcp`` SDK) that lets AI agents drive a device through the executor.

::

    schema.py   compact input schemas from the executor's typed specs; output schemas
    tools.py    one tool per registered command (ac_tap, ac_delta_observation, …),
                ac_run_steps, short descriptions, MCP defaults, what is left out and why
    replies.py  what a call returns: the delta text, a facts line, structuredContent
    hints.py    errors an agent can act on: nearest tool names, closest on-screen matches
    server.py   the low-level SDK server: our own validation, worker threads, one lock
    recording.py  the session's acting calls kept as a recording bundle (save_recording)

``deltarec mcp --device virtual`` runs it over stdio (:mod:`deltarec.core.cli.mcp_command`).
Importing this package needs the ``mcp`` extra (``pip install deltarec[mcp]``).
"""

from __future__ import annotations

from deltarec.core.mcp.server import DeltarecTools, build_server, serve_stdio
from deltarec.core.mcp.tools import EXCLUDED, RUN_STEPS, ToolSpec, tool_name, tool_table

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
