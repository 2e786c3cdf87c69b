"""Geometry, names and view builders shared by every Playground screen.

Screens are laid out in layout units (lu, the px of the default 1080x2400 phone at
420 dpi; see :mod:`.profile`) on a :class:`Screen` of the profile's size in lu. The
default phone is 1080x2400 lu: a status bar (0..84), the app content, and a gesture
navigation bar (2274..2400). The bars keep their height on every screen; the
navigation bar and the keyboard sit at the bottom, wherever it is. The on-screen
keyboard covers ``keyboard_top``..bottom and the app content is resized above it
(``adjustResize``), as on a real phone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from deltarec.core.devices.virtual.views import Rect, View, clip_near

WIDTH = 1080
HEIGHT = 2400
STATUS_BOTTOM = 84
NAV_TOP = 2274
KEYBOARD_TOP = 1530
TOOLBAR_BOTTOM = STATUS_BOTTOM + 168


@dataclass(frozen=True, slots=True)
class Screen:
    """The screen in layout units: ``width`` x ``height`` (default: the reference phone's).

    ``slack`` is how far (lu) outside a scroller's box its content is still laid out: up to
    where a px of it may show once mapped to the profile's px (0 where lu are px; see
    :func:`~.views.clip_near`)."""

    width: int = WIDTH
    height: int = HEIGHT
    slack: int = 0

    @property
    def nav_top(self) -> int:
        """The top of the gesture navigation bar (126 lu high)."""
        return self.height - (HEIGHT - NAV_TOP)

    @property
    def keyboard_top(self) -> int:
        """The top of the on-screen keyboard while it shows (870 lu high)."""
        return self.height - (HEIGHT - KEYBOARD_TOP)

    def content_bottom(self, *, keyboard: bool) -> int:
        """Where the app's content ends: above the keyboard or the navigation bar."""
        return self.keyboard_top if keyboard else self.nav_top


DEFAULT_SCREEN = Screen()

APP_PACKAGE = "dev.deltarec.playground"
LAUNCHER_PACKAGE = "dev.deltarec.launcher"
SYSTEMUI_PACKAGE = "com.android.systemui"
LAUNCHER_ACTIVITY = f"{LAUNCHER_PACKAGE}.Launcher"

MAIN = "MainActivity"
SIGN_UP = "SignUpActivity"
SETTINGS = "SettingsActivity"
INBOX = "InboxActivity"
MESSAGE = "MessageActivity"
FEED = "FeedActivity"
CLOCK = "ClockActivity"
ARTICLE = "ArticleActivity"
CONTACTS = "ContactsActivity"
ACTIVITIES = (MAIN, SIGN_UP, SETTINGS, INBOX, MESSAGE, FEED, CLOCK, ARTICLE, CONTACTS)
"""Short names of the Playground's activities (full name: ``APP_PACKAGE + "." + name``)."""

TITLES = {
    MAIN: "Playground",
    SIGN_UP: "Sign up",
    SETTINGS: "Settings",
    INBOX: "Inbox",
    MESSAGE: "Message",
    FEED: "Feed",
    CLOCK: "Clock",
    ARTICLE: "Article",
    CONTACTS: "Contacts",
}

FRAME = "android.widget.FrameLayout"
LINEAR = "android.widget.LinearLayout"
VIEW_GROUP = "android.view.ViewGroup"
TEXT = "android.widget.TextView"
IMAGE = "android.widget.ImageView"
IMAGE_BUTTON = "android.widget.ImageButton"
BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"
SWITCH = "android.widget.Switch"
CHECKBOX = "android.widget.CheckBox"
SCROLL = "android.widget.ScrollView"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
HSCROLL = "android.widget.HorizontalScrollView"
PAGER = "androidx.viewpager.widget.ViewPager"
WEBVIEW = "android.webkit.WebView"
PLAIN = "android.view.View"
PROGRESS = "android.widget.ProgressBar"
SWIPE_REFRESH = "androidx.swiperefreshlayout.widget.SwipeRefreshLayout"

CHAR_EM = 0.5
"""Estimated mean glyph width in ems, for laying out wrapped text (the drawing font's
is about 0.47, so an estimate never gives a text fewer lines than it is drawn with)."""


def text_lines(text: str, width: int, size: int) -> int:
    """How many lines ``text`` wraps to at ``size`` px in a ``width`` px box (greedy, by words).

    >>> text_lines("one two three", 1000, 40), text_lines("one two three", 200, 40)
    (1, 2)
    """
    per_line = max(1, int(width / (size * CHAR_EM)))
    lines, used = 1, 0
    for word in text.split():
        need = len(word) if used == 0 else used + 1 + len(word)
        if need <= per_line or used == 0:
            used = need
        else:
            lines, used = lines + 1, len(word)
    return lines


def clock_text(now: float) -> str:
    """A clock for ``now`` (seconds since the epoch, shown in UTC), e.g. "9:41"."""
    t = time.gmtime(now)
    return f"{t.tm_hour}:{t.tm_min:02d}"


def date_text(now: float) -> str:
    """A date line, e.g. "Mon, Jan 1" (UTC)."""
    return time.strftime("%a, %b ", time.gmtime(now)) + str(time.gmtime(now).tm_mday)


