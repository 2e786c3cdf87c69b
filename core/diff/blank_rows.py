"""A row that shows nothing, held in place: paired though it has no content to be known by
(:func:`blank_in_place`; the matcher asks it in a list that stayed)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping

from deltarec.core.diff.row_content import next_row_held, next_sibling, texts
from deltarec.core.observe.frame import Frame


def blank_in_place(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether row ``c`` is old row ``p`` that shows nothing, held in place: neither shows a
    text or description, both hold one subtree (the same hash, node for node in the same
    boxes), and the row after each is one row in the same box (:func:`next_row_held`), or
    both are their list's last rows, clear of its edges, after one row held so. Such a row
    has no content to be known by; nothing can have taken its place either (a notification's
    shadow frames after it, on element dicts, which carry the ids the XML path pairs them
    by). O(size of the two rows)."""
    if texts(prev, p) or texts(curr, c) or curr.subtree_hashes[c] != prev.subtree_hashes[p]:
        return False
    p_end, c_end = prev.subtree_end(p), curr.subtree_end(c)
    if p_end - p != c_end - c or any(
        m.bounds != n.bounds for m, n in zip(prev.nodes[p:p_end], curr.nodes[c:c_end], strict=True)
    ):
        return False
    if next_row_held(prev, p, curr, c, pairs):
        return True
    if next_sibling(prev, p) is not None or next_sibling(curr, c) is not None:
        return False
    before_c, before_p = _previous_sibling(curr, c), _previous_sibling(prev, p)
    box, b = curr.nodes[curr.parents[c]].bounds, curr.nodes[c].bounds
    return (
        before_c is not None
        and before_p is not None
        and pairs.get(before_c) == before_p
        and curr.nodes[before_c].bounds == prev.nodes[before_p].bounds
        and box.top < b.top
        and b.bottom < box.bottom
    )


def _previous_sibling(frame: Frame, pos: int) -> int | None:
    parent = frame.parents[pos]
    siblings = frame.children[parent] if parent >= 0 else frame.roots
    i = bisect_right(siblings, pos) - 2  # siblings are in document order
    return siblings[i] if i >= 0 else None
