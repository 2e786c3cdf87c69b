"""A move voted along both axes read again by the first item that stayed in view: a
container scrolls along one axis, and items put into a grid send its tiles to slots of
other lines, each by its own move (issue 18 item 6, ``tests/core/shapes/test_grids.py``:
no scene's container scrolls along both axes; no real capture's pair reads so). Split out
of :mod:`.reflowed`, which asks :func:`unslotted` of every measured move it keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from deltarec.core.diff.axis import within
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.unique_items import both_rows, counts, labelled
from deltarec.core.observe.frame import Frame


def _leading(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]
) -> tuple[int, int] | None:
    """The move of the first item inside container ``c`` (paired with ``p``), in document
    order (the data's), that shows what no other node of either frame shows, whole in both
    (the same size, inside the container's box), moved or not; None: none. O(subtree of
    ``c``)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled_c = labelled(curr)
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or not curr.children[k] or hc[k] != hp[q]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if (a.width, a.height) != (b.width, b.height) or not labelled_c[k]:
            continue
        if not (within(b, box) and within(a, old_box)):
            continue
        if counts(prev)[hp[q]] == 1 and counts(curr)[hc[k]] == 1 and both_rows(prev, q, curr, k):
            return (b.left - a.left, b.top - a.top)
    return None


def unslotted(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion, motions: list[Motion]
) -> Motion | None:
    """Diagonal move ``m`` read again by the first item that stayed in view
    (:func:`_leading`). A container scrolls along one axis; a move along both is a grid's
    tiles sent to a slot of another line by items put in (taken out) before them. Items put
    in move only the items after them, so the first item, in the data's order, moved by the
    scroll alone, and a tile put on another slot of its line as well: its move along the
    container's long side (a list taller than wide scrolls up and down) is the scroll
    (the slot's part is no scroll of the container's); not moved along it (a tile gone two
    slots sideways), the items were laid out again and nothing scrolled (None). No such
    item, or a host inside another that scrolled (its items' moves hold the outer one's):
    ``m`` stands (``tests/core/shapes/test_grids.py``: no scene's container scrolls along both
    axes; no real capture's pair reads so)."""
    if m.page or not (m.dx and m.dy):
        return m
    ancestors = set(curr.ancestors(m.curr))
    if any(o.curr in ancestors for o in motions):
        return m
    move = _leading(prev, m.prev, curr, m.curr, pairs)
    if move is None:
        return m
    if curr.nodes[m.curr].bounds.height >= curr.nodes[m.curr].bounds.width:
        return replace(m, dx=0, dy=move[1]) if move[1] else None
    return replace(m, dx=move[0], dy=0) if move[0] else None
