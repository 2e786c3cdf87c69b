"""The ``ask`` seam: every question and file choice the window puts to the person.

The window never calls QMessageBox, QFileDialog or QDesktopServices itself; it calls an
:class:`Ask`. The default one shows Qt's dialogs. Tests pass their own (a
subclass with scripted answers), so no test ever waits on a modal dialog.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from deltarec.app.launch_dialog import LaunchDialog

JSON_FILTER = "JSON script (*.json)"
PYTHON_FILTER = "Python script (*.py)"
PYTEST_FILTER = "pytest file (test_*.py)"


class Ask:
    """Asks with Qt's standard dialogs, parented to ``parent`` (set by the window)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def yes_no(self, title: str, text: str) -> bool:
        """A yes/no question; True for yes."""
        answer = QMessageBox.question(
            self.parent,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def save_discard_cancel(self, title: str, text: str) -> str:
        """Save, Discard or Cancel (the quit question): ``save`` | ``discard`` | ``cancel``."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self.parent, title, text,
                                      buttons.Save | buttons.Discard | buttons.Cancel,
                                      buttons.Save)  # fmt: skip
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def save_path(self, title: str, name_filter: str, suggested: str) -> str | None:
        """A file to write; None when cancelled."""
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, name_filter)
        return path or None

    def open_path(self, title: str, name_filter: str, folder: str = "") -> str | None:
        """An existing file to read; None when cancelled."""
        path, _ = QFileDialog.getOpenFileName(self.parent, title, folder, name_filter)
        return path or None

    def open_folder(self, title: str, folder: str = "") -> str | None:
        """An existing folder; None when cancelled."""
        return QFileDialog.getExistingDirectory(self.parent, title, folder) or None

    def show_file(self, path: str) -> bool:
        """Open ``path`` in the desktop's viewer for it (a report in the browser)."""
        return QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    def text(self, title: str, label: str, initial: str = "") -> str | None:
        """A line of text (a name); None when cancelled or left blank."""
        text, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.EchoMode.Normal,
                                        initial)  # fmt: skip
        return text.strip() or None if ok else None

    def launch_app(self, packages: Sequence[str]) -> tuple[str, bool] | None:
        """Launch app: ``(package, clear its state first)``; None when cancelled."""
        dialog = LaunchDialog(packages, self.parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


class NoAsk(Ask):
    """Never asks: "no" to every question, no file chosen.

    Used for ``--screenshot`` runs, which must not stop on a dialog.
    """

    def yes_no(self, title: str, text: str) -> bool:
        return False

    def save_discard_cancel(self, title: str, text: str) -> str:
        return "cancel"

    def save_path(self, title: str, name_filter: str, suggested: str) -> str | None:
        return None

    def open_path(self, title: str, name_filter: str, folder: str = "") -> str | None:
        return None

    def open_folder(self, title: str, folder: str = "") -> str | None:
        return None

    def show_file(self, path: str) -> bool:
        return False

    def text(self, title: str, label: str, initial: str = "") -> str | None:
        return None

    def launch_app(self, packages: Sequence[str]) -> tuple[str, bool] | None:
        return None
