"""How the seeded agent of :mod:`tests.core.mcp.agent_walk` reads a row's name from what a
reply said of its labels: a row's name holds its labels joined by `` · ``, so a label edited
(:func:`relabel`), a row printed under its new name (:func:`unfold`) or a label come into a
row (:func:`grow`) renames the row or its labels as the agent knows them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.core.mcp.agent_walk import Walk


def _rows_around(w: Walk, label: int) -> Iterator[tuple[int, str, int]]:
    """(number, shown name, frame position) of each element the agent was shown whose
    subtree in the last frame holds ``[label]`` (none without a frame)."""
    seen = w.session.seen
    if seen is None:
        return
    pos = {e.index: e.pos for e in seen.elements}
    inner = pos.get(label, -1)
    for i, name in list(w.shown.name.items()):
        row = pos.get(i, len(seen.frame.nodes))
        if i != label and row < inner < seen.frame.subtree_end(row):
            yield i, name, row


def relabel(w: Walk, label: int, old: str, new: str) -> None:
    """The rows around ``[label]`` whose `` · ``-joined name held ``old`` hold ``new`` now."""
    for i, name, _ in _rows_around(w, label):
        parts = name.split(" · ")
        if old in parts and len(parts) > 1:
            w.shown.name[i] = " · ".join(new if p == old else p for p in parts)


def grow(w: Walk, label: int, text: str) -> None:
    """A label printed as come in (``+ [110] text "Q&A session notes #85"``) inside a row
    the agent was shown (``[107] button "Barbara · Mar 8"``, the row cut by the list's
    edge, now whole): the row's name holds it now. Taken where the frame names the row
    by the name it was shown with, that part put in (the frame's order of parts): the
    reply said what came in, and where the row reads it is the row's layout."""
    seen = w.session.seen
    for i, name, row in _rows_around(w, label):
        assert seen is not None  # _rows_around yields nothing without a frame
        now = seen.names[row].split(" · ")
        if text in now:
            rest = list(now)
            rest.remove(text)
            if rest == name.split(" · "):
                w.shown.name[i] = seen.names[row]


def unfold(w: Walk, row: int, old: str, new: str) -> None:
    """A row printed under a new name (``~ [14] button "Wi-Fi · On" (enabled: …)``, was
    ``"Wi-Fi · Airplane mode is on"``): its labels read the new name's parts, part for
    part (the line says what the row's texts read now)."""
    seen = w.session.seen
    was, now = old.split(" · "), new.split(" · ")
    if seen is None or len(was) != len(now) or len(was) < 2:
        return
    pos = {e.index: e.pos for e in seen.elements}
    at = pos.get(row, -1)
    if at < 0:
        return
    edits = {a: b for a, b in zip(was, now, strict=True) if a != b}
    for j, name in w.shown.name.items():
        if name in edits and at < pos.get(j, -1) < seen.frame.subtree_end(at):
            w.shown.name[j] = edits[name]
