"""A list filtered as the caller types: rows taken out or put back, the list laid out anew at
its top, no scroll.

A search screen (Contacts, Settings' search, a store's) filters its list at each key: the
rows that no longer match leave, those that still match close up under the field, rows that
match again come back, and the list starts again at its first row. In the rows alone this
reads as a scroll: the rows that stayed moved up (down) together, or none stayed (a page).
What tells it from one is the rest of the step (:func:`filtered`):

- an editable field outside the list (the search box), focused, changed its text in the
  same step (a form that scrolls its focused field into view holds the field: it is inside
  the list);
- the list's first row sits whole at its top (or where the other frame's first row sat
  from the list's top: its padding): a list laid out from its start, where a scroll leaves
  a row its edge cut, but for one of a whole number of rows (with a key typed in the same
  step, read as the filter);
- no swipe was told (a finger that moved is evidence of a scroll, which wins);
- the rows did not move against the query: a query *widened* (the field's new text a prefix
  of its old: a key deleted, the field cleared) only puts rows back, so the rows that stayed
  move down or not at all whatever offset the list had. Where they moved up, the field that
  cleared was a compose box whose message was sent and the list jumped to its end: a scroll
  (``tests/core/real_scrolls/sent_filters``: 103 of 112 such steps read "no scroll" before).
  A query narrowed may move them either way (the list laid out anew from its top);
- no message was sent: the field's old text did not come into the list as a node's whole
  text (a chat shows the message sent as its last row, whatever the box shows once
  cleared: its hint, which a search's first key replaces too).

The list's first row is looked for inside the node that fills the host alone (a ScrollView's
``LinearLayout``, clipped to its box, is no row whole at its top).

The rows that stayed keep their order whichever way it is read. Where this holds, the
host's motion is dropped (:func:`~deltarec.core.diff.scrolls.find_motions`): the rows that
left are ``-`` lines, those put back ``+`` lines.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import SPREAD
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature


def filtered(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    gesture: Gesture | None = None,
) -> bool:
    """Whether host ``c`` (paired with ``p``) was filtered by a field's text, not scrolled
    (module docstring). ``pairs``: curr → prev positions. O(nodes).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(query, names):
    ...     rows = "".join(f'<node class="Row" text="{t}" bounds="[0,{200 + 100 * i}][1080,'
    ...                    f'{300 + 100 * i}]"/>' for i, t in enumerate(names))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Root" bounds="[0,0]'
    ...         '[1080,2000]"><node class="android.widget.EditText" text="' + query
    ...         + '" focused="true" bounds="[0,0][1080,150]"/><node class="androidx.'
    ...         'recyclerview.widget.RecyclerView" scrollable="true" bounds="[0,200]'
    ...         '[1080,2000]">' + rows
    ...         + '</node></node></hierarchy>'))
    >>> prev, curr = shot("a", ["Ada", "Alan", "Anna"]), shot("an", ["Alan", "Anna"])
    >>> filtered(prev, curr, 2, 2, {0: 0, 1: 1, 2: 2, 3: 4, 4: 5})
    True
    >>> filtered(prev, shot("a", ["Alan", "Anna"]), 2, 2, {0: 0, 1: 1, 2: 2, 3: 4, 4: 5})
    False
    >>> filtered(prev, curr, 2, 2, {0: 0, 1: 1, 2: 2, 3: 4, 4: 5}, Gesture(540, 900, 540, 500))
    False
    """
    if gesture is not None and gesture.swipe:
        return False
    end = curr.subtree_end(c)
    typed = [q for q in _typed(prev, curr, pairs) if not c <= q < end]
    if not typed:
        return False  # no field typed into, or only inside the list (a form's)
    if not _laid_from_top(curr, c, prev, p):
        return False
    # A query widened (a key deleted, the field cleared: a message sent) only puts rows back:
    # the rows that stay move down or not at all, never up, whatever offset the list had
    # (a query narrowed may move them either way: the list laid out anew from its top).
    if _widened(prev, curr, typed, pairs) and _rows_way(prev, curr, c, pairs) > 0:
        return False
    return not _sent(prev, curr, typed, pairs, c, p)


def _sent(
    prev: Frame, curr: Frame, typed: list[int], pairs: Mapping[int, int], c: int, p: int
) -> bool:
    """Whether the old text of a field of ``typed`` came into host ``c`` as a node's whole
    label (its text, else its description), shown by no node of ``p`` before: a message
    sent (a chat shows it as its last row), not a query, whatever the field shows now (its
    hint, often). O(nodes in both)."""
    olds = {prev.nodes[pairs[q]].text for q in typed} - {""}
    if not olds:
        return False
    nodes_c, nodes_p = curr.nodes, prev.nodes  # a label: on element dicts a description
    now = {nodes_c[k].text or nodes_c[k].content_desc for k in range(c + 1, curr.subtree_end(c))}
    was = {nodes_p[k].text or nodes_p[k].content_desc for k in range(p + 1, prev.subtree_end(p))}
    return bool(now & olds - was)


def _widened(prev: Frame, curr: Frame, typed: list[int], pairs: Mapping[int, int]) -> bool:
    """Whether every field of ``typed`` shrank: its new text a prefix of its old (a key
    deleted, the field cleared), a query widened, which only puts rows back."""
    return all(prev.nodes[pairs[q]].text.startswith(curr.nodes[q].text) for q in typed)


def _rows_way(prev: Frame, curr: Frame, c: int, pairs: Mapping[int, int]) -> int:
    """1 where more of host ``c``'s paired nodes moved up than down, -1 where more moved
    down, else 0. O(nodes in ``c``)."""
    nodes_c, nodes_p = curr.nodes, prev.nodes
    up = down = 0
    for q in range(c + 1, curr.subtree_end(c)):
        old = pairs.get(q)
        if old is not None:
            dy = nodes_c[q].bounds.top - nodes_p[old].bounds.top
            if dy < 0:
                up += 1
            elif dy > 0:
                down += 1
    return (up > down) - (down > up)


def filtered_hosts(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[tuple[int, int]]:
    """``(curr, prev)`` positions of every paired host made to scroll that :func:`filtered`
    reads as filtered: what came into it or left it is the search's, not another screen's
    (:func:`deltarec.core.diff.screens.is_new_screen`). O(nodes) where a field was typed
    into, else one pass over the pairs."""
    if (gesture is not None and gesture.swipe) or not _typed(prev, curr, pairs):
        return []
    nodes = curr.nodes
    return [
        (c, p)
        for c, p in sorted(pairs.items())
        if curr.children[c]
        and scrolls_by_nature(nodes[c])
        and filtered(prev, curr, c, p, pairs, gesture)
    ]


def _typed(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> list[int]:
    """The editable fields (positions of ``curr``) typed into in the step: focused (in
    either frame) and their text changed (a search bar that only opens a search page when
    tapped, Settings' on vivo, holds no focus: its text edited is no key typed)."""
    nodes_c, nodes_p = curr.nodes, prev.nodes
    return [
        q
        for q, old in pairs.items()
        if nodes_c[q].editable
        and (nodes_c[q].focused or nodes_p[old].focused)
        and nodes_c[q].text != nodes_p[old].text
    ]


def _first_row(frame: Frame, c: int) -> int | None:
    """Host ``c``'s first child with a box, or None."""
    for k in frame.children[c]:
        b = frame.nodes[k].bounds
        if b.bottom > b.top and b.right > b.left:
            return k
    return None


def _inside_wrapper(frame: Frame, c: int) -> int:
    """The innermost node filling host ``c`` alone (a ScrollView's LinearLayout, clipped to
    its box: its first row is the wrapper's first child, never the wrapper), else ``c``."""
    kids, box = frame.children, frame.nodes[c].bounds
    while len(kids[c]) == 1 and frame.nodes[kids[c][0]].bounds == box:
        c = kids[c][0]
    return c


def _laid_from_top(curr: Frame, c: int, prev: Frame, p: int) -> bool:
    """Host ``c``'s first row whole at its top: within a px of rounding of its top edge, or
    as far below it as ``prev``'s first row sat below ``p``'s (its padding); whole: as tall
    as the tallest sibling of its template, its class, id and number of nodes (an edge
    cuts a row's box; element dicts carry no class, so a template is what it holds too)."""
    c, p = _inside_wrapper(curr, c), _inside_wrapper(prev, p)
    first = _first_row(curr, c)
    if first is None:
        return True  # the list emptied: nothing in it scrolled
    node, box = curr.nodes[first], curr.nodes[first].bounds
    gap = box.top - curr.nodes[c].bounds.top
    if gap < -SPREAD:
        return False
    if gap > SPREAD:
        old = _first_row(prev, p)
        if old is None:
            return False
        if abs(prev.nodes[old].bounds.top - prev.nodes[p].bounds.top - gap) > SPREAD:
            return False
    height, size = box.bottom - box.top, curr.subtree_end(first) - first
    for k in curr.children[c]:
        other = curr.nodes[k]
        if (
            other.class_name == node.class_name
            and other.resource_id == node.resource_id
            and curr.subtree_end(k) - k == size
            and other.bounds.bottom - other.bounds.top > height + SPREAD
        ):
            return False
    return True


__all__ = ["filtered", "filtered_hosts"]
