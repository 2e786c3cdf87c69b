"""A row a sideways swipe took away, and the row that came into its box in the same step: two
rows, not one edited (issue 18).

A mostly horizontal drag told to the diff that starts in a list of full-width rows (one that
scrolls along the other axis: its rows span its width, so the finger cannot have scrolled it)
is a swipe to dismiss (``ItemTouchHelper``): the row under the finger slides back unchanged,
or leaves. Which row was under the finger neither dump may show: new mail that came in at
the top as the input began moved the rows down under it (the inbox mail sweep's sideways
drags: the finger started on the row at 432-612 px, which both dumps show at 252-432). When
another row then takes the box of the one that left exactly (the new mail in the first row's
box), the two dumps show one row whose labels changed in place. After a sideways swipe on
the list, a row in its box of which more than one of the old labels is gone is another row,
not a row edited; one changed label is an edit a swipe may make (a message marked read)
(the Inbox's ``~ text "Ada"→"Grace"``, ``~ text "Tom's <draft> #200"→"Café menu #201"``,
the two rows sharing only their date). A page of a pager turned sideways over the list is
other rows too.

Without the gesture the two dumps are those of a row edited in place (a conversation's snippet
and time changed): the diff keeps the pair (``tests/core/truth/test_inbox_mail.py``'s
``OPEN_IN_PLACE``: the case not told).
"""

from __future__ import annotations

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.page_gesture import under
from deltarec.core.diff.row_content import holds_rows, kind, texts
from deltarec.core.observe.frame import Frame

GONE = 2
"""Labels of the old row that must be gone from the row in its box for it to be another row
(one changed label is an edit a swipe may make: a message marked read)."""


def unpair_swiped(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int], gesture: Gesture | None
) -> None:
    """Drop the pair of the row under a sideways swipe's start (and every pair inside it) when
    the row in its box shows another row's labels (module docstring). O(rows under the
    start × their subtrees)."""
    if gesture is None or not gesture.swipe or gesture.vertical or gesture.tap_from_dpi:
        return
    used_rows = set(pairs.values())
    for host, node in enumerate(curr.nodes):
        if not (under(node.bounds, gesture) and curr.children[host] and holds_rows(curr, host)):
            continue
        olds = {
            prev.nodes[q].bounds: q
            for q in range(len(prev.nodes))
            if prev.nodes[q].bounds.width == node.bounds.width and q not in used_rows
        }
        for c in curr.children[host]:
            cb = curr.nodes[c].bounds
            if cb.width != node.bounds.width:
                continue  # not a full-width row: the finger may have scrolled its list sideways
            p = pairs.get(c, olds.get(cb, -1))
            if p < 0 or prev.nodes[p].bounds != cb or kind(prev.nodes[p]) != kind(curr.nodes[c]):
                continue  # not in its box: another rule's pair
            if len(texts(prev, p) - texts(curr, c)) < GONE:
                continue
            inside = range(p, prev.subtree_end(p))
            for k in range(c, curr.subtree_end(c)):
                q = pairs.get(k)
                if q is not None and q in inside:
                    del pairs[k]
                    used.discard(q)


__all__ = ["GONE", "unpair_swiped"]
