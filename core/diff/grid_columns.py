"""Which children of a layout lie in a grid's columns, not in a list's rows.

Tiles an insertion pushed move by whole slots or lines, each by its own offset: a grid's
tiles (one beside another, overlapping it along the other axis) moved so are evidence of a
reflow (:mod:`.reflowed`), while a list's rows moved by two offsets were reshaped or put in,
which its rows before the change measure.
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.natures import scrolls_by_nature


def in_columns(frame: Frame, parent: int) -> set[int]:
    """The children of ``parent`` that lie in a grid's columns: one beside them (their spans
    across apart) overlaps them along the other axis. A list's rows lie one above another:
    rows there moved by two offsets were reshaped or put in (a contact's row grown, a
    YouTube row put in as the list scrolled), which its rows before the change measure, not
    pushes by whole slots (``tests/core/real_scrolls/test_real_composed.py``); nor is a
    header pinned across a grid's columns (the app drawer's letter: ``test_real_sticky``)
    one of its tiles. Each child is asked of the few nearest by top (a line of four
    columns at most: a staggered grid's tiles beside it start above its bottom). O(children
    · log), once a frame and parent."""
    key = ("grid_columns.in_columns", parent)
    got = frame.memo.get(key)
    if got is not None:
        return got  # type: ignore[return-value]
    nodes = frame.nodes
    boxes = sorted(
        (b.top, b.bottom, b.left, b.right, j)
        for j in frame.children[parent]
        if (b := nodes[j].bounds).area
    )
    out: set[int] = set()
    for i, (top, _, left, right, j) in enumerate(boxes):
        for _, o_bottom, o_left, o_right, o in boxes[max(0, i - _BESIDE) : i]:
            if top < o_bottom and (o_right <= left or right <= o_left):
                out.update((j, o))
    frame.memo[key] = out
    return out


def columned(prev: Frame, curr: Frame, k: int, q: int) -> bool:
    """Whether item ``k`` (``q`` before) lies in a grid's columns (:func:`in_columns`) in
    either frame: the last tile of a grid, alone on its line once pushed a slot on, lay
    beside another before (a page's grid, told, read "nothing scrolled": ``test_grids``)."""
    return k in in_columns(curr, curr.parents[k]) or q in in_columns(prev, prev.parents[q])


_BESIDE = 4
"""How many items before one, by top, are asked whether they lie beside it."""


def laid_out_by(frame: Frame, host: int, k: int) -> bool:
    """Whether item ``k`` is laid out by ``host``'s content, no scroller between them: a
    carousel's cards inside a list move by the list's scroll and the carousel's own
    (``tests/core/real_scrolls/test_real_edited.py``, nested), which is no push. O(depth)."""
    up = frame.parents[k]
    while up > host:
        if scrolls_by_nature(frame.nodes[up]):
            return False
        up = frame.parents[up]
    return True
