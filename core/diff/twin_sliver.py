"""A sliver at a list's bottom edge that two dumps leave two readings of: the row that was
there pushed onto the edge, or another row put in (read backwards: taken out).

Rows put in above a row pull it down; the list's bottom edge cuts what reaches it. When
the edge leaves a sliver of the last row that shows nothing, ``n - 1`` rows put in (the old
row pushed onto the edge, a sliver of its top) and ``n`` rows put in (the old row pushed
out, the sliver the ``n``-th new row's top) dump the same bytes, whenever the new rows are
of the old row's class (``tests/core/real_scrolls/twins.py`` makes both and compares
them). Pass 3 pairs the sliver with the old row (the ``n - 1`` reading: an undo on the
virtual phone's Inbox puts one row back, and the sliver *is* the old row); the pair stands,
and the delta says the other reading too (:func:`twin_slivers`): the labels of the row
that left read ``- text "zr" (its row is the sliver at the list's edge now, or that sliver
is another row, put in)``, and the JSON's changed entry of the pair carries ``orNew``. The
numbers follow the pair (a number is a handle: a fresh one would renumber the old row
where it *is* the sliver, and split it where an undo gives numbers back, ``undone.py``),
but where two slivers of one box are paired by their place alone (:func:`unnumbered_twins`:
the sliver takes a fresh number, and an undo gives it its number back).

Along y, the bottom edge only: rows put in push rows toward it. Cost: O(added + removed)
and one map of the pairs when a removal's candidate is found.
"""

from __future__ import annotations

import weakref
from collections.abc import Container, Iterable
from typing import TYPE_CHECKING, NamedTuple

from deltarec.core.observe.frame import Frame

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Delta


def twin_slivers(d: Delta) -> dict[int, int]:
    """The pairs (current → previous position) of ``d`` that are a sliver at a list's
    bottom edge and the row whose top it may be, where the sliver may as well be another
    row put in (or, read backwards, taken out) beside the unpaired rows before it (module
    docstring). Each part is asked: the sliver's list did not scroll; the sliver ends on
    its list's bottom edge, shows nothing, is thinner than the row before it, which is
    unpaired, of its class and id, and ends above it; the row paired with it is of its
    class, as wide, taller, and shows no label in its top sliver-high px.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(*rows):
    ...     kids = "".join(
    ...         f'<node class="Row" bounds="[0,{t}][90,{b}]">'
    ...         + (f'<node class="T" text="{x}" bounds="[0,{t + 2}][90,{t + 8}]"/>' if x else "")
    ...         + "</node>" for t, b, x in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,0][90,32]">{kids}</node></hierarchy>'))
    >>> before = shot((0, 10, "a"), (10, 20, "b"), (20, 30, "zr"))
    >>> after = shot((0, 10, "a"), (10, 20, "b"), (20, 30, "new"), (30, 32, ""))
    >>> d = compute_delta(before, after)
    >>> {after.nodes[c].bounds.top: before.nodes[p].bounds.top for c, p in twin_slivers(d).items()}
    {30: 20}
    """
    return {t.curr: t.prev for t in twins(d)}


def unnumbered_twins(d: Delta) -> frozenset[int]:
    """The current positions of :func:`twins`' pairs of two slivers of one box (the third
    reading: the old sliver pushed out, the row before it pushed onto the edge, or the
    sliver the same): a pair on the place alone, which gives that place to two elements,
    so it takes no number over (:func:`~deltarec.core.diff.new_rows.unnumbered`'s rule
    for a scroll's hedge): a number is never given to an element it was not. A row swiped
    away above the bottom sliver, the row beyond coming up whole and another cut in its
    place, paired the two slivers by their box: the old sliver's number went to the row
    after it (10 reuses of the untold sliver sweep, ``benchmarks/bench_archive.py
    --untold``). A sliver paired with the whole row whose top it may be keeps the pair's
    number (the row pushed onto the edge, the common reading: a fresh number there
    renumbered 20 steps of that sweep that were right). O(added + removed)."""
    found = twins(d)
    if not found:
        return frozenset()
    return frozenset(t.curr for t in found if t.row not in (t.curr, t.prev))


class Twin(NamedTuple):
    """A pair :func:`twin_slivers` doubts: ``curr`` → ``prev``, and the whole ``row`` the
    sliver may be (of ``d.curr`` when ``came``, else of ``d.prev``)."""

    curr: int
    prev: int
    row: int
    came: bool


