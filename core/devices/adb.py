"""The adb backend: a real (or fake-served) phone driven through adbutils.

This is the only module of deltarec that imports adbutils (an import-linter
contract enforces it). Everything adbutils, sockets or Pillow raise is wrapped::

    adbutils.AdbTimeout, socket timeout, start-server timeout  → DeviceTimeout
    "device 'X' not found", offline, EOF, reset, no adb server → DeviceDisconnected
    any other AdbError / OSError / undecodable screenshot      → DeviceError

always with ``raise … from exc``, so nothing from adbutils escapes.

Every shell call uses the shell v2 protocol (``shell,v2:``), which carries
stdout, stderr and the exit code separately; a phone that vanishes mid-call
therefore shows up as a missing exit code (DeviceDisconnected), never as a
silently truncated answer.
"""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

import adbutils
from adbutils._adb import AdbConnection
from adbutils.errors import AdbConnectionError, AdbError, AdbTimeout

from deltarec.core.capture.images import open_image
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.base import AppInfo, ShellResult, key_code
from deltarec.core.devices.window_state import WINDOW_COMMAND, WindowState, parse_window_dump
from deltarec.core.errors import CaptureParseError, DeviceDisconnected, DeviceError, DeviceTimeout

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.observe.model import Observation

DUMP_PATH = "/data/local/tmp/uidump.xml"
"""Where ``uiautomator dump`` writes on the phone (the path adbutils uses too)."""

_RETRYABLE_DUMP = ("could not get idle state", "null root node")
_GONE = ("not found", "offline", "no devices", "unknown data: b''", "connection closed")
_SIZE = re.compile(r"(Override|Physical) size: (\d+)x(\d+)")
_ORIENTATION = re.compile(r"(?:mCurrentOrientation|orientation)=(\d)")
_NAME = re.compile(r"[A-Za-z0-9_.$]+")


def _text(result: ShellResult) -> str:
    return (result.stdout + result.stderr).decode("utf-8", "replace")


class AdbListing(NamedTuple):
    """One line of ``adb devices``: the serial and its state (device, offline, unauthorized…)."""

    serial: str
    state: str


