"""Persistent settings (QSettings): last device, last folder, window geometry and layout.

Settings live in an INI file: by default the per-user location Qt picks for
organisation "deltarec", application "studio"; tests pass a file of their own
(``Settings(tmp_path / "studio.ini")``) so they never touch the user's.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

ORGANIZATION = "deltarec"
APPLICATION = "studio"


class Settings:
    """Typed access to the few things the Script Builder remembers."""

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            self.qsettings = QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
            )
        else:
            self.qsettings = QSettings(str(path), QSettings.Format.IniFormat)

    def _text(self, key: str, default: str) -> str:
        value = self.qsettings.value(key, default)
        return value if isinstance(value, str) else default

    def _bytes(self, key: str) -> QByteArray | None:
        value = self.qsettings.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @property
    def last_device(self) -> str:
        return self._text("device/last", "")

    @last_device.setter
    def last_device(self, spec: str) -> None:
        self.qsettings.setValue("device/last", spec)

    @property
    def last_dir(self) -> str:
        """The folder of the last file opened, saved or exported."""
        return self._text("files/last_dir", "")

    @last_dir.setter
    def last_dir(self, folder: str) -> None:
        self.qsettings.setValue("files/last_dir", folder)

    @property
    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self.qsettings.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self.qsettings.setValue("window/state", value)

    @property
    def splitter(self) -> QByteArray | None:
        return self._bytes("window/splitter")

    @splitter.setter
    def splitter(self, value: QByteArray) -> None:
        self.qsettings.setValue("window/splitter", value)

    def sync(self) -> None:
        self.qsettings.sync()
