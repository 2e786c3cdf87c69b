"""A sliver a scroll's gap placed on a whole row (issue 18, ``ends``): rows taken out on both
sides of a row at a list's clamped end, no tap told.

The list, held at its end, pulls the rows above the first gap down (its offset clamped,
measured as a scroll) and the rows below each gap up by the gaps above them. With one known
row between two gaps (a row archived below it too), the rows below the known ones move by
more than the gap the scroll measured (:attr:`~deltarec.core.diff.motions.Motion.gap`, of
the known rows alone), and pass 3 puts the old sliver at the bottom edge on the row after
the one it came up as: its number given to another row. :func:`placed_across` unpairs
such a pair where the gap placed it (the row at or below the first row the gap moved) and
the rows next to both, away from the edge, were replaced, so
:func:`~deltarec.core.diff.sliver_pairs.pair_lone_slivers` pairs the sliver with the row its
neighbour holds across the gap.

Only where a gap placed the pair: a page flung past twins, or a real list whose sliver a
plain scroll placed, keeps its pair (a rule asked of every such pair unpaired twins a fling
landed on, ``test_twin_flings``, and rows of real lists, ``test_real_screens``).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from deltarec.core.diff.closed_gap import neighbour_skip
from deltarec.core.diff.motions import Motion
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def gapped(motions: Sequence[Motion]) -> dict[int, Motion]:
    """The motions that moved rows below a gap besides their offset, by their host in
    ``curr``."""
    return {m.curr: m for m in motions if m.gap}


def placed_across(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    paired: tuple[Mapping[int, int], set[int]],
    motion: Motion,
) -> bool:
    """Whether pair ``c`` / ``p``, one of them a sliver an edge cuts showing nothing, the
    other a taller row showing texts, was placed by ``motion``'s gap (``c`` at or below the
    first row it moved) with no neighbour holding it and the rows next to both away from
    the edge replaced (module docstring). O(the siblings next to both)."""
    if not motion.extra(curr.nodes[c].bounds.top):
        return False  # the scroll's offset alone placed it
    was, now = prev.nodes[p].bounds, curr.nodes[c].bounds
    frame, blank = (curr, c) if _shows(prev, p) else (prev, p)
    cut, box = frame.nodes[blank].bounds, frame.nodes[frame.parents[blank]].bounds
    if cut.height >= max(was.height, now.height) or box.top < cut.top < cut.bottom < box.bottom:
        return False  # no edge cuts it (or it shows as much): its place pairs it as well
    kids = (curr.children[curr.parents[c]], prev.children[prev.parents[p]])
    at = (curr.sibling_index[c], prev.sibling_index[p])
    held = neighbour_skip(prev, p, curr, c, *paired)
    return held is None and replaced_beside(kids[0], at[0], kids[1], at[1], (cut, box), paired)


def replaced_beside(
    kids: list[int],
    i: int,
    old_kids: list[int],
    j: int,
    edge: tuple[Bounds, Bounds],
    paired: tuple[Container[int], Container[int]],
) -> bool:
    """Whether the rows next to a sliver (``kids[i]``, paired with ``old_kids[j]``; its box
    and its list's, ``edge``) on the side away from its edge are, in both frames, rows that
    came in and left (``paired``: the paired positions of each frame)."""
    b, box = edge
    step = 1 if b.top <= box.top and b.bottom < box.bottom else -1
    if not (0 <= i + step < len(kids) and 0 <= j + step < len(old_kids)):
        return False
    return kids[i + step] not in paired[0] and old_kids[j + step] not in paired[1]


def _shows(frame: Frame, pos: int) -> bool:
    return any(n.text or n.content_desc for n in frame.nodes[pos : frame.subtree_end(pos)])
