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
a label of its own in both frames. The list may have been made wider or narrower too (the
screen turned: a row as wide as its list keeps its margins), its left edge kept. A twin
that landed there after a turn would have to land on the very pixel, on the very step the
list changed size.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import zip_longest

from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds


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
    margins = (a.left - old_box.left, old_box.right - a.right)
    if margins != (b.left - box.left, box.right - b.right) or old_box.left != box.left:
        return False  # moved sideways, or not resized with its list: not the row kept
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


def kept_in_place(prev: Frame, p: int, curr: Frame, c: int, old_view: Bounds, view: Bounds) -> bool:
    """Whether the content of container ``c`` (``p`` before), shown in ``view``
    (``old_view`` before), kept its place while the view moved its bottom edge alone: node
    for node in document order, at the same depth, the same class, id, text and description,
    and the same box cut to the part of the view both frames show (a node the moving edge
    cut, or showed whole, or hid, is that node there). The keyboard opened over a list laid
    out with ``adjustResize`` that did not follow it, or closed: its top edge kept its place,
    so did its rows, and nothing scrolled, however little of them either frame shows whole
    (one card filling the list, cut by both edges in one frame: no edge of it is its own in
    both, and its pieces, cut, pair with nothing; :func:`deltarec.core.diff.pages.page` read
    that as a page turned). A page turned in that step would have to bring in rows that show
    what the old ones showed, in their very boxes. O(size of both subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom, top=0):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,{bottom}]">'
    ...         f'<node class="Ad" content-desc="Ad" bounds="[0,{top}][9,{min(bottom, 90)}]"/>'
    ...         '</node></hierarchy>'))
    >>> kept_in_place(shot(80), 0, shot(50), 0, Bounds(0, 0, 9, 80), Bounds(0, 0, 9, 50))
    True
    >>> kept_in_place(shot(80), 0, shot(50, 10), 0, Bounds(0, 0, 9, 80), Bounds(0, 0, 9, 50))
    False
    """
    if (old_view.left, old_view.top, old_view.right) != (view.left, view.top, view.right):
        return False
    if old_view.bottom == view.bottom:
        return False
    both = Bounds(view.left, view.top, view.right, min(view.bottom, old_view.bottom))
    return _same(_shown(prev, p, both), _shown(curr, c, both)) >= 0


def in_place(prev: Frame, p: int, curr: Frame, c: int, old_view: Bounds, view: Bounds) -> bool:
    """Whether the content of container ``c`` (``p`` before), shown in ``view``
    (``old_view`` before, another box), kept its place in it: the keyboard opened or
    closed over it (:func:`kept_in_place`), it moved with the view's corner
    (:func:`moved_in_place`), or it was laid out again at another width on its lines
    (:func:`kept_in_lines`). No page turned (:func:`deltarec.core.diff.pages.page`).
    O(size of both subtrees)."""
    return (
        kept_in_place(prev, p, curr, c, old_view, view)
        or moved_in_place(prev, p, curr, c, old_view, view)
        or kept_in_lines(prev, p, curr, c, old_view, view)
    )


def moved_in_place(
    prev: Frame, p: int, curr: Frame, c: int, old_view: Bounds, view: Bounds
) -> bool:
    """Whether the content of container ``c`` (``p`` before) moved with the view's top-left
    corner, its top edge moved: node for node in document order, at the same depth, the
    same class, id, text and description, each box moved by the corner's move and cut to
    the part of the view both frames show (a node the view's other edge cut, or showed
    whole, or hid, is that node there), a node showing a label among them (one is enough:
    a form whose one row left in view is its photo, "Change photo", cut by the window's
    bottom edge as a bar put in above pushed the form down, the rows merged into one leaf
    each and no ids, as Flutter dumps them, turned no page; on 1cdaa2a it read as one). An
    app's window put into split screen's lower half (or taken out of it) moved a launcher's
    pager with its page, cut by the screen's bottom edge, the page's icons twins of one
    another (:mod:`tests.core.real_scrolls.split`): its page and every icon kept their
    places in it, nothing scrolled, as :func:`moved_with_edge` reads a list whose rows
    moved with its top edge. A page turned in that step would have to bring in rows that
    show what the old ones showed, in their very boxes moved with the view.
    O(size of both subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, bottom=90, text="A"):
    ...     icons = "".join(f'<node class="I" text="{text}" bounds="[{i * 3},{top + 5}]'
    ...                     f'[{i * 3 + 3},{top + 20}]"/>' for i in range(2))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="P" bounds="[0,{top}][9,90]">'
    ...         f'<node class="G" bounds="[0,{top}][9,{min(top + 80, 90)}]">{icons}</node>'
    ...         '</node></hierarchy>'))
    >>> moved_in_place(shot(0), 0, shot(40), 0, Bounds(0, 0, 9, 90), Bounds(0, 40, 9, 90))
    True
    >>> moved_in_place(shot(0), 0, shot(40, text="B"), 0, Bounds(0, 0, 9, 90),
    ...                Bounds(0, 40, 9, 90))
    False
    """
    dx, dy = view.left - old_view.left, view.top - old_view.top
    if not dy:
        return False
    moved = Bounds(old_view.left + dx, view.top, old_view.right + dx, old_view.bottom + dy)
    both = Bounds(
        max(view.left, moved.left),
        view.top,
        min(view.right, moved.right),
        min(view.bottom, moved.bottom),
    )
    back = Bounds(both.left - dx, both.top - dy, both.right - dx, both.bottom - dy)
    return _same(_shown(prev, p, back, (dx, dy)), _shown(curr, c, both)) >= 1


