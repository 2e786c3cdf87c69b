"""The moves a list's book (:mod:`deltarec.core.diff.came_back`) is carried by in a step.

A book holds where a list's rows sit in its content while every step of the list is an
exact scroll: the offset a scroll states with no other reading (:func:`exact`). Which of
nested wrappers a step's scroll is stated on may change from step to step (a web page's
wrappers, cut alike by the WebView's edge): a list with no scroll of its own stated is
tried with none, then with the move of each exact scroll of a container around it or
inside it (:func:`moves`), and last with the move its rows made (:func:`rows_move`: new
rows put in at its top); the book takes the first its rows all moved by. A list whose own
scroll states no exact offset (a page turned, a hedge) is carried where labels its book holds
once place its content again (:func:`anchored`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from deltarec.core.diff.book_rows import Box, Entry
from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.edge_sliver import beside_sliver
from deltarec.core.diff.grown import removed_at_top
from deltarec.core.diff.new_rows import new_at_top
from deltarec.core.observe.model import Bounds


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


ANCHORS = 2
"""Rows whose labels must agree on one offset for :func:`anchored` to place a list's content."""


def anchored(
    entries: Mapping[int, Entry], boxes: Sequence[Bounds], signs: Sequence[tuple[str, str]]
) -> tuple[int, int] | None:
    """The content offset of a list whose elements now show ``signs`` (role and name) in
    ``boxes`` (on screen), where its own scroll stated none (a page turned, a
    hedge): the one that puts each element showing a label its book holds once (``entries``:
    an element of the book alone shows it, one element in view does) in the box the book
    noted, both boxes whole, when at least :data:`ANCHORS` rows (tags) place it, no such
    element places another, and no element it puts in a box the book noted shows other than
    noted there; else None (the book is dropped). Content that repeats whole (the Feed's
    ads) shows no label once, so it never places one; content that repeats in part (the
    Feed's authors, a period on, under other titles and times) may, and what the rest of
    its rows show then drops the book. O(entries + elements inside).

    >>> from deltarec.core.observe.model import Bounds
    >>> e = {n: Entry((0, t, 9, t + 9), ("text", f"r{t}"), n, (0, 0, 9, 99)) for n, t in
    ...      [(1, 100), (2, 110), (3, 120)]}
    >>> now = [Bounds(0, 5, 9, 14), Bounds(0, 15, 9, 24)]  # r100 and r110, 95 px up
    >>> anchored(e, now, [("text", "r100"), ("text", "r110")])
    (0, 95)
    >>> anchored(e, now, [("text", "r100"), ("text", "r120")]) is None  # they disagree
    True
    >>> now.append(Bounds(0, 25, 9, 34))  # where r120 was noted: another label
    >>> anchored(e, now, [("text", "r100"), ("text", "r110"), ("text", "r7")]) is None
    True
    """
    once: dict[tuple[str, str], Box | None] = {}
    for entry in entries.values():
        if entry.sign[1]:
            once[entry.sign] = entry.box if entry.sign not in once else None
    shown: dict[tuple[str, str], int | None] = {}
    for i, sign in enumerate(signs):
        if once.get(sign) is not None:
            shown[sign] = i if sign not in shown else None
    offsets: dict[tuple[int, int], set[int | None]] = {}
    tag_of = {entry.sign: entry.tag for entry in entries.values() if entry.sign in shown}
    for sign, c in shown.items():
        box = once[sign]
        if c is None or box is None:
            continue
        b = boxes[c]
        if (b.width, b.height) == (box[2] - box[0], box[3] - box[1]):
            offsets.setdefault((box[0] - b.left, box[1] - b.top), set()).add(tag_of[sign])
    if len(offsets) != 1:
        return None
    (ox, oy), tags = next(iter(offsets.items()))
    if len(tags - {None}) < ANCHORS:
        return None
    noted: dict[Box, set[tuple[str, str]]] = {}
    for entry in entries.values():
        noted.setdefault(entry.box, set()).add(entry.sign)
    for b, sign in zip(boxes, signs, strict=True):  # content that repeats with other words
        had = noted.get((b.left + ox, b.top + oy, b.right + ox, b.bottom + oy))
        if had is not None and sign not in had:
            return None
    return ox, oy
