"""The uiautomator2 backend: the on-device server as the fast path (``--device u2:SERIAL``).

Needs the ``u2`` extra (``pip install 'deltarec[u2]'``: uiautomator2 3.x, MIT,
which ships its on-device server ``u2.jar`` in the wheel and itself talks to
the phone through adbutils). This module and :mod:`deltarec.core.devices.adb` are the
only ones that import adbutils or uiautomator2 (import-linter enforces it).

What goes where:

- **hierarchy**: the server's ``dumpWindowHierarchy`` (no ``uiautomator dump``
  process start, no file pull), with :meth:`AdbDevice.window_state` on a second
  connection at the same time for the activity and the keyboard;
- **taps, swipes, keys**: the server's ``click`` / ``swipe`` / ``pressKeyCode``;
- **text, any text**: uiautomator2's ``send_keys``: the jar sets the clipboard
  and pastes; only if that fails does uiautomator2 install its IME. The next
  :meth:`capture` reads the focused field back and raises DeviceError when the
  text did not land (password fields, which show dots, are not checked);
- **screenshots, apps, window size, window state**: plain adb
  (:class:`~deltarec.core.devices.adb.AdbDevice`), which needs no UiAutomation.

Fallback: when the server cannot start (no jar push, no ``pong``, another
UiAutomation client registered) the device says so once, on ``notice``
(stderr by default), stops the u2 server (Android allows one UiAutomation
client at a time, and ``uiautomator dump`` would fail against it), and goes on
as plain adb.

Verified without a phone: the adapter against
:class:`~deltarec.testing.fakeu2.FakeU2Server` (the JSON-RPC calls above over
adbutils' ``tcp:9008`` stream, the jar push, the fallback). Not verified: the
jar's own start with ``app_process``, its dump's fidelity and idle waits on a
real phone, paste into fields of real apps, the IME route.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

import adbutils
import uiautomator2
from uiautomator2.exceptions import BaseException as U2Error

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.adb import AdbDevice, wrapped
from deltarec.core.devices.base import AppInfo, key_code
from deltarec.core.errors import CaptureParseError, DeviceError

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.devices.window_state import WindowState
    from deltarec.core.observe.model import Node, Observation

U2_PREFIX = "u2:"
SERVER_PORT = 9008
U2_MAIN = "com.wetest.uia2.Main"
"""The jar's main class: what ``pkill -f`` stops."""

