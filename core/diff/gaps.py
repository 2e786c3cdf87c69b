"""Rows taken out of a list (or put back) at several places at once: the rows between the
gaps moved by as many different amounts, so no one offset is the list's.

Several Inbox rows archived at once (issue 18) leave a gap each; the rows below each gap
close it, so the rows after the first gap move up by its pitch, the rows after the second
by both pitches, and so on (at the list's anchor the rows above come down instead). The
rows that moved most may be the most numerous, and a scroll by their move explains them:
``↕ scrolled down 137px`` with the rows that did not move listed as come in. But a scroll
moves every row of the list by one offset. :func:`closed_gaps` tells the two apart: the
paired rows keep their order, move by two amounts or more, and every change of amount
from one row to the next is a gap that closed (rows of the old frame only between them,
the rows after them now where the first of those began) or one that opened (the same
backwards: rows put back).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

SLACK = 2
"""Pixels of rounding allowed where a row sits (a scaled profile rounds each box)."""


def closed_gaps(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, *, slivers: bool = False
) -> bool:
    """Whether the rows of list ``c`` (old ``p``) moved to close gaps rows left or open gaps
    rows came into, not with a scroll (module docstring). Only rows known by a text of
    their own in both frames count (:func:`_known`); rows that show no text (slivers an
    edge cut to nothing), paired by their place alone, count too with ``slivers``: the
    caller's finger did not drag the list (a tap on "Archive"); a sliver at the top that
    "stayed" while every other row moved is a scroll's as likely. O(rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 100 px apart from the top, "" leaves a slot empty
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{100 * i}]'
    ...                     f'[9,{100 * i + 90}]"/>' for i, t in enumerate(rows) if t)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,900]">{nodes}</node></hierarchy>'))
    >>> before = shot("a", "b", "c", "d", "e", "f", "g")
    >>> after = shot("a", "c", "d", "f", "g")  # "b" and "e" archived: two gaps closed
    >>> closed_gaps(before, after, {0: 0, 1: 1, 2: 3, 3: 4, 4: 6, 5: 7}, 0, 0)
    True
    >>> closed_gaps(before, before, {i: i for i in range(8)}, 0, 0)  # nothing moved
    False
    >>> closed_gaps(before, shot("", "", "c", "d", "e", "f", "g"), {0: 0, 1: 3, 2: 4}, 0, 0)
    False
    """
    box_new, box_old = curr.nodes[c].bounds, prev.nodes[p].bounds
    old_at = {q: i for i, q in enumerate(prev.children[p])}
    rows: list[tuple[int, int, int]] = []  # (new index, old index, shift)
    for i, k in enumerate(curr.children[c]):
        j = old_at.get(pairs.get(k, -1))
        if j is None:
            continue
        if not (_known(prev, prev.children[p][j], curr, k) or (slivers and not texts(curr, k))):
            continue
        a, b = prev.nodes[prev.children[p][j]].bounds, curr.nodes[k].bounds
        shift = _shift(a, box_old, b, box_new)
        if shift is not None:
            rows.append((i, j, shift))
    shifts = [s for _, _, s in rows]
    if len(rows) < 2 or max(shifts) - min(shifts) <= SLACK:
        return False
    if any(r[1] >= s[1] for r, s in pairwise(rows)):
        return False  # out of order: a row dragged, or twins
    for (i, j, s), (i2, j2, s2) in pairwise(rows):
        if abs(s2 - s) <= SLACK:
            continue
        old_kids, kids = prev.children[p], curr.children[c]
        if s2 < s and not _closed(prev, old_kids, j, j2, curr, kids, i, i2, s - s2):
            return False
        if s2 > s and not _closed(curr, kids, i, i2, prev, old_kids, j, j2, s2 - s):
            return False
    return True


def _known(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether two rows show, both, a text that no other row of either list shows: the
    row is known, not placed (a feed card's "Like · Comment · Share" bar, cut by the top
    edge, is any card's)."""
    return bool(texts(prev, q) & texts(curr, k) & own_texts(prev, q) & own_texts(curr, k))


def _shift(a: Bounds, box_a: Bounds, b: Bounds, box_b: Bounds) -> int | None:
    """How far a row moved along y, on an edge that neither list's edge cut; None: both are."""
    if a.top > box_a.top and b.top > box_b.top:
        return b.top - a.top
    if a.bottom < box_a.bottom and b.bottom < box_b.bottom:
        return b.bottom - a.bottom
    return None


def _closed(
    full: Frame,
    full_kids: list[int],
    j: int,
    j2: int,
    less: Frame,
    less_kids: list[int],
    i: int,
    i2: int,
    step: int,
) -> bool:
    """Whether between rows ``j`` and ``j2`` of ``full`` lie rows that ``less`` lacks (none
    between its ``i`` and ``i2``), and the rows after them moved by ``step``: at least as
    far as those rows span, at most as far as from row ``j`` to row ``j2`` (the margins of
    a row's label inside its slot, a section header's, are not known): a gap closed."""
    if j2 - j < 2 or i2 - i != 1:
        return False
    first = full.nodes[full_kids[j + 1]].bounds
    last = full.nodes[full_kids[j2 - 1]].bounds
    span = last.bottom - first.top
    room = full.nodes[full_kids[j2]].bounds.top - full.nodes[full_kids[j]].bounds.bottom
    return span - SLACK <= step <= room + SLACK
