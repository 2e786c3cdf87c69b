"""The Clock (ClockActivity): a tab row over a horizontal pager, like a Clock app.

Tree (resource ids in the app package)::

    HorizontalScrollView tabs                 the tab row (all four tabs fit: not scrollable)
      LinearLayout
        ActionBar$Tab ×4                       content-desc "Alarm" / "Clock" / "Timer" /
          ImageView                             "Stopwatch", clickable; ``selected`` marks the
          TextView (the label again)           current tab, and (as on Android) its children
    ViewPager pager (scrollable)               holds only the current page; the pages beside
      <page>                                    it lie off screen, so the dump omits them

Tapping a tab, or a mostly horizontal swipe starting on the pager, switches the
page: a swipe to the left shows the next tab, to the right the previous one (one
page per swipe, as a fling does; no page past either end). Vertical swipes do
nothing. The pages (state: :class:`~.state.ClockState`; a new ClockActivity
starts on Alarm):

- **Alarm**: RecyclerView ``alarm_list`` of 4 rows ``alarm_item`` (``digital_clock``,
  ``alarm_label``, Switch ``onoff`` that a tap toggles) — ids repeat per row.
- **Clock**: ``digital_clock`` and ``date`` from the injected clock, and RecyclerView
  ``cities`` with rows (``city_name``, ``city_day``, ``city_time``).
- **Timer**: a 5-minute timer ``timer_time`` ("5:00"), Buttons ``timer_reset``
  (enabled once it ran) and ``timer_start`` ("Start" / "Pause").
- **Stopwatch**: ``stopwatch_time`` ("0:00.00"), ``stopwatch_reset``,
  ``stopwatch_start``.

Timer and stopwatch run on the injected clock, so they only move when it does.
"""

from __future__ import annotations

import math
import time

from deltarec.core.devices.virtual.layout import (
    HSCROLL,
    IMAGE,
    LINEAR,
    PAGER,
    RECYCLER,
    SWITCH,
    TEXT,
    TOOLBAR_BOTTOM,
    VIEW_GROUP,
    app_id,
    button,
    clock_text,
    date_text,
    scroller,
)
from deltarec.core.devices.virtual.state import ClockState
from deltarec.core.devices.virtual.views import Rect, View, clip

TABS = ("Alarm", "Clock", "Timer", "Stopwatch")
TAB_CLASS = "androidx.appcompat.app.ActionBar$Tab"
TABS_BOTTOM = TOOLBAR_BOTTOM + 144
TIMER_SECONDS = 300

ALARMS = (
    ("6:30", "Wake up · Mon–Fri"),
    ("7:45", "Sat, Sun"),
    ("12:00", "Lunch · Every day"),
    ("22:30", "Bed · Every day"),
)
CITIES = (("London", 0), ("New York", -5), ("Tokyo", 9), ("Sydney", 11))
"""(name, hours from UTC) of each world clock row."""


def _text(text: str, bounds: Rect, rid: str, look: str, *, selected: bool = False) -> View:
    return View(cls=TEXT, bounds=bounds, text=text, rid=rid, look=look, selected=selected)


