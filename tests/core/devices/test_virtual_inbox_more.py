"""The Inbox pulls to refresh at its top and loads more at its end, as mail apps do
(:mod:`deltarec.core.devices.virtual.screen_inbox`): generated drags and inputs, the phone's
state and dumps checked against what a SwipeRefreshLayout and a "load more" footer do.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU as SLOP
from deltarec.core.devices.virtual.layout import IMAGE, SWIPE_REFRESH
from deltarec.core.devices.virtual.screen_inbox import (
    PAGE,
    PAGES,
    REFRESH_PULL,
    footer_shows,
    item_count,
    max_offset,
)
from deltarec.core.observe.model import Node, Observation
from tests.core.devices.vphone import APP, obs, one


def _inbox(offset: int = 0, pages: int = 0) -> Playground:
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")
    pg.state.inbox.pages = pages
    pg.state.inbox.offset = offset
    return pg


def _rows(o: Observation) -> tuple[Node, ...]:
    return one(o, rid=f"{APP}:id/inbox_list").children


def _layout(o: Observation) -> Node:
    return one(o, rid=f"{APP}:id/inbox_refresh")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(SLOP + 1, 1700), st.sampled_from((40, 120, 300, 800)), st.integers(60, 1000))
def test_a_drag_down_at_the_top_pulls_to_refresh_over_rows_that_stay(
    length: int, ms: int, x: int
) -> None:
    """Past the touch slop (within it the drag is a tap: ``test_touch_slop``)."""
    pg = _inbox()
    before = obs(pg)
    pg.swipe(x, 400, x, 400 + length, ms)
    after = obs(pg)
    pulled = length - SLOP >= REFRESH_PULL
    assert pg.state.inbox.refreshing == pulled
    assert pg.state.inbox.offset == 0
    assert _rows(after) == _rows(before)  # the circle is drawn over the rows: none moved
    circle = _layout(after).children[0]
    assert _layout(after).class_name == SWIPE_REFRESH
    assert (circle.class_name == IMAGE and not circle.text and not circle.content_desc) == pulled
    pg.type_text("x")  # the next input: the refresh is done, no mail came
    assert not pg.state.inbox.refreshing
    assert obs(pg) == before


def test_a_drag_down_off_the_top_scrolls_and_does_not_refresh() -> None:
    pg = _inbox(offset=3000)
    pg.swipe(540, 400, 540, 400 + REFRESH_PULL + SLOP + 200, 300)
    assert not pg.state.inbox.refreshing
    assert pg.state.inbox.offset == 3000 - REFRESH_PULL - 200


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, PAGES - 1), st.integers(0, 1500))
def test_the_footer_loads_a_page_at_the_next_input_and_the_list_stays(
    pages: int, back: int
) -> None:
    """Wherever the list ends in view, the page arrives where the footer was; elsewhere
    nothing arrives."""
    end = max_offset(pages=pages)
    pg = _inbox(offset=end - back, pages=pages)
    bottom = pg.screen.nav_top
    shows = footer_shows(pg.state.inbox, bottom)
    before = _rows(obs(pg))
    pg.type_text("x")  # no field has focus: only what arrived changes the screen
    after = _rows(obs(pg))
    assert pg.state.inbox.offset == end - back
    assert pg.state.inbox.pages == pages + shows
    if not shows:
        assert after == before
        return
    footer = before[-1]
    assert footer.resource_id == f"{APP}:id/load_more"
    assert {n.text for n in footer.children} <= {"", "Loading more…"}  # cut by the edge, maybe
    assert after[: len(before) - 1] == before[:-1]  # the rows above it did not move
    # New items took its place (what shows of them: a header's label starts 30 lu in).
    assert all(footer.bounds.top <= n.bounds.top for n in after[len(before) - 1 :])
    assert all(n.resource_id != f"{APP}:id/load_more" for n in after)
    assert max_offset(pages=pages + 1) > end  # its end moved down by the page


def test_after_its_last_page_the_list_ends_without_a_footer() -> None:
    pg = _inbox(offset=max_offset(pages=PAGES), pages=PAGES)
    last = _rows(obs(pg))[-1]
    assert last.resource_id != f"{APP}:id/load_more"
    assert f"#{item_count(PAGES) - 1}" in " ".join(n.text for n in last.walk())
    assert item_count(PAGES) == 120 + PAGE * PAGES
