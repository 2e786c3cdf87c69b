"""Whether a row of a candidate host is one wrapper holding the host's content, so the host
is that row (or its host) and not the container itself: asked by
:func:`~deltarec.core.diff.host.host_motion` of the host's first row before its walk
(:func:`first_wraps`) and of each row the walk finds covering the host (:func:`wraps`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import at_edge
from deltarec.core.diff.covered import moved_beside
from deltarec.core.diff.motions import near, near_box
from deltarec.core.diff.pages import bare, layers
from deltarec.core.diff.resized import list_resized
from deltarec.core.diff.row_evidence import displacement
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def wraps(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    k: int,
    pk: int,
    base: tuple[int, int],
    still: int,
    natural: bool,
) -> bool:
    """Whether row ``k`` of host ``c`` (paired with ``pk``, a child of its own) is one wrapper
    holding the host's content: it stayed put (relative to ``base``, within ``still``) and
    covers the host (no sibling moved beside it: :mod:`.covered`) or is its one child, or is
    a web page's bare wrapper cut to the viewport, or a list the keyboard resized
    (:func:`~deltarec.core.diff.resized.list_resized`). Then it is the host, if any, not ``c``."""
    b = curr.nodes[k].bounds
    alone = len(curr.children[c]) == 1
    if not (alone or near_box(b, curr.nodes[c].bounds, still)):
        return False  # both ways below need one of them: a list's rows are told here
    d = displacement(prev.nodes[pk].bounds, b)
    if d is not None and near(d, base, still):  # a row cut by both edges stays whatever moved
        return alone or base != (0, 0) or not moved_beside(prev, p, curr, c, k, pairs)
    if not alone:
        return False
    # A bare wrapper cut to the viewport reaches its edge in both frames; one clear of both
    # edges in either is a row (element dicts name no id: Settings' action bar, resized),
    # and so is one cut alike by one edge in both frames, its other edge moved and clear of
    # the host's other edge in both: a tall row's piece whose uncut edge names the move
    # (the action bar of Settings' collapsing bar stretched over its list, scrolled 43 px:
    # on element dicts, which carry no id, read as nothing scrolled).
    bared = (
        natural
        and len(prev.children[p]) == 1
        and bare(curr.nodes[k])
        and bare(prev.nodes[pk])
        and at_edge(b, curr.nodes[c].bounds)
        and at_edge(prev.nodes[pk].bounds, prev.nodes[p].bounds)
        and not (layers(curr, k) and layers(prev, pk))  # a tall row's piece: no viewport
        and not _cut_alike(prev.nodes[pk].bounds, prev.nodes[p].bounds, b, curr.nodes[c].bounds)
    )
    return bared or list_resized(prev, pk, curr, k, c, base)  # a list in a page, resized


def first_wraps(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    base: tuple[int, int],
    still: int,
    natural: bool,
) -> bool:
    """What the first step of :func:`~deltarec.core.diff.host.host_motion`'s walk finds of
    host ``c``'s first row: one wrapper holding the content (:func:`wraps`). Asked before
    the walk's set-up (the axis, the rows, the texts), which a chain of single-child
    wrappers paid for each wrapper to find just that (the calendar's dial: 8 of the 11
    hosts an estimate asks). The walk asks it again and finds the same:
    test_estimate_walks.py``."""
    kids = curr.children[c]
    if not kids:
        return False
    k = kids[0]
    pk = pairs.get(k)
    return (
        pk is not None
        and bool(curr.children[k])
        and wraps(prev, curr, pairs, c, p, k, pk, base, still, natural)
    )


def _cut_alike(a: Bounds, old_box: Bounds, b: Bounds, box: Bounds) -> bool:
    """Whether a row (``a`` in ``old_box`` before, ``b`` in ``box`` now) is cut by the same
    edge of its host in both frames, its other edge moved and clear of the host's other
    edge in both: a piece of a tall row the list's edge cuts, no viewport's wrapper."""
    if a.top <= old_box.top and b.top <= box.top:
        return a.bottom != b.bottom and a.bottom < old_box.bottom and b.bottom < box.bottom
    if a.bottom >= old_box.bottom and b.bottom >= box.bottom:
        return a.top != b.top and a.top > old_box.top and b.top > box.top
    return False
