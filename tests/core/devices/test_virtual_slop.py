"""Touch slop on the virtual phone: a native scroller moves by the finger's travel less 8 dp.

AOSP ``RecyclerView.onTouchEvent`` and ``ScrollView.onTouchEvent`` subtract
``ViewConfiguration``'s touch slop (8 dp: 21 px at 420 dpi) once, when the drag starts, on
the drag's axis; a drag within the slop never starts (core/devices/virtual/fling.py). The
oracle here restates the fact on its own (8 dp in the profile's px) rather than reading the
phone's constant. Generated over every native scroller (the Inbox, the Feed and its
carousel, the Settings list, the sign-up form), presets and random profiles, both
directions, slow drags (content = travel − slop, exactly) and flicks (plus the glide, which
comes from the finger's velocity); the Article's WebView keeps the finger's whole travel.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import PRESETS, Playground, Profile
from deltarec.core.devices.virtual.fling import glide
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.screen_article import max_offset as article_max
from tests.core.devices.test_virtual_reflow import profiles
from tests.core.devices.test_virtual_scroll_px import _find, _scrollers

SLOP_LU = 21
"""8 dp in layout units (the reference phone's px at 420 dpi)."""

OFFSETS = {
    "inbox": lambda pg: pg.state.inbox.offset,
    "feed": lambda pg: pg.state.feed.offset,
    "chips": lambda pg: pg.state.feed.chips_offset,
    "settings": lambda pg: pg.state.settings.offset,
    "form": lambda pg: pg.state.form.offset,
}


def _drag(profile: Profile, name: str, fraction: float, ms: int) -> tuple[int, int, int, int]:
    """Drag ``name`` from its middle offset by ``fraction`` of its half-size (signed) in
    ``ms``: (finger travel in px, slop in px, offset before, offset after), in lu."""
    pg = Playground(profile=profile)
    activity, rid, highest, setter = _scrollers(pg)[name]
    pg.launch_app(APP_PACKAGE, f".{activity}")
    if name == "form":
        pg.perform("focus:name")  # the keyboard up: the form scrolls (its highest offset)
    setter(pg.state, highest // 2)
    before = OFFSETS[name](pg)
    left, top, right, bottom = _find(pg, rid).bounds
    x, y = (left + right) // 2, (top + bottom) // 2
    half = ((right - left) if name == "chips" else (bottom - top)) // 2
    travel = round(fraction * (half - 1))
    if name == "chips":
        pg.swipe(x, y, x - travel, y, ms)
    else:
        pg.swipe(x, y, x, y - travel, ms)
    return travel, profile.px(SLOP_LU), before, OFFSETS[name](pg)


def _highest(profile: Profile, name: str) -> int:
    return _scrollers(Playground(profile=profile))[name][2]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(list(PRESETS.values())) | profiles(),
    st.sampled_from(sorted(OFFSETS)),
    st.floats(-1, 1).filter(lambda f: abs(f) > 0.02),
    st.sampled_from((40, 300, 1000)),
)
def test_a_drag_moves_native_content_by_the_finger_s_travel_less_the_touch_slop(
    profile: Profile, name: str, fraction: float, ms: int
) -> None:
    highest = _highest(profile, name)
    if highest < 4:
        return  # fits on this screen: nothing scrolls
    travel, slop, before, after = _drag(profile, name, fraction, ms)
    if abs(travel) <= slop:
        assert after == before, (travel, slop)  # the drag never started
        return
    content = travel - slop if travel > 0 else travel + slop
    finger = profile.to_layout(travel)
    want = max(0, min(highest, before + profile.to_layout(content) + glide(finger, ms)))
    assert after == want, (travel, slop, before, after)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(list(PRESETS.values())) | profiles(), st.integers(1, 60))
def test_a_drag_within_the_slop_moves_nothing(profile: Profile, px: int) -> None:
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".FeedActivity")
    pg.state.feed.offset = 300
    x, y = profile.width // 2, profile.height * 2 // 3
    slop = profile.px(SLOP_LU)
    pg.swipe(x, y, x, y - px, 300)
    if px >= profile.px(16) and px <= slop:  # a drag, not a tap, and within the slop
        assert pg.state.feed.offset == 300
    if px > slop:
        assert pg.state.feed.offset == 300 + profile.to_layout(px - slop)


def test_pinned_on_the_default_phone() -> None:
    """2,000 px at 2.625 density: the list moves 1,979 px; 21 px moves nothing; 22 px, 1."""
    for px, moved in ((2000, 1979), (400, 379), (22, 1), (21, 0), (17, 0)):
        pg = Playground()
        pg.launch_app(APP_PACKAGE, ".InboxActivity")
        pg.swipe(540, 2200, 540, 2200 - px, 5000)  # slow: no glide
        assert pg.state.inbox.offset == moved, px
    pg = Playground()
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.swipe(540, 1800, 540, 1300, 60)  # a flick keeps its glide on top of the drag
    assert pg.state.inbox.offset == 479 + glide(500, 60) > 479


def test_the_web_view_keeps_the_finger_s_whole_travel() -> None:
    """Chromium's own gesture handling is not modelled: the WebView moves by the finger."""
    pg = Playground()
    pg.launch_app(APP_PACKAGE, ".ArticleActivity")
    assert article_max(pg.screen.width, pg.screen.nav_top) > 400
    pg.swipe(540, 1800, 540, 1400, 1000)
    assert pg.state.article.offset == 400
