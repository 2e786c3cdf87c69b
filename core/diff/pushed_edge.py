"""A list's first row pushed down onto its bottom edge by rows that came in above it.

Rows inserted at a list's top (a contact form's photo rows, new mail) push every row down
by their height; when they are nearly a page high, the list's old first row is the only
old row left in view, cut by the bottom edge. A row an edge cuts places nothing on its own
(:func:`~deltarec.core.diff.row_evidence._placed`: a sponsored card and its twin 18 cards
on show the same strip), so the list read as a page turned: the row ``-`` and ``+``, and
"scrolled about a page or more" where nothing scrolled (``test_real_grown.BUDGET_TOPS``).

:func:`pushed_to_edge` names the shape that does place it, each part a coincidence a twin
would have to meet on the pixel:

- the list kept its box, and the offset moves its content down along its length;
- the old row was the list's first row, whole, at or below its top edge;
- the new row is cut by the bottom edge only, its top exactly where the offset puts the
  old row's, and shows a label no other node of either frame shows, at the very place the
  offset puts it, cut by that edge alone;
- the rows above it fill the band from the list's top edge down to it, the first starting
  on that edge, each where the one before ends or a margin of the list's own further (a
  gap the other frame leaves between rows of the same classes, within the rounding of two
  boxes): rows stacked from the top, as rows inserted there (or rows a scroll up that
  ended on a row's top brought in) lie.

Only in a ``ScrollView`` (:func:`in_scroll_view`; on element dicts, a scroller of one
child): a recycled list's row and its twin look alike, and one row cut by an edge is no
offset there (the far scrolls of ``tests/core/real_scrolls/test_real_long_scrolls.py``
keep reading as a page turned).

Two dumps cannot tell those rows inserted from a scroll up by their height that ended on a
row's top: the scroll line says both (``orInserted``, :func:`deltarec.core.diff.new_rows.or_new`),
and read backwards (the rows removed, or a scroll down by their height) ``orRemoved``.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 600 px high in a list 1000 px high
    ...     box = lambda t: f'bounds="[0,{t}][100,{min(t + 600, 1000)}]"'
    ...     kids = "".join(f'<node class="Row" {box(t)}><node class="T" text="{s}" {box(t)}/>'
    ...                    '</node>' for s, t in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ScrollView" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{kids}</node></hierarchy>'))
    >>> a = shot(("Photo", 0), ("Name", 600))
    >>> b = shot(("New", 0), ("Photo", 600))  # a row came in above: "Photo" pushed to the edge
    >>> pushed_to_edge(a, 0, b, 0, (0, 600))
    True
    >>> pushed_to_edge(a, 0, b, 0, (0, 500))  # not where the offset puts it
    False
    >>> c = shot(("New", 100), ("Photo", 700))  # the band above it starts below the top edge
    >>> pushed_to_edge(a, 0, c, 0, (0, 700))
    False

Rows may keep the list's own margins between them (a form's 21 px between two sections),
the same gap the other frame shows between rows of the same classes; not any gap:

    >>> def form(*rows):  # (label, top, height)
    ...     kids = "".join(f'<node class="Row" bounds="[0,{t}][100,{min(t + h, 1000)}]"><node'
    ...                    f' class="T" text="{s}" bounds="[0,{t}][100,{min(t + h, 1000)}]"/>'
    ...                    '</node>' for s, t, h in rows)
    ...     head = '<node class="ScrollView" scrollable="true" bounds="[0,0][100,1000]">'
    ...     return Frame(parse_uiautomator(f"<hierarchy>{head}{kids}</node></hierarchy>"))
    >>> old = form(("Photo", 0, 400), ("Saving", 400, 100), ("Name", 520, 400))
    >>> new = form(("Sav", 0, 80), ("Nam", 100, 400), ("New", 500, 400), ("Photo", 900, 400))
    >>> pushed_to_edge(old, 0, new, 0, (0, 900))  # 20 px as between "Saving" and "Name"
    True
    >>> tight = form(("Photo", 0, 400), ("Saving", 400, 100), ("Name", 500, 400))
    >>> pushed_to_edge(tight, 0, new, 0, (0, 900))  # a gap no rows of the list leave
    False

Element dicts carry no class: a scroller of one child (a ScrollView's content) holds rows
laid out once; a list that holds its rows itself may recycle them, and places nothing so:

    >>> from deltarec.core.capture.dict_frame import elements_frame
    >>> from deltarec.core.capture.element_dicts import observation_to_elements
    >>> def dicts(frame, wrapped):  # the list's rows in one wrapper, or its own
    ...     [scroller] = observation_to_elements(frame.obs)
    ...     if wrapped:
    ...         scroller["children"] = [{**scroller, "role": "container", "scrollable": False}]
    ...     return elements_frame([scroller])
    >>> pushed_to_edge(dicts(a, True), 1, dicts(b, True), 1, (0, 600))
    True
    >>> pushed_to_edge(dicts(a, False), 1, dicts(b, False), 1, (0, 600))
    False
"""

