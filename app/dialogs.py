"""The ``ask`` seam: every question and file choice the window puts to the person.

The window never calls QMessageBox or QFileDialog itself; it calls an
:class:`Ask`. The default one shows Qt's dialogs. Tests pass their own (a
subclass with scripted answers), so no test ever waits on a modal dialog.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

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
