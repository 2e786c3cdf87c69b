"""The caller's gesture read against the measured scrolls: a page takes the finger's
direction, an offset against the finger is twins mismatched (:func:`with_gesture`, a part of
:func:`deltarec.core.diff.scrolls.find_motions`); where a touch started (:func:`started_in`,
:func:`under`) and whether a view drawn over a list took it (:func:`covered`)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from deltarec.core.diff.axis import at_edge, sideways
from deltarec.core.diff.finger import strayed
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pages import bare
from deltarec.core.diff.recycled import laid_out_once
from deltarec.core.diff.row_evidence import displacement
from deltarec.core.diff.unique_labels import in_web
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds


def with_gesture(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], motions: list[Motion], gesture: Gesture
) -> list[Motion]:
    """``motions`` read with the caller's gesture (:mod:`deltarec.core.diff.gesture`).

    In a host under the swipe's start, content moves with the finger: an offset against it
    is twins mismatched (rows that repeat), so the offset is unknown (a page); a page takes
    the finger's direction. A host whose items lie across the swipe (:func:`across_swipe`:
    rows stacked under a sideways swipe) the finger moved not at all: a page read there, or
    a move across the finger (rows an insertion pushed down), is no scroll of the swipe's,
    and is dropped (``tests/core/shapes/test_grids.py``: "scrolled left about a page" on a
    ScrollView whose grid grew). A list under the start that no motion names, whose rows came in
    and left while every row paired inside moved against the finger (labels of repeating
    rows paired across the move), turned a page too. Hosts elsewhere, and every host after
    a tap, are left alone — and after a touch that some phone takes as a tap
    (:attr:`~deltarec.core.diff.gesture.Gesture.tap_from_dpi`: 21 px on a 420 dpi phone is
    within its slop): the list stayed under it, and rows it relabelled (a card liked, its
    count ticked) are no page turned the finger's way.
    """
    toward = gesture.content
    if toward == (0, 0) or gesture.tap_from_dpi:
        return motions
    out = []
    named: set[int] = set()
    for m in motions:
        if started_in(curr, m.curr, gesture):
            crossed = m.dy if toward[0] else m.dx  # a move across the finger's axis
            if (m.page or crossed) and across_swipe(curr, m.curr, gesture):
                continue  # its items lie across the swipe: the finger moved none of them
            if m.page or against(gesture, m.dx, m.dy):
                m = Motion(m.curr, m.prev, 0, 0, page=True, toward=toward)
        out.append(m)
        named.add(m.curr)
    host = -1
    for c, node in enumerate(curr.nodes):  # the innermost list under the start
        if scrolls_by_nature(node) and c in pairs and touched(curr, c, gesture):
            host = c
    if host < 0 or any(host <= m <= curr.subtree_end(host) for m in named):
        return out
    if across_swipe(curr, host, gesture):
        return out  # rows stacked under a sideways swipe (or side by side under a vertical one)
    if any(m in named for m in curr.ancestors(host)):
        return out
    p = pairs[host]
    used = set(pairs.values())
    box = curr.nodes[host].bounds
    came = sum(k not in pairs for k in curr.children[host])
    left = sum(q not in used for q in prev.children[p])
    stayed = 0
    for k in curr.children[host]:
        q = pairs.get(k)
        if q is None or at_edge(curr.nodes[k].bounds, box):
            continue
        moved = displacement(prev.nodes[q].bounds, curr.nodes[k].bounds)
        if moved is None or moved == (0, 0):
            if came and left:
                stayed += 1
                continue  # put or resized while rows came and left under the finger: a twin
            return out  # a row stayed: not a page
        if not gesture.contradicts(*moved):
            return out  # a row moved with the finger: not a page
    # Twins of a turned page are a few of its rows; rows that stayed put outnumbering those
    # that came and went are the list kept in place (a footer gave way to a page appended).
    if came and left and stayed <= max(came, left):
        out.append(Motion(host, p, 0, 0, page=True, toward=toward))
        out.sort(key=lambda m: m.curr)
    return out


MAX_WRAPPERS = 4
"""How deep :func:`across_swipe` looks into content laid out once that shows one item."""


def across_swipe(frame: Frame, host: int, gesture: Gesture) -> bool:
    """Whether ``host``'s items lie across the swipe's axis, so the swipe did not scroll it:
    rows stacked one above another (a list, a grid's tiles, a ScrollView's column, looked
    into: :func:`~deltarec.core.diff.recycled.laid_out_once`) under a sideways swipe, items
    side by side (a carousel) under a vertical one. A grid that grew as tiles were put in,
    swiped sideways, turned no page (``tests/core/shapes/grids.py``, ``stagger`` and
    ``grown``). Stacked: one item wholly below another, or below another of its column (a
    staggered grid's columns overlap one another); under a sideways swipe, a container of
    one item in view is asked of that item's, in content laid out once only (a
    ``ScrollView``'s column or a web page's body holding one grid; a pager's one page holds
    a list of its own, which a swipe sideways does not ask). A pager's one page lies along
    neither axis: not asked. O(children · log).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> rows = "".join(f'<node class="T" bounds="[0,{y}][9,{y + 4}]"/>' for y in (0, 5))
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView" '
    ...     f'bounds="[0,0][9,9]"><node class="F" bounds="[0,0][9,9]">{rows}</node></node>'
    ...     '</hierarchy>'))
    >>> across_swipe(f, 0, Gesture(8, 5, 1, 5)), across_swipe(f, 0, Gesture(5, 8, 5, 1))
    (True, False)
    """
    kids = frame.children[host]
    content = kids[0] if len(kids) == 1 and laid_out_once(frame, host) else host
    if sideways(frame, content):
        return gesture.vertical
    if gesture.vertical:
        return False
    parent = frame.parents[host]
    column = (
        content != host or (parent >= 0 and laid_out_once(frame, parent)) or in_web(frame, host)
    )
    for _ in range(MAX_WRAPPERS if column else 0):  # content laid out once, one item in view
        if len(kids := frame.children[content]) != 1:
            break
        content = kids[0]
        if sideways(frame, content):
            return False
    boxes = [b for k in frame.children[content] if (b := frame.nodes[k].bounds).area]
    tops = sorted((b.top, b.bottom) for b in boxes)
    if any(b_top >= a_bottom for (_, a_bottom), (b_top, _) in pairwise(tops)):
        return True
    columns = sorted((b.left, b.top, b.bottom) for b in boxes)  # a staggered grid's
    return any(
        left == b_left and b_top >= a_bottom
        for (left, _, a_bottom), (b_left, b_top, _) in pairwise(columns)
    )


def against(gesture: Gesture, dx: int, dy: int) -> bool:
    """Whether content moved by (dx, dy) cannot have followed ``gesture``: against the finger
    on its main axis, or further across it than the finger went, in proportion (a glide keeps
    the release's direction): a grid tile's "$39.99" 510 px to the side of another's after a
    swipe 7 px off vertical is a twin, not the move. A tap (no direction) rules out nothing.

    >>> g = Gesture(243, 2054, 236, 172, 200)
    >>> against(g, 0, 1400), against(g, -510, -1400), against(g, -4, -3308)
    (True, True, False)
    """
    sx, sy = gesture.content
    if (sx, sy) == (0, 0) or sx * dx < 0 or sy * dy < 0:
        return (sx, sy) != (0, 0)
    return strayed(gesture, dx, dy)


def started_in(curr: Frame, host: int, gesture: Gesture) -> bool:
    """Whether the gesture started on ``host`` (:func:`touched`), or on the scrollable that
    holds it when it is a bare wrapper (a web page's ``article``, cut below a fixed
    header)."""
    if touched(curr, host, gesture):
        return True
    if not bare(curr.nodes[host]):
        return False
    for a in curr.ancestors(host):  # the nearest
        if scrolls_by_nature(curr.nodes[a]):
            return touched(curr, a, gesture)
    return False


def touched(frame: Frame, host: int, gesture: Gesture) -> bool:
    """Whether the gesture started on ``host`` and ``host`` may have taken it: inside its box
    and not on a view drawn over it (:func:`covered`)."""
    return under(frame.nodes[host].bounds, gesture) and not covered(frame, host, gesture)


def covered(frame: Frame, host: int, gesture: Gesture) -> bool:
    """Whether the gesture started on a view drawn over part of ``host`` that may have taken
    the touch: one later in document order (painted after it: a later sibling, a later
    window), outside ``host``'s subtree and outside every scrollable around ``host`` (a web
    page's fixed header scrolls with the page the finger moves), under the start, smaller
    than ``host`` (a full-screen layer over everything is a wrapper, not a view over the
    list), and clickable or holding a label or a clickable (a snackbar: Material's consumes
    every touch, though its dump says nothing of it).

    Such a touch says nothing of ``host``: the finger may never have moved it (issue 18,
    the tablet walk's seed 1 step 48: a fling up from the snackbar over the Inbox moved
    nothing, two new rows pushed the rows down, read as a page turned with the finger). A
    view that lets touches through (a sticky label over a list) is read the same way: a
    doubt, so the dumps alone speak. O(nodes after ``host``'s subtree)."""
    box = frame.nodes[host].bounds
    end = frame.subtree_end(host)
    for a in frame.ancestors(host):
        if scrolls_by_nature(frame.nodes[a]):
            end = max(end, frame.subtree_end(a))
    nodes = frame.nodes
    for q in range(end, len(nodes)):
        b = nodes[q].bounds
        if not under(b, gesture) or (
            b.left <= box.left
            and b.top <= box.top
            and b.right >= box.right
            and b.bottom >= box.bottom
        ):
            continue
        if any(
            nodes[k].clickable or nodes[k].text or nodes[k].content_desc
            for k in range(q, frame.subtree_end(q))
        ):
            return True
    return False


def under(b: Bounds, gesture: Gesture) -> bool:
    """Whether the gesture started inside ``b``."""
    return b.left <= gesture.x1 < b.right and b.top <= gesture.y1 < b.bottom
