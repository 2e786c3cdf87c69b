"""Where labels kept in view place an offset: one label clear of a view's edges in both
frames where the offset puts it, or two, cut or not, one above the other with their uncut
edges there (:func:`label_kept` for a row of a list, :func:`labels_place` for web content).
Split from :mod:`deltarec.core.diff.row_evidence`, which reads them in
:func:`~deltarec.core.diff.row_evidence.refuted`.

    >>> from deltarec.core.observe.model import Bounds
    >>> view = Bounds(0, 0, 100, 1000)
    >>> edges_agree(Bounds(0, 900, 50, 1000), view, Bounds(0, 700, 50, 800),
    ...             Bounds(0, 700, 50, 760), view)
    True
"""

from __future__ import annotations

from deltarec.core.diff.axis import clear, flip, host_sideways
from deltarec.core.diff.motions import OFF, near_box
from deltarec.core.diff.motions import shifted as _shifted
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds


def labels_place(prev: Frame, p: int, curr: Frame, c: int, offset: tuple[int, int]) -> bool:
    """Whether the labels of content ``p`` that ``offset`` keeps in view of ``c`` place it, as
    :func:`label_kept` places a row: one clear of the edges in both frames where the offset
    puts it, or two, cut or not, one above the other with their uncut edges there. One cut
    label alone is no place: a fling to a web page's end leaves a strip of one "Add to cart"
    at the top, and every product tile shows one (the small phone's Article flung 8,468 lu
    read as 1,122 px off the last tile's button measured against the first's). Content that
    shows no label in either frame (an icon moved in its row) has nothing to place it, and
    nothing here refutes its move. A label inside a scroller of its own below the content
    (a carousel's card) is placed by its move along the content's axis alone
    (:func:`_across`): across it, the carousel's own scroll moved it."""
    side = host_sideways(prev, p, curr, c)
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    news: dict[tuple[str, str], list[Bounds]] = {}
    for n in curr.nodes[c + 1 : curr.subtree_end(c)]:
        if n.text or n.content_desc:
            news.setdefault((n.text, n.content_desc), []).append(n.bounds)
    if not news or not any(
        n.text or n.content_desc for n in prev.nodes[p + 1 : prev.subtree_end(p)]
    ):
        return True  # no label on one side: labels place nothing, and refute nothing
    places: list[Bounds] = []  # where cut labels kept show, in ``curr``
    nested = _in_nested(prev, p)
    for at, n in enumerate(prev.nodes[p + 1 : prev.subtree_end(p)], p + 1):
        a = n.bounds
        moved = _shifted(a, *offset)
        for b in news.get((n.text, n.content_desc), ()):
            m = _across(moved, b, side) if at in nested else moved
            if clear(a, box_p, side) and clear(b, box_c, side) and near_box(m, b):
                return True
            if edges_agree(a, box_p, m, b, box_c, side):
                o = flip(b) if side else b
                if any(o.top >= q.bottom or q.top >= o.bottom for q in places):
                    return True
                places.append(o)
    return False


def _in_nested(frame: Frame, p: int) -> set[int]:
    """Positions below ``p`` inside a container made to scroll below it (not ``p``). O(size
    of ``p``'s subtree); empty at C speed where none is."""
    end = frame.subtree_end(p)
    natural = natures(frame)
    if not any(natural[p + 1 : end]):
        return set()
    out: set[int] = set()
    i = p + 1
    while i < end:
        if natural[i]:
            out.update(range(i + 1, frame.subtree_end(i)))
            i = frame.subtree_end(i)
            continue
        i += 1
    return out


def _across(moved: Bounds, b: Bounds, side: bool) -> Bounds:
    """``moved`` put where ``b`` is across the content's axis, when they are as wide there: a
    label inside a scroller of its own below the content (a carousel's card in a form) moved
    across the content's axis by that scroller's own scroll, and only its move along the
    axis is the content's, as :func:`~deltarec.core.diff.nested_votes.projected` counts a
    vote (a calendar form scrolled 306 px past a carousel nudged 10 px: its one other field
    on the bottom edge before, the cards' titles the only other labels kept in view)."""
    if side:
        same = moved.bottom - moved.top == b.bottom - b.top
        return Bounds(moved.left, b.top, moved.right, b.bottom) if same else moved
    same = moved.right - moved.left == b.right - b.left
    return Bounds(b.left, moved.top, b.right, moved.bottom) if same else moved


def label_kept(
    prev: Frame,
    q: int,
    curr: Frame,
    k: int,
    own: set[str],
    offset: tuple[int, int],
    side: bool = False,
) -> bool:
    """Whether a label of row ``q`` showing one of ``own`` lies where ``offset`` puts it in
    row ``k``: clear of its list's edges in both frames (within the rounding of a box), or
    two labels one above the other, cut or not, their uncut edges there (a card cut by
    opposite edges: its title whole before and cut after, its body cut before and whole
    after). One cut label is no place, however much of it shows: a date ("Mar 22") at the
    bottom edge recurs 56 rows on with its sender. Two labels side by side are one place:
    a 3 px strip of a card shows its author's avatar and name, cut alike, as any card of
    that author would."""
    box_p, box_c = prev.nodes[prev.parents[q]].bounds, curr.nodes[curr.parents[k]].bounds
    news = [
        n for n in curr.nodes[k : curr.subtree_end(k)] if n.text + "\x00" + n.content_desc in own
    ]
    places: list[Bounds] = []  # where labels kept (cut or not) show, in ``curr``
    for n in prev.nodes[q : prev.subtree_end(q)]:
        if n.text + "\x00" + n.content_desc not in own:
            continue
        moved = _shifted(n.bounds, *offset)
        for m in news:
            if (m.text, m.content_desc) != (n.text, n.content_desc):
                continue
            if (
                clear(n.bounds, box_p, side)
                and clear(m.bounds, box_c, side)
                and near_box(moved, m.bounds)
            ):
                return True
            if edges_agree(n.bounds, box_p, moved, m.bounds, box_c, side):
                b = flip(m.bounds) if side else m.bounds  # along the axis: one past the other
                if any(b.top >= o.bottom or o.top >= b.bottom for o in places):
                    return True
                places.append(b)
    return False


def edges_agree(
    a: Bounds, box_a: Bounds, moved: Bounds, b: Bounds, box_b: Bounds, side: bool = False
) -> bool:
    """Whether label ``b`` (in ``box_b``) is label ``a`` (in ``box_a``) moved to ``moved``,
    an edge cut by the box's edge in either frame aside: its sides, and each of its top and
    bottom edges uncut in both frames, within the rounding of a box; at least one of them.
    ``side``: a carousel's, whose side edges cut its items (the same reading turned a
    quarter, :func:`~deltarec.core.diff.axis.flip`): a card cut by the right edge is placed
    by its left edge, its top and its bottom."""
    if side:
        return edges_agree(flip(a), flip(box_a), flip(moved), flip(b), flip(box_b))
    if abs(moved.left - b.left) > OFF or abs(moved.right - b.right) > OFF:
        return False
    top = not (a.top <= box_a.top or b.top <= box_b.top)
    bottom = not (a.bottom >= box_a.bottom or b.bottom >= box_b.bottom)
    return (top or bottom) and (
        (not top or abs(moved.top - b.top) <= OFF)
        and (not bottom or abs(moved.bottom - b.bottom) <= OFF)
    )
