"""New rows inserted at the top of a list that shows its top: an insertion, not a scroll.

New mail at the top of an inbox (androidx ``SwipeRefreshLayout`` over a ``RecyclerView``,
as Gmail's): at the list's top the new rows are put above the first row and the rows below
move down by their height, inside bounds that do not change; those pushed past the bottom
leave. In two dumps this is *exactly* what a scroll up by that height shows when the
previous frame's first row sat flush with the list's top edge and was not the list's first
item: every row moved down by one offset, and new rows fill the band from the top edge down
to the first row that stayed. Only evidence from outside the rows tells them apart
(:func:`inserted_at_top`):

- **the refresh circle over the list in the previous frame**: SwipeRefreshLayout shows it
  only when its list is at its top (``canChildScrollUp()`` is false), so the list showed
  its first item, and nothing scrolls above a first item: the rows came in;
- **a drag down on the list that the refresh took** (the caller told the gesture, and the
  circle shows over the list after it): the layout intercepts the drag only at the top.

Without either, the two dumps do not say which it was (the list's top is unknown): the
scroll reading stands, and says the other (:func:`or_new`, :func:`hedged`): ``↕ … scrolled
up 180px (+1 rows, -1 rows), or its top row came in new``, and ``orInserted`` on its JSON
entry (how many rows at its top may be new).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.grown import grown_by_rounding, removed_rows, rows_at
from deltarec.core.diff.motions import SPREAD
from deltarec.core.diff.page_gesture import touched, under
from deltarec.core.diff.reflowed import untold
from deltarec.core.observe.frame import Frame, by_position
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Delta, Scroll
    from deltarec.core.diff.types import ChangedEntry, ObservationDiff

INDICATOR_ROLES = ("image", "progress")
"""What a refresh indicator is dumped as: SwipeRefreshLayout's ``CircleImageView`` (an
ImageView), or a ProgressBar."""

MAX_INDICATOR = 320
"""px: the widest refresh indicator (40 dp at up to 8x density; a 64 dp spinner at 4x)."""


def refresh_host(frame: Frame, pos: int) -> int:
    """The list whose refresh ``pos`` shows, or -1: ``pos`` is an unlabelled, unclickable,
    round (width and height within a quarter of each other) image or spinner at most
    :data:`MAX_INDICATOR` px wide, with no children, centred across a sibling made to
    scroll (within 2 % of its width) with its top in that list's top third (the circle
    slides down from the list's top edge to 64 dp below it). First such sibling wins.
    O(siblings)."""
    node = frame.nodes[pos]
    b = node.bounds
    if (
        node.role not in INDICATOR_ROLES
        or node.text
        or node.content_desc
        or node.clickable
        or frame.children[pos]
        or b.area == 0
        or abs(b.width - b.height) * 4 > max(b.width, b.height)
        or max(b.width, b.height) > MAX_INDICATOR
    ):
        return -1
    parent = frame.parents[pos]
    if parent < 0:
        return -1
    for s in frame.children[parent]:
        sb = frame.nodes[s].bounds
        if s == pos or not scrolls_by_nature(frame.nodes[s]) or sb.area == 0:
            continue
        centred = abs(b.left + b.right - sb.left - sb.right) <= max(4, sb.width // 25)
        inside = sb.left <= b.left and b.right <= sb.right
        if centred and inside and sb.top - b.height <= b.top < sb.top + sb.height // 3:
            return s
    return -1


def refreshing(frame: Frame, host: int) -> bool:
    """Whether a refresh indicator shows over list ``host`` (one of its siblings).
    O(siblings) the first time a parent's lists are asked, then a look-up."""
    parent = frame.parents[host]
    return parent >= 0 and host in _refreshed(frame, parent)


@by_position
def _refreshed(frame: Frame, parent: int) -> frozenset[int]:
    """The lists among ``parent``'s children a refresh indicator beside them shows over,
    kept: :func:`refreshing` asked every sibling of each host it was asked of (a page of
    many lists, each scrolled: O(hosts × siblings), test_near_linear). An indicator never
    names itself (:func:`refresh_host`). O(children)."""
    return frozenset(h for s in frame.children[parent] if (h := refresh_host(frame, s)) >= 0)


