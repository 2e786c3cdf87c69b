"""Pieces of a text line: quoted names, values and state suffixes.

Names are quoted and escaped like JSON strings (without escaping non-ASCII),
so a quote, a backslash or a newline in a label never breaks a line:

    >>> quote('Say "hi"\\nthere')
    '"Say \\\\"hi\\\\"\\\\nthere"'
    >>> value(True), value("Name"), value([1, 2])
    ('true', '"Name"', '[1,2]')
"""

from __future__ import annotations

import json
from typing import Any

from deltarec.core.observe.model import Node


def quote(text: str) -> str:
    """``text`` as a double-quoted, escaped string that fits on one line."""
    return json.dumps(text, ensure_ascii=False)


def value(v: Any) -> str:
    """An attribute value for a ``from→to`` pair."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, str):
        return quote(v)
    return json.dumps(v, separators=(",", ":"))


def states(node: Node, *, all_flags: bool = False) -> str:
    """Notable states of a node as `` (checked, disabled)``, or "".

    ``all_flags`` adds what a full frame shows and a delta line leaves to the
    role: clickable, long-clickable, focusable, scrollable.
    """
    flags = []
    if all_flags:
        for name, on in (
            ("clickable", node.clickable),
            ("long-clickable", node.long_clickable),
            ("focusable", node.focusable),
            ("scrollable", node.scrollable),
        ):
            if on:
                flags.append(name)
    if node.checkable or node.role in ("switch", "checkbox", "radio"):
        flags.append("checked" if node.checked else "unchecked")
    if not node.enabled:
        flags.append("disabled")
    if node.focused:
        flags.append("focused")
    if node.selected:
        flags.append("selected")
    if node.password:
        flags.append("password")
    return f" ({', '.join(flags)})" if flags else ""


def element(index: int | None, node: Node, name: str) -> str:
    """``[i] role "name"`` (no index when ``index`` is None)."""
    marker = f"[{index}] " if index is not None else ""
    return f"{marker}{node.role} {quote(name)}"
