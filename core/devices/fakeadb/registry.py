"""The devices a fake adb server serves: targets by serial, with adb transport ids."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from deltarec.core.devices.base import ShellTarget


@dataclass(frozen=True, slots=True)
class Entry:
    """One served device: its target and the transport id adb clients see."""

    target: ShellTarget
    transport_id: int

    @property
    def serial(self) -> str:
        return self.target.serial


@runtime_checkable
class Interruptible(Protocol):
    """A target that can end what it runs now (``VirtualShell``: sleeps wake, work stops):
    the call on one thread (by ``threading.get_ident()``), or every call (None)."""

    def interrupt(self, thread: int | None = None) -> None: ...


def interrupt(target: object, thread: int | None = None) -> None:
    """End what ``target`` runs now on ``thread`` (None: everything), when it knows how:
    a server stopping, or a client gone while its call runs."""
    if isinstance(target, Interruptible):
        target.interrupt(thread)


class LookupFailed(Exception):
    """No single device matches; the message uses adb's own wording."""


class Registry:
    """Thread-safe map of serial → :class:`Entry`; transport ids count up from 1."""

    def __init__(self, targets: Iterable[ShellTarget] = ()) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, Entry] = {}
        self._next_id = 1
        for target in targets:
            self.add(target)

    def add(self, target: ShellTarget) -> Entry:
        """Serve ``target``; raises ``ValueError`` if its serial is already served."""
        with self._lock:
            if target.serial in self._entries:
                raise ValueError(f"serial {target.serial!r} is already served")
            entry = Entry(target, self._next_id)
            self._next_id += 1
            self._entries[target.serial] = entry
            return entry

    def remove(self, serial: str) -> None:
        """Stop serving ``serial`` (as if unplugged); unknown serials are ignored."""
        with self._lock:
            self._entries.pop(serial, None)

    def entries(self) -> list[Entry]:
        """A snapshot of the served devices, in the order they were added."""
        with self._lock:
            return list(self._entries.values())

    def by_serial(self, serial: str) -> Entry:
        """The entry for ``serial``; raises :class:`LookupFailed` ("device 'X' not found")."""
        with self._lock:
            entry = self._entries.get(serial)
        if entry is None:
            raise LookupFailed(f"device '{serial}' not found")
        return entry

    def by_transport_id(self, transport_id: int) -> Entry:
        """The entry with ``transport_id``; raises :class:`LookupFailed`."""
        for entry in self.entries():
            if entry.transport_id == transport_id:
                return entry
        raise LookupFailed(f"no device with transport id '{transport_id}'")

    def any(self) -> Entry:
        """The only device; raises :class:`LookupFailed` for none or several."""
        entries = self.entries()
        if not entries:
            raise LookupFailed("no devices/emulators found")
        if len(entries) > 1:
            raise LookupFailed("more than one device/emulator")
        return entries[0]
