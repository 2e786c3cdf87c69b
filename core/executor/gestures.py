"""Gesture geometry: swipes and points relative to an element or the screen, so they carry over.

A recording made on one phone replays on phones of other sizes when its gestures say what
they meant rather than where the finger was. A swipe is a ``direction`` (where the finger
moves: "up" scrolls a list to later rows) and a ``percent`` of the swiped area's extent
along that axis, as Maestro's percentages are; a point nothing else identifies is a
fraction of the screen's width and height. Replaying scales them to the element (found by
selector) or the screen the replay phone has.

The extent of an area along an axis is its size there minus one (the last pixel inside
it), so :func:`relative_swipe` and :func:`swipe_points` are inverse: recorded at
``percent``, replayed on the same area, the finger moves the same number of pixels.

    >>> area = Bounds(0, 200, 1080, 2300)
    >>> relative_swipe(area, 540, 2000, 540, 300)
    ('up', 80.99)
    >>> swipe_points(area, "up", length(area, "up", 80.99))
    (540, 2100, 540, 400)
    >>> scaled_point(0.5, 0.25, 720, 1600)
    (360, 400)
"""

from __future__ import annotations

from deltarec.core.observe.model import Bounds

DIRECTIONS = ("up", "down", "left", "right")
SWIPE_SHARE = 0.6
"""Default swipe distance: this share of the element's (or screen's) extent."""
PERCENT_DIGITS = 2
"""Recorded percentages keep two decimals: 0.01% of a 3,000 px list is a third of a pixel."""
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def _vertical(direction: str) -> bool:
    return direction in ("up", "down")


def extent(area: Bounds, direction: str) -> int:
    """How far a finger can move inside ``area`` along ``direction``'s axis (pixels).

    >>> extent(Bounds(0, 0, 100, 1000), "up"), extent(Bounds(0, 0, 100, 1000), "left")
    (999, 99)
    """
    size = area.height if _vertical(direction) else area.width
    return max(size - 1, 0)


def length(area: Bounds, direction: str, percent: float) -> int:
    """The pixels ``percent`` of ``area``'s extent along ``direction`` stands for (at least 1)."""
    return max(1, round(extent(area, direction) * percent / 100))


def relative_swipe(area: Bounds, x1: int, y1: int, x2: int, y2: int) -> tuple[str, float] | None:
    """A finger move from (x1, y1) to (x2, y2) as ``(direction, percent)`` of ``area``.

    The direction is the dominant axis's (a diagonal drag scrolls a list along its axis);
    the percent is capped at 100 (a finger cannot move farther inside the area than its
    extent). None when the move has no length along either axis, or the area none.
    """
    dx, dy = x2 - x1, y2 - y1
    if abs(dy) >= abs(dx):
        direction, moved = ("up" if dy < 0 else "down"), abs(dy)
    else:
        direction, moved = ("left" if dx < 0 else "right"), abs(dx)
    room = extent(area, direction)
    if moved == 0 or room == 0:
        return None
    return direction, min(100.0, round(100 * moved / room, PERCENT_DIGITS))


def swipe_points(area: Bounds, direction: str, distance: int | None) -> tuple[int, ...]:
    """``(x1, y1, x2, y2)`` of a swipe through ``area``'s centre, clamped inside it.

    ``direction`` is the finger's: "up" drags content up (a list shows later rows).
    Without ``distance``, :data:`SWIPE_SHARE` of the extent.

    >>> swipe_points(Bounds(0, 0, 100, 1000), "up", 400)
    (50, 700, 50, 300)
    """
    cx, cy = area.center
    vertical = _vertical(direction)
    low, high = (area.top, area.bottom - 1) if vertical else (area.left, area.right - 1)
    middle = cy if vertical else cx
    room = high - low
    moved = min(distance if distance is not None else int(room * SWIPE_SHARE), room)
    start = min(high, max(low, middle + moved // 2))
    end = max(low, start - moved)
    if direction in ("down", "right"):
        start, end = end, start
    return (cx, start, cx, end) if vertical else (start, cy, end, cy)


def screen_fraction(value: int, size: int) -> float:
    """``value`` pixels as a fraction of ``size`` (4 decimals: a tenth of a pixel at 2,400).

    >>> screen_fraction(540, 1080)
    0.5
    """
    return round(min(max(value / size, 0.0), 1.0), 4) if size > 0 else 0.0


def scaled_point(rx: float, ry: float, width: int, height: int) -> tuple[int, int]:
    """The pixel a screen fraction ``(rx, ry)`` means on a ``width`` × ``height`` screen
    (kept inside it)."""
    x = min(max(round(rx * width), 0), max(width - 1, 0))
    y = min(max(round(ry * height), 0), max(height - 1, 0))
    return x, y


__all__ = [
    "DIRECTIONS",
    "OPPOSITE",
    "SWIPE_SHARE",
    "extent",
    "length",
    "relative_swipe",
    "scaled_point",
    "screen_fraction",
    "swipe_points",
]
