"""How the Script Builder's controller opens devices and sessions, and what a disconnect is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deltarec.core.devices.base import Device
from deltarec.core.devices.open import available_devices, open_device
from deltarec.core.errors import DeviceDisconnected


@dataclass
class StudioConfig:
    """Where recordings go, how devices are opened, and options for every session.

    Tests pass a device factory with a manual clock and ``session_options``
    like ``{"clock": clock, "sleep": clock.advance}`` so nothing really waits.
    """

    root: Path
    open_device: Callable[[str], Device] = open_device
    list_devices: Callable[[], list[tuple[str, str]]] = available_devices
    session_options: dict[str, Any] = field(default_factory=dict)
    idle_poll_ms: int = 1500
    """How often the phone picture is refreshed while nothing runs (0: never)."""


def is_disconnect(exc: BaseException) -> bool:
    """True when ``exc`` (or what caused it) is a DeviceDisconnected."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, DeviceDisconnected):
            return True
        seen = seen.__cause__
    return False
