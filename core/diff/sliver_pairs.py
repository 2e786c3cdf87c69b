"""Slivers re-paired by their neighbours: a row an edge of its list cuts to a few px shows
nothing of its own, so passes 3 and 4 of :mod:`deltarec.core.diff.match` pair it by its
place alone, and at a list's edge that is another row as likely (an archive pulls
the rows below up: the sliver comes up whole and the next row is cut in its place; the
undo pushes the row above it down to a sliver). :func:`resettle_slivers` gives such a pair
to the row its neighbour holds (:func:`~deltarec.core.diff.closed_gap.neighbour_skip`)
when a gap on the sliver's own side explains that row's move (:func:`gap_above`): a list
held at its end moves the rows above a gap toward the bottom edge too, with the bottom row
staying, and no sliver may be re-paired there. A sliver at the top edge is re-paired only
where the rows below it moved as gaps say down to the list's end (:func:`gap_below`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from deltarec.core.diff.closed_gap import SLACK, neighbour_skip
from deltarec.core.diff.gap_placed import gapped, placed_across, replaced_beside
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.row_content import holds_rows, kind, unpair_inside
from deltarec.core.diff.row_leaves import unpair_strays
from deltarec.core.diff.sibling_runs import SiblingRuns
from deltarec.core.diff.sliver_states import unpair_sliver_states
from deltarec.core.diff.swiped import dismissed
from deltarec.core.observe.frame import Frame

_NONE: dict[int, frozenset[str]] = {}


def shows_texts(frame: Frame, pos: int) -> bool:
    """``bool(texts(frame, pos))`` (:func:`~deltarec.core.diff.row_content.texts`): whether
    ``pos``'s subtree shows a text or description, found at its first such node. A screen's
    wrappers, each at an edge of the one around it, were each read whole into a set to say
    so: most of a 1 MB step's walks of subtrees (issue 19)."""
    shown = frame.__dict__.get("_match_texts", _NONE).get(pos)  # texts' answer, if kept
    if shown is not None:
        return bool(shown)
    for node in frame.nodes[pos : frame.subtree_end(pos)]:  # noqa: SIM110 (no generator)
        if node.text or node.content_desc:
            return True
    return False


def _near(a: int, b: int) -> bool:
    return abs(a - b) <= SLACK


