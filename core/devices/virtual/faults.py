"""Fault injection for the virtual phone: the failures real devices have, on demand.

:class:`Faults` is the set of knobs (frozen); :class:`FaultInjector` is the
per-device counter that spends them. Each :class:`~.device.VirtualDevice` and
:class:`~.shell.VirtualShell` owns its own injector, so sharing one ``Faults``
value between them does not share the counts.

What each knob does:

- ``latency``: a :class:`~deltarec.core.devices.latency.Latency`: every hierarchy
  dump, window probe (``dumpsys window``) and screenshot calls
  ``sleep(seconds)`` first — a seeded, jittered delay (exact without jitter),
  *outside* the phone's lock, so a probe on a second connection runs beside a
  slow dump as on a phone. ``sleep`` is injectable; tests pass a recorder and
  never really sleep.
- ``idle_failures``: the next N hierarchy dumps fail with
  ``ERROR: could not get idle state.`` (the shell prints it and exits 1; the
  device raises :class:`~deltarec.core.errors.DeviceTimeout`).
- ``null_root_dumps``: the N dumps after those return an empty hierarchy
  (``<hierarchy rotation="0" />``, no window), as a device does when it
  reports a null root node.
- ``disconnect_after``: calls 1..N work, every later call fails: the device
  raises :class:`~deltarec.core.errors.DeviceDisconnected`, the shell raises
  :class:`ShellDisconnected` (a :class:`ConnectionError`), which a server maps
  to closing the socket.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from deltarec.core.devices.latency import Kind, Latency

IDLE_ERROR = "ERROR: could not get idle state."
EMPTY_DUMP = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />"


class ShellDisconnected(ConnectionError):
    """The simulated phone went away: a server must drop the connection, not answer."""


@dataclass(frozen=True, slots=True)
class Faults:
    """Knobs; all default to "no fault". See the module docstring for each one."""

    idle_failures: int = 0
    null_root_dumps: int = 0
    disconnect_after: int | None = None
    latency: Latency = field(default_factory=Latency)
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)


class FaultInjector:
    """Spends the knobs of one :class:`Faults` value, in call order."""

    def __init__(self, faults: Faults | None = None) -> None:
        self.faults = faults or Faults()
        self.calls = 0
        self._idle_left = self.faults.idle_failures
        self._null_left = self.faults.null_root_dumps
        self._latency = self.faults.latency.sampler()

    def wait(self, kind: Kind | None) -> None:
        """Sleep the latency of one call of ``kind`` (call it outside the phone's lock)."""
        if kind is not None:
            delay = self._latency.delay(kind)
            if delay > 0:
                self.faults.sleep(delay)

    def count_call(self) -> bool:
        """Count one call; False once the phone is disconnected (this call and every later one)."""
        self.calls += 1
        limit = self.faults.disconnect_after
        return limit is None or self.calls <= limit

    def dump_outcome(self) -> str:
        """Say how this dump goes: "idle", "null" or "ok"."""
        if self._idle_left > 0:
            self._idle_left -= 1
            return "idle"
        if self._null_left > 0:
            self._null_left -= 1
            return "null"
        return "ok"
