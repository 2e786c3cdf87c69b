"""A list whose top edge moved with its rows, inside a container made to scroll that may as
well have scrolled it all: two readings two dumps cannot tell apart.

Settings' screens hold a collapsing app bar and the list's wrapper in one scroller
(``content_parent``, a ``CoordinatorLayout`` the dump names a ``ScrollView``). Scrolled down
538 px over a list whose one row fills it, the bar (431 px) left and the list's rows moved
up 538 px, its top edge up 431 px. :func:`~deltarec.core.diff.resized.scroll_edge` reads
what ``CoordinatorLayout`` does: the bar slid out and the list scrolled the rest, 107 px. The
same two dumps fit the outer scroller's own scroll by the whole 538 px, as a ``ScrollView``
lays its content out once: the bar scrolled out above the list's wrapper, which moved up
with it, cut by the scroller's top edge (``tests/core/real_scrolls/tall_rows.py``: 16 of
9,042 on the XML path read 107 where the truth said 538). Neither dump tells which, so the
scroll states both (:func:`outer_reading`: the scroll entry's ``outer``, JSON ``orHost``,
the line's ``, or [1] list "content_parent" around it scrolled down 538px``).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.motions import consistent
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures


def outer_reading(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], move: int
) -> int:
    """The container made to scroll around list ``c`` (``p`` before; its rows moved ``move``
    px along y, its top edge with them) whose own scroll by ``move`` fits both frames too
    (module docstring), or -1. It is the nearest one around the list, paired, its top and
    side edges in place in both frames (the keyboard may have moved its bottom); every node
    it holds outside the list that both frames show sits where that scroll puts it, cut by
    its box (:func:`~deltarec.core.diff.motions.consistent`), and one at least left it (the
    bar that scrolled out). Asked only of a scroll whose top edge moved (``Scroll.edge``):
    O(nodes of the scroller outside the list).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bar, top):
    ...     head = f'<node class="Bar" text="Wi-Fi" bounds="[0,0][9,{bar}]"/>' if bar else ""
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView"'
    ...         f' scrollable="true" bounds="[0,0][9,900]">{head}<node class="F" bounds="[0,'
    ...         f'{bar}][9,900]"><node class="L" scrollable="true" bounds="[0,{bar}][9,900]">'
    ...         f'<node class="R" text="Ada" bounds="[0,{top}][9,{top + 60}]"/></node></node>'
    ...         '</node></hierarchy>'))
    >>> was, now = shot(400, 500), shot(0, -38)
    >>> outer_reading(was, 3, now, 2, {0: 0, 1: 2, 2: 3, 3: 4}, -538)
    0
    >>> outer_reading(was, 3, now, 2, {0: 0, 1: 2, 2: 3, 3: 4}, 0)
    -1
    """
    natural = natures(curr)
    o = next((a for a in curr.ancestors(c) if natural[a]), -1)
    op = pairs.get(o, -1) if o >= 0 else -1
    if op < 0 or not move:
        return -1
    view, was = curr.nodes[o].bounds, prev.nodes[op].bounds
    if (view.left, view.top, view.right) != (was.left, was.top, was.right):
        return -1  # its bottom edge alone may move (the keyboard opened over it)
    end_c, end_p = curr.subtree_end(c), prev.subtree_end(p)
    kept = 0
    for k in range(o + 1, curr.subtree_end(o)):
        q = pairs.get(k)
        if c <= k < end_c or q is None:
            continue
        if not consistent(prev.nodes[q].bounds, curr.nodes[k].bounds, (0, move), view):
            return -1  # a bar pinned in place, a row that stayed: no scroll of it all
        kept += 1
    shown = sum(1 for q in range(op + 1, prev.subtree_end(op)) if not p <= q < end_p)
    if shown > kept:
        return o
    # Nothing left, but the list's own top edge, below the scroller's before, came onto it:
    # the gap above the list left (Settings' Wi-Fi list, 8 px under the scroller's top, on
    # element dicts: its wrappers carry no id, so they hand the host down to the list).
    return o if curr.nodes[c].bounds.top == view.top < prev.nodes[p].bounds.top else -1