def pushed_down(prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], dy: int) -> int:
    """Whether the rows of list ``c`` (paired with ``p``) moved down by ``dy`` the way rows
    inserted at its top push them: the list's bounds stayed; its first row in ``prev`` was
    whole (clear of the top edge, as a list's first item is at its top); its first row that
    ``curr`` shows too (rows above it went: archived in the step, as no scroll up takes a
    row out at the top) is the first row of ``curr`` that both frames show, ``dy`` px lower
    (within
    :data:`~deltarec.core.diff.motions.SPREAD`); and above it ``curr`` shows only rows no
    frame pairs, at least one, the first at the top edge and whole (:func:`_whole`; a row's
    own margin may show above a row, as a section header's does; where the list's first row
    was, below the list's own padding). How many such rows, 0 when
    they did not. ``pairs``: curr → prev positions. O(rows of ``c``)."""
    if dy <= SPREAD or curr.nodes[c].bounds != prev.nodes[p].bounds:
        return 0
    c, p = _content(prev, curr, c, p, pairs)
    box = curr.nodes[c].bounds
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    rows = sorted(
        (k for k in curr.children[c] if curr.nodes[k].bounds.area),
        key=lambda k: curr.nodes[k].bounds.top,
    )
    if not old_rows or not rows:
        return 0
    top = min(prev.nodes[q].bounds.top for q in old_rows)
    if top < box.top:
        return 0  # cut by the top edge: not the list's first item
    shown = {pairs[k] for k in rows if k in pairs}
    stayed = [q for q in old_rows if q in shown]
    if not stayed:
        return 0
    first = min(stayed, key=lambda q: prev.nodes[q].bounds.top)  # those above it went
    was = prev.nodes[first].bounds
    for came, k in enumerate(rows):
        b = curr.nodes[k].bounds
        if k in pairs:
            kept = pairs[k] == first and abs(b.top - was.top - dy) <= SPREAD
            return came if kept and _whole(prev, curr, c, p, rows[0]) else 0
        if b.bottom > was.top + dy + SPREAD:
            return 0
        if not came and b.top - box.top > SPREAD and abs(b.top - top) > SPREAD:
            return 0  # at the top edge, or where the first row was (below the list's padding)
    return 0


def _content(prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]) -> tuple[int, int]:
    """The list whose rows a move of ``c``'s content moved: ``c`` itself, or down a chain of
    wrappers each the one child of the one above it (a ScrollView's content, an app's
    layers around its column), each paired and its top kept, the first that holds several
    (a row put in at the top of a ScrollView's column pushes the column's rows, not the
    column). O(the chain).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*tops):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{t}][90,{t + 40}]"/>' for t in tops)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView"'
    ...         ' scrollable="true" bounds="[0,0][90,99]"><node class="Column"'
    ...         f' bounds="[0,0][90,99]">{rows}</node></node></hierarchy>'))
    >>> _content(shot(0, 50), shot(0, 50), 0, 0, {0: 0, 1: 1, 2: 2, 3: 3})
    (1, 1)
    """
    while len(curr.children[c]) == 1 and len(prev.children[p]) == 1:
        k, q = curr.children[c][0], prev.children[p][0]
        if pairs.get(k) != q or curr.nodes[k].bounds.top != prev.nodes[q].bounds.top:
            break
        c, p = k, q
    return c, p


def _whole(prev: Frame, curr: Frame, c: int, p: int, k: int) -> bool:
    """Whether row ``k`` at the top edge of list ``c`` (paired with ``p``) is whole, not cut
    by that edge: another row of its kind (class and resource id) is as high (within a px)
    in either frame, clear of the bottom edge and not above the top one (the first row of
    ``prev``, whole at the top, is one). A row a scroll brought in at the edge is cut there
    unless the scroll ended on its top. A row that shows nothing is not known whole by a
    row that shows nothing in its very box (the other frame's, or itself): both may be the
    one sliver an edge cut (a row put back below the top sliver, read backwards: that
    sliver and the row came in new). O(rows of ``c`` and ``p``)."""
    node = curr.nodes[k]
    kind = (node.class_name, node.resource_id)
    blank = not _shows(curr, k)
    for frame, host in ((curr, c), (prev, p)):
        box = frame.nodes[host].bounds
        for q in frame.children[host]:
            other = frame.nodes[q]
            b = other.bounds
            if blank and b == node.bounds and not _shows(frame, q):
                continue  # a blank sliver the edge cut alike in both frames says nothing
            if (
                (frame is not curr or q != k)
                and (other.class_name, other.resource_id) == kind
                and box.top <= b.top
                and b.bottom < box.bottom
                and abs(b.height - node.bounds.height) <= 1  # a px of the profile's rounding
            ):
                return True
    return False


