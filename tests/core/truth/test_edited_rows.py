"""A row edited in place, generated: the Feed scrolled anywhere (cards cut by the list's
edges), one visible "Like" tapped. The card's count and the button change where they are,
so the delta is ``~`` lines only — never the card's parts removed and added (was: a card
cut at the top whose only text no other card shows, "40 likes", was the one edited, so
nothing vouched for it: ``- text "40 likes"`` … ``+ [26] text "41 likes"``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.screen_feed import max_offset
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


@settings(max_examples=40, deadline=None)
@given(offset=st.integers(0, max_offset()), pick=st.integers(0, 9))
def test_a_like_tapped_anywhere_in_the_feed_reads_as_changes_only(offset: int, pick: int) -> None:
    pg = Playground()
    pg.launch_app(APP_PACKAGE, ".FeedActivity")
    pg.state.feed.offset = offset
    likes = [
        v
        for w in pg.windows()
        for v in w.root.walk()
        if (v.action or "").startswith("like:") and v.bounds[3] - v.bounds[1] >= 40
    ]
    if not likes:
        return
    button = likes[pick % len(likes)]
    a = _obs(pg)
    pg.tap((button.bounds[0] + button.bounds[2]) // 2, (button.bounds[1] + button.bounds[3]) // 2)
    text = observe_delta(a, _obs(pg), max_lines=None).text
    lines = text.splitlines()
    assert lines and all(line.startswith("~") for line in lines), text
