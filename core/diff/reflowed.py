"""A container whose items were laid out again is no page turned: one kept an item only it shows.

A scroll by a page or more leaves no row of the container in view. Items put into a grid
(a staggered grid's columns, a regular grid's next slot) or taken out of it move the items
after them to other slots, each by its own offset: no offset wins the vote, and the
container reads as a page turned, every item ``-`` and ``+``. Yet an item that shows what
no other node of either frame shows (its subtree's content unique in both), whole in both
and somewhere else in the same container, is one element that stayed in view; two such
items moved by different offsets were laid out again: the container turned no page (issue
18 item 6: "tiles that stayed are not ``+``; a container that grew is an insertion, not a
scroll"). Moved diagonally, an item went to a grid's next line: laid out again too
(:func:`unpaged`). One item moved along one axis proves no offset: it may be its twin.
A move voted along both axes is such a slot, not a scroll: the first item in the data's
order, which items put in after it did not move, tells the scroll (:func:`unslotted`).
Items put in push the items after them only on, so the least any such item moved along
the container bounds the scroll: a measured move or a page their moves refute is read by
that bound (:func:`relaid_scroll`: the first item's move where it is the least and not
sideways, else "D px or further" where the least is up, else nothing said), and a swipe
told over such a grid says no "nothing scrolled" (:func:`untold`). Only items a grid lays
out in columns by the container's own content (:func:`.grid_columns.in_columns`,
:func:`~.grid_columns.laid_out_by`) and moves apart by more than rounding (:func:`_apart`) are such
evidence: a list's rows moved by two offsets were reshaped or put in, which the rows before
the change measure.

Only items with a label of their own below them count (an image's frame alone is any
tile's), only items a layout holds, not their parts (a card's "Like · Comment · Share"
strip, once a frame where the window cut the cards around: :func:`.unique_items.a_row`),
and only those that moved: a pinned header that stayed put through a page turned is no
sign of a reflow.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(tiles):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="W" scrollable="true"'
    ...         ' bounds="[0,0][200,400]">' + "".join(
    ...         f'<node class="T" bounds="[{x},{y}][{x + 100},{y + 100}]"><node class="L"'
    ...         f' text="{t}" bounds="[{x},{y}][{x + 100},{y + 50}]"/></node>'
    ...         for t, x, y in tiles) + '</node></hierarchy>'))
    >>> a = shot([("a", 0, 0), ("b", 100, 0), ("c", 0, 100)])
    >>> b = shot([("new", 0, 0), ("a", 100, 0), ("b", 0, 100)])
    >>> sorted(reflowed(a, 0, b, 0, {0: 0, 3: 1, 4: 2, 5: 3, 6: 4}))
    [(-100, 100), (100, 0)]
    >>> reflowed(a, 0, shot([("x", 0, 0), ("a", 0, 100)]), 0, {0: 0, 3: 1, 4: 2})
    {(0, 100)}
    >>> reflowed(a, 0, b, 0, {0: 0})
    set()
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import within
from deltarec.core.diff.grid_columns import columned, laid_out_by
from deltarec.core.diff.insert_spot import before_spot, taken_out
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.rigid_tiles import strayed
from deltarec.core.diff.row_content import texts
from deltarec.core.diff.slotted import unslotted
from deltarec.core.diff.unique_items import a_row, both_rows, counts, labelled
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds


def reflowed(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]
) -> set[tuple[int, int]]:
    """The moves of the items inside container ``c`` (paired with ``p``) that have children
    and a label below them, each paired with a node of ``p``'s that shows the same content,
    which no other node of either frame shows, whole in both (the same size, inside the
    container's box), moved; two at most (two: laid out again). O(subtree of ``c``); the
    counts once per frame."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled_c = labelled(curr)
    moves: set[tuple[int, int]] = set()
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or not curr.children[k] or hc[k] != hp[q]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a == b or (a.width, a.height) != (b.width, b.height) or not labelled_c[k]:
            continue
        if not (within(b, box) and within(a, old_box)):
            continue
        if counts(prev)[hp[q]] == 1 and counts(curr)[hc[k]] == 1 and both_rows(prev, q, curr, k):
            moves.add((b.left - a.left, b.top - a.top))
            if len(moves) > 1:
                break
    return moves


def unpaged(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    m: Motion,
    motions: list[Motion],
    down: bool = False,
) -> Motion | None:
    """Page ``m`` read again by the items that stayed in view (:func:`reflowed`): none, it
    stands; two moves or more, or one diagonal (a slot of a grid's next line), its items
    were laid out again and nothing scrolled (None). One move along one axis is no offset
    and the page stands: the items may be twins come in from beyond an edge (an ad 18 cards
    on, a whole card unique in both frames: ``tests/core/truth/test_feed_pages.py``), which
    :mod:`~deltarec.core.diff.far_anchor` reads (both ways it may have gone). A measured
    move, not a page, is read by :func:`unslotted` (``motions``: every host's, to tell a
    host inside another that scrolled). Both are first read by the items an insertion laid
    out again (:func:`relaid_scroll`: the least a pushed item moved bounds the scroll)."""
    got = relaid_scroll(prev, curr, pairs, m, down)
    if got is not m:
        return got
    if not m.page:
        return unslotted(prev, curr, pairs, m, motions, down)
    moves = reflowed(prev, m.prev, curr, m.curr, pairs)
    if len(moves) != 1:
        return None if moves else m
    ((dx, dy),) = moves
    return None if dx and dy else m


def _items(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> list[int]:
    """The items inside container ``c`` (paired with ``p``), in document order (the data's),
    that show what no other node of either frame shows, whole in both (the same size, inside
    the container's box), moved or not: :func:`_leading`'s, and a list's rows that are one
    label each. O(subtree of ``c``)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled_c = labelled(curr)
    out = []
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or hc[k] != hp[q] or not labelled_c[k]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if (a.width, a.height) != (b.width, b.height):
            continue
        if not (within(b, box) and within(a, old_box)):
            continue
        if counts(prev)[hp[q]] == 1 and counts(curr)[hc[k]] == 1 and both_rows(prev, q, curr, k):
            out.append(k)
    return out


def relaid(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    down: bool = False,
    vote: Motion | None = None,
    agreed: bool = False,
) -> tuple[int, bool, list[int]] | None:
    """What the items of container ``c`` (``p`` before) say of its scroll where they were
    laid out again: ``(dy, True, _)`` the offset (0: nothing scrolled), ``(dy, False, _)`` the
    least the content moved up (dy < 0; 0: unknown); None where they were not laid out again.
    The third: those items (:func:`_items`), in the data's order; empty where the top edge
    of the layout holding them told the offset.

    Laid out again: the items that show what no other node of either frame shows, whole in
    both (:func:`_items`), laid out in a grid's columns by ``c``'s own content, moved by two
    offsets apart by more than rounding (:func:`_apart`). Items put in move the items after
    them and never those before, and only ever on (a later slot, a later line, lower in a
    staggered grid's shortest column), so along the container's long side (down a list
    taller than wide) the content moved no further down than the least such item did. Which
    items were pushed, the dumps do not say (a tile pushed straight down a row moved as one
    before the spot would have): the offset is unknown, bounded by the least move; that
    least move up (no push moves an item up) is the least the content scrolled down (down:
    the most it scrolled up, a swipe told giving the way), unless an item was taken out
    (which pulls the items after it up: :func:`.insert_spot.taken_out`); the first
    item in the data's order kept in its place, and none moved up, is nothing scrolled
    (tiles before an item sent sideways may have been pushed a whole line: a staggered
    grid's). Before all of them, the top edge of the layout holding them, where both frames
    show it and the items moved on from it (:func:`_layout_edge`: a page's grid grown by a
    row put in at its top, every tile moved alike), is the offset. ``vote``: a measured move
    whose twins it explains are asked nothing (:func:`_crossed`); ``agreed``: items that all
    moved alike are read too (:func:`_agreed`), where no vote named the container.
    O(subtree of ``c``)."""
    box = curr.nodes[c].bounds
    if box.width > box.height:
        return None
    items = [k for k in _items(prev, p, curr, c, pairs) if laid_out_by(curr, c, k)]
    items = [k for k in items if columned(prev, curr, k, pairs[k])]
    if vote is not None:
        items = [k for k in items if not _crossed(prev, curr, pairs[k], k, vote)]
    if not items:
        return None
    moves = []
    for k in items:
        a, b = prev.nodes[pairs[k]].bounds, curr.nodes[k].bounds
        moves.append((b.left - a.left, b.top - a.top))
    got = _layout_edge(prev, p, curr, c, items, pairs)
    if got is not None and min(dy for _, dy in moves) >= got[0] and set(moves) != {(0, got[0])}:
        edge, exact = got
        return edge, exact, []
    if not _apart(moves):
        return _agreed(prev, curr, pairs, items, moves, down) if agreed else None
    spot = before_spot(prev, p, curr, c, items, pairs)
    if spot is not None:
        return spot, True, items
    least = min(dy for _, dy in moves)
    if down and max(dy for _, dy in moves) > 0:  # an item moved up is a tile put in, paired
        # with one that showed what it shows (no push moves one up, nor did the finger)
        kept = [k for k, (_, dy) in zip(items, moves, strict=True) if dy > 0]
        items, least = kept, min(dy for _, dy in moves if dy > 0)
    if not least and moves[0] == (0, 0):
        return 0, True, items
    if least and not taken_out(prev, curr, items, pairs, box if least > 0 else None, least):
        return least, False, items  # up: "or further"; down: "at most", the way told
    return 0, False, items


def _agreed(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    items: list[int],
    moves: list[tuple[int, int]],
    down: bool,
) -> tuple[int, bool, list[int]] | None:
    """What ``items``, which all moved alike (not laid out again), say of a scroll no vote
    named, as :func:`relaid` reads pushes: each moved by the scroll and its own push, which
    moves items only on (a later slot of their line too: a page's grid of four columns, two
    tiles put in before them), so the content moved no further down than they did.
    Told down, "at most" that move; up, "that move or further" (no item taken out, which
    pulls the items after it up: :func:`.insert_spot.taken_out`); else None. A page's grid
    grown as the page scrolled, its tiles before the spot moved by the scroll and those after
    sent to other slots, voting no offset: no "nothing scrolled" where the swipe moved it
    (``tests/core/shapes/test_grid_scrolls.py``). O(items)."""
    least = min(dy for _, dy in moves)
    if down and least > 0:
        return least, False, items
    up = not down and max(dy for _, dy in moves) < 0
    if up and not taken_out(prev, curr, items, pairs, None, least):
        return least, False, items
    return None


def _crossed(prev: Frame, curr: Frame, q: int, k: int, vote: Motion) -> bool:
    """Whether item ``k`` (paired with ``q``) is a twin that measured move ``vote`` explains:
    the move takes the old item out of the host's view, the new one was out of the old view
    before it, and the pair moved less than the move did, against the pushes (items put in
    move the items after them only on). A recycled grid repeats its tiles: a tile at one
    edge and its twin at the other, each shown once in each frame, pair across a scroll
    (``bench_grids`` seed 113: 939 px up, twins 1,543 px apart). Where ``vote`` is true, no
    item it leaves in view moved so: the pair is no evidence against it, nor for it. O(1)."""
    a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
    if b.top - a.top >= vote.dy - 2 * _ROUNDING:
        return False
    moved = Bounds(a.left, a.top + vote.dy, a.right, a.bottom + vote.dy)
    back = Bounds(b.left, b.top - vote.dy, b.right, b.bottom - vote.dy)
    return not moved.intersection(curr.nodes[vote.curr].bounds) and not back.intersection(
        prev.nodes[vote.prev].bounds
    )


def _apart(moves: list[tuple[int, int]]) -> bool:
    """Whether ``moves`` hold two that differ by more than rounding along an axis: a push
    moves items by whole lines or slots, a px of rounding is one move ± 1, so two moves of
    one scroll differ by 2 at most (boxes rounded one by one:
    ``tests/core/real_scrolls/test_jitter.py``). One move shared by all, diagonal or not,
    is :func:`unslotted`'s (tiles sent along their line by tiles put in before the view, the
    scroll their move along the container: ``bench_grids`` seeds 1031, 1152)."""
    xs, ys = [dx for dx, _ in moves], [dy for _, dy in moves]
    return bool(moves) and max(max(xs) - min(xs), max(ys) - min(ys)) > 2 * _ROUNDING


_ROUNDING = 1
"""How far a box's rounding may move it (each box rounded on its own: two moves of one
scroll differ by twice that at most)."""


def _layout_edge(
    prev: Frame, p: int, curr: Frame, c: int, items: list[int], pairs: Mapping[int, int]
) -> tuple[int, bool] | None:
    """How far the top edge of a layout holding ``items`` inside container ``c`` moved, a
    layout not made to scroll (a page's ``GridLayout``, a web page's grid) whose top edge
    the old frame shows inside ``c``'s box, its sides kept: ``(dy, True)`` where the new
    one shows it inside too, ``(dy, False)`` where ``c``'s top edge cuts it now, dy the least
    it moved up; None: no such layout. Its top is content before every item it holds: items
    put in push its items, never its edge, and it grows. O(items)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    for parent in dict.fromkeys(curr.parents[k] for k in items):
        q = pairs.get(parent)
        if parent == c or q is None or scrolls_by_nature(curr.nodes[parent]):
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[parent].bounds
        if (a.left, a.right) != (b.left, b.right):
            continue
        if not old_box.top < a.top < old_box.bottom:
            continue
        if box.top < b.top < box.bottom:
            return b.top - a.top, True
        if b.top == box.top:
            return box.top - a.top, False
    return None


def _misplaced(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion, items: list[int]
) -> bool:
    """Whether one of ``items`` (each shown once in both frames) is not where measured move
    ``m`` puts it, though that place is inside the host: the old item would show there, and
    the one item showing its content shows elsewhere. A twin paired across the move (a
    recycled grid repeats its tiles) was where the move puts it out of view. O(items)."""
    box = curr.nodes[m.curr].bounds
    for k in items:
        a, b = prev.nodes[pairs[k]].bounds, curr.nodes[k].bounds
        moved = Bounds(a.left + m.dx, a.top + m.dy, a.right + m.dx, a.bottom + m.dy)
        if moved != b and within(moved, box):
            return True
    return False


def _unexplained(prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion) -> bool:
    """Whether an item came into ``m``'s host that its measured move does not bring in: one
    no pair names (an item of a layout, with a label below it) that the move puts back
    wholly inside the host's old box, where the old frame would have shown it. A scroll
    brings items in only where it uncovered content; an item put in shows anywhere. A twin
    paired across the move (a recycled grid repeats its tiles) leaves the move standing, and
    so does an item the host's edge cuts now that is the part of an old item the move leaves
    in view, showing some of what it showed (:func:`_cut_by_move`: a staggered grid's tile
    cut to its image, its title below the edge, pairs with nothing). O(subtree of the
    host)."""
    old = prev.nodes[m.prev].bounds
    shows = labelled(curr)
    cut: dict[Bounds, list[int]] | None = None
    for k in range(m.curr + 1, curr.subtree_end(m.curr)):
        if k in pairs or not shows[k] or not curr.children[k] or not a_row(curr, k):
            continue
        b = curr.nodes[k].bounds
        back = Bounds(b.left - m.dx, b.top - m.dy, b.right - m.dx, b.bottom - m.dy)
        if not within(back, old):
            continue
        if cut is None:
            cut = _cut_by_move(prev, curr, m)
        shown = texts(curr, k)
        if not any(shown <= texts(prev, q) for q in cut.get(b, ())):
            return True
    return False


def _cut_by_move(prev: Frame, curr: Frame, m: Motion) -> dict[Bounds, list[int]]:
    """The old items of ``m``'s host (a layout's, with children) that the host's new edge
    cuts where the move puts them, by the part of their box left in view. O(subtree of the
    host)."""
    box = curr.nodes[m.curr].bounds
    out: dict[Bounds, list[int]] = {}
    for q in range(m.prev + 1, prev.subtree_end(m.prev)):
        if not prev.children[q] or not a_row(prev, q):
            continue
        a = prev.nodes[q].bounds
        moved = Bounds(a.left + m.dx, a.top + m.dy, a.right + m.dx, a.bottom + m.dy)
        if within(moved, box) or not moved.intersection(box):
            continue
        cut = Bounds(
            max(moved.left, box.left),
            max(moved.top, box.top),
            min(moved.right, box.right),
            min(moved.bottom, box.bottom),
        )
        out.setdefault(cut, []).append(q)
    return out


def untold(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], down: bool = False
) -> bool:
    """Whether container ``c``'s items were laid out again (:func:`relaid`) by an offset they
    do not tell, or by one that is not 0: the container may have scrolled, and no "nothing
    scrolled" is true of it (where no vote named it a host: a tile put in at a page grid's
    top, the same as the one it pushed on, paired with it), nor where they all moved alike
    the finger's way (``down``: a swipe told moving the content down), which a scroll may
    have made (:func:`_agreed`)."""
    got = relaid(prev, p, curr, c, pairs, down, agreed=True)
    return got is not None and got[:2] != (0, True)


def relaid_scroll(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], m: Motion, down: bool = False
) -> Motion | None:
    """Motion ``m`` (a page, or a measured move) read again by :func:`relaid`: the offset its
    items give, exact or "D px or further" (``hedge``), or none (None: nothing scrolled, or
    nothing can be said of it; a host not made to scroll that moved, a grid in a page that
    scrolled, whose tiles were pushed in it). Returns ``m`` itself where they were not laid
    out again, where a measured move along one axis (one along both is a slot, not a
    scroll: :func:`unslotted`) puts each of them where it shows or out of view
    (:func:`_misplaced`) and brings in every item that came in (:func:`_unexplained`),
    and where a finger told moved the content the other way (:mod:`.page_gesture` read
    it)."""
    vote = m if m.dy and not m.dx and not m.page else None
    got = relaid(prev, m.prev, curr, m.curr, pairs, down, vote)
    strays = False
    if got is None:  # no two items moved apart; a tile put where no tile lies may refute it
        if vote is None or not strayed(prev, curr, m):
            return m
        got, strays = relaid(prev, m.prev, curr, m.curr, pairs, down, vote, agreed=True), True
        if got is None:  # no item bounds it: the move may be the grid's own (its top edge)
            return m
    a, b = prev.nodes[m.prev].bounds, curr.nodes[m.curr].bounds
    if a.top != b.top and not scrolls_by_nature(curr.nodes[m.curr]):
        return None  # a layout moved with the page around it: its items were pushed in it
    refuted = strays or m.page or (m.dx and m.dy) or not got[2]
    refuted = refuted or _misplaced(prev, curr, pairs, m, got[2])
    refuted = refuted or (not got[1] and got[0] and m.dy > got[0] + 2 * _ROUNDING)  # an item
    # moved less than the vote: none is pulled (relaid asked), the pushes move them on
    if not refuted and not _unexplained(prev, curr, pairs, m):
        return m
    dy, exact, _ = got
    if not exact and dy > 0:  # the least move down bounds it: "at most", the way told
        return Motion(m.curr, m.prev, 0, dy, most=True) if down else None
    if m.toward != (0, 0) and dy * m.toward[1] < 0:
        return m
    if not dy:
        return None
    return Motion(m.curr, m.prev, 0, dy, hedge=None if exact else (dy, 0))
