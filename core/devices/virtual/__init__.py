"""The built-in virtual phone ("Playground"): a deterministic Android look-alike.

It renders real-format ``uiautomator dump`` XML and a Pillow screenshot from its
state, and takes taps, swipes, text and keys. Use it as a
:class:`~deltarec.core.devices.base.Device` (:class:`VirtualDevice`) or as the phone side
of a fake adb server (:class:`VirtualShell`).

    >>> dev = make_virtual_device()
    >>> dev.launch_app("dev.deltarec.playground", ".SignUpActivity")
    >>> [n.text for n in dev.capture().walk() if n.role == "textbox"]
    ['Name', 'Email', 'Password']

A :class:`Profile` (:func:`parse_profile`, ``"720x1600@320"`` or a preset in
:data:`PRESETS`) gives the phone another screen; its layouts reflow for it.
"""

from __future__ import annotations

from collections.abc import Callable

from deltarec.core.devices.virtual.device import VirtualDevice
from deltarec.core.devices.virtual.faults import Faults, ShellDisconnected
from deltarec.core.devices.virtual.playground import ManualClock, Playground
from deltarec.core.devices.virtual.profile import (
    DEFAULT_PROFILE,
    PRESETS,
    Profile,
    parse_profile,
)
from deltarec.core.devices.virtual.shell import VirtualShell

__all__ = [
    "DEFAULT_PROFILE",
    "PRESETS",
    "Faults",
    "ManualClock",
    "Playground",
    "Profile",
    "ShellDisconnected",
    "VirtualDevice",
    "VirtualShell",
    "make_virtual_device",
    "parse_profile",
]


def make_virtual_device(
    serial: str = "virtual",
    faults: Faults | None = None,
    clock: Callable[[], float] | None = None,
    *,
    profile: Profile = DEFAULT_PROFILE,
) -> VirtualDevice:
    """A fresh Playground phone as a Device, on the launcher, with the given faults, clock
    and screen ``profile``."""
    return VirtualDevice(Playground(clock, profile=profile), serial=serial, faults=faults)
