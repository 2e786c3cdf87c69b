"""Where a direction swipe may put the finger: the visible part of the scrollable it acts on.

``AC_swipe {direction, distance}`` (and its selector form) acts on one scrollable: the
one under the swipe's anchor (the screen's centre), or the one holding the selector's
element (the element itself when it scrolls, else its nearest scrolling ancestor).
A finger that starts or ends on something drawn over that scrollable — the status bar,
the navigation bar, a toolbar or a bottom bar painted over the list, the keyboard —
moves that instead, and the list does not scroll. So the swipe stays inside the
scrollable's **visible box** along the line it runs on:

1. the scrollable's bounds, cut to the screen;
2. minus every **obstacle** crossing that line: a node drawn after the scrollable (later
   in document order, so painted over it) that is not inside it and does not cover the
   whole box unless it takes touches (a window root or a full-screen layer that is not
   clickable is layout and passes touches through, as Android dispatches them), a system bar
   (``com.android.systemui`` ids, ``statusBarBackground``, ``navigationBarBackground``)
   wherever it is in the dump, and the on-screen keyboard;
3. the longest free stretch of the line that is left.

A node inside the scrollable never blocks it (a sticky header in a web page scrolls the
page when dragged, as on Android). With no scrollable under the anchor, the box is the
screen (or the selected element) minus the same bars.

:func:`plan` lays the gestures out in that box: each stays :data:`EDGE_SHARE` of the box's
extent away from its ends (an edge swipe is a system gesture on phones with gesture
navigation); a ``distance`` longer than one gesture can go is honoured with several equal
gestures, at most :data:`MAX_GESTURES`, in a scrollable that moves along the swipe's axis
(:func:`takes_axis`; across it, once), and what could not be honoured is reported as
clamped (asked vs done, in px). A ``percent`` (what recordings write) is one gesture.

    >>> p = plan(Bounds(0, 252, 1080, 2274), "up", 540, 4000)
    >>> (p.count, p.done, p.clamped, p.points)
    (3, 4000, False, (540, 1930, 540, 596))
    >>> plan(Bounds(0, 252, 1080, 2274), "up", 540, 30_000).clamped
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.diff.axis import sideways
from deltarec.core.diff.gesture import Gesture, scrollable_of, top_node
from deltarec.core.executor.gestures import SWIPE_SHARE, extent, length, swipe_points
from deltarec.core.executor.selectors import Selector, match
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds, Node

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context
    from deltarec.core.observe.index import ElementIndex

MAX_GESTURES = 10
"""At most this many gestures per call: ``{down, 20000}`` on a 2,000 px list is ten pages."""
EDGE_SHARE = 1 / 40
"""A gesture keeps this share of the box's extent from each end (about 50 px on a phone)."""
_SYSTEM_IDS = ("id/statusBarBackground", "id/navigationBarBackground")


def _vertical(direction: str) -> bool:
    return direction in ("up", "down")


def scrollables(frame: Frame) -> list[int]:
    """Every scrolling node with a visible box on screen, in document order."""
    screen = frame.obs.screen
    return [
        p
        for p, n in enumerate(frame.nodes)
        if scrolls_by_nature(n) and (screen.area == 0 or screen.intersection(n.bounds) > 0)
    ]


def _system_bar(node: Node) -> bool:
    rid = node.resource_id
    return rid.startswith("com.android.systemui:") or rid.endswith(_SYSTEM_IDS)


def obstacles(frame: Frame, pos: int | None, box: Bounds) -> list[Bounds]:
    """What is drawn over ``box`` and is not part of the scrollable at ``pos`` (module
    docstring, item 2); ``pos`` None: only the system bars and the keyboard."""
    out = [frame.obs.keyboard] if frame.obs.keyboard is not None else []
    inside = range(pos, frame.subtree_end(pos)) if pos is not None else range(0)
    for p, node in enumerate(frame.nodes):
        b = node.bounds
        if p in inside or b.intersection(box) == 0:
            continue
        later = pos is not None and p > pos and (node.clickable or not _covers(b, box))
        if later or _system_bar(node):
            out.append(b)
    return out


def _covers(outer: Bounds, inner: Bounds) -> bool:
    return (
        outer.left <= inner.left
        and outer.top <= inner.top
        and outer.right >= inner.right
        and outer.bottom >= inner.bottom
    )


