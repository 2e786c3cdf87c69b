"""A grid a swipe told scrolled as items were put into it, which no vote named a host: its
items' moves, each its own (the scroll plus its push), elect no offset, yet those items say
it (:func:`unvoted`).

The items before the spot items were put in at moved by the scroll alone
(:func:`~deltarec.core.diff.insert_spot.before_spot`: the exact offset), or, the swipe moving
the content down, the least move of an item bounds the scroll ("scrolled up at most D px":
pushes move items only on), or the top edge of the grid's own layout moved by it
(:func:`~deltarec.core.diff.reflowed.relaid`). Issue 18 item 6
(``tests/core/shapes/test_grid_insertions.py``: a drag down a staggered grid as two tiles
came in, a ScrollView page's grid grown by a tile, left with no ``↕`` line). No swipe told,
such a grid's exact offset alone is said (:func:`untold_exact`): no bound without the way.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.page_gesture import touched
from deltarec.core.diff.reflowed import relaid
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature


def unvoted(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    motions: list[Motion],
    gesture: Gesture,
) -> list[Motion]:
    """``motions`` and the scroll of the innermost container made to scroll under the start
    of ``gesture`` (a swipe along y) that no motion names, around it or inside it, where the
    items a grid inside it laid out again tell it (see the module docstring), or that all
    moved alike the finger's way (:func:`~deltarec.core.diff.reflowed.relaid`'s ``agreed``:
    a page's grid grown as it scrolled, read "nothing scrolled"): exact, or, the finger
    moving the content down, at most the least move down, up, that move or further.
    O(nodes) to find the container, O(its subtree) to read it."""
    if not gesture.swipe or not gesture.vertical or gesture.tap_from_dpi:
        return motions
    host = -1
    for c, node in enumerate(curr.nodes):  # the innermost under the start
        if scrolls_by_nature(node) and c in pairs and touched(curr, c, gesture):
            host = c
    if host < 0:
        return motions
    end = curr.subtree_end(host)
    if any(host <= m.curr < end or m.curr in curr.ancestors(host) for m in motions):
        return motions
    down = gesture.content == (0, 1)
    got = relaid(prev, pairs[host], curr, host, pairs, down, agreed=True)
    if got is None or not got[0]:
        return motions
    dy, exact, _ = got
    if exact:
        moved = Motion(host, pairs[host], 0, dy)
    elif down and dy > 0:
        moved = Motion(host, pairs[host], 0, dy, most=True)
    elif not down and dy < 0 and gesture.content == (0, -1):  # items moved up, as told
        moved = Motion(host, pairs[host], 0, dy, hedge=(dy, 0))
    else:
        return motions
    out = [*motions, moved]
    return sorted(out, key=lambda m: m.curr)


def untold_exact(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], motions: list[Motion]
) -> list[Motion]:
    """``motions`` and, no swipe told, the scroll of each container made to scroll that no
    motion names, around it or inside it, where the items a grid inside it laid out again
    give its exact offset (:func:`~deltarec.core.diff.reflowed.relaid`: the items before
    the insertion spot, or the grid layout's top edge), never a bound: with no finger, no
    way is known (a web grid dragged down 573 px as a tile came in, left with no ``↕``
    line: ``test_grid_insertions``). O(nodes) to find the containers, O(their subtrees)."""
    out = list(motions)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    for c in compress(range(len(curr)), natures(curr)):  # the containers made to scroll
        q = pairs.get(c)
        if q is None or hp[q] == hc[c]:  # the same content: nothing was put in
            continue
        end = curr.subtree_end(c)
        if not _stirred(prev, curr, c, end, pairs):
            continue
        if any(c <= m.curr < end or m.curr in curr.ancestors(c) for m in out):
            continue
        got = relaid(prev, q, curr, c, pairs)
        if got is not None and got[1] and got[0]:
            out.append(Motion(c, pairs[c], 0, got[0]))
    return sorted(out, key=lambda m: m.curr) if len(out) > len(motions) else motions


def _stirred(prev: Frame, curr: Frame, c: int, end: int, pairs: Mapping[int, int]) -> bool:
    """Whether container ``c`` (its subtree ending at ``end``) holds an item (a node with
    children) no pair names, put in, and a paired one that moved up or down: what an
    insertion as it scrolled leaves, asked before the items are read (a cheap pass: most
    steps with no vote moved nothing, or put nothing in). O(subtree of ``c``)."""
    moved = came = False
    nodes, olds, kids = curr.nodes, prev.nodes, curr.children
    for k in range(c + 1, end):
        if not kids[k]:
            continue
        q = pairs.get(k)
        if q is None:
            came = True
        elif not moved:
            moved = nodes[k].bounds.top != olds[q].bounds.top
        if moved and came:
            return True
    return False
