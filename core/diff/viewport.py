"""A list's wrapper: the nodes around a container made to scroll that show only what its
list shows (issue 18).

A list scrolled a page shows other labels in the very wrapper that held it (an activity's
``content`` > ``fragment_container`` > ScrollView): on the XML path its resource id pairs
it; element dicts carry none, so :func:`one_viewport` says it is one wrapper, in one box,
around a list in both frames. Split from :mod:`~deltarec.core.diff.row_content`.
"""

from __future__ import annotations

from deltarec.core.diff.axis import within
from deltarec.core.observe.frame import Frame, by_position
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Node


@by_position  # asked of a step's changed wrappers by both runs of unpair_other_rows
def holds_scroller(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` wraps a container made to scroll: one child after another, each in
    ``pos``'s box and nine tenths of it at least (a list 8 px below its frame's top), down
    to it (an activity's ``content`` > ``fragment_container`` > ScrollView), beside each
    only children under a tenth (Settings' pinned header) or empty (YouTube's FAB layer);
    or, outside any list, the list between its bars (:func:`between_bars`: an app bar above
    it, a bottom navigation below it, whatever share of the box they take).
    Its content is the scroller's: a list scrolled a page shows other labels in the very
    wrapper that held it. Element dicts call every wrapper a ``container``, so the window's
    ``content`` has siblings of its kind (the action bar's):
    :func:`~deltarec.core.diff.row_content.other_row` read it as another row of a list,
    and the form scrolled a page as wrappers removed and added (and so it did where a pinned
    header or an empty layer lay beside the list: settings-wifi, YouTube scrolled a page;
    and where a bar came or went beside a list flung past its box: issue 18's chrome).
    O(depth of the chain + the children along it), kept per position (a pure fact of the
    frame: the matcher's two runs of
    :func:`~deltarec.core.diff.row_content.unpair_other_rows` ask it of the same changed
    wrappers, half its asks on the real pairs; issue 19).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="F" bounds="[0,0][9,9]"><node'
    ...     ' class="android.widget.ScrollView" bounds="[0,0][9,9]"/></node></hierarchy>'))
    >>> holds_scroller(f, 0), holds_scroller(f, 1)
    (True, True)
    """
    box = frame.nodes[pos].bounds
    least = box.area * 9 // 10
    natural = natures(frame)
    outside: bool | None = None  # no ancestor scrolls (asked once, where a bar is met)
    while True:
        if natural[pos]:
            return True
        big = [k for k in frame.children[pos] if _holds_any(frame, k, least)]
        if not big:  # no child takes nine tenths: a list between its bars, outside any list
            if outside is None:
                outside = not any(natural[a] for a in frame.ancestors(pos))
            inner = between_bars(frame, pos) if outside else -1
            if inner < 0:
                return False
            pos, box = inner, frame.nodes[inner].bounds
            least = box.area * 9 // 10
            continue
        if len(big) != 1:  # beside it a pinned header, a progress bar, an empty layer
            return False
        b = frame.nodes[big[0]].bounds
        inside = box.left <= b.left and b.right <= box.right and box.top <= b.top
        if not (inside and b.bottom <= box.bottom):
            return False
        pos = big[0]


def between_bars(frame: Frame, pos: int) -> int:
    """The child of ``pos`` that holds its content between bars, or -1: the largest child
    showing something, in ``pos``'s box, every other child showing something either under a
    tenth of the box (a FAB over the list) or a bar — in the box, as wide as that child (as
    tall, for a rail beside it), shorter (narrower) than it and wholly above or below it
    (before or after it): a top app bar, a bottom navigation, a tab strip. A bar takes any
    share of the box (a bottom navigation takes more than a tenth of a phone's), so the
    share is no test; what makes the chain one list's wrapper is that beside the list only
    bars lie, stacked along its axis, and that no list holds it (:func:`holds_scroller`
    asks this only outside any list: a feed's row of a title above a carousel is a row).
    O(children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bar):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="F" bounds="[0,0][90,90]">'
    ...         '<node class="L" text="row" bounds="[0,0][90,70]"/>'
    ...         f'<node class="Nav" text="Home" bounds="{bar}"/></node></hierarchy>'))
    >>> between_bars(shot("[0,70][90,90]"), 0), between_bars(shot("[10,70][90,90]"), 0)
    (1, -1)
    """
    box = frame.nodes[pos].bounds
    shown = [k for k in frame.children[pos] if _holds_any(frame, k, 0)]
    if not shown:
        return -1
    main = max(shown, key=lambda k: frame.nodes[k].bounds.area)
    m = frame.nodes[main].bounds
    if not within(m, box):
        return -1
    for k in shown:
        b = frame.nodes[k].bounds
        if k == main or b.area * 10 < box.area:
            continue
        across = b.left <= m.left and m.right <= b.right and b.height < m.height
        beside = b.top <= m.top and m.bottom <= b.bottom and b.width < m.width
        stacked = across and (b.bottom <= m.top or m.bottom <= b.top)
        railed = beside and (b.right <= m.left or m.right <= b.left)
        if not (within(b, box) and (stacked or railed)):
            return -1
    return main


def _holds_any(frame: Frame, k: int, least: int) -> bool:
    """Whether child ``k`` is big enough to be the wrapper's content (``least`` of its area)
    and shows something or scrolls, itself or below it: an empty layer (a FAB's) is not the
    content, nor a layer of empty views (Chrome's compositor, a FrameLayout around one empty
    View, beside the layout that holds its new tab page)."""
    n = frame.nodes[k]
    b = n.bounds  # b.area, inline (a property call a child)
    w, h = b.right - b.left, b.bottom - b.top
    if (w * h if w > 0 and h > 0 else 0) < least:
        return False
    if n.text or n.content_desc or scrolls_by_nature(n):
        return True
    if not frame.children[k]:
        return False
    natural = natures(frame)
    end = frame.subtree_end(k)
    for pos in range(k + 1, end):  # the first that shows or scrolls ends it (the content's)
        m = frame.nodes[pos]
        if m.text or m.content_desc or natural[pos]:
            return True
    return False


def one_viewport(prev: Frame, q: int, curr: Frame, c: int) -> bool:
    """Whether rows ``q`` and ``c`` each wrap a list (:func:`holds_scroller`) in one box: a
    settings screen's ``content_frame`` under its ScrollView, beside the app bar. What it
    shows is its list's, so a list scrolled a page leaves it no content in common, yet it is
    the one wrapper (on the XML path its resource id says so; element dicts carry none).
    Never a pager's page (:func:`a_page`): the next page swiped in is another element."""
    return (
        prev.nodes[q].bounds == curr.nodes[c].bounds
        and holds_scroller(curr, c)
        and holds_scroller(prev, q)
        and not a_page(curr, c, curr.parents[c])
        and not a_page(prev, q, prev.parents[q])
    )


def a_page(frame: Frame, pos: int, parent: int) -> bool:
    """Whether ``pos`` is a page of a pager: the size of its parent, made to scroll (the
    next page of a pager is another element however its lists scrolled)."""
    a, b = frame.nodes[pos].bounds, frame.nodes[parent].bounds
    return scrolls_by_nature(frame.nodes[parent]) and (a.width, a.height) == (b.width, b.height)


def own_labels(frame: Frame, row: int) -> list[Node]:
    """The nodes of ``row``'s subtree that show something, but those inside a container
    made to scroll below it (its own labels included): a carousel in a feed's row scrolls
    on its own, so where its list's offset puts the row, the carousel may show other cards
    (turned a page sideways as the feed moved 98 px) and says nothing of that offset.
    O(size of the row).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="Row" bounds="[0,0][9,9]">'
    ...     '<node class="T" text="Latest" bounds="[0,0][9,2]"/><node class="R" scrollable="true"'
    ...     ' bounds="[0,3][9,9]"><node class="Card" text="Ages" bounds="[0,3][9,9]"/></node>'
    ...     '</node></hierarchy>'))
    >>> [n.text for n in own_labels(f, 0)]
    ['Latest']
    """
    end = frame.subtree_end(row)
    nodes, natural = frame.nodes, natures(frame)
    if not any(natural[row + 1 : end]):  # no scroller inside: every label (one pass, at C speed)
        return [n for n in nodes[row:end] if n.text or n.content_desc]
    out: list[Node] = []
    i = row
    while i < end:
        n = nodes[i]
        if n.text or n.content_desc:
            out.append(n)
        if i != row and natural[i]:
            i = frame.subtree_end(i)  # a scroller of its own: its labels move with it
            continue
        i += 1
    return out
