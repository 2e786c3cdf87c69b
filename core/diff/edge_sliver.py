"""A list's edge sliver: a row beside it taken out (or put in) is a scroll by that row's
pitch too, unless the sliver is not what that scroll leaves there.

A list's edge cuts a row to a sliver that shows nothing: its key is its place alone. A row
``R`` beside it taken out, the rows beyond closing its gap, is pixel for pixel a scroll by
``R``'s pitch toward the sliver (the sliver scrolled out, ``R``'s last px in its box) when
``R``'s last px show no label and the sliver is of ``R``'s class and id. Two dumps cannot
tell them: the scroll line stands and names the row the other reading takes out (or puts
in), :func:`beside_slivers` (``orRemoved`` / ``orInserted`` with ``orRows``; several rows
beside it read so too, by their pitches). Where the sliver is not what that scroll leaves
in its box (a row of another class or id, or a label where the sliver shows none), the
sliver stayed: rows came or went beside it, no scroll (:func:`stayed_sliver`). A sliver the
scroll paired with a row of another state takes no number over (:func:`flipped_slivers`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def inbox(*rows, top=-99, end=300):  # rows 100 px high from ``top``, a list 0-end px
    ...     def row(i, r):
    ...         t = top + 100 * i
    ...         box = f'[0,{max(t, 0)}][90,{min(t + 100, end)}]'
    ...         label = f'<node class="T" text="{r}" bounds="[0,{t + 20}][90,{t + 60}]"/>'
    ...         inside = label if t + 20 >= 0 and t + 60 <= end else ""
    ...         return f'<node class="Row" resource-id="{r[0]}" bounds="{box}">{inside}</node>'
    ...     kids = "".join(row(i, r) for i, r in enumerate(rows))
    ...     return parse_uiautomator('<hierarchy><node class="RecyclerView" scrollable="true"'
    ...                              f' bounds="[0,0][90,{end}]">{kids}</node></hierarchy>')
    >>> d = compute_delta(inbox("m0", "m1", "m2", "m3"), inbox("m0", "m2", "m3", "m4"))
    >>> [(s.dy, beside_sliver(d, s)) for s in d.scrolls]  # "m1" taken out, or a scroll
    [(-100, (2, True))]
    >>> d = compute_delta(inbox("a0", "m1", "m2", "m3"), inbox("a0", "m2", "m3", "m4"))
    >>> d.scrolls  # the sliver is an "a" row's: "m1"'s last px would be an "m" row's
    []

Several rows taken out beside it read so too, by their pitches (:func:`beside_slivers`):

    >>> before = inbox("m0", "m1", "m2", "m3", "m4", end=400)
    >>> d = compute_delta(before, inbox("m0", "m3", "m4", "m5", "m6", end=400))
    >>> [(s.dy, beside_slivers(d, s)) for s in d.scrolls]  # "m1" and "m2", or a scroll
    [(-200, ((2, 4), True))]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from deltarec.core.diff.grown import rows_at
from deltarec.core.diff.pushed_edge import SLACK
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Delta, Scroll


def _near(a: int, b: int) -> bool:
    return abs(a - b) <= SLACK


def beside_sliver(d: Delta, s: Scroll) -> tuple[int, bool] | None:
    """The row the other reading of scroll ``s`` takes out (``(prev position, True)``) or
    puts in (``(curr position, False)``) beside a sliver its list's edge cuts, or None: the
    row next to the sliver of :func:`beside_slivers`' rows, alone (one row: the common
    archive)."""
    beside = beside_slivers(d, s)
    return None if beside is None else (beside[0][0], beside[1])


def beside_slivers(d: Delta, s: Scroll) -> tuple[tuple[int, ...], bool] | None:
    """The rows the other reading of scroll ``s`` takes out (``(prev positions, True)``) or
    puts in (``(curr positions, False)``) beside a sliver its list's edge cuts, from the
    sliver out, or None.

    ``k`` rows ``R1``..``Rk`` taken out beside a sliver ``S`` (the list's first row cut by
    its top edge, or its last by the bottom edge, showing nothing), the rows beyond ``Rk``
    closing their gap, are pixel for pixel a scroll by their pitches toward the sliver:
    ``S`` and ``R1``..``Rk-1`` scrolled out and ``Rk``'s last px, of ``S``'s class and id
    and showing nothing, took its box. Two dumps cannot tell them
    (``tests/core/real_scrolls/test_real_rearranged.py``, ``BUDGET_SLIVER``; three rows
    archived from a selection, ``benchmarks/bench_archive.py --untold``); the scroll line
    stands and names the rows the other reading takes out, or, read backwards, puts in
    (``orRemoved`` / ``orInserted`` ``k`` with the rows' keys,
    :func:`deltarec.core.diff.new_rows.hedged`). Each part is asked: the list kept its box;
    ``S`` kept its box, class and id and shows nothing in both frames; ``R1`` lies against
    it, the rows whole; ``Rk`` unpaired or paired with ``S``'s place in the other frame
    (the scroll reading's own pair: a row put back below a top sliver, "scrolled up
    240px"), its labels clear of its last ``S``-high px, the rows before it unpaired
    (scrolled out); the scroll puts ``Rk``'s far end on ``S``'s; the row beyond ``Rk`` is
    paired, moved by the scroll (with the margin it keeps from ``Rk``: a section
    header's 30 px below the row archived over it,
    ``tests/core/truth/test_sliver_undo_twins.py``; at ``Rk``'s place where it keeps
    none). The fewest rows that fit are the reading (one where one fits). ``Rk``'s class
    and id are not asked: where they are not ``S``'s the scroll's reading is the one that
    does not fit, which is for the pairs to refuse (:func:`stayed_sliver`), never for the
    hedge, which names the other reading wherever the scroll stands; element dicts carry
    neither, and their pairs state the scroll (the small preset's top sliver archived, a
    promo's sliver come down into its box, then the undo; rows archived below a promo's
    sliver: ``tests/core/truth/test_archive_ends.py``). Along y only. O(rows of the list)."""
    if s.page or s.dx or not s.dy:
        return None
    prev, curr = d.prev, d.curr
    if prev.nodes[s.prev].bounds != curr.nodes[s.curr].bounds:
        return None
    pl, cl = rows_at(prev, s.prev), rows_at(curr, s.curr)
    back = {p: c for c in curr.children[cl] if (p := d.pairs.get(c)) is not None}
    # Taken out of ``prev`` (the rows beyond them moved toward the sliver by ``dy``), or put
    # into ``curr`` (read backwards: taken out of ``curr``, the rows moved by ``-dy``). Rows
    # the scroll paired with the sliver's place, beside the top sliver first (put in below
    # it, or taken out: the rows beyond moved; at the bottom the list is held at its end).
    ways = ((prev, pl, curr, cl, back, s.dy, True), (curr, cl, prev, pl, d.pairs, -s.dy, False))
    for paired in (False, True):
        for a, pa, b, pb, pairs, move, removed in sorted(ways, key=lambda w: paired and w[5] > 0):
            rows = _taken_beside(a, pa, b, pb, pairs, move, paired)
            if rows is not None:
                return rows, removed
    return None


def _taken_beside(
    a: Frame, pa: int, b: Frame, pb: int, pairs: Mapping[int, int], move: int, paired: bool
) -> tuple[int, ...] | None:
    """Rows ``R1``..``Rk`` of list ``pa`` that :func:`beside_slivers`' reading takes out
    going from ``a`` to ``b`` (list ``pb``; ``pairs``: ``a`` → ``b`` positions), the rows
    beyond them moved by ``move`` toward the sliver (up: the top edge's), or None.
    ``paired``: ``Rk`` is paired with the row at the sliver's place in ``b`` (the scroll's
    pair), else unpaired."""
    box = a.nodes[pa].bounds
    rows_a = sorted((k for k in a.children[pa] if a.nodes[k].bounds.area), key=_top(a))
    rows_b = sorted((k for k in b.children[pb] if b.nodes[k].bounds.area), key=_top(b))
    if len(rows_a) < 3 or not rows_b:
        return None
    top = move < 0
    if not top:
        rows_a, rows_b = rows_a[::-1], rows_b[::-1]
    sliver, first = rows_a[0], rows_a[1]
    s, kept = a.nodes[sliver], b.nodes[rows_b[0]]
    sb, fb = s.bounds, a.nodes[first].bounds
    cut = sb.top <= box.top if top else sb.bottom >= box.bottom
    if not (
        cut
        and kept.bounds == sb
        and s.class_name == kept.class_name
        and s.resource_id == kept.resource_id
        and (_near(fb.top, sb.bottom) if top else _near(fb.bottom, sb.top))  # R1 against S
        and not shows(a, sliver)
        and not shows(b, rows_b[0])
    ):
        return None
    mine = rows_b[0] if paired else -1  # what ``Rk`` is paired with
    for i in range(1, len(rows_a) - 1):
        row = rows_a[i]
        rb = a.nodes[row].bounds
        if (rb.bottom >= box.bottom) if top else (rb.top <= box.top):
            return None  # not whole: no row beyond it in view
        if _near(rb.bottom + move, sb.bottom) if top else _near(rb.top + move, sb.top):
            return _rows_fit(a, rows_a, i, b, pairs, move, (s, mine))
        if pairs.get(row, -1) != -1:
            return None  # paired: no row the scroll took out of view
    return None


def _rows_fit(
    a: Frame,
    rows_a: list[int],
    k: int,
    b: Frame,
    pairs: Mapping[int, int],
    move: int,
    sliver: tuple[Node, int],
) -> tuple[int, ...] | None:
    """``rows_a[1 : k + 1]`` when the scroll by ``move`` puts ``Rk = rows_a[k]``'s far end
    on the sliver's (``sliver``: its node, and what ``Rk`` is paired with) and the rest of
    :func:`beside_slivers`' reading holds, else None."""
    s, mine = sliver
    top = move < 0
    row, beyond = rows_a[k], rows_a[k + 1]
    r, sb = a.nodes[row], s.bounds
    if not (
        sb.height < r.bounds.height
        and pairs.get(row, -1) == mine  # unpaired, or paired to S's place
    ):
        return None
    there = pairs.get(beyond)
    if there is None:
        return None
    ab, nb = a.nodes[beyond].bounds, b.nodes[there].bounds
    if not (_near(nb.top, ab.top + move) if top else _near(nb.bottom, ab.bottom + move)):
        return None
    rb = r.bounds
    # Rk's last px, less a px of rounding at the inner end: a scaled screen rounds each box,
    # and a label may reach a px further into its row's end than the edge's cut shows it
    band = (
        (rb.bottom - sb.height + SLACK, rb.bottom) if top else (rb.top, rb.top + sb.height - SLACK)
    )
    if _label_reaches(a, row, *band):
        return None  # a label in Rk's last px: the scroll would show it in S's box
    return tuple(rows_a[1 : k + 1])


def flipped_slivers(d: Delta, s: Scroll) -> list[int]:
    """Current rows of scroll ``s``'s list that its pairs put where a row of the other frame
    was, one of the two a sliver its list's edge cuts showing nothing, the other in another
    state (selected, checked, enabled): the pair rests on the place the scroll gives the
    sliver alone, and a scroll moves rows, it never selects them, so the two are two rows
    as likely as one. Three rows archived from a selection below a top sliver are, pixel
    for pixel, a scroll by their pitches that puts the last one's bottom (selected) on the
    sliver's (not: the row above them): its number is never given to that sliver
    (:func:`~deltarec.core.diff.new_rows.unnumbered`). O(rows of the list), each pair's
    state compared first."""
    if s.page or not (s.dx or s.dy):
        return []
    prev, curr, pairs = d.prev, d.curr, d.pairs
    cl = rows_at(curr, s.curr)
    box, pbox = curr.nodes[cl].bounds, prev.nodes[rows_at(prev, s.prev)].bounds
    out = []
    for c in curr.children[cl]:
        p = pairs.get(c)
        if p is None:
            continue
        a, b = prev.nodes[p], curr.nodes[c]
        if a.selected == b.selected and a.checked == b.checked and a.enabled == b.enabled:
            continue
        now, was = b.bounds, a.bounds
        if now == was:
            continue  # held in its very box: no pair the scroll made
        if ((now.top <= box.top or now.bottom >= box.bottom) and not shows(curr, c)) or (
            (was.top <= pbox.top or was.bottom >= pbox.bottom) and not shows(prev, p)
        ):
            out.append(c)
    return out


def shows(frame: Frame, pos: int) -> bool:
    """Whether ``pos``'s subtree shows a text or description (``sliver_pairs.shows_texts``,
    which imports this module's users)."""
    return any(n.text or n.content_desc for n in frame.nodes[pos : frame.subtree_end(pos)])


def _top(frame: Frame) -> Callable[[int], int]:
    return lambda k: frame.nodes[k].bounds.top


def stayed_sliver(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], move: tuple[int, int]
) -> bool:
    """Whether list ``c`` (paired with ``p``) shows, cut by an edge, a row paired with one of
    the very box in ``prev``, where ``move`` leaves the piece of another old row of another
    class or resource id, or of a label where the sliver shows none (or, read backwards,
    where ``-move`` leaves the piece of another new row): what an edge leaves of a row is
    of the row's class and id and shows its labels that reach into it, so that row did not
    move there, and the sliver stayed put: rows were taken out (put in) beside it, no
    scroll.

    A 1 px sliver at the top of YouTube's suggestions (a ``LinearLayout`` over its
    ``ViewGroup`` rows; a bare ``ViewGroup`` over a sponsored card whose description spans
    it) stayed as the rows below closed the gap of one swiped away; a scroll by that row's
    pitch would have left its last px there (``BUDGET_SLIVER`` of
    ``tests/core/real_scrolls/test_real_rearranged.py``). A sliver shows nothing and votes
    for no offset (:mod:`~deltarec.core.diff.host`); its class still says what it is not,
    and so does its id: an Inbox's message row cut to 1 px above the ad archived below it
    (the ad's own id is none) stayed (``test_sliver_undo_twins``: 30 untold undos).
    Along y only. O(rows of the list)."""
    dx, dy = move
    if dx or not dy:
        return False
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return False
    pl, cl = rows_at(prev, p), rows_at(curr, c)
    kept = {k: q for k in curr.children[cl] if (q := pairs.get(k)) is not None}
    back = {q: k for k, q in kept.items()}
    return _piece_of_other(curr, cl, prev, pl, kept, dy, box) or _piece_of_other(
        prev, pl, curr, cl, back, -dy, box
    )


