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
    NEW_BASE,
    PAGE,
    PAGES,
    REFRESH_MAIL,
    REFRESH_PULL,
    ROW_H,
    footer_shows,
    item_count,
    max_offset,
    subject,
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
@given(
    st.integers(SLOP + 1, 1700),
    st.sampled_from((40, 120, 300, 800)),
    st.integers(60, 1000),
    st.integers(0, 3),
)
def test_a_drag_down_at_the_top_pulls_to_refresh_over_rows_that_stay(
    length: int, ms: int, x: int, refreshes: int
) -> None:
    """Past the touch slop (within it the drag is a tap: ``test_touch_slop``). The refresh
    done, its new mail (``REFRESH_MAIL``: 0-3 messages) is above the rows, which moved down
    by its height inside the list's bounds (``test_new_mail_comes_in_at_the_top``)."""
    pg = _inbox()
    pg.state.inbox.refreshes = refreshes
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
    pg.type_text("x")  # the next input: the refresh is done, and its mail came
    assert not pg.state.inbox.refreshing
    came = REFRESH_MAIL[refreshes] if pulled else 0
    assert pg.state.inbox.mail == came
    if not came:
        assert obs(pg) == before
        return
    rows = _rows(obs(pg))
    assert _layout(obs(pg)).bounds == _layout(before).bounds
    assert [_subject(r) for r in rows[:came]] == [
        subject(NEW_BASE + came - 1 - i) for i in range(came)
    ]
    old = {_subject(r): r.bounds.top for r in _rows(before)}
    moved = {
        old[t] - r.bounds.top
        for r in rows[came:]
        if (t := _subject(r)) in old and r.bounds.height == ROW_H
    }
    assert moved == {-came * ROW_H}


def _subject(row: Node) -> str:
    return next((n.text for n in row.walk() if n.resource_id.endswith("/subject")), row.text)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 3), st.sampled_from((0, 1, 60, 1439, 3000)))
def test_new_mail_comes_in_at_the_top(n: int, offset: int) -> None:
    """A push of ``n`` messages shows at the next input: at the top (offset 0) above the rows,
    which move down by their height (those pushed past the bottom leave); scrolled down, even
    by a px, the layout manager keeps its anchor: nothing on screen moves."""
    pg = _inbox(offset=offset)
    before = obs(pg)
    pg.push_mail(n)
    assert obs(pg) == before  # not before the next input
    pg.type_text("x")
    assert pg.state.inbox.mail == n
    after = obs(pg)
    if offset or not n:
        assert after == before
        assert pg.state.inbox.offset == offset + (n * ROW_H if offset else 0)
        return
    rows = _rows(after)
    assert [_subject(r) for r in rows[:n]] == [subject(NEW_BASE + n - 1 - i) for i in range(n)]
    assert all(r.resource_id.endswith("/message_row") for r in rows[:n])  # recycled ids
    assert pg.state.inbox.offset == 0


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