from __future__ import annotations

from itertools import pairwise

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.axis import flip, side_cut, spans
from deltarec.core.diff.grown import rows_at
from deltarec.core.diff.row_content import texts
from deltarec.core.diff.unique_labels import unique_pairs
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds

SLACK = 1
"""px each edge may lie off: a scaled screen rounds boxes one by one."""

ROUNDED = 2
"""px two boxes a scaled screen rounded one by one may lie off each other (1 px each)."""


def pushed_to_edge(prev: Frame, p: int, curr: Frame, c: int, offset: tuple[int, int]) -> bool:
    """Whether list ``p``'s first row, moved down by ``offset``, is the row of list ``c``
    the bottom edge cuts, placed by the rows stacked above it from the top edge (module
    docstring). Read backwards (``offset`` up), the frames swap; along x (a carousel, a
    list turned a quarter), the left edge is the top. O(rows of both lists)."""
    dx, dy = offset
    if dx and dy:
        return False
    side, move = dx != 0, dx or dy
    if not move:
        return False
    if move < 0:
        prev, p, curr, c, move = curr, c, prev, p, -move
    box = _box(curr, c, side)
    if box != _box(prev, p, side) or not in_scroll_view(curr, c):
        return False
    p, c = rows_at(prev, p), rows_at(curr, c)  # a ScrollView's one wrapper holds the rows
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    if not old_rows:
        return False
    first = min(old_rows, key=lambda q: _box(prev, q, side).top)
    a = _box(prev, first, side)
    if a.top < box.top or a.bottom >= box.bottom:
        return False  # cut by an edge: not the list's first row, whole
    if any(natures(prev)[first : prev.subtree_end(first)]):
        return False  # a list inside (YouTube's feed, a "ScrollView" by its class): its rows
    rows = sorted(
        (k for k in curr.children[c] if curr.nodes[k].bounds.area),
        key=lambda k: _box(curr, k, side).top,
    )
    top = a.top + move
    for i, k in enumerate(rows):
        b = _box(curr, k, side)
        if not _near(b.top, top):
            continue
        return (
            i > 0
            and (b.left, b.right) == (a.left, a.right)
            and b.top > box.top
            and b.bottom >= box.bottom
            and a.bottom + move > box.bottom
            and _stacked(curr, rows[:i], box.top, b.top, side, _margins(prev, old_rows, side))
            and _label_pushed(prev, first, curr, k, move, box, side)
        )
    return False