_LAST: list[tuple[weakref.ref[Delta], tuple[Twin, ...]]] = []
"""The last delta :func:`twins` read and its answer: a step asks it of one delta up to
three times (its lines' notes, its JSON's ``orNew``, its numbers), and a delta is not
changed once computed (``undone.py`` makes another with :func:`dataclasses.replace`). The
delta is held weakly: held, a 1 MB step's two frames lived on until the next step, which
paid for freeing them (+5 % on ``benchmarks/ab_dump.py``'s step)."""


def twins(d: Delta) -> list[Twin]:
    """The pairs of :func:`twin_slivers`, each with the row the sliver may be: the row
    paired with it, or, where the sliver is paired with a sliver of the same box, the
    unpaired row before that one (the old sliver pushed out, that row pushed onto the
    edge: a third reading, which the pair states). Answered once per delta (:data:`_LAST`)."""
    if _LAST and _LAST[0][0]() is d:
        return list(_LAST[0][1])
    found = _twins(d)
    _LAST[:] = [(weakref.ref(d), tuple(found))]
    return found


def _twins(d: Delta) -> list[Twin]:
    out: list[Twin] = []
    came: set[int] | None = None  # made once a candidate needs it
    went: set[int] | None = None
    scrolls = ({s.curr for s in d.scrolls}, {s.prev for s in d.scrolls})
    sides = ((True, d.curr, d.prev, d.pairs), (False, d.prev, d.curr, None))
    for grown, frame, other, pairs in sides:
        scrolled, scrolled_o = scrolls if grown else scrolls[::-1]
        rows = d.added if grown else d.removed
        if not rows:
            continue
        # The rows whose next sibling is paired, told first: most rows that came or went (a
        # new screen's every row) have none, and the pair was asked below anyway (each test
        # is pure: the order changes no answer; two calls a row before, issue 19).
        for n, s in _paired_next(frame, rows, d.pairs if grown else set(d.pairs.values())):
            if not _sliver_after(frame, n, s, scrolled):
                continue
            if pairs is None:  # one map for every candidate, only once one is found
                pairs = {p: c for c, p in d.pairs.items()}
            t = pairs[s]
            if _row_as_sliver(other, t, frame, s):
                out.append(Twin(s, t, t, False) if grown else Twin(t, s, t, True))
                continue
            q = _row_before(other, t)
            if q is None or other.nodes[t].bounds != frame.nodes[s].bounds:
                continue
            if grown:
                went = set(d.removed) if went is None else went
                fresh = q in went
            else:
                came = set(d.added) if came is None else came
                fresh = q in came
            if (
                fresh
                and _sliver_after(other, q, t, scrolled_o)
                and _row_as_sliver(other, q, frame, s)
            ):
                out.append(Twin(s, t, q, False) if grown else Twin(t, s, q, True))
    return out


def _row_before(frame: Frame, pos: int) -> int | None:
    """The sibling before ``pos``, or None. O(depth)."""
    parent, q = frame.parents[pos], pos - 1
    while q != parent and frame.parents[q] != parent:
        q = frame.parents[q]
    return None if q == parent else q


def _paired_next(frame: Frame, rows: list[int], paired: Container[int]) -> list[tuple[int, int]]:
    """``(row, s)`` for each of ``rows`` whose next sibling ``s`` (:func:`_next_row`) is in
    ``paired``, in the order of ``rows``: one comprehension, :func:`_next_row` inline."""
    ends, parents, size = frame.subtree_ends, frame.parents, len(frame.nodes)
    return [
        (n, s)
        for n in rows
        if (s := ends[n]) < size and parents[s] == parents[n] >= 0 and s in paired
    ]


def _next_row(frame: Frame, pos: int) -> int | None:
    """The next sibling of ``pos`` (the node right after its subtree), or None (what
    :func:`twins` tells inline of every row that came or went)."""
    after = frame.subtree_end(pos)
    if after < len(frame.nodes) and frame.parents[after] == frame.parents[pos] >= 0:
        return after
    return None


def _sliver_after(frame: Frame, row: int, s: int, scrolled: Iterable[int]) -> bool:
    """Whether ``s``, the sibling after ``row``, is a sliver of its list's bottom edge that
    shows nothing, thinner than ``row``, of its class and id, below it."""
    a, b = frame.nodes[row], frame.nodes[s]
    box = frame.nodes[frame.parents[s]].bounds
    sb, rb = b.bounds, a.bounds
    return (  # on the bottom edge first: most siblings after a row that came are inside
        sb.bottom >= box.bottom
        and sb.area > 0
        and sb.height < rb.height
        and rb.bottom <= sb.top
        and (a.class_name, a.resource_id) == (b.class_name, b.resource_id)
        and frame.parents[s] not in scrolled
        and not _shows(frame, s, sb.top, sb.bottom)
    )


