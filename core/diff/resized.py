"""A row a list's moving edge cut, as the list grew or shrank: it stayed.

The keyboard closes and a list laid out with ``adjustResize`` grows at its bottom edge: the
card that edge cut shows whole again, and rows come in below it, into the part of the box
that was not there. Nothing scrolled; yet the card was cut by an edge in one frame, and a
row an edge cut proves nothing on its own (a twin ad 18 cards on, cut alike, fits anywhere
an edge cuts): :func:`deltarec.core.diff.pages.page` asked only whole rows, found none
that stayed, and read the rows that came in as a page turned.

:func:`kept_through_resize` names the one cut row that does prove something: the list's box
moved one edge only (the other kept its place), the row is cut by that moving edge in one
frame, keeps the other edge of its own box, clear of the list's edge that stayed, and shows
a label of its own in both frames. A twin that landed there after a turn would have to
land on the very pixel, on the very step the list changed size.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures


def kept_through_resize(
    prev: Frame, p: int, curr: Frame, c: int, old_box_at: int, box_at: int
) -> bool:
    """Whether row ``c`` (``p`` before) of the list at ``box_at`` (``old_box_at`` before)
    stayed while the list's box moved one edge (module docstring). O(size of the rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,{bottom}]">'
    ...         f'<node class="R" bounds="[0,10][9,{min(bottom, 90)}]"><node class="T" text="Ad"'
    ...         f' bounds="[0,10][9,{min(bottom, 90)}]"/></node></node></hierarchy>'))
    >>> kept_through_resize(shot(50), 1, shot(200), 1, 0, 0)
    True
    >>> kept_through_resize(shot(200), 1, shot(200), 1, 0, 0)
    False
    """
    old_box, box = prev.nodes[old_box_at].bounds, curr.nodes[box_at].bounds
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (a.left, a.right, old_box.left, old_box.right) != (b.left, b.right, box.left, box.right):
        return False  # moved or resized sideways: not a list resized along its length
    if old_box.top == box.top and old_box.bottom != box.bottom:  # the bottom edge moved
        kept = a.top == b.top > box.top
        cut = a.bottom >= old_box.bottom or b.bottom >= box.bottom
    elif old_box.bottom == box.bottom and old_box.top != box.top:  # the top edge moved
        kept = a.bottom == b.bottom < box.bottom
        cut = a.top <= old_box.top or b.top <= box.top
    else:
        return False
    return (
        kept
        and cut
        and bool(texts(prev, p) & texts(curr, c) & own_texts(prev, p) & own_texts(curr, c))
    )


def moved_with_edge(prev: Frame, p: int, curr: Frame, c: int, dx: int, dy: int) -> bool:
    """Whether a content move of ``(dx, dy)`` in list ``c`` (``p`` before) is its top edge's
    move: the list's box moved its top edge only, and its content moved with it (a bottom
    sheet dragged up over the screen, its list taller; a bar above it gone), and no container
    made to scroll holds it (one that does scrolled it, its edge cut by that container's).
    A list lays its rows out from its top edge: its offset did not change, nothing
    scrolled. O(depth).

    Content that kept its place on the screen as the top edge moved did scroll (by the
    edge's move, in the list), and so did content that moved with the bottom edge (a chat
    kept at its end as the keyboard opened): those are not this.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,{top}][9,300]">'
    ...         f'</node></hierarchy>'))
    >>> moved_with_edge(shot(100), 0, shot(40), 0, 0, -60)
    True
    >>> moved_with_edge(shot(100), 0, shot(40), 0, 0, 60)
    False
    """
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (a.left, a.right, a.bottom) != (b.left, b.right, b.bottom) or a.top == b.top:
        return False
    if dx or dy != b.top - a.top:
        return False
    # Inside a container made to scroll (a web page's section, its bottom cut by the page's
    # edge), the top edge moved with the content because the outer one scrolled it.
    natural = natures(curr)
    return not any(natural[q] and curr.nodes[q].bounds != b for q in curr.ancestors(c))


def inner_moved_with_edge(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, dx: int, dy: int
) -> bool:
    """Whether a content move of ``(dx, dy)`` measured on ``c``, a container not made to
    scroll, is the top edge's move of a container made to scroll inside it
    (:func:`moved_with_edge`): a bar put in above a list, the list shrunk from its top edge
    by the bar's height and its rows laid out from that edge, read on the plain layout
    around both. The plain layout never scrolled its list's rows (:mod:`.scrolls`); the
    list did not either. ``pairs``: curr → prev positions. O(nodes of ``c`` down to the
    first containers made to scroll).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bar):
    ...     top = 40 if bar else 0
    ...     head = '<node class="Bar" text="Offline" bounds="[0,0][9,40]"/>' if bar else ""
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="Page" bounds="[0,0][9,300]">'
    ...         f'{head}<node class="L" scrollable="true" bounds="[0,{top}][9,300]"/></node>'
    ...         '</hierarchy>'))
    >>> inner_moved_with_edge(shot(False), shot(True), {0: 0, 2: 1}, 0, 0, 40)
    True
    >>> inner_moved_with_edge(shot(False), shot(True), {0: 0, 2: 1}, 0, 0, 60)
    False
    """
    natural_c, natural_p = natures(curr), natures(prev)
    stack = list(curr.children[c])
    while stack:
        k = stack.pop()
        old = pairs.get(k)
        if old is None:
            continue
        if natural_c[k] or natural_p[old]:
            if moved_with_edge(prev, old, curr, k, dx, dy):
                return True
            continue  # its rows are its own: a scroll inside it is its, not c's
        stack.extend(curr.children[k])
    return False
