"""Screen-local state changes: scrolling, and the actions of list items, tabs and timers.

:class:`~.playground.Playground` routes a swipe here by the ``swipe`` name of the
view it starts on (:func:`scroll`), and a tap by the ``action`` of the view it
hits when that action only changes one screen's state (:func:`act_on_screen`).
Navigation, focus, typing and dialogs stay in the playground.
"""

from __future__ import annotations

from deltarec.core.devices.virtual import screen_article, screen_contacts, screen_feed, screen_inbox
from deltarec.core.devices.virtual.layout import DEFAULT_SCREEN, Screen
from deltarec.core.devices.virtual.screen_clock import TABS
from deltarec.core.devices.virtual.screen_forms import form_max_offset, settings_max_offset
from deltarec.core.devices.virtual.state import PhoneState


def _clamp(value: int, highest: int) -> int:
    return max(0, min(highest, value))


def scroll(state: PhoneState, target: str, delta: int, screen: Screen = DEFAULT_SCREEN) -> None:
    """Scroll ``target`` by ``delta`` lu (positive: the content moves up, or left), clamped to
    what the content holds on ``screen``.

    Targets: "inbox", "feed", "chips" (the Feed's carousel), "article", "contacts",
    "settings" and "form" (only on a screen too short for them); "pager" moves one page in
    the swipe's direction instead (positive: the next tab).

    >>> st = PhoneState()
    >>> scroll(st, "inbox", -500); st.inbox.offset
    0
    >>> scroll(st, "pager", 700); st.clock.tab
    1
    """
    width, bottom = screen.width, screen.nav_top
    if target == "inbox":
        inbox = state.inbox
        highest = screen_inbox.max_offset(
            bottom, inbox.pages, inbox.mail, frozenset(inbox.archived)
        )
        state.inbox.offset = _clamp(state.inbox.offset + delta, highest)
    elif target == "feed":
        highest = screen_feed.max_offset(width, bottom)
        state.feed.offset = _clamp(state.feed.offset + delta, highest)
    elif target == "chips":
        chips = state.feed.chips_offset + delta
        state.feed.chips_offset = _clamp(chips, screen_feed.max_chips_offset(width))
    elif target == "article":
        highest = screen_article.max_offset(width, bottom)
        state.article.offset = _clamp(state.article.offset + delta, highest)
    elif target == "form":
        highest = form_max_offset(screen.content_bottom(keyboard=state.keyboard))
        state.form.offset = _clamp(state.form.offset + delta, highest)
    elif target == "settings":
        highest = settings_max_offset(bottom)
        state.settings.offset = _clamp(state.settings.offset + delta, highest)
    elif target == "contacts":
        bottom = screen.content_bottom(keyboard=state.keyboard)
        highest = screen_contacts.max_offset(state.contacts.query, bottom)
        state.contacts.offset = _clamp(state.contacts.offset + delta, highest)
    elif target == "pager":
        state.clock.tab = _clamp(state.clock.tab + (1 if delta > 0 else -1), len(TABS) - 1)


def act_on_screen(state: PhoneState, verb: str, arg: str, now: float) -> None:
    """Run a screen-local view action ("like:3", "tab:2", "timer:toggle", …) at time ``now``."""
    if verb == "select":
        state.inbox.selected ^= {int(arg)}
    elif verb == "like":
        state.feed.liked ^= {int(arg)}
    elif verb == "chip":
        state.feed.chips ^= {int(arg)}
    elif verb == "tab":
        state.clock.tab = int(arg)
    elif verb == "alarm":
        state.clock.alarms ^= {int(arg)}
    elif verb in ("timer", "stopwatch"):
        watch = state.clock.timer if verb == "timer" else state.clock.stopwatch
        if arg == "toggle":
            watch.toggle(now)
        else:
            watch.reset()
    elif verb == "cart":
        state.article.cart ^= {int(arg)}
