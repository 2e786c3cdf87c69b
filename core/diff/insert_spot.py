"""Where items were put into a grid in view, the items before that spot moved by the scroll
alone: their move is the container's offset (:func:`before_spot`).

Items put in at one spot of a grid's data push the items after it on (a later slot, a later
line, lower in a staggered grid's shortest column) and leave those before it where the
scroll puts them. The dumps show the spot: a child of the layout after a paired one, in the
data's order (the document's), that no pair names, or whose pair is out of that order (a
tile put in showing what a tile that left showed, paired with it), which the scroll those
items before it agree on would have shown inside the container's old box (an item scrolled
in comes from beyond an edge, and so does one a staggered grid's top passed: no spot, the
next is asked). Their move is the scroll's where two or more moved along the container alone,
as one (within rounding), or one did and another item before the spot shows that move too
(:func:`_edged`: one item alone may be paired with its twin a scroll took out at the other
edge), every item after the spot moved on from it, and no old item before
them that move keeps in view, shown by no child there now, was taken out (which would pull
them). Issue 18 item 6 (``bench_grids`` seeds 37, 82, 281, 346: a true offset, left unsaid
as the pushes refuted the vote; ``tests/core/shapes/test_grid_insertions.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import within
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

ROUNDING = 1
"""How far a box's rounding may move it (two moves of one scroll differ by twice that)."""


def _spots(curr: Frame, kids: list[int], pairs: Mapping[int, int]) -> list[int]:
    """The indices among ``kids`` of the items (children with children) after a paired one
    that no pair names or that are paired out of the data's order, each with a paired child
    after it. Items before every paired one came in over the container's edge (or were put
    in before every item in view: none is then known to be before the spot)."""
    out, last = [], -1
    for i, k in enumerate(kids):
        q = pairs.get(k)
        if q is not None and q > last:
            last = q
        elif last >= 0 and curr.children[k]:
            out.append(i)
    paired = [i for i, k in enumerate(kids) if k in pairs]
    return [i for i in out if paired and i < paired[-1]]


def _pulled(
    prev: Frame, curr: Frame, c: int, before: list[int], pairs: Mapping[int, int], dy: int
) -> bool:
    """Whether an old child before the last of ``before``'s old items, no pair naming it, is
    where a scroll by ``dy`` keeps it wholly inside container ``c`` and no child of the new
    layout shows there (a tile the edge cut, unpaired, is still there): taken out, it pulled
    the items after it."""
    box = curr.nodes[c].bounds
    used = set(pairs.values())
    last = max(pairs[k] for k in before)
    kids = curr.children[curr.parents[before[0]]]
    old_parent = prev.parents[last]
    for q in prev.children[old_parent] if old_parent >= 0 else []:
        if q >= last:
            break
        if q in used or not prev.children[q]:
            continue
        a = prev.nodes[q].bounds
        moved = Bounds(a.left, a.top + dy, a.right, a.bottom + dy)
        if within(moved, box) and not any(
            (n := curr.nodes[k].bounds).left == moved.left and n.intersection(moved) > 0
            for k in kids
        ):
            return True
    return False


def before_spot(
    prev: Frame, p: int, curr: Frame, c: int, items: list[int], pairs: Mapping[int, int]
) -> int | None:
    """Container ``c``'s offset (``p`` before; content's move along y) read off ``items``
    (each whole in both frames, showing what no other node of either shows, in the data's
    order) before the spot items were put in at (see the module docstring); None: the dumps
    do not show it. O(children of the layouts holding ``items``)."""
    ours = set(items)
    for parent in dict.fromkeys(curr.parents[k] for k in items):
        kids = curr.children[parent]
        spots = _spots(curr, kids, pairs)
        for n, at in enumerate(spots):
            before = [k for i, k in enumerate(kids[:at]) if k in ours and i not in spots]
            if not before:
                continue  # asked again under the offset of the items before a later one
            moves = []
            for k in before:
                a, b = prev.nodes[pairs[k]].bounds, curr.nodes[k].bounds
                moves.append((b.left - a.left, b.top - a.top))
            dys = [dy for _, dy in moves]
            if max(abs(dx) for dx, _ in moves) > ROUNDING or max(dys) - min(dys) > 2 * ROUNDING:
                return None
            dy = moves[0][1]
            if len(before) < 2 and not _edged(prev, p, curr, c, kids[:at], before, pairs, dy):
                continue  # one item's move may be its twin's: another must agree
            if any(_new(prev, p, curr, kids, i, ours, pairs, dy) for i in spots[:n]):
                return None  # put in before the items that measured dy: they were pushed
            if not _new(prev, p, curr, kids, at, ours, pairs, dy):
                continue  # came in over the edge: no spot
            after = set(kids[at:])
            for k in items:
                if k in after and _dy(prev, curr, k, pairs) < dy - 2 * ROUNDING:
                    return None
            return None if _pulled(prev, curr, c, before, pairs, dy) else dy
    return None


