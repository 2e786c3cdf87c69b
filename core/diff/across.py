"""Rows that crossed a page: numbering pairs for a scroll the diff could not measure.

When a long drag or fling moves a list by about a page, the diff may find no row it can
measure the scroll by (``↕ … about a page or more``): every row of the old frame is said to
have left, every row of the new one to have come in. Some did not: a row cut by one edge
comes whole, or cut by the other edge, to the other end of the list. Such a row keeps its
number (one number per element for a whole session) only on proof that it is that row,
and a label is no proof: lists repeat senders, dates and whole rows (the virtual Inbox
repeats sender and date 28 rows on, and a fling can land the twin where the row was).

The proof taken is the one the real-capture oracle takes for a node that persisted: a
*witness*, a node that shows text or a description and whose content signature (class,
resource id, text, description, width and height) is the only one of its kind in the old
frame and the only one in the new, shown whole in both (its box touches no edge of the
list: a cut node's size is the cut, not the node's). Then the row that left and holds it
and the row that came in and holds it are one row, moved by the witness's move (against
the finger's direction, when the caller told the gesture, it is no proof: content moves
with the finger). Inside the two rows, a node pairs with the one of the same class,
resource id, text and description whose box, moved by the witness's move, lies on the same
column and overlaps it (a cut node's box is a part of the whole one); one candidate only.

And the other way: a node of a row said to have come in keeps no number of a node of a row
said to have gone out, whatever the diff paired them on (a cut date with a cut date is what
a twin shows too), unless a witness pairs their rows.

Nor does a sliver (a node an edge of the list cuts) keep the number of the node the diff
paired it with by place where either shows nothing of its own: after a page the place is
another row's (:func:`_unpair_slivers`); only the witnesses' move pairs it.

What this decides is numbers, not lines: the delta still says what the dumps say (the rows
came in); a row that keeps its number is the element the caller was shown.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> row = ('<node class="Row" clickable="true" bounds="[0,{0}][100,{1}]">'
    ...        '<node class="T" text="{2}" bounds="[10,{3}][90,{4}]"/></node>')
    >>> def frame(*rows):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         ' bounds="[0,0][100,300]">' + "".join(rows) + '</node></hierarchy>'))
    >>> old = frame(row.format(0, 100, "a", 10, 40), row.format(250, 300, "b", 260, 290))
    >>> new = frame(row.format(0, 60, "b", 10, 40), row.format(60, 160, "c", 70, 100))
    >>> crossed(old, new, {0: 0}, [Page(0, 0, (1, 3), (1, 3), (0, -1))])
    {0: 0, 1: 3, 2: 4}
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from deltarec.core.diff.motions import near_box, shifted
from deltarec.core.diff.page_labels import keep_labelled
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Scroll
    from deltarec.core.diff.gesture import Gesture


class Page(NamedTuple):
    """A container the diff says scrolled by about a page or more (its offset unknown)."""

    curr: int
    """Its position in the new frame."""
    prev: int
    """Its position in the old frame."""
    entered: Sequence[int]
    """New positions of the subtrees said to have come in."""
    left: Sequence[int]
    """Old positions of the subtrees said to have gone out."""
    toward: tuple[int, int]
    """The sign of the content's move the caller's gesture tells ((0, 0): not told)."""


def pages(scrolls: Iterable[Scroll]) -> list[Page]:
    """The scrolls a delta could not measure (about a page or more, or at least D px the
    finger's way: ``Scroll.further``), for :func:`crossed`: a row that crossed one keeps
    its number only on a witness."""
    return [
        Page(s.curr, s.prev, s.entered, s.left, s.toward) for s in scrolls if s.page or s.further
    ]


Signature = tuple[str, str, str, str, int, int]


def _signature(node: Node) -> Signature:
    b = node.bounds
    return (
        node.class_name,
        node.resource_id,
        node.text,
        node.content_desc,
        b.width,
        b.height,
    )


def _witnesses(frame: Frame) -> dict[Signature, int]:
    """Position of each content signature shown once in ``frame`` (:func:`_signature`; nodes
    that show a text or a description, with a box). Kept in the frame's memo."""
    got = frame.memo.get(_witnesses)
    if got is None:
        seen: Counter[Signature] = Counter()
        where: dict[Signature, int] = {}
        for pos, node in enumerate(frame.nodes):
            if (node.text or node.content_desc) and node.bounds.area > 0:
                sig = _signature(node)
                seen[sig] += 1
                where[sig] = pos
        got = frame.memo[_witnesses] = {s: p for s, p in where.items() if seen[s] == 1}
    assert isinstance(got, dict)
    return got


def _inside(box: Bounds, frame_box: Bounds) -> bool:
    """``box`` touches no edge of ``frame_box`` (a node cut by it touches one)."""
    return (
        frame_box.left < box.left
        and box.right < frame_box.right
        and frame_box.top < box.top
        and box.bottom < frame_box.bottom
    )


def _within(box: Bounds, frame_box: Bounds) -> bool:
    """``box`` lies in ``frame_box`` (edges may touch: a witness's size, the same in both
    frames, says it is whole)."""
    return (
        frame_box.left <= box.left
        and box.right <= frame_box.right
        and frame_box.top <= box.top
        and box.bottom <= frame_box.bottom
    )


def _root_of(frame: Frame, pos: int, roots: set[int]) -> int:
    """The nearest of ``roots`` at or above ``pos`` (-1: none)."""
    while pos >= 0 and pos not in roots:
        pos = frame.parents[pos]
    return pos


def crossed(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    pages: Sequence[Page],
    finger: Gesture | None = None,
) -> dict[int, int]:
    """``pairs`` (new position -> old position) with the rows that crossed each of ``pages``
    paired node by node (module docstring). Only nodes neither frame's pairs hold are
    added; each old node to one new node at most. A witness the diff kept paired across
    the page (a row placed by a label no other node shows,
    :mod:`~deltarec.core.diff.far_anchor`) gives its move too: the rows around it that
    crossed (a strip of the card above it) keep their numbers on it. O(n) per witnessed
    offset of a page."""
    out = dict(pairs)
    if not pages:
        return out
    for page in pages:  # a node of a row that came in is no node of a row that went out
        came, went = curr.under(page.entered), prev.under(page.left)
        for pos in came & out.keys():
            if out[pos] in went:
                del out[pos]
    taken = set(out.values())
    old_once, new_once = _witnesses(prev), _witnesses(curr)
    by_place = sorted((pos, sig) for sig, pos in new_once.items())
    for page in pages:
        kept = _measured(prev, curr, page, out, taken, old_once, by_place)
        freed = _unpair_slivers(prev, curr, page, out, taken, kept)
        keep_labelled(prev, curr, *page, out, taken, finger)  # its fields in that order
        if len(kept) != 1:
            continue  # no witness, or witnesses of two offsets: no proof
        dx, dy = kept[0]
        old_box, new_box = prev.nodes[page.prev].bounds, curr.nodes[page.curr].bounds
        rows_was = [
            r for r in page.left if shifted(prev.nodes[r].bounds, dx, dy).intersection(new_box)
        ]
        for row in (*page.entered, *freed):
            b = curr.nodes[row].bounds
            if row in out or not shifted(b, -dx, -dy).intersection(old_box):
                continue
            same = [
                r
                for r in rows_was
                if r not in taken
                and _alike(prev.nodes[r], curr.nodes[row])
                and _placed(prev.nodes[r].bounds, b, dx, dy)
            ]
            if len(same) == 1:
                _pair_rows(prev, curr, same[0], row, dx, dy, out, taken)
    return out


def _measured(
    prev: Frame,
    curr: Frame,
    page: Page,
    out: Mapping[int, int],
    taken: set[int],
    old_once: Mapping[Signature, int],
    by_place: Sequence[tuple[int, Signature]],
) -> list[tuple[int, int]]:
    """The moves of ``page``'s content its witnesses measure and :func:`explains` keeps
    (:func:`crossed`; more than one: no proof)."""
    entered, left = set(page.entered), set(page.left)
    if not entered or not left:
        return []
    old_box, new_box = prev.nodes[page.prev].bounds, curr.nodes[page.curr].bounds
    moves: set[tuple[int, int]] = set()
    # a witness is under the page's host or under a row that came in (below): those
    # subtrees alone, not every witness of the frame a page (O(pages × witnesses))
    lo = min(page.curr, min(entered))
    hi = max(curr.subtree_end(page.curr), max(map(curr.subtree_end, entered)))
    for pos, sig in by_place[bisect_left(by_place, (lo,)) : bisect_left(by_place, (hi,))]:
        was = old_once.get(sig)
        if was is None:
            continue
        a, b = prev.nodes[was].bounds, curr.nodes[pos].bounds
        if out.get(pos) == was:  # a row the diff kept across the page (far_anchor)
            if a == b or not (
                _root_of(curr, pos, {page.curr}) >= 0 and _root_of(prev, was, {page.prev}) >= 0
            ):
                continue  # put (a sticky header), or outside the page
        elif (
            pos in out
            or was in taken
            or _root_of(curr, pos, entered) < 0
            or _root_of(prev, was, left) < 0
        ):
            continue
        if not (_within(a, old_box) and _within(b, new_box)):
            continue
        dx, dy = b.left - a.left, b.top - a.top
        tx, ty = page.toward
        if dx * tx < 0 or dy * ty < 0 or (ty and dx) or (tx and dy):
            continue  # against the finger, or off its axis: a twin, not this row
        moves.add((dx, dy))
    return [m for m in moves if explains(prev, page.prev, curr, page.curr, *m)]


def _unpair_slivers(
    prev: Frame,
    curr: Frame,
    page: Page,
    out: dict[int, int],
    taken: set[int],
    kept: Sequence[tuple[int, int]],
) -> list[int]:
    """Unpair the slivers ``out`` holds across ``page`` by their place alone; the new
    positions freed, in document order.

    A sliver is a node of the page's content that an edge of the list cuts (its box
    touches one edge of an axis, :func:`_at_edge`). Paired with a node where one of the
    two shows no text or description (nor does anything under it), the pair was made by
    place, never by content (a 20 px strip showing nothing, and the row cut to 74 px that
    shows a cut title), and after a move of about a page the place is another row's:
    ``settings-airplane/03``'s top strip took the number of the strip a page before it (a
    number reuse, ``bench_numbers --real``). Across a page turned the two are one element
    only on evidence: the one move the page's witnesses measured (``kept``,
    :func:`_measured`) puts the old one where the new one is. Unpaired, the new one is
    paired on that move as a row that came in (:func:`crossed`). O(size of the
    page's content) per page; only pages walk it."""
    box = curr.nodes[page.curr].bounds
    old_box = prev.nodes[page.prev].bounds
    end, old_end = curr.subtree_end(page.curr), prev.subtree_end(page.prev)
    move = kept[0] if len(kept) == 1 else None
    shown = _showing(curr, page.curr, end)
    old_shown = _showing(prev, page.prev, old_end)
    freed: list[int] = []
    for pos in range(page.curr + 1, end):
        was = out.get(pos)
        if was is None or not page.prev < was < old_end or (pos in shown and was in old_shown):
            continue
        b, a = curr.nodes[pos].bounds, prev.nodes[was].bounds
        if not (_at_edge(b, box) or _at_edge(a, old_box)):
            continue
        if move is not None and _placed(a, b, *move):
            continue
        del out[pos]
        taken.discard(was)
        freed.append(pos)
    return freed


def _showing(frame: Frame, start: int, end: int) -> set[int]:
    """The nodes in ``start``'s subtree (ending at ``end``) that show a text or description
    or hold one that does. One pass from the end: O(end - start)."""
    out: set[int] = set()
    parents = frame.parents
    for pos in range(end - 1, start, -1):
        node = frame.nodes[pos]
        if pos in out or node.text or node.content_desc:
            out.add(pos)
            out.add(parents[pos])
    return out


def _at_edge(b: Bounds, box: Bounds) -> bool:
    """Whether an edge of ``box`` cuts ``b``: ``b`` touches (or passes) one of its two
    edges on an axis, not both (a full-width row touches the left and right edges of its
    list wherever it is)."""
    return ((b.top <= box.top) != (b.bottom >= box.bottom)) or (
        (b.left <= box.left) != (b.right >= box.right)
    )


def _alike(a: Node, b: Node) -> bool:
    """Same class, resource id, text and description."""
    return (a.class_name, a.resource_id, a.text, a.content_desc) == (
        b.class_name,
        b.resource_id,
        b.text,
        b.content_desc,
    )


def explains(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    dx: int,
    dy: int,
    slack: int = 0,
    beyond: tuple[int, int] | None = None,
    held: frozenset[int] = frozenset(),
) -> bool:
    """Whether the content of container ``p`` (of ``prev``) moved by (dx, dy) explains
    everything both frames show of it (``c`` in ``curr``): each node showing a text or a
    description in one frame that the move puts in the other frame's view has its like
    there, at its moved box (only overlapping along the move where either is cut by an
    edge), each edge within ``slack`` px (a scaled screen rounds boxes one by one). A
    twin's offset puts the rows around the twin where other rows are: it explains nothing.
    ``beyond`` (``(1, y)``: below ``y``; ``(-1, y)``: above it, in ``curr``'s place) leaves
    out the nodes whose boxes, where ``curr`` has them, lie wholly there (rows put in or
    taken out beside a row, :func:`deltarec.core.diff.far_anchor.anchored`). ``held``: the
    nodes (their ``id``) of a sticky header held in its box, its letter turned
    (:func:`deltarec.core.diff.pinned.held_labels`): it did not scroll, and witnesses nothing.
    A node the move puts only past the end of what the other frame draws (:func:`_drawn`:
    nothing there, not even a wrapper) is no witness either way: Settings' form flung past
    the blank strip below its last row read, on element dicts, which carry no class to name
    its ScrollView, as a page turned (``tests/core/real_scrolls/sticky.py``, swept: 10 of
    5,372). O(labels of ``p`` × labels of ``c`` + size of both)."""
    for here, start, there, stop, sx, sy in (
        (prev, p, curr, c, dx, dy),
        (curr, c, prev, p, -dx, -dy),
    ):
        mine_moved = here is prev  # whether ``curr``'s place of a node is its moved box
        mine, box = here.nodes[start].bounds, there.nodes[stop].bounds
        others = [
            q
            for q in range(stop + 1, there.subtree_end(stop))
            if there.nodes[q].text or there.nodes[q].content_desc
        ]
        drawn: Bounds | None = None  # where ``there`` draws its content: asked when needed
        for pos in range(start + 1, here.subtree_end(start)):
            node = here.nodes[pos]
            if not (node.text or node.content_desc) or node.bounds.area <= 0:
                continue
            if held and id(node) in held:
                continue
            moved = shifted(node.bounds, sx, sy)
            if not _reaches(moved, box, slack):
                continue  # beyond the view, or within ``slack`` px of its edge
            drawn = _drawn(there, stop) if drawn is None else drawn
            if not _reaches(moved, drawn, slack):
                continue  # past the end of what the other frame draws (:func:`_drawn`)
            if beyond is not None and _past(moved if mine_moved else node.bounds, beyond):
                continue
            cut = not _inside(node.bounds, mine) or not _inside(moved, box)
            found = False
            for q in others:
                other = there.nodes[q]
                if not _alike(node, other):
                    continue
                ob = other.bounds
                if ob == node.bounds:  # fixed over the content (a sticky header): no witness
                    found = True
                    break
                if near_box(ob, moved, slack) or (cut and _placed(node.bounds, ob, sx, sy, slack)):
                    found = True
                    break
            if not found:
                return False
    return True


def _drawn(frame: Frame, pos: int) -> Bounds:
    """The box around every node below ``pos`` with an area: where its content is drawn.
    Past it the view shows nothing at all, not even a wrapper: a list at its end, a blank
    strip below its last row (Settings' form, 67 px short of its ScrollView's bottom edge),
    where a row loaded since (or laid out past that end) comes in whatever the offset, and
    no node moved there contradicts a move (:func:`explains`). O(size of ``pos``'s subtree)."""
    boxes = [b for b in (n.bounds for n in frame.nodes[pos + 1 : frame.subtree_end(pos)]) if b.area]
    if not boxes:
        return Bounds(0, 0, 0, 0)
    return Bounds(
        min(b.left for b in boxes),
        min(b.top for b in boxes),
        max(b.right for b in boxes),
        max(b.bottom for b in boxes),
    )


def _past(box: Bounds, beyond: tuple[int, int]) -> bool:
    """Whether ``box`` lies wholly beyond ``beyond`` (:func:`explains`)."""
    way, y = beyond
    return box.top >= y if way > 0 else box.bottom <= y


def _reaches(box: Bounds, view: Bounds, slack: int) -> bool:
    """Whether ``box`` overlaps ``view`` by more than ``slack`` px each way (a box moved by
    a move rounded a px off may touch the edge it left)."""
    w = min(box.right, view.right) - max(box.left, view.left)
    h = min(box.bottom, view.bottom) - max(box.top, view.top)
    return w > slack and h > slack


def _placed(a: Bounds, b: Bounds, dx: int, dy: int, slack: int = 0) -> bool:
    """``a`` moved by (dx, dy) is ``b``, as far as the scroll's edges let both show: the same
    across the move's axis (each edge within ``slack`` px), overlapping along it (a cut box
    is part of the whole one)."""
    left, top, right, bottom = a.left + dx, a.top + dy, a.right + dx, a.bottom + dy
    overlap_x = left < b.right and b.left < right
    overlap_y = top < b.bottom and b.top < bottom
    if not dx:
        return abs(left - b.left) <= slack and abs(right - b.right) <= slack and overlap_y
    if not dy:
        return abs(top - b.top) <= slack and abs(bottom - b.bottom) <= slack and overlap_x
    return overlap_x and overlap_y


def _pair_rows(
    prev: Frame,
    curr: Frame,
    row_was: int,
    row: int,
    dx: int,
    dy: int,
    out: dict[int, int],
    taken: set[int],
) -> None:
    """Pair the nodes of two subtrees that are one row moved by (dx, dy) (module docstring)."""
    olds = [p for p in range(row_was, prev.subtree_end(row_was)) if p not in taken]
    for pos in range(row, curr.subtree_end(row)):
        if pos in out:
            continue
        node = curr.nodes[pos]
        b = node.bounds
        found = [
            p
            for p in olds
            for o in (prev.nodes[p],)
            for a in (o.bounds,)
            if (o.class_name, o.resource_id, o.text, o.content_desc)
            == (node.class_name, node.resource_id, node.text, node.content_desc)
            and _placed(a, b, dx, dy)
        ]
        if len(found) == 1:
            out[pos] = found[0]
            taken.add(found[0])
            olds.remove(found[0])


def other_way(
    prev: Frame,
    old_host: int,
    curr: Frame,
    host: int,
    kept: list[tuple[int, int]],
    way: int,
) -> int:
    """The least move against ``way`` (the sign of the kept rows' move) under which the
    kept rows (``(old, new)`` row positions) are twins: every node of each kept row, moved
    by it, out of the new view, and every node of its new row, moved back, out of the old
    view (else the other frame would show it there). Signed as a ``dy``, never 0. The rows
    the delta lists as come and gone are whatever that reading puts there. O(nodes of the
    kept rows)."""
    box_p, box_c = prev.nodes[old_host].bounds, curr.nodes[host].bounds
    least = 1
    for q, k in kept:
        for a in (prev.nodes[x].bounds for x in range(q, prev.subtree_end(q))):
            if a.area:  # the old node goes out across the edge the content moves to
                least = max(least, a.bottom - box_c.top if way > 0 else box_c.bottom - a.top)
        for b in (curr.nodes[x].bounds for x in range(k, curr.subtree_end(k))):
            if b.area:  # the twin was beyond the edge the content comes from
                least = max(least, box_p.bottom - b.top if way > 0 else b.bottom - box_p.top)
    return -way * least
