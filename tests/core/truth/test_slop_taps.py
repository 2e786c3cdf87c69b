"""Generated taps slid by the touch slop on the scrolling screens, graded by the phone.

A finger that moves no further than the touch slop (8 dp: 21 px on the 420 dpi phone) is a
tap to the phone: the view under it acts (a card liked, a row opened), the list stays. The
executor still tells the diff the drag it sent. Every clickable in view, at seeded offsets
of each scrolling screen, is tapped so (down or up by the slop, as the diff is told): when
the phone's offsets did not change and the screen stayed, the delta holds no scroll (the
JSON has no scroll entry, no ``↕`` line but ``nothing scrolled``).

Found by ``bench_numbers --slop`` (seed 36 step 19, session 16 from seed 20: a Like tapped
so on the Feed read as ``scrolled up about a page or more`` and renumbered 24 elements).
"""

from __future__ import annotations

import random

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.truth.test_flings import SCREENS
from tests.core.truth.walk import _clickables

APP = "dev.deltarec.playground"
OFFSETS = 24
"""Start offsets per screen, evenly spaced from the top."""


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


def _at(screen: str, offset: int) -> Playground:
    pg = Playground()
    pg.launch_app(APP, "." + screen)
    getattr(pg.state, SCREENS[screen][0]).offset = offset
    return pg


def wrong(screen: str, offset: int, target: int, sign: int) -> list[str]:
    """What the delta of a slop tap on clickable ``target`` (of those in view at ``offset``)
    states that the phone did not do: a scroll. [] when the tap moved a list or left the
    screen (other oracles grade those)."""
    pg = _at(screen, offset)
    views = _clickables(pg)
    if target >= len(views):
        return []
    v = views[target]
    x, y = (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2
    slop = pg.profile.px(TOUCH_SLOP_LU)
    a, offsets = _obs(pg), _offsets(pg)
    pg.swipe(x, y, x, y + sign * slop, 100)
    if pg.state.screen != screen or _offsets(pg) != offsets:
        return []
    gesture = Gesture(x, y, x, y + sign * slop, 100)
    result = observe_delta(a, _obs(pg), max_lines=None, gesture=gesture)
    out = [f"a scroll entry: {s}" for s in result.diff["scrolls"]]
    out += [
        ln
        for ln in result.text.splitlines()
        if ln.startswith("↕") and not ln.startswith("↕ nothing scrolled")
    ]
    return [f"{screen}@{offset} {v.action} ({x},{y}) {sign:+d}: {w}" for w in out]


def _offsets(pg: Playground) -> tuple[int, ...]:
    return tuple(getattr(pg.state, name).offset for name, _ in SCREENS.values())


def test_a_tap_within_the_slop_never_reads_as_a_scroll() -> None:
    """A Like tapped so on the Feed: its count ticks, the diff was told a 21 px drag down,
    and the relabelled card read as a page turned the finger's way (the Feed from 6,816:
    12 of 532 here before :func:`deltarec.core.diff.page_gesture.with_gesture` left a touch some
    phone takes as a tap alone)."""
    rng = random.Random(18)
    found: list[str] = []
    tried = 0
    for screen, (_, top) in SCREENS.items():
        for offset in range(0, top, top // OFFSETS):
            count = len(_clickables(_at(screen, offset)))
            for target in range(count):
                found += wrong(screen, offset, target, rng.choice((-1, 1)))
                tried += 1
    assert tried > 400  # not vacuous: the screens have clickables in view
    assert found == [], (len(found), tried, found[:3])
