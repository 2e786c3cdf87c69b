"""A list that scrolled in the step one of its rows was dragged to another place.

A row dragged two places or more (a drag to reorder, a sort that moved one row) shifts the
rows between its old and its new place by its pitch; the rows above both places and below
them keep theirs. When the list also scrolled (a drag near its edge scrolls it), the rows
moved by two amounts: the scroll, and the scroll and the pitch. The host's vote
(:mod:`deltarec.core.diff.host`) counts rows, and where more of the rows between stay in
view than of the others, it picks the rows between: a scroll off by a row's pitch, and the
rows that kept their place then read as gone and come again.

:func:`reordered_scroll` reads the rows a list knows in both frames
(:func:`deltarec.core.diff.gaps._known_rows`, in its order) and finds the one row out of
their order: without it the others keep their order (where either of two rows can be
that one, both readings must name one scroll). The rows it passed (those between
its two places) moved by one amount, all the others by another, and the rows it passed
moved the way it did not (down when it went up). The scroll is the others' move: a list
lays its rows out from its start, and a row taken from one place and put at another moves
only the rows between. One row out of order, and two runs of equal moves: nothing else is
read so. The motion names the rows that moved besides the scroll (``Motion.dragged``):
the pairing keeps them with their old rows (:class:`deltarec.core.diff.pair_evidence.Guard`).
O(rows).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from itertools import pairwise

from deltarec.core.diff.gaps import _known_rows as known_rows
from deltarec.core.diff.gaps import _shift
from deltarec.core.diff.motions import SPREAD, Motion, consistent
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def _rising(values: list[int]) -> bool:
    return all(a < b for a, b in pairwise(values))


def _one(shifts: list[int]) -> int | None:
    """The one amount ``shifts`` share (within :data:`~.motions.SPREAD`), or None."""
    if not shifts or max(shifts) - min(shifts) > SPREAD:
        return None
    return sorted(shifts)[len(shifts) // 2]


def reordered_scroll(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int
) -> Motion | None:
    """The scroll of list ``c`` (``p`` before) when one of its rows was dragged to another
    place in the step (module docstring): the move of the rows it did not pass, offset 0
    when they stayed. None: no such reading. A row it passed cut by the list's edge to
    some of its labels is known by them (:func:`~deltarec.core.diff.cut_rows.cut_alone`);
    one cut to nothing of its own is not known (rows of one layout cut alike: an archive's
    gap closed below a sliver reads the same), and the drag is not read.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *rows):  # rows 100 px apart from ``top``, the list cuts them at 0, 600
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{max(0, top + 100 * i)}]'
    ...                     f'[9,{min(600, top + 100 * i + 90)}]"/>' for i, t in enumerate(rows)
    ...                     if -90 < top + 100 * i < 600)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,600]">{nodes}</node></hierarchy>'))
    >>> before = shot(0, "a", "b", "c", "d", "e", "f")
    >>> after = shot(-40, "a", "e", "b", "c", "d", "f")  # "e" dragged up, the list scrolled 40 px
    >>> pairs = {1: 1, 2: 5, 3: 2, 4: 3, 5: 4, 6: 6}
    >>> m = reordered_scroll(before, after, pairs, 0, 0)
    >>> m.dy, m.dragged  # "e" and the rows it passed, "b" "c" "d", moved besides the scroll
    (-40, ((2, 5), (3, 2), (4, 3), (5, 4)))
    >>> reordered_scroll(before, shot(-40, "a", "b", "c", "d", "e", "f"), {}, 0, 0)
    """
    return _reordered(prev, curr, pairs, c, p, known_rows(prev, curr, pairs, c, p))


def _reordered(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    rows: list[tuple[int, int, int]],
) -> Motion | None:
    """:func:`reordered_scroll` read off ``rows`` (new index, old index, move)."""
    olds = [j for _, j, _ in rows]
    if len(rows) < 3 or _rising(olds):
        return None
    outs = [k for k in range(len(rows)) if _rising(olds[:k] + olds[k + 1 :])]
    readings = [got for k in outs if (got := _scroll(rows, k)) is not None]
    found = {a for a, _ in readings}
    if len(found) != 1:
        return None  # no reading, or readings that disagree (more than one row moved)
    a = found.pop()
    kids, old_kids = curr.children[c], prev.children[p]
    dragged = tuple((kids[i], old_kids[j]) for i, j, s in rows if abs(s - a) > SPREAD)
    passed = (c, p, *readings[0][1]) if len(readings) == 1 else ()
    return Motion(c, p, 0, a, dragged=dragged, passed=passed)


def _scroll(
    rows: list[tuple[int, int, int]], k: int
) -> tuple[int, tuple[int, int, int, int]] | None:
    """The scroll when row ``k`` of ``rows`` (new index, old index, move) is the one dragged:
    the move the rows it did not pass share, the rows it passed sharing another, the other
    way; and ``Motion.passed``: the old indexes from the row's old place to the farthest row
    it passed, and their move. None: not so. Two rows that swapped, or a row dragged over
    one other, read either way: the readings agree on the scroll, or name none."""
    _, j, _ = rows[k]
    up = k + 1 < len(rows) and rows[k + 1][1] < j  # it went above rows that were above it
    passed = [r for r in rows[k + 1 :] if r[1] < j] if up else [r for r in rows[:k] if r[1] > j]
    others = [r for r in rows if r is not rows[k] and r not in passed]
    a, b = _one([s for _, _, s in others]), _one([s for _, _, s in passed])
    if a is None or b is None or abs(b - a) <= SPREAD or (b > a) != up:
        return None
    ends = [r[1] for r in passed]
    return a, ((min(ends), j - 1, 0, b) if up else (j + 1, max(ends), 0, b))


def in_dragged_row(
    prev: Frame,
    curr: Frame,
    dragged: Mapping[int, int],
    passed: tuple[int, ...],
    c: int,
    p: int,
) -> bool | None:
    """Whether ``c``, in a row of a list the step dragged (or passed: ``dragged``, new row to
    old row, ``Motion.dragged``), is ``p``: in that row's old row, moved as the row moved;
    or ``p`` is in an old row the dragged row passed (``Motion.passed``) and ``c`` moved as
    those rows did, its box cut by the list's edge as the move puts it (a row passed, cut
    to a sliver at the top edge: YouTube's suggestions, Settings' Wi-Fi list: its parts
    moved otherwise than its cut box). None: ``c`` is in no such row, nor where a row
    passed moved. O(depth)."""
    row = c
    while row >= 0 and row not in dragged:
        row = curr.parents[row]
    if row < 0:
        return _passed(prev, curr, passed, c, p) or None
    old = dragged[row]
    if not old <= p < prev.subtree_end(old):
        return False
    r, q = curr.nodes[row].bounds, prev.nodes[old].bounds
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    moved = (b.left - a.left, b.top - a.top) == (r.left - q.left, r.top - q.top)
    return moved or _cut_row(prev, curr, row, old, c, p) or _passed(prev, curr, passed, c, p)


def _cut_row(prev: Frame, curr: Frame, row: int, old: int, c: int, p: int) -> bool:
    """Whether ``c``, in dragged row ``row`` (``old`` before) that the list's edge cuts, sits
    where the row's move puts ``p``, cut by the list's box: the row's move read off its edge
    the list cut in neither frame (:func:`~deltarec.core.diff.gaps._shift`), not its cut
    box's top. A row the dragged row passed, cut to a sliver by the top edge as the list
    scrolled, is one of the rows that moved besides the scroll; its cut box moved otherwise
    than its labels, and they read as gone and come again (``bench_real_reshaped --seed 3``:
    YouTube's suggestions, a row dragged 2 and 6 places as the list scrolled ~1,000 px)."""
    host, old_host = curr.parents[row], prev.parents[old]
    if host < 0 or old_host < 0:
        return False
    view = curr.nodes[host].bounds
    r, q = curr.nodes[row].bounds, prev.nodes[old].bounds
    dy = _shift(q, prev.nodes[old_host].bounds, r, view)
    if dy is None or q.left != r.left or dy == r.top - q.top:
        return False  # no edge left to read it on, or its box moved as it did (not cut)
    return consistent(prev.nodes[p].bounds, curr.nodes[c].bounds, (0, dy), view)


def _passed(prev: Frame, curr: Frame, passed: tuple[int, ...], c: int, p: int) -> bool:
    """Whether ``p`` is in an old row of ``passed`` (``Motion.passed``: the host's positions,
    the old rows' first and last index, their move) and ``c`` sits where that move puts it,
    cut by the host's box (:func:`.motions.consistent`), at the same depth in its row."""
    if not passed:
        return False
    host, old_host, first, last, dx, dy = passed
    old, row = p, c
    while old >= 0 and prev.parents[old] != old_host:
        old = prev.parents[old]
    while row >= 0 and curr.parents[row] != host:
        row = curr.parents[row]
    if old < 0 or row < 0 or curr.depth[c] - curr.depth[row] != prev.depth[p] - prev.depth[old]:
        return False
    if not first <= bisect_left(prev.children[old_host], old) <= last:
        return False
    view = curr.nodes[host].bounds
    return consistent(prev.nodes[p].bounds, curr.nodes[c].bounds, (dx, dy), view)


def dragged_past_gap(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int, split: Motion
) -> Motion | None:
    """The scroll of list ``c`` (``p`` before) whose rows moved by two amounts about one gap
    (``split``: :func:`~deltarec.core.diff.gaps.scrolled_gap`, the rows above it moved by
    ``split.dy``, those below by ``split.dy + split.gap``) read as one row dragged down past
    rows that the scroll took out of view: the list scrolled by the lower rows' move, and
    the one whole row above the gap is the row dragged. None: not so.

    Both readings fit the rows both frames show; the sliver the list's top edge cuts above
    that row tells them apart (Settings' Wi-Fi list, its rows of several layouts: a row
    dragged two places down as the list scrolled ~600 px, read "scrolled 208px", its rows
    passed "taken out"). The gap's reading leaves there the piece of the old row above the
    dragged one, moved by its scroll; the drag's, the piece of the last row it passed,
    moved by the scroll and up by the dragged row's pitch. What an edge leaves of a row is
    of the row's layout, node for node (:func:`_piece`), so the drag is read only where the
    sliver is that row's piece and not the other's. An archive below a sliver (rows taken
    out, the list still, or scrolled with them) leaves the sliver the piece the gap's
    reading puts there: it stays a gap. O(rows + the three rows' nodes).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # (top, text, holds an icon), rows 90 px high in a list 0..600
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{max(0, y)}][9,{y + 90}]">'
    ...                     + (f'<node class="I" bounds="[0,{max(0, y)}][9,{y + 90}]"/>' if i
    ...                        else "") + "</node>" for y, t, i in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,600]">{nodes}</node></hierarchy>'))
    >>> before = shot((0, "", True), (100, "w", False), (200, "p", False), (300, "", False),
    ...               (400, "e", False), (500, "f", False))
    >>> after = shot((-80, "", False), (20, "w", False), (120, "e", False), (220, "f", False))
    >>> split = Motion(0, 0, 0, -80, gap=-200, below=120)  # "w" scrolled 80 px, 2 rows out
    >>> dragged_past_gap(before, after, {2: 3, 3: 6, 4: 7}, 0, 0, split).dy  # or dragged
    -280
    >>> bare = shot((0, "", False), (100, "w", False), (200, "p", False), (300, "", False),
    ...             (400, "e", False), (500, "f", False))  # the row above "w" of the sliver's kind
    >>> dragged_past_gap(bare, after, {2: 2, 3: 5, 4: 6}, 0, 0, split)  # its sliver stayed
    """
    if not split.gap or split.dx or split.gap > 0:
        return None
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return None
    kids, old_kids = curr.children[c], prev.children[p]
    above = [k for k in kids if curr.nodes[k].bounds.top < split.below]
    if len(above) != 2:
        return None
    sliver, row = above
    q = pairs.get(row)
    s, r = curr.nodes[sliver].bounds, curr.nodes[row].bounds
    if q is None or s.top > box.top or r.top <= box.top or s.bottom > r.top:
        return None  # not one sliver the top edge cuts above one whole row
    j = prev.parents[q] == p and old_kids.index(q)
    below = next((pairs[k] for k in kids[2:] if k in pairs), None)
    if not j or below is None or prev.parents[below] != p:
        return None
    j2 = old_kids.index(below)
    if j2 < j + 2 or pairs.get(sliver, old_kids[j2 - 1]) not in old_kids[j + 1 : j2]:
        return None  # no row passed, or the sliver paired with a row the drag did not pass
    span = prev.nodes[below].bounds.top - prev.nodes[old_kids[j + 1]].bounds.top
    if abs(span + split.gap) > SPREAD:
        return None  # the rows passed do not span the gap
    scroll = split.dy + split.gap
    pitch = prev.nodes[old_kids[j + 1]].bounds.top - prev.nodes[q].bounds.top
    shown = _piece(curr, sliver, 0, box)
    if _piece(prev, old_kids[j - 1], split.dy, box) == shown:
        return None  # the gap's reading leaves the sliver there: no drag read
    if _piece(prev, old_kids[j2 - 1], scroll - pitch, box) != shown:
        return None
    return Motion(
        c, p, 0, scroll, dragged=((row, q),), passed=(c, p, j + 1, j2 - 1, 0, scroll - pitch)
    )


def _piece(frame: Frame, row: int, dy: int, box: Bounds) -> list[tuple[int, str, Bounds, bool]]:
    """What ``box`` shows of ``row`` moved by ``dy``: node by node in document order, its
    depth in the row, class, box cut to ``box`` and whether it shows a label."""
    out = []
    top = frame.depth[row]
    for k in range(row, frame.subtree_end(row)):
        n = frame.nodes[k]
        b = n.bounds
        cut = Bounds(
            max(b.left, box.left),
            max(b.top + dy, box.top),
            min(b.right, box.right),
            min(b.bottom + dy, box.bottom),
        )
        if cut.right > cut.left and cut.bottom > cut.top:
            out.append((frame.depth[k] - top, n.class_name, cut, bool(n.text or n.content_desc)))
    return out
