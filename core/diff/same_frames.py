"""Whether two frames are one frame, or one frame with nodes in place: the shortcuts of
:func:`~deltarec.core.diff.compute.compute_delta` (split out of :mod:`.compute`)."""

from __future__ import annotations

from deltarec.core.diff.edge_pieces import edge_slid
from deltarec.core.diff.row_evidence import displacement
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import own_fields


def identical(prev: Frame, curr: Frame, pairs: dict[int, int]) -> bool:
    """Whether every node kept its place, parent and attributes (the same frame twice)."""
    if len(prev) != len(curr) or len(pairs) != len(curr) or prev.parents != curr.parents:
        return False
    nodes_p, nodes_c = prev.nodes, curr.nodes
    return all(
        p == c and (nodes_p[p] is nodes_c[c] or own_fields(nodes_p[p]) == own_fields(nodes_c[c]))
        for c, p in pairs.items()
    )


def paired_in_place(prev: Frame, curr: Frame, pairs: dict[int, int]) -> bool:
    """Whether every node is paired with the one at its own position, under the same parents
    (a field typed into, a switch toggled): then nothing was moved or reordered, and nothing
    scrolled unless a box kept its size and moved (:func:`slid`)."""
    return (
        len(pairs) == len(curr) == len(prev)
        and prev.parents == curr.parents
        and list(pairs) == list(pairs.values())
    )


def slid(prev: Frame, curr: Frame) -> bool:
    """Whether a node of two frames of one shape moved keeping its size: the only evidence of
    a scroll when every node is paired in place (:func:`deltarec.core.diff.scrolls.find_motions`
    finds none without it), or an edge cut it in one frame or alike in both (:func:`edge_slid`)."""
    for pos, (a, b) in enumerate(zip(prev.nodes, curr.nodes, strict=True)):
        if a is b:
            continue
        ba, bb = a.bounds, b.bounds
        if ba != bb and (displacement(ba, bb) is not None or edge_slid(curr, pos, ba, bb)):
            return True
    return False
