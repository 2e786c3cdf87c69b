"""Whether content moved though no matched node moved: an unmatched node shows content (of
its size) that the old frame had at another place (:func:`seen_elsewhere`), asked by
:func:`deltarec.core.diff.scrolls.find_motions` before it looks for a host that scrolled.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def seen_elsewhere(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> bool:
    """Whether an unmatched node of ``curr`` shows content (of its size) that ``prev`` had at
    another place: only then can content have moved without a matched node moving.

    Asked of :attr:`Frame.places` when the frame has built it; else only the old positions
    that show a content some unmatched node shows are looked at (the rest of ``places``, a
    dict over every old node, is never read here, and a ``False`` needs no host walk that
    would read it: most new screens). :func:`seen_elsewhere_by_places` is the long way."""
    places = prev.__dict__.get("places")
    if places is not None:
        return seen_elsewhere_by_places(prev, curr, pairs)
    content, was = curr.subtree_hashes, prev.subtree_hashes
    unpaired = [c for c in range(len(curr)) if c not in pairs]
    wanted = {content[c] for c in unpaired}.intersection(was)
    if not wanted:
        return False
    spots: dict[bytes, list[Bounds]] = {}
    old = prev.nodes
    for q in [q for q, h in enumerate(was) if h in wanted]:
        spots.setdefault(was[q], []).append(old[q].bounds)
    new = curr.nodes
    for c in unpaired:
        seen = spots.get(content[c])
        if seen is None:
            continue
        b = new[c].bounds
        w, h = b.right - b.left, b.bottom - b.top
        if w <= 0 or h <= 0:
            continue  # places holds no empty box
        for a in seen:
            if (
                a.right - a.left == w
                and a.bottom - a.top == h
                and (a.left, a.top) != (b.left, b.top)
            ):
                return True
    return False


def seen_elsewhere_by_places(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> bool:
    """:func:`seen_elsewhere` read off :attr:`Frame.places` (the long way)."""
    places, content, old = prev.places, curr.subtree_hashes, prev.nodes
    for c, node in enumerate(curr.nodes):
        if c in pairs:
            continue
        b = node.bounds
        for q in places.get((content[c], b.width, b.height), ()):
            a = old[q].bounds
            if (a.left, a.top) != (b.left, b.top):
                return True
    return False