def resettle_slivers(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    allowed: Callable[[int, int], bool],
    gesture: Gesture | None = None,
    motions: Sequence[Motion] = (),
) -> None:
    """Re-pair the slivers that were paired by their place alone with the row their neighbour
    places best (:func:`neighbour_skip`).

    Two rows of a list that show no text are one element on their key, made of nothing but
    their place (or on their overlap). At an edge of the list that is another row as likely:
    a row archived above pulls the rows below up, the bottom sliver comes up whole beside
    its neighbour, and the next row takes its place as a new sliver (the undo: the sliver is
    pushed out, the whole row above it is cut to a sliver in its place). A pair of such
    slivers (one of them may show texts where the same edge cuts it less) gives way to a row
    of the other frame, unpaired and next to one of them (or to the pair of its nearest
    paired sibling), that its neighbour holds with fewer rows between (none: the very
    sibling next to each moved with it) and whose move a gap on the sliver's own side
    explains (:func:`gap_above`): that row is the sliver, the other sliver came in (or
    left). At the top edge the first row in view is the list's anchor: only where the list
    is held at its end (the rows below moved as gaps say down to its end, :func:`gap_below`)
    and the very sibling next to it holds the row. A tie keeps the pair: the sliver archived
    with the row above it, then the undo (the two rows put back, the second cut to a sliver:
    all four rows are others), has the very shape of one row archived above a sliver (the
    sliver came up whole) or put back above a whole row (pushed down to a sliver), and the
    dumps cannot tell them apart. (Unpairing the tie where the rows beside both slivers were
    replaced took the sliver sweep's reuse from 67 to 49 steps, but listed the new sliver
    as a row that came in where one row was put back above a whole row: 4 steps of the
    200-per-preset archive sweep, ``+ button "message_row"`` listed twice.) Every pair
    inside goes with the old pair. Then a sliver no pass paired is paired with the row its
    neighbour holds across a gap (:func:`pair_lone_slivers`); slivers whose state changed
    are unpaired again (:func:`~deltarec.core.diff.sliver_states.unpair_sliver_states`: passes
    3 and 4 may have paired a selected sliver archived with the row that came down in its
    place); last, a label the edge no longer cuts loses a pair with the label of a row taken
    out (:func:`~deltarec.core.diff.row_leaves.unpair_strays`). O(pairs).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 100 px high in a list 250 px high
    ...     boxes = [(t, f"[0,{y}][100,{min(y + 100, 250)}]") for t, y in rows]
    ...     nodes = "".join(f'<node class="Row" bounds="{b}">' + (f'<node class="T" text="{t}"'
    ...                     f' bounds="{b}"/>' if t else '') + '</node>' for t, b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", 0), ("b", 100), ("", 200))  # a sliver at the bottom
    >>> after = shot(("b", 0), ("c", 100), ("", 200))  # "a" archived: the sliver came up
    >>> pairs = {0: 0, 1: 3, 2: 4, 5: 5}  # the two slivers, by their place
    >>> resettle_slivers(before, after, pairs, set(pairs.values()), lambda c, p: True)
    >>> sorted(pairs.items())  # "c" is the old sliver; the sliver now is another row
    [(0, 0), (1, 3), (2, 4), (3, 5)]
    >>> pairs = {0: 0, 3: 1, 4: 2, 5: 5}  # the undo: the old whole row "c" is the sliver
    >>> resettle_slivers(after, before, pairs, set(pairs.values()), lambda c, p: True)
    >>> sorted(pairs.items())
    [(0, 0), (3, 1), (4, 2), (5, 3)]
    """
    owner: dict[int, int] = {}
    gaps = gapped(motions)  # a sliver a gap placed across a row: unpaired (gap_placed.py)
    lists: dict[int, bool] = {}  # holds_rows per parent: O(children) each, asked per child
    nodes_c, nodes_p, parents_c, parents_p = curr.nodes, prev.nodes, curr.parents, prev.parents
    for c, p in sorted(pairs.items()):
        parent, old_parent = parents_c[c], parents_p[p]
        if parent < 0 or old_parent < 0:
            continue  # a window root (no pair's parent is -1)
        box, b = nodes_c[parent].bounds, nodes_c[c].bounds
        a, was = nodes_p[p].bounds, nodes_p[old_parent].bounds
        if b.top > box.top and b.bottom < box.bottom and a.top > was.top and a.bottom < was.bottom:
            continue  # clear of the edges: no sliver (asked first, before the pairs: O(1))
        if pairs.get(c) != p or pairs.get(parent) != old_parent:
            continue
        # Asked before what the rows show (any order gives the same answer: every test is
        # pure): most parents at whose edges a child sits are no list (a form's sections).
        if parent not in lists:
            lists[parent] = holds_rows(curr, parent)
        if not lists[parent]:
            continue
        shown = (shows_texts(curr, c), shows_texts(prev, p))
        low = b.bottom >= box.bottom and a.bottom >= was.bottom
        high = b.top <= box.top and a.top <= was.top and not low
        if all(shown) or (any(shown) and not (low or high)):
            m = gaps.get(parent)
            if m is not None and any(shown) and placed_across(prev, p, curr, c, (pairs, used), m):
                unpair_inside(prev, p, curr, c, pairs, used)  # a gap placed it across a row
                owner = {}
            continue  # a row that shows texts pairs on them, or is one an edge cut
        now = neighbour_skip(prev, p, curr, c, pairs, used)
        if now == 0:
            continue  # the very siblings next to them hold them: the same sliver
        new_kids, old_kids = curr.children[parent], prev.children[prev.parents[p]]
        if not (high or _held_far(prev, p, curr, c, pairs, new_kids)):
            continue  # the sliver is the list's anchor: it stays
        i, j = curr.sibling_index[c], prev.sibling_index[p]
        rest = {k: q for k, q in pairs.items() if k != c}
        left = used - {p}
        sort = kind(curr.nodes[c])
        if sort != kind(prev.nodes[p]):
            continue
        ranked: list[tuple[int, int, int]] = []
        owner = owner or {q: k for k, q in pairs.items()}
        for k in _beside_either(new_kids, i, old_kids, j, owner):
            if k not in pairs and kind(curr.nodes[k]) == sort and allowed(k, p):
                skip = neighbour_skip(prev, p, curr, k, rest, left)
                moved = skip is not None and (gap_below if high else gap_above)(
                    prev, p, curr, k, rest
                )
                ranked += [(skip, k, p)] if moved and skip is not None else []
        for q in _beside_either(old_kids, j, new_kids, i, pairs):
            if q in used or dismissed(prev, q, gesture):
                continue  # paired, or the row a sideways swipe told took out (it left)
            if kind(prev.nodes[q]) == sort and allowed(c, q):
                skip = neighbour_skip(prev, q, curr, c, rest, left)
                moved = skip is not None and (gap_below if high else gap_above)(
                    prev, q, curr, c, rest
                )
                ranked += [(skip, c, q)] if moved and skip is not None else []
        ranked = sorted(set(ranked) if not high else {r for r in ranked if r[0] == 0})
        replaced = replaced_beside(new_kids, i, old_kids, j, (b, box), (pairs, used))
        if not ranked and now is None and replaced:
            unpair_inside(prev, p, curr, c, pairs, used)  # rows replaced next to both: it
            owner = {}  # may be another row as likely, and its number would be another's
            continue
        if not ranked or (now is not None and ranked[0][0] >= now):
            continue  # no row held better: the pair stands
        if len(ranked) > 1 and ranked[1][0] == ranked[0][0]:
            continue  # two rows as likely
        unpair_inside(prev, p, curr, c, pairs, used)
        _, k, q = ranked[0]
        pairs[k] = q
        used.add(q)
        owner = {}  # the pairs changed
    pair_lone_slivers(prev, curr, pairs, used)
    unpair_sliver_states(prev, curr, pairs, used)  # and those passes 3 and 4 paired anew
    unpair_strays(prev, curr, pairs, used)  # a label the edge no longer cuts: not a row's gone


