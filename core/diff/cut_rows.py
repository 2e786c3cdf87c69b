"""Rows a list's edge cut, known in both frames though the matcher left them unpaired.

A row the list's edge cuts moved otherwise than its cut box: its box's cut edge stays on
the list's edge while its content moved by the scroll. Placing it by its box, the matcher
leaves it unpaired, and the rows :func:`deltarec.core.diff.gaps._known_rows` knows miss it.
Where the row was dragged past others (:mod:`deltarec.core.diff.reordered`), that row is
the one that says so: without it the rows left in view keep their order, and read as a
gap closed (rows taken out) and a scroll by another amount.

Two ways to know it, each asked only of rows unpaired on both sides:

- :func:`cut_alone`: it shows some of the other's texts, each its own in its list (a
  sliver the top edge cut to its second line: YouTube's suggestions);
- :func:`blank_cuts`: it shows no text, and old rows, each moved by its uncut edge and
  cut by the list's box, give its subtree node for node (:func:`cut_as`: class, id, side
  edges, cut box: Settings' Wi-Fi list, a 7 px sliver of "Searching for networks…", whose
  layout's cut differs from the row before's). Rows of one layout cut alike give it each:
  the caller keeps the readings they all agree on.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

SLACK = 2
"""Pixels of rounding allowed where a cut node sits (a scaled profile rounds each box)."""

CANDIDATES = 8
"""At most this many old rows are kept as what one blank sliver may be (rows of one layout)."""


def cut_alone(prev: Frame, q: int, box_old: Bounds, curr: Frame, k: int, box_new: Bounds) -> bool:
    """Whether one of rows ``q`` and ``k`` is the other cut by its list's edge: it touches
    the edge and shows some of the other's texts (not all), each its own in its list. O(the
    rows' texts)."""
    a, b = texts(prev, q), texts(curr, k)
    if b < a:
        cut, frame, row, box = b, curr, k, box_new
    elif a < b:
        cut, frame, row, box = a, prev, q, box_old
    else:
        return False
    r = frame.nodes[row].bounds
    edge = r.top <= box.top or r.bottom >= box.bottom
    return edge and bool(cut) and len(own_texts(frame, row)) == len(cut)


def cut_as(
    prev: Frame, q: int, box_old: Bounds, curr: Frame, k: int, box_new: Bounds, dy: int
) -> bool:
    """Whether row ``k``, cut by its list's box ``box_new``, is old row ``q`` moved by
    ``dy`` and cut so: the nodes of ``q`` the move leaves in view (their moved box meets
    ``box_new`` on at least a px), in order, are those of ``k``, each of the same class and
    id, at the same depth in its row, with its side edges and its cut box (up to
    :data:`SLACK`). ``q`` must be whole in ``box_old``, so its layout is known. O(the
    rows' nodes).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(top, bottom, *kids):
    ...     inner = "".join(f'<node class="{c}" bounds="[{x},{t}][{r},{b}]"/>'
    ...                     for c, x, t, r, b in kids)
    ...     return f'<node class="Row" bounds="[0,{top}][900,{bottom}]">{inner}</node>'
    >>> def shot(*rows):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,100][900,900]">{"".join(rows)}'
    ...                                    '</node></hierarchy>'))
    >>> before = shot(row(300, 440, ("Text", 60, 340, 500, 400)))
    >>> sliver = shot(row(100, 107))  # its bottom 7 px: the text is out of view
    >>> cut_as(before, 1, before.nodes[0].bounds, sliver, 1, sliver.nodes[0].bounds, -333)
    True
    >>> beside = shot(row(100, 107, ("Text", 60, 100, 500, 107)))  # a node the cut leaves
    >>> cut_as(before, 1, before.nodes[0].bounds, beside, 1, beside.nodes[0].bounds, -333)
    False
    """
    whole = prev.nodes[q].bounds
    if whole.top <= box_old.top or whole.bottom >= box_old.bottom:
        return False
    shown = []
    base = prev.depth[q]
    for at in range(q, prev.subtree_end(q)):
        node = prev.nodes[at]
        b = node.bounds
        top, bottom = max(b.top + dy, box_new.top), min(b.bottom + dy, box_new.bottom)
        if top < bottom:
            shown.append((prev.depth[at] - base, node.class_name, node.resource_id, b, top, bottom))
    if len(shown) != curr.subtree_end(k) - k:
        return False
    at_k = curr.depth[k]
    for at, (depth, cls, rid, b, top, bottom) in zip(
        range(k, curr.subtree_end(k)), shown, strict=True
    ):
        node = curr.nodes[at]
        n = node.bounds
        if (
            curr.depth[at] - at_k != depth
            or (node.class_name, node.resource_id) != (cls, rid)
            or abs(n.left - b.left) > SLACK
            or abs(n.right - b.right) > SLACK
            or abs(n.top - top) > SLACK
            or abs(n.bottom - bottom) > SLACK
        ):
            return False
    return True


def blank_cuts(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, known: set[int]
) -> list[tuple[int, list[tuple[int, int]]]]:
    """The rows of list ``c`` (old ``p``) at its two edges that show nothing, cut by its
    box, each with what it may be: (its index, [(old index, move)]), the old rows that give
    it (:func:`cut_as`), none of ``known`` (old indexes known otherwise): the one it is
    paired with, or, unpaired, those left unpaired; at most :data:`CANDIDATES` each (more:
    none kept). O(the list's nodes).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # (top, bottom, the text's top or None)
    ...     nodes = "".join(f'<node class="Row" bounds="[0,{t}][900,{b}]">' + (
    ...         f'<node class="T" text="x{i}" bounds="[60,{y}][500,{y + 40}]"/>'
    ...         if y is not None else "") + "</node>" for i, (t, b, y) in enumerate(rows))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,100][900,900]">{nodes}</node></hierarchy>'))
    >>> before = shot((150, 300, 170), (300, 400, 320), (400, 500, 420))
    >>> after = shot((100, 110, None), (110, 210, 130))  # 10 px of a row's bottom at the top
    >>> blank_cuts(before, after, {}, 0, 0, {2})  # either row, its text out of view
    [(0, [(0, -190), (1, -290)])]
    """
    kids, old_kids = curr.children[c], prev.children[p]
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    used: set[int] | None = None
    out: list[tuple[int, list[tuple[int, int]]]] = []
    for i in sorted({0, len(kids) - 1}) if kids else ():
        k = kids[i]
        b = curr.nodes[k].bounds
        if not (b.top <= box.top or b.bottom >= box.bottom) or texts(curr, k):
            continue
        paired = pairs.get(k)
        if paired is None and used is None:
            used = set(pairs.values())
        maybe: list[tuple[int, int]] = []
        for j, q in enumerate(old_kids):
            if j in known or ((q != paired) if paired is not None else q in (used or ())):
                continue
            a = prev.nodes[q].bounds
            dy = b.bottom - a.bottom if b.top <= box.top else b.top - a.top
            if cut_as(prev, q, old_box, curr, k, box, dy):
                maybe.append((j, dy))
        if 0 < len(maybe) <= CANDIDATES:
            out.append((i, maybe))
    return out
