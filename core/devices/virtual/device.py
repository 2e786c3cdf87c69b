"""``VirtualDevice``: the Playground phone behind the :class:`~deltarec.core.devices.base.Device`.

``capture`` renders the dump XML and parses it with
:func:`~deltarec.core.capture.uiautomator.parse_uiautomator`, the same path a real dump
takes, so every consumer sees exactly what it would see from a phone. The last
dump text is kept in ``last_dump`` (for recordings and debugging).

Errors: only :class:`~deltarec.core.errors.DeviceError` subclasses escape.
``DeviceTimeout`` when a dump "could not get idle state"; ``DeviceDisconnected``
on every call after the ``disconnect_after`` fault fires; ``DeviceError`` for an
unknown key, package or activity. Faults: see :mod:`.faults`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.base import AppInfo
from deltarec.core.devices.virtual.faults import EMPTY_DUMP, IDLE_ERROR, FaultInjector, Faults
from deltarec.core.devices.virtual.playground import ManualClock, Playground
from deltarec.core.devices.window_state import WindowState
from deltarec.core.errors import DeviceDisconnected, DeviceError, DeviceTimeout
from deltarec.core.observe.model import Bounds

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.observe.model import Observation


class VirtualDevice:
    """A :class:`Playground` phone as a :class:`~deltarec.core.devices.base.Device`.

    Thread-safe: every call runs under the playground's lock, so a VirtualShell
    on the same playground (served by a fake adb server) can run alongside.
    """

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

    def own_time(self) -> tuple[Callable[[], float], Callable[[float], None]] | None:
        """``(clock, sleep)`` of the phone's own time when it keeps one (its default
        :class:`ManualClock`, which moves only when told): a session waiting on this phone
        moves the phone's time by what it waits, without waiting on the host, since nothing
        on the phone changes but by the steps and its clock. None for a phone on a clock of
        the caller's (real time: wait on the host as for a real phone)."""
        clock = self.playground.clock
        return (clock, clock.advance) if isinstance(clock, ManualClock) else None

    @contextmanager
    def _call(self) -> Iterator[Playground]:
        """Hold the lock and count the call (DeviceDisconnected once the fault fires)."""
        with self.playground.lock:
            if not self.injector.count_call():
                raise DeviceDisconnected(f"virtual device {self.serial} disconnected")
            yield self.playground

    def capture(self) -> Observation:
        """Dump and parse the hierarchy; sets ``activity``, ``keyboard`` and ``captured_at``
        (injected clock). The latency (``Faults.latency``) passes before the snapshot."""
        self.injector.wait("capture")
        with self._call() as pg:
            outcome = self.injector.dump_outcome()
            if outcome == "idle":
                raise DeviceTimeout(f"uiautomator dump failed on {self.serial}: {IDLE_ERROR}")
            xml = EMPTY_DUMP if outcome == "null" else pg.dump_xml()
            self.last_dump = xml
            obs = parse_uiautomator(xml, source=f"virtual:{self.serial}", screen=pg.window_size())
            frame = pg.keyboard_frame()
            return replace(
                obs,
                activity=pg.current_app()[1],
                captured_at=pg.clock(),
                keyboard=None if frame is None else Bounds(*frame),
            )

    def window_state(self) -> WindowState:
        """The cheap probe: focused app and keyboard, without a dump."""
        self.injector.wait("probe")
        with self._call() as pg:
            package, activity = pg.current_app()
            frame = pg.keyboard_frame()
            return WindowState(
                package,
                activity,
                f"{package}/{activity}",
                None if frame is None else Bounds(*frame),
            )

    def screenshot(self) -> Image:
        """The screen as an RGB PIL image of the profile's size (1080x2400 by default)."""
        self.injector.wait("screenshot")
        with self._call() as pg:
            return pg.screenshot()

    def tap(self, x: int, y: int) -> None:
        with self._call() as pg:
            pg.tap(x, y)

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        with self._call() as pg:
            pg.long_press(x, y, duration_ms)

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        with self._call() as pg:
            pg.swipe(x1, y1, x2, y2, duration_ms)

    def type_text(self, text: str) -> None:
        """Type into the focused field (dropped when none has focus, as on Android)."""
        with self._call() as pg:
            pg.type_text(text)

    def press_key(self, key: str) -> None:
        """Press a key named in :data:`deltarec.core.devices.base.KEYS`; DeviceError for others."""
        with self._call() as pg:
            try:
                pg.press_key(key)
            except ValueError as exc:
                raise DeviceError(str(exc)) from exc

    def launch_app(self, package: str, activity: str = "") -> None:
        """Start or resume an app (see :meth:`Playground.launch_app`); DeviceError if unknown."""
        with self._call() as pg:
            try:
                pg.launch_app(package, activity)
            except ValueError as exc:
                raise DeviceError(str(exc)) from exc

    def stop_app(self, package: str) -> None:
        with self._call() as pg:
            pg.stop_app(package)

    def clear_app(self, package: str) -> None:
        """``pm clear``: the app's data and state are gone (see :meth:`Playground.clear_app`);
        DeviceError for a package the phone does not have."""
        with self._call() as pg:
            try:
                pg.clear_app(package)
            except ValueError as exc:
                raise DeviceError(str(exc)) from exc

    def current_app(self) -> AppInfo:
        with self._call() as pg:
            package, activity = pg.current_app()
            return AppInfo(package, activity)

    def window_size(self) -> tuple[int, int]:
        with self._call() as pg:
            return pg.window_size()
