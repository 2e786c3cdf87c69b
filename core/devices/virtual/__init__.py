"""The built-in virtual phone ("Playground"): a deterministic Android look-alike.

It renders real-format ``uiautomator dump`` XML and a Pillow screenshot from its
state, and takes taps, swipes, text and keys. Use it as a
:class:`~deltarec.core.devices.base.Device` (:class:`VirtualDevice`) or as the phone side
of a fake adb server (:class:`VirtualShell`).

    >>> dev = make_virtual_device()
    >>> dev.launch_app("dev.deltarec.playground", ".SignUpActivity")
    >>> [n.text for n in dev.capture().walk() if n.role == "textbox"]
    ['Name', 'Email', 'Password']
"""

from __future__ import annotations

from collections.abc import Callable

from deltarec.core.devices.virtual.device import VirtualDevice
from deltarec.core.devices.virtual.faults import Faults, ShellDisconnected
from deltarec.core.devices.virtual.playground import ManualClock, Playground
from deltarec.core.devices.virtual.shell import VirtualShell

__all__ = [
    "Faults",
    "ManualClock",
    "Playground",
    "ShellDisconnected",
    "VirtualDevice",
    "VirtualShell",
    "make_virtual_device",
]


def make_virtual_device(
    serial: str = "virtual",
    faults: Faults | None = None,
    clock: Callable[[], float] | None = None,
) -> VirtualDevice:
    """A fresh Playground phone as a Device, on the launcher, with the given faults and clock."""
    return VirtualDevice(Playground(clock), serial=serial, faults=faults)