def _tab(index: int, selected: bool, width: int) -> View:
    left = index * (width // len(TABS))
    right = left + width // len(TABS)
    name = TABS[index]
    top = TOOLBAR_BOTTOM
    mid = (left + right) // 2
    return View(
        cls=TAB_CLASS,
        bounds=(left, top, right, TABS_BOTTOM),
        desc=name,
        clickable=True,
        focusable=True,
        selected=selected,
        action=f"tab:{index}",
        look="tab",
        children=(
            View(
                cls=IMAGE,
                bounds=(mid - 24, top + 18, mid + 24, top + 66),
                selected=selected,
                look="tab_icon",
            ),
            _text(
                name,
                (left + 10, top + 78, right - 10, top + 126),
                "",
                "tab_label",
                selected=selected,
            ),
        ),
    )


def tab_row(clock: ClockState, width: int) -> View:
    row = tuple(_tab(i, i == clock.tab, width) for i in range(len(TABS)))
    bounds = (0, TOOLBAR_BOTTOM, width, TABS_BOTTOM)
    return View(
        cls=HSCROLL,
        bounds=bounds,
        rid=app_id("tabs"),
        children=(View(cls=LINEAR, bounds=bounds, children=row),),
        look="tabs",
    )


def _alarm_page(clock: ClockState, page: Rect) -> View:
    width = page[2]
    rows: list[View] = []
    for i, (at, label) in enumerate(ALARMS):
        y = page[1] + 24 + i * 260
        on = i in clock.alarms
        rows.append(
            View(
                cls=VIEW_GROUP,
                bounds=(0, y, width, y + 260),
                rid=app_id("alarm_item"),
                look="row",
                children=(
                    _text(at, (60, y + 30, 640, y + 160), app_id("digital_clock"), "clock_time"),
                    _text(
                        label, (60, y + 160, width - 260, y + 220), app_id("alarm_label"), "summary"
                    ),
                    View(
                        cls=SWITCH,
                        bounds=(width - 198, y + 80, width - 44, y + 180),
                        rid=app_id("onoff"),
                        checkable=True,
                        checked=on,
                        clickable=True,
                        focusable=True,
                        action=f"alarm:{i}",
                        look="switch",
                    ),
                ),
            )
        )
    return View(cls=RECYCLER, bounds=page, rid=app_id("alarm_list"), children=tuple(rows))


def _city_day(now: float, hours: int) -> str:
    here, there = time.gmtime(now), time.gmtime(now + hours * 3600)
    days = (there.tm_year, there.tm_yday) > (here.tm_year, here.tm_yday)
    same = (there.tm_year, there.tm_yday) == (here.tm_year, here.tm_yday)
    day = "Today" if same else ("Tomorrow" if days else "Yesterday")
    return f"{day}, {hours:+d} hrs" if hours else day


def _clock_page(now: float, page: Rect) -> View:
    top, width = page[1], page[2]
    rows: list[View] = []
    for i, (city, hours) in enumerate(CITIES):
        y = top + 460 + i * 180
        rows.append(
            View(
                cls=LINEAR,
                bounds=(0, y, width, y + 180),
                look="row",
                children=(
                    _text(city, (60, y + 30, width - 380, y + 100), app_id("city_name"), "label"),
                    _text(
                        _city_day(now, hours),
                        (60, y + 100, width - 380, y + 150),
                        app_id("city_day"),
                        "summary",
                    ),
                    _text(
                        clock_text(now + hours * 3600),
                        (width - 380, y + 30, width - 60, y + 150),
                        app_id("city_time"),
                        "clock_time",
                    ),
                ),
            )
        )
    cities = View(
        cls=RECYCLER,
        bounds=(0, top + 460, width, page[3]),
        rid=app_id("cities"),
        children=tuple(rows),
    )
    return View(
        cls=LINEAR,
        bounds=page,
        children=(
            _text(
                clock_text(now),
                (0, top + 80, width, top + 300),
                app_id("digital_clock"),
                "big_time",
            ),
            _text(
                date_text(now), (0, top + 300, width, top + 370), app_id("date"), "center_summary"
            ),
            cities,
        ),
    )


def _timer_text(seconds: float) -> str:
    left = math.ceil(max(0.0, TIMER_SECONDS - seconds))
    return f"{left // 60}:{left % 60:02d}"


def _stopwatch_text(seconds: float) -> str:
    cs = int(seconds * 100)
    return f"{cs // 6000}:{cs // 100 % 60:02d}.{cs % 100:02d}"


def _timing_page(name: str, shown: str, elapsed: float, running: bool, page: Rect) -> View:
    top, width = page[1], page[2]
    mid = width // 2
    kids = [
        _text(shown, (0, top + 300, width, top + 560), app_id(f"{name}_time"), "big_time"),
        button(
            "Reset",
            (mid - 420, top + 800, mid - 40, top + 940),
            app_id(f"{name}_reset"),
            f"{name}:reset",
            enabled=elapsed > 0,
        ),
        button(
            "Pause" if running else "Start",
            (mid + 40, top + 800, mid + 420, top + 940),
            app_id(f"{name}_start"),
            f"{name}:toggle",
        ),
    ]
    return View(cls=LINEAR, bounds=page, children=tuple(kids))


def clock_content(clock: ClockState, now: float, bottom: int, width: int) -> View:
    """The tab row and the pager showing ``clock.tab``'s page, laid out down to ``bottom``."""
    page = (0, TABS_BOTTOM, width, bottom)
    if clock.tab == 0:
        content = _alarm_page(clock, page)
    elif clock.tab == 1:
        content = _clock_page(now, page)
    elif clock.tab == 2:
        elapsed = clock.timer.elapsed(now)
        running = clock.timer.since is not None
        content = _timing_page("timer", _timer_text(elapsed), elapsed, running, page)
    else:
        elapsed = clock.stopwatch.elapsed(now)
        running = clock.stopwatch.since is not None
        content = _timing_page("stopwatch", _stopwatch_text(elapsed), elapsed, running, page)
    pager = scroller(PAGER, page, app_id("pager"), (content,), swipe="h:pager")
    column = View(
        cls=LINEAR,
        bounds=(0, TOOLBAR_BOTTOM, width, bottom),
        children=(tab_row(clock, width), clip(pager, page) or pager),
    )
    return column
