"""What a ``~`` line of one element says, and what it leaves to the line of the element it
is part of (a row and the switch and labels inside it).

A change an element shares with its nearest shown ancestor (a row and its title both
disabled) is said once, on the ancestor (:func:`not_said_by_ancestor`); a control or label
inside a row whose own line is shown joins that line or adds nothing to it
(:func:`join_changed`).
"""

from __future__ import annotations

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import NAME_SEPARATOR

UNRENDERED = frozenset({"bounds", "parentKey", "position", "focused"})
"""Attributes a ``~`` line never shows (the JSON has them)."""


def join_changed(
    fc: Frame,
    curr_index: ElementIndex,
    c: int,
    own: dict[str, FromToDict],
    text: str,
    host: int,
) -> str | None:
    """What ``c``'s change adds to the line of ``host`` (the element it is part of, whose
    own line is shown), or None when it needs a line of its own.

    A label whose only change is its text, to one that the host's name shows, adds
    nothing: ``~ [131] button "Wi-Fi · Airplane mode is on" (enabled: true→false)`` says
    the row's summary now reads "Airplane mode is on" (its old text is what the caller
    read before). A control the host's name names (its switch) joins the host's line:
    ``, [132] switch (checked: true→false, enabled: true→false)``, as on a ``+`` row line.
    """
    node = fc.nodes[c]
    parts = curr_index.names[host].split(NAME_SEPARATOR)
    if node.role == "text" and set(own) - UNRENDERED == {"text"}:
        return "" if own["text"]["to"] in parts else None
    n = curr_index.number_of.get(c)
    if n is not None and node.interactive and not node.scrollable and curr_index.names[c] in parts:
        return f", [{n}] {node.role} ({text})"
    return None


def not_said_by_ancestor(
    d: Delta, c: int, shown: set[int], changes: dict[str, FromToDict]
) -> dict[str, FromToDict]:
    """``changes`` without what the nearest shown ancestor's line says already (a row and
    the switch inside it both disabled: the row says it), unless the element is a control
    whose line is there anyway."""
    for a in d.curr.ancestors(c):
        if a in shown:
            said = d.changed.get(a, {})
            own = {k: v for k, v in changes.items() if said.get(k) != v}
            # A control with a line of its own says all of it: the switch greyed out as it
            # turned off reads (checked: true→false, enabled: true→false), as it looks.
            return changes if d.curr.nodes[c].checkable and set(own) - UNRENDERED else own
    return changes
