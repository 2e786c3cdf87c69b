"""The moves a list's book (:mod:`deltarec.core.diff.came_back`) is carried by in a step.

A book holds where a list's rows sit in its content while every step of the list is an
exact scroll: the offset a scroll states with no other reading (:func:`exact`). Which of
nested wrappers a step's scroll is stated on may change from step to step (a web page's
wrappers, cut alike by the WebView's edge): a list with no scroll of its own stated is
tried with none, then with the move of each exact scroll of a container around it or
inside it (:func:`moves`), and last — also after its own exact scroll — with the move its
rows made (:func:`rows_move`: new rows put in at its top, then maybe a scroll); the book
takes the first its rows all moved by, where a row of the list confirms it
(:func:`confirmed`: an edge of it in one place of the content in both frames, inside both
views). A list whose own scroll states no exact offset (a page turned, a hedge), or one no
row confirms, is carried where labels its book holds once place its content again
(:func:`anchored`). A list that rows left with no scroll stated on it (pushed out by new
mail) is given a book in that step (:func:`left_unsaid`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import compress

from deltarec.core.diff.book_rows import Book, Box, Entry, moved
from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.edge_sliver import beside_sliver
from deltarec.core.diff.grown import removed_at_top
from deltarec.core.diff.new_rows import new_at_top
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds


def exact(d: Delta, s: Scroll) -> bool:
    """Whether scroll ``s`` states its offset exactly, with no other reading."""
    if s.page or s.further or s.edge or s.other or s.most:
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
"""Rows whose labels must agree on one offset for :func:`anchored` to place a list's content
on their labels alone."""

ROW_AGREES = 2
"""Elements of one row (the label that places the content among them) that must show what
the book noted, each in the box it noted, for that row alone to place the content."""


def anchored(
    entries: Mapping[int, Entry], boxes: Sequence[Bounds], signs: Sequence[tuple[str, str]]
) -> tuple[int, int] | None:
    """The content offset of a list whose elements now show ``signs`` (role and name) in
    ``boxes`` (on screen), where its own scroll stated none (a page turned, a
    hedge): the one that puts each element showing a label its book holds once (``entries``:
    an element of the book alone shows it, one element in view does) in the box the book
    noted, both boxes whole, when at least :data:`ANCHORS` rows (tags) place it — or one
    row whose elements, :data:`ROW_AGREES` at least, each show what the book noted in the
    box it noted (its other labels agree: a Settings row's title and its summary, placed by
    the title alone after a fling turned a page) — no such element places another, and no
    element it puts in a box the book noted shows other than noted there; else None (the
    book is dropped). Content that repeats whole (the Feed's ads) shows no label once, so
    it never places one; content that repeats in part (the Feed's authors, a period on,
    under other titles and times) may, and what the rest of its rows show then drops the
    book. O(entries + elements inside).

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

    One row places it where another element of that row agrees (its own box, its own
    label), never its unique label alone:

    >>> row = {1: Entry((0, 100, 9, 120), ("button", "Wi-Fi · On"), 7, (0, 0, 9, 99)),
    ...        2: Entry((0, 110, 9, 120), ("text", "On"), 7, (0, 0, 9, 99))}
    >>> anchored(row, [Bounds(0, 5, 9, 25)], [("button", "Wi-Fi · On")]) is None
    True
    >>> anchored(row, [Bounds(0, 5, 9, 25), Bounds(0, 15, 9, 25)],
    ...          [("button", "Wi-Fi · On"), ("text", "On")])
    (0, 95)
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
    rows = tags - {None}
    if not rows:
        return None
    noted: dict[Box, set[tuple[str, str]]] = {}
    row: set[tuple[Box, tuple[str, str]]] = set()  # the one row's entries (one row placing it)
    for entry in entries.values():
        noted.setdefault(entry.box, set()).add(entry.sign)
        if len(rows) < ANCHORS and entry.tag in rows:
            row.add((entry.box, entry.sign))
    agree = 0
    for b, sign in zip(boxes, signs, strict=True):  # content that repeats with other words
        box = (b.left + ox, b.top + oy, b.right + ox, b.bottom + oy)
        had = noted.get(box)
        if had is not None and sign not in had:
            return None
        agree += (box, sign) in row
    return (ox, oy) if len(rows) >= ANCHORS or agree >= ROW_AGREES else None


def left_unsaid(d: Delta, numbered: Mapping[int, int], back_of: Mapping[int, int]) -> list[int]:
    """The lists (containers made to scroll, positions of ``d.prev``, each paired:
    ``back_of``) that elements of ``d.prev`` (``numbered``: their positions) left in step
    ``d`` with no scroll stated on them, around them or inside them: rows pushed out by rows
    put in at the top (new mail, a refresh) before any scroll gave the list a book. Its book
    is started on ``d.prev`` and carried by the rows' own move where they all moved by it
    (:func:`rows_move`), so a row pushed out that a scroll brings back keeps its number.
    O(lists of ``d.prev`` paired x scrolls + log(removed)), nothing where none was removed:
    a new screen pairs no list.
    """
    if not d.removed:
        return []
    prev = d.prev
    lists = [h for h in compress(range(len(prev.nodes)), natures(prev)) if h in back_of]
    if not lists:
        return []
    spans = [(s.prev, prev.subtree_end(s.prev)) for s in d.scrolls]
    removed = d.removed  # in document order
    found: list[int] = []
    for h in lists:
        end = prev.subtree_end(h)
        if any(a <= h < b or h < a < end for a, b in spans):
            continue  # a scroll stated on it, around it or inside it: its own book
        if any(
            r in numbered for r in removed[bisect_right(removed, h) : bisect_left(removed, end)]
        ):
            found.append(h)
    return found


def confirmed(
    d: Delta, book: Book, offset: tuple[int, int], view: Bounds, inside: Sequence[int]
) -> bool:
    """Whether an element of the list paired in step ``d`` (``inside``: the list's elements
    in ``d.curr``, its box ``view`` there) confirms the content offset ``offset`` the step
    carries ``book`` by: along each axis the content moved on, an edge of it lies at one
    place of the content in both frames, inside both frames' views. An edge on a view's
    edge may be where the view cuts it: a row cut by the top edge before and by the bottom
    edge now (the contact form's photo row, 551 px high, shown 534 and then 372 px high)
    places the content nowhere, and a scroll stated off its cut edges (917 px where it
    moved 934) gave the rows above it the boxes of rows noted 17 px away. A list whose
    offset the step kept needs no confirmation. O(elements inside), for a list that moved.

    >>> from deltarec.core.diff.compute import compute_delta
    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(top, bottom):  # one row, cut by the list's edges to top..bottom
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true" '
    ...         f'bounds="[0,100][9,900]"><node class="R" text="a" bounds="[0,{top}][9,{bottom}]"'
    ...         '/></node></hierarchy>'))
    >>> d = compute_delta(shot(100, 400), shot(700, 900))  # cut at its top, then its bottom
    >>> book = Book(0, d.prev.nodes[0].bounds, (0, 0))
    >>> confirmed(d, book, (0, -600), d.curr.nodes[0].bounds, [1])
    False
    >>> d = compute_delta(shot(200, 400), shot(700, 900))  # its top inside both views
    >>> confirmed(d, book, (0, -500), d.curr.nodes[0].bounds, [1])
    True
    """
    (ox, oy), (nx, ny) = book.offset, offset
    if (ox, oy) == (nx, ny):
        return True
    then, now = book.content_view(), moved(view, nx, ny)
    pnodes, cnodes, pairs = d.prev.nodes, d.curr.nodes, d.pairs
    for c in inside:
        p = pairs.get(c)
        if p is None:
            continue
        a, b = moved(pnodes[p].bounds, ox, oy), moved(cnodes[c].bounds, nx, ny)
        if (oy == ny or _edge_kept(a, b, then, now, 1)) and (
            ox == nx or _edge_kept(a, b, then, now, 0)
        ):
            return True
    return False


def _edge_kept(a: Box, b: Box, then: Box, now: Box, axis: int) -> bool:
    """Whether box ``a`` (in view ``then``) and box ``b`` (in view ``now``) share an edge
    along ``axis`` (1: top or bottom, 0: left or right) that lies inside both views."""
    lo, hi = axis, axis + 2
    return any(
        a[e] == b[e] and then[lo] < a[e] < then[hi] and now[lo] < b[e] < now[hi] for e in (lo, hi)
    )