def _edged(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    kids: list[int],
    before: list[int],
    pairs: Mapping[int, int],
    dy: int,
) -> bool:
    """Whether an item among ``kids`` (before the spot) besides ``before`` moved by ``dy``
    too, its sides kept: paired, read off its edges that neither frame's container edge
    cuts (a tile the edge cut, or one shown twice, that :func:`before_spot`'s items leave
    out), every such edge agreeing within rounding; or unpaired (a twin of a tile put in,
    which the matcher left), an unpaired old child of the layout showing what it shows
    where ``dy`` puts it, box for box. A twin paired across a scroll, its edges flush with
    the edges it left and came in at, has none: its move is no scroll's. O(kids · old
    children)."""
    old, new = prev.nodes[p].bounds, curr.nodes[c].bounds
    used = set(pairs.values())
    olds = prev.children[prev.parents[pairs[before[0]]]]
    for k in kids:
        q = pairs.get(k)
        if k in before or not curr.children[k]:
            continue
        b = curr.nodes[k].bounds
        if q is None:
            if any(
                o not in used
                and prev.subtree_hashes[o] == curr.subtree_hashes[k]
                and _near(prev.nodes[o].bounds, b, dy)
                for o in olds
            ):
                return True
            continue
        a = prev.nodes[q].bounds
        if abs(b.left - a.left) > ROUNDING or abs(b.right - a.right) > ROUNDING:
            continue
        moves = []
        if old.top < a.top and new.top < b.top:
            moves.append(b.top - a.top)
        if a.bottom < old.bottom and b.bottom < new.bottom:
            moves.append(b.bottom - a.bottom)
        if moves and all(abs(m - dy) <= 2 * ROUNDING for m in moves):
            return True
    return False


def _near(a: Bounds, b: Bounds, dy: int) -> bool:
    """Whether box ``a`` moved by ``dy`` is box ``b``, within rounding on every edge."""
    return (
        abs(b.left - a.left) <= ROUNDING
        and abs(b.right - a.right) <= ROUNDING
        and abs(b.top - a.top - dy) <= 2 * ROUNDING
        and abs(b.bottom - a.bottom - dy) <= 2 * ROUNDING
    )


def _new(
    prev: Frame,
    p: int,
    curr: Frame,
    kids: list[int],
    at: int,
    ours: set[int],
    pairs: Mapping[int, int],
    dy: int,
) -> bool:
    """Whether ``kids[at]`` was put in: where the scroll by ``dy`` puts it back it would
    have shown (:func:`_put_in`), or it lies, in the data's order, between two of the items
    ``ours`` with every old child between their old selves paired (:func:`_between`)."""
    return _put_in(prev, p, curr, kids[at], pairs, dy) or _between(prev, kids, at, ours, pairs)


def _between(
    prev: Frame, kids: list[int], at: int, ours: set[int], pairs: Mapping[int, int]
) -> bool:
    """Whether ``kids[at]`` lies between two items of ``ours`` (each whole in both frames) in
    the data's order whose old selves have no old child between them that no pair names: a
    grid lays its items out in the data's order, each top no higher than the one before, so
    an old item between those two showed in the old frame; none is left to be this one."""
    a = next((i for i in range(at - 1, -1, -1) if kids[i] in ours), -1)
    b = next((i for i in range(at + 1, len(kids)) if kids[i] in ours), -1)
    if a < 0 or b < 0:
        return False
    qa, qb = pairs[kids[a]], pairs[kids[b]]
    parent = prev.parents[qa]
    if parent < 0 or prev.parents[qb] != parent or not qa < qb:
        return False
    olds = prev.children[parent]
    used = set(pairs.values())
    return all(q in used for q in olds[olds.index(qa) + 1 : olds.index(qb)])


