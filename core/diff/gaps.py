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

from deltarec.core.diff.cut_rows import cut_alone
from deltarec.core.diff.motions import Motion
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
    "stayed" while every other row moved is a scroll's as likely. With ``slivers``, a blank
    sliver left unpaired in the very box a blank row had counts as that row
    (:func:`_edge_twins`: its key renumbered by a blank twin come elsewhere). O(rows).

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
    rows = _rows(prev, curr, pairs, c, p, slivers)
    if rows and not slivers:
        rows = _top_came_down(prev, curr, pairs, c, p, rows)
    shifts = [s for _, _, s in rows]
    if len(rows) < 2 or max(shifts) - min(shifts) <= SLACK:
        return False
    if any(r[1] >= s[1] for r, s in pairwise(rows)):
        return False  # out of order: a row dragged, or twins
    return all(
        abs(s2 - s) <= SLACK or _gap(prev, curr, c, p, (i, j, s), (i2, j2, s2))
        for (i, j, s), (i2, j2, s2) in pairwise(rows)
    )


def scrolled_gap(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int
) -> Motion | None:
    """The motion of list ``c``'s content (old ``p``) when its rows moved by two amounts, the
    rows above one gap by the first and the rows below it by the first and the gap: rows
    put in there (taken out) in the step the list scrolled (or was clamped at its end as
    rows went) by the first amount, which may be 0 (no scroll). None: not so (no two
    amounts, more than one gap, rows out of order, or no row of the old frame only, or of
    the new, between the two amounts).

    Why the rows above the gap and not those below? Both moves fit the two frames only as
    a scroll and the rows between: a scroll by the lower rows' move would have moved the
    upper rows by it too, unless rows above them, out of view, were taken out (put in) as
    well: two changes, one unseen, where the upper rows' move needs the one the frames
    show. Not where the rows below stayed put: a list scrolled to its end pulls the rows
    above a row swiped away down into its gap, and its offset is no scroll a finger made
    (:func:`closed_gaps` says so: no one offset). Only rows known by a text of their own
    in both frames count
    (:func:`_known_rows`), and only rows that kept their place across the list (no
    sideways move). O(rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *rows):  # rows 100 px apart from ``top``, the list cuts them at 0 and 600
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{max(0, top + 100 * i)}]'
    ...                     f'[9,{min(600, top + 100 * i + 90)}]"/>' for i, t in enumerate(rows)
    ...                     if -90 < top + 100 * i < 600)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,600]">{nodes}</node></hierarchy>'))
    >>> before = shot(0, "a", "b", "c", "d", "e", "f")
    >>> after = shot(-40, "a", "b", "c", "new", "d", "e", "f")  # scrolled 40 px, "new" put in
    >>> scrolled_gap(before, after, {0: 0, 1: 1, 2: 2, 3: 3, 5: 4, 6: 5}, 0, 0)
    Motion(curr=0, prev=0, dx=0, dy=-40, page=False, toward=(0, 0), gap=100, below=360)
    >>> scrolled_gap(after, before, {0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 6}, 0, 0)  # backwards
    Motion(curr=0, prev=0, dx=0, dy=40, page=False, toward=(0, 0), gap=-100, below=300)
    >>> scrolled_gap(before, shot(-40, "a", "b", "c", "d", "e"), {}, 0, 0)
    """
    rows = _known_rows(prev, curr, pairs, c, p)
    if len(rows) < 2 or any(r[1] >= s[1] for r, s in pairwise(rows)):
        return None
    cuts = [k for k in range(1, len(rows)) if abs(rows[k][2] - rows[k - 1][2]) > SLACK]
    if len(cuts) != 1:
        return None
    (cut,) = cuts
    upper, lower = [r[2] for r in rows[:cut]], [r[2] for r in rows[cut:]]
    if max(upper) - min(upper) > SLACK or max(lower) - min(lower) > SLACK:
        return None
    if all(abs(s) <= SLACK for s in lower):
        return None  # the rows below stayed: those above closed the gap (a list at its end)
    if not _opened(prev, curr, c, p, rows[cut - 1], rows[cut]):
        return None
    old_kids, kids = prev.children[p], curr.children[c]
    if any(
        prev.nodes[old_kids[j]].bounds.left != curr.nodes[kids[i]].bounds.left for i, j, _ in rows
    ):
        return None
    if all(abs(s) <= SLACK for s in upper):
        return Motion(c, p, 0, 0)  # the rows above stayed: rows put in (taken out), no scroll
    if _stayed_above(prev, curr, pairs, c, p, rows[0][0], upper[0]):
        return None  # a sliver above them kept its box, or a row came down: a gap above, too
    first = rows[cut]
    return Motion(c, p, 0, rows[0][2], gap=first[2] - rows[0][2], below=_top(curr, kids, first[0]))


def _top(curr: Frame, kids: list[int], i: int) -> int:
    """Where the rows below a gap begin in ``curr``: the top of row ``i``, the first row of
    the list's known rows below the gap."""
    return curr.nodes[kids[i]].bounds.top