def pair_lone_slivers(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Pair a sliver at a list's bottom edge (or a strip: what it shows, the other shows
    too) that no pass paired with the one row of the other frame its neighbour holds across
    a gap (:func:`~deltarec.core.diff.closed_gap.neighbour_skip`: rows between them left, or
    came in; the same state).

    Rows archived at a list's end: the list, held at its end, pulls the rows above the gap
    down (its offset clamped, measured as a scroll), and the sliver below the gap comes up
    whole. Pass 3 places the rows of a measured scroll by its offset, which puts the sliver
    below the edge: it is left unpaired, and the row it became is listed as come in, under a
    new number. The neighbour holds it where the first row taken out sat, and the rows taken
    out are the selected ones (the sliver, not selected, is no row of theirs: a sliver
    archived with them would be in their state, and no row is then paired). Read backwards
    (the undo), a whole row is pushed down to the sliver. Only where one row of the other
    frame, unpaired, is so held. O(the unpaired rows of the lists with a sliver left)."""
    owner: dict[int, int] | None = None
    for frame, other, mine in ((prev, curr, False), (curr, prev, True)):
        for (parent, top), row in _lone_slivers(frame, pairs.keys() if mine else used).items():
            if not mine and owner is None:
                owner = {q: k for k, q in pairs.items()}
            twin = pairs.get(parent) if mine else (owner or {}).get(parent)
            if twin is None or not holds_rows(frame, parent):
                continue
            kids, old_kids = (frame, other) if mine else (other, frame)
            runs = SiblingRuns(
                kids.children[parent if mine else twin],
                old_kids.children[twin if mine else parent],
                pairs,
                used,
            )
            sort, edge = kind(frame.nodes[row]), other.nodes[twin].bounds.bottom
            held = []
            for k in other.children[twin]:
                if (k in used if mine else k in pairs) or kind(other.nodes[k]) != sort:
                    continue
                if not top and other.nodes[k].bounds.bottom >= edge:
                    continue  # the edge cuts it too: a sliver beside a sliver tells nothing
                c, p = (row, k) if mine else (k, row)
                if neighbour_skip(prev, p, curr, c, pairs, used, runs):  # rows between: 1+
                    held.append((c, p))
            if len(held) != 1 or not _against(prev, held[0][1], curr, held[0][0], pairs, top):
                continue
            c, p = held[0]
            if top and not gap_below(prev, p, curr, c, pairs):
                continue  # a top sliver moves only where the list is held at its end
            pairs[c] = p
            used.add(p)
            _pair_inside(prev, p, curr, c, pairs, used)


def _against(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], top: bool) -> bool:
    """Whether the nearest paired row on the side of ``c`` / ``p`` away from its edge (above
    a sliver at the bottom edge: its bottom is its own; below one at the top: its top)
    stayed or moved against the row (its other edge, its own): a gap closed (or opened)
    between them, the list held at its end. Both moved the same way: the list scrolled, and
    the neighbour may be a twin of the row in its place (an ad 18 cards on, flung into
    view): whether rows left between them, no place tells
    (``tests/core/truth/test_twin_flings.py``). O(the rows between them)."""
    kids, i = curr.children[curr.parents[c]], curr.sibling_index[c]
    k = next((q for q in (kids[i + 1 :] if top else reversed(kids[:i])) if q in pairs), None)
    if k is None:
        return False
    nb, old_nb, b, a = (
        curr.nodes[k].bounds,
        prev.nodes[pairs[k]].bounds,
        curr.nodes[c].bounds,
        prev.nodes[p].bounds,
    )
    if top:
        return (nb.top - old_nb.top) * (b.bottom - a.bottom) <= 0
    moved = nb.bottom - old_nb.bottom
    return moved * (b.top - a.top) <= 0 or _held_above(prev, curr, kids, pairs, moved)


def _held_above(
    prev: Frame, curr: Frame, kids: list[int], pairs: Mapping[int, int], moved: int
) -> bool:
    """Whether the first row of ``kids`` (a list's rows) paired with a row whose top neither
    frame's list edge cuts moved against ``moved``, the move of the neighbour above a bottom
    sliver: the rows above a gap came down (a list held at its end, its offset clamped) as
    the neighbour went up, so the neighbour closed a gap itself, and no one scroll moved
    both (a fling moves every row one way). O(the rows down to the first such pair)."""
    if abs(moved) <= SLACK:
        return False
    box = curr.nodes[curr.parents[kids[0]]].bounds
    for k in kids:
        q = pairs.get(k)
        if q is None:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a.top > prev.nodes[prev.parents[q]].bounds.top and b.top > box.top:
            shift = b.top - a.top
            return shift * moved < 0 and abs(shift) > SLACK
    return False


def _lone_slivers(frame: Frame, paired: Collection[int]) -> dict[tuple[int, bool], int]:
    """{(list, at its top edge): its one unpaired row that edge cuts to a sliver} (where more
    than one row is so cut, piled at the edge, left out: no place tells them apart). O(n)
    at C speed (the positions not in ``paired``, told by a set difference), then O(the
    unpaired), in document order (each was every position, in a walk; issue 19)."""
    out: dict[tuple[int, bool], int] = {}
    nodes, parents = frame.nodes, frame.parents
    for row in sorted(set(range(len(nodes))).difference(paired)):
        parent = parents[row]
        if parent < 0:
            continue
        box, b = nodes[parent].bounds, nodes[row].bounds
        # Across an edge first (most rows sit inside their parent), then thinner than half
        # the parent: b.height and box.height // 2, inline (either edge test puts each
        # box's top above its bottom, so neither height is clamped at 0).
        if box.top < b.top < box.bottom <= b.bottom:
            top = False
        elif b.top <= box.top < b.bottom < box.bottom:
            top = True
        else:
            continue
        if b.bottom - b.top < (box.bottom - box.top) // 2:
            out[parent, top] = -1 if (parent, top) in out else row
    return {key: row for key, row in out.items() if row >= 0}


def _pair_inside(
    prev: Frame, p: int, curr: Frame, c: int, pairs: dict[int, int], used: set[int]
) -> None:
    """Pair the nodes inside rows ``p`` / ``c`` (one a strip of the other) that are alike
    (kind, text, description) and one of a kind in each row. O(the rows' nodes)."""

    def alike(frame: Frame, pos: int) -> dict[tuple[object, ...], list[int]]:
        out: dict[tuple[object, ...], list[int]] = {}
        for k in range(pos + 1, frame.subtree_end(pos)):
            n = frame.nodes[k]
            out.setdefault((*kind(n), n.text, n.content_desc), []).append(k)
        return out

    old = alike(prev, p)
    for sig, mine in alike(curr, c).items():
        theirs = old.get(sig, [])
        if len(mine) == len(theirs) == 1 and mine[0] not in pairs and theirs[0] not in used:
            pairs[mine[0]] = theirs[0]
            used.add(theirs[0])


def gap_above(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether rows ``p`` / ``c`` (one of them a sliver at the bottom edge, its top its own)
    moved as a gap above them closed (or opened) says: every row above ``c`` moved with it
    (its top, or its bottom where the top edge cuts it) up to rows that came in or left
    (none in the frame where the gap closed), past them rows that moved less the same way
    (gaps further up: rows put back or taken at several places), and above those either a
    row that stayed or the list's top, its first moved row then whole in both frames (it
    came down from, or went up to, where the gap's rows sit: no edge cut it).

    Archive and undo move rows toward the bottom edge too (the row above a bottom sliver
    pushed down to one), so the neighbour that holds a sliver is no evidence alone: a list
    held at its end pulls the rows *above* a gap down into it while its bottom row stays,
    and a row that comes in at the top edge, cut, pushes down nothing (a scroll's shape).
    O(siblings above ``c``).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows in a list 250 px high
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", 0, 100), ("c", 100, 200), ("", 200, 250))
    >>> after = shot(("a", 0, 100), ("b", 100, 200), ("", 200, 250))  # "b" put back
    >>> gap_above(before, 2, after, 3, {1: 1})  # "c" pushed down to the sliver: "a" stayed
    True
    >>> before = shot(("a", 0, 60), ("c", 60, 160), ("", 160, 250))  # "a" cut by the edge
    >>> after = shot(("b", 0, 60), ("a", 60, 160), ("", 160, 250))  # all came down 100 px
    >>> gap_above(before, 2, after, 3, {2: 1})  # "b" came in at the top edge: a scroll's shape
    False
    """
    box = curr.nodes[curr.parents[c]].bounds
    old_box = prev.nodes[prev.parents[p]].bounds
    dy = curr.nodes[c].bounds.top - prev.nodes[p].bounds.top
    if _near(dy, 0):
        return True
    kids = curr.children[curr.parents[c]]
    first, gap = -1, False
    for k in reversed(kids[: curr.sibling_index[c]]):
        q = pairs.get(k, -1)
        if q < 0:
            gap = True  # came in (or a row shown in no other way)
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        move = b.top - a.top
        if a.top <= old_box.top or b.top <= box.top:
            move = b.bottom - a.bottom  # the top edge cuts it: its bottom is its own
        if _near(move, 0):
            return True  # a row that stayed above the gap (a scaled preset rounds it a px)
        if move * dy > 0 and abs(move) < abs(dy):
            dy, gap = move, False  # the rest of the move is a gap's further up (either frame's)
        elif gap or not _near(move, dy):
            return False
        first = k
    if first < 0:
        return False
    a, b = prev.nodes[pairs[first]].bounds, curr.nodes[first].bounds
    return a.height == b.height  # no edge cut it: the list's top stayed, the gap's rows there


def gap_below(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """:func:`gap_above` for a sliver at the top edge (its bottom its own), where only a list
    held at its end moves it: the rows below ``c`` moved with it, their move changing only
    across rows that left (rows that came in, where they went up), down to a row that
    stayed or the list's end (rows that came in there, from under the bottom edge), the move
    changed on the way there (every row moved alike is a scroll's shape, or rows put in
    below the sliver pushing them all down: the anchor stayed).
    O(siblings below ``c``).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows in a list 250 px high
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot(("", 0, 10), ("b", 10, 110), ("c", 110, 210), ("d", 210, 250))
    >>> after = shot(("", 0, 10), ("a", 10, 110), ("b", 110, 210), ("d", 210, 250))  # "c" gone
    >>> gap_below(before, 1, after, 2, {3: 2, 4: 4})  # the sliver came down whole: "d" stayed
    True
    >>> after = shot(("", 0, 10), ("c", 10, 110), ("d", 110, 210), ("e", 210, 250))
    >>> gap_below(before, 2, after, 1, {2: 3, 3: 4})  # "b" went up to a sliver, "e" came in
    False
    """
    box = curr.nodes[curr.parents[c]].bounds
    old_box = prev.nodes[prev.parents[p]].bounds
    dy = curr.nodes[c].bounds.bottom - prev.nodes[p].bounds.bottom
    if _near(dy, 0):
        return True
    kids = curr.children[curr.parents[c]]
    gap, changed, at, down = False, False, prev.sibling_index[p], dy > 0
    for k in kids[curr.sibling_index[c] + 1 :]:
        q = pairs.get(k, -1)
        if q < 0:
            gap = True  # came in
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        move = b.bottom - a.bottom
        if a.bottom >= old_box.bottom or b.bottom >= box.bottom:
            if not (shows_texts(curr, k) or shows_texts(prev, q)):
                continue  # a sliver paired by its place: that it "stayed" says nothing
            move = b.top - a.top  # the bottom edge cuts it: its top is its own
        if _near(move, 0):
            return True  # a row that stayed below the gap
        left = prev.sibling_index[q] != at + 1  # rows left between the two pairs
        if (gap and down) or (left and not down):
            return False  # rows came in below rows that came down (they push, the anchor stays)
        gap = gap or left
        if not (gap or _near(move, dy)):
            return False
        changed = changed or not _near(move, dy)
        dy, gap, at = move, False, prev.sibling_index[q]
    return changed  # rows that all moved alike to the list's end: a scroll's shape (or rows
    # put in below the sliver, pushing every row down), not a list held at its end


def _beside_either(
    kids: list[int], i: int, others: list[int], j: int, pair_of: Mapping[int, int]
) -> list[int]:
    """The siblings in ``kids`` a sliver's counterpart may be (the sliver is ``kids[i]``'s
    pair, ``others[j]``): next to ``kids[i]``, or next to the pair of ``others[j]``'s
    nearest paired sibling (the rows between them left or came in), on the same side.
    O(the unpaired siblings next to ``others[j]``)."""
    out = [kids[x] for x in (i - 1, i + 1) if 0 <= x < len(kids)]
    at = {k: x for x, k in enumerate(kids)}
    for step in (-1, 1):
        y = j + step
        while 0 <= y < len(others) and others[y] not in pair_of:
            y += step  # rows that left (or came in) beside it: the next one paired holds it
        if 0 <= y < len(others):
            x = at.get(pair_of[others[y]], -1)
            if x >= 0 and 0 <= x - step < len(kids):
                out.append(kids[x - step])
    return out


def _held_far(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], kids: list[int]
) -> bool:
    """Whether slivers ``p`` / ``c`` may have moved with their neighbours as a sliver at the
    bottom edge, no anchor of its list (a list keeps its first row in view where it is; a
    sliver at its top edge is :func:`gap_below`'s)."""
    box, b = curr.nodes[curr.parents[c]].bounds, curr.nodes[c].bounds
    return b.top > box.top and b.bottom >= box.bottom and b.bottom - b.top < box.height // 2
