"""A page turned inside nested scrollers is listed once (found by ``bench_truth --profile
small --seed 0``, walk seed 5 step 131, once the phone took the touch slop: the Feed at
3,054 lu, ``swipe(681,1446,646,0,300)``). The Feed's ScrollView wraps its RecyclerView
(``feed_scroll > FrameLayout > feed_content``); when every row was replaced, the page was
found once from the ScrollView (through its wrappers) and once from the list itself: two
"↕ feed_content scrolled … a page" lines, the first with +0/-0 rows.

Generated: far flings on the small phone's Feed from every 250 lu: each scrolled host is
named once in the JSON and the text."""

from __future__ import annotations

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import PRESETS, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.screen_feed import max_offset
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observer import observe_delta

FLINGS = ((681, 1446, 646, 0, 300), (360, 1400, 340, 100, 200))
"""The walk's fling, and a quicker, shorter one."""


def test_far_flings_on_the_feed_name_each_scrolled_host_once() -> None:
    """Every 250 lu of the small phone's Feed, both flings: each host named once (before the
    fix: 8 of 96 named ``feed_content`` twice)."""
    twice = []
    profile = PRESETS["small"]
    screen = Playground(profile=profile).screen
    for offset in range(0, max_offset(screen.width, screen.nav_top) + 1, 250):
        for g in FLINGS:
            pg = Playground(profile=profile)
            pg.launch_app(APP_PACKAGE, ".FeedActivity")
            pg.state.feed.offset = offset
            a = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
            pg.swipe(*g)
            b = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
            result = observe_delta(a, b, max_lines=None, gesture=Gesture(*g))
            keys = [s["key"] for s in result.diff["scrolls"]]
            lines = [x for x in result.text.splitlines() if x.startswith("↕")]
            if len(keys) != len(set(keys)) or len(lines) != len(set(lines)):
                twice.append((offset, g))
    assert twice == []


def test_the_walk_s_step_lists_the_feed_once() -> None:
    """The bench's step (module docstring), golden."""
    pg = Playground(profile=PRESETS["small"])
    pg.launch_app(APP_PACKAGE, ".FeedActivity")
    pg.state.feed.offset, pg.state.feed.liked = 3054, {5}
    a = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
    pg.swipe(681, 1446, 646, 0, 300)
    b = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
    told = observe_delta(a, b, max_lines=None, gesture=Gesture(681, 1446, 646, 0, 300)).text
    assert [x for x in told.splitlines() if x.startswith("↕")] == [
        '↕ [6] list "feed_content" scrolled down about a page or more (+4 rows, -3 rows)'
    ]