def _stayed_above(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, first: int, dy: int
) -> bool:
    """Whether a row of list ``c`` above its ``first`` known row is paired with a row of
    ``p`` in the very same box (a sliver the top edge cut alike in both frames, known by
    its id): the rows above the known ones stayed, and those moved to close a gap. Or the
    row just above them is not the one the known rows' move ``dy`` puts there
    (:func:`_slot_taken`): a gap closed above them too. O(rows)."""
    for k in curr.children[c][:first]:
        q = pairs.get(k)
        if q is not None and prev.parents[q] == p and prev.nodes[q].bounds == curr.nodes[k].bounds:
            return True
    return first > 0 and _slot_taken(prev, curr, pairs, c, p, curr.children[c][first - 1], dy)


def _slot_taken(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, k: int, dy: int
) -> bool:
    """Whether row ``k`` of list ``c``, moved back by ``dy``, lies on the box of a row of ``p``
    that went (no row pairs it), both showing texts, none alike: a scroll by ``dy`` would
    have kept that row in view where ``k`` is, so it was taken out, and ``k`` came down into
    its place from above (rows taken out at a list's clamped end: the rows above a gap come
    down). Boxes compared on an edge neither list's edge cuts (:func:`_shift`). O(rows)."""
    shown = texts(curr, k)
    if not shown:
        return False
    box_old, box_new, b = prev.nodes[p].bounds, curr.nodes[c].bounds, curr.nodes[k].bounds
    paired = {pairs.get(n) for n in curr.children[c]}
    for q in prev.children[p]:
        if q in paired:
            continue
        shift = _shift(prev.nodes[q].bounds, box_old, b, box_new)
        if shift is not None and abs(shift - dy) <= SLACK:
            was = texts(prev, q)
            return bool(was) and not was & shown
    return False


def _came_down(prev: Frame, curr: Frame, c: int, p: int, k: int, q: int, dy: int) -> int | None:
    """How far row ``k`` of list ``c`` (paired with ``q`` of ``p``) came down, above rows that
    moved up by ``dy``, showing a text (a sliver the top edge cut come down whole as rows
    went at the list's clamped end: the rows above a gap come down into it there); None when
    it did not. No scroll does that: content that moved up brings no row in above the rows
    it moved, and the row shows what it is, so it is no other row's sliver paired by its
    place. Measured on an edge neither list's edge cuts (:func:`_shift`). O(its subtree)."""
    if dy >= -SLACK or prev.parents[q] != p:
        return None
    a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
    shift = _shift(a, prev.nodes[p].bounds, b, curr.nodes[c].bounds)
    return shift if shift is not None and shift > SLACK and texts(curr, k) else None


def _known_rows(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int
) -> list[tuple[int, int, int]]:
    """The rows of list ``c`` (old ``p``) known in both frames, in its order: (new index, old
    index, how far it moved along y). A row is known by a text of its own (one no other row
    of either list shows: :func:`_known`), its texts all in the other's or the other's all
    in its (an edge cuts a row's labels; a recycled row that shows the same sender shows
    another subject), when the matcher paired it so, or, left unpaired
    on both sides (the matcher drops a pair its scroll estimate does not place: the rows
    below a gap), when it shows just what the old row showed, every text its own, or some
    of it, cut by the list's edge (:func:`~deltarec.core.diff.cut_rows.cut_alone`)."""
    box_new, box_old = curr.nodes[c].bounds, prev.nodes[p].bounds
    old_kids = prev.children[p]
    where: dict[str, int] = {}
    for j, q in enumerate(old_kids):
        for t in own_texts(prev, q):
            where[t] = j
    used: set[int] | None = None
    rows: list[tuple[int, int, int]] = []
    for i, k in enumerate(curr.children[c]):
        found = {where[t] for t in own_texts(curr, k) if t in where}
        if len(found) != 1:
            continue  # unknown, or its labels in several old rows
        (j,) = found
        q = old_kids[j]
        a, b = texts(prev, q), texts(curr, k)
        if not (a <= b or b <= a):
            continue  # other texts beside it: a recycled row showing the same sender
        if pairs.get(k) != q:
            if used is None:
                used = set(pairs.values())
            if k in pairs or q in used:
                continue
            if not (_alone(prev, q, curr, k) or cut_alone(prev, q, box_old, curr, k, box_new)):
                continue
        shift = _shift(prev.nodes[q].bounds, box_old, curr.nodes[k].bounds, box_new)
        if shift is not None:
            rows.append((i, j, shift))
    return rows