Notice = Callable[[str], None]


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class U2Device:
    """A phone driven through uiautomator2's on-device server, implementing the Device protocol.

    ``host``/``port`` select the adb server as for :class:`AdbDevice`;
    ``server_port`` is the phone-side port of the u2 server. Constructing does
    no I/O; the server starts on first use (see the module docstring for the
    fallback). ``fallback`` is the reason once the device fell back to plain adb.
    """

    def __init__(
        self,
        serial: str,
        *,
        host: str | None = None,
        port: int | None = None,
        server_port: int = SERVER_PORT,
        timeout: float = 20.0,
        notice: Notice = _stderr,
    ) -> None:
        self.adb = AdbDevice(serial, host=host, port=port, timeout=timeout)
        self.serial = serial
        self._adb_device = adbutils.AdbDevice(adbutils.AdbClient(host=host, port=port), serial)
        self._server_port = server_port
        self._notice = notice
        self._u2: Any = None
        self.fallback: str | None = None
        self._typed: str | None = None
        self._pool: ThreadPoolExecutor | None = None

    def __repr__(self) -> str:
        return f"U2Device({self.serial!r}, fallback={self.fallback!r})"

    # -- the server ------------------------------------------------------------------
    def server(self) -> Any | None:
        """The running uiautomator2 client (started on first call), or None after a fallback."""
        if self.fallback is None and self._u2 is None:
            try:
                self._u2 = uiautomator2.Device(self._adb_device, port=self._server_port)
            except (U2Error, adbutils.AdbError, OSError) as exc:
                self.fall_back(f"{type(exc).__name__}: {str(exc).strip()[:160]}")
        return None if self.fallback is not None else self._u2

    def fall_back(self, reason: str) -> None:
        """Stop the u2 server (one UiAutomation client at a time) and go on as plain adb."""
        if self.fallback is not None:
            return
        self.fallback = reason
        if self._u2 is not None:
            with suppress(Exception):
                self._u2.stop_uiautomator(wait=False)
            self._u2 = None
        with suppress(DeviceError):
            self.adb.shell(["pkill", "-f", U2_MAIN])
        self._notice(
            f"{self.serial}: uiautomator2 server unavailable ({reason}); "
            "falling back to plain adb (uiautomator dump)"
        )

    def close(self) -> None:
        """Stop the helper threads (the u2 server keeps running on the phone)."""
        self.adb.close()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None

    @contextmanager
    def _errors(self, action: str) -> Iterator[None]:
        try:
            with wrapped(f"{self.serial}: {action}"):
                yield
        except U2Error as exc:
            raise DeviceError(f"{self.serial}: {action} through uiautomator2: {exc}") from exc

    def _rpc(self, action: str, method: str, *params: Any) -> Any:
        u2 = self.server()
        assert u2 is not None
        with self._errors(action):
            return u2.jsonrpc_call(method, list(params))

    # -- Device protocol -------------------------------------------------------------
    def capture(self) -> Observation:
        """The server's hierarchy dump, with activity and keyboard from the window probe.

        Raises DeviceError when text typed by :meth:`type_text` is not in the
        focused field (after one more capture, in case the field lagged).
        """
        obs = self.adb.capture() if self.server() is None else self._dump()
        if self._typed is not None:
            expected, self._typed = self._typed, None
            if not _landed(obs, expected) and self.server() is not None:
                obs = self._dump()
            if not _landed(obs, expected):
                field = _focused_field(obs)
                shown = "no focused field" if field is None else f"the field reads {field.text!r}"
                raise DeviceError(
                    f"{self.serial}: typed {expected!r} through uiautomator2 (clipboard paste) "
                    f"but it did not land: {shown}"
                )
        return obs

    def _dump(self) -> Observation:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix=f"u2-probe-{self.serial}")
        probe = self._pool.submit(self.adb.window_state)
        try:
            xml = self._rpc("dump the hierarchy", "dumpWindowHierarchy", False, 50)
        finally:
            try:
                state: WindowState | None = probe.result()
            except DeviceError:
                state = None
        if not isinstance(xml, str) or "<node" not in xml:
            raise DeviceError(f"{self.serial}: uiautomator2 returned an empty hierarchy")
        try:
            obs = parse_uiautomator(xml, source=f"u2:{self.serial}")
        except CaptureParseError as exc:
            raise DeviceError(f"{self.serial}: malformed uiautomator2 hierarchy: {exc}") from exc
        return obs if state is None else state.fill(obs)

    def screenshot(self) -> Image:
        return self.adb.screenshot()

    def tap(self, x: int, y: int) -> None:
        if self.server() is None:
            return self.adb.tap(x, y)
        self._rpc(f"tap at {x},{y}", "click", _int(x), _int(y))

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        if self.server() is None:
            return self.adb.long_press(x, y, duration_ms)
        self._rpc(f"long press at {x},{y}", "click", _int(x), _int(y), _int(duration_ms))

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        if self.server() is None:
            return self.adb.swipe(x1, y1, x2, y2, duration_ms)
        steps = max(1, _int(duration_ms) // 5)  # the server moves one step per 5 ms
        self._rpc("swipe", "swipe", _int(x1), _int(y1), _int(x2), _int(y2), steps)

    def type_text(self, text: str) -> None:
        """Any text into the focused field: uiautomator2's clipboard paste (its IME only if
        that fails); the next :meth:`capture` checks that it landed. Plain adb after a fallback
        (printable ASCII only). Empty text is a no-op."""
        if not text:
            return
        u2 = self.server()
        if u2 is None:
            return self.adb.type_text(text)
        with self._errors("type text"):
            u2.send_keys(text)
        self._typed = text

    def press_key(self, key: str) -> None:
        if self.server() is None:
            return self.adb.press_key(key)
        try:
            code = key_code(key)
        except ValueError as exc:
            raise DeviceError(str(exc)) from exc
        self._rpc(f"key {key}", "pressKeyCode", code)

    def launch_app(self, package: str, activity: str = "") -> None:
        self.adb.launch_app(package, activity)

    def stop_app(self, package: str) -> None:
        self.adb.stop_app(package)

    def clear_app(self, package: str) -> None:
        self.adb.clear_app(package)

    def current_app(self) -> AppInfo:
        return self.adb.current_app()

    def window_size(self) -> tuple[int, int]:
        return self.adb.window_size()

    def window_state(self) -> WindowState:
        """The cheap probe settle uses (``dumpsys window windows`` over plain adb)."""
        return self.adb.window_state()


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeviceError(f"expected an integer, got {value!r}")
    return value


def _focused_field(obs: Observation) -> Node | None:
    focused = [n for n in obs.walk() if n.focused]
    editable = [n for n in focused if n.role == "textbox"]
    candidates = editable or focused
    return candidates[-1] if candidates else None


def _landed(obs: Observation, text: str) -> bool:
    """Whether the focused field shows ``text`` (NFC-normalised; a password field always
    passes: it shows dots)."""
    field = _focused_field(obs)
    if field is None:
        return False
    if field.password:
        return True
    norm = unicodedata.normalize
    return norm("NFC", text) in norm("NFC", field.text)


__all__ = ["SERVER_PORT", "U2_PREFIX", "U2Device"]