def pushed_least(prev: Frame, p: int, curr: Frame, c: int, offset: tuple[int, int]) -> bool:
    """Whether ``offset`` of list ``c`` (paired with ``p``) is only the least its content
    moved: :func:`pushed_to_edge` holds for it, and the first row it is read off had its top
    on the list's top edge (left, along x), which may have cut it. A scroll up by more
    than the rows above the row pushed onto the bottom edge brings it there as well, its
    height then unknown in both frames: the contact form's photo row, 551 px high, 534 px
    shown under the top edge, then its top 372 px above the bottom one, read "scrolled up
    917px" where the rows moved 934 (``bench_numbers --real``, misstated; issue 18). The
    line says "917px or further" (JSON ``atLeast``). O(rows of both lists).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 600 px high in a list 1000 px high, from 100
    ...     box = lambda t: f'bounds="[0,{max(t, 100)}][100,{min(t + 600, 1000)}]"'
    ...     kids = "".join(f'<node class="Row" {box(t)}><node class="T" text="{s}" {box(t)}/>'
    ...                    '</node>' for s, t in rows)
    ...     head = '<node class="ScrollView" scrollable="true" bounds="[0,100][100,1000]">'
    ...     return Frame(parse_uiautomator(f"<hierarchy>{head}{kids}</node></hierarchy>"))
    >>> a, b = shot(("Photo", 100), ("Name", 700)), shot(("New", 100), ("Photo", 700))
    >>> pushed_to_edge(a, 0, b, 0, (0, 600)), pushed_least(a, 0, b, 0, (0, 600))
    (True, True)
    >>> c = shot(("Photo", 110), ("Name", 710))  # its top below the edge: whole
    >>> pushed_least(c, 0, shot(("New", 100), ("Photo", 710)), 0, (0, 600))
    False
    """
    if not pushed_to_edge(prev, p, curr, c, offset):
        return False
    side = offset[0] != 0
    if (offset[0] or offset[1]) < 0:
        prev, p, curr, c = curr, c, prev, p
    box, p = _box(prev, p, side), rows_at(prev, p)
    tops = [_box(prev, q, side).top for q in prev.children[p] if prev.nodes[q].bounds.area]
    return min(tops) - box.top <= SLACK


def pushed_offset(prev: Frame, p: int, curr: Frame, c: int) -> tuple[int, int] | None:
    """The offset :func:`pushed_to_edge` holds for list ``c`` (paired with ``p``), read off
    the label its first row shows (down: rows came in above it; up: the rows above it
    went; along x too), or None. A host with no vote at all asks it
    (:func:`~deltarec.core.diff.host.host_motion`): the cut row's label is of another size
    in the two frames, and votes for nothing. O(rows of both lists)."""
    for side in (False, True):
        for a, pa, b, pb, sign in ((prev, p, curr, c, 1), (curr, c, prev, p, -1)):
            move = _first_label_move(a, pa, b, pb, side)
            if move is None:
                continue
            offset = (move, 0) if side else (0, move)
            if pushed_to_edge(a, pa, b, pb, offset):
                return (sign * offset[0], sign * offset[1])
    return None


def _box(frame: Frame, pos: int, side: bool) -> Bounds:
    """The box of ``pos``, its x and y swapped along x (``side``): the left edge the top."""
    b = frame.nodes[pos].bounds
    return flip(b) if side else b


def _first_label_move(prev: Frame, p: int, curr: Frame, c: int, side: bool) -> int | None:
    """How far down (right, ``side``) the labels one node alone of each frame shows, in list
    ``p``'s first row and in a row of ``c`` the bottom (right) edge cuts, moved: one move,
    or None."""
    box = _box(curr, c, side)
    if box != _box(prev, p, side) or not in_scroll_view(curr, c):
        return None
    p, c = rows_at(prev, p), rows_at(curr, c)
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    if not old_rows:
        return None
    first = min(old_rows, key=lambda q: _box(prev, q, side).top)
    cut = [k for k in curr.children[c] if _box(curr, k, side).bottom >= box.bottom]
    moves: set[int] = set()
    end = prev.subtree_end(first)
    for k in cut:
        for q, pos in unique_pairs(prev, first, end, curr, k, curr.subtree_end(k)):
            moves.add(_box(curr, pos, side).top - _box(prev, q, side).top)
    return moves.pop() if len(moves) == 1 and min(moves) > 0 else None


