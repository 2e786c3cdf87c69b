"""A move voted along both axes read again by the first item that stayed in view: a
container scrolls along one axis, and items put into a grid send its tiles to slots of
other lines, each by its own move (issue 18 item 6, ``tests/core/shapes/test_grids.py``:
no scene's container scrolls along both axes; no real capture's pair reads so). Split out
of :mod:`.reflowed`, which asks :func:`unslotted` of every measured move it keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from deltarec.core.diff.axis import within
from deltarec.core.diff.insert_spot import taken_out
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.unique_items import both_rows, counts, labelled
from deltarec.core.observe.frame import Frame


def _leading(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]
) -> tuple[int, int, int] | None:
    """``(k, dx, dy)``: the first item ``k`` inside container ``c`` (paired with ``p``), in
    document order (the data's), that shows what no other node of either frame shows, whole
    in both (the same size, inside the container's box), moved or not, and its move; None:
    none. O(subtree of ``c``)."""
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
            return (k, b.left - a.left, b.top - a.top)
    return None


def unslotted(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    m: Motion,
    motions: list[Motion],
    down: bool = False,
) -> Motion | None:
    """Diagonal move ``m`` read again by the first item that stayed in view
    (:func:`_leading`). A container scrolls along one axis; a move along both is a grid's
    tiles sent to a slot of another line by items put in (taken out) before them. Items put
    in move only the items after them, and only on, so the first item, in the data's order,
    kept its slot and moved by the scroll alone: its move along the container's long side
    (a list taller than wide scrolls up and down) is the scroll; not moved along it (a tile
    gone two slots sideways), the items were laid out again and nothing scrolled (None).

    Sent back across it (a slot of an earlier column), the first item went to a later line:
    laid out again itself by a push on, so its move down the container is the scroll and at
    least a line, a bound as :func:`.reflowed.relaid` reads pushes, never the offset: told
    down (``down``: a swipe moving the content down), "at most" that move; moved up, "that
    move or further" (no item taken out, which pulls the items after it up); else nothing
    said. The seeded walk's ``Random(1)`` step 96 (``tests/core/shapes/test_grid_scrolls.py``):
    a staggered grid at offset 177 dragged to its top as six tiles came in, its first unique
    tile sent two columns left and 1,095 px down, read "scrolled up 1095px", false. Sent on
    along it, the tile may have gone a slot on along its line (its move down the scroll:
    ``bench_grids`` seeds 1031, 147) or to a later line (the walk's step 76, a page's grid
    of 4 columns scrolled 447 px, its first unique tile a column right and 941 px down, a
    tile put in paired with the one whose content it repeats): the dumps do not say which,
    and the move stands (open). A row of items, wider than tall, keeps its reading along x.

    No such item, or a host inside another that scrolled (its items' moves hold the outer
    one's): ``m`` stands (``tests/core/shapes/test_grids.py``: no scene's container scrolls
    along both axes; no real capture's pair reads so)."""
    if m.page or not (m.dx and m.dy):
        return m
    ancestors = set(curr.ancestors(m.curr))
    if any(o.curr in ancestors for o in motions):
        return m
    got = _leading(prev, m.prev, curr, m.curr, pairs)
    if got is None:
        return m
    k, dx, dy = got
    if curr.nodes[m.curr].bounds.height < curr.nodes[m.curr].bounds.width:
        return replace(m, dx=dx, dy=0) if dx else None
    if not dy:
        return None
    if dx > 0:  # a slot on along its line, the scroll its move down (or a later line)
        return replace(m, dx=0, dy=dy)
    if down and dy > 0:
        return Motion(m.curr, m.prev, 0, dy, most=True)
    if dy < 0 and not taken_out(prev, curr, [k], pairs):
        return Motion(m.curr, m.prev, 0, dy, hedge=(dy, 0))
    return None
