"""A container whose items were laid out again is no page turned: one kept an item only it shows.

A scroll by a page or more leaves no row of the container in view. Items put into a grid
(a staggered grid's columns, a regular grid's next slot) or taken out of it move the items
after them to other slots, each by its own offset: no offset wins the vote, and the
container reads as a page turned, every item ``-`` and ``+``. Yet an item that shows what
no other node of either frame shows (its subtree's content unique in both), whole in both
and somewhere else in the same container, is one element that stayed in view; two such
items moved by different offsets were laid out again: the container turned no page (issue
18 item 6: "tiles that stayed are not ``+``; a container that grew is an insertion, not a
scroll"). Moved diagonally, an item went to a grid's next line: laid out again too
(:func:`unpaged`). One item moved along one axis proves no offset: it may be its twin.
A move voted along both axes is such a slot, not a scroll: the first item in the data's
order, which items put in after it did not move, tells the scroll (:func:`unslotted`).

Only items with a label of their own below them count (an image's frame alone is any
tile's), only items a layout holds, not their parts (a card's "Like · Comment · Share"
strip, once a frame where the window cut the cards around: :func:`_a_row`), and only those
that moved: a pinned header that stayed put through a page turned
is no sign of a reflow.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(tiles):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="W" scrollable="true"'
    ...         ' bounds="[0,0][200,400]">' + "".join(
    ...         f'<node class="T" bounds="[{x},{y}][{x + 100},{y + 100}]"><node class="L"'
    ...         f' text="{t}" bounds="[{x},{y}][{x + 100},{y + 50}]"/></node>'
    ...         for t, x, y in tiles) + '</node></hierarchy>'))
    >>> a = shot([("a", 0, 0), ("b", 100, 0), ("c", 0, 100)])
    >>> b = shot([("new", 0, 0), ("a", 100, 0), ("b", 0, 100)])
    >>> sorted(reflowed(a, 0, b, 0, {0: 0, 3: 1, 4: 2, 5: 3, 6: 4}))
    [(-100, 100), (100, 0)]
    >>> reflowed(a, 0, shot([("x", 0, 0), ("a", 0, 100)]), 0, {0: 0, 3: 1, 4: 2})
    {(0, 100)}
    >>> reflowed(a, 0, b, 0, {0: 0})
    set()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from deltarec.core.diff.axis import within
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def _counts(frame: Frame) -> Counter[bytes]:
    """How many nodes of ``frame`` show each subtree content (kept in the frame's memo)."""
    key = ("reflowed.counts",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = Counter(frame.subtree_hashes)
    return got  # type: ignore[return-value]


def _labelled(frame: Frame) -> list[bool]:
    """For every position, whether a text or a description shows in its subtree."""
    key = ("reflowed.labelled",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = frame.content_below(lambda _: False)
    return got  # type: ignore[return-value]


def _a_row(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is one of the items its parent lays out (a list's or a grid's: the
    parent scrolls, or holds three children of one shape), not a part of an item: a
    card's "Like · Comment · Share" strip, an ad's "Learn more" button. A part shows what
    every item of its layout shows (a template) or what the item's twin shows, and the
    window cuts the item that holds the part's twin: once a frame, it is unique in neither
    (the Feed's cards flung a page, ``tests/core/truth/test_twin_flings.py``)."""
    parent = frame.parents[pos]
    return parent >= 0 and holds_rows(frame, parent)


def _rows(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    return _a_row(curr, k) and _a_row(prev, q)


def reflowed(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]
) -> set[tuple[int, int]]:
    """The moves of the items inside container ``c`` (paired with ``p``) that have children
    and a label below them, each paired with a node of ``p``'s that shows the same content,
    which no other node of either frame shows, whole in both (the same size, inside the
    container's box), moved; two at most (two: laid out again). O(subtree of ``c``); the
    counts once per frame."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled_c = _labelled(curr)
    moves: set[tuple[int, int]] = set()
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or not curr.children[k] or hc[k] != hp[q]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a == b or (a.width, a.height) != (b.width, b.height) or not labelled_c[k]:
            continue
        if not (within(b, box) and within(a, old_box)):
            continue
        if _counts(prev)[hp[q]] == 1 and _counts(curr)[hc[k]] == 1 and _rows(prev, q, curr, k):
            moves.add((b.left - a.left, b.top - a.top))
            if len(moves) > 1:
                break
    return moves


def unpaged(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion, motions: list[Motion]
) -> Motion | None:
    """Page ``m`` read again by the items that stayed in view (:func:`reflowed`): none, it
    stands; two moves or more, or one diagonal (a slot of a grid's next line), its items
    were laid out again and nothing scrolled (None). One move along one axis is no offset
    and the page stands: the items may be twins come in from beyond an edge (an ad 18 cards
    on, a whole card unique in both frames: ``tests/core/truth/test_feed_pages.py``), which
    :mod:`~deltarec.core.diff.far_anchor` reads (both ways it may have gone). A measured
    move, not a page, is read by :func:`unslotted` (``motions``: every host's, to tell a
    host inside another that scrolled)."""
    if not m.page:
        return unslotted(prev, curr, pairs, m, motions)
    moves = reflowed(prev, m.prev, curr, m.curr, pairs)
    if len(moves) != 1:
        return None if moves else m
    ((dx, dy),) = moves
    return None if dx and dy else m


def _leading(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]
) -> tuple[int, int] | None:
    """The move of the first item inside container ``c`` (paired with ``p``), in document
    order (the data's), that shows what no other node of either frame shows, whole in both
    (the same size, inside the container's box), moved or not; None: none. O(subtree of
    ``c``)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled_c = _labelled(curr)
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or not curr.children[k] or hc[k] != hp[q]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if (a.width, a.height) != (b.width, b.height) or not labelled_c[k]:
            continue
        if not (within(b, box) and within(a, old_box)):
            continue
        if _counts(prev)[hp[q]] == 1 and _counts(curr)[hc[k]] == 1 and _rows(prev, q, curr, k):
            return (b.left - a.left, b.top - a.top)
    return None


def unslotted(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion, motions: list[Motion]
) -> Motion | None:
    """Diagonal move ``m`` read again by the first item that stayed in view
    (:func:`_leading`). A container scrolls along one axis; a move along both is a grid's
    tiles sent to a slot of another line by items put in (taken out) before them. Items put
    in move only the items after them, so the first item, in the data's order, moved by the
    scroll alone, and a tile put on another slot of its line as well: its move along the
    container's long side (a list taller than wide scrolls up and down) is the scroll
    (the slot's part is no scroll of the container's); not moved along it (a tile gone two
    slots sideways), the items were laid out again and nothing scrolled (None). No such
    item, or a host inside another that scrolled (its items' moves hold the outer one's):
    ``m`` stands (``tests/core/shapes/test_grids.py``: no scene's container scrolls along both
    axes; no real capture's pair reads so)."""
    if m.page or not (m.dx and m.dy):
        return m
    ancestors = set(curr.ancestors(m.curr))
    if any(o.curr in ancestors for o in motions):
        return m
    move = _leading(prev, m.prev, curr, m.curr, pairs)
    if move is None:
        return m
    if curr.nodes[m.curr].bounds.height >= curr.nodes[m.curr].bounds.width:
        return replace(m, dx=0, dy=move[1]) if move[1] else None
    return replace(m, dx=move[0], dy=0) if move[0] else None


def kept_unique(prev: Frame, p: int, curr: Frame, c: int, levels: int = 4) -> bool:
    """Whether ``c`` and ``p`` are one element on their content alone, wherever a scroll
    puts either: they, or their ancestors ``levels`` up at most (an item and its parts),
    show content with children and a label that no other node of either frame shows, whole
    in both (the same size) and moved by the very offset ``c`` moved. A tile a grid's
    insertion sent to another slot is where no scroll puts it, and still the one tile."""
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    move = (b.left - a.left, b.top - a.top)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled = _labelled(curr)
    for _ in range(levels + 1):
        if c < 0 or p < 0 or hc[c] != hp[p]:
            return False
        a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
        if (b.left - a.left, b.top - a.top) != move or (a.width, a.height) != (b.width, b.height):
            return False
        if curr.children[c] and labelled[c] and _rows(prev, p, curr, c):
            return _counts(prev)[hp[p]] == 1 and _counts(curr)[hc[c]] == 1
        c, p = curr.parents[c], prev.parents[p]
    return False


def placed_by_content(prev: Frame, q: int, curr: Frame, k: int, moved: Bounds) -> bool:
    """Whether row ``k`` is old row ``q`` on its content alone, where an offset put it
    (``moved``, ``q``'s box moved by it): they show what no other node of either frame
    shows (an item with a label below it), in one box. A row flush with the list's edge
    before and clear of it after is as much that row as one clear of the edges in both:
    only a twin could show it, and no twin is in either frame."""
    b = curr.nodes[k].bounds
    if b != moved or not curr.children[k] or prev.subtree_hashes[q] != curr.subtree_hashes[k]:
        return False
    if not _labelled(curr)[k] or not _rows(prev, q, curr, k):
        return False
    return _counts(prev)[prev.subtree_hashes[q]] == 1 and _counts(curr)[curr.subtree_hashes[k]] == 1
