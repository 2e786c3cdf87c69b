"""Whether a measured move keeps a grid's tiles in their boxes: a scroll moves a layout
whole, so each tile of a grid's columns whole in the old view lies, moved by the scroll,
in the box of a tile of the new frame (cut by the view's edge as the dump cuts it),
whatever it shows (a recycled grid's twins show alike). A tile the move puts where no tile
of the new frame lies was laid out again: items put in pushed it on (issue 18 item 6).

``bench_grids`` seed 3: a web grid of 2 columns dragged 1,215 px down as two tiles came in
before those in view; the one tile unique in both frames, pushed on a line of its column,
moved 1,639 px, read "scrolled up 1639px", false; the other column's tiles moved 1,709 px,
and the old tile the move puts at 2,131 px (cut by the bottom edge) lies at 2,201 px.
:func:`.reflowed.relaid_scroll` then reads the move as pushes bound it.
"""

from __future__ import annotations

from deltarec.core.diff.axis import within
from deltarec.core.diff.grid_columns import in_columns, laid_out_by
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.unique_items import a_row, labelled
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def strayed(prev: Frame, curr: Frame, m: Motion) -> bool:
    """Whether measured move ``m`` (along y) puts a tile of its host's grid where no tile of
    the new frame lies (see the module docstring): a tile (an item with children and a
    label, of a layout's items, beside another tile of its layout in the old frame, laid out
    by the host's own content, no scroller between) clear of the old view's edges along y,
    whose box moved by ``m`` and cut to the new view is no node's box of the new host within
    rounding. O(subtree of the host)."""
    box, old_box = curr.nodes[m.curr].bounds, prev.nodes[m.prev].bounds
    shows = labelled(prev)
    boxes: set[tuple[int, int, int, int]] | None = None
    for q in range(m.prev + 1, prev.subtree_end(m.prev)):
        if not prev.children[q] or not shows[q] or not a_row(prev, q):
            continue
        a = prev.nodes[q].bounds
        if not (within(a, old_box) and old_box.top < a.top and a.bottom < old_box.bottom):
            continue
        if q not in in_columns(prev, prev.parents[q]) or not laid_out_by(prev, m.prev, q):
            continue
        moved = Bounds(a.left, a.top + m.dy, a.right, a.bottom + m.dy)
        if not moved.intersection(box):
            continue
        cut = Bounds(
            moved.left, max(moved.top, box.top), moved.right, min(moved.bottom, box.bottom)
        )
        if boxes is None:
            boxes = {
                (b.left, b.top, b.right, b.bottom)
                for k in range(m.curr + 1, curr.subtree_end(m.curr))
                if curr.children[k] and (b := curr.nodes[k].bounds).area
            }
        if not any(
            (cut.left + dl, cut.top + dt, cut.right + dr, cut.bottom + db) in boxes
            for dl in _ROUND
            for dt in _ROUND
            for dr in _ROUND
            for db in _ROUND
        ):
            return True
    return False


_ROUND = (0, -1, 1)
"""A px of rounding each edge of a box may take (each box rounded on its own)."""
