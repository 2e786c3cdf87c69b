"""A container not made to scroll whose content moved around a label that stayed: no scroll.

A scroll moves all of its container's content by one offset; only what an edge of the
container cuts may look as if it stayed. A list row (not made to scroll) whose pieces a
control put in at its start pushed aside (Gmail's selection mode: a checkbox before each
conversation's avatar, its sender, subject and snippet moved right 112 px, its date kept
at the right) read as the row scrolled left 112 px: three of its labels moved alike, and
the date's twin in the next row ("Oct 27") kept the date from voting to stay
(``tests/core/real_scrolls/test_ext_inbox.py``, the filtered sweep's select). The date
itself, paired, whole and clear of the row's edges in both frames, in the same box, is
the evidence: content a scroll moved never stays put clear of the edges.

Containers made to scroll keep their sticky headers in place as their rows move, so the
rule is asked only of the others. Cost: O(nodes of the host), at most :data:`LIMIT`, and
only for a host not made to scroll that a move was found for.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

LIMIT = 2_000
"""At most this many nodes of a host are looked at."""


def kept_clear(prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]) -> bool:
    """Whether host ``c`` (``p`` before) holds a paired node with content (an id or a label), whole
    and clear of the host's four edges in both frames, in the very same box (module
    docstring). ``pairs``: curr → prev positions.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(x):  # a row: a sender pushed right by ``x``, the date kept
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Row" bounds="[0,0][300,50]">'
    ...         f'<node class="T" text="Ada" bounds="[{x},10][{x + 90},40]"/>'
    ...         '<node class="T" text="Oct 27" bounds="[200,10][290,40]"/></node></hierarchy>'))
    >>> kept_clear(row(0), row(40), 0, 0, {0: 0, 1: 1, 2: 2})
    True
    >>> kept_clear(row(0), row(40), 0, 0, {0: 0, 1: 1})  # the date not paired
    False
    """
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    nodes_c, nodes_p, content = curr.nodes, prev.nodes, curr.has_content
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + LIMIT)):
        q = pairs.get(k)
        if q is None or not content[k]:
            continue
        b = nodes_c[k].bounds
        if b == nodes_p[q].bounds and _clear(b, box) and _clear(b, old_box):
            return True
    return False


def _clear(b: Bounds, box: Bounds) -> bool:
    """Whether ``b`` has an area and lies inside ``box``, touching none of its edges."""
    return box.left < b.left < b.right < box.right and box.top < b.top < b.bottom < box.bottom
