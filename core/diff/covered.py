"""A row that covers its host, cut by both edges in both frames, is no proof the content
stayed: where a sibling cut by one edge alike moved its other edge, the content moved.

:func:`~deltarec.core.diff.host.host_motion` takes a row of its host that stayed put and
covers the host for the one wrapper holding the content (``host._wraps``): the content is
that row's, and the host is not the host. A row cut by both edges of the host in both frames
has stayed put whatever moved: its box is the host's, clipped. Gmail's inbox sits in a
CoordinatorLayout that uiautomator calls a ScrollView, whose children overlap (an empty
search overlay of the host's box, the search bar, the list); a row stretched over the whole
host (its search bar, taller than the host) has its siblings laid out around it, and the
overlay behind it, cut by the host's top edge in both frames, moved its bottom edge by the
scroll: ``~ layout: container "open_search_view" resized``, no scroll. :func:`moved_beside`
says so, and the host's walk goes on: nothing else voting, the uncut edges name the move
(:func:`~deltarec.core.diff.edge_pieces.edge_offset`). Only a row every node of which the
host's edges cut alike: a row with an edge of its own in view (a card's wrapper over its
list, its inner box ending in view) tells where it is, and is read as the wrapper it is.

Only a sibling paired, of the host's breadth kept, cut by the same one edge in both frames,
its other edge inside the host in both and moved by more than rounding, counts; a row whole
in one frame and cut in the other (an app bar sliding out over a list that stayed) says
nothing of the content, as a bar slides on its own.

Cost: asked of a host only where a row covering it stayed, one pass over the host's
children.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom):  # a blank layer cut by the top edge behind a bar filling the host
    ...     return Frame(parse_uiautomator(
    ...         '<hierarchy><node class="android.widget.ScrollView" bounds="[0,0][100,500]">'
    ...         f'<node class="F" bounds="[0,0][100,{bottom}]"/>'
    ...         '<node class="Bar" resource-id="a:id/bar" bounds="[0,0][100,500]">'
    ...         '<node class="T" text="Search" bounds="[0,0][100,500]"/></node>'
    ...         '</node></hierarchy>'))
    >>> a, b = shot(300), shot(200)
    >>> moved_beside(a, 0, b, 0, 2, {0: 0, 1: 1, 2: 2, 3: 3})
    True
    >>> moved_beside(a, 0, shot(300), 0, 2, {0: 0, 1: 1, 2: 2, 3: 3})
    False
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.edge_pieces import _moved as cut_alike_move
from deltarec.core.diff.motions import SPREAD
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def moved_beside(
    prev: Frame, p: int, curr: Frame, c: int, k: int, pairs: Mapping[int, int]
) -> bool:
    """Whether row ``k`` of host ``c`` (paired with ``p``), cut by both edges of the host in
    both frames and every node inside it too, has a sibling that proves the content moved
    (module docstring)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    pk = pairs.get(k)
    if pk is None or not (
        _spans(curr.nodes[k].bounds, box) and _spans(prev.nodes[pk].bounds, old_box)
    ):
        return False
    for n in range(k + 1, curr.subtree_end(k)):
        if curr.nodes[n].bounds.area and not _spans(curr.nodes[n].bounds, box):
            return False  # an edge of its own in view: the row tells where it is
    for s in curr.children[c]:
        q = pairs.get(s)
        if s == k or q is None or prev.parents[q] != p:
            continue
        move = cut_alike_move(prev.nodes[q].bounds, old_box, curr.nodes[s].bounds, box)
        if move is not None and abs(move) > SPREAD:
            return True
    return False


def _spans(b: Bounds, box: Bounds) -> bool:
    return b.top <= box.top and b.bottom >= box.bottom