def _piece_of_other(
    b: Frame, pb: int, a: Frame, pa: int, kept: Mapping[int, int], dy: int, box: Bounds
) -> bool:
    """Whether a sliver of list ``pb`` kept its box from ``a`` (``kept``: ``b`` → ``a``
    rows) where a row of ``pa`` of another class or id, moved by ``dy``, leaves its piece."""
    for k in b.children[pb]:
        sb = b.nodes[k].bounds
        q = kept.get(k)
        if q is None or a.nodes[q].bounds != sb or not sb.area:
            continue
        if not (sb.top <= box.top or sb.bottom >= box.bottom) or sb.height * 4 > box.height:
            continue  # not a sliver an edge cuts
        kind = b.nodes[k].class_name, b.nodes[k].resource_id
        for r in a.children[pa]:
            ra = a.nodes[r].bounds
            piece = Bounds(
                max(ra.left, box.left),
                max(ra.top + dy, box.top),
                min(ra.right, box.right),
                min(ra.bottom + dy, box.bottom),
            )
            if r == q or piece != sb:
                continue
            if (a.nodes[r].class_name, a.nodes[r].resource_id) != kind or (
                not shows(b, k) and _label_reaches(a, r, sb.top - dy, sb.bottom - dy)
            ):
                return True
    return False


def _label_reaches(frame: Frame, row: int, top: int, bottom: int) -> bool:
    """Whether a node of ``row`` showing a label reaches into the band ``top``-``bottom``:
    the edge that leaves that band of the row shows the label, cut to it."""
    for n in frame.nodes[row : frame.subtree_end(row)]:
        if (n.text or n.content_desc) and n.bounds.top < bottom and n.bounds.bottom > top:
            return True
    return False
