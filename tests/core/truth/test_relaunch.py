"""Coming back to a screen, generated: a list scrolled anywhere, left (home, back, another
screen), then its app launched again from the launcher or by activity. Whatever instance
comes back (the same one where it was, or a new one at the top), the step reads as a new
screen or ``» back to``, never as a scroll of the remembered screen's list (the phone
scrolled nothing)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.observer import Observer

SCROLLED = {"InboxActivity": "inbox", "FeedActivity": "feed", "ArticleActivity": "article"}


def _icon(pg: Playground, activity: str) -> tuple[int, int] | None:
    """The launcher icon that starts ``activity`` (a tap there), if it has one."""
    for window in pg.windows():
        for v in window.root.walk():
            if v.action == f"launch:{activity}":
                return ((v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2)
    return None


@settings(max_examples=20, deadline=None)
@given(
    activity=st.sampled_from(sorted(SCROLLED)),
    drags=st.lists(st.integers(300, 1800), min_size=1, max_size=3),
    leave=st.sampled_from(("home", "back", "other")),
    again=st.sampled_from(("icon", "activity", "package")),
)
def test_a_relaunched_screen_never_reads_as_a_scroll(
    activity: str, drags: list[int], leave: str, again: str
) -> None:
    pg = Playground(ManualClock())
    device = VirtualDevice(pg)
    observer = Observer()
    pg.launch_app(APP_PACKAGE, "." + activity)
    observer.reset(device.capture())
    for length in drags:  # the finger moves up: content scrolls down
        pg.swipe(540, 2000, 540, 2000 - length, 600)
        observer.step(device.capture(), max_lines=None)
    if leave == "home":
        pg.press_key("home")
    elif leave == "back":
        pg.press_key("back")
    else:
        pg.launch_app(APP_PACKAGE, ".SettingsActivity")
    observer.step(device.capture(), max_lines=None)
    if pg.state.in_app and leave != "other":
        pg.press_key("home")
        observer.step(device.capture(), max_lines=None)
    if again == "icon":
        if pg.state.in_app:
            pg.press_key("home")
            observer.step(device.capture(), max_lines=None)
        icon = _icon(pg, activity)
        if icon is None:  # no icon of its own (the Article): started by its activity
            pg.launch_app(APP_PACKAGE, "." + activity)
        else:
            pg.tap(*icon)
    elif again == "activity":
        pg.launch_app(APP_PACKAGE, "." + activity)
    else:
        pg.launch_app(APP_PACKAGE)
    text = observer.step(device.capture(), max_lines=None).text
    assert not any(line.startswith("↕") for line in text.splitlines()), text
