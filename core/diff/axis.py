"""The axis a container scrolls along, and the edges that cut its items.

A list's rows sit one above the other and its top and bottom edges cut them; a
carousel's items sit side by side and its left and right edges cut them (a chip half out
at the right, a card whose first 23 px show at the left). Read along the wrong axis, every
item of a carousel spanning its height looks cut by its top edge, and a card cut by its
side edge looks whole: nothing votes (issue 18). Each function reads the edges of the
axis it is given (``side``: the carousel's); the vertical ones are the same functions on
boxes flipped across the diagonal (:func:`flip`), so both axes share one rule.

    >>> box = Bounds(0, 0, 1000, 100)
    >>> at_edge(Bounds(0, 0, 40, 100), box), at_edge(Bounds(0, 0, 40, 100), box, side=True)
    (True, True)
    >>> at_edge(Bounds(300, 0, 400, 100), box, side=True)
    False
    >>> cut_move(Bounds(0, 0, 23, 100), Bounds(674, 0, 958, 100), box, side=True)
    (935, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from deltarec.core.diff.motions import SPREAD
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def flip(b: Bounds) -> Bounds:
    """``b`` mirrored across the diagonal (x for y): a carousel read as a list.

    >>> flip(Bounds(1, 2, 3, 4))
    Bounds(left=2, top=1, right=4, bottom=3)
    """
    return Bounds(b.top, b.left, b.bottom, b.right)


def sideways(frame: Frame, pos: int) -> bool:
    """Whether the items of container ``pos`` sit side by side: two or more, with a box,
    each one beside the next (their x-spans apart, their y-spans overlapping). A list's rows
    are stacked; a grid of several rows has cells above others. O(children · log).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(*boxes):
    ...     kids = "".join(f'<node class="C" bounds="{b}"/>' for b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][900,90]">{kids}</node></hierarchy>'))
    >>> sideways(row("[0,0][300,90]", "[320,0][600,90]"), 0), sideways(row("[0,0][300,40]"), 0)
    (True, False)
    >>> sideways(row("[0,0][900,40]", "[0,50][900,90]"), 0)
    False
    """
    # Items side by side start at distinct lefts (each ends where or before the next one
    # starts), so two that start at one left answer False before any sort: a list's rows,
    # stacked at one left, are told at its second row (a 1 MB list sorted 520 rows to say
    # so; issue 19). tests/core/test_estimate_insertions.py holds it against the sort alone.
    nodes = frame.nodes
    boxes = []
    lefts: set[int] = set()
    for k in frame.children[pos]:
        b = nodes[k].bounds
        if b.right > b.left and b.bottom > b.top:  # b.area, inline
            if b.left in lefts:
                return False
            lefts.add(b.left)
            boxes.append((b.left, b.top, b.right, b.bottom))
    boxes.sort()
    if len(boxes) < 2:
        return False
    return all(
        right <= left2 and top < bottom2 and top2 < bottom
        for (_, top, right, bottom), (left2, top2, _, bottom2) in pairwise(boxes)
    )


def host_sideways(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int] | None = None
) -> bool:
    """Whether list ``p`` of ``prev`` and ``c`` of ``curr`` are one carousel: side by side
    in both frames (a grid showing one row of cells in one frame scrolls as a list), or its
    items cut by its side edges only (:func:`_cuts`): a grid of several rows of cards
    swiped sideways (a store's rows of apps) has cells above others, and only a side edge
    cuts them. When edges of both axes reach items (a form's time flush with its right edge,
    its date with its bottom one: touching is all a dump shows of a cut), the items paired
    across the step say which way they went (:func:`_moved_sideways`, given ``pairs``): a
    form scrolled but for a strip of its first field, turned a quarter, was read along y
    and its strip's move never measured (issue 18). Without ``pairs``: along y."""
    side_p, x_p, y_p = _facts(prev, p)
    side_c, x_c, y_c = _facts(curr, c)
    if side_c and side_p:
        if (y_p or y_c) and pairs is not None:
            # Side by side, but the top or bottom edge cuts items: the pieces of a tall row
            # filling its list, the list scrolled along y under them (a Settings row, its
            # icon cut to 17 px, read as a carousel that stayed; issue 18). The items paired
            # say which way they went; also where a side edge touches one (the calendar's
            # event type, flush with the right edge beside its icon cut by the top one),
            # each edge within a px of rounding, and a carousel unless its items went along
            # y, asked of a container that kept its box (a carousel in a feed, moved with
            # the feed's scroll, its items rounded box by box: test_jitter).
            if x_p or x_c:
                if prev.nodes[p].bounds != curr.nodes[c].bounds:
                    return True
                return not _moved_sideways(prev, p, curr, c, pairs, SPREAD, along=True)
            return _moved_sideways(prev, p, curr, c, pairs)
        return True
    if not (x_p or x_c):
        return False
    if _spanned(prev, p) or _spanned(curr, c):
        # A list whose rows span its width (two or more, stacked) with one row cut by a
        # side edge has that row slid sideways under a finger (a swipe to dismiss, not let
        # go yet), not a carousel turned: a carousel's items are narrower than its box.
        return False
    if not (y_p or y_c):
        return True
    return pairs is not None and _moved_sideways(prev, p, curr, c, pairs)


def side_cut(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether a side edge of container ``c`` (``p`` before) cuts one of its items in either
    frame (:func:`_cuts` along x): content wider than its view, which may scroll sideways.
    Items side by side, each whole, fit their view (a dialog's button bar, its "Cancel"
    moved 12 px aside as another dialog's wider "OK" took the place of "Delete"): nothing
    of them lies past a side edge to scroll into view. O(children), kept in the memo."""
    return _facts(prev, p)[1] or _facts(curr, c)[1]


def _spanned(frame: Frame, pos: int) -> bool:
    """Whether two or more items of container ``pos`` reach both its side edges, one above
    the other: a list's rows. O(children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def rows(*boxes):
    ...     kids = "".join(f'<node class="C" bounds="{b}"/>' for b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][900,90]">{kids}</node></hierarchy>'))
    >>> _spanned(rows("[0,0][900,40]", "[0,50][900,90]"), 0)
    True
    >>> _spanned(rows("[0,0][900,40]", "[300,50][900,90]"), 0)
    False
    """
    box = frame.nodes[pos].bounds
    tops = set()
    for k in frame.children[pos]:
        b = frame.nodes[k].bounds
        if b.area and b.left <= box.left and b.right >= box.right:
            tops.add(b.top)
            if len(tops) > 1:
                return True
    return False


def _facts(frame: Frame, pos: int) -> tuple[bool, bool, bool]:
    """:func:`sideways` and :func:`_cuts` of ``pos``, kept in the frame's memo: a step asks
    them of one container again and again (each page a scroll estimate asks walks a form's
    wrappers, and the matcher's estimate and the delta's walk the same ones; issue 19)."""
    # No typing.cast: a Python call each ask (issue 19)
    kept: dict[int, tuple[bool, bool, bool]] | None
    kept = frame.memo.get(_facts)  # type: ignore[assignment]
    if kept is None:
        kept = {}
        frame.memo[_facts] = kept
    got = kept.get(pos)
    if got is None:
        got = kept[pos] = (sideways(frame, pos), *_cuts(frame, pos))
    return got


def _moved_sideways(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    spread: int = 0,
    *,
    along: bool = False,
) -> bool:
    """Whether more items of ``c`` paired with items of ``p`` kept their top and bottom and
    changed their left or right than kept their left and right and changed their top or
    bottom: a row scrolled, or cut anew by an edge, keeps its breadth across the axis it
    moved along (``spread``: within that many px; ``along``: whether more went the other
    way, along y). Flipped across the diagonal, the answer flips. O(children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def form(strip):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="F" bounds="[0,0][900,90]">'
    ...         f'<node class="E" text="Title" bounds="{strip}"/></node></hierarchy>'))
    >>> _moved_sideways(form("[10,0][300,40]"), 0, form("[10,70][300,90]"), 0, {1: 1})
    False
    >>> _moved_sideways(form("[10,0][300,40]"), 0, form("[880,0][900,40]"), 0, {1: 1})
    True
    """
    sideways = lengthways = 0
    for k in curr.children[c]:
        q = pairs.get(k, -1)
        if q < 0 or prev.parents[q] != p:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        x_kept, y_kept = (
            abs(a.left - b.left) <= spread and abs(a.right - b.right) <= spread,
            abs(a.top - b.top) <= spread and abs(a.bottom - b.bottom) <= spread,
        )
        sideways += y_kept and not x_kept
        lengthways += x_kept and not y_kept
    return lengthways > sideways if along else sideways > lengthways


def item_sideways(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether item ``p`` of ``prev`` (``c`` of ``curr``), its top and bottom kept, its
    left and right moved, is an item of a carousel a side edge cut: its list is one
    (:func:`host_sideways`), or one side edge of the box around it cuts it, in one frame
    only (a month's last column, a 19 px sliver left of a pager swiped nearly a page). A
    label whose text changed widens in place: no edge cuts it anew.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def month(cell):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="V" bounds="[0,0][800,90]">'
    ...         f'<node class="C" text="9" bounds="{cell}"/><node class="C" text="1" '
    ...         'bounds="[100,50][200,90]"/></node></hierarchy>'))
    >>> item_sideways(month("[600,0][700,40]"), 1, month("[0,0][19,40]"), 1)
    True
    >>> item_sideways(month("[600,0][700,40]"), 1, month("[590,0][710,40]"), 1)
    False
    """
    up_p, up_c = prev.parents[p], curr.parents[c]
    if up_p < 0 or up_c < 0:
        return False
    if host_sideways(prev, up_p, curr, up_c):
        return True
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    box_a, box_b = prev.nodes[up_p].bounds, curr.nodes[up_c].bounds
    cuts = (
        a.left <= box_a.left,
        a.right >= box_a.right,
        b.left <= box_b.left,
        b.right >= box_b.right,
    )
    return sum(cuts) == 1


def _cuts(frame: Frame, pos: int) -> tuple[bool, bool]:
    """Whether an edge of container ``pos`` cuts one of its items along x, and along y:
    the item reaches one edge of the two (an item spanning both is as wide as the box, as a
    list's row is; one clear of both is whole). O(children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def grid(*boxes):
    ...     kids = "".join(f'<node class="C" bounds="{b}"/>' for b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][900,90]">{kids}</node></hierarchy>'))
    >>> _cuts(grid("[10,10][300,40]", "[10,50][300,80]", "[800,10][900,40]"), 0)
    (True, False)
    >>> _cuts(grid("[0,0][900,40]", "[0,50][900,90]"), 0)
    (False, True)
    """
    box = frame.nodes[pos].bounds
    x = y = False
    for k in frame.children[pos]:
        b = frame.nodes[k].bounds
        if b.right > b.left and b.bottom > b.top:  # b.area, inline (a list's every row)
            x = x or (b.left <= box.left) != (b.right >= box.right)
            y = y or (b.top <= box.top) != (b.bottom >= box.bottom)
    return x, y


def spans(b: Bounds, box: Bounds, side: bool = False) -> bool:
    """Whether ``b`` reaches both edges of ``box`` that cut items (left and right when
    ``side``): a tall row's piece spanning its list has the list's box wherever the row is,
    so its staying in that box is no row that stayed (issue 18).

    >>> box = Bounds(0, 0, 90, 100)
    >>> spans(Bounds(0, 0, 10, 100), box), spans(Bounds(0, 5, 10, 100), box)
    (True, False)
    """
    if side:
        return b.left <= box.left and b.right >= box.right
    return b.top <= box.top and b.bottom >= box.bottom


def at_edge(b: Bounds, box: Bounds, side: bool = False) -> bool:
    """Whether ``b`` touches an edge of ``box`` that cuts items: top or bottom, or left or
    right when ``side``."""
    if side:
        return b.left <= box.left or b.right >= box.right
    return b.top <= box.top or b.bottom >= box.bottom


def clear(b: Bounds, box: Bounds, side: bool = False) -> bool:
    """Whether ``b`` lies clear of both edges of ``box`` that cut items (:func:`at_edge`)."""
    if side:
        return b.left > box.left and b.right < box.right
    return b.top > box.top and b.bottom < box.bottom


def kept_whole(
    a: Bounds, box_a: Bounds, b: Bounds, box_b: Bounds, at: Bounds, side: bool = False
) -> bool:
    """Whether an item in box ``a`` (in view ``box_a``) and one in box ``b`` (``box_b``), in
    the box ``at`` an offset puts ``a`` in, are whole: flush with an edge in one view and
    clear of the edges in the other (:func:`clear`), the very same size in both. A piece an
    edge cut would be smaller than the item it shows whole (Chrome's feed header, flush
    with the feed's top edge, the feed then scrolled down under it, its title edited)."""
    return (
        b == at
        and (a.width, a.height) == (b.width, b.height)
        and within(a, box_a)
        and within(b, box_b)
        and (clear(a, box_a, side) or clear(b, box_b, side))
    )


def within(b: Bounds, box: Bounds) -> bool:
    """Whether box ``b`` lies inside ``box`` (edges shared included)."""
    return (
        box.left <= b.left and box.top <= b.top and b.right <= box.right and b.bottom <= box.bottom
    )


def cut_move(
    a: Bounds, b: Bounds, box: Bounds, side: bool = False, old_box: Bounds | None = None
) -> tuple[int, int] | None:
    """The move of an item cut by one edge of ``box`` (:func:`at_edge`) in one frame only,
    read off its uncut edge; None when both or no edges are cut or its breadth changed.
    ``old_box``: the box ``a`` was shown in, when not ``box`` (a web page's content cut to
    the view below its fixed header, from its top down: its box grows as it scrolls).

    >>> cut_move(Bounds(0, 900, 10, 1000), Bounds(0, 700, 10, 800), Bounds(0, 0, 10, 1000))
    (0, -200)
    """
    was = box if old_box is None else old_box
    if side:
        got = cut_move(flip(a), flip(b), flip(box), old_box=flip(was))
        return None if got is None else (got[1], got[0])
    if a.left != b.left or a.right != b.right:
        return None
    cut_a = (a.top <= was.top, a.bottom >= was.bottom)
    cut_b = (b.top <= box.top, b.bottom >= box.bottom)
    if cut_a == cut_b or sum(cut_a) + sum(cut_b) != 1:
        return None
    top_cut = cut_a[0] or cut_b[0]
    return (0, b.bottom - a.bottom) if top_cut else (0, b.top - a.top)


def cut_to(b: Bounds, box: Bounds, side: bool = False) -> Bounds:
    """``b`` cut to the edges of ``box`` that cut items, as a dump cuts a node an edge cuts
    (unchanged when it lies clear of them; empty when it lies outside)."""
    if side:
        return flip(cut_to(flip(b), flip(box)))
    top, bottom = max(b.top, box.top), min(b.bottom, box.bottom)
    return Bounds(b.left, top, b.right, max(top, bottom))


def across(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds, side: bool = False) -> bool:
    """Whether an item cut by one edge of ``a_box`` is now cut by the other one of
    ``b_box`` (top then bottom, or the reverse; left and right when ``side``)."""
    if side:
        return across(flip(a), flip(a_box), flip(b), flip(b_box))
    top_a, bottom_a = a.top <= a_box.top, a.bottom >= a_box.bottom
    top_b, bottom_b = b.top <= b_box.top, b.bottom >= b_box.bottom
    return (top_a and not bottom_a and bottom_b and not top_b) or (
        bottom_a and not top_a and top_b and not bottom_b
    )


def page_items(frame: Frame, pos: int) -> int:
    """The container of the items of page ``pos``, through wrappers of one child: the list
    of a tab's page, the grid of a month; -1 when it holds fewer than two. The items of a
    pager's page that moved with it vouch for its move as a list's rows do for the list's:
    the page is one row of the pager, and one row alone vouches for nothing (its twin
    pages on looks the same), but two items of it kept where the move puts them are two
    coincidences (issue 18, a vertical list inside a horizontal pager). O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="Pager" bounds="[0,0][90,90]">'
    ...     '<node class="F" bounds="[0,0][90,90]"><node class="L" bounds="[0,0][90,90]">'
    ...     '<node class="T" text="a" bounds="[0,0][90,40]"/><node class="T" text="b" '
    ...     'bounds="[0,50][90,90]"/></node></node></node></hierarchy>'))
    >>> page_items(f, 1), page_items(f, 3)
    (2, -1)
    """
    kids = frame.children[pos]
    while len(kids) == 1:
        pos = kids[0]
        kids = frame.children[pos]
    return pos if len(kids) >= 2 else -1


def page_swiped(prev: Frame, p: int, curr: Frame, c: int, old_page: int, page: int) -> int | None:
    """How far pager ``c`` (``p`` before) moved its content sideways, read off its page:
    ``old_page`` filled the pager (one child, its very box), and ``page`` (that page now)
    is the first or the last of the pages side by side that fill it now, cut by that side
    edge. A pager's page is as wide as the pager, so the page's other edge is its own and
    measures the swipe: swiped out but for a 60 px sliver, the contacts' editor read as
    nothing scrolled (its items, a form's rows as wide as the page, are cut by both side
    edges before; issue 18). None when the pages do not fill the pager side by side, one
    beside the next, each as high as the pager. Sideways only: a list's one tall row, cut
    to its box, may be taller than it. O(pages · log).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def pager(*pages):
    ...     kids = "".join(f'<node class="F" bounds="[{l},0][{r},90]"/>' for l, r in pages)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="P" scrollable="true"'
    ...                                    f' bounds="[0,0][900,90]">{kids}</node></hierarchy>'))
    >>> page_swiped(pager((0, 900)), 0, pager((0, 60), (60, 900)), 0, 1, 1)
    -840
    >>> page_swiped(pager((0, 900)), 0, pager((0, 897), (897, 900)), 0, 1, 2)
    897
    >>> page_swiped(pager((0, 900)), 0, pager((0, 60), (70, 900)), 0, 1, 1) is None
    True
    """
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    if prev.children[p] != [old_page] or prev.nodes[old_page].bounds != old_box:
        return None
    if (box.left, box.right) != (old_box.left, old_box.right):
        return None
    kids = [k for k in curr.children[c] if curr.nodes[k].bounds.area]
    pages = sorted(kids, key=lambda k: curr.nodes[k].bounds.left)
    boxes = [curr.nodes[k].bounds for k in pages]
    if len(pages) < 2 or boxes[0].left != box.left or boxes[-1].right != box.right:
        return None
    if any((b.top, b.bottom) != (box.top, box.bottom) for b in boxes):
        return None
    if any(a.right != b.left for a, b in pairwise(boxes)):
        return None
    a, b = prev.nodes[old_page].bounds, curr.nodes[page].bounds
    if page == pages[0]:
        return b.right - a.right  # cut by the left edge: the content went left
    if page == pages[-1]:
        return b.left - a.left
    return None


def along_edge(a: Bounds, old_box: Bounds, b: Bounds, box: Bounds, base: tuple[int, int]) -> bool:
    """Whether a node cut by the top or bottom edge in both frames is cut alike (the same
    edges, the same height, no vertical move but the outer scroll's) and moved sideways
    only: a chip of a carousel the feed's edge cuts, swiped along that edge
    (:func:`~deltarec.core.diff.host.host_motion`)."""
    return (
        b.left - a.left != base[0]
        and b.top - a.top == base[1]
        and b.bottom - b.top == a.bottom - a.top
        and (a.top <= old_box.top, a.bottom >= old_box.bottom)
        == (b.top <= box.top, b.bottom >= box.bottom)
    )


def relined(
    strong: dict[tuple[int, int], float], weak: dict[tuple[int, int], float], dx: int
) -> bool:
    """Whether items worth two rows' votes (a label's is half) moved across a carousel's
    axis and back along it, against the winning ``dx``: a grid's tiles went on one slot as
    a tile came in before them (or went), along their line, and the last of each line to
    the start of the next one. A carousel's items move along x alone."""
    back = [(o, v) for o, v in strong.items()] + [(o, v / 2) for o, v in weak.items()]
    return sum(v for (ox, oy), v in back if oy and ox * dx < 0) >= 2
