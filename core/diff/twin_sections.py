"""A list's one kept row beside its twin: two exact moves that fit both frames.

A form's sections are laid out alike (the contact editor's email and phone sections: the
same classes and ids, node for node, their labels merged onto the form, or none). Scrolled
by a few hundred px with one section kept in view, cut by an edge in both frames, the
matcher pairs it with whichever section shows its shape where a move puts it: the one
below came into the old one's place as the old one moved up 209 px, or the old one moved
down 1,212 px and a section above came into view. Each reading shows both frames node for
node (class, id, text, description, box) in the part of the view both show; one kept row
cut by an edge is no evidence of which row it is (:mod:`.row_placed`). The line states the
matcher's reading and names the other, both exact: ``↕ … scrolled up 1212px, or down
209px`` (``Scroll.other`` without ``further``, JSON ``orDy`` without ``atLeast``), never
the one figure alone, false half the time (:func:`twin_reading`, asked by
:func:`deltarec.core.diff.compute._scrolls`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.motions import SPREAD
from deltarec.core.diff.resized import _same, _shown
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def twin_reading(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], dy: int
) -> int:
    """The content's other move, along y, when list ``c`` (``p`` before) scrolled ``dy``
    keeping one row (a child of ``c`` paired with a child of ``p``), and that row paired
    with a sibling beside its old row, of that row's class and id, unpaired, moved by what
    their uncut edges name, shows both frames node for node as well as ``dy`` does
    (module docstring); else 0. O(children of both lists) and, asked, the size of both.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(cut, piece):  # two sections alike in a list 600 px tall, the edge at ``cut``
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ScrollView" bounds="[0,0]'
    ...         f'[90,600]"><node class="S" bounds="[0,0][90,{cut}]"/><node class="S" bounds='
    ...         f'"[0,{cut}][90,600]"><node class="E" bounds="[9,{piece}][80,{piece + 50}]"/>'
    ...         '</node></node></hierarchy>'))
    >>> before, after = shot(200, 240), shot(100, 140)  # the content moved up 100 px
    >>> twin_reading(before, 0, after, 0, {0: 0, 2: 1}, 400)  # read: the first moved down
    -100
    >>> twin_reading(before, 0, after, 0, {0: 0, 1: 1, 2: 2, 3: 3}, -100)  # two rows kept
    0
    """
    if not dy:
        return 0
    kids_p, kids_c = prev.children[p], curr.children[c]
    kept = [(pairs[k], k) for k in kids_c if k in pairs]
    if len(kept) != 1:
        return 0
    q, k = kept[0]
    if prev.parents[q] != p:
        return 0
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    if box_p != box_c:
        return 0
    i = kids_p.index(q)
    node = prev.nodes[q]
    for twin in kids_p[max(i - 1, 0) : i + 2]:
        n = prev.nodes[twin]
        if twin == q or (n.class_name, n.resource_id) != (node.class_name, node.resource_id):
            continue
        other = _edge_move(n.bounds, box_p, curr.nodes[k].bounds, box_c)
        if other is None or abs(other - dy) <= SPREAD:
            continue  # asked first: the two walks below only where a twin names a move
        if _fits(prev, p, curr, c, other) and _fits(prev, p, curr, c, dy):
            return other
    return 0


def _edge_move(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds) -> int | None:
    """How far box ``a`` moved to ``b`` along y, read off an edge clear of its list's edges
    in both frames (the top, else the bottom), or None."""
    if a_box.top < a.top < a_box.bottom and b_box.top < b.top < b_box.bottom:
        return b.top - a.top
    if a_box.top < a.bottom < a_box.bottom and b_box.top < b.bottom < b_box.bottom:
        return b.bottom - a.bottom
    return None


def _fits(prev: Frame, p: int, curr: Frame, c: int, dy: int) -> bool:
    """Whether list ``p``'s content moved by ``dy`` shows what list ``c`` shows, node for
    node (depth, class, id, text, description, box), in the part of the view both frames
    show, something shown there."""
    box = curr.nodes[c].bounds
    if abs(dy) >= box.height:
        return False
    both = Bounds(box.left, max(box.top, box.top + dy), box.right, min(box.bottom, box.bottom + dy))
    back = Bounds(both.left, both.top - dy, both.right, both.bottom - dy)
    if next(_shown(curr, c, both), None) is None:
        return False
    return _same(_shown(prev, p, back, (0, dy)), _shown(curr, c, both)) >= 0


__all__ = ["twin_reading"]
