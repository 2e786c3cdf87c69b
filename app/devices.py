"""The device picker: ``virtual`` (the built-in phone) and every adb device.

The list comes from :func:`deltarec.core.devices.open.available_devices` (run by the
Studio on the worker thread: asking the adb server is network I/O). Picking an
entry emits ``chosen(spec)`` only for a person's choice (``activated``), never
when the list is refreshed or set from code.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from deltarec.core.devices.open import VIRTUAL


def default_device(devices: Sequence[tuple[str, str]]) -> str:
    """The first attached adb device that is ready, else ``virtual``."""
    ready = [name for name, state in devices if name != VIRTUAL and state == "device"]
    return ready[0] if ready else VIRTUAL


def describe(name: str, state: str) -> str:
    if name == VIRTUAL:
        return "virtual (built-in Playground phone)"
    return name if state == "device" else f"{name} ({state})"


class DevicePicker(QComboBox):
    """A combo box of device specs (item data: the spec given to ``open_device``)."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumContentsLength(24)
        self.setToolTip("Device to record on (switching keeps the recording)")
        self.set_devices([(VIRTUAL, "device")])
        self.activated.connect(self._activated)

    def set_devices(self, devices: Sequence[tuple[str, str]]) -> None:
        """Show ``(name, state)`` pairs; keeps the current choice when it is still listed."""
        current = self.current()
        self.blockSignals(True)
        self.clear()
        names = [name for name, _ in devices]
        if VIRTUAL not in names:
            devices = [(VIRTUAL, "device"), *devices]
        for name, state in devices:
            self.addItem(describe(name, state), name)
        self.blockSignals(False)
        self.set_current(current or VIRTUAL)

    def current(self) -> str:
        data = self.currentData()
        return data if isinstance(data, str) else ""

    def set_current(self, spec: str) -> None:
        """Select ``spec`` (added to the list when it is not there, e.g. ``replay:DIR``)."""
        found = self.findData(spec)
        if found < 0:
            self.addItem(spec, spec)
            found = self.count() - 1
        self.setCurrentIndex(found)

    def specs(self) -> list[str]:
        return [str(self.itemData(i)) for i in range(self.count())]

    def _activated(self, row: int) -> None:
        self.chosen.emit(str(self.itemData(row)))
