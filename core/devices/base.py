"""The Device protocol every backend implements, and the shell seam of the adb path.

Backends: :mod:`deltarec.core.devices.adb` (adbutils), :mod:`deltarec.core.devices.virtual`
(the Playground phone), :mod:`deltarec.core.devices.replay` (a recorded bundle).
All methods may raise :class:`~deltarec.core.errors.DeviceError` (or its subclasses
``DeviceTimeout`` / ``DeviceDisconnected``); nothing else escapes a backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.observe.model import Observation

KEYS: dict[str, int] = {
    "home": 3,
    "back": 4,
    "call": 5,
    "endcall": 6,
    "dpad_up": 19,
    "dpad_down": 20,
    "dpad_left": 21,
    "dpad_right": 22,
    "dpad_center": 23,
    "volume_up": 24,
    "volume_down": 25,
    "power": 26,
    "camera": 27,
    "tab": 61,
    "space": 62,
    "enter": 66,
    "del": 67,
    "menu": 82,
    "move_end": 123,
    "search": 84,
    "app_switch": 187,
}
"""Key names accepted by :meth:`Device.press_key`, with their Android keycodes."""


def key_code(key: str) -> int:
    """The keycode of a name in :data:`KEYS` (case-insensitive, ``KEYCODE_`` prefix allowed)
    or of a numeric string; ValueError for anything else.

    >>> key_code("KEYCODE_BACK"), key_code("187")
    (4, 187)
    """
    name = key.strip().lower().removeprefix("keycode_")
    if name.isdigit():
        return int(name)
    if name in KEYS:
        return KEYS[name]
    raise ValueError(f"unknown key {key!r}; use a keycode or one of {', '.join(KEYS)}")


@dataclass(frozen=True, slots=True)
class AppInfo:
    """The foreground app: package and activity ("" when unknown)."""

    package: str
    activity: str = ""


@runtime_checkable
class Device(Protocol):
    """What deltarec needs from a phone.

    Coordinates are screen pixels. ``capture`` returns the UI hierarchy as an
    :class:`~deltarec.core.observe.model.Observation`; ``screenshot`` a PIL image (never a silent
    black image: failures raise).
    """

    serial: str

    def capture(self) -> Observation: ...

    def screenshot(self) -> Image: ...

    def tap(self, x: int, y: int) -> None: ...

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None: ...

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None: ...

    def type_text(self, text: str) -> None: ...

    def press_key(self, key: str) -> None: ...

    def launch_app(self, package: str, activity: str = "") -> None: ...

    def stop_app(self, package: str) -> None: ...

    def clear_app(self, package: str) -> None: ...

    def current_app(self) -> AppInfo: ...

    def window_size(self) -> tuple[int, int]: ...


@dataclass(frozen=True, slots=True)
class ShellResult:
    """Output of one shell command run on a (real or simulated) phone."""

    stdout: bytes
    stderr: bytes = b""
    exit_code: int = 0


class ShellTarget(Protocol):
    """The phone side of the adb path: what the fake adb server serves.

    A simulated phone implements this so the fake adb host server (and through
    it, adbutils and :class:`~deltarec.core.devices.adb.AdbDevice`) can drive it.
    """

    serial: str

    def shell(self, command: str) -> ShellResult: ...

    def read_file(self, path: str) -> bytes | None: ...

    def write_file(self, path: str, data: bytes) -> None: ...
