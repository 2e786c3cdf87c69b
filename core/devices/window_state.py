"""What the window manager says: the focused app and window, and the keyboard's window.

``uiautomator dump`` shows neither the activity nor the input method's window.
``dumpsys window windows`` shows both and costs a fraction of a dump, so the
adb backends run it on a second connection *while* the dump runs (no extra
latency) and :func:`~deltarec.core.devices.settle.settle` uses it as its cheap probe.

:func:`parse_window_dump` reads:

- ``mCurrentFocus=Window{… pkg/activity}`` (falling back to
  ``mFocusedApp=ActivityRecord{… pkg/activity …}``): the focused app;
- every ``Window #N Window{… TITLE}:`` block; the one titled ``InputMethod``
  is the keyboard. It shows when the block says ``isVisible=true`` (Android
  10+), or, on older dumps without it, ``mViewVisibility=0x0`` with
  ``mHasSurface=true``. Its frame is ``mFrame=[l,t][r,b]`` (``frame=`` on some
  builds), shrunk from the top by ``mGivenContentInsets=[0,T][…]`` — IMEs
  reserve a transparent strip above their keys (suggestions may draw there).

    >>> text = '''
    ...   Window #3 Window{f1 u0 InputMethod}:
    ...     mViewVisibility=0x0 mHaveFrame=true mObscured=false
    ...     mGivenContentInsets=[0,66][0,0] mGivenVisibleInsets=[0,66][0,0]
    ...     mFrame=[0,1464][1080,2400] last=[0,1464][1080,2400]
    ...     isVisible=true
    ...   mCurrentFocus=Window{9a u0 com.example/com.example.Main}
    ... '''
    >>> state = parse_window_dump(text)
    >>> state.package, state.activity, state.keyboard
    ('com.example', 'com.example.Main', Bounds(left=0, top=1530, right=1080, bottom=2400))

Verified against the virtual phone's text and the formats above, which follow
AOSP's ``WindowState.dump``; a real phone's vendor IME may differ (see the
README's "needs a real phone" list).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from deltarec.core.observe.model import Bounds, Observation

WINDOW_COMMAND = "dumpsys window windows"
"""The probe: one shell command, a few ms to ~200 ms on phones (versus 0.5–3 s for a dump)."""

_FOCUS = re.compile(r"mCurrentFocus=Window\{[^}]*?\s(?P<title>[^\s}]+)\}")
_FOCUSED_APP = re.compile(
    r"mFocusedApp=.*?ActivityRecord\{\S+ \S+ (?P<package>[^\s/]+)/(?P<activity>\S+)"
)
_BLOCK = re.compile(r"^\s*Window #\d+ Window\{[^}]*?\s(?P<title>[^\s}]+)\}:\s*$", re.MULTILINE)
_RECT = r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"
_FRAME = re.compile(r"(?<![A-Za-z])(?:mFrame|frame)=" + _RECT)
_INSETS = re.compile(r"mGivenContentInsets=" + _RECT)
IME_TITLE = "InputMethod"


@dataclass(frozen=True, slots=True)
class WindowState:
    """The focused app (``""`` when unknown), the focused window's title, the keyboard's frame."""

    package: str = ""
    activity: str = ""
    focused_window: str = ""
    keyboard: Bounds | None = None

    def fill(self, obs: Observation) -> Observation:
        """``obs`` with the app, activity and keyboard the window manager reported."""
        return replace(
            obs, package=self.package or obs.package, activity=self.activity, keyboard=self.keyboard
        )

    def agrees_with(self, obs: Observation) -> bool:
        """Whether ``obs`` was captured in this state (same app, activity and keyboard)."""
        return (self.package, self.activity, self.keyboard) == (
            obs.package,
            obs.activity,
            obs.keyboard,
        )


def _split(package_activity: str) -> tuple[str, str]:
    package, _, activity = package_activity.partition("/")
    if activity.startswith("."):
        activity = package + activity
    return package, activity


def parse_window_dump(text: str) -> WindowState:
    """The :class:`WindowState` in ``dumpsys window windows`` output (module docstring)."""
    package = activity = title = ""
    focus = _FOCUS.search(text)
    if focus is not None:
        title = focus.group("title")
        if "/" in title:
            package, activity = _split(title)
    if not activity:
        app = _FOCUSED_APP.search(text)
        if app is not None:
            package, activity = _split(f"{app.group('package')}/{app.group('activity')}")
    return WindowState(package, activity, title, _keyboard(text))


def _keyboard(text: str) -> Bounds | None:
    blocks = list(_BLOCK.finditer(text))
    for i, block in enumerate(blocks):
        if block.group("title") != IME_TITLE:
            continue
        end = blocks[i + 1].start() if i + 1 < len(blocks) else len(text)
        body = text[block.end() : end]
        # The block ends where the next window starts or the global lines begin.
        body = re.split(r"^\s{0,2}m[A-Z]\w*=", body, maxsplit=1, flags=re.MULTILINE)[0]
        if not _visible(body):
            return None
        frame = _FRAME.search(body)
        if frame is None:
            return None
        left, top, right, bottom = (int(v) for v in frame.groups())
        insets = _INSETS.search(body)
        if insets is not None:
            top = min(bottom, top + int(insets.group(2)))
        return Bounds(left, top, right, bottom) if bottom > top else None
    return None


def _visible(body: str) -> bool:
    flag = re.search(r"isVisible=(true|false)", body)
    if flag is not None:
        return flag.group(1) == "true"
    view = re.search(r"mViewVisibility=0x([0-9a-f]+)", body)
    surface = re.search(r"mHasSurface=(true|false)", body)
    return (
        view is not None
        and int(view.group(1), 16) == 0
        and (surface is None or surface.group(1) == "true")
    )


__all__ = ["IME_TITLE", "WINDOW_COMMAND", "WindowState", "parse_window_dump"]