def app_id(name: str) -> str:
    """A resource id of the Playground app: ``dev.deltarec.playground:id/<name>``."""
    return f"{APP_PACKAGE}:id/{name}"


def label(
    text: str, bounds: Rect, rid: str = "", *, look: str = "label", enabled: bool = True
) -> View:
    """A plain, non-interactive TextView."""
    return View(cls=TEXT, bounds=bounds, text=text, rid=rid, look=look, enabled=enabled)


def button(
    text: str,
    bounds: Rect,
    rid: str = "",
    action: str = "",
    *,
    look: str = "button",
    enabled: bool = True,
    selected: bool = False,
) -> View:
    """A clickable, focusable Button; ``look`` picks its drawing ("button", "text_button", …)."""
    return View(
        cls=BUTTON,
        bounds=bounds,
        text=text,
        rid=rid,
        clickable=True,
        focusable=True,
        enabled=enabled,
        selected=selected,
        action=action,
        look=look,
    )


def scroller(
    cls: str,
    bounds: Rect,
    rid: str,
    children: tuple[View, ...],
    *,
    swipe: str,
    look: str = "",
    offset: int = 0,
) -> View:
    """A scrollable container (list, scroll view, pager): scrollable and focusable, as on
    Android, and scrolled by the swipes ``swipe`` names (see :class:`~.views.View`).
    ``children`` are laid out already scrolled by ``offset`` lu along the swipe's axis."""
    return View(
        cls=cls,
        bounds=bounds,
        rid=rid,
        scrollable=True,
        focusable=True,
        children=children,
        look=look,
        swipe=swipe,
        offset=offset,
    )


def list_items(
    tops: tuple[int, ...],
    offset: int,
    viewport: Rect,
    item: Callable[[int, int], View],
    slack: int = 0,
) -> tuple[View, ...]:
    """The items of a list scrolled by ``offset`` px that show in ``viewport``, clipped to it
    (with ``slack``, those within ``slack`` of it too: :func:`~.views.clip_near`).

    ``tops`` holds the top of each item in list coordinates, then the list's
    height; ``item(i, top)`` builds item ``i`` with its top at screen y ``top``.
    Only items that intersect the viewport are built, top first. Cost: one pass
    over ``tops``.

    >>> rows = lambda i, top: View(cls="row", bounds=(0, top, 10, top + 100), text=str(i))
    >>> [(v.text, v.bounds) for v in list_items((0, 100, 200, 300), 150, (0, 0, 10, 120), rows)]
    [('1', (0, 0, 10, 50)), ('2', (0, 50, 10, 120))]
    """
    placed: list[View] = []
    for i in range(len(tops) - 1):
        top = viewport[1] + tops[i] - offset
        if top + (tops[i + 1] - tops[i]) <= viewport[1] - slack or top >= viewport[3] + slack:
            continue
        view = clip_near(item(i, top), viewport, slack)
        if view is not None:
            placed.append(view)
    return tuple(placed)


def toolbar(title: str, *, up: bool, width: int = WIDTH, actions: tuple[View, ...] = ()) -> View:
    """An action bar with an optional "Navigate up" button, a title and ``actions`` (buttons
    at its right end)."""
    kids: list[View] = []
    left = 42
    if up:
        kids.append(
            View(
                cls=IMAGE_BUTTON,
                bounds=(0, STATUS_BOTTOM, 147, TOOLBAR_BOTTOM),
                desc="Navigate up",
                clickable=True,
                focusable=True,
                action="up",
                look="up",
            )
        )
        left = 190
    title_box = (left, STATUS_BOTTOM + 46, width - 180, STATUS_BOTTOM + 122)
    kids.append(label(title, title_box, look="title"))
    kids.extend(actions)
    return View(
        cls=VIEW_GROUP,
        bounds=(0, STATUS_BOTTOM, width, TOOLBAR_BOTTOM),
        rid="android:id/action_bar",
        children=tuple(kids),
        look="toolbar",
    )


def decor(
    content: View,
    *,
    title: str,
    up: bool,
    bottom: int,
    screen: Screen = DEFAULT_SCREEN,
    actions: tuple[View, ...] = (),
    over: tuple[View, ...] = (),
) -> View:
    """The window root of an activity: action bar (with ``actions``), ``android:id/content``
    (``content``, then ``over`` drawn over it: a snackbar) and bar backgrounds.

    ``content`` must already be laid out between ``TOOLBAR_BOTTOM`` and ``bottom``
    (``bottom`` is ``screen.keyboard_top`` while the keyboard shows).
    """
    width, height = screen.width, screen.height
    holder = View(
        cls=FRAME,
        bounds=(0, TOOLBAR_BOTTOM, width, bottom),
        rid="android:id/content",
        children=(content, *over),
    )
    parent = View(
        cls=VIEW_GROUP,
        bounds=(0, 0, width, bottom),
        rid="android:id/decor_content_parent",
        children=(toolbar(title, up=up, width=width, actions=actions), holder),
    )
    return View(
        cls=FRAME,
        bounds=(0, 0, width, height),
        children=(
            parent,
            View(
                cls=PLAIN, bounds=(0, 0, width, STATUS_BOTTOM), rid="android:id/statusBarBackground"
            ),
            View(
                cls=PLAIN,
                bounds=(0, screen.nav_top, width, height),
                rid="android:id/navigationBarBackground",
            ),
        ),
        look="window",
    )
