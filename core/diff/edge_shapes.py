"""Which of the moves a list's uncut edges split between its boxes bear out.

Rows that show nothing of their own (a list whose labels are all merged onto the card
around it: YouTube's suggestions under a merged pane) are twins of one another, and so are
the slivers an edge cuts of them: :func:`~deltarec.core.diff.edge_pieces.edge_offset` reads
one move off a twin's sliver (the row the matching paired by its place, a pitch off) and
another off the one tall row's uncut top, and with two moves named it read none (the list
unchanged, its rows ``-``). A move is the list's only where every node of the content whole
in one frame, clear of the list's edges, that the move keeps clear of them in the other
frame, finds a node of the same content (subtree hash) at its moved box there, px for px
within :data:`~deltarec.core.diff.motions.SPREAD`: the twin's pitch puts a whole row where
the other frame shows the tall one. :func:`borne_out` keeps the one such move, or none.

Cost: asked only where the edges named two moves or more, one walk over each list's
subtree per move (at most :data:`LIMIT` nodes each).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # bare rows of a list 400 px high, each (top, bottom)
    ...     kids = "".join(f'<node class="Row" bounds="[0,{t}][100,{b}]"/>' for t, b in rows)
    ...     head = '<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,400]">'
    ...     return Frame(parse_uiautomator(f"{head}{kids}</node></hierarchy>"))
    >>> a = shot((0, 100), (100, 200), (200, 300), (300, 400))  # its last row runs on
    >>> b = shot((0, 94), (94, 400))  # 206 px on: a row cut, then the tall one
    >>> borne_out(a, 0, b, 0, [(0, -6), (0, -206)])
    (0, -206)
"""

from __future__ import annotations

from collections.abc import Sequence

from deltarec.core.diff.axis import clear
from deltarec.core.diff.motions import SPREAD, near_box, shifted
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds

LIMIT = 2_000
"""At most this many nodes of a list's subtree are looked at."""


def borne_out(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    moves: Sequence[tuple[int, int]],
    *,
    in_view: bool = False,
) -> tuple[int, int] | None:
    """The one of ``moves`` (of list ``c``, paired with ``p``) the boxes of both frames
    bear out (module docstring), or None. A move that keeps no node whole in view refutes
    nothing and so is borne out; with ``in_view``, it must keep one (:func:`by_shapes`)."""
    if curr.subtree_end(c) - c > LIMIT or prev.subtree_end(p) - p > LIMIT:
        return None
    kept = [m for m in moves if _bears(prev, p, curr, c, m[1], in_view)]
    return kept[0] if len(kept) == 1 else None


def _bears(prev: Frame, p: int, curr: Frame, c: int, dy: int, in_view: bool = False) -> bool:
    """Whether the boxes of both frames bear out a move of ``dy``: no node it keeps whole in
    view refutes it, and, with ``in_view``, it keeps one."""
    there, back = _fits(prev, p, curr, c, dy), _fits(curr, c, prev, p, -dy)
    if there is False or back is False:
        return False
    return not in_view or bool(there or back)


def by_shapes(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    move: tuple[int, int],
    voted: Sequence[tuple[int, int]],
) -> tuple[int, int] | None:
    """What the boxes say of ``move``, list ``c``'s (paired with ``p``) one voted for alone
    (by twin rows that show nothing: Settings' Wi-Fi rows, their labels merged onto the
    content around them, a row a pitch off voting 948 px for 753 px the other way): ``move``
    where they bear it out (module docstring, or the list past :data:`LIMIT` nodes); else
    the one other move ``voted`` for they bear out; else None where no node showing a label
    lies clear of the list's edges in either frame (nothing but the boxes places anything,
    and they refute it), else ``move`` (labels place rows: theirs to weigh)."""
    if move[0] or curr.subtree_end(c) - c > LIMIT or prev.subtree_end(p) - p > LIMIT:
        return move
    if _bears(prev, p, curr, c, move[1]):
        return move
    # Another move is chosen over the one voted for only where it keeps a node in view:
    # Chrome's new tab page scrolled 158 px as a label was edited (the edit's hash refutes
    # the move) is no twin's 1,174 px that takes all out of view, its rows ``-`` and ``+``.
    others = [o for o in dict.fromkeys(voted) if o != move]
    other = borne_out(prev, p, curr, c, others, in_view=True)
    if other is not None:
        return other
    return None if _unlabelled(prev, p, curr, c) else move


