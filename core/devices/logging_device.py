"""A device wrapper that logs every action it is asked to perform.

The recorder wraps the real device in a :class:`LoggingDevice` so each recorded
step knows exactly which device calls it made (a typed text with a selector is
a tap, then the text) — what a replay must reproduce; the replay report's
tracer (:mod:`deltarec.core.report.trace`) builds on it. An action is logged before it
is forwarded, so one that raised is still logged: it was asked. Reads pass
through unlogged; :meth:`LoggingDevice.capture` is the hook for subclasses
that want the screens too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deltarec.core.devices.base import AppInfo, Device

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.observe.model import Observation


class LoggingDevice:
    """Forwards to ``inner``; mutating calls are appended to :attr:`actions`."""

    def __init__(self, inner: Device) -> None:
        self.inner = inner
        self.serial = inner.serial
        self.actions: list[dict[str, Any]] = []

    def logged(self, action: dict[str, Any]) -> None:
        """Called with every action before it is forwarded (subclasses extend it)."""
        self.actions.append(action)

    def take_actions(self) -> list[dict[str, Any]]:
        """The actions since the last call, oldest first."""
        out, self.actions = self.actions, []
        return out

    def capture(self) -> Observation:
        return self.inner.capture()

    def screenshot(self) -> Image:
        return self.inner.screenshot()

    def current_app(self) -> AppInfo:
        return self.inner.current_app()

    def window_size(self) -> tuple[int, int]:
        return self.inner.window_size()

    def tap(self, x: int, y: int) -> None:
        self.logged({"kind": "tap", "x": x, "y": y})
        self.inner.tap(x, y)

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        self.logged({"kind": "long_press", "x": x, "y": y})
        self.inner.long_press(x, y, duration_ms)

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self.logged({"kind": "swipe", "x1": x1, "y1": y1, "x2": x2, "y2": y2})
        self.inner.swipe(x1, y1, x2, y2, duration_ms)

    def type_text(self, text: str) -> None:
        self.logged({"kind": "type_text", "text": text})
        self.inner.type_text(text)

    def press_key(self, key: str) -> None:
        self.logged({"kind": "press_key", "key": key})
        self.inner.press_key(key)

    def launch_app(self, package: str, activity: str = "") -> None:
        self.logged({"kind": "launch_app", "package": package, "activity": activity})
        self.inner.launch_app(package, activity)

    def stop_app(self, package: str) -> None:
        self.logged({"kind": "stop_app", "package": package})
        self.inner.stop_app(package)

    def clear_app(self, package: str) -> None:
        self.logged({"kind": "clear_app", "package": package})
        self.inner.clear_app(package)