def free_stretch(box: Bounds, blocked: list[Bounds], direction: str, cross: int) -> Bounds:
    """The longest stretch of ``box`` along ``direction``'s axis, on the line at ``cross``,
    that no ``blocked`` box crosses (the first of equals); an empty box when none is left."""
    vertical = _vertical(direction)
    low, high = (box.top, box.bottom) if vertical else (box.left, box.right)
    cuts = sorted(
        (b.top, b.bottom) if vertical else (b.left, b.right)
        for b in blocked
        if ((b.left <= cross < b.right) if vertical else (b.top <= cross < b.bottom))
    )
    best, at = (low, low), low
    for start, end in [*cuts, (high, high)]:
        if min(start, high) - at > best[1] - best[0]:
            best = (at, min(start, high))
        at = max(at, end)
    a, b = best
    return Bounds(box.left, a, box.right, b) if vertical else Bounds(a, box.top, b, box.bottom)


def visible_box(frame: Frame, pos: int | None, area: Bounds, direction: str, cross: int) -> Bounds:
    """The visible part of ``area`` (the scrollable at ``pos``'s bounds, or the screen /
    element when None) a swipe along ``direction`` at ``cross`` may use (module docstring)."""
    screen = frame.obs.screen
    box = area
    if screen.area > 0:
        box = Bounds(
            max(area.left, 0),
            max(area.top, 0),
            min(area.right, screen.right),
            min(area.bottom, screen.bottom),
        )
    if box.area == 0:
        return Bounds(box.left, box.top, box.left, box.top)
    return free_stretch(box, obstacles(frame, pos, box), direction, cross)


@dataclass(frozen=True, slots=True)
class SwipePlan:
    """``count`` gestures, each from ``points[:2]`` to ``points[2:]`` (the first; all move
    ``lengths``), ``asked`` px asked for and ``done`` px the finger moves in all."""

    points: tuple[int, ...]
    lengths: tuple[int, ...]
    asked: int

    @property
    def count(self) -> int:
        return len(self.lengths)

    @property
    def done(self) -> int:
        return sum(self.lengths)

    @property
    def clamped(self) -> bool:
        return self.done < self.asked

    def gestures(self) -> list[tuple[int, int, int, int]]:
        """Every gesture's ``(x1, y1, x2, y2)``: each as long as its length, on one line."""
        x1, y1, x2, y2 = self.points
        out = []
        for moved in self.lengths:
            dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
            out.append((x1, y1, x1 + dx * moved, y1 + dy * moved))
        return out


def _inner(box: Bounds, direction: str, cross: int) -> Bounds:
    """``box`` less :data:`EDGE_SHARE` at each end along the axis, one pixel wide at ``cross``."""
    margin = int(extent(box, direction) * EDGE_SHARE)
    if _vertical(direction):
        return Bounds(cross, box.top + margin, cross + 1, box.bottom - margin)
    return Bounds(box.left + margin, cross, box.right - margin, cross + 1)


