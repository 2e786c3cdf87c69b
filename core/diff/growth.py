"""Whether rows moved because a row above them grew, not because their list scrolled.

A row that expands (a text wrapped to more lines, a card's details opened) pushes the rows
below it down by its growth, inside a list that did not scroll; one that collapses pulls
them up. The rows below all moved by one offset, as a scroll moves them, and a scroll
estimate that reads only them finds one. What tells the two apart is the row that grew:
its top stayed where it was, clear of the list's top edge, and its bottom moved by the
very offset the rows below moved. In a scroll no such row exists: a row wholly in view
moves with the content, a sticky header keeps its height, and a row whose top stays
while its bottom moves is one the top edge cuts (its top *is* the edge), which
:func:`grew` leaves out.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.motions import SPREAD
from deltarec.core.observe.frame import Frame

LIMIT = 5_000
"""At most this many nodes of a host are looked at."""


def grew(
    prev: Frame,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    offset: tuple[int, int],
    base: tuple[int, int] = (0, 0),
) -> bool:
    """Whether a node inside host ``c`` (not ``c``) that shows something kept its top, left
    and right edges (moved by the outer scrolls' ``base`` only) clear of the host's top and
    bottom edges in both frames, and grew or shrank by the vertical ``offset`` its rows
    moved (within :data:`~deltarec.core.diff.motions.SPREAD` px): the rows below it moved
    because it changed height (module docstring). ``pairs``: curr → prev positions.
    O(nodes of ``c``), at most :data:`LIMIT`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(grown):
    ...     rows = [("a", 100, 200 + grown)] + [
    ...         (t, 200 + grown + 100 * i, 290 + grown + 100 * i) for i, t in enumerate("bcd")]
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{nodes}</node></hierarchy>'))
    >>> pairs = {i: i for i in range(5)}
    >>> grew(shot(0), shot(60), 0, pairs, (0, 60))
    True
    >>> grew(shot(0), shot(60), 0, pairs, (0, 40))
    False
    """
    dx, dy = offset
    if dy == 0 or dx != 0:
        return False
    box = curr.nodes[c].bounds
    nodes_p, nodes_c, content = prev.nodes, curr.nodes, curr.has_content
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + LIMIT)):
        pk = pairs.get(k)
        if pk is None or not content[k]:
            continue
        a, b = nodes_p[pk].bounds, nodes_c[k].bounds
        if (b.left - a.left, b.top - a.top) != base or b.right - a.right != base[0]:
            continue
        growth = (b.bottom - a.bottom) - base[1]
        if growth == 0 or abs(growth - dy) > SPREAD:
            continue
        if box.top < b.top and max(a.bottom + base[1], b.bottom) < box.bottom:
            return True
    return False
