"""The moves a list's book (:mod:`deltarec.core.diff.came_back`) is carried by in a step.

A book holds where a list's rows sit in its content while every step of the list is an
exact scroll: the offset a scroll states with no other reading (:func:`exact`). Which of
nested wrappers a step's scroll is stated on may change from step to step (a web page's
wrappers, cut alike by the WebView's edge): a list with no scroll of its own stated is
tried with none, then with the move of each exact scroll of a container around it or
inside it (:func:`moves`), and last with the move its rows made (:func:`rows_move`: new
rows put in at its top); the book takes the first its rows all moved by.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.edge_sliver import beside_sliver
from deltarec.core.diff.grown import removed_at_top
from deltarec.core.diff.new_rows import new_at_top


def exact(d: Delta, s: Scroll) -> bool:
    """Whether scroll ``s`` states its offset exactly, with no other reading."""
    if s.page or s.further or s.edge or s.other:
        return False
    return not (new_at_top(d, s) or removed_at_top(d, s) or beside_sliver(d, s) is not None)


def moves(d: Delta, host: int, scroll: Scroll | None) -> list[tuple[int, int]]:
    """The content moves to try for the book of ``host`` (a position of ``d.prev``) in
    step ``d``, in order: its own exact scroll's (none when it has a scroll stated
    otherwise); with no scroll of its own, none, then that of each exact scroll of a
    container around it or inside it. Which of nested wrappers a step's scroll is stated
    on may change from step to step (a web page's wrappers, cut alike by the WebView's
    edge), and rows moved by such a scroll moved the book's content: the move is taken
    only where the book finds every row of its list moved by it. A nested scroll stated
    otherwise than exactly leaves only the first. O(scrolls of ``d``)."""
    if scroll is not None:
        return [(scroll.dx, scroll.dy)] if exact(d, scroll) else []
    found = [(0, 0)]
    end = d.prev.subtree_end(host)
    for s in d.scrolls:
        if s.prev < host < d.prev.subtree_end(s.prev) or host < s.prev < end:
            if not exact(d, s):
                return found[:1]
            if (s.dx, s.dy) not in found:
                found.append((s.dx, s.dy))
    return found


def rows_move(d: Delta, inside: Iterable[int]) -> tuple[int, int] | None:
    """The move most of the list's paired elements (``inside``, positions of ``d.curr``)
    made, their size kept; None when none moved. New rows put in at a list's top (new
    mail, a refresh) move the rows below as a scroll up by their height would, and are
    noted so: the rows above them in the book are none (the list shows its first item),
    and every row must have moved by it (the book checks it). O(elements inside)."""
    pnodes, cnodes, pairs = d.prev.nodes, d.curr.nodes, d.pairs
    moved: Counter[tuple[int, int]] = Counter()
    for c in inside:
        p = pairs.get(c)
        if p is not None:
            a, b = pnodes[p].bounds, cnodes[c].bounds
            if (a.width, a.height) == (b.width, b.height) and (a.left, a.top) != (b.left, b.top):
                moved[(b.left - a.left, b.top - a.top)] += 1
    return moved.most_common(1)[0][0] if moved else None