def _row_as_sliver(frame: Frame, row: int, other: Frame, s: int) -> bool:
    """Whether ``row`` of ``frame``, moved onto sliver ``s`` of ``other`` and cut there,
    looks like it: its class, as wide, taller, no label in its top sliver-high px."""
    a, b = frame.nodes[row], other.nodes[s]
    rb, sb = a.bounds, b.bounds
    return (
        a.class_name == b.class_name
        and (rb.left, rb.right) == (sb.left, sb.right)
        and rb.height > sb.height
        and not _shows(frame, row, rb.top, rb.top + sb.height)
    )


def _shows(frame: Frame, pos: int, top: int, bottom: int) -> bool:
    """Whether a node of ``pos``'s subtree showing a label reaches into ``top``-``bottom``."""
    return any(
        (n.text or n.content_desc) and n.bounds.top < bottom and n.bounds.bottom > top
        for n in frame.nodes[pos : frame.subtree_end(pos)]
    )


def same_box_slivers(d: Delta) -> dict[int, int]:
    """Pairs (current → previous position) of two slivers of one box at a list's bottom
    edge, neither showing anything, whose insides differ: the row that was there, its
    content changed (a placeholder loaded), or another row put in above it whose top lands
    in that very box, cut alike, the old sliver pushed out (read backwards: taken out).
    Two dumps cannot tell them apart; the pair stands and its JSON entry says the other
    reading (``orNew``). Each part is asked: the sliver is a row of a list (the row before
    it of its class and id, taller, paired with the row before its pair), on the list's
    bottom edge, the list not scrolled; its pair has its very box. Found from the nodes
    that came or went inside them: O((added + removed) × depth) at most once a node
    (climbs stop at a node seen).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(inner):
    ...     rows = ('<node class="Row" bounds="[0,0][90,20]"><node class="T" text="a"'
    ...             ' bounds="[0,2][90,8]"/></node><node class="Row" bounds="[0,20][90,24]">'
    ...             f'<node class="{inner}" bounds="[0,22][90,24]"/></node>')
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,0][90,24]">{rows}</node></hierarchy>'))
    >>> same_box_slivers(compute_delta(shot("View"), shot("Image")))
    {3: 3}
    """
    out: dict[int, int] = {}
    if not d.added and not d.removed:
        return out
    back = {p: c for c, p in d.pairs.items()}
    scrolled = ({s.curr for s in d.scrolls}, {s.prev for s in d.scrolls})
    for frame, other_of, nodes in ((d.curr, d.pairs, d.added), (d.prev, back, d.removed)):
        seen: set[int] = set()
        for n in nodes:
            s = frame.parents[n]
            while s >= 0 and s not in seen and s not in other_of:
                seen.add(s)
                s = frame.parents[s]
            if s < 0 or s in seen:
                continue
            seen.add(s)
            row = _list_row(frame, s)
            if row is None or row not in other_of:
                continue
            c, p = (row, other_of[row]) if frame is d.curr else (other_of[row], row)
            if (
                c not in out
                and d.curr.nodes[c].bounds == d.prev.nodes[p].bounds
                and _sliver_row(d.curr, c, scrolled[0])
                and _sliver_row(d.prev, p, scrolled[1])
                and _rows_before_paired(d, c, p)
            ):
                out[c] = p
    return out


def _list_row(frame: Frame, pos: int) -> int | None:
    """``pos`` or its nearest ancestor whose parent holds two or more children (a list's
    row), climbing only nodes on their parent's bottom edge; None past the root."""
    while pos >= 0:
        parent = frame.parents[pos]
        if parent < 0 or frame.nodes[pos].bounds.bottom < frame.nodes[parent].bounds.bottom:
            return None
        if len(frame.children[parent]) >= 2:
            return pos
        pos = parent
    return None


def _sliver_row(frame: Frame, s: int, scrolled: set[int]) -> bool:
    """Whether row ``s`` is a sliver its list's bottom edge cuts, showing nothing, after a
    row of its class and id that is taller (:func:`_sliver_after`)."""
    q = _row_before(frame, s)
    return q is not None and _sliver_after(frame, q, s, scrolled)


def _rows_before_paired(d: Delta, c: int, p: int) -> bool:
    """Whether the row before ``c`` is paired with the row before ``p``: the list kept the
    rows above the sliver."""
    qc, qp = _row_before(d.curr, c), _row_before(d.prev, p)
    return qc is not None and d.pairs.get(qc) == qp