class AdbDevice:
    """A phone behind an adb server, implementing :class:`~deltarec.core.devices.base.Device`.

    ``client`` (an ``adbutils.AdbClient``) or ``host``/``port`` select the adb
    server (default 127.0.0.1:5037; tests point it at a
    :class:`~deltarec.core.devices.fakeadb.FakeAdbServer`). When no server answers and
    ``start_server`` is true, adbutils runs ``adb start-server`` once (the binary named by
    ``$ADBUTILS_ADB_PATH``, up to 20 s), as ``adb -s SERIAL`` would; with
    ``start_server=False`` (what ``SERIAL@HOST:PORT`` opens: another machine's server,
    which a local ``adb start-server`` cannot bring up) nothing is started and the
    first call raises DeviceDisconnected naming the refused connection.
    ``timeout`` bounds every single socket operation (seconds);
    ``capture_timeout`` bounds all retries of one :meth:`capture`. ``sleep``
    and ``clock`` are injectable so retry tests run without real waiting.
    Constructing does no I/O.
    """

    def __init__(
        self,
        serial: str,
        *,
        client: adbutils.AdbClient | None = None,
        host: str | None = None,
        port: int | None = None,
        start_server: bool = True,
        timeout: float = 20.0,
        capture_timeout: float = 15.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not serial:
            raise DeviceError("an adb serial is required")
        self.serial = serial
        if client is None:
            client = _client(host, port, start_server=start_server)
        self._client = client
        self._device = adbutils.AdbDevice(self._client, serial=serial)
        self._timeout = timeout
        self._capture_timeout = capture_timeout
        self._sleep = sleep
        self._clock = clock
        self._executor: ThreadPoolExecutor | None = None

    def __repr__(self) -> str:
        return f"AdbDevice({self.serial!r}, server={self._client.host}:{self._client.port})"

    # -- shell ---------------------------------------------------------------------

    def shell(self, args: Sequence[str] | str) -> ShellResult:
        """Run one shell command (a list is shell-quoted; a string is sent as is).

        Returns stdout, stderr and exit code; does not raise on a non-zero exit.
        Raises DeviceTimeout / DeviceDisconnected / DeviceError as the module says.
        """
        command = args if isinstance(args, str) else " ".join(shlex.quote(a) for a in args)
        with self._errors(f"shell {command[:60]!r}"):
            result = self._device.shell2(
                command, timeout=self._timeout, encoding=None, rstrip=False, v2=True
            )
        stdout: bytes = result.stdout if result.stdout is not None else result.output
        stderr: bytes = result.stderr or b""
        return ShellResult(stdout, stderr, int(result.returncode))

    def _run(self, args: Sequence[str], what: str) -> ShellResult:
        """Run ``args``; raise DeviceError naming ``what`` when it exits non-zero."""
        result = self.shell(args)
        if result.exit_code != 0:
            detail = _text(result).strip()[:300]
            raise DeviceError(f"{self.serial}: {what} failed (exit {result.exit_code}): {detail}")
        return result

    # -- Device protocol -------------------------------------------------------------

    def capture(self) -> Observation:
        """Dump and parse the UI hierarchy.

        Runs ``uiautomator dump`` to :data:`DUMP_PATH` and pulls the file over
        sync. Meanwhile :meth:`window_state` runs on a second connection and
        fills in ``activity`` and ``keyboard`` (a failing probe leaves them
        empty; it never fails the capture). "could not get idle state", "null
        root node" and an empty dump are retried with backoff (0.25 s doubling,
        at most 2 s) until ``capture_timeout`` has passed, then DeviceTimeout
        names the last failure. Another UiAutomation client holding the phone,
        any other dump failure or a malformed dump raises DeviceError.
        """
        deadline = self._clock() + self._capture_timeout
        delay = 0.25
        attempts = 0
        while True:
            attempts += 1
            probe = self._pool().submit(self.window_state)  # a second connection, concurrently
            try:
                data, failure = self._dump_once()
            finally:
                state = _outcome(probe)
            if data is not None:
                try:
                    obs = parse_uiautomator(data, source=f"adb:{self.serial}")
                except CaptureParseError as exc:
                    raise DeviceError(f"{self.serial}: malformed UI dump: {exc}") from exc
                return obs if state is None else state.fill(obs)
            if self._clock() + delay > deadline:
                raise DeviceTimeout(
                    f"{self.serial}: no UI dump after {attempts} attempts in "
                    f"{self._capture_timeout:g}s; last failure: {failure}"
                )
            self._sleep(delay)
            delay = min(delay * 2, 2.0)

    def window_state(self) -> WindowState:
        """The focused app and window and the keyboard (``dumpsys window windows``).

        The cheap probe :func:`~deltarec.core.devices.settle.settle` compares before
        trusting one capture. Raises DeviceError when dumpsys fails.
        """
        text = _text(self._run(WINDOW_COMMAND.split(), "dumpsys window"))
        return parse_window_dump(text)

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix=f"adb-probe-{self.serial}")
        return self._executor

    def close(self) -> None:
        """Stop the probe thread (the device stays usable; a new one starts on demand)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None

    def _dump_once(self) -> tuple[bytes | None, str]:
        """One dump attempt: (xml, "") or (None, retryable failure); raises otherwise."""
        result = self.shell(f"rm -f {DUMP_PATH}; uiautomator dump {DUMP_PATH}")
        output = _text(result).strip()
        lowered = output.lower()
        for marker in _RETRYABLE_DUMP:
            if marker in lowered:
                return None, output[:200]
        if "already registered" in lowered:
            raise DeviceError(
                f"{self.serial}: uiautomator dump failed: another UiAutomation client (a "
                "uiautomator2 or Appium server) holds the phone; stop it first "
                f"({output[:160]})"
            )
        if result.exit_code != 0 or "error" in lowered:
            raise DeviceError(f"{self.serial}: uiautomator dump failed: {output[:300]}")
        with self._errors("pull the UI dump"):
            data = b"".join(self._device.sync.iter_content(DUMP_PATH))
        if b"<node" not in data:
            return None, f"empty dump ({len(data)} bytes)"
        return data, ""

    def screenshot(self) -> Image:
        """A PNG screenshot (``screencap -p``) as an RGB PIL image.

        Raises DeviceError when screencap fails or returns bytes that are not a
        decodable image — never a placeholder black image.
        """
        result = self._run(["screencap", "-p"], "screencap")
        data = result.stdout

        def refused(problem: str, where: str) -> DeviceError:
            return DeviceError(
                f"{self.serial}: {problem}; {len(data)} bytes starting {data[:16]!r}"
            )

        image = open_image(data, where="", error=refused, what="screencap output")
        return image.convert("RGB") if image.mode != "RGB" else image

    def tap(self, x: int, y: int) -> None:
        """``input tap x y``."""
        self._run(["input", "tap", *_ints(x, y)], f"tap at {x},{y}")

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        """A swipe that does not move: ``input swipe x y x y duration_ms``."""
        self._run(["input", "swipe", *_ints(x, y, x, y, duration_ms)], f"long press at {x},{y}")

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """``input swipe x1 y1 x2 y2 duration_ms``."""
        self._run(["input", "swipe", *_ints(x1, y1, x2, y2, duration_ms)], "swipe")

    def type_text(self, text: str) -> None:
        """Type exactly ``text`` into the focused field with ``input text``.

        ``input text`` turns ``%s`` into a space and has no escape for a literal
        ``%s``, so spaces are sent as ``%s`` and the text is cut between ``%``
        and ``s`` wherever it holds a literal ``%s`` (one ``input text`` call per
        piece). Each piece is single-quoted, so no shell metacharacter is
        interpreted. Only printable ASCII can be typed this way: any other
        character (non-ASCII, newline, tab) raises DeviceError naming it and
        nothing is typed. Empty text is a no-op.
        """
        for index, char in enumerate(text):
            if not " " <= char <= "~":
                raise DeviceError(
                    f"{self.serial}: cannot type {char!r} (U+{ord(char):04X}) at index {index}: "
                    "adb 'input text' types printable ASCII only (for any text: "
                    "pip install 'deltarec[u2]' and use --device u2:SERIAL)"
                )
        for piece in _text_pieces(text):
            self._run(["input", "text", piece.replace(" ", "%s")], "type text")

    def press_key(self, key: str) -> None:
        """``input keyevent CODE`` for a name in ``base.KEYS`` (case-insensitive,
        ``KEYCODE_`` prefix allowed) or a numeric keycode; else DeviceError."""
        try:
            code = key_code(key)
        except ValueError as exc:
            raise DeviceError(str(exc)) from exc
        self._run(["input", "keyevent", str(code)], f"key {key}")

    def launch_app(self, package: str, activity: str = "") -> None:
        """``am start -n package/activity``, or the launcher intent via ``monkey``
        when no activity is given. Raises DeviceError when Android reports an
        error (``am`` prints "Error: …" and still exits 0) or the names are not
        valid Java names."""
        _check_name(package, "package")
        if activity:
            _check_name(activity.replace("/", ""), "activity")
            args = ["am", "start", "-n", f"{package}/{activity}"]
        else:
            args = ["monkey", "-p", package, "-c", "android.intent.category.LAUNCHER", "1"]
        result = self._run(args, f"launch {package}")
        text = _text(result)
        if re.search(r"^(Error|\*\* No activities found)", text, re.MULTILINE):
            raise DeviceError(f"{self.serial}: launch {package} failed: {text.strip()[:300]}")

    def stop_app(self, package: str) -> None:
        """``am force-stop package``."""
        _check_name(package, "package")
        self._run(["am", "force-stop", package], f"stop {package}")

    def clear_app(self, package: str) -> None:
        """``pm clear package``: the app's data and state are gone and it is stopped.
        Raises DeviceError unless Android answers ``Success`` (``pm`` prints "Failed"
        and may still exit 0, e.g. for an app it does not know)."""
        _check_name(package, "package")
        text = _text(self._run(["pm", "clear", package], f"clear {package}")).strip()
        if "Success" not in text:
            raise DeviceError(f"{self.serial}: clear {package} failed: {text[:300]}")

    def current_app(self) -> AppInfo:
        """The focused app from ``dumpsys window windows`` (``mCurrentFocus``,
        falling back to ``mFocusedApp``); ``AppInfo("")`` when nothing is focused.
        A short activity (``.Main``) is expanded to ``package.Main``."""
        state = self.window_state()
        return AppInfo(state.package, state.activity)

    def window_size(self) -> tuple[int, int]:
        """(width, height) in the current orientation.

        ``wm size`` (the override size wins over the physical one), swapped when
        ``dumpsys display`` reports orientation 1 or 3. Raises DeviceError when
        ``wm size`` prints no size.
        """
        text = _text(self._run(["wm", "size"], "wm size"))
        sizes = {kind: (int(w), int(h)) for kind, w, h in _SIZE.findall(text)}
        size = sizes.get("Override") or sizes.get("Physical")
        if size is None:
            raise DeviceError(f"{self.serial}: 'wm size' printed no size: {text.strip()[:200]}")
        display = self.shell(["dumpsys", "display"])
        match = _ORIENTATION.search(_text(display)) if display.exit_code == 0 else None
        if match and int(match.group(1)) % 2 == 1:
            return size[1], size[0]
        return size

    # -- error mapping ---------------------------------------------------------------

    @contextmanager
    def _errors(self, action: str) -> Iterator[None]:
        with wrapped(f"{self.serial}: {action}"):
            yield


@contextmanager
def wrapped(context: str) -> Iterator[None]:
    """Turn adbutils / socket / subprocess errors into the deltarec.core.errors tree."""
    try:
        yield
    except (AdbTimeout, TimeoutError, subprocess.TimeoutExpired) as exc:
        raise DeviceTimeout(f"{context}: timed out ({exc})") from exc
    except AdbConnectionError as exc:
        raise DeviceDisconnected(f"{context}: adb server unreachable ({exc})") from exc
    except AdbError as exc:
        message = str(exc)
        if any(marker in message.lower() for marker in _GONE):
            raise DeviceDisconnected(f"{context}: device gone ({message})") from exc
        raise DeviceError(f"{context}: {message}") from exc
    except (EOFError, ConnectionError) as exc:
        raise DeviceDisconnected(f"{context}: connection lost ({exc!r})") from exc
    except OSError as exc:
        raise DeviceError(f"{context}: {exc}") from exc


def _outcome(probe: Future[WindowState]) -> WindowState | None:
    """The probe's state, or None when it failed (the dump's own errors speak for the phone)."""
    try:
        return probe.result()
    except DeviceError:
        return None


def _ints(*values: Any) -> list[str]:
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DeviceError(f"expected an integer, got {value!r}")
        out.append(str(value))
    return out


def _check_name(name: str, what: str) -> None:
    if not _NAME.fullmatch(name):
        raise DeviceError(f"invalid {what} name {name!r}")


def _text_pieces(text: str) -> list[str]:
    """Cut ``text`` between ``%`` and ``s`` of every literal ``%s``.

    >>> _text_pieces("50%sale")
    ['50%', 'sale']
    >>> _text_pieces("a b")
    ['a b']
    >>> _text_pieces("")
    []
    """
    pieces: list[str] = []
    start = 0
    index = text.find("%s")
    while index != -1:
        pieces.append(text[start : index + 1])
        start = index + 1
        index = text.find("%s", start)
    if text[start:]:
        pieces.append(text[start:])
    return pieces


class _Connection(AdbConnection):  # type: ignore[misc]  # adbutils ships no types
    """A connection to the adb server that never runs ``adb start-server``."""

    def _safe_connect(self) -> socket.socket:
        sock: socket.socket = self._create_socket()
        return sock


class _NoStartClient(adbutils.AdbClient):  # type: ignore[misc]
    """An adbutils client that talks only to a server already running (adbutils' own
    client runs ``adb start-server`` whenever a connection is refused, and the server it
    starts stays running)."""

    def make_connection(self, timeout: float | None = None) -> AdbConnection:
        try:
            connection = _Connection(self.host, self.port)
        except TimeoutError as exc:
            raise AdbTimeout("connect to adb server timeout") from exc
        if timeout:
            connection.conn.settimeout(timeout)
        return connection


def _client(host: str | None, port: int | None, *, start_server: bool) -> adbutils.AdbClient:
    if start_server:
        return adbutils.AdbClient(host=host, port=port)
    return _NoStartClient(host=host, port=port)


def list_devices(host: str = "127.0.0.1", port: int = 5037) -> list[AdbListing]:
    """Serials and states of every device the adb server at ``host:port`` knows.

    Asks only a server that is already running: never starts one (listing must not
    leave an adb server behind). Raises DeviceDisconnected when no server answers
    ("adb server unreachable … Connection refused"), DeviceError otherwise.
    """
    client = _client(host, port, start_server=False)
    with wrapped(f"list devices at {host}:{port}"):
        return [AdbListing(info.serial, info.state) for info in client.list()]


def connect(addr: str, *, host: str = "127.0.0.1", port: int = 5037, timeout: float = 10.0) -> str:
    """``adb connect addr`` through the server at ``host:port``; returns its message.

    The adb server answers a failed connect with text ("failed to connect …",
    "unable to connect …", "cannot connect …") and success codes, so the text
    is checked: a failure raises DeviceError carrying that text.
    """
    client = _client(host, port, start_server=True)
    with wrapped(f"connect {addr}"):
        message = str(client.connect(addr, timeout=timeout))
    if re.search(r"\b(failed|unable|cannot)\b", message, re.IGNORECASE):
        raise DeviceError(f"adb connect {addr}: {message.strip()}")
    return message.strip()


__all__ = ["DUMP_PATH", "AdbDevice", "AdbListing", "connect", "list_devices", "wrapped"]