def _alone(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether rows ``q`` and ``k`` show the same texts, each its own in its list."""
    shown = texts(curr, k)
    return shown == texts(prev, q) and len(own_texts(curr, k)) == len(own_texts(prev, q)) == len(
        shown
    )


def _rows(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, slivers: bool
) -> list[tuple[int, int, int]]:
    """The rows of list ``c`` (old ``p``) that count (:func:`closed_gaps`), in its order:
    (new index, old index, how far it moved along y)."""
    box_new, box_old = curr.nodes[c].bounds, prev.nodes[p].bounds
    old_at = {q: i for i, q in enumerate(prev.children[p])}
    twins = _edge_twins(prev, curr, pairs, c, p) if slivers else {}
    rows: list[tuple[int, int, int]] = []
    for i, k in enumerate(curr.children[c]):
        j = old_at.get(pairs.get(k, twins.get(k, -1)))
        if j is None:
            continue
        q = prev.children[p][j]
        if not (_known(prev, q, curr, k) or (slivers and not (texts(curr, k) and texts(prev, q)))):
            continue
        a, b = prev.nodes[prev.children[p][j]].bounds, curr.nodes[k].bounds
        shift = _shift(a, box_old, b, box_new)
        if shift is not None:
            rows.append((i, j, shift))
    return rows


def _top_came_down(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    rows: list[tuple[int, int, int]],
) -> list[tuple[int, int, int]]:
    """``rows`` (:func:`_rows`, no tap told) and before them the list's first row, when it is
    no known row, showed nothing (a sliver) and came down as the first of them moved up
    (:func:`_came_down`): rows taken out at the list's clamped end, where the rows above the
    gap come down into it, read as one scroll by the rows below's move where the sliver
    above is left out. O(rows before the first known)."""
    first, kids = rows[0][0], curr.children[c]
    for i, k in enumerate(kids[:first]):
        q = pairs.get(k)
        if q is not None and curr.nodes[k].bounds.area:
            if texts(prev, q):  # only a sliver that showed nothing: a card the top edge
                return rows  # cut showing labels may be paired across cards (a Feed fling)
            shift = _came_down(prev, curr, c, p, k, q, rows[0][2])
            if shift is None:
                return rows
            j = prev.children[p].index(q)
            return [(i, j, shift), *rows] if j < rows[0][1] else rows
    return rows


def _opened(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    above: tuple[int, int, int],
    below: tuple[int, int, int],
) -> bool:
    """Whether rows came in (went) between rows ``above`` and ``below`` (consecutive rows of
    :func:`_known_rows`) as they moved apart (together): more rows lie between them in the
    frame where they are further apart, and the rows' move fits in the room there. Looser
    than :func:`_gap`, whose rows between are all new: a row put in may show just what its
    neighbour shows (one is paired, either)."""
    (i, j, s), (i2, j2, s2) = above, below
    if s2 > s:
        full, kids, a, b, fewer = curr, curr.children[c], i, i2, j2 - j
    else:
        full, kids, a, b, fewer = prev, prev.children[p], j, j2, i2 - i
    room = full.nodes[kids[b]].bounds.top - full.nodes[kids[a]].bounds.bottom
    return b - a > fewer and abs(s2 - s) <= room + SLACK


def _gap(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    above: tuple[int, int, int],
    below: tuple[int, int, int],
) -> bool:
    """Whether rows ``above`` and ``below`` (consecutive rows of :func:`_rows`) moved apart by
    a gap that closed (rows of the old frame only between them) or opened (the new)."""
    (i, j, s), (i2, j2, s2) = above, below
    old_kids, kids = prev.children[p], curr.children[c]
    if s2 < s:
        return _closed(prev, old_kids, j, j2, curr, kids, i, i2, s - s2)
    return _closed(curr, kids, i, i2, prev, old_kids, j, j2, s2 - s)


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


def _edge_twins(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int
) -> dict[int, int]:
    """Rows of list ``c`` that an edge of it cuts to a sliver showing nothing, left unpaired,
    each with the one unpaired row of ``p`` in the very same box, of its class, showing
    nothing too: ``{new: old}``, for :func:`_rows` under a tap told (``slivers``).

    Pass 1 pairs such slivers on their keys, made of their place among blank siblings
    (:mod:`deltarec.core.observe.identity`: the ``-N`` of identical twins), unless a blank
    row came or went elsewhere in the list (an archive pulls a row up to a blank sliver at
    the bottom edge) and numbered the twins anew: the top sliver then had no pair while
    the scroll was estimated, and the rows below a row taken out read as one scroll by its
    pitch. A tap moved no list, so a sliver in the box it had is the sliver that stayed
    (a row swiped or archived away beside it left a gap). O(rows)."""
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return {}
    used = set(pairs.values())
    blank = [q for q in prev.children[p] if q not in used and not texts(prev, q)]
    out: dict[int, int] = {}
    for k in curr.children[c]:
        b, kind = curr.nodes[k].bounds, curr.nodes[k].class_name
        if k in pairs or not b.area or (box.top < b.top and b.bottom < box.bottom):
            continue  # paired, empty, or clear of both edges
        if texts(curr, k):
            continue
        found = [q for q in blank if prev.nodes[q].bounds == b and prev.nodes[q].class_name == kind]
        if len(found) == 1:
            out[k] = found[0]
    return out
