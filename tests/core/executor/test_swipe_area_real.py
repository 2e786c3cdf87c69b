"""The visible box of every scrollable of every real capture (fixtures/real/), in every direction.

An oracle from the screen alone: for each scrollable and direction, on the line through its
centre (and through random points of it, hypothesis), every gesture :func:`plan` lays out in
:func:`visible_box` starts and ends on a point whose topmost node (the last in document order
holding it, a container that covers the whole scrollable and is not clickable aside: Android
passes touches through it) is the scrollable or inside it — never a status or navigation
bar, a toolbar or a bar drawn over the list — and no gesture is longer than asked or than the
box.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.executor.swipe_area import plan, scrollables, visible_box
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds
from tests.conftest import REAL_DUMPS

CAPTURES = sorted(str(p.relative_to(REAL_DUMPS)) for p in REAL_DUMPS.rglob("*.xml"))
DIRECTIONS = ("up", "down", "left", "right")


@cache
def frame_of(name: str) -> Frame:
    return Frame(parse_uiautomator((Path(REAL_DUMPS) / name).read_bytes(), source=name))


def top_node(frame: Frame, x: int, y: int, box: Bounds, host: int) -> int:
    """The node that takes a touch at (x, y): the last in document order holding it, past
    containers outside ``host`` covering all of ``box`` that take no touches (Android
    passes those on)."""
    inside = range(host, frame.subtree_end(host))
    for pos in range(len(frame.nodes) - 1, -1, -1):
        node = frame.nodes[pos]
        b = node.bounds
        covers = b.left <= box.left and b.top <= box.top and b.right >= box.right
        passes = covers and b.bottom >= box.bottom and not node.clickable and pos not in inside
        if b.contains_point(x, y) and not passes:
            return pos
    return -1


def check(frame: Frame, pos: int, direction: str, cross: int, distance: int | None) -> int:
    """Check one swipe (module docstring); the gestures it made."""
    area = frame.nodes[pos].bounds
    box = visible_box(frame, pos, area, direction, cross)
    if box.area == 0:
        return 0
    vertical = direction in ("up", "down")
    swipe = plan(box, direction, cross, distance)
    assert swipe.done <= max(swipe.asked, 0)
    assert swipe.count <= 10
    for x1, y1, x2, y2 in swipe.gestures() if swipe.done > 0 else []:
        for x, y in ((x1, y1), (x2, y2)):
            assert box.contains_point(x, y), (x, y, box)
            top = top_node(frame, x, y, box, pos)
            assert pos <= top < frame.subtree_end(pos), (
                f"{direction} at ({x},{y}) lands on {frame.nodes[top].resource_id or top}"
            )
        moved = abs(y2 - y1) if vertical else abs(x2 - x1)
        assert moved <= (box.height if vertical else box.width)
    return swipe.count


def test_there_are_real_captures_with_scrollables() -> None:
    assert len(CAPTURES) >= 40
    assert sum(bool(scrollables(frame_of(name))) for name in CAPTURES) >= 20


@pytest.mark.parametrize("name", CAPTURES)
def test_every_scrollable_through_its_centre(name: str) -> None:
    frame = frame_of(name)
    for pos in scrollables(frame):
        cx, cy = frame.nodes[pos].bounds.center
        for direction in DIRECTIONS:
            cross = cx if direction in ("up", "down") else cy
            for distance in (None, 50, 4000, 20_000):
                check(frame, pos, direction, cross, distance)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(CAPTURES),
    st.integers(0, 10_000),
    st.sampled_from(DIRECTIONS),
    st.floats(0, 1),
    st.none() | st.integers(50, 20_000),
)
def test_any_line_through_any_scrollable(
    name: str, pick: int, direction: str, at: float, distance: int | None
) -> None:
    frame = frame_of(name)
    found = scrollables(frame)
    if not found:
        return
    pos = found[pick % len(found)]
    b = frame.nodes[pos].bounds
    low, high = (b.left, b.right) if direction in ("up", "down") else (b.top, b.bottom)
    if high <= low:
        return
    check(frame, pos, direction, min(high - 1, low + int(at * (high - low))), distance)