def in_scroll_view(frame: Frame, pos: int) -> bool:
    """Whether the nearest container made to scroll at or around ``pos`` is a
    ``ScrollView`` (``NestedScrollView``, ``HorizontalScrollView`` too), by its class: it
    lays its content out once, each row in its one place, where a ``RecyclerView`` or a
    ``ListView`` binds rows as they come in, and a row and its twin (an ad 18 cards on,
    :mod:`~deltarec.core.diff.far_anchor`) look alike. Element dicts carry no class: there,
    by its shape, a scroller holding one child (with an area), as a ``ScrollView`` hosts its
    one content child and a recycled list holds its rows (every ``RecyclerView`` and
    ``ListView`` of the real captures shows two or more; a pager's one page reads so too,
    and a row must still be pushed along its length to the pixel). O(depth + children)."""
    pos = _scroller(frame, pos)
    if pos < 0:
        return False
    if frame.nodes[0].class_name == ROOT_CLASS:  # element dicts: no class, so the shape
        return len([k for k in frame.children[pos] if frame.nodes[k].bounds.area]) == 1
    return frame.nodes[pos].class_name.endswith("ScrollView")


def _scroller(frame: Frame, pos: int) -> int:
    """The nearest container made to scroll at or around ``pos`` (-1: none). O(depth)."""
    natural = natures(frame)
    while pos >= 0 and not natural[pos]:
        pos = frame.parents[pos]
    return pos


def kept_in_scroll_view(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    move: tuple[int, int],
    edged: bool = False,
    side: bool = False,
) -> bool:
    """Whether list ``c`` (paired with ``p``) is in a ``ScrollView`` (:func:`in_scroll_view`)
    and every label one node alone of each frame shows, of one size in both (whole, or cut
    alike), inside the list in both, moved by ``move`` within :data:`ROUNDED` px (each label
    rounded on its own: ``test_jitter``'s rounded form steps read a page at 1 px), at least
    one, a move along the ScrollView's axis: content laid out
    once has no twin to come in, so those labels place their rows and ``move`` is the
    scroll's, though rows put in or taken out around them as it scrolled leave other rows
    where the move puts old ones (``tests/core/real_scrolls/composed.py``: the contact
    form's photo, Settings' title bar, read as "about a page or more"). Labels that moved
    by two offsets (the rows above rows put in, and the rows below them) place neither.
    A label spanning the list in both frames (both edges cut it) has the list's box
    wherever it is: it places nothing. ``edged``: the move was read off the uncut edges of
    the pieces of the one row filling the list (:func:`~deltarec.core.diff.edge_pieces.edge_offset`,
    every such edge naming it): then no label need confirm it, only none contradict it (the
    calendar's event type stretched over its form, its icon's bottom edge moved 81 px, its
    one label spanning the form), and what one frame shows the other shows too, or all of
    it (a form whose every field shows another text is another form, not this one moved:
    ``test_dict_truth``'s event form relabelled). ``side``: the list is a carousel
    (:func:`~deltarec.core.diff.axis.host_sideways`); where a side edge cuts one of its items
    too (:func:`~deltarec.core.diff.axis.side_cut`) it scrolls sideways, whatever its class
    says (element dicts name no ``HorizontalScrollView``; a ``ScrollView`` turned a quarter,
    ``tests/core/real_scrolls/turned.py``, is one); whole items side by side fit their view
    (a dialog's button bar).
    O(labels of both frames)."""
    if not in_scroll_view(curr, c):
        return False
    # Along its axis only: a ScrollView scrolls up and down (a HorizontalScrollView, which
    # element dicts cannot name, or one whose side edges cut its items, sideways); a
    # dialog's "Cancel" 12 px aside as another dialog took its place is no scroll of its
    # button panel, its buttons whole side by side (test_session_numbers).
    sideways = (side and side_cut(prev, p, curr, c)) or curr.nodes[
        _scroller(curr, c)
    ].class_name.endswith("HorizontalScrollView")
    if not _near(move[1 if sideways else 0], 0):
        return False
    found = False
    old_box, box = prev.nodes[p].bounds, curr.nodes[c].bounds
    for q, pos in unique_pairs(prev, p + 1, prev.subtree_end(p), curr, c + 1, curr.subtree_end(c)):
        a, b = prev.nodes[q].bounds, curr.nodes[pos].bounds
        if (a.width, a.height) != (b.width, b.height) or not a.area:
            continue  # cut by an edge in one frame: its move is off by the cut
        if edged and spans(a, old_box, sideways) and spans(b, box, sideways):
            continue  # the list's box in both frames, wherever the row is
        if abs(b.left - a.left - move[0]) > ROUNDED or abs(b.top - a.top - move[1]) > ROUNDED:
            return False
        found = True
    if found or not edged:
        return found
    before, after = texts(prev, p), texts(curr, c)
    return before <= after or after <= before  # moved, none replaced (a form refilled is not)


