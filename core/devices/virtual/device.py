"""``VirtualDevice``: the Playground phone behind the :class:`~core.devices.base.Device` protocol.

``capture`` renders the dump XML and parses it with
:func:`~core.capture.uiautomator.parse_uiautomator`, the same path a real dump
takes, so every consumer sees exactly what it would see from a phone. The last
dump text is kept in ``last_dump`` (for recordings and debugging).

Errors: only :class:`~core.errors.DeviceError` subclasses escape.
``DeviceTimeout`` when a dump "could not get idle state"; ``DeviceDisconnected``
on every call after the ``disconnect_after`` fault fires; ``DeviceError`` for an
unknown key, package or activity. Faults: see :mod:`.faults`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.capture.uiautomator import parse_uiautomator
from core.devices.base import AppInfo
from core.devices.virtual.faults import EMPTY_DUMP, IDLE_ERROR, FaultInjector, Faults
from core.devices.virtual.playground import Playground
from core.errors import DeviceDisconnected, DeviceError, DeviceTimeout

if TYPE_CHECKING:
    from PIL.Image import Image

    from core.model import Observation


class VirtualDevice:
    """A :class:`Playground` phone as a :class:`~core.devices.base.Device`."""

    def __init__(
        self,
        playground: Playground | None = None,
        *,
        serial: str = "virtual",
        faults: Faults | None = None,
    ) -> None:
        self.playground = playground or Playground()
        self.serial = serial
        self.injector = FaultInjector(faults)
        self.last_dump = ""

    def _alive(self) -> None:
        if not self.injector.count_call():
            raise DeviceDisconnected(f"virtual device {self.serial} disconnected")

    def capture(self) -> Observation:
        """Dump and parse the hierarchy; sets ``activity`` and ``captured_at`` (injected clock)."""
        self._alive()
        outcome = self.injector.dump_outcome()
        if outcome == "idle":
            raise DeviceTimeout(f"uiautomator dump failed on {self.serial}: {IDLE_ERROR}")
        xml = EMPTY_DUMP if outcome == "null" else self.playground.dump_xml()
        self.last_dump = xml
        obs = parse_uiautomator(
            xml, source=f"virtual:{self.serial}", screen=self.playground.window_size()
        )
        return replace(
            obs, activity=self.playground.current_app()[1], captured_at=self.playground.clock()
        )

    def screenshot(self) -> Image:
        """The screen as an RGB PIL image (1080x2400)."""
        self._alive()
        self.injector.before_screenshot()
        return self.playground.screenshot()

    def tap(self, x: int, y: int) -> None:
        self._alive()
        self.playground.tap(x, y)

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        self._alive()
        self.playground.long_press(x, y, duration_ms)

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self._alive()
        self.playground.swipe(x1, y1, x2, y2, duration_ms)

    def type_text(self, text: str) -> None:
        """Type into the focused field (dropped when none has focus, as on Android)."""
        self._alive()
        self.playground.type_text(text)

    def press_key(self, key: str) -> None:
        """Press a key named in :data:`core.devices.base.KEYS`; DeviceError for others."""
        self._alive()
        try:
            self.playground.press_key(key)
        except ValueError as exc:
            raise DeviceError(str(exc)) from exc

    def launch_app(self, package: str, activity: str = "") -> None:
        self._alive()
        try:
            self.playground.launch_app(package, activity)
        except ValueError as exc:
            raise DeviceError(str(exc)) from exc

    def stop_app(self, package: str) -> None:
        self._alive()
        self.playground.stop_app(package)

    def current_app(self) -> AppInfo:
        self._alive()
        package, activity = self.playground.current_app()
        return AppInfo(package, activity)

    def window_size(self) -> tuple[int, int]:
        self._alive()
        return self.playground.window_size()
