"""Frames equal but for a few labels edited in place: no scroll to measure (issue 19).

Before passes 3 and 4 the matcher measures the scrolls over the pairs passes 1 and 2 made
(:class:`~deltarec.core.diff.pair_evidence.Guard`,
:func:`~deltarec.core.diff.scrolls.find_motions`).
On a switch toggled or a summary renamed ("Off" → "On"), passes 1 and 2 pair every node in
place but the edited labels, whose twins elsewhere on the screen ("On" in the Wi-Fi row)
make the estimate walk every list around them to find nothing: a third of such a call.
:func:`edited_in_place` names that case, where the estimate is the empty one:

- the two frames have one shape (the same parent at every position);
- every pair is of one position with itself, in the very same box (nothing moved, so no
  row votes for a move and no page turned under a row that stayed);
- every node left unpaired is of one kind (class, resource id, role) at both ends, not
  made to scroll, its top-left corner kept, a label or its box kept (a bare piece whose
  box changed is no label edited: a tall card's corner button cut by the list's top edge
  in both frames, its bottom edge up 37 px, ``tests/core/real_scrolls/small_moves.py``),
  and the nearest paired node around it (its
  row) is not made to scroll either and shows a paired label that reads the same in both
  frames (the row's title: a row that stayed, never a row of a list, nor a row whose
  every label changed in place — a list whose rows all changed so turned a page), and
  its parent, when unpaired too, holds it alone (a wrapper of one child: an unpaired
  container of several holds no pair, every item of it changed, and the estimate pairs it
  through the wrappers and reads its items as rows that turned a page: the calendar's
  month grid relabelled whole under a pager's page that ``rekeyed.rekey`` pairs);
- and there is no gesture (the caller's swipe is evidence of its own).

A label edited so leaves its row's other labels where they were; its text seen in another
row votes for that row's place, which no row that stayed agrees with. Proven equal by
``tests/core/test_edited_in_place.py`` (every ordered pair of real captures of a flow, both
kinds of input, and generated edits of real screens: labels renamed to other labels of the
screen, widened, toggled; the estimate over those pairs is empty, and the matcher's result
is the long way's). Cost: O(n), at C speed but for the unpaired nodes (each looks up its
row once, through its parent's).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(summary):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Row" bounds="[0,0][900,90]">'
    ...         '<node class="T" text="Airplane" bounds="[0,0][300,40]"/>'
    ...         f'<node class="T" text="{summary}" bounds="[0,50][90,80]"/></node></hierarchy>'))
    >>> edited_in_place(shot("Off"), shot("On"), {0: 0, 1: 1}, None)
    True
    >>> edited_in_place(shot("Off"), shot("On"), {0: 0}, None)
    False
"""

from __future__ import annotations

import operator
from collections.abc import Mapping

from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures


def edited_in_place(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None
) -> bool:
    """Whether :func:`~deltarec.core.diff.scrolls.find_motions` over ``pairs`` is known to be
    empty (the module docstring): one shape, every pair in place in its box, the rest
    labels of rows that stayed, edited in place."""
    n = len(curr)
    if gesture is not None or not pairs or len(prev) != n or prev.parents != curr.parents:
        return False
    nodes_p, nodes_c = prev.nodes, curr.nodes
    if not all(map(operator.eq, pairs, pairs.values())):
        return False
    box = operator.attrgetter("bounds")
    boxes_p = list(map(box, map(nodes_p.__getitem__, pairs)))
    boxes_c = list(map(box, map(nodes_c.__getitem__, pairs)))
    if boxes_p != boxes_c:
        return False
    if len(pairs) == n:
        return True
    parents = curr.parents
    nature_p, nature_c = natures(prev), natures(curr)
    rows: set[int] = set()
    row_of: dict[int, int] = {}
    for c in range(n):
        if c in pairs:
            continue
        a, b = nodes_p[c], nodes_c[c]
        if nature_c[c] or nature_p[c]:
            return False  # a list of its own: its rows may have turned a page
        if (a.class_name, a.resource_id, a.role) != (b.class_name, b.resource_id, b.role):
            return False
        if a.bounds.left != b.bounds.left or a.bounds.top != b.bounds.top:
            return False
        if a.bounds != b.bounds and not (prev.has_content[c] or curr.has_content[c]):
            return False  # no label: a bare piece an edge cut, its own edge moved (a scroll)
        parent = parents[c]
        if parent >= 0 and parent not in pairs and len(curr.children[parent]) > 1:
            return False  # a container whose every item is unpaired: a grid turned a page
        # The nearest paired node around c: its parent's, when the parent is unpaired too
        # (looked at before c: parents come first), so a deep chain is climbed once.
        row = parent if parent < 0 or parent in pairs else row_of[parent]
        if row < 0 or nature_c[row] or nature_p[row]:
            return False  # a window's or a list's own child: no row stayed around it
        row_of[c] = row
        rows.add(row)
    kept = _kept_labels_below(prev, curr, pairs)
    return all(kept[row] for row in rows)


def _kept_labels_below(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> list[bool]:
    """Per position, whether a node below it is paired and shows the same text or
    description in both frames (a row's title that stayed: the row is the one it was).
    One backward pass, O(n), whatever the depth."""
    nodes_p, nodes_c, parents = prev.nodes, curr.nodes, curr.parents
    kept = [False] * len(curr)
    for k in range(len(curr) - 1, -1, -1):
        parent = parents[k]
        if parent < 0 or kept[parent]:
            continue
        if kept[k]:
            kept[parent] = True
        elif k in pairs:
            a, b = nodes_p[k], nodes_c[k]
            if (a.text or a.content_desc) and (a.text, a.content_desc) == (b.text, b.content_desc):
                kept[parent] = True
    return kept
