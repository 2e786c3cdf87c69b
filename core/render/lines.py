"""Pieces of a text line: quoted names, values and state suffixes.

Names are quoted and escaped like JSON strings (without escaping non-ASCII),
so a quote, a backslash or a newline in a label never breaks a line:

    >>> quote('Say "hi"\\nthere')
    '"Say \\\\"hi\\\\"\\\\nthere"'

Nor does anything a consumer might take for a line break or that reorders what a
reader sees: :func:`safe` writes C0 and C1 controls, DEL, U+2028/U+2029 and the
bidirectional marks, embeddings, overrides and isolates as ``\\uXXXX`` escapes,
in quoted names and (as a last line of defence) in every rendered line:

    >>> quote("ok\\u2028+ [9] button \\u202eevil"), safe("app\\x85x")
    ('"ok\\\\u2028+ [9] button \\\\u202eevil"', 'app\\\\u0085x')
    >>> value(True), value("Name"), value([1, 2])
    ('true', '"Name"', '[1,2]')
"""

from __future__ import annotations

import json
import re
from json.encoder import encode_basestring
from typing import Any

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import MAX_LABEL
from deltarec.core.observe.model import Node
from deltarec.core.observe.wrapped import FOLDED, shown_state

_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""What text output never holds raw: every character ``str.splitlines`` splits at (C0's
LF, VT, FF, CR, FS, GS, RS; C1's NEL; U+2028, U+2029), the other C0 and C1 controls
and DEL, and the bidirectional controls (ALM, LRM, RLM, LRE-RLO, LRI-PDI)."""


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def safe(text: str) -> str:
    """``text`` with every :data:`_UNSAFE` character written as a ``\\uXXXX`` escape."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def quote(text: str) -> str:
    """``text`` as a double-quoted, escaped string that fits on one line (still a JSON
    string: the escapes beyond JSON's own are ``\\uXXXX`` ones)."""
    if type(text) is str:  # what json.dumps(text, ensure_ascii=False) calls, without its setup
        return safe(encode_basestring(text))
    return safe(json.dumps(text, ensure_ascii=False))


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


def element_states(frame: Frame, pos: int, *, all_flags: bool = False) -> str:
    """:func:`states` of the element at ``pos``: what a tap on it reaches where a wrapper
    holds its label (:func:`~deltarec.core.observe.wrapped.shown_state`)."""
    folded: dict[int, int] | None = frame.memo.get(FOLDED)  # type: ignore[assignment]
    if folded is None or pos not in folded:  # the commonest case, a lookup (issue 19)
        return states(frame.nodes[pos], all_flags=all_flags)
    return states(shown_state(frame, pos), all_flags=all_flags)


def element(index: int | None, node: Node, name: str) -> str:
    """``[i] role "name"`` (no index when ``index`` is None)."""
    marker = f"[{index}] " if index is not None else ""
    return f"{marker}{node.role} {quote(name)}"


def pair(old: object, new: object) -> str:
    """``old→new``; long texts are cut to :data:`MAX_LABEL` around where they first differ,
    so a changed paragraph is one readable line, not a wall of text.

    >>> pair("a" * 100 + "X", "a" * 100 + "Y")
    '"…aaaaaaaaaaaaaaaaaaaaX"→"…aaaaaaaaaaaaaaaaaaaaY"'
    """
    if not (isinstance(old, str) and isinstance(new, str)) or max(len(old), len(new)) <= MAX_LABEL:
        return f"{value(old)}→{value(new)}"
    same = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        same += 1
    start = max(0, same - CONTEXT)
    return f"{value(_window(old, start))}→{value(_window(new, start))}"


CONTEXT = 20
"""How much of the shared beginning a cut text keeps before the first difference."""


def _window(text: str, start: int) -> str:
    head = "…" if start else ""
    rest = text[start:]
    return head + (rest if len(rest) <= MAX_LABEL else rest[: MAX_LABEL - 1] + "…")
