"""Pass 1's pairs of keys made of no content, dropped where nothing but their place joins
them (:func:`drop_placeless_keys`): such a key only says where the node sits among its
siblings (:mod:`deltarec.core.observe.identity`), and a place is evidence of one element
only where the boxes overlap (:meth:`~deltarec.core.diff.pair_evidence.Evidence.holds`).
"""

from __future__ import annotations

from deltarec.core.diff.pair_evidence import Evidence, own_content


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
            if not ev.holds(c, p):
                used.discard(pairs.pop(c))
