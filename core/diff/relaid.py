"""Whether a host's rows moved because its texts were laid out again at another size, not
because it scrolled.

The font size changed (Settings › Display › Font size, or an app's own text-size control):
every text's box grows or shrinks, and each row of a list is laid out again below the one
above it, so the rows move by the growth of all the rows above them, each by its own
offset. Those offsets often agree (rows of images, a header that grew above rows that did
not), and a scroll estimate reads the agreeing ones as a scroll. :mod:`.growth` tells one
row that grew from a scroll (the rows below moved by its growth); here many grew, so no one
row's growth is the offset.

What tells a relayout from a scroll: the host's rows stay stacked as they were (each row's
top the same distance below the bottom of the row above it, in both frames), the first row
kept its place below the host's top edge (which may have moved: a bar above it grew), and
a text wholly in view, clear of the host's edges, changed height by more than a px of
rounding (:data:`ROUNDING`). A scroll moves a first
row wholly in view with the content; a first row the top edge cuts keeps its top and
shrinks (or grows) as the rows below move, stacked, but then no text wholly in view
changes height: a scroll moves boxes, it does not resize them. So that a scroll in the step
a text wrapped is not taken for one, a first row the top edge cuts must hold a label that
kept its place in it (a scroll moves it up under the edge).
(:mod:`tests.core.real_scrolls.fonts`, issue 18, round 7.)

Along x (:func:`relaid_across`): a strip made to scroll sideways, made wider or narrower
with the screen, whose items whole in view all changed width: laid out again, no scroll
(:func:`.ext_shapes.tile_strip`, issue 18, ext round 6).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from deltarec.core.diff.motions import Motion
from deltarec.core.observe.frame import Frame

LIMIT = 2_000
"""At most this many nodes of a host are looked at for a text that changed height."""
ROUNDING = 1
"""A text's height may change by this many px as it moves: each edge of a box rounds to a
whole px on its own (a web page on a scaled screen: "By Sam Lee" 33 px, then 34, as the
page scrolled 129 px; ``tests/core/truth/test_article_top.py``). A font size changed grows
a text by more (a 30 px line by 5 at 1.15)."""


def _content_rows(frame: Frame, c: int) -> list[int]:
    """The rows of host ``c`` that take room: its children, through wrappers that fill it
    alone (a row with no area, laid out off screen, is no row of the stack)."""
    nodes = frame.nodes
    box = nodes[c].bounds
    kids = frame.children[c]
    while len(kids) == 1 and nodes[kids[0]].bounds == box and frame.children[kids[0]]:
        kids = frame.children[kids[0]]
    return [k for k in kids if nodes[k].bounds.area]


def relaid(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, old: int) -> bool:
    """Whether host ``c`` (``old`` in ``prev``) holds rows laid out again at other heights
    below a first row that kept its top (module docstring): no scroll. ``pairs``: curr →
    prev positions. O(rows + nodes of ``c``, at most :data:`LIMIT`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(scale, shift=0):
    ...     rows, y = [], 100 - shift
    ...     for t in "abcd":
    ...         h = round(60 * scale)
    ...         rows.append(f'<node class="Row" bounds="[0,{y}][100,{y + h + 20}]">'
    ...                     f'<node class="T" text="{t}" bounds="[0,{y + 10}][100,{y + 10 + h}]"/>'
    ...                     '</node>')
    ...         y += h + 20
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                  f' bounds="[0,50][100,1000]">{"".join(rows)}</node></hierarchy>'))
    >>> pairs = {i: i for i in range(9)}
    >>> relaid(shot(1.0), shot(1.3), pairs, 0, 0)
    True
    >>> relaid(shot(1.0), shot(1.0, shift=30), pairs, 0, 0)
    False
    """
    rows_c, rows_p = _content_rows(curr, c), _content_rows(prev, old)
    kept = [(k, pairs[k]) for k in rows_c if k in pairs]
    if len(kept) < 2 or [k for k, _ in kept] != rows_c[: len(kept)]:
        return False  # an unpaired row above a paired one: rows came in, not a relayout
    if [p for _, p in kept] != rows_p[: len(kept)]:
        return False  # rows went from above, or were paired out of order
    nodes_p, nodes_c = prev.nodes, curr.nodes
    first_b, first_a = nodes_c[kept[0][0]].bounds, nodes_p[kept[0][1]].bounds
    box_b, box_a = nodes_c[c].bounds, nodes_p[old].bounds
    if first_b.top - box_b.top != first_a.top - box_a.top or first_b.left != first_a.left:
        return False  # the first row moved in its host (or with its top edge, as it moved)
    if first_b.top <= box_b.top and not _held(prev, curr, pairs, *kept[0]):
        return False  # the top edge cuts it: a scroll keeps its top there too
    lines = _lines(prev, curr, kept)
    if lines is None:
        return False  # cells side by side in one frame and not in the other
    for (b1, a1), (b2, a2) in pairwise(lines):
        if b2[0] - b1[1] != a2[0] - a1[1]:
            return False  # a line not stacked below the one above as it was
    return _text_resized(prev, curr, pairs, c, old)


def laid_out_again(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, old: int, motion: Motion
) -> bool:
    """Whether host ``c``'s (``old``'s) measured ``motion`` is its rows laid out again, no
    scroll: at other heights along y (:func:`relaid`), or at other widths along x
    (:func:`relaid_across`)."""
    if not motion.dx:
        return relaid(prev, curr, pairs, c, old)
    return not motion.dy and relaid_across(prev, curr, pairs, c, old)


def relaid_across(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, old: int) -> bool:
    """Whether host ``c`` (``old`` in ``prev``), made wider or narrower, holds items laid out
    again at other widths: every paired item wholly inside the host's box in both frames,
    clear of its side edges, changed width, and one did. A scroll moves boxes, it does not
    resize them; a strip of tiles that share its width (a browser's shortcuts) stretched as
    the screen turned, each tile's icon of its own size moved with its tile's centre, and
    that icon's move read as the strip scrolled sideways (``fixtures/ext/chrome-ntp``
    turned: "scrolled left 281px"). O(items).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def strip(width, tile):
    ...     tiles = "".join(f'<node class="T" text="{t}" bounds="[{10 + i * tile},0]'
    ...                     f'[{tile * (i + 1)},50]"/>' for i, t in enumerate("ab"))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="H" scrollable="true"'
    ...                  f' bounds="[0,0][{width},50]">{tiles}</node></hierarchy>'))
    >>> relaid_across(strip(300, 100), strip(600, 200), {0: 0, 1: 1, 2: 2}, 0, 0)
    True
    >>> relaid_across(strip(300, 100), strip(300, 100), {0: 0, 1: 1, 2: 2}, 0, 0)
    False
    """
    box_c, box_p = curr.nodes[c].bounds, prev.nodes[old].bounds
    if box_c.right - box_c.left == box_p.right - box_p.left:
        return False  # the strip kept its width: nothing laid it out again
    resized = False
    for k in _content_rows(curr, c):
        q = pairs.get(k)
        if q is None:
            continue
        b, a = curr.nodes[k].bounds, prev.nodes[q].bounds
        if not (box_c.left < b.left and b.right < box_c.right):
            continue
        if not (box_p.left < a.left and a.right < box_p.right):
            continue
        if b.right - b.left == a.right - a.left:
            return False  # an item whole in both frames kept its size: it may have scrolled
        resized = True
    return resized


def _lines(
    prev: Frame, curr: Frame, kept: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], tuple[int, int]]] | None:
    """The lines the rows ``kept`` (curr, prev pairs, in order) stand on: a list's rows one
    a line, a grid's cells side by side (one top in both frames) each in its column (its
    left and right kept; the first row's right may change, as it always could). Per line,
    ``((top, bottom), (old top, old bottom))``, its bottom its tallest cell's; None when
    the cells of a line in one frame are not one line in the other, or a cell left its
    column. O(rows)."""
    nodes_p, nodes_c = prev.nodes, curr.nodes
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for k, p in kept:
        b, a = nodes_c[k].bounds, nodes_p[p].bounds
        if out and (b.left, b.right) != (a.left, a.right):
            return None
        if out and (out[-1][0][0] == b.top) != (out[-1][1][0] == a.top):
            return None
        if out and out[-1][0][0] == b.top:
            (top, bottom), (was_top, was_bottom) = out[-1]
            out[-1] = ((top, max(bottom, b.bottom)), (was_top, max(was_bottom, a.bottom)))
        else:
            out.append(((b.top, b.bottom), (a.top, a.bottom)))
    return out


def _held(prev: Frame, curr: Frame, pairs: Mapping[int, int], k: int, p: int) -> bool:
    """Whether row ``k`` (``p`` before) holds a label below its top that kept its place in
    it: a row cut by its host's top edge in a scroll moves its content up under the edge."""
    top_b, top_a = curr.nodes[k].bounds.top, prev.nodes[p].bounds.top
    for j in range(k + 1, min(curr.subtree_end(k), k + 1 + LIMIT)):
        q = pairs.get(j)
        node = curr.nodes[j]
        if q is None or not (node.text or node.content_desc):
            continue
        b = node.bounds.top - top_b
        if b > 0 and b == prev.nodes[q].bounds.top - top_a:
            return True
    return False


def _text_resized(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, old: int) -> bool:
    """Whether a leaf showing a label (element dicts name a text as a description), wholly
    inside the host's box in both frames (clear of its edges), changed height by more than
    :data:`ROUNDING`."""
    box_c, box_p = curr.nodes[c].bounds, prev.nodes[old].bounds
    nodes_p, nodes_c, kids = prev.nodes, curr.nodes, curr.children
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + LIMIT)):
        p = pairs.get(k)
        node = nodes_c[k]
        if p is None or kids[k] or not (node.text or node.content_desc):
            continue
        a, b = nodes_p[p].bounds, node.bounds
        grew = abs((b.bottom - b.top) - (a.bottom - a.top))
        if grew <= ROUNDING or a.bottom == a.top or b.bottom == b.top:
            continue
        if (
            box_c.top < b.top
            and b.bottom < box_c.bottom
            and box_p.top < a.top < a.bottom < box_p.bottom
        ):
            return True
    return False


__all__ = ["laid_out_again", "relaid", "relaid_across"]
