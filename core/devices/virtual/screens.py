"""What the phone shows: build the window list for a :class:`~.state.PhoneState`.

Window order (bottom first, as in a dump): the status bar (``com.android.systemui``,
with the volatile clock), the foreground app or launcher, the dialog if one is
open, the keyboard if it shows (drawn and hit-tested, never dumped).

Launcher (``dev.deltarec.launcher``): ``clock`` and ``date`` labels and icons
"Playground", "Sign up", "Settings", "Inbox" (TextViews with equal text and
content-desc, no resource id, like a real launcher). Playground home
(MainActivity): rows ``menu_sign_up``, ``menu_settings``, ``menu_inbox``,
``menu_feed``, ``menu_clock``, ``menu_article`` (each opens its activity) and the
volatile label ``refresh_count`` ("Refreshed N times", N = dumps taken so far).

The other screens: :mod:`.screen_forms` (Sign up, Settings), :mod:`.screen_inbox`
(Inbox, Message), :mod:`.screen_feed` (Feed), :mod:`.screen_clock` (Clock),
:mod:`.screen_article` (Article), :mod:`.screen_contacts` (Contacts: a search field over a
list that filters as one types; launched only, no menu row); dialogs: :mod:`.dialogs`.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.dialogs import dialog_view
from deltarec.core.devices.virtual.inbox_archive import archive_button, snackbar
from deltarec.core.devices.virtual.keyboard import keyboard_window
from deltarec.core.devices.virtual.layout import (
    APP_PACKAGE,
    ARTICLE,
    CLOCK,
    CONTACTS,
    DEFAULT_SCREEN,
    FEED,
    FRAME,
    IMAGE,
    INBOX,
    LAUNCHER_PACKAGE,
    LINEAR,
    MAIN,
    MESSAGE,
    SETTINGS,
    SIGN_UP,
    STATUS_BOTTOM,
    SYSTEMUI_PACKAGE,
    TEXT,
    TITLES,
    TOOLBAR_BOTTOM,
    Screen,
    app_id,
    clock_text,
    date_text,
    decor,
    label,
)
from deltarec.core.devices.virtual.screen_article import article_content
from deltarec.core.devices.virtual.screen_clock import clock_content
from deltarec.core.devices.virtual.screen_contacts import contacts_content
from deltarec.core.devices.virtual.screen_feed import feed_content
from deltarec.core.devices.virtual.screen_forms import settings_content, sign_up_content
from deltarec.core.devices.virtual.screen_inbox import inbox_content, message_content, sender
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.devices.virtual.views import View, Window

LAUNCHER_ICONS = (
    ("Playground", MAIN),
    ("Sign up", SIGN_UP),
    ("Settings", SETTINGS),
    ("Inbox", INBOX),
)
"""(label, activity it opens) for each launcher icon, left to right."""

_MENU = (
    (SIGN_UP, "menu_sign_up", "A form with text fields and a dialog"),
    (SETTINGS, "menu_settings", "Switches and checkboxes"),
    (INBOX, "menu_inbox", "A long scrolling list"),
    (FEED, "menu_feed", "Nested scrolling and a carousel"),
    (CLOCK, "menu_clock", "Tabs over a swipeable pager"),
    (ARTICLE, "menu_article", "A web page in a WebView"),
)


def status_bar(now: float, airplane: bool, width: int) -> Window:
    """The system status bar: clock, network and battery icons (at the right edge)."""
    kids = (
        View(
            cls=TEXT,
            bounds=(48, 14, 220, 70),
            text=clock_text(now),
            rid="com.android.systemui:id/clock",
            look="status_text",
        ),
        View(
            cls=IMAGE,
            bounds=(width - 200, 20, width - 156, 64),
            desc="Airplane mode." if airplane else "Wifi signal full.",
            look="airplane_icon" if airplane else "wifi_icon",
        ),
        View(
            cls=IMAGE,
            bounds=(width - 130, 20, width - 48, 64),
            desc="Battery 100 percent.",
            look="battery",
        ),
    )
    root = View(
        cls=FRAME,
        bounds=(0, 0, width, STATUS_BOTTOM),
        rid="com.android.systemui:id/status_bar",
        children=kids,
        look="status_bar",
    )
    return Window(root=root, package=SYSTEMUI_PACKAGE, kind="status")


def launcher(now: float, screen: Screen) -> Window:
    """The home screen: a clock widget and the app icons (a row above the navigation bar)."""
    width, icons = screen.width, screen.nav_top - 474
    kids: list[View] = [
        label(
            clock_text(now), (0, 400, width, 640), f"{LAUNCHER_PACKAGE}:id/clock", look="big_clock"
        ),
        label(date_text(now), (0, 650, width, 730), f"{LAUNCHER_PACKAGE}:id/date", look="center"),
    ]
    cell = width // len(LAUNCHER_ICONS)
    margin = max(0, min(15, (cell - 202) // 2))  # "Playground" needs 201 lu at 38 lu
    for i, (name, activity) in enumerate(LAUNCHER_ICONS):
        left = i * cell
        kids.append(
            View(
                cls=TEXT,
                bounds=(left + margin, icons, left + cell - margin, icons + 300),
                text=name,
                desc=name,
                clickable=True,
                focusable=True,
                long_clickable=True,
                action=f"launch:{activity}",
                look="icon",
            )
        )
    workspace = View(
        cls=FRAME,
        bounds=(0, STATUS_BOTTOM, width, screen.nav_top),
        rid=f"{LAUNCHER_PACKAGE}:id/workspace",
        children=tuple(kids),
    )
    root = View(
        cls=FRAME, bounds=(0, 0, width, screen.height), children=(workspace,), look="wallpaper"
    )
    return Window(root=root, package=LAUNCHER_PACKAGE)


def _home_content(state: PhoneState, bottom: int, width: int) -> View:
    top = TOOLBAR_BOTTOM
    rows: list[View] = []
    for i, (activity, rid, summary) in enumerate(_MENU):
        y = top + i * 200
        rows.append(
            View(
                cls=LINEAR,
                bounds=(0, y, width, y + 200),
                rid=app_id(rid),
                clickable=True,
                focusable=True,
                children=(
                    label(TITLES[activity], (66, y + 40, width - 66, y + 110), look="title"),
                    label(summary, (66, y + 110, width - 66, y + 160), look="summary"),
                ),
                action=f"open:{activity}",
                look="row",
            )
        )
    count = top + len(_MENU) * 200 + 40
    rows.append(
        label(
            f"Refreshed {state.dumps} times",
            (66, count, width - 66, count + 70),
            app_id("refresh_count"),
        )
    )
    return View(cls=LINEAR, bounds=(0, top, width, bottom), children=tuple(rows))


def app_window(state: PhoneState, now: float, screen: Screen = DEFAULT_SCREEN) -> Window:
    """The foreground Playground activity inside its decor."""
    activity = state.screen
    bottom = screen.content_bottom(keyboard=state.keyboard)
    title = TITLES[activity]
    width = screen.width
    actions: tuple[View, ...] = ()
    over: tuple[View, ...] = ()
    if activity == SIGN_UP:
        content = sign_up_content(state.form, bottom, width, screen.slack)
    elif activity == SETTINGS:
        content = settings_content(state.settings, bottom, width, screen.slack)
    elif activity == INBOX:
        content = inbox_content(state.inbox, bottom, width, screen.slack)
        actions, over = archive_button(state.inbox, width), snackbar(state.inbox, bottom, width)
    elif activity == MESSAGE:
        content = message_content(state.message, bottom, width)
        title = sender(state.message)
    elif activity == FEED:
        content = feed_content(state.feed, bottom, width, screen.slack)
    elif activity == CLOCK:
        content = clock_content(state.clock, now, bottom, width)
    elif activity == ARTICLE:
        content = article_content(state.article, bottom, width)
    elif activity == CONTACTS:
        c = state.contacts
        content = contacts_content(c.query, c.focused, c.offset, bottom, width, screen.slack)
    else:
        content = _home_content(state, bottom, width)
    root = decor(
        content,
        title=title,
        up=activity != MAIN,
        bottom=bottom,
        screen=screen,
        actions=actions,
        over=over,
    )
    return Window(root=root, package=APP_PACKAGE)


def build_windows(
    state: PhoneState, now: float, screen: Screen = DEFAULT_SCREEN
) -> tuple[Window, ...]:
    """Every window on ``screen`` (layout units), bottom first. Pure: same state, ``now`` and
    screen, same windows."""
    windows = [status_bar(now, state.settings.values["airplane"], screen.width)]
    if state.screen == "Launcher":
        windows.append(launcher(now, screen))
    else:
        windows.append(app_window(state, now, screen))
        dialog = dialog_view(state, screen)
        if dialog is not None:
            windows.append(Window(root=dialog, package=APP_PACKAGE, kind="dialog"))
    if state.keyboard:
        windows.append(keyboard_window(screen))
    return tuple(windows)