def inserted_at_top(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    offset: tuple[int, int],
    gesture: Gesture | None,
) -> bool:
    """Whether host ``c`` (paired with ``p``), whose rows moved by ``offset``, did not scroll:
    rows were inserted at its top (:func:`pushed_down`) and the refresh says the list was at
    its top (module docstring): its circle showed in ``prev``, or the caller's drag down
    on the list started the one ``curr`` shows. ``pairs``: curr → prev positions.
    O(rows of ``c`` + siblings).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(texts, circle):
    ...     spin = '<node class="android.widget.ImageView" bounds="[490,10][590,110]"/>'
    ...     rows = "".join(f'<node class="Row" text="{t}" bounds="[0,{100 * i}][1080,'
    ...                    f'{100 * i + 100}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="Layout" bounds="[0,0]'
    ...         f'[1080,500]">{spin if circle else ""}<node class="androidx.recyclerview.'
    ...         f'widget.RecyclerView" scrollable="true" bounds="[0,0][1080,500]">{rows}'
    ...         '</node></node></hierarchy>'))
    >>> prev, curr = shot("abcde", True), shot("Nabcd", False)
    >>> inserted_at_top(prev, curr, 1, 2, {k: k for k in range(3, 7)}, (0, 100), None)
    True
    >>> pairs = {k: k - 1 for k in range(3, 7)}  # no circle before: the list's top is unknown
    >>> inserted_at_top(shot("abcde", False), curr, 1, 1, pairs, (0, 100), None)
    False
    """
    dx, dy = offset
    if dx or not pushed_down(prev, curr, c, p, pairs, dy):
        return False
    if refreshing(prev, p):
        return True
    return (
        gesture is not None
        and gesture.content == (0, 1)
        and touched(curr, c, gesture)
        and refreshing(curr, c)
    )


def new_at_top(d: Delta, s: Scroll) -> int:
    """How many rows at the top of ``s``'s list may have come in new instead of scrolled in:
    its rows moved down as rows inserted at its top push them (:func:`pushed_down`; a
    scroll the refresh rules out is no scroll at all, :func:`inserted_at_top`). O(rows)."""
    if s.page or s.dx or s.dy <= 0:
        return 0
    if d.prev.nodes[s.prev].bounds != d.curr.nodes[s.curr].bounds:  # both readings fit
        return grown_by_rounding(d.prev, d.curr, s.curr, s.prev, d.pairs, s)
    return pushed_down(d.prev, d.curr, s.curr, s.prev, d.pairs, s.dy)


def or_new(d: Delta, s: Scroll) -> str:
    """The end of a ``↕`` line whose rows may have come in new (:func:`new_at_top`), or
    that scrolled past such rows (:func:`deltarec.core.diff.past_new.past_said`), else "".

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(texts):
    ...     rows = "".join(f'<node class="Row" text="{t}" bounds="[0,{100 * i}][1080,'
    ...                    f'{100 * i + 100}]"/>' for i, t in enumerate(texts))
    ...     return parse_uiautomator('<hierarchy><node class="androidx.recyclerview.widget.'
    ...         f'RecyclerView" scrollable="true" bounds="[0,0][1080,500]">{rows}</node>'
    ...         '</hierarchy>')
    >>> d = compute_delta(shot(["a", "b", "c", "d", "e"]), shot(["N", "M", "a", "b", "c"]))
    >>> or_new(d, d.scrolls[0])
    ', or its top 2 rows came in new'
    """
    from deltarec.core.diff.past_new import past_said  # it reads the refresh from here

    n = new_at_top(d, s)
    if not n:
        return past_said(d, s)  # a scroll past new rows, or the other reading of one
    return ", or its top row came in new" if n == 1 else f", or its top {n} rows came in new"