def _near(a: int, b: int) -> bool:
    return abs(a - b) <= SLACK


def _stacked(
    frame: Frame, rows: list[int], top: int, end: int, side: bool, margins: Margins
) -> bool:
    """Whether ``rows`` (sorted by their tops) fill the band from ``top`` to ``end``, the
    first starting on ``top``, each where the one before ends or a margin of the list's own
    further (``margins``, :func:`_margins`: a form's 21 px between its "Saving to" and
    "Name" rows).

    Within :data:`ROUNDED` px: a scaled screen rounds each box on its own, so two rows
    edge to edge may lie 2 px apart or overlap by 2 (``test_jitter``: a contact form
    scrolled 2,004 px read as that scroll unrounded and as a page rounded, when this took
    1 px)."""
    at, before = top, None
    for k in rows:
        b = _box(frame, k, side)
        gap = b.top - at
        if before is None:
            if not _near(b.top, at):
                return False
        elif abs(gap) > ROUNDED and not _own_margin(frame, before, k, gap, side, margins):
            return False
        at, before = b.bottom, k
    return abs(end - at) <= ROUNDED


Margins = set[tuple[int, str, str, int]]
"""A list's margins: (gap px, class above, class below, height of the row below)."""


def _margins(frame: Frame, rows: list[int], side: bool) -> Margins:
    """The margins between consecutive rows of a list (``rows``) more than :data:`ROUNDED`
    px apart: each gap with the two rows' classes and the lower row's height."""
    boxes = sorted(rows, key=lambda q: _box(frame, q, side).top)
    out: Margins = set()
    for a, b in pairwise(boxes):
        ba, bb = _box(frame, a, side), _box(frame, b, side)
        if bb.top - ba.bottom > ROUNDED:
            kinds = (frame.nodes[a].class_name, frame.nodes[b].class_name)
            out.add((bb.top - ba.bottom, *kinds, bb.bottom - bb.top))
    return out


def _own_margin(
    frame: Frame, above: int, below: int, gap: int, side: bool, margins: Margins
) -> bool:
    """Whether ``gap`` px between rows ``above`` and ``below`` is a margin of the list's own:
    the other frame leaves one as wide (within :data:`ROUNDED`) between rows of the same two
    classes, the lower one as high. Not any gap: rows inserted with room between them, or a
    row taken out of a stack, leave gaps no row pair of the other frame shows."""
    kinds = (frame.nodes[above].class_name, frame.nodes[below].class_name)
    b = _box(frame, below, side)
    return any(
        abs(gap - g) <= ROUNDED and (ka, kb) == kinds and _near(b.bottom - b.top, h)
        for g, ka, kb, h in margins
    )


def _label_pushed(
    prev: Frame, q: int, curr: Frame, k: int, move: int, box: Bounds, side: bool
) -> bool:
    """Whether row ``k`` shows a label no other node of either frame shows, which row ``q``
    showed whole, at the place ``move`` puts it, cut by the bottom edge of ``box`` alone."""
    for old, pos in unique_pairs(prev, q, prev.subtree_end(q), curr, k, curr.subtree_end(k)):
        a, b = _box(prev, old, side), _box(curr, pos, side)
        if not (a.area and box.top <= a.top and a.bottom <= box.bottom):
            continue  # not whole in ``prev``
        if (
            (a.left, a.right) == (b.left, b.right)
            and _near(b.top, a.top + move)
            and _near(b.bottom, min(a.bottom + move, box.bottom))
        ):
            return True
    return False
