"""A step that undid the one before it: a list as it was two steps ago, back node for node.

Rows archived on the Inbox, then the undo: the rows come back, and the rows that had come up
into their places go. Where an edge cuts a row to a sliver that shows nothing, the two dumps
of the undo cannot tell the sliver that came back from the one that was there (a sliver's
key is its place alone): one row put back above a whole row has the very same dumps
(``tests/core/truth/slivers.py``, the *tie*), and the diff keeps the pair, so the sliver that
came back took the number of the one that went.

The one piece of evidence outside the two dumps: the list after the undo is, node for node
(keys and boxes), the list two steps ago. Its elements are that list's elements, and an
element of it that the step between did not show came back: :func:`undone` unpairs it from
the element of the last frame the diff paired it with, and gives it its number back
(:func:`deltarec.core.observe.index.build_index`'s ``recalled``). Only for elements whose
number the last frame did not show: an element the three frames share keeps its one number.
Where the last frame showed that number on an element the diff left unpaired (it "went"),
that element is the one come back, moved: the archive's step said it is the element of two
steps ago, and the undo's list says that element is this one. The pair is made
(:func:`undone` recomputes the delta over it): a row the archive pulled up whole from a
sliver, pushed back down to one by the undo, the sliver that left beside it another row
(the tie above, the undo of a swipe that took out the row above a sliver). Where the undo's
scroll is hedged with the row come back as maybe put in beside a top sliver ("scrolled up
180px …, or its row "Ken" came in new") and the scroll's reading paired that row with the
old sliver, the row comes back unpaired and the old sliver stays paired in its box (the
other reading's pair): in neither reading did the sliver go, so no ``-`` line names it
(``tests/core/truth/test_sliver_undo_twins.py``: 60 untold undos). Only in a step
where something came or went. A list of recycled rows scrolled by exactly a
period of content that repeats whole, every row's texts and boxes alike, would read so too;
no list of the virtual phone or the real captures does (``bench_numbers``: reuse 0).
O(lists) when the lists differ, O(their nodes) when they are alike.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import replace
from itertools import compress

from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.edge_sliver import beside_slivers, shows
from deltarec.core.diff.twin_sliver import unnumbered_twins
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import natures


def same_lists(before: Frame, curr: Frame) -> dict[int, int]:
    """``curr`` → ``before`` positions of the nodes of every list (a container made to
    scroll) that shows the same nodes in the same boxes in both (keys, bounds and content:
    states aside, a selection the step cleared). O(lists) when they differ, else O(their
    nodes)."""
    out: dict[int, int] = {}
    for c in compress(range(len(curr.nodes)), natures(curr)):  # the lists, at C speed
        b = before.pos_of.get(curr.keys[c])
        if b is None or c in out or before.subtree_hashes[b] != curr.subtree_hashes[c]:
            continue
        n = curr.subtree_end(c) - c
        if before.subtree_end(b) - b != n:
            continue
        if all(
            before.keys[b + i] == curr.keys[c + i]
            and before.nodes[b + i].bounds == curr.nodes[c + i].bounds
            for i in range(n)
        ):
            out.update((c + i, b + i) for i in range(n))
    return out


def undone(
    d: Delta,
    before: ElementIndex,
    last: ElementIndex,
    volatile: Volatile = DEFAULT_VOLATILE,
    twinned: AbstractSet[int] = frozenset(),
) -> tuple[Delta, dict[int, int]] | None:
    """``d`` (``last``'s frame → this one) with the elements that came back unpaired, and
    the numbers they had two steps ago (in ``before``), where a list of this frame is one of
    ``before``'s again (:func:`same_lists`) and the diff paired an element of it with one of
    another number; or paired with the unpaired element of the last frame that showed that
    number (the delta computed anew over those pairs, with ``volatile``); else None (module
    docstring). ``twinned``: positions of ``last``'s frame a hedge numbered anew
    (:func:`~deltarec.core.diff.new_rows.two_readings`); an element paired with one of
    them by a twin sliver's hedge again keeps that pair, hedged, and takes its number back
    alone (a row swiped away above a bottom sliver, then the undo: the sliver come back is
    the old one, or the row the undo pushed down; unpaired it read as come in beside that
    row's ``-`` line, the row listed twice). One held in its very box, showing nothing
    (its box and subtree hash), keeps the pair and the number the last frame gave it: the
    hedge said the sliver beside the rows archived was the old one or another, and in the
    undo's list it is the one that stayed (a row archived below a top sliver on element
    dicts, whose pairs read the archive as a scroll, hedged, and held the sliver in its box
    at the undo: unpaired it read ``+ [7] button`` and ``- button`` of one sliver, its
    number taken back from the frame before the last); so is one the diff left unpaired
    in both frames, in one box, where the undo's scroll did not pair it with the row come
    back (:func:`_unpaired_in_box`)."""
    numbers_before, numbers_last = before.number_of, last.number_of
    if last.frame is not d.prev or not (d.added or d.removed):
        return None  # nothing came or went: nothing came back
    same = same_lists(before.frame, d.curr)
    if not same:
        return None
    shown = {n: q for q, n in numbers_last.items()}
    back: dict[int, int] = {}
    split: set[int] = set()
    kept: dict[int, int] = {}  # the last frame showed its number: on that element
    for c, b in same.items():
        had = numbers_before.get(b)
        if had is None:
            continue
        p = d.pairs.get(c)
        if had in shown:
            kept[c] = shown[had]
        elif p is None:
            back[c] = had  # came back unpaired: its number back too
        elif numbers_last.get(p, had) != had:
            back[c] = had
            split.add(c)  # paired with an element of another number: it came back
    if split and twinned and (held := {c for c in split if d.pairs[c] in twinned}):
        kept_box = {c for c in held if _in_its_box(d, c)}
        back = {c: n for c, n in back.items() if c not in kept_box}
        held = (held & unnumbered_twins(d)) | kept_box
        split -= held  # a twin sliver's pair stands, hedged; its number comes back alone
        if not split:
            return d, back
    used = {p for c, p in d.pairs.items() if c not in split}
    repaired = {
        c: q
        for c, q in kept.items()
        if d.pairs.get(c) != q and q not in used and _siblings(d, c, q)
    }  # came back from the last frame's element the diff left unpaired
    for c in [c for c in back if c not in d.pairs] if twinned else ():
        q = _unpaired_in_box(d, c, twinned, used)
        if q is not None:  # a sliver a hedge numbered anew, held in its box: the diff left
            repaired[c] = q  # both unpaired, which neither reading does (docstring)
            used.add(q)
    if repaired:
        pairs = {c: p for c, p in d.pairs.items() if c not in split and c not in repaired}
        pairs.update(repaired)
        again = compute_delta(d.prev, d.curr, volatile=volatile, pairs=pairs, gesture=d.gesture)
        return again, {c: n for c, n in back.items() if c not in pairs}
    if not split:
        return None
    pairs = {c: p for c, p in d.pairs.items() if c not in split}
    stayed = _sliver_stayed(d, split)
    pairs.update(stayed)
    gone = {d.pairs[c] for c in split} - set(stayed.values())
    moved = {c: m for c, m in d.moved.items() if c not in split}
    changed = {c: ch for c, ch in d.changed.items() if c not in split}
    added = sorted({*d.added, *split} - stayed.keys())
    removed = sorted({*d.removed, *gone})
    scrolls = [
        replace(
            s,
            entered=tuple(c for c in s.entered if c not in stayed),
            clipped={
                **{c: b for c, b in s.clipped.items() if c not in split},
                **{c: d.curr.nodes[c].bounds.as_list() for c in stayed if c in s.entered},
            },
        )
        for s in d.scrolls
    ]
    back = {c: n for c, n in back.items() if c not in stayed}
    again = replace(
        d,
        pairs=pairs,
        moved=moved,
        changed=changed,
        added=added,
        removed=removed,
        scrolls=scrolls,
    )
    return again, back


def _sliver_stayed(d: Delta, split: set[int]) -> dict[int, int]:
    """Slivers that stayed, ``curr`` → ``prev``: where the step's scroll is hedged with a
    row maybe put in beside a sliver its edge cuts (:func:`~deltarec.core.diff.edge_sliver.
    beside_sliver`: "…, or its row "Ken" came in new") and the scroll's reading paired that
    row with the old sliver (the sliver scrolled down whole as the row), a row of ``split``
    came back: the list two steps ago says it was put in, the other reading, in which the
    old sliver is the one in its very box (same key, box and content, showing nothing). So
    the old sliver is paired there, never said gone: in neither reading did it go. O(rows
    of the scrolled lists)."""
    out: dict[int, int] = {}
    prev, curr = d.prev, d.curr
    for s in d.scrolls:
        beside = beside_slivers(d, s)
        if beside is None or beside[1] or beside[0][-1] not in split:
            continue
        row = beside[0][-1]  # the row the scroll's reading paired with the old sliver
        p = d.pairs[row]
        for k in curr.children[curr.parents[row]]:
            if (
                k not in d.pairs
                and curr.keys[k] == prev.keys[p]
                and curr.nodes[k].bounds == prev.nodes[p].bounds
                and curr.subtree_hashes[k] == prev.subtree_hashes[p]
                and not shows(curr, k)
            ):
                out[k] = p
                break
    return out


def _in_its_box(d: Delta, c: int) -> bool:
    """Whether ``c`` is paired with a node of its box and content (its subtree hash: a twin's
    key may take another ordinal) that shows nothing: a sliver held in its very box."""
    p = d.pairs[c]
    return (
        d.curr.nodes[c].bounds == d.prev.nodes[p].bounds
        and d.curr.subtree_hashes[c] == d.prev.subtree_hashes[p]
        and not shows(d.curr, c)
    )


def _unpaired_in_box(
    d: Delta, c: int, twinned: AbstractSet[int], used: AbstractSet[int]
) -> int | None:
    """The old node of ``twinned`` (numbered anew by the last step's hedge) that no pair holds,
    in ``c``'s list, of its box and content, showing nothing, or None. O(siblings)."""
    parent = d.pairs.get(d.curr.parents[c], -1)
    if parent < 0 or shows(d.curr, c):
        return None
    box, content = d.curr.nodes[c].bounds, d.curr.subtree_hashes[c]
    for q in d.prev.children[parent]:
        if (
            q in twinned
            and q not in used
            and d.prev.nodes[q].bounds == box
            and d.prev.subtree_hashes[q] == content
        ):
            return q
    return None


def _siblings(d: Delta, c: int, q: int) -> bool:
    """Whether current ``c`` and old ``q`` sit in one list (their parents paired)."""
    parent, old = d.curr.parents[c], d.prev.parents[q]
    return parent >= 0 and old >= 0 and d.pairs.get(parent) == old
