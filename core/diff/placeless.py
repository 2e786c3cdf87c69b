"""Pass 1's pairs of keys made of no content, dropped where nothing but their place joins
them (:func:`drop_placeless_keys`): such a key only says where the node sits among its
siblings (:mod:`deltarec.core.observe.identity`), and a place is evidence of one element
only where the boxes overlap (:meth:`~deltarec.core.diff.pair_evidence.Evidence.holds`),
or where one bare piece of a paired parent, its sides kept, is cut by its parent's edge in
one frame and cut less (or whole) in the other (:func:`_cut_alike`).
"""

from __future__ import annotations

from deltarec.core.diff.pair_evidence import Evidence, own_content
from deltarec.core.observe.model import Bounds


def drop_placeless_keys(ev: Evidence, used: set[int]) -> None:
    """Pass 1's join, less the pairs whose key is made of no content and that do not overlap:
    such a key only says where the node sits among its siblings."""
    curr, pairs = ev.curr, ev.pairs
    has_content = own_content(curr)
    nodes_p, nodes_c, parents_p, parents_c = (
        ev.prev.nodes,
        curr.nodes,
        ev.prev.parents,
        curr.parents,
    )
    # One box object (the node's tag was the same in both dumps: the parser gave the node, or
    # its box, again) overlaps itself: IoU 1.0, evidence at any threshold up to 1.0 (holds
    # asks overlap first), told by one identity test instead of three calls. So does an old
    # box moved exactly as its paired parent moved (a row pushed down by an insertion, its
    # parts with it): Evidence.overlaps weighs that move (_moves, the parent's pair read
    # now, as below) at IoU 1.0 — told inline, without the calls, for the parts of every
    # row below an insertion (issue 19).
    same_box = ev.threshold <= 1.0
    for c in sorted(pairs):
        if not has_content[c]:
            p = pairs[c]
            if same_box:
                a, b = nodes_p[p].bounds, nodes_c[c].bounds
                if a is b:
                    continue
                cp, pp = parents_c[c], parents_p[p]
                if cp >= 0 and pp >= 0 and pairs.get(cp) == pp:
                    pa, pb = nodes_p[pp].bounds, nodes_c[cp].bounds
                    dx, dy = pb.left - pa.left, pb.top - pa.top
                    if (
                        b.left - a.left == dx
                        and b.top - a.top == dy
                        and b.right - a.right == dx
                        and b.bottom - a.bottom == dy
                    ):
                        continue
            if not ev.holds(c, p) and not _cut_alike(ev, c, p):
                used.discard(pairs.pop(c))


def _cut_alike(ev: Evidence, c: int, p: int) -> bool:
    """Whether bare leaf ``c``, keyed as ``p`` under its paired parent, its sides kept, is
    flush with an edge of its parent in one frame, its other edge inside it, and no shorter
    inside its parent in the other (:func:`_flush_cut`): one piece a parent cut by its
    list's edge cuts anew (YouTube's card filling its results, its bare corner button cut by
    the top edge to 54 px, then to 12 px or whole below it, scrolled 42 or 63 px: its own
    edge moved, read by :func:`~deltarec.core.diff.edge_pieces.edge_offset` once paired)."""
    prev, curr = ev.prev, ev.curr
    cp, pp = curr.parents[c], prev.parents[p]
    if cp < 0 or pp < 0 or ev.pairs.get(cp) != pp or curr.children[c] or prev.children[p]:
        return False
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    pa, pb = prev.nodes[pp].bounds, curr.nodes[cp].bounds
    if (a.left, a.right) != (b.left, b.right) or not (a.height > 0 and b.height > 0):
        return False
    return _flush_cut(a, pa, b, pb) or _flush_cut(b, pb, a, pa)


def _flush_cut(a: Bounds, pa: Bounds, b: Bounds, pb: Bounds) -> bool:
    """Whether ``a`` (in parent box ``pa``) is flush with one edge of its parent, its other
    edge inside it, and ``b`` (in ``pb``) inside its parent no shorter: ``a`` cut by that
    edge of the list its parent is cut by, ``b`` the same piece cut less or whole."""
    if b.height < a.height or not (pb.top <= b.top and b.bottom <= pb.bottom):
        return False
    if a.top == pa.top and a.bottom < pa.bottom:
        return b.bottom < pb.bottom
    return a.bottom == pa.bottom and a.top > pa.top and b.top > pb.top
