"""A list's sticky header, its label replaced as the list scrolled under it.

A contacts list pins the header of the section at its top ("M") to its top edge while the
rows scroll under it; when the next section reaches the edge the header reads "N". Where the
header is one of the list's children (a header view held at the edge, Compose's
``stickyHeader``), the list scrolled, so :func:`deltarec.core.diff.match._align` pairs its
children only where the measured offset puts them, or by their content: the header is in
neither place, and read as removed and added (``tests/core/real_scrolls/sticky.py``).

:func:`pinned_at_edge` names the one child that is the header: in the very same box in both
frames, flush with its list's top or bottom edge, of a kind (class, resource id, role) that
no other child of the list shares in either frame (a row of the list is one of many alike,
and a row recycled onto the edge is another row), showing one or two labels. Nothing else
of its kind could have come into that box. :func:`held_headers` finds it among a list's
children, :func:`held_labels` names its nodes, for the scroll's evidence
(:mod:`deltarec.core.diff.row_evidence`): a header that did not scroll says nothing of the
offset.
"""

from __future__ import annotations

from deltarec.core.diff.label_edit import lone_kind
from deltarec.core.diff.recycled import page_of, scroll_content
from deltarec.core.diff.row_content import kind, texts
from deltarec.core.observe.frame import Frame

LABELS = 2
"""A header shows at most this many labels (a letter, and perhaps its count)."""


def pinned_at_edge(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether child ``c`` of a scrolled list (``p`` before) is its sticky header, its label
    replaced (module docstring). O(1) but for the first ask of a list (its kinds counted once,
    :func:`~deltarec.core.diff.label_edit.lone_kind`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(head, top):
    ...     rows = "".join(f'<node class="R" text="r{i}" bounds="[0,{top + 30 * i}]'
    ...                    f'[9,{top + 30 * i + 30}]"/>' for i in range(4))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][9,90]">'
    ...         f'<node class="H" text="{head}" bounds="[0,0][9,20]"/>{rows}</node></hierarchy>'))
    >>> pinned_at_edge(shot("M", 0), 1, shot("N", -40), 1)
    True
    >>> pinned_at_edge(shot("M", 0), 2, shot("N", -40), 2)
    False
    """
    old, new = prev.nodes[p], curr.nodes[c]
    a, b = old.bounds, new.bounds
    if a != b or not b.area or kind(old) != kind(new):
        return False
    box_p, box_c = prev.nodes[prev.parents[p]].bounds, curr.nodes[curr.parents[c]].bounds
    on_edge = (b.top == box_c.top and a.top == box_p.top) or (
        b.bottom == box_c.bottom and a.bottom == box_p.bottom
    )
    if not on_edge:
        return False
    shown_a, shown_b = texts(prev, p), texts(curr, c)
    if not (0 < len(shown_a) <= LABELS and 0 < len(shown_b) <= LABELS):
        return False
    return lone_kind(prev, p) and lone_kind(curr, c)


def held_in_turned(prev: Frame, p: int, curr: Frame, c: int, host: int) -> bool:
    """Whether ``c`` (``p`` before), a child of list ``host`` that turned a page or of its
    one content child, is one that was there though no row stayed: the list's sticky header
    (:func:`pinned_at_edge`), its letter turned to the section come to the top, or a
    ``ScrollView``'s content (:func:`~deltarec.core.diff.recycled.scroll_content`), whose
    rows all came and left. A contacts form flung 2,004 px read its header as removed and
    added (``tests/core/real_scrolls/sticky.py``). O(1) but for the first ask of a list.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(head, *rows):
    ...     kids = "".join(f'<node class="R" text="{t}" bounds="[0,{20 + 40 * i}]'
    ...                    f'[9,{60 + 40 * i}]"/>' for i, t in enumerate(rows))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView"'
    ...         ' bounds="[0,0][9,99]"><node class="F" bounds="[0,0][9,99]"><node class="H"'
    ...         f' text="{head}" bounds="[0,0][9,20]"/>{kids}</node></node></hierarchy>'))
    >>> was, now = shot("M", "Ada", "Bo"), shot("P", "Pia", "Quy")
    >>> held_in_turned(was, 1, now, 1, 0), held_in_turned(was, 2, now, 2, 0)
    (True, True)
    >>> held_in_turned(was, 3, now, 3, 0)
    False
    """
    up = curr.parents[c]
    if up != host and (up < 0 or page_of(curr, host) != up):
        return False
    return pinned_at_edge(prev, p, curr, c) or scroll_content(prev, p, curr, c)


def held_headers(a: Frame, p: int, b: Frame, c: int) -> tuple[set[int], set[int]]:
    """The list's sticky header in each frame (``a``'s positions, ``b``'s), held in its
    very box at the list's top edge (:func:`pinned_at_edge`): it
    did not scroll, so where the offset puts it, or a row it overlays, says nothing (a
    YouTube result list scrolled 150 px under its header "M" → "N", an app drawer 10 px
    under "M", read as a page or as no scroll). O(rows) but for rows on the top edge.
    """
    top = a.nodes[p].bounds.top
    in_a: set[int] = set()
    in_b: set[int] = set()
    for q in a.children[p]:
        box = a.nodes[q].bounds
        if box.top == top:
            for k in b.children[c]:
                if b.nodes[k].bounds == box and pinned_at_edge(a, q, b, k):
                    in_a.add(q)
                    in_b.add(k)
    return in_a, in_b


def held_labels(a: Frame, p: int, b: Frame, c: int) -> frozenset[int]:
    """The nodes (their ``id``) of the sticky header :func:`held_headers` finds in content
    ``p`` (``c`` in ``b``), both frames: asked only once
    :func:`~deltarec.core.diff.row_evidence.agree` found a label where the offset puts
    another, as the header it holds did not move. The calendar's event form scrolled up
    150 px under its header "M" read as a page: the header, moved with the form, landed on
    a date's label of its class (``tests/core/real_scrolls/sticky.py``, swept). O(children
    of ``p`` on its top edge, and their subtrees)."""
    held_a, held_b = held_headers(a, p, b, c)
    if not held_a:
        return frozenset()
    return frozenset(
        [id(n) for q in held_a for n in a.nodes[q : a.subtree_end(q)]]
        + [id(n) for k in held_b for n in b.nodes[k : b.subtree_end(k)]]
    )
