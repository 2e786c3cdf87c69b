"""What a measured scroll says of each node: :class:`Motion` (a scrolled host and the offset
of its content), :class:`Placement` (where the scrolls around a node put it),
:func:`consistent` (whether a box can be another one moved) and :func:`clustered` (the
offsets rows voted for, gathered into moves: a web page rounds each box on its own, so one
move is a cluster of offsets within :data:`SPREAD` px). Measured by
:func:`deltarec.core.diff.scrolls.find_motions`; read by the matcher and the delta.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

KEPT = 2
"""px of a row a scroll leaves in view beyond which it did not scroll out: a scaled screen
rounds each box by a px (:func:`kept_in_view`)."""
SPREAD = 1
"""px a box may sit off its scroll's offset, each way: a web page lays out at fractional
CSS px and rounds each box on its own (a 562.5 px scroll moves some boxes 562 px, others
563), and a list may do the same after a relayout."""

OFF = 2 * SPREAD
"""px a box may sit off where a measured offset puts it: its own rounding, and the
measured offset's (a move rounded to 562 and 563 px is measured as either)."""


@dataclass(frozen=True, slots=True)
class Motion:
    """A scrolled host: its positions, the offset of its content, and whether it is known."""

    curr: int
    prev: int
    dx: int
    dy: int
    page: bool = False
    """True when no row stayed: the offset is unknown (about a page or more)."""
    toward: tuple[int, int] = (0, 0)
    """The sign of the content's move when the caller's gesture tells it (a page's direction)."""
    gap: int = 0
    """px the rows at or below ``below`` moved along y besides the offset: rows were put in
    (taken out) above them in the step the host scrolled (:func:`.gaps.scrolled_gap`)."""
    below: int = 0
    """The y (in ``curr``) of the first row ``gap`` moved, when ``gap`` is not 0."""
    dragged: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    """(row in ``curr``, row in ``prev``) of the host's rows that moved besides the offset in
    the step it scrolled: a row dragged to another place and the rows it passed
    (:mod:`.reordered`). They pair with their old rows wherever they are."""
    passed: tuple[int, ...] = field(default=(), repr=False)
    """(first, last, dx, dy): the host's old rows, by index among its children, that a row
    dragged passed, and how far they moved (the scroll and the dragged row's pitch): a row
    among them that only one frame shows whole (cut by the list's edge) moved so too."""
    hedge: tuple[int, int] | None = field(default=None, repr=False)
    """``(dy, other)`` where the one row the offset keeps may be its twin: "D px or further,
    or the other way E px or further" (:func:`.edge_twin.page_or_twin`)."""
    most: bool = field(default=False, repr=False)
    """``dy`` is the most the content moved, its way, which a swipe told gave: items put
    into a grid pushed on those it kept in view, the least of their moves bounds the scroll
    (:func:`.reflowed.relaid_scroll`; ``Scroll.most``, JSON ``atMost``)."""

    def extra(self, top: int) -> int:
        """How far a row of the host whose top is at ``top`` (in ``curr``) moved besides the
        offset: ``gap`` at or below ``below``, else 0."""
        return self.gap if self.gap and top >= self.below else 0


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the scrolls put a node of ``curr``: what :func:`placements` gives each position."""

    shift: tuple[int, int]
    """The offsets of every scrolled host around it, summed."""
    still: tuple[int, int]
    """The same without its innermost host: where a sticky row of that host stays."""
    host: int
    """Current position of its innermost scrolled host."""
    paged: bool
    """A host around it turned a whole page: nothing below it can be paired by place."""


def placements(curr: Frame, motions: list[Motion]) -> dict[int, Placement]:
    """The :class:`Placement` of every position inside a scrolled host (parents first). O(n).

    >>> from deltarec.core.observe.model import Node, Observation
    >>> row = Node(class_name="Row")
    >>> frame = Frame(Observation((Node(class_name="List", children=(row,)),)))
    >>> placements(frame, [Motion(0, 0, 0, -60)])
    {1: Placement(shift=(0, -60), still=(0, 0), host=0, paged=False)}
    """
    hosts = {m.curr: m for m in motions}
    out: dict[int, Placement] = {}
    if not hosts:
        return out
    for pos, parent in enumerate(curr.parents):
        if parent < 0:
            continue
        around = out.get(parent)
        host = hosts.get(parent)
        if host is not None:
            bx, by = around.shift if around is not None else (0, 0)
            paged = host.page or (around is not None and around.paged)
            dy = host.dy + host.extra(curr.nodes[pos].bounds.top)
            out[pos] = Placement((bx + host.dx, by + dy), (bx, by), parent, paged)
        elif around is not None:
            out[pos] = around
    return out


def shifted(b: Bounds, dx: int, dy: int) -> Bounds:
    """``b`` moved by ``dx``, ``dy``."""
    return Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)


def consistent(
    old: Bounds, new: Bounds, shift: tuple[int, int], viewport: Bounds | None = None
) -> bool:
    """Whether ``new`` can be ``old`` moved by ``shift`` (and clipped by an edge).

    The moved box and the new one must overlap on at least half of the smaller. ``viewport``:
    the box the scroll shows its content in; the moved box is cut to it first, as the dump
    cuts every node (a web page's wrappers span the view, whatever part of them shows).

    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 40, 10, 140), (0, -60))
    True
    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 900, 10, 1000), (0, -60))
    False
    >>> view = Bounds(0, 0, 10, 1000)  # a wrapper cut to the view before and after
    >>> consistent(view, view, (0, -700)), consistent(view, view, (0, -700), view)
    (False, True)
    >>> sliver = Bounds(0, 0, 10, 1)  # an avatar the offset puts 1 px above the view
    >>> consistent(Bounds(0, 900, 10, 999), sliver, (0, -1000), view)
    True
    """
    moved = shifted(old, *shift)
    if near_box(moved, new):
        return True  # rounded another way (a divider 1 px high, off by 1 px)
    if viewport is not None:
        # A box the offset puts just outside the view (by up to OFF px) may be the sliver
        # the view cut of it, rounded the other way.
        cut = viewport if moved.intersection(viewport) else _grown(viewport, OFF)
        if moved.intersection(cut):
            moved = Bounds(
                max(moved.left, cut.left),
                max(moved.top, cut.top),
                min(moved.right, cut.right),
                min(moved.bottom, cut.bottom),
            )
            if near_box(moved, new):
                return True
    smaller = min(moved.area, new.area)
    if smaller == 0:
        return moved == new
    return moved.intersection(new) * 2 >= smaller


def _grown(b: Bounds, by: int) -> Bounds:
    return Bounds(b.left - by, b.top - by, b.right + by, b.bottom + by)


def near_box(a: Bounds, b: Bounds, off: int = OFF) -> bool:
    """Whether two boxes are one box rounded another way: each edge within ``off`` px."""
    return (
        abs(a.left - b.left) <= off
        and abs(a.top - b.top) <= off
        and abs(a.right - b.right) <= off
        and abs(a.bottom - b.bottom) <= off
    )


def clustered(votes: dict[tuple[int, int], float], still: int = 0) -> dict[tuple[int, int], float]:
    """``votes`` gathered into moves, their votes summed: first every offset within
    ``still`` px of staying put into ``(0, 0)`` (each way, both axes), then the rest into
    moves of the offsets within :data:`SPREAD` px of a centre.

    Centres are picked greedily: the offset (voted or not) whose neighbourhood holds the
    most votes not gathered yet, ties to the one voted most itself, then to the one
    nearest its votes (px, weighted), then to the first seen. A move voted on one side only
    (562 and 563) is centred on its most voted offset; one of three (561, 562, 563), or of
    its two ends, on the middle; a tie on all of these goes to the smallest centre. Offsets no
    centre's neighbourhood reaches stay apart: two
    scrolls 3 px apart or more are two moves (closer ones are one move rounded). Moves
    keep the order their offsets were first seen in (the tie-break of
    :func:`deltarec.core.diff.scrolls.find_motions`' ranking).
    ``still``: 0 outside every scroll (content that moved 1 px was dragged 1 px), more
    inside a measured one (its offset may be 1 px off as well as each box's). Cost: O(k)
    for ``k`` distinct offsets, plus O(c log c) for the ``c`` of them within 2 ×
    :data:`SPREAD` of another (a heap of the centres' ranks).

    >>> clustered({(0, -562): 3.0, (0, -563): 2.0, (0, 0): 1.0, (0, 1): 1.0})
    {(0, -562): 5.0, (0, 0): 1.0, (0, 1): 1.0}
    >>> clustered({(0, -562): 3.0, (0, -563): 2.0, (0, 0): 1.0, (0, 1): 1.0}, still=1)
    {(0, -562): 5.0, (0, 0): 2.0}
    >>> clustered({(0, -561): 1.0, (0, -562): 1.0, (0, -563): 1.0})
    {(0, -562): 3.0}
    >>> clustered({(0, -560): 2.0, (0, -563): 2.0})
    {(0, -560): 2.0, (0, -563): 2.0}
    >>> clustered({(0, 696): 1.0, (0, 698): 1.0})
    {(0, 697): 2.0}
    >>> clustered({(0, 2): 1.0, (0, -40): 3.0}, still=2)
    {(0, 0): 1.0, (0, -40): 3.0}
    """
    left = {o: v for o, v in votes.items() if not near(o, (0, 0), still)}
    crowded = _crowded(left)  # offsets that may share a centre with another: only they gather
    if len(left) == len(votes) and not crowded:
        return votes
    order = {offset: i for i, offset in enumerate(votes)}
    moves = [(order[o], o, v) for o, v in left.items() if o not in crowded]
    # (first seen, centre, votes)
    if len(left) < len(votes):
        kept = [o for o in votes if o not in left]
        moves.append((min(order[o] for o in kept), (0, 0), sum(votes[o] for o in kept)))
    left = {o: left[o] for o in crowded}
    span = [(i, j) for i in range(-SPREAD, SPREAD + 1) for j in range(-SPREAD, SPREAD + 1)]

    def rank(centre: tuple[int, int]) -> tuple[float, float, float, int] | None:
        """The centre's claim on what is left around it (larger wins), None if nothing is."""
        x, y = centre
        around = [o for i, j in span if (o := (x + i, y + j)) in left]
        if not around:
            return None
        return (
            round(sum(left[o] for o in around), 9),
            round(left.get(centre, 0.0), 9),
            -round(sum(left[o] * _apart(o, centre) for o in around), 9),
            -min(order[o] for o in around),
        )

    # A centre's rank only falls as offsets are gathered (its first term is their votes), so
    # a heap of ranks found earlier, each checked again when it comes up, yields the best
    # centre each time: O(c log c), not a scan of every centre per move (cubic on a crafted
    # dump whose rows each moved by another px).
    heap: list[tuple[float, float, float, int, tuple[int, int]]] = []
    for centre in {(x + i, y + j) for x, y in left for i, j in span}:
        r = rank(centre)
        if r is not None:
            heap.append((-r[0], -r[1], -r[2], -r[3], centre))
    heapq.heapify(heap)
    while left and heap:
        top = heapq.heappop(heap)
        centre = top[4]
        r = rank(centre)
        if r is None:
            continue
        now = (-r[0], -r[1], -r[2], -r[3], centre)
        if now != top:
            heapq.heappush(heap, now)
            continue
        x, y = centre
        members = [o for i, j in span if (o := (x + i, y + j)) in left]
        moves.append((-r[3], centre, sum(left.pop(o) for o in members)))
    return {centre: v for _, centre, v in sorted(moves)}


def _apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


_FEW = 8
"""Up to this many offsets, :func:`_crowded` compares them pair by pair."""


def _crowded(left: dict[tuple[int, int], float]) -> set[tuple[int, int]]:
    """The offsets of ``left`` with another within 2 × :data:`SPREAD` px on both axes. A few
    (the common estimate: one or two) are compared pair by pair; more, each looks up its
    neighbourhood (O(k), whatever their number)."""
    reach = 2 * SPREAD
    if len(left) <= _FEW:
        return {
            (x, y)
            for x, y in left
            if any(
                (u, v) != (x, y) and -reach <= u - x <= reach and -reach <= v - y <= reach
                for u, v in left
            )
        }
    around = range(-reach, reach + 1)
    return {
        (x, y)
        for x, y in left
        if any((x + i, y + j) in left for i in around for j in around if i or j)
    }


def near(a: tuple[int, int], b: tuple[int, int], spread: int = SPREAD) -> bool:
    """Whether two offsets are one move rounded box by box (within ``spread`` px)."""
    return abs(a[0] - b[0]) <= spread and abs(a[1] - b[1]) <= spread


def kept_in_view(
    prev: Frame, r: int, curr: Frame, m: Motion, measured: Sequence[Motion] | None = None
) -> bool:
    """Whether a scroll by ``m`` would have left node ``r``, which left, in view: more than
    :data:`KEPT` px of it inside its host's box both ways. No scroll carries such a row out
    of view, so it was taken out (a row archived in the step a list's end clamped its
    offset), and its own ``-`` line says so where a scroll's count would say it is still in
    the list, out of view. Only a row with something to name it by (an id, a text: a bare
    shape's line would say nothing, and it stays in the count). Never for a page (its
    offset is unknown), nor for a motion not among ``measured`` (one the finger or new rows
    at a list's top made of the measured one, :mod:`~deltarec.core.diff.past_new`: its rows
    moved by another amount). O(motions).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*tops):  # rows 100 px high in a list 300 px high
    ...     rows = "".join(f'<node class="Row" text="{t}" bounds="[0,{t}][100,{t + 100}]"/>'
    ...                    for t in tops)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,300]">{rows}</node></hierarchy>'))
    >>> before, after = shot(0, 100, 200), shot(0, 100, 200)
    >>> kept_in_view(before, 2, after, Motion(0, 0, 0, 50))  # 50 px of it stay in view
    True
    >>> kept_in_view(before, 3, after, Motion(0, 0, 0, 100))  # scrolled wholly out
    False
    """
    if m.page or (measured is not None and m not in measured):
        return False
    b, box = prev.nodes[r].bounds, curr.nodes[m.curr].bounds
    dy = m.dy + m.extra(b.top + m.dy + m.gap)  # a row below rows put in moved with them
    wide = min(b.right + m.dx, box.right) - max(b.left + m.dx, box.left)
    high = min(b.bottom + dy, box.bottom) - max(b.top + dy, box.top)
    return b.area > 0 and wide > KEPT and high > KEPT and prev.has_content[r]


def carried_out(
    prev: Frame,
    r: int,
    curr: Frame,
    m: Motion,
    measured: Sequence[Motion] | None,
    removed: AbstractSet[int],
    seen: dict[int, bool],
) -> bool:
    """Whether row ``r`` of list ``m``, which left, may have left by the scroll: no scroll
    by ``m`` keeps it in view (:func:`kept_in_view`), and it did not go with a selection
    taken out (:func:`taken_with_selection`; ``seen`` as there)."""
    return not (
        kept_in_view(prev, r, curr, m, measured)
        or taken_with_selection(prev, r, curr, m, removed, measured, seen)
    )


def taken_with_selection(
    prev: Frame,
    r: int,
    curr: Frame,
    m: Motion,
    removed: AbstractSet[int],
    measured: Sequence[Motion] | None,
    seen: dict[int, bool],
) -> bool:
    """Whether row ``r`` of list ``m``, selected, that a scroll by ``m`` would carry out of
    view, left with the selection: a selected row of its list that left was one the scroll
    would have kept in view (:func:`kept_in_view`: taken out). Rows archived from a
    selection leave together, and a list held at its end moves its offset as they go: the
    selected sliver its bottom edge cut went with them, not out of view under the clamp
    (its ``-`` line says so, not the scroll's count). A scroll carries no selected row out
    while another leaves in view. ``seen``: each list's answer, asked once (O(its
    children)); O(1) after.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows in a list 300 px high
    ...     nodes = "".join(f'<node class="Row" text="{t}" selected="{s}" bounds="[0,{y}][100,'
    ...                     f'{z}]"/>' for t, s, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,300]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", "false", 0, 200), ("b", "true", 200, 290), ("c", "true", 290, 300))
    >>> after = shot(("z", "false", 0, 30), ("a", "false", 30, 230), ("d", "false", 230, 300))
    >>> m = Motion(0, 0, 0, 30)  # "b" and "c" archived, the list's end clamped: 30 px
    >>> taken_with_selection(before, 3, after, m, {2, 3}, None, {})
    True
    >>> taken_with_selection(before, 3, after, m, {3}, None, {})  # no other selected row left
    False
    """
    if not prev.nodes[r].selected or prev.parents[r] != m.prev or m.page:
        return False
    got = seen.get(m.prev)
    if got is None:
        got = seen[m.prev] = any(
            q in removed and prev.nodes[q].selected and kept_in_view(prev, q, curr, m, measured)
            for q in prev.children[m.prev]
        )
    return got


def closed_around(
    prev: Frame,
    r: int,
    curr: Frame,
    m: Motion,
    pairs: Mapping[int, int],
    removed: AbstractSet[int],
    seen: dict[int, Around] | None = None,
) -> bool:
    """Whether row ``r`` of list ``m`` (a row that left, with something to name it by) lies
    between two rows still in view, the one before it moved with the scroll and the one
    after it against it: a list held at its end, rows taken out near it, pulls the rows
    above the gap down (its offset clamped, measured as the scroll) while the rows below
    come up into it (the sliver the bottom edge cut, whole now). A scroll moves the row
    after ``r`` with the one before: ``r`` was taken out, not carried out of view, and its
    own ``-`` line says so. ``removed``: the old positions no pair holds; ``seen``: the
    :class:`Around` of each list asked before (give one dict for every row of a step: each
    list's is built once, O(its rows), and each question is then O(1)).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows in a list 300 px high
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,300]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", 0, 100), ("b", 100, 200), ("c", 200, 290), ("", 290, 300))
    >>> after = shot(("", 0, 30), ("a", 30, 130), ("d", 130, 230), ("e", 230, 300))
    >>> pairs = {2: 1, 3: 4}  # "b" and "c" archived: "a" came down 30 px, "d" came up whole
    >>> closed_around(before, 2, after, Motion(0, 0, 0, 30), pairs, {2, 3})
    True
    >>> closed_around(before, 2, after, Motion(0, 0, 0, 30), {2: 1}, {2, 3, 4})
    False
    """
    parent = prev.parents[r]
    if m.page or m.dx or not m.dy or parent != m.prev or not prev.has_content[r]:
        return False
    seen = {} if seen is None else seen
    around = seen.get(parent)
    if around is None:
        around = seen[parent] = Around(prev, parent, curr, m.curr, pairs, removed)
    j = prev.sibling_index[r]
    above, below = around.above[j], around.below[j]
    c1 = around.new.get(above) if above >= 0 else None
    c2 = around.new.get(below) if below >= 0 else None
    if c1 is None or c2 is None:
        return False
    a1, b1 = prev.nodes[above].bounds, curr.nodes[c1].bounds  # its bottom is its own
    a2, b2 = prev.nodes[below].bounds, curr.nodes[c2].bounds  # its top is its own
    return abs(b1.bottom - a1.bottom - m.dy) <= 2 and (b2.top - a2.top) * m.dy < 0


class Around:
    """The rows of an old list ``parent`` that stayed around each of its children
    (:func:`closed_around`): ``above[j]`` / ``below[j]``, the nearest sibling before / after
    child ``j`` that ``removed`` does not hold (-1: none), and ``new``, each old child's
    partner among the children of ``curr_parent``. O(the two lists' children), once."""

    __slots__ = ("above", "below", "new")

    def __init__(
        self,
        prev: Frame,
        parent: int,
        curr: Frame,
        curr_parent: int,
        pairs: Mapping[int, int],
        removed: AbstractSet[int],
    ) -> None:
        kids = prev.children[parent]
        self.new = {pairs[c]: c for c in curr.children[curr_parent] if c in pairs}
        self.above, self.below = [-1] * len(kids), [-1] * len(kids)
        last = -1
        for j, q in enumerate(kids):
            self.above[j] = last
            last = q if q not in removed else last
        last = -1
        for j in range(len(kids) - 1, -1, -1):
            self.below[j] = last
            last = kids[j] if kids[j] not in removed else last


__all__ = [
    "KEPT",
    "OFF",
    "SPREAD",
    "Around",
    "Motion",
    "Placement",
    "carried_out",
    "closed_around",
    "clustered",
    "consistent",
    "kept_in_view",
    "near",
    "near_box",
    "placements",
    "taken_with_selection",
]
