"""Generated cases: a diff whose changes are all moves names what moved, once.

A dialog pushed up by the keyboard moves every node inside it; the delta says so in one
``~ layout:`` line naming the outermost element that moved, its direction and distance
(was: ``~ layout: 24 moved or resized``, naming nothing).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import observe_delta


def _dialog(top: int, fields: int, left: int = 100) -> Observation:
    kids = tuple(
        Node(
            role="text",
            class_name="android.widget.TextView",
            text=f"Line {i}",
            bounds=Bounds(left + 20, top + 20 + 60 * i, left + 700, top + 70 + 60 * i),
        )
        for i in range(fields)
    )
    box = Node(
        role="dialog",
        class_name="android.widget.FrameLayout",
        resource_id="android:id/content",
        bounds=Bounds(left, top, left + 800, top + 40 + 60 * fields),
        children=kids,
    )
    return build_observation((box,), screen=(1080, 2400))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 6), st.integers(-400, 400).filter(lambda d: d != 0), st.booleans())
def test_a_moved_dialog_is_named_once_with_its_move(fields: int, shift: int, across: bool) -> None:
    before = _dialog(900, fields)
    after = _dialog(900, fields, left=100 + shift) if across else _dialog(900 + shift, fields)
    text = observe_delta(before, after).text
    way = ("left", "right", "up", "down")[2 * (not across) + (shift > 0)]
    assert text == (
        f'~ layout: [0] dialog "Line 0" moved {way} {abs(shift)}px'
        f" ({fields + 1} moved or resized in all)"
    )


def test_a_resized_element_is_named_resized() -> None:
    a, b = _dialog(900, 2), _dialog(900, 3)
    grown = replace(b.windows[0], children=a.windows[0].children)  # same lines, taller box
    assert observe_delta(a, build_observation((grown,), screen=(1080, 2400))).text == (
        '~ layout: [0] dialog "Line 0" resized'
    )
