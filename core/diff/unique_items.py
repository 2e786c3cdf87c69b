"""An item is itself by its content alone: what no other node of either frame shows.

A grid's tiles and a list's rows repeat (recycled ids, titles and prices); an item whose
subtree's content no other node of either frame shows, with children and a label below
them, is one element wherever a scroll or an insertion put it. Only items a layout holds
count (:func:`a_row`), never an item's part. The counts and labels are kept in the frame's
memo. Read by :mod:`.reflowed` (items laid out again), the ``Guard`` (:func:`kept_unique`)
and :mod:`.row_placed` (:func:`placed_by_content`).
"""

from __future__ import annotations

from collections import Counter

from deltarec.core.diff.row_content import holds_rows
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def counts(frame: Frame) -> Counter[bytes]:
    """How many nodes of ``frame`` show each subtree content (kept in the frame's memo)."""
    key = ("unique_items.counts",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = Counter(frame.subtree_hashes)
    return got  # type: ignore[return-value]


def labelled(frame: Frame) -> list[bool]:
    """For every position, whether a text or a description shows in its subtree."""
    key = ("unique_items.labelled",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = frame.content_below(lambda _: False)
    return got  # type: ignore[return-value]


def a_row(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is one of the items its parent lays out (a list's or a grid's: the
    parent scrolls, or holds three children of one shape), not a part of an item: a
    card's "Like · Comment · Share" strip, an ad's "Learn more" button. A part shows what
    every item of its layout shows (a template) or what the item's twin shows, and the
    window cuts the item that holds the part's twin: once a frame, it is unique in neither
    (the Feed's cards flung a page, ``tests/core/truth/test_twin_flings.py``)."""
    parent = frame.parents[pos]
    return parent >= 0 and holds_rows(frame, parent)


def both_rows(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    return a_row(curr, k) and a_row(prev, q)


def kept_unique(prev: Frame, p: int, curr: Frame, c: int, levels: int = 4) -> bool:
    """Whether ``c`` and ``p`` are one element on their content alone, wherever a scroll
    puts either: they, or their ancestors ``levels`` up at most (an item and its parts),
    show content with children and a label that no other node of either frame shows, whole
    in both (the same size) and moved by the very offset ``c`` moved. A tile a grid's
    insertion sent to another slot is where no scroll puts it, and still the one tile."""
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    move = (b.left - a.left, b.top - a.top)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    shows = labelled(curr)
    for _ in range(levels + 1):
        if c < 0 or p < 0 or hc[c] != hp[p]:
            return False
        a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
        if (b.left - a.left, b.top - a.top) != move or (a.width, a.height) != (b.width, b.height):
            return False
        if curr.children[c] and shows[c] and both_rows(prev, p, curr, c):
            return counts(prev)[hp[p]] == 1 and counts(curr)[hc[c]] == 1
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
    if not labelled(curr)[k] or not both_rows(prev, q, curr, k):
        return False
    return counts(prev)[prev.subtree_hashes[q]] == 1 and counts(curr)[curr.subtree_hashes[k]] == 1
