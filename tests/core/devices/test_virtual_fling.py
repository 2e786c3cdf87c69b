"""Fling physics on the virtual phone (core/devices/virtual/fling.py), generated: a fast swipe
moves the content further than the finger, a slow drag by the finger's travel less the touch
slop, never past the list's end, and the same swipe always lands on the same screen
(recordings replay by duration)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.fling import (
    FLING_MIN_DP_S,
    LU_PER_DP,
    MAX_GLIDE_DP,
    TOUCH_SLOP_LU,
    drag,
    glide,
)
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import max_offset

travels = st.integers(-6000, 6000).filter(lambda t: abs(t) >= 16)
durations = st.integers(1, 3000)


@given(travels, durations)
def test_momentum_follows_the_finger_and_grows_with_speed(travel: int, ms: int) -> None:
    extra = glide(travel, ms)
    assert extra * travel >= 0  # never against the finger
    assert abs(extra) <= round(MAX_GLIDE_DP * LU_PER_DP)
    velocity = abs(travel) / LU_PER_DP / (ms / 1000)
    if velocity <= FLING_MIN_DP_S:
        assert extra == 0  # a drag has no momentum
    if velocity >= FLING_MIN_DP_S + 100:
        assert abs(extra) > 0  # a fling has some
    assert abs(glide(travel, ms + 50)) <= abs(extra)  # slower: never further
    assert abs(glide(travel + (1 if travel > 0 else -1) * 100, ms)) >= abs(extra)


@settings(max_examples=40, deadline=None)
@given(
    start=st.integers(0, 6000),
    y1=st.integers(300, 2200),
    travel=travels,
    ms=st.sampled_from((40, 80, 120, 200, 300, 600, 1000)),
    profile=st.sampled_from(sorted(PRESETS)),
)
def test_a_swipe_scrolls_the_finger_s_travel_less_slop_plus_momentum_to_the_list_s_end(
    start: int, y1: int, travel: int, ms: int, profile: str
) -> None:
    def swiped() -> Playground:
        pg = Playground(profile=PRESETS[profile])
        pg.launch_app(APP_PACKAGE, ".InboxActivity")
        top = pg.windows()[1].root.bounds[3] // 3  # on the list, whatever the profile
        pg.state.inbox.offset = min(start, max_offset(pg.screen.nav_top))
        y = max(top, min(y1 * pg.profile.height // 2400, pg.profile.height - top))
        pg.swipe(pg.profile.width // 2, y, pg.profile.width // 2, y - travel, ms)
        return pg

    pg = swiped()
    before = min(start, max_offset(pg.screen.nav_top))
    moved = pg.state.inbox.offset - before
    finger = pg.profile.to_layout(travel)
    content = pg.profile.to_layout(drag(travel, pg.profile.px(TOUCH_SLOP_LU)))
    end = max_offset(pg.screen.nav_top) if travel > 0 else 0
    if moved:  # the swipe started on the list
        assert content  # a drag within the slop never moves the list
        want = max(0, min(max_offset(pg.screen.nav_top), before + content + glide(finger, ms)))
        assert pg.state.inbox.offset == want
        assert abs(moved) >= min(abs(content), abs(end - before))  # never short of the drag
        if glide(finger, ms) and abs(end - before) > abs(content + glide(finger, ms)):
            assert abs(moved) > abs(content)  # a fling goes further than the drag
    assert swiped().state == pg.state  # the same swipe, the same screen
