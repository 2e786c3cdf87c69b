"""A row that moved among its twins in a list that did not scroll: the one row left to be it.

A review queue shows the same product twice (a Compose list with no ids: "Walnut Headset"
in rows 0 and 2); the user drags row 2 up past row 1. Pass 1 pairs no twin (their keys are
made of the same content, so neither is unique), pass 3 pairs the first twin in its slot,
and the second finds no anchor: the rows on both sides of it moved too. It read as the row
removed and added again, which the screen does not show.

:func:`moved_twin` pairs it on content alone when nothing else is left to be it: among the
unpaired old siblings the one row showing exactly its texts, and it the one unpaired new
sibling showing them. Two twins still unpaired on either side (two rows dragged, a twin
inserted as another left) are left to the other passes: content cannot say which is which.
Only where no scroll was measured in the list (a scroll places rows by its offset) and only
in lists of at most :data:`TWIN_SCAN` children, so the sibling scan stays bounded.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from deltarec.core.diff.row_content import kind, texts
from deltarec.core.observe.frame import Frame

TWIN_SCAN = 64
"""Most children a list may have for :func:`moved_twin` to scan them (a screen's rows)."""


def moved_twin(
    prev: Frame,
    curr: Frame,
    c: int,
    live: Sequence[int],
    new_kids: Sequence[int],
    pairs: Mapping[int, int],
    used: Container[int],
) -> list[int]:
    """``[p]``: the one candidate of ``live`` (unpaired old siblings of row ``c``'s kind)
    that shows exactly ``c``'s texts, when no other unpaired old candidate and no other
    unpaired sibling of ``c`` among ``new_kids`` shows them; else ``[]``. O(siblings).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*names):
    ...     rows = "".join(f'<node class="R" bounds="[0,{100 * i}][100,{100 * i + 90}]">'
    ...                    f'<node class="T" text="{t}" bounds="[0,{100 * i}][100,'
    ...                    f'{100 * i + 90}]"/></node>' for i, t in enumerate(names))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,400]">{rows}</node></hierarchy>'))
    >>> a, b = shot("Walnut", "Amber", "Walnut"), shot("Walnut", "Walnut", "Amber")
    >>> moved_twin(a, b, 3, [5], [1, 3, 5], {0: 0, 1: 1, 2: 2, 5: 3, 6: 4}, {0, 1, 2, 3, 4})
    [5]
    >>> moved_twin(a, b, 3, [5], [1, 3, 5], {0: 0, 2: 2, 5: 3, 6: 4}, {0, 2, 3, 4})
    []
    """
    if len(new_kids) > TWIN_SCAN or len(live) > TWIN_SCAN:
        return []  # (``live`` are old siblings: more than that, the scan below says [] too)
    shown = texts(curr, c)
    if not shown:
        return []
    found = [p for p in live if texts(prev, p) == shown]
    if len(found) != 1:
        return []
    like = kind(curr.nodes[c])
    for k in new_kids:
        if k != c and k not in pairs and kind(curr.nodes[k]) == like and texts(curr, k) == shown:
            return []  # another twin unpaired: content cannot say which one moved
    p = found[0]
    olds = prev.children[prev.parents[p]]
    if len(olds) > TWIN_SCAN:
        return []
    for q in olds:
        if q != p and q not in used and kind(prev.nodes[q]) == like and texts(prev, q) == shown:
            return []
    return found
