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

from deltarec.core.diff.axis import side_cut, sideways
from deltarec.core.observe.frame import Frame


def carousel(prev: Frame, p: int, curr: Frame, c: int, wrapper: bool) -> bool:
    """Whether host ``c`` (``p`` before), its items side by side
    (:func:`~deltarec.core.diff.axis.host_sideways`), may be a carousel: not the one
    wrapper of a container made to scroll (``wrapper``) whose items no side edge cuts in
    either frame (module docstring). O(children), memoised per frame."""
    return not wrapper or side_cut(prev, p, curr, c)


def one_row(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether list ``c`` (``p`` before) holds one row in each frame, read along y: one
    child, or items side by side in both frames, one row's pieces (module docstring).
    O(children)."""
    if len(curr.children[c]) == 1 and len(prev.children[p]) == 1:
        return True
    return sideways(curr, c) and sideways(prev, p)
