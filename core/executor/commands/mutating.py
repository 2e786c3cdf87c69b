"""Mutating commands: act on the device. Each is followed by settle + an observation.

Commands that take a ``selector`` resolve it strictly on the live screen
(:mod:`deltarec.core.executor.selectors`), waiting up to ``timeout`` seconds (default
5) for it to appear, and act on the centre of the element; an ambiguous
selector fails at once. Coordinates (``x``/``y``) act where told, unchecked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.devices.base import KEYS
from deltarec.core.diff.gesture import Gesture
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.commands.base import Category, Command, exactly_one
from deltarec.core.executor.gestures import DIRECTIONS, scaled_point
from deltarec.core.executor.params import (
    BOOL,
    COORD,
    DURATION_MS,
    TEXT,
    TIMEOUT,
    Choice,
    Int,
    Number,
    NumberList,
    Str,
    member,
    param,
)
from deltarec.core.executor.scrolling import MAX_SWIPES, scroll_into_view
from deltarec.core.executor.selectors import SELECTOR, Selector
from deltarec.core.executor.swipe_area import swipe_direction
from deltarec.core.executor.variables import referenced, value_of

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context

DEFAULT_TIMEOUT = 5.0
SELECTOR_HELP = "the element to act on (strict: exactly one must match)"
TIMEOUT_HELP = "seconds to wait for the selector to match"
# fullmatch and ASCII: "$" alone would let "com.app\n" through, and \w takes any script.
_PACKAGE = re.compile(r"[A-Za-z]\w*(?:\.[A-Za-z_]\w*)+", re.ASCII)
_ACTIVITY = re.compile(r"[\w.$]+", re.ASCII)
FRACTION = Number(minimum=0, maximum=1)
PERCENT = Number(minimum=0.01, maximum=100)
SCREEN_POINT = NumberList(2, minimum=0, maximum=1)


def _under_keyboard(ctx: Context, x: int, y: int) -> dict[str, Any] | None:
    """A target under the on-screen keyboard is not touched (a key would be): the
    result says so, with a warning; None when the point is clear."""
    covered = ctx.keyboard_covers(x, y)
    if not covered:
        return None
    ctx.warnings.append(covered)
    return {"x": x, "y": y, "performed": False, "underKeyboard": True, **ctx.element_result()}


@dataclass(frozen=True, slots=True, kw_only=True)
class _Pointed(Command):
    """Shared parameters of a command that acts on one point: a selector (scrolled into
    view when ``scroll_in`` is given), x and y in pixels, or rel_x and rel_y as fractions of
    the screen (what the recorder writes when no element identifies the point: it lands
    on the same spot of a phone of another size)."""

    selector: Selector | None = param(SELECTOR, SELECTOR_HELP, default=None)
    x: int | None = param(COORD, "x in screen pixels (with y, instead of a selector)", default=None)
    y: int | None = param(COORD, "y in screen pixels (with x, instead of a selector)", default=None)
    rel_x: float | None = param(FRACTION, "x as a fraction of the screen's width", default=None)
    rel_y: float | None = param(FRACTION, "y as a fraction of the screen's height", default=None)
    scroll_in: Selector | None = param(
        SELECTOR, "the list to swipe until the selector's element shows", default=None
    )
    scroll_direction: str = param(
        Choice(DIRECTIONS), "where the finger moves while scrolling (turns at the end)",
        default="up",
    )  # fmt: skip
    max_swipes: int = param(Int(minimum=1, maximum=100), "swipes at most", default=MAX_SWIPES)
    timeout: float = param(TIMEOUT, TIMEOUT_HELP, default=DEFAULT_TIMEOUT)

    def check(self, path: str) -> None:
        exactly_one(
            path,
            {
                "selector": self.selector is not None,
                "x/y": self.x is not None or self.y is not None,
                "rel_x/rel_y": self.rel_x is not None or self.rel_y is not None,
            },
            "where to act",
        )
        if (self.x is None) != (self.y is None):
            raise ScriptValidationError(path, "give both x and y")
        if (self.rel_x is None) != (self.rel_y is None):
            raise ScriptValidationError(path, "give both rel_x and rel_y")
        if self.scroll_in is not None and self.selector is None:
            raise ScriptValidationError(member(path, "scroll_in"), "only with a selector")

    def target(self) -> str:
        if self.rel_x is not None:
            return f"({self.rel_x:g}, {self.rel_y:g} of the screen)"
        return f"({self.x}, {self.y})" if self.selector is None else self.selector.describe()

    def locate(self, ctx: Context) -> tuple[int, int]:
        """The point to act on: the element (scrolled into view first when ``scroll_in``
        says where), the screen fraction scaled to this phone, or the pixel."""
        if self.rel_x is not None and self.rel_y is not None:
            return scaled_point(self.rel_x, self.rel_y, *ctx.device.window_size())
        if self.selector is not None and self.scroll_in is not None:
            scroll_into_view(ctx, self.selector, self.scroll_in, self.scroll_direction,
                             timeout=self.timeout, max_swipes=self.max_swipes)  # fmt: skip
        return ctx.point(self.selector, self.x, self.y, timeout=self.timeout)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tap(_Pointed):
    """Tap the element a selector finds (its centre), or the point x/y.

    Timeout: ``timeout`` seconds for the selector. Errors: ElementNotFoundError
    (naming what was on screen), AmbiguousSelectorError (listing candidates),
    StaleIndexError (an ``[i]`` that now denotes another element than the one
    shown: nothing is tapped), StepFailedError (element off screen), DeviceError.
    A selector's element whose centre lies under the on-screen keyboard is not
    tapped (that would type a key): the step warns and its result says
    ``performed: false, underKeyboard: true``.
    """

    name = "AC_tap"
    category = Category.MUTATING

    def run(self, ctx: Context) -> dict[str, Any]:
        x, y = self.locate(ctx)
        if self.selector is not None and (skipped := _under_keyboard(ctx, x, y)):
            return skipped
        ctx.device.tap(x, y)
        return {"x": x, "y": y, **ctx.element_result()}


@dataclass(frozen=True, slots=True, kw_only=True)
class LongPress(_Pointed):
    """Press and hold the element a selector finds, or the point x/y, for ``duration_ms``.

    Timeout and errors: as AC_tap.
    """

    name = "AC_long_press"
    category = Category.MUTATING

    duration_ms: int = param(DURATION_MS, "how long to hold", default=800)

    def run(self, ctx: Context) -> dict[str, Any]:
        x, y = self.locate(ctx)
        if self.selector is not None and (skipped := _under_keyboard(ctx, x, y)):
            return skipped
        ctx.device.long_press(x, y, self.duration_ms)
        return {"x": x, "y": y, **ctx.element_result()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Swipe(Command):
    """Swipe: ``direction`` (+ ``percent`` or ``distance``) through an element or the screen.

    ``direction`` is where the finger moves: "up" scrolls a list to later rows.
    ``percent`` is a share of the element's (or screen's) extent along that axis, so
    the swipe means the same on a phone of another size (what the recorder writes);
    ``distance`` is in pixels; without either, 60%. The swipe goes through the
    element's centre and stays inside it. ``start``/``end`` are points as fractions
    of the screen (what the recorder writes for a drag on nothing that scrolls); the
    old form x1/y1→x2/y2 (raw pixels) still runs. Timeout: ``timeout`` seconds for the
    selector. Errors: as AC_tap.
    """

    name = "AC_swipe"
    category = Category.MUTATING

    selector: Selector | None = param(
        SELECTOR, "element to swipe in (default: the screen)", default=None
    )
    direction: str | None = param(Choice(DIRECTIONS), "where the finger moves", default=None)
    percent: float | None = param(PERCENT, "share of the extent to move (1–100)", default=None)
    distance: int | None = param(Int(minimum=1, maximum=100_000), "pixels to move", default=None)
    x1: int | None = param(COORD, "start x (coordinates form)", default=None)
    y1: int | None = param(COORD, "start y", default=None)
    x2: int | None = param(COORD, "end x", default=None)
    y2: int | None = param(COORD, "end y", default=None)
    start: tuple[float, ...] | None = param(
        SCREEN_POINT, "start [x, y] as fractions of the screen (with end)", default=None
    )
    end: tuple[float, ...] | None = param(SCREEN_POINT, "end [x, y] as fractions", default=None)
    duration_ms: int = param(DURATION_MS, "how long the swipe takes", default=300)
    timeout: float = param(TIMEOUT, TIMEOUT_HELP, default=DEFAULT_TIMEOUT)

    def _coords(self) -> tuple[int | None, ...]:
        return (self.x1, self.y1, self.x2, self.y2)

    def check(self, path: str) -> None:
        coords = self._coords()
        exactly_one(
            path,
            {
                "direction": self.direction is not None,
                "x1/y1/x2/y2": any(c is not None for c in coords),
                "start/end": self.start is not None or self.end is not None,
            },
            "how to swipe",
        )
        if self.start is not None or self.end is not None:
            if self.start is None or self.end is None:
                raise ScriptValidationError(path, "give both start and end")
            if self.selector is not None:
                raise ScriptValidationError(member(path, "selector"), "not with start/end")
        elif self.direction is None:
            if any(c is None for c in coords):
                raise ScriptValidationError(path, "give all of x1, y1, x2, y2")
            for name, value in (("selector", self.selector), ("distance", self.distance),
                                ("percent", self.percent)):  # fmt: skip
                if value is not None:
                    raise ScriptValidationError(member(path, name), "only with direction")
        elif self.percent is not None and self.distance is not None:
            raise ScriptValidationError(member(path, "percent"), "give percent or distance")

    def target(self) -> str:
        return self.selector.describe() if self.selector is not None else ""

    def run(self, ctx: Context) -> dict[str, Any]:
        if self.direction is not None:  # kept inside the scrollable it acts on
            return swipe_direction(
                ctx,
                self.selector,
                self.direction,
                distance=self.distance,
                percent=self.percent,
                duration_ms=self.duration_ms,
                timeout=self.timeout,
            )
        if self.start is not None and self.end is not None:  # fractions of this screen
            width, height = ctx.device.window_size()
            x1, y1 = scaled_point(self.start[0], self.start[1], width, height)
            x2, y2 = scaled_point(self.end[0], self.end[1], width, height)
        else:  # raw pixels: the script's own, never moved
            x1, y1, x2, y2 = (int(c or 0) for c in self._coords())
        ctx.device.swipe(x1, y1, x2, y2, self.duration_ms)
        # The delta reads the step with what the finger did (content moves with it).
        ctx.session.gesture = Gesture(x1, y1, x2, y2, self.duration_ms)
        return {"from": [x1, y1], "to": [x2, y2]}


@dataclass(frozen=True, slots=True, kw_only=True)
class TypeText(Command):
    """Type ``text`` into the focused field; with ``selector``, tap that field first.

    After the tap the screen is settled (the keyboard comes up) before typing. A field
    under the on-screen keyboard fails the step before anything is tapped or typed.
    ``clear`` (with a selector) empties the field first, so the text replaces
    what it held (Playwright's ``fill``): the cursor goes to the end (MOVE_END)
    and Delete is pressed once per character the field showed before the tap
    (an empty field shows its hint as its text; deleting past the start does
    nothing). Timeout: ``timeout`` seconds for the selector, plus the settle
    timeout. Errors: as AC_tap.
    """

    name = "AC_type_text"
    category = Category.MUTATING

    text: str = param(Str(), "the text to type (exactly as given; empty only with clear)")
    selector: Selector | None = param(SELECTOR, "field to tap first", default=None)
    clear: bool = param(BOOL, "empty the field first (needs a selector)", default=False)
    timeout: float = param(TIMEOUT, TIMEOUT_HELP, default=DEFAULT_TIMEOUT)

    def check(self, path: str) -> None:
        if self.clear and self.selector is None:
            raise ScriptValidationError(member(path, "clear"), "needs a selector")
        if not self.text and not self.clear:
            raise ScriptValidationError(member(path, "text"), "must not be empty (unless clear)")

    def target(self) -> str:
        return self.selector.describe() if self.selector is not None else ""

    def run(self, ctx: Context) -> dict[str, Any]:
        result: dict[str, Any] = {"typed": len(self.text)}
        if self.selector is not None:
            x, y = ctx.point(self.selector, None, None, timeout=self.timeout)
            if covered := ctx.keyboard_covers(x, y):
                ctx.fail(covered)  # tapping would type a key, then type into another field
            shown = ctx.resolution.element.node.text if ctx.resolution is not None else ""
            ctx.device.tap(x, y)
            ctx.settle()
            result.update(ctx.element_result())
            if self.clear:
                ctx.device.press_key("move_end")
                for _ in shown:
                    ctx.device.press_key("del")
                result["cleared"] = len(shown)
        if self.text:  # empty with clear: the field is left empty
            ctx.device.type_text(self._value(ctx))
        return result

    def _value(self, ctx: Context) -> str:
        """The text, or the value of the variable it names (``${PASSWORD}``: variables.py)."""
        variables = ctx.session.variables
        value = self.text if variables is None else value_of(self.text, variables)
        if value is None:
            name = referenced(self.text)
            ctx.fail(f"the environment variable {name} is not set (the script types "
                     f"{self.text}, a value kept out of the script): set it, e.g. "
                     f"{name}=… deltarec run SCRIPT")  # fmt: skip
        return value


@dataclass(frozen=True, slots=True, kw_only=True)
class PressKey(Command):
    """Press a key by name (``back``, ``enter``, ``del``, … see deltarec.core.devices.base.KEYS).

    Timeout: the device's. Errors: DeviceError.
    """

    name = "AC_press_key"
    category = Category.MUTATING

    key: str = param(Choice(tuple(KEYS)), "key name")

    def target(self) -> str:
        return self.key

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.press_key(self.key)
        return {"key": self.key}


@dataclass(frozen=True, slots=True, kw_only=True)
class Back(Command):
    """Press Back. Timeout: the device's. Errors: DeviceError."""

    name = "AC_back"
    category = Category.MUTATING

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.press_key("back")
        return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class Home(Command):
    """Press Home (go to the launcher). Timeout: the device's. Errors: DeviceError."""

    name = "AC_home"
    category = Category.MUTATING

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.press_key("home")
        return {}


def _check_package(path: str, package: str) -> None:
    if not _PACKAGE.fullmatch(package):
        raise ScriptValidationError(member(path, "package"), f"not a package name: {package!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchApp(Command):
    """Start or resume an app (optionally a given activity).

    The observation after it is, as after any step, what changed since the screen the
    caller last saw: ``» new screen …`` and what is on it, or ``» back to … (as after step
    N)`` for a screen seen before (the full frame only when nothing was seen yet). Timeout:
    the device's. Errors: DeviceError (unknown package or activity).
    """

    name = "AC_launch_app"
    category = Category.MUTATING

    package: str = param(TEXT, "the app's package, e.g. com.android.settings")
    activity: str = param(Str(max_len=512), 'activity (".Main" or the full name)', default="")

    def check(self, path: str) -> None:
        _check_package(path, self.package)
        if self.activity and not _ACTIVITY.fullmatch(self.activity):
            raise ScriptValidationError(member(path, "activity"), "not an activity name")

    def target(self) -> str:
        return self.package

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.launch_app(self.package, self.activity)
        ctx.session.launched = True
        return {"package": self.package, "activity": self.activity}


@dataclass(frozen=True, slots=True, kw_only=True)
class _OnApp(Command):
    """A command on one app, named by its package (not registered itself)."""

    package: str = param(TEXT, "the app's package")

    def check(self, path: str) -> None:
        _check_package(path, self.package)

    def target(self) -> str:
        return self.package


@dataclass(frozen=True, slots=True, kw_only=True)
class StopApp(_OnApp):
    """Force-stop an app. Timeout: the device's. Errors: DeviceError."""

    name = "AC_stop_app"
    category = Category.MUTATING

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.stop_app(self.package)
        return {"package": self.package}


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearApp(_OnApp):
    """Clear an app's data (``pm clear``): its state and settings are gone and it is stopped,
    so the next launch starts as a fresh install would. Timeout: the device's. Errors:
    DeviceError (an unknown package, or the phone refused)."""

    name = "AC_clear_app"
    category = Category.MUTATING

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.device.clear_app(self.package)
        return {"package": self.package}
