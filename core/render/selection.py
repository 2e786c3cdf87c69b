"""A selection that moved: one line for the two elements whose ``selected`` turned.

A tab strip's selection moves from one tab to a sibling: the tab that lost it and the one that
gained it (with the icons and labels inside them, whose flags turn with them) read as one
``~ selected: tab "Clock" → [3] tab "Timer"`` line. Where the tabs' labels change structure
with it (the selected tab alone shows its label: a Clock app, a Material bar with
``labelVisibilityMode="selected"``, a Compose ``NavigationBar`` with ``alwaysShowLabel=false``)
the label that went and came is that line's too
(:func:`~deltarec.core.diff.tab_switch.moved_labels`), and so is a Compose tab's own merged
text turning with its flag (:func:`_selection_only`).
"""

from __future__ import annotations

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.change_lines import UNRENDERED
from deltarec.core.render.facts import Fact, Line
from deltarec.core.render.lines import element


def selection_moves(
    d: Delta,
    changes: dict[int, dict[str, FromToDict]],
    curr_index: ElementIndex,
    prev_index: ElementIndex,
) -> list[Line]:
    """One line for a selection that moved from one element to another of the same role:
    ``~ selected: button "Alarm" → [2] button "Clock"``, the old one named as it read then
    where it reads no name now (a tab that shows its label only while selected).

    The two changes it stands for are removed from ``changes``.
    """
    only_selected = {
        c: ch for c, ch in changes.items() if "selected" in ch and _selection_only(d, c, ch)
    }
    lost, won = selection(d, only_selected)
    if len(lost) != 1 or len(won) != 1 or d.curr.nodes[lost[0]].role != d.curr.nodes[won[0]].role:
        return []
    a, b = lost[0], won[0]
    fc = d.curr
    for c in fc.under([a, b]):
        changes.pop(c, None)
    # A tab that showed its label only while selected reads as the agent saw it then
    old = element(None, fc.nodes[a], curr_index.names[a] or prev_index.names[d.pairs[a]])
    new = element(curr_index.number_of.get(b), fc.nodes[b], curr_index.names[b])
    said = (Fact(K.CHANGED, a, "selected"), Fact(K.CHANGED, b, "selected"))
    return [Line(K.CHANGED, f"~ selected: {old} → {new}", said)]


def _selection_only(d: Delta, c: int, ch: dict[str, FromToDict]) -> bool:
    """Whether ``ch`` is ``selected`` turned, and at most the tab's own label come with it (a
    Compose tab's merged text) or gone with it: what it shows now is in what it showed, or
    the reverse, as the selection turned off or on."""
    if set(ch) - UNRENDERED == {"selected"}:
        return True
    if "selected" not in ch or not set(ch) - UNRENDERED <= {"selected", "text", "content-desc"}:
        return False
    a, b = d.prev.nodes[d.pairs[c]], d.curr.nodes[c]
    was, now = {a.text, a.content_desc} - {""}, {b.text, b.content_desc} - {""}
    return now <= was if ch["selected"]["to"] is False else was <= now


def selection(d: Delta, changes: dict[int, dict[str, FromToDict]]) -> tuple[list[int], list[int]]:
    """The outermost elements whose ``selected`` turned off, and on (a tab and the icon and
    label inside it change together: the tab stands for them)."""
    out: tuple[list[int], list[int]] = ([], [])
    for turned, side in ((False, out[0]), (True, out[1])):
        nodes = {c for c, ch in changes.items() if ch.get("selected", {}).get("to") is turned}
        side += sorted(c for c in nodes if not any(a in nodes for a in d.curr.ancestors(c)))
    return out