def plan(
    box: Bounds,
    direction: str,
    cross: int,
    distance: int | None = None,
    percent: float | None = None,
    *,
    most: int = MAX_GESTURES,
) -> SwipePlan:
    """The gestures of a swipe along ``direction`` inside ``box`` on the line at ``cross``
    (module docstring): ``distance`` px in up to ``most`` gestures, else
    ``percent`` of the box's extent (default :data:`SWIPE_SHARE`) in one."""
    inner = _inner(box, direction, cross)
    room = max(extent(inner, direction), 0)
    if distance is None:
        full = extent(box, direction)
        asked = int(full * SWIPE_SHARE) if percent is None else length(box, direction, percent)
        lengths: tuple[int, ...] = (min(asked, room),)
    else:
        asked = distance
        count = min(most, -(-distance // room)) if room > 0 else 1
        each, extra = divmod(min(distance, count * room), count)
        lengths = tuple(each + (i < extra) for i in range(count))
    points = swipe_points(inner, direction, lengths[0])
    return SwipePlan(points, lengths if room > 0 else (0,), asked)


NAMED = 3
"""How many scrollables a swipe that started outside all of them names."""


def swipe_direction(
    ctx: Context,
    selector: Selector | None,
    direction: str,
    *,
    distance: int | None,
    percent: float | None,
    duration_ms: int,
    timeout: float,
) -> dict[str, Any]:
    """Make a direction swipe (module docstring) and return its result: ``from``/``to`` (the
    first gesture), the element found, ``swipes`` (more than one), ``clamped`` ``[asked,
    done]`` px (when done < asked), ``outside`` (the scrollables on screen, named, when
    the anchor is on none of them; ``[]``: there are none)."""
    result: dict[str, Any] = {}
    if selector is not None:
        found = ctx.find(selector, timeout=timeout)
        screen = ctx.screened
        assert screen is not None  # find numbered the screen it found the element on
        anchor, area = found.pos, found.bounds
        result = ctx.element_result()
    else:
        latest = ctx.session.latest
        screen = ctx.session.number(latest) if latest is not None else ctx.screen()
        area = screen.frame.obs.screen
        anchor = top_node(screen.frame, *area.center)
    cx, cy = area.center  # the element's centre, or the screen's
    frame = screen.frame
    pos = scrollable_of(frame, anchor)
    if pos is not None:
        area = frame.nodes[pos].bounds
    else:  # nothing to honour a long distance in: one gesture, clamped to the area
        result["outside"] = [str(match(screen, p)) for p in _named(screen)]
    low = area.left if _vertical(direction) else area.top
    cross = min(max(cx if _vertical(direction) else cy, low), _last(area, direction))
    box = visible_box(frame, pos, area, direction, cross)
    along = pos is not None and takes_axis(frame, pos, _vertical(direction))
    swipe = plan(box, direction, cross, distance, percent, most=MAX_GESTURES if along else 1)
    x1, y1, x2, y2 = swipe.points
    if swipe.done > 0:
        for gesture in swipe.gestures():
            ctx.device.swipe(*gesture, duration_ms)
        # The delta reads the step with what the finger did (content moves with it).
        ctx.session.gesture = Gesture(x1, y1, x2, y2, duration_ms)  # clamped: in the result
    result = {"from": [x1, y1], "to": [x2, y2], **result}
    if swipe.count > 1:
        result["swipes"] = swipe.count
    if swipe.clamped:
        result["clamped"] = [swipe.asked, swipe.done]
    return result


def takes_axis(frame: Frame, pos: int, vertical: bool) -> bool:
    """Whether scrollable ``pos`` or a scrolling ancestor (nested scrolling hands a swipe up)
    may move its content along the swipe's axis: a class of one axis (:data:`_ONE_AXIS`)
    along it alone; else items side by side scroll sideways, anything else up and down
    (a list's stacked rows; one item, a web page's or a ScrollView's content, clipped to the
    viewport, shows no axis: vertical, Android's default). Across every one of them a swipe
    moves no content: it acts on the item under it (a row swiped away), so it is made once,
    never repeated to honour a distance (``bench_agent.py`` tablet seed 7004: ``swipe
    {right, 12974}`` on the Inbox, six gestures, six rows archived). O(depth × items)."""
    for p in (pos, *frame.ancestors(pos)):
        if p != pos and not scrolls_by_nature(frame.nodes[p]):
            continue
        kind = frame.nodes[p].class_name.rsplit(".", 1)[-1]
        up_down = _ONE_AXIS[kind] if kind in _ONE_AXIS else not sideways(frame, p)
        if up_down == vertical:
            return True
    return False


_ONE_AXIS = {
    "ScrollView": True,
    "NestedScrollView": True,
    "ListView": True,
    "ExpandableListView": True,
    "HorizontalScrollView": False,
    "ViewPager": False,
}
"""Scrollables whose class fixes their axis (True: vertical), whatever their items show: a
ScrollView's one child (its content, clipped) tells no axis."""


def _last(box: Bounds, direction: str) -> int:
    """The last pixel of ``box`` across ``direction``'s axis."""
    return max(box.right - 1, box.left) if _vertical(direction) else max(box.bottom - 1, box.top)


def _named(screen: ElementIndex) -> list[int]:
    """The scrollables worth naming: numbered ones first, the largest first, :data:`NAMED`."""
    frame = screen.frame
    found = scrollables(frame)
    found.sort(key=lambda p: (p not in screen.number_of, -frame.nodes[p].bounds.area))
    return found[:NAMED]


__all__ = [
    "EDGE_SHARE",
    "MAX_GESTURES",
    "SwipePlan",
    "free_stretch",
    "obstacles",
    "plan",
    "scrollable_of",
    "scrollables",
    "swipe_direction",
    "top_node",
    "visible_box",
]