def list_kept(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether ``k`` (``q`` before) is a container made to scroll whose box moved its bottom
    edge alone, its content node for node in place (:func:`kept_in_place` asked of the
    list's own box): the keyboard opened or closed over a list inside a pager's page, the
    page's wrappers keeping their box. It spanned the page in one frame and ends inside it
    in the other, which :func:`deltarec.core.diff.pages.page` read as a section scrolled
    past, the page turned (a directory app's tab, issue 18). Content that scrolled is not in
    place. O(1) unless such a list, then O(its subtree).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom, top=0):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="P" bounds="[0,0][9,80]">'
    ...         f'<node class="L" scrollable="true" bounds="[0,0][9,{bottom}]"><node class="Ad"'
    ...         f' content-desc="Ad" bounds="[0,{top}][9,{bottom}]"/></node></node></hierarchy>'))
    >>> list_kept(shot(80), 1, shot(50), 1), list_kept(shot(80), 1, shot(50, 10), 1)
    (True, False)
    """
    if not natures(curr)[k]:
        return False
    a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
    return (a.left, a.top, a.right) == (b.left, b.top, b.right) and kept_in_place(
        prev, q, curr, k, a, b
    )


def list_resized(
    prev: Frame, p: int, curr: Frame, c: int, host: int, base: tuple[int, int]
) -> bool:
    """Whether ``c`` (``p`` before), the one child of ``host``, a wrapper not made to scroll
    itself (a pager's page), is a container made to scroll whose box moved its top or
    bottom edge, its width kept and its left edge moved by ``base`` (the scrolls around
    it): the keyboard opened or closed over the list (``adjustResize``), or a bar slid in
    or out above it. The list is the page's content, and the host, if any
    (:func:`deltarec.core.diff.host.host_motion`), as it is when its box stayed; the
    page's wrapper, which kept its box, is not: the rows the list laid out again from its
    end (``stackFromEnd``), or moved with its top edge, read as the wrapper's scroll, the
    list's own rules (:func:`scroll_edge`) never asked (a directory app's tab, issue 18).
    A container made to scroll around its one list (a ScrollView's content) cuts it to its
    box as it scrolls: that is its own scroll, not this. O(1).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, bottom):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Page" bounds="[0,0][9,80]">'
    ...         f'<node class="L" scrollable="true" bounds="[0,{top}][9,{bottom}]"/></node>'
    ...         '</hierarchy>'))
    >>> list_resized(shot(0, 80), 1, shot(0, 50), 1, 0, (0, 0))
    True
    >>> list_resized(shot(0, 80), 1, shot(30, 80), 1, 0, (0, 0))
    True
    >>> list_resized(shot(0, 80), 1, shot(0, 80), 1, 0, (0, 0))
    False
    """
    natural = natures(curr)
    if natural[host] or not natural[c]:
        return False
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    return b.left - a.left == base[0] and b.width == a.width and b.height != a.height


def kept_in_lines(prev: Frame, p: int, curr: Frame, c: int, old_view: Bounds, view: Bounds) -> bool:
    """Whether the content of container ``c`` (``p`` before) was laid out again at another
    width in place: the view kept its top-left corner and moved its right edge (the screen
    turned, a window narrowed or widened; its bottom edge may have moved too), and node for
    node in document order, at the same depth, the same class, id, text and description, on
    the same lines (top and bottom, cut to the height both frames show). Cells stretched
    with their grid (a month's days, narrower) are the cells they were, however their boxes
    changed across: their lines did not move, so nothing scrolled along the content's axis,
    and a page turned in that step would have to bring in what the old page showed, line
    for line. O(size of both subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(width, text=""):
    ...     cells = "".join(f'<node class="C" text="{text}" bounds="[{i * width},0]'
    ...                     f'[{i * width + width},50]"/>' for i in range(3))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="G" bounds="[0,0][{3 * width},'
    ...                                    f'50]">{cells}</node></hierarchy>'))
    >>> kept_in_lines(shot(40), 0, shot(25), 0, Bounds(0, 0, 120, 50), Bounds(0, 0, 75, 50))
    True
    >>> kept_in_lines(shot(40), 0, shot(25, "x"), 0, Bounds(0, 0, 120, 50), Bounds(0, 0, 75, 50))
    False
    """
    if (old_view.left, old_view.top) != (view.left, view.top) or old_view.right == view.right:
        return False
    bottom = min(view.bottom, old_view.bottom)
    return _lines(prev, p, view.top, bottom) == _lines(curr, c, view.top, bottom)


def _lines(
    frame: Frame, pos: int, top: int, bottom: int
) -> list[tuple[int, str, str, str, str, int, int]]:
    """The nodes below ``pos`` shown between ``top`` and ``bottom``: depth below ``pos``,
    class, id, text, description and the lines they take, in document order."""
    out = []
    first = frame.depth[pos]
    for k in range(pos + 1, frame.subtree_end(pos)):
        n, b = frame.nodes[k], frame.nodes[k].bounds
        t, u = max(b.top, top), min(b.bottom, bottom)
        if u > t and b.right > b.left:
            out.append(
                (frame.depth[k] - first, n.class_name, n.resource_id, n.text, n.content_desc, t, u)
            )
    return out


def _shown(
    frame: Frame, pos: int, view: Bounds, by: tuple[int, int] = (0, 0)
) -> Iterator[tuple[int, str, str, str, str, Bounds]]:
    """The nodes below ``pos`` that ``view`` shows a part of: depth below ``pos``, class,
    id, text, description and the part shown, moved by ``by``, in document order."""
    top = frame.depth[pos]
    dx, dy = by
    for k in range(pos + 1, frame.subtree_end(pos)):
        n, b = frame.nodes[k], frame.nodes[k].bounds
        left, upper = max(b.left, view.left), max(b.top, view.top)
        right, lower = min(b.right, view.right), min(b.bottom, view.bottom)
        if right > left and lower > upper:
            row = (frame.depth[k] - top, n.class_name, n.resource_id, n.text, n.content_desc)
            yield (*row, Bounds(left + dx, upper + dy, right + dx, lower + dy))


def _same(
    was: Iterator[tuple[int, str, str, str, str, Bounds]],
    now: Iterator[tuple[int, str, str, str, str, Bounds]],
) -> int:
    """How many of the nodes ``now`` shows show a label, or -1 unless ``was`` shows the
    very same nodes (read only as far as the first that differs)."""
    labels = 0
    for a, b in zip_longest(was, now):
        if a != b or b is None:
            return -1
        labels += bool(b[3] or b[4])
    return labels


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
    return not dx and dy != 0 and dy == top_edge_moved(prev, p, curr, c)


def moved_with_side(prev: Frame, p: int, curr: Frame, c: int, dx: int, dy: int) -> bool:
    """Whether a sideways content move of ``dx`` in list ``c`` (``p`` before) is the move of
    one of its side edges, the list's box made wider or narrower with its other side kept:
    the window laid out again on a screen of another width (a rotation, split screen, a
    foldable), each row's end-aligned pieces (a switch, a chevron, a count) moving with the
    end edge while the rest kept the start. No list scrolls by widening: its box moved.
    O(1).

    Lists that do scroll sideways (a carousel, a pager) keep their box as they do, so a
    move that equals a side edge's, on a step that moved that edge, is not theirs either.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(right):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L"'
    ...         f' bounds="[0,0][{right},900]"></node></hierarchy>'))
    >>> moved_with_side(shot(1080), 0, shot(2220), 0, 1140, 0)
    True
    >>> moved_with_side(shot(1080), 0, shot(2220), 0, 40, 0)
    False
    >>> moved_with_side(shot(1080), 0, shot(1080), 0, 40, 0)
    False
    """
    if dy or not dx:
        return False
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if a.left == b.left and a.right != b.right:
        return dx == b.right - a.right
    if a.right == b.right and a.left != b.left:
        return dx == b.left - a.left
    return False


def top_edge_moved(prev: Frame, p: int, curr: Frame, c: int) -> int:
    """How far list ``c`` (``p`` before) moved its top edge alone (its other edges kept),
    no container made to scroll holding it: the move its rows, laid out from that edge,
    made with it (a bar above it slid out as it scrolled, ``AppBarLayout``'s
    ``scroll|enterAlways``: the rows moved by the bar's height and the list's own scroll,
    and the list's offset changed by the scroll alone). 0 when its box did not move so.
    O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,{top}][9,300]">'
    ...         f'</node></hierarchy>'))
    >>> top_edge_moved(shot(100), 0, shot(40), 0)
    -60
    >>> top_edge_moved(shot(100), 0, shot(100), 0)
    0
    """
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (a.left, a.right, a.bottom) != (b.left, b.right, b.bottom) or a.top == b.top:
        return 0
    # Inside a container made to scroll (a web page's section, its bottom cut by the page's
    # edge), the top edge moved with the content because the outer one scrolled it.
    natural = natures(curr)
    if any(natural[q] and curr.nodes[q].bounds != b for q in curr.ancestors(c)):
        return 0
    return b.top - a.top


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


def scroll_edge(prev: Frame, p: int, curr: Frame, c: int, move: tuple[int, int]) -> int:
    """How far list ``c`` (``p`` before), whose content moved by ``move`` (dx, dy), moved
    its top edge, its rows with it, as they moved further that way: a top app bar slid out
    as the list scrolled down (in as it scrolled up), a large title collapsing into its
    toolbar. The rows moved by the edge's move and the list's own scroll; the list's offset
    changed by the scroll alone (as a bottom sheet dragged up moved its rows with its edge
    and scrolled nothing, :func:`moved_with_edge`). Two dumps fit the other reading too (the
    box grew at its top over rows the bar hid, the list scrolled by the whole move); a list
    lays its rows out from its top edge and ``CoordinatorLayout`` moves it with the bar, so
    the first is what happened. Its bottom edge may move too (a bottom navigation hidden as
    well: rows are not laid out from it). Only a container made to scroll, or its content's
    wrapper, in both frames (a web page's section below its header, cut by the page's top
    edge as the page scrolled, moved its edge with the page's cut), none around it in
    another box (it scrolled it: the edge is that one's cut). 0 for a sideways move, or one
    against the edge's. O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,{top}][9,900]"></node></hierarchy>'))
    >>> scroll_edge(shot(147), 0, shot(0), 0, (0, -648))
    -147
    >>> scroll_edge(shot(147), 0, shot(0), 0, (0, 300))
    0
    """
    dx, dy = move
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if dx or (a.left, a.right) != (b.left, b.right) or a.top == b.top:
        return 0
    if not (_fills_scroller(curr, c) and _fills_scroller(prev, p)):
        return 0
    natural = natures(curr)
    if any(natural[q] and curr.nodes[q].bounds != b for q in curr.ancestors(c)):
        return 0
    edge = b.top - a.top
    return edge if (dy - edge) * edge > 0 else 0


def _fills_scroller(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a container made to scroll, or fills one (its content's wrapper,
    in its very box). O(depth of the wrappers)."""
    natural, box = natures(frame), frame.nodes[pos].bounds
    while pos >= 0 and frame.nodes[pos].bounds == box:
        if natural[pos]:
            return True
        pos = frame.parents[pos]
    return False


