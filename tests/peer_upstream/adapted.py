"""The peer's names the upstream tests import, each mapped to the deltarec object it stands for.

The upstream tests (see SOURCES.md) import ``je_auto_control`` as ``ac`` and reach three of
its registries; here each is the real deltarec one, not a stand-in:

==============================================================  ===========================
upstream                                                        deltarec
==============================================================  ===========================
``ac.<name>``, ``ac.__all__``                                   ``deltarec.core`` (its ``__all__``)
``ac.executor.known_commands()``                                the command registry's names
                                                                (:func:`command_table`)
``utils.mcp_server.tools.build_default_tool_registry()``        the MCP server's tools, with
                                                                the element-dict ones
                                                                (``--element-tools``)
``gui.script_builder.command_schema._build_specs()``            the Script Builder's palette
                                                                (``deltarec.app.palette``)
==============================================================  ===========================
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import deltarec.core
from deltarec.core.executor.registry import command_table
from deltarec.core.mcp.tools import ToolSpec, tool_table


def known_commands() -> list[str]:
    """Every command a script may use (the safe ones: the peer's list has no unsafe ones)."""
    return list(command_table())


def _facade() -> SimpleNamespace:
    names = {name: getattr(deltarec.core, name) for name in deltarec.core.__all__}
    return SimpleNamespace(
        **names,
        __all__=list(deltarec.core.__all__),
        executor=SimpleNamespace(known_commands=known_commands),
    )


ac = _facade()


def build_default_tool_registry() -> list[ToolSpec]:
    """The tools the MCP server offers (each has ``.name``), the element-dict ones included:
    the peer lists them by default, deltarec with ``--element-tools`` (SOURCES.md)."""
    return list(tool_table(element_tools=True).values())


def _build_specs() -> list[Any]:
    """The Script Builder's palette entries, as ``.command`` names (imports Qt)."""
    from deltarec.app.palette import entries

    return [SimpleNamespace(command=entry.name) for items in entries().values() for entry in items]
