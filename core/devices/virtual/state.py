"""The Playground phone's state: plain mutable data, no behaviour beyond small helpers.

:class:`~deltarec.core.devices.virtual.playground.Playground` changes it in response to
input; :mod:`.screens` reads it to build the view tree. Everything a screen shows
is derived from these fields (and the injected clock), which is what makes the
phone deterministic: the same actions give the same state, the same dump bytes
and the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIELDS = ("name", "email", "password")
"""The sign-up form's text fields, in focus order."""

RADIOS = ("wifi", "bluetooth", "mobile_data")
"""Toggles disabled (greyed, untappable) while airplane mode is on."""


@dataclass
class FormState:
    """The sign-up form; reset whenever a new SignUpActivity starts."""

    name: str = ""
    email: str = ""
    password: str = ""
    newsletter: bool = False
    focus: str | None = None
    saved: bool = False
    offset: int = 0
    """How far the form is scrolled (lu; only a form taller than its window scrolls)."""
    laid_bottom: int = 0
    """Where the form's window ended at its last layout pass (lu; 0: not laid out yet)."""
    laid_focus: str | None = None
    """The field focused at the last layout pass."""

    def value(self, name: str) -> str:
        """Text of the field ``name`` (one of :data:`FIELDS`)."""
        return str(getattr(self, name))

    def set_value(self, name: str, value: str) -> None:
        setattr(self, name, value)


@dataclass
class SettingsState:
    """Settings toggles; persisted (they survive app restarts, like real preferences)."""

    values: dict[str, bool] = field(
        default_factory=lambda: {
            "airplane": False,
            "wifi": True,
            "bluetooth": False,
            "mobile_data": True,
            "previews": True,
            "vibrate": False,
            "dark": False,
        }
    )

    history: int = 42
    """Items in the history that Settings > "Clear history" deletes."""

    offset: int = 0
    """How far the Settings list is scrolled (lu; only a short screen's list scrolls)."""

    def enabled(self, key: str) -> bool:
        """False for radio toggles while airplane mode is on."""
        return not (key in RADIOS and self.values["airplane"])


@dataclass
class InboxState:
    """The Inbox list: scroll offset in pixels, long-press selection, what its
    SwipeRefreshLayout and its "load more" footer are doing, and what was archived."""

    offset: int = 0
    selected: set[int] = field(default_factory=set)
    refreshing: bool = False
    """Pulled down at its top: the refresh circle shows over the list until the next input
    (the refresh is done by then, and brought the mail :func:`~.screen_inbox.arrive` says)."""
    pages: int = 0
    """Pages "load more" appended to the list (each when its footer showed, at the next
    input: :func:`~.screen_inbox.arrive`)."""
    mail: int = 0
    """New messages that came in (by refreshes and pushes), above the first row."""
    anchored: int = 0
    """lu the offset grew by to keep the rows in view where they were while new mail came in
    above them (scrolled down: :func:`~.screen_inbox.insert`); ``offset - anchored`` moves
    only when the list scrolls."""
    refreshes: int = 0
    """Refreshes done (each brought the mail :data:`~.screen_inbox.REFRESH_MAIL` says)."""
    incoming: int = 0
    """New messages pushed by the server, shown at the next input (:meth:`~.playground.
    Playground.push_mail`)."""
    archived: set[int] = field(default_factory=set)
    """Items archived (:mod:`.inbox_archive`): gone from the list, the rows below closed up."""
    undo: tuple[int, ...] = ()
    """The items the last archive took, while its snackbar ("Undo") shows."""


@dataclass
class FeedState:
    """The Feed: vertical scroll offset, the carousel's horizontal offset, likes and chips."""

    offset: int = 0
    chips_offset: int = 0
    liked: set[int] = field(default_factory=set)
    chips: set[int] = field(default_factory=lambda: {0})


@dataclass
class Stopwatch:
    """A start/pause timer on the injected clock: ``elapsed(now)`` seconds so far."""

    since: float | None = None
    banked: float = 0.0

    def elapsed(self, now: float) -> float:
        return self.banked + (now - self.since if self.since is not None else 0.0)

    def toggle(self, now: float) -> None:
        """Start when paused, pause when running."""
        if self.since is None:
            self.since = now
        else:
            self.banked, self.since = self.elapsed(now), None

    def reset(self) -> None:
        self.since, self.banked = None, 0.0


@dataclass
class ClockState:
    """The Clock: the selected tab (0 Alarm .. 3 Stopwatch), alarm switches, timer, stopwatch."""

    tab: int = 0
    alarms: set[int] = field(default_factory=lambda: {0, 3})
    timer: Stopwatch = field(default_factory=Stopwatch)
    stopwatch: Stopwatch = field(default_factory=Stopwatch)


@dataclass
class ArticleState:
    """The Article web page: scroll offset in pixels and the products in the cart."""

    offset: int = 0
    cart: set[int] = field(default_factory=set)


@dataclass
class ContactsState:
    """Contacts: what was typed into its search field, whether the field has the focus, and
    how far the filtered list is scrolled (lu; back to 0 at each key: :mod:`.text_entry`)."""

    query: str = ""
    focused: bool = False
    offset: int = 0


@dataclass
class PhoneState:
    """The whole phone.

    ``stack`` is the Playground task's activity stack (short names, bottom first;
    empty when the app is not running). ``in_app`` is True when that task is in
    the foreground, False when the launcher is. ``dialog`` names the open dialog
    (a key of :data:`.dialogs.DIALOGS`, or None); ``keyboard`` whether the on-screen keyboard shows;
    ``message`` the message the MessageActivity shows; ``dumps`` how many
    hierarchy dumps were taken (the volatile "Refreshed" counter).
    """

    stack: list[str] = field(default_factory=list)
    in_app: bool = False
    form: FormState = field(default_factory=FormState)
    settings: SettingsState = field(default_factory=SettingsState)
    inbox: InboxState = field(default_factory=InboxState)
    feed: FeedState = field(default_factory=FeedState)
    clock: ClockState = field(default_factory=ClockState)
    article: ArticleState = field(default_factory=ArticleState)
    contacts: ContactsState = field(default_factory=ContactsState)
    message: int = 0
    dialog: str | None = None
    keyboard: bool = False
    dumps: int = 0

    @property
    def screen(self) -> str:
        """The foreground screen: an activity short name, or "Launcher"."""
        return self.stack[-1] if self.in_app and self.stack else "Launcher"
