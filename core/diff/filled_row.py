"""A row that fills its list, taken for the list's one wrapper: its axis is the list's, not
its items'.

:func:`~deltarec.core.diff.host.host_motion` goes down into a container made to scroll
whose one child holds its content (a wrapper: it inherits the scroller's nature) and reads
that child as the host. A tall row filling its list is read so too (Settings' Airplane
row stretched taller than its list: ``tests/core/real_scrolls/tall_rows.py``), and its
items — the title's frame beside the switch's, each spanning its height — lie side by
side, which :func:`~deltarec.core.diff.axis.host_sideways` takes for a carousel. Read
along x the switch's frame, at no side edge, votes strongly that nothing moved, where
along y it is cut alike by both edges and skipped, and the switch's uncut edge
(:mod:`~deltarec.core.diff.cut_anew`) places the scroll (``bench_real_tall_rows.py
--anew``: scrolled 140 px read as no scroll, XML 8, dicts 8).

What tells a carousel's wrapper from such a row: a carousel holds content past its side
edges, so a side edge cuts one of its items in one frame at least
(:func:`~deltarec.core.diff.axis.side_cut`, the evidence a ``ScrollView``'s sideways axis
already needs); items side by side that each fit the view, clear of its side edges in
both frames, leave nothing to scroll into view sideways: the wrapper scrolls along y, as
the list around it.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(*boxes):
    ...     kids = "".join(f'<node class="C" bounds="{b}"/>' for b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Row"'
    ...                                    f' bounds="[0,0][900,500]">{kids}</node></hierarchy>'))
    >>> a = row("[60,0][700,500]", "[700,0][860,500]")  # a title's frame | a switch's
    >>> from deltarec.core.diff.axis import host_sideways
    >>> host_sideways(a, 0, a, 0, {1: 1, 2: 2})  # a carousel by its items
    True
    >>> carousel(a, 0, a, 0, wrapper=False), carousel(a, 0, a, 0, wrapper=True)  # filling its list
    (True, False)
    >>> b = row("[0,0][700,500]", "[700,0][900,500]")  # a side edge reaches an item
    >>> carousel(b, 0, b, 0, wrapper=True)
    True

Read along y, such a host holds one row, its items that row's pieces (:func:`one_row`):
the switch whole below the top edge, then cut to 6 px by it, moved as far as its uncut
bottom edge (:func:`~deltarec.core.diff.edge_pieces.edge_offset`'s ``one``), as the piece
of a list's one row does.

    >>> one_row(a, 0, a, 0), one_row(row("[0,0][900,200]", "[0,200][900,500]"), 0, a, 0)
    (True, False)
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import side_cut, sideways
from deltarec.core.observe.frame import Frame

LIMIT = 2_000
"""At most this many nodes of a wrapper's subtree are looked at (:func:`moved_along_y`)."""


def carousel(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    wrapper: bool,
    pairs: Mapping[int, int] | None = None,
) -> bool:
    """Whether host ``c`` (``p`` before), its items side by side
    (:func:`~deltarec.core.diff.axis.host_sideways`), may be a carousel: not the one
    wrapper of a container made to scroll (``wrapper``) whose items no side edge cuts in
    either frame (module docstring), nor one whose paired nodes (``pairs``, curr → prev)
    moved along y only (:func:`moved_along_y`). O(children), memoised per frame; with
    ``pairs``, O(its subtree) where a side edge reaches an item."""
    if not wrapper or not side_cut(prev, p, curr, c):
        return not wrapper
    return pairs is None or not moved_along_y(prev, p, curr, c, pairs)


def moved_along_y(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether a node of ``c``'s subtree paired inside ``p``'s moved an edge along y, and
    none moved one along x: a side edge flush with items side by side is no evidence of
    content past it where nothing moved sideways (YouTube's search bar stretched over its
    list, its back button flush with the left edge, its search box with the right: the
    search text's top moved 21 px, the bar read as a carousel that stayed,
    ``tests/core/real_scrolls/small_moves.py``). A carousel that scrolled moved its items
    sideways. At most :data:`LIMIT` nodes.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def bar(top, left=196):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Bar" bounds="[0,0][900,500]">'
    ...         f'<node class="B" bounds="[0,0][{left},500]"/><node class="S" '
    ...         f'bounds="[{left},0][900,500]"><node class="E" text="Search" '
    ...         f'bounds="[{left},{top}][880,500]"/></node></node></hierarchy>'))
    >>> same = {0: 0, 1: 1, 2: 2, 3: 3}
    >>> moved_along_y(bar(28), 0, bar(7), 0, same), moved_along_y(bar(28), 0, bar(7, 150), 0, same)
    (True, False)
    """
    end_p, end = prev.subtree_end(p), min(curr.subtree_end(c), c + LIMIT)
    found = False
    for k in range(c + 1, end):
        q = pairs.get(k, -1)
        if not p < q < end_p:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a.left != b.left or a.right != b.right:
            return False
        found = found or a.top != b.top or a.bottom != b.bottom
    return found


def one_row(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether list ``c`` (``p`` before) holds one row in each frame, read along y: one
    child, or items side by side in both frames, one row's pieces (module docstring).
    O(children)."""
    if len(curr.children[c]) == 1 and len(prev.children[p]) == 1:
        return True
    return sideways(curr, c) and sideways(prev, p)
