"""A container whose items were laid out again is no page turned: one kept an item only it shows.

A scroll by a page or more leaves no row of the container in view. Items put into a grid
(a staggered grid's columns, a regular grid's next slot) or taken out of it move the items
after them to other slots, each by its own offset: no offset wins the vote, and the
container reads as a page turned, every item ``-`` and ``+``. Yet an item that shows what
no other node of either frame shows (its subtree's content unique in both), whole in both
and somewhere else in the same container, is one element that stayed in view: the
container turned no page (issue 18 item 6: "tiles that stayed are not ``+``; a container
that grew is an insertion, not a scroll").

Only items with a label of their own below them count (an image's frame alone is any
tile's), and only those that moved: a pinned header that stayed put through a page turned
is no sign of a reflow.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(tiles):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="W" scrollable="true"'
    ...         ' bounds="[0,0][200,400]">' + "".join(
    ...         f'<node class="T" bounds="[{x},{y}][{x + 100},{y + 100}]"><node class="L"'
    ...         f' text="{t}" bounds="[{x},{y}][{x + 100},{y + 50}]"/></node>'
    ...         for t, x, y in tiles) + '</node></hierarchy>'))
    >>> a = shot([("a", 0, 0), ("b", 100, 0), ("c", 0, 100)])
    >>> b = shot([("new", 0, 0), ("a", 100, 0), ("b", 0, 100)])
    >>> reflowed(a, 0, b, 0, {0: 0, 3: 1, 4: 2, 5: 3, 6: 4})
    True
    >>> reflowed(a, 0, b, 0, {0: 0})
    False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def _counts(frame: Frame) -> Counter[bytes]:
    """How many nodes of ``frame`` show each subtree content (kept in the frame's memo)."""
    key = ("reflowed.counts",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = Counter(frame.subtree_hashes)
    return got  # type: ignore[return-value]


def _labelled(frame: Frame) -> list[bool]:
    """For every position, whether a text or a description shows in its subtree."""
    key = ("reflowed.labelled",)
    got = frame.memo.get(key)
    if got is None:
        got = frame.memo[key] = frame.content_below(lambda _: False)
    return got  # type: ignore[return-value]


def _inside(b: Bounds, box: Bounds) -> bool:
    return (
        box.left <= b.left and box.top <= b.top and b.right <= box.right and b.bottom <= box.bottom
    )


def reflowed(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether an item inside container ``c`` (paired with ``p``) that has children and a
    label below them is paired with a node of ``p``'s that shows the same content, which no
    other node of either frame shows, is whole in both (the same size, inside the
    container's box) and moved. O(subtree of ``c``); the counts once per frame."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    p_end = prev.subtree_end(p)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    count_p = count_c = None
    labelled_c = _labelled(curr)
    for k in range(c + 1, curr.subtree_end(c)):
        q = pairs.get(k)
        if q is None or not p < q < p_end or not curr.children[k] or hc[k] != hp[q]:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a == b or (a.width, a.height) != (b.width, b.height) or not labelled_c[k]:
            continue
        if not (_inside(b, box) and _inside(a, old_box)):
            continue
        if count_p is None or count_c is None:
            count_p, count_c = _counts(prev), _counts(curr)
        if count_p[hp[q]] == 1 and count_c[hc[k]] == 1:
            return True
    return False


def kept_unique(prev: Frame, p: int, curr: Frame, c: int, levels: int = 4) -> bool:
    """Whether ``c`` and ``p`` are one element on their content alone, wherever a scroll
    puts either: they, or their ancestors ``levels`` up at most (an item and its parts),
    show content with children and a label that no other node of either frame shows, whole
    in both (the same size) and moved by the very offset ``c`` moved. A tile a grid's
    insertion sent to another slot is where no scroll puts it, and still the one tile."""
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    move = (b.left - a.left, b.top - a.top)
    hp, hc = prev.subtree_hashes, curr.subtree_hashes
    labelled = _labelled(curr)
    for _ in range(levels + 1):
        if c < 0 or p < 0 or hc[c] != hp[p]:
            return False
        a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
        if (b.left - a.left, b.top - a.top) != move or (a.width, a.height) != (b.width, b.height):
            return False
        if curr.children[c] and labelled[c]:
            return _counts(prev)[hp[p]] == 1 and _counts(curr)[hc[c]] == 1
        c, p = curr.parents[c], prev.parents[p]
    return False


def placed_by_content(prev: Frame, q: int, curr: Frame, k: int, moved: Bounds) -> bool:
    """Whether row ``k`` is old row ``q`` on its content alone, where an offset put it
    (``moved``, ``q``'s box moved by it): they show what no other node of either frame
    shows (an item with a label below it), in one box. A row flush with the list's edge
    before and clear of it after is as much that row as one clear of the edges in both:
    only a twin could show it, and no twin is in either frame."""
    b = curr.nodes[k].bounds
    if b != moved or not curr.children[k] or prev.subtree_hashes[q] != curr.subtree_hashes[k]:
        return False
    if not _labelled(curr)[k]:
        return False
    return _counts(prev)[prev.subtree_hashes[q]] == 1 and _counts(curr)[curr.subtree_hashes[k]] == 1