def _put_in(prev: Frame, p: int, curr: Frame, k: int, pairs: Mapping[int, int], dy: int) -> bool:
    """Whether item ``k`` (no pair naming it, or paired out of order) was put in, not
    scrolled in, under a scroll by ``dy``: where that scroll puts it back it lies wholly
    inside container ``p``'s old box, and no old child of that layout no pair names (in
    the data's order: :func:`_in_order`) shows there (the same item, cut by an edge in one
    frame and so left unpaired; an item whole in view is that old child only where that
    child shows what it shows: another there was pushed on, its pair lost to a tile put
    in)."""
    b = curr.nodes[k].bounds
    back = Bounds(b.left, b.top - dy, b.right, b.bottom - dy)
    if not within(back, prev.nodes[p].bounds):
        return False
    used = _in_order(curr.children[curr.parents[k]], pairs)
    q = pairs.get(k)
    olds = prev.children[prev.parents[q]] if q is not None and prev.parents[q] >= 0 else []
    if q is None:  # the layout's old self: that of a paired sibling
        for j in curr.children[curr.parents[k]]:
            if j in pairs and prev.parents[pairs[j]] >= 0:
                olds = prev.children[prev.parents[pairs[j]]]
                break
    box = curr.nodes[curr.parents[k]].bounds
    whole = within(b, box) and box.top < b.top and b.bottom < box.bottom
    shows = curr.subtree_hashes[k]
    return not any(
        o not in used
        and (a := prev.nodes[o].bounds).left == back.left
        and a.intersection(back) > 0
        and (not whole or prev.subtree_hashes[o] == shows)
        for o in olds
    )


def _in_order(kids: list[int], pairs: Mapping[int, int]) -> set[int]:
    """The old selves of ``kids`` paired in the data's order: one paired out of it (a tile
    put in, paired with one that showed what it shows) leaves its old self as unpaired."""
    out, last = set(), -1
    for k in kids:
        q = pairs.get(k)
        if q is not None and q > last:
            out.add(q)
            last = q
    return out


def _dy(prev: Frame, curr: Frame, k: int, pairs: Mapping[int, int]) -> int:
    return curr.nodes[k].bounds.top - prev.nodes[pairs[k]].bounds.top


def taken_out(
    prev: Frame,
    curr: Frame,
    items: list[int],
    pairs: Mapping[int, int],
    box: Bounds | None = None,
    least: int = 0,
) -> bool:
    """Whether an old item of the layouts holding ``items`` was taken out: a child no pair
    names between two paired ones (a scroll takes items out only at the ends of the data
    in view), or none came in at all. Taken out, it pulled the items after it, and their
    least move bounds no scroll. With ``box`` (the container's; the content moved down by
    ``least`` at most, as a swipe told, and ``items`` those that moved down): only such a
    child before the last of ``items`` (one after every item pulled none of them, and the
    pairs past the spot may be tiles put in, paired by place), and that any of those moves
    keeps inside ``box``, clear of its edges (where it stayed, or moved by ``least``): one
    a staggered grid's columns left beside the paired ones may have gone out over the edge,
    and one an edge cut may be a sliver paired by place with what came in. O(children of
    those layouts)."""
    used = set(pairs.values())
    came = False
    for parent, old in {curr.parents[k]: prev.parents[pairs[k]] for k in items}.items():
        kids = prev.children[old] if old >= 0 else []
        at = [i for i, q in enumerate(kids) if q in used]
        if box is not None:
            ours = {pairs[k] for k in items}
            at = [*at[:1], max((i for i, q in enumerate(kids) if q in ours), default=-1)]
        gone = [q for q in kids[at[0] + 1 : at[-1]] if q not in used] if at else []
        if box is not None:
            gone = [q for q in gone if _kept(prev.nodes[q].bounds, box, least)]
        if gone:
            return True
        came = came or any(k not in pairs for k in curr.children[parent])
    return not came


def _kept(a: Bounds, box: Bounds, dy: int) -> bool:
    """Whether box ``a`` lies inside ``box``, clear of its edges (which may cut it), both
    where it is and moved by ``dy``."""
    return all(
        box.left <= a.left
        and a.right <= box.right
        and box.top < top
        and top + a.height < box.bottom
        for top in (a.top, a.top + dy)
    )
