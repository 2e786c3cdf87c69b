"""The Playground phone: input in, new state out; renders itself as a dump or a picture.

Every input goes through the same view tree the renderers draw
(:func:`~.screens.build_windows`), so a tap hits exactly what the dump and the
screenshot show. Behaviour, chosen to match Android:

- **tap** acts on the topmost clickable view under the point (disabled views
  swallow the tap). With a dialog open, a tap outside it cancels it.
- **long press** acts on the topmost long-clickable view (Inbox rows toggle
  their ``selected`` flag).
- **swipe** that moves no further than the touch slop on either axis (8 dp,
  ``ViewConfiguration.getScaledTouchSlop()``: 21 px on the default phone, 16 at 320 dpi) is a
  tap (a long press when it lasts >= 500 ms, which is how ``input swipe X Y X Y 800``
  long-presses): no scroller starts a drag within the slop, and the view under the finger
  keeps its press (``View.onTouchEvent`` cancels it only past its bounds and the slop).
  Otherwise it goes to
  the innermost view under its start point that scrolls along its axis (mostly
  vertical or mostly horizontal; see :func:`~.views.swipe_target`), and scrolls
  it by ``y1 - y2`` (or ``x1 - x2``) pixels less the touch slop (8 dp, as AOSP's
  ``RecyclerView`` and ``ScrollView`` subtract it when the drag starts; a drag within
  the slop moves nothing; :mod:`.fling`) plus, for a fast swipe, the momentum
  a real phone's fling adds (:mod:`.fling`: the duration gives the velocity; a slow
  drag has none), clamped to the
  content: the Inbox list, the Feed and its carousel, the Article's WebView (and the
  Settings list and the sign-up form where they do not fit). The WebView keeps the
  finger's whole travel (Chromium's own gesture handling is not modelled). A
  horizontal swipe on the Clock's pager moves one page (left: next tab). Other
  swipes, and every swipe while a dialog is open, do nothing. A drag down on the Inbox
  at its top pulls it to refresh (:mod:`.screen_inbox`).
- **what came in**: every input first sees what arrived since the last one (the
  Inbox's refresh done and the mail it brought, mail pushed (:meth:`Playground.push_mail`),
  the page its footer asked for: :func:`~.screen_inbox.arrive`).
- **typing** goes to the focused field at its end; with no focused field it is
  dropped. Tapping a field focuses it and shows the keyboard.
- **keys**: back hides the keyboard, else closes the dialog, else closes the
  activity (from the task's root it goes to the launcher, keeping the task);
  home goes to the launcher; enter moves focus to the next field (on the last
  one it hides the keyboard); del deletes the last character; letters and
  digits type; other keys do nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from deltarec.core.devices.virtual import text_entry
from deltarec.core.devices.virtual.actions import act_on_screen, scroll
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU, drag, glide
from deltarec.core.devices.virtual.inbox_archive import archive, swiped_away, undo
from deltarec.core.devices.virtual.layout import (
    ACTIVITIES,
    APP_PACKAGE,
    ARTICLE,
    CLOCK,
    CONTACTS,
    FEED,
    INBOX,
    LAUNCHER_ACTIVITY,
    LAUNCHER_PACKAGE,
    MAIN,
    MESSAGE,
    SETTINGS,
    SIGN_UP,
    SYSTEMUI_PACKAGE,
    Screen,
)
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, Profile, scale_windows
from deltarec.core.devices.virtual.render_xml import render_dump
from deltarec.core.devices.virtual.screen_forms import lay_out_form
from deltarec.core.devices.virtual.screen_inbox import REFRESH_PULL, arrive
from deltarec.core.devices.virtual.screens import build_windows
from deltarec.core.devices.virtual.state import (
    ArticleState,
    ClockState,
    ContactsState,
    FeedState,
    FormState,
    InboxState,
    PhoneState,
)
from deltarec.core.devices.virtual.views import View, Window, contains, hit_windows, swipe_target

if TYPE_CHECKING:
    from PIL.Image import Image

DEFAULT_EPOCH = 1704102060.0
"""Mon 1 Jan 2024 09:41:00 UTC: what the default clock shows."""

PACKAGES = (APP_PACKAGE, LAUNCHER_PACKAGE, SYSTEMUI_PACKAGE, "dev.deltarec.keyboard")
"""Installed packages, as ``pm list packages`` reports them."""

LONG_PRESS_MS = 500

SLOPLESS = frozenset({"article", "pager"})
"""Swipe targets that keep the finger's whole travel: the Article's WebView (Chromium's
own gesture handling, not modelled) and the Clock's pager (it moves one page)."""