def carried(
    prev: Frame, p: int, curr: Frame, c: int, move: tuple[int, int], outer: tuple[int, int]
) -> bool:
    """Whether list ``c`` (paired with ``p``), inside a host that moved ``outer``, moved with
    it and not by ``move``, its one vote's: the boxes refute ``move`` and bear out ``outer``,
    keeping a node whole in view (Settings' merged rows under the keyboard: the ScrollView's
    content moved up 430 px with the edge, the list inside it, its rows twins, voted 215 px
    by one row a pitch off, and read scrolled up 215 px besides)."""
    if move[0] or outer[0] or curr.subtree_end(c) - c > LIMIT or prev.subtree_end(p) - p > LIMIT:
        return False
    return not _bears(prev, p, curr, c, move[1]) and _bears(prev, p, curr, c, outer[1], True)


def tie_by_shapes(
    prev: Frame, p: int, curr: Frame, c: int, moves: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    """The one of ``moves``, offsets the twin rows of list ``c`` (paired with ``p``) split
    their votes between and no uncut edge tells apart, that the boxes bear out keeping a node
    whole in view (:func:`borne_out`), or None. Settings' content merged onto its
    ScrollView's one child, scrolled one row's pitch: every bare row lies where a twin lay,
    so staying and the move tie, but the widths of their bare texts differ, and only the
    move puts each where the other frame shows its like. Never where a node clear of the
    list's edges kept its box with every box inside it (:func:`_kept_whole`): rows stayed
    there, so rows may have been put in (taken out) beside them, their pitch the move's (a
    suggestion put into YouTube's merged list: the rows below it moved one pitch)."""
    if _kept_whole(prev, p, curr, c):
        return None
    return borne_out(prev, p, curr, c, moves, in_view=True)


def _kept_whole(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether a node of list ``c``'s content wider than half the list (a row, not a row's
    icon: a twin's icon lies where the row's did), clear of its edges in both frames, shows
    the same content (subtree hash) in the same box in both, every box inside it kept too."""
    old_box, box = prev.nodes[p].bounds, curr.nodes[c].bounds
    if curr.subtree_end(c) - c > LIMIT or prev.subtree_end(p) - p > LIMIT:
        return True  # read in part: nothing is ruled out
    places: dict[tuple[bytes, Bounds], int] = {}
    for pos in range(p + 1, prev.subtree_end(p)):
        places.setdefault((prev.subtree_hashes[pos], prev.nodes[pos].bounds), pos)
    for k in range(c + 1, curr.subtree_end(c)):
        b = curr.nodes[k].bounds
        q = places.get((curr.subtree_hashes[k], b))
        if q is None or 2 * b.width <= box.width or not (clear(b, box) and clear(b, old_box)):
            continue
        span = curr.subtree_end(k) - k
        if prev.subtree_end(q) - q == span and all(
            prev.nodes[q + i].bounds == curr.nodes[k + i].bounds for i in range(span)
        ):
            return True
    return False


def _unlabelled(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether no node showing a text or a description lies clear of the list's edges in
    either frame: no label places anything, the boxes alone can."""
    for frame, pos in ((prev, p), (curr, c)):
        box = frame.nodes[pos].bounds
        for n in frame.nodes[pos + 1 : frame.subtree_end(pos)]:
            if (n.text or n.content_desc) and clear(n.bounds, box):
                return False
    return True


def _fits(here: Frame, start: int, there: Frame, stop: int, dy: int) -> bool | None:
    """Whether every node of ``here``'s list whole in it, moved ``dy`` px and clear of the
    edges of ``there``'s list, has a node of its content at that box there; None where the
    move keeps no such node in view (nothing to bear it out or refute it)."""
    mine, box = here.nodes[start].bounds, there.nodes[stop].bounds
    places: dict[bytes, list[Bounds]] = {}
    k, end, natural = stop + 1, there.subtree_end(stop), natures(there)
    while k < end:
        places.setdefault(there.subtree_hashes[k], []).append(there.nodes[k].bounds)
        k = there.subtree_end(k) if natural[k] else k + 1
    k, end, natural = start + 1, here.subtree_end(start), natures(here)
    kept = False
    while k < end:
        b = here.nodes[k].bounds
        moved = shifted(b, 0, dy)
        if b.area and clear(b, mine) and clear(moved, box):
            if not any(near_box(o, moved, SPREAD) for o in places.get(here.subtree_hashes[k], ())):
                return False
            kept = True
        k = here.subtree_end(k) if natural[k] else k + 1
    return True if kept else None