def hedged(d: Delta, out: ObservationDiff) -> ObservationDiff:
    """``out`` (``to_json(d)``) with ``orInserted`` on each scroll entry whose rows may have
    come in new (:func:`new_at_top`: how many), ``orRemoved`` on each whose top rows may
    have been removed (:func:`~deltarec.core.diff.grown.removed_rows`, with their keys in
    ``orRows``), either with ``orRows`` for a row beside a sliver its edge cuts
    (:func:`~deltarec.core.diff.edge_sliver.beside_sliver`), and the marks of a
    scroll past new rows (:func:`deltarec.core.diff.past_new.noted`). O(rows of the
    scrolled lists), and ``orNew`` on each changed entry whose pair may be two rows
    (:func:`~deltarec.core.diff.twin_sliver.twin_slivers`: O(added + removed); two slivers
    of one box, :func:`~deltarec.core.diff.twin_sliver.same_box_slivers`), or rests on
    a sliver's place alone (:func:`~deltarec.core.diff.edge_sliver.flipped_slivers`: the
    text writes no ``~`` line for it; the entry stays, so ``apply_diff`` still rebuilds the
    frame, and says the other reading), whose row
    may be another come into its box (:func:`~deltarec.core.diff.edited_or_new.either_labels`)
    or may have come in new, its old row pushed down into an added one, ``orPushedTo``
    (:func:`~deltarec.core.diff.edited_or_new.edited_or_new`), and ``orTurned`` (the pager's
    key) on each whose pager may have turned a page
    (:func:`~deltarec.core.diff.turned_page.turned_or_edited`): O(changed × depth)."""
    from deltarec.core.diff.compute import _added_key
    from deltarec.core.diff.edge_sliver import beside_slivers, flipped_slivers
    from deltarec.core.diff.edited_or_new import edited_or_new, either_labels
    from deltarec.core.diff.past_new import noted  # it reads the refresh from here
    from deltarec.core.diff.turned_page import turned_or_edited
    from deltarec.core.diff.twin_sliver import same_box_slivers, twin_slivers

    for entry, s in zip(out["scrolls"], d.scrolls, strict=True):
        if n := new_at_top(d, s):
            entry["orInserted"] = n
        if m := removed_rows(d, s):  # the mirror at a list's top (:mod:`.grown`), named
            entry["orRemoved"] = len(m)
            entry["orRows"] = [d.prev.keys[r] for r in m]
        if not (n or m) and (beside := beside_slivers(d, s)) is not None:
            rows, removed = beside  # rows beside a sliver the edge cuts: named by their keys
            entry["orRemoved" if removed else "orInserted"] = len(rows)
            entry["orRows"] = [d.prev.keys[r] if removed else _added_key(d, r) for r in rows]
    twins = {d.curr.keys[c]: d.prev.keys[p] for c, p in twin_slivers(d).items()}
    twins.update((d.curr.keys[c], d.prev.keys[p]) for c, p in same_box_slivers(d).items())
    either = {d.curr.keys[c] for c in either_labels(d)}  # its row, or another in its box
    either.update(d.curr.keys[c] for s in d.scrolls for c in flipped_slivers(d, s))
    pushed = {d.curr.keys[c]: _added_key(d, y) for c, y in edited_or_new(d).items()}
    turned = {d.curr.keys[c]: d.curr.keys[k] for c, k in turned_or_edited(d).items()}
    for changed in out["changed"]:
        if (pager := turned.get(changed["key"])) is not None:  # edited, or the page turned
            changed["orTurned"] = pager
        if twins.pop(changed["key"], None) is not None:  # the sliver, or another row
            changed["orNew"] = True
        if changed["key"] in either:
            changed["orNew"] = True
        if (to := pushed.get(changed["key"])) is not None:  # edited, or new and its old row
            changed["orNew"] = True  # pushed down into the row added after it
            changed["orPushedTo"] = to
    for key, old in twins.items():  # a sliver paired with one of its box: nothing changed
        same: ChangedEntry = {"key": key, "changes": {}, "orNew": True}
        if old != key:
            same["fromKey"] = old
        out["changed"].append(same)
    return noted(d, out)


def unnumbered(d: Delta) -> frozenset[int]:
    """Current positions of rows a scroll paired that its hedge names as maybe put in (or
    the sliver paired with a row it names as maybe taken out): the two readings give that
    place to two different elements, so it takes no number over, and no number is ever
    given to an element it was not (:func:`~deltarec.core.diff.edge_sliver.beside_slivers`;
    the sliver beside it is new in the scroll's reading anyway); and slivers a scroll
    paired with a row of another state (:func:`~deltarec.core.diff.edge_sliver.
    flipped_slivers`), whose ``~`` lines are not written either. O(rows of the lists)."""
    from deltarec.core.diff.edge_sliver import beside_slivers, flipped_slivers

    out: set[int] = set()
    for s in d.scrolls:
        out.update(flipped_slivers(d, s))
        beside = beside_slivers(d, s)
        if beside is None:
            continue
        rows, removed = beside
        if not removed:
            out.update(row for row in rows if row in d.pairs)
        else:
            kids = d.curr.children[rows_at(d.curr, s.curr)]
            out.update(c for c in kids if d.pairs.get(c, -1) in rows)
    return frozenset(out)


def first_row_moved(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]
) -> tuple[int, int] | None:
    """``(k, m)`` when list ``c`` (paired with ``p``) kept its box and the first row of ``p``
    that shows (whole at the top or below it) is ``c``'s child ``k``, moved down by ``m`` >
    :data:`SPREAD`; else None. O(rows of ``c``)."""
    first = first_row(prev, curr, c, p, pairs)
    if first is None:
        return None
    box, was, k = first
    if was.top < box.top:
        return None
    m = curr.nodes[k].bounds.top - was.top
    return (k, m) if m > SPREAD else None