_NAMED_KEYS = {3: "home", 4: "back", 61: "tab", 62: "space", 66: "enter", 67: "del"}


class ManualClock:
    """A clock that only moves when told to (the default: the phone is deterministic)."""

    def __init__(self, start: float = DEFAULT_EPOCH) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Playground:
    """The virtual phone's behaviour and rendering.

    ``clock`` returns seconds since the epoch (shown in UTC); default
    :class:`ManualClock`. With ``dialog_only_dump`` a dump taken while the dialog
    is open holds only the dialog window, as ``uiautomator dump`` does on real
    phones; by default it holds every window (status bar, app, dialog).
    ``profile`` is the screen (:mod:`.profile`; default 1080x2400 at 420 dpi): the
    screens are laid out for its size in dp and every coordinate, in and out, is
    in its px.
    """

    def __init__(
        self,
        clock: Callable[[], float] | None = None,
        *,
        dialog_only_dump: bool = False,
        profile: Profile = DEFAULT_PROFILE,
    ) -> None:
        self.clock: Callable[[], float] = clock or ManualClock()
        self.profile = profile
        self.screen = Screen(*profile.layout_size, slack=profile.slack)
        """The screen in layout units (see :mod:`.profile`)."""
        self.lock = threading.RLock()
        """Front ends (VirtualShell, VirtualDevice) hold it around each call."""
        self.dialog_only_dump = dialog_only_dump
        self.state = PhoneState()

    # ----------------------------------------------------------------- rendering
    def windows(self) -> tuple[Window, ...]:
        """The windows on screen now, bottom first, in px."""
        return scale_windows(self.layout_windows(), self.profile)

    def layout_windows(self) -> tuple[Window, ...]:
        """The windows on screen now, bottom first, in layout units (px on the default)."""
        self._lay_out()
        return build_windows(self.state, self.clock(), self.screen)

    def _lay_out(self) -> None:
        """The layout pass a real phone runs after every change, before the next frame or
        dump: the sign-up form's ScrollView clamps its offset to the window it has now and
        keeps the focused field in view (:func:`~.screen_forms.lay_out_form`)."""
        st = self.state
        bottom = self.screen.content_bottom(keyboard=st.keyboard)
        if st.screen == SIGN_UP:
            lay_out_form(st.form, bottom)
        elif st.screen == CONTACTS:
            text_entry.lay_out_contacts(st, bottom)

    def dump_xml(self) -> str:
        """A ``uiautomator dump`` of the screen. Counts as one dump (the volatile counter)."""
        self.state.dumps += 1
        windows = tuple(w for w in self.windows() if w.in_dump)
        if self.dialog_only_dump and any(w.kind == "dialog" for w in windows):
            windows = tuple(w for w in windows if w.kind == "dialog")
        return render_dump(windows)

    def screenshot(self, windows: tuple[Window, ...] | None = None) -> Image:
        """The screen as an RGB PIL image of ``window_size()``: drawn in layout units,
        then resampled to the profile's px, so text and drawings scale with the density.
        ``windows`` (from :meth:`layout_windows`, taken under :attr:`lock`) lets a caller
        draw without holding the lock."""
        from deltarec.core.devices.virtual.render_png import render_image

        if windows is None:
            windows = self.layout_windows()
        image = render_image(windows, self.profile.layout_size)
        if image.size != self.window_size():
            from PIL import Image as PILImage

            image = image.resize(self.window_size(), PILImage.Resampling.LANCZOS)
        return image

    def screenshot_png(self, windows: tuple[Window, ...] | None = None) -> bytes:
        """:meth:`screenshot` as PNG bytes (fast compression: a screencap, not an archive)."""
        import io

        buf = io.BytesIO()
        self.screenshot(windows).save(buf, format="PNG", compress_level=1)
        return buf.getvalue()

    def window_size(self) -> tuple[int, int]:
        """The screen in px: the profile's width and height."""
        return (self.profile.width, self.profile.height)

    def keyboard_frame(self) -> tuple[int, int, int, int] | None:
        """The keyboard window's (left, top, right, bottom) while it shows, else None."""
        ime = next((w for w in self.windows() if w.kind == "ime"), None)
        return None if ime is None else ime.root.bounds

    # ------------------------------------------------------------------- touches
    def _arrive(self) -> None:
        """What came in since the last input (:func:`~.screen_inbox.arrive`): every input
        sees it first."""
        bottom = self.screen.content_bottom(keyboard=self.state.keyboard)
        arrive(self.state.inbox, bottom, shown=self.state.screen == INBOX)
        if self.state.screen != INBOX:
            self.state.inbox.undo = ()  # the Inbox's snackbar went with it

    def push_mail(self, n: int = 1) -> None:
        """The server pushes ``n`` new messages: the Inbox puts them at its top at the next
        input (:func:`~.screen_inbox.arrive`), whether or not it refreshed."""
        self.state.inbox.incoming += n

    def tap(self, x: int, y: int) -> None:
        """Tap at (x, y); see the module docstring."""
        self._arrive()
        windows = self.windows()
        dialog = next((w for w in windows if w.kind == "dialog"), None)
        if dialog is not None and not contains(dialog.root.bounds, x, y):
            self.state.dialog = None  # a tap outside an AlertDialog cancels it
            return
        self._do(hit_windows(windows, x, y), long=False)

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        """Press and hold at (x, y); acts on the topmost long-clickable view."""
        del duration_ms  # any hold of at least LONG_PRESS_MS is one long press
        self._arrive()
        windows = self.windows()
        if any(w.kind == "dialog" for w in windows):
            return
        self._do(hit_windows(windows, x, y, long=True), long=True)

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """Swipe from (x1, y1) to (x2, y2); see the module docstring."""
        slop = self.profile.px(TOUCH_SLOP_LU)
        if abs(x2 - x1) <= slop and abs(y2 - y1) <= slop:
            if duration_ms >= LONG_PRESS_MS:
                self.long_press(x1, y1, duration_ms)
            else:
                self.tap(x1, y1)
            return
        self._arrive()
        if self.state.dialog is not None:
            return
        vertical = abs(y2 - y1) >= abs(x2 - x1)
        target = swipe_target(self.windows(), x1, y1, "v" if vertical else "h")
        if not target:
            if not vertical and self.state.screen == INBOX:
                self._swipe_row(x1, y1, x2 - x1, duration_ms)
            return
        finger = y1 - y2 if vertical else x1 - x2
        travel = self.profile.to_layout(finger)
        if target in SLOPLESS:
            scroll(self.state, target, travel + glide(travel, duration_ms), self.screen)
            return
        moved = drag(finger, slop)
        if target == "inbox" and self.state.inbox.offset == 0:
            # Pulled down at its top: the SwipeRefreshLayout takes the drag (no fling).
            self.state.inbox.refreshing = -self.profile.to_layout(moved) >= REFRESH_PULL
        if moved:  # a drag within the touch slop never starts: no scroll, no fling
            delta = self.profile.to_layout(moved) + glide(travel, duration_ms)
            scroll(self.state, target, delta, self.screen)

    def _swipe_row(self, x: int, y: int, dx: int, duration_ms: int) -> None:
        """A sideways swipe that starts on an Inbox message row archives it when it goes far
        or fast enough (:func:`~.inbox_archive.swiped_away`); else it slides back."""
        row = hit_windows(self.windows(), x, y)
        verb, _, arg = row.action.partition(":") if row is not None else ("", "", "")
        width = self.screen.width
        if (
            verb == "open"
            and arg.isdigit()
            and swiped_away(self.profile.to_layout(dx), duration_ms, width)
        ):
            bottom = self.screen.content_bottom(keyboard=self.state.keyboard)
            archive(self.state.inbox, [int(arg)], bottom)

    def _do(self, view: View | None, *, long: bool) -> None:
        if view is None or not view.enabled:
            return
        action = view.long_action if long else view.action
        if action:
            self.perform(action)

    def perform(self, action: str) -> None:
        """Run a view action ("open:SignUpActivity", "focus:name", "toggle:wifi", …)."""
        st = self.state
        verb, _, arg = action.partition(":")
        if verb == "up":
            self._navigate([*st.stack[:-1]] if len(st.stack) > 1 else [MAIN])
        elif verb == "open" and arg.isdigit():
            st.message = int(arg)
            self._navigate([*st.stack, MESSAGE])
        elif verb == "open":
            self._push(arg)
        elif verb == "launch":
            self._launch_from_icon(arg)
        elif verb == "focus":
            text_entry.focus(st, arg)
        elif verb == "check":
            st.form.newsletter = not st.form.newsletter
        elif verb == "save":
            st.dialog = "save"
            st.keyboard = False
        elif verb == "ask":
            st.dialog = arg
            st.keyboard = False
        elif verb == "dialog":
            if arg == "ok" and st.dialog == "save":
                st.form.saved = True
                st.form.focus = None
            st.dialog = None
        elif verb == "history":  # "Delete" replaces its dialog with the next one
            st.settings.history = 0
            st.dialog = "history_deleted"
        elif verb == "toggle":
            st.settings.values[arg] = not st.settings.values[arg]
        elif verb == "key":
            self._key(arg)
        elif verb in ("archive", "unarchive"):
            bottom = self.screen.content_bottom(keyboard=st.keyboard)
            if verb == "archive":
                archive(st.inbox, sorted(st.inbox.selected), bottom)
            else:
                undo(st.inbox, bottom)
        else:
            act_on_screen(self.state, verb, arg, self.clock())
        self._lay_out()

    def _key(self, key: str) -> None:
        if key == "del":
            self._delete()
        elif key == "enter":
            self._enter()
        else:
            self.type_text(key)

    # -------------------------------------------------------------- text & keys
    def type_text(self, text: str) -> None:
        """Append ``text`` to the focused field; dropped when no field has focus."""
        self._arrive()
        text_entry.type_into(self.state, text)

    def _delete(self) -> None:
        text_entry.delete(self.state)

    def _enter(self) -> None:
        text_entry.enter(self.state)

    def press_key(self, key: str) -> None:
        """Press a named key (a key of :data:`deltarec.core.devices.base.KEYS`, e.g. "back")."""
        from deltarec.core.devices.base import KEYS

        code = KEYS.get(key.lower())
        if code is None:
            raise ValueError(f"unknown key {key!r}; known: {', '.join(sorted(KEYS))}")
        self.press_keycode(code)

    def press_keycode(self, code: int) -> None:
        """Press an Android keycode: named keys, digits 0-9 (7..16) and letters a-z (29..54)."""
        self._arrive()
        st = self.state
        if 7 <= code <= 16:
            self.type_text(str(code - 7))
        elif 29 <= code <= 54:
            self.type_text(chr(ord("a") + code - 29))
        name = _NAMED_KEYS.get(code, "")
        if name == "home":
            st.keyboard = False
            st.in_app = False
        elif name == "back":
            self._back()
        elif name == "enter":
            self._enter()
        elif name == "del":
            self._delete()
        elif name == "space":
            self.type_text(" ")
        elif name == "tab" and st.form.focus:
            self._enter()
        self._lay_out()

    def _back(self) -> None:
        st = self.state
        if st.keyboard:
            st.keyboard = False
        elif st.dialog:
            st.dialog = None
        elif st.in_app and len(st.stack) > 1:
            self._navigate(st.stack[:-1])
        else:
            st.in_app = False

    # ---------------------------------------------------------------------- apps
    def _navigate(self, stack: list[str]) -> None:
        """Show ``stack`` (in the foreground); leaving an activity drops focus, keyboard, dialog."""
        st = self.state
        if stack[-1:] != st.stack[-1:]:
            st.keyboard = False
            st.dialog = None
            st.form.focus = None
            st.contacts.focused = False
        st.stack = stack
        st.in_app = True

    def _push(self, activity: str) -> None:
        """Start a new instance of ``activity`` on top of the task (fresh screen state)."""
        st = self.state
        if activity == SIGN_UP:
            st.form = FormState()
        elif activity == SETTINGS:
            st.settings.offset = 0
        elif activity == INBOX:
            st.inbox = InboxState()
        elif activity == FEED:
            st.feed = FeedState()
        elif activity == CLOCK:
            st.clock = ClockState()
        elif activity == ARTICLE:
            st.article = ArticleState()
        elif activity == CONTACTS:
            st.contacts = ContactsState()
        self._navigate([*self.state.stack, activity])

    def _launch_from_icon(self, activity: str) -> None:
        if activity == MAIN:
            self._navigate(self.state.stack or [MAIN])
        else:
            self._navigate([MAIN])
            self._push(activity)

    def launch_app(self, package: str, activity: str = "") -> None:
        """Start or resume an app, like ``am start -n`` / the launcher intent.

        No activity: bring the task to the front (start MainActivity if none).
        An activity (".SignUpActivity" or the full name) already in the task is
        brought to the top, closing those above it (like FLAG_ACTIVITY_CLEAR_TOP);
        otherwise a new instance starts on top. Raises ValueError for an unknown
        package or activity.
        """
        st = self.state
        if package == LAUNCHER_PACKAGE:
            self.press_keycode(3)
            return
        self._arrive()
        if package != APP_PACKAGE:
            raise ValueError(f"unknown package {package!r}")
        if not activity:
            self._navigate(st.stack or [MAIN])
            return
        short = activity.removeprefix(APP_PACKAGE).removeprefix(".")
        if short not in ACTIVITIES:
            raise ValueError(f"unknown activity {activity!r} in {package}")
        if short in st.stack:
            self._navigate(st.stack[: st.stack.index(short) + 1])
        elif short == MESSAGE:
            st.message = 1
            self._navigate([*st.stack, MESSAGE])
        else:
            self._push(short)

    def stop_app(self, package: str) -> None:
        """Force-stop: the Playground task and its screen state are gone (settings persist)."""
        if package != APP_PACKAGE:
            return
        settings = self.state.settings
        dumps = self.state.dumps
        self.state = PhoneState(settings=settings, dumps=dumps)

    def clear_app(self, package: str) -> None:
        """``pm clear``: stopped, and its data gone too: the Playground's settings are back
        to their defaults (the dump counter is the phone's, not the app's). Other
        installed packages hold no state here; ValueError for an unknown one."""
        if package not in PACKAGES:
            raise ValueError(f"unknown package {package!r}")
        if package == APP_PACKAGE:
            self.state = PhoneState(dumps=self.state.dumps)

    def current_app(self) -> tuple[str, str]:
        """(package, full activity name) of the foreground app."""
        screen = self.state.screen
        if screen == "Launcher":
            return (LAUNCHER_PACKAGE, LAUNCHER_ACTIVITY)
        return (APP_PACKAGE, f"{APP_PACKAGE}.{screen}")
