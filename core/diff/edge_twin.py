"""The page of a list whose move, named by its pieces cut alike by an edge, no row places
(:func:`page_or_twin`): a page, or that move hedged ("D px or further, or …") where the
uncut edges name it, it explains both frames and a label lies whole where it puts it.
Asked by :mod:`~deltarec.core.diff.stayed_rows`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.across import explains, other_way
from deltarec.core.diff.edge_pieces import edge_offset
from deltarec.core.diff.motions import SPREAD, Motion
from deltarec.core.diff.pager_swipe import pager_swiped
from deltarec.core.diff.pushed_edge import in_scroll_view
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def page_or_twin(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    move: tuple[int, int],
) -> Motion:
    """The page of list ``c`` (paired with ``p``) whose ``move``, no row placing it, was
    refuted, or that move hedged where a twin is all that stands against it.

    One row cut by an edge in both frames is no evidence of which row it is (a recycled
    list's twin shows the very same), so the move its pieces name reads as a page. Where
    the uncut edges name that very move
    (:func:`~deltarec.core.diff.edge_pieces.edge_offset`), it explains everything both frames
    show (:func:`~deltarec.core.diff.across.explains`), and a node showing something
    lies whole in view in both frames where it puts it (Settings' "Hotspot & tethering"
    stretched over its list, scrolled 160 px up under the top edge, its "Off" whole in both
    frames, 160 px lower), "about a page" is false: the row stayed, or its twin came in
    beyond the edge the content came from, further the same way, or from beyond the other
    edge. The line says those readings, as a far fling's row kept by its label does
    (:mod:`~deltarec.core.diff.far_anchor`: ``Motion.hedge``, "D px or further, or …").
    In a ``ScrollView`` no twin comes in: nothing to hedge. A pager's one page cut by a side
    edge beside the page that came in, still showing a text it showed, is no page turned
    either: its own edge measures the swipe
    (:func:`~deltarec.core.diff.pager_swipe.pager_swiped`; a launcher's smartspace card
    swiped back 60 px, its one label cut, read as a page, the old page ``-`` and ``+``).
    O(nodes of both lists)."""
    if (swiped := pager_swiped(prev, p, curr, c, pairs, shown=True)) is not None:
        return swiped
    page = Motion(c, p, 0, 0, page=True)
    dx, dy = move
    if dx or not dy or in_scroll_view(curr, c):
        return page
    if edge_offset(prev, p, curr, c, pairs, used) != move or not _whole_kept(prev, p, curr, c, dy):
        return page
    if not explains(prev, p, curr, c, dx, dy, slack=SPREAD):
        return page
    box_c = curr.nodes[c].bounds
    kept = [
        (q, k)
        for q in prev.children[p]
        if (moved := _down(prev.nodes[q].bounds, dy)).intersection(box_c)
        for k in curr.children[c]
        if curr.nodes[k].bounds.intersection(moved)
    ]
    if not kept:
        return page
    return Motion(c, p, dx, dy, hedge=(dy, other_way(prev, p, curr, c, kept, 1 if dy > 0 else -1)))


def _down(b: Bounds, dy: int) -> Bounds:
    return Bounds(b.left, b.top + dy, b.right, b.bottom + dy)


def _whole_kept(prev: Frame, p: int, curr: Frame, c: int, dy: int) -> bool:
    """Whether a node of list ``c`` showing a text or a description has its like (same text,
    description and size) in list ``p`` ``dy`` px away, the two clear of the list's edges in
    both frames, or each the only node of its list showing that label (the real-capture
    oracle's rule: a label unique in both frames, of one size, is the element; the keyboard's
    edge moving with the one row it cuts keeps its size); or a node showing a label that
    spans the list in both frames (cut by both edges, or flush with them), of one breadth,
    the only node of each list showing it: the Wi-Fi screen's collapsing bar, its "Settings"
    image stretched over the list, which the move keeps in view and shows nothing of where
    the content is. O(nodes of both lists)."""
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    old = [n for n in prev.nodes[p + 1 : prev.subtree_end(p)] if n.text or n.content_desc]
    new = [n for n in curr.nodes[c + 1 : curr.subtree_end(c)] if n.text or n.content_desc]
    once = Counter((n.text, n.content_desc) for n in old)
    once_c = Counter((n.text, n.content_desc) for n in new)
    places = {(n.text, n.content_desc, n.bounds): n for n in old}
    for n in new:
        a = places.get((n.text, n.content_desc, _down(n.bounds, -dy)))
        if a is None:
            continue
        label = (n.text, n.content_desc)
        if once[label] == once_c[label] == 1 or (
            _clear(a.bounds, box_p) and _clear(n.bounds, box_c)
        ):
            return True
    spanning = {(a.text, a.content_desc): a.bounds for a in old if _spans(a.bounds, box_p)}
    for n in new:
        label = (n.text, n.content_desc)
        a_box = spanning.get(label)
        if (
            a_box is not None
            and once[label] == once_c[label] == 1
            and _spans(n.bounds, box_c)
            and (a_box.left, a_box.right) == (n.bounds.left, n.bounds.right)
        ):
            return True
    return False


def _spans(b: Bounds, box: Bounds) -> bool:
    return b.top <= box.top and box.bottom <= b.bottom


def _clear(b: Bounds, box: Bounds) -> bool:
    return box.top < b.top and b.bottom < box.bottom