def first_row(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]
) -> tuple[Bounds, Bounds, int] | None:
    """``(box, was, k)`` when list ``c`` (paired with ``p``) kept its ``box`` and the top row
    of ``p`` that shows, in ``was``, is paired with ``c``'s child ``k``; else None."""
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return None
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    if not old_rows:
        return None
    first = min(old_rows, key=lambda q: prev.nodes[q].bounds.top)
    k = next((k for k in curr.children[c] if pairs.get(k) == first), None)
    return None if k is None else (box, prev.nodes[first].bounds, k)


def pushed_only(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], gesture: Gesture | None
) -> bool:
    """Whether the rows of list ``c`` (paired with ``p``) moved down because rows came in at
    its top, whatever else it did: its box stayed, its first row in ``prev`` was whole at the
    top and moved down by ``m``, as every row both frames show whole did, rows no frame pairs
    fill the band above it from the top edge (the first may be cut: the list may have
    scrolled on past them), and the list was at its top (its refresh circle showed in
    ``prev``) or the caller's finger moved the content up (rows moving down are then no
    scroll of its). Such rows keep their pairs: a scroll measured off them, or a page turned
    against the finger, would list them anew. The scroll past the new rows, if any, is left
    unsaid (open: a cut row's whole height is not in the dumps). O(rows of ``c``)."""
    if not refreshing(prev, p):
        return False  # a finger that moved the content up is no such evidence: a Feed page
    moved = first_row_moved(prev, curr, c, p, pairs)
    if moved is None:
        return False
    k, m = moved
    box = curr.nodes[c].bounds
    for q in curr.children[c]:  # every row both frames show whole moved down by m
        b = curr.nodes[q].bounds
        a = prev.nodes[pairs[q]].bounds if q in pairs else None
        if a is None or not (box.top <= a.top and a.bottom < box.bottom):
            continue
        if box.top < b.top and b.bottom < box.bottom and abs(b.top - a.top - m) > SPREAD:
            return False
    top = curr.nodes[k].bounds.top
    band = [
        q
        for q in curr.children[c]
        if q not in pairs
        and curr.nodes[q].bounds.area
        and curr.nodes[q].bounds.bottom <= top + SPREAD
    ]
    return bool(band) and abs(min(curr.nodes[q].bounds.top for q in band) - box.top) <= SPREAD


def still(d: Delta) -> bool:
    """Whether ``d``'s swipe moved nothing it can say: a swipe told, no scroll, and no list
    under the swipe's start whose rows new rows pushed down at its top (:func:`pushed_only`:
    the finger may have scrolled it past them, which the dumps do not measure). A list the
    swipe did not start in took no part of it (a touch goes to the views under its start and
    their ancestors), so rows pushed there leave the swipe's nothing to say (issue 18: a swipe
    from the status bar as a refresh brought mail in). Nor a list under the start whose
    items were laid out again by an offset they do not tell, under a swipe along it
    (:func:`~deltarec.core.diff.reflowed.untold`: tiles put into a grid, each pushed on as
    it scrolled): the swipe may have scrolled it (``tests/core/shapes/test_grid_insertions.py``).
    O(lists × rows)."""
    g = d.gesture
    if g is None or not g.swipe or d.scrolls:
        return False
    fc, fp, pairs = d.curr, d.prev, d.pairs
    return not any(
        pushed_only(fp, fc, c, pairs[c], pairs, g)
        or (g.vertical and untold(fp, pairs[c], fc, c, pairs, g.content == (0, 1)))
        for c in range(len(fc))
        if c in pairs and scrolls_by_nature(fc.nodes[c]) and under(fp.nodes[pairs[c]].bounds, g)
    )


def _shows(frame: Frame, pos: int) -> bool:
    """Whether ``pos``'s subtree shows a text or description."""
    return any(n.text or n.content_desc for n in frame.nodes[pos : frame.subtree_end(pos)])


def two_readings(d: Delta) -> frozenset[int]:
    """Current positions a hedge of ``d`` gives two readings of, numbered anew: the rows of
    :func:`unnumbered` and the twin slivers of :func:`~deltarec.core.diff.twin_sliver.
    unnumbered_twins`. O(rows of the lists)."""
    from deltarec.core.diff.twin_sliver import unnumbered_twins

    return unnumbered(d) | unnumbered_twins(d)
