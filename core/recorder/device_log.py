"""A device wrapper that logs every action it is asked to perform.

The recorder wraps the real device in a :class:`LoggingDevice` so each recorded
step knows exactly which device calls it made (a typed text with a selector is
a tap, then the text) — what a replay must reproduce. Reads pass through
unlogged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.devices.base import AppInfo, Device

if TYPE_CHECKING:
    from PIL.Image import Image

    from core.model import Observation


class LoggingDevice:
    """Forwards to ``inner``; mutating calls are appended to :attr:`actions`."""

    def __init__(self, inner: Device) -> None:
        self.inner = inner
        self.serial = inner.serial
        self.actions: list[dict[str, Any]] = []

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
        self.inner.tap(x, y)
        self.actions.append({"kind": "tap", "x": x, "y": y})

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        self.inner.long_press(x, y, duration_ms)
        self.actions.append({"kind": "long_press", "x": x, "y": y})

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self.inner.swipe(x1, y1, x2, y2, duration_ms)
        self.actions.append({"kind": "swipe", "x1": x1, "y1": y1, "x2": x2, "y2": y2})

    def type_text(self, text: str) -> None:
        self.inner.type_text(text)
        self.actions.append({"kind": "type_text", "text": text})

    def press_key(self, key: str) -> None:
        self.inner.press_key(key)
        self.actions.append({"kind": "press_key", "key": key})

    def launch_app(self, package: str, activity: str = "") -> None:
        self.inner.launch_app(package, activity)
        self.actions.append({"kind": "launch_app", "package": package, "activity": activity})

    def stop_app(self, package: str) -> None:
        self.inner.stop_app(package)
        self.actions.append({"kind": "stop_app", "package": package})