def list_inside(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, move: tuple[int, int]
) -> bool:
    """Whether a move of ``move`` (dx, dy) measured on ``c``, a container not made to
    scroll, is the one list made to scroll inside it scrolling: no other node of ``c``
    paired moved so, keeping its size (a bar came or went beside the list as it scrolled,
    its box changed: a bottom navigation hidden, a top app bar shown, a large title
    collapsed into its toolbar). The list is the host, not the layout that holds it and its
    bar. ``pairs``: curr → prev positions. O(nodes of ``c`` outside its lists).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(nav, y):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="Page" bounds="[0,0][9,300]">'
    ...         f'<node class="L" scrollable="true" bounds="[0,0][9,{nav}]"><node class="R"'
    ...         f' text="Ada" bounds="[0,{y}][9,{y + 40}]"/></node><node class="Nav" text="Home"'
    ...         f' bounds="[0,{nav}][9,{nav + 50}]"/></node></hierarchy>'))
    >>> list_inside(shot(250, 40), shot(250, 90), {0: 0, 1: 1, 2: 2, 3: 3}, 0, (0, 50))
    True
    >>> list_inside(shot(200, 40), shot(250, 90), {0: 0, 1: 1, 2: 2, 3: 3}, 0, (0, 50))
    False
    """
    natural, nodes_p, nodes_c = natures(curr), prev.nodes, curr.nodes
    dx, dy = move
    lists: list[int] = []
    i, end = c + 1, curr.subtree_end(c)
    while i < end:
        if natural[i]:
            lists.append(i)
            i = curr.subtree_end(i)
            continue
        old = pairs.get(i)
        if old is not None:
            a, b = nodes_p[old].bounds, nodes_c[i].bounds
            shift = (b.left - a.left, b.top - a.top, b.right - a.right, b.bottom - a.bottom)
            if a.area and shift == (dx, dy, dx, dy):
                return False  # moved with the rows beside the lists: the layout scrolled
        i += 1
    return len(lists) == 1 and lists[0] in pairs
