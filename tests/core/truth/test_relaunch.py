"""Coming back to a screen, generated: a list scrolled anywhere, left (home, back, another
screen), then its app launched again from the launcher or by activity. Whatever instance
comes back (the same one where it was, or a new one at the top), the step reads as a new
screen or ``» back to``, never as a scroll of the remembered screen's list (the phone
scrolled nothing)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.screen_article import max_offset as article_max
from deltarec.core.devices.virtual.screen_feed import max_offset as feed_max
from deltarec.core.devices.virtual.screen_inbox import max_offset as inbox_max
from tests.core.truth.steps import Steps, violations

SCROLLED = {"InboxActivity": "inbox", "FeedActivity": "feed", "ArticleActivity": "article"}


def _icon(pg: Playground, activity: str) -> tuple[int, int] | None:
    """The launcher icon that starts ``activity`` (a tap there), if it has one."""
    for window in pg.windows():
        for v in window.root.walk():
            if v.action == f"launch:{activity}":
                return ((v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2)
    return None


@settings(max_examples=30, deadline=None)
@given(
    activity=st.sampled_from(sorted(SCROLLED)),
    drags=st.lists(st.integers(300, 1800), min_size=1, max_size=3),
    leave=st.sampled_from(("home", "back", "other")),
    again=st.sampled_from(("icon", "activity", "package")),
)
def test_a_relaunched_screen_never_reads_as_a_scroll(
    activity: str, drags: list[int], leave: str, again: str
) -> None:
    s = Steps("." + activity)
    pg = s.pg
    for length in drags:  # the finger moves up: content scrolls down
        pg.swipe(540, 2000, 540, 2000 - length, 600)
        s.step()
    if leave == "home":
        pg.press_key("home")
    elif leave == "back":
        pg.press_key("back")
    else:
        pg.launch_app(APP_PACKAGE, ".SettingsActivity")
    s.step()
    if pg.state.in_app and leave != "other":
        pg.press_key("home")
        s.step()
    if again == "icon":
        if pg.state.in_app:
            pg.press_key("home")
            s.step()
        icon = _icon(pg, activity)
        if icon is None:  # no icon of its own (the Article): started by its activity
            pg.launch_app(APP_PACKAGE, "." + activity)
        else:
            pg.tap(*icon)
    elif again == "activity":
        pg.launch_app(APP_PACKAGE, "." + activity)
    else:
        pg.launch_app(APP_PACKAGE)
    result = s.step()
    assert not any(line.startswith("↕") for line in result.text.splitlines()), result.text
    # A remembered frame the screen no longer shows (scrolled far, a new instance at the
    # top) is no screen come back to: was "» back to ArticleActivity" with the page's
    # blocks removed and added and a tile paired across them.
    assert violations(s, result) == [], result.text


MAX = {"InboxActivity": inbox_max, "FeedActivity": feed_max, "ArticleActivity": article_max}


@settings(max_examples=40, deadline=None)
@given(
    activity=st.sampled_from(sorted(SCROLLED)),
    where=st.floats(0, 1),
    leave=st.sampled_from(("back", "up")),
)
def test_a_screen_left_scrolled_anywhere_comes_back_as_what_it_shows(
    activity: str, where: float, leave: str
) -> None:
    """The screen scrolled to any offset (a page's grid, a list's recycled rows), left by
    back or by its Navigate-up button (the instance is gone), and started again: a new
    instance at the top. Was, deep in the Article: ``» back to ArticleActivity`` with the
    top of the page listed as come in, the grid's tiles as gone, and tiles paired across
    ("Footrest"→"Laptop stand") with no scroll to say the page moved."""
    s = Steps(".MainActivity")
    s.pg.launch_app(APP_PACKAGE, "." + activity)
    s.step()
    getattr(s.pg.state, SCROLLED[activity]).offset = int(where * MAX[activity]())
    s.step()
    if leave == "up":
        s.tap("up")
    else:
        s.pg.press_key("back")
    s.step()
    assert s.pg.state.stack == ["MainActivity"]
    s.pg.launch_app(APP_PACKAGE, "." + activity)
    result = s.step()
    assert violations(s, result) == [], result.text
