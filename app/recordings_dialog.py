"""File → Recordings: every autosaved recording, to open again or discard.

Each recording is rewritten after every step (:mod:`deltarec.app.recordings`), so a
recording is never lost by quitting, closing or a crash: this dialog lists
them all, newest first — name, steps, when, and whether it was closed — with
**Open** (continue it on the current device) and **Discard** (delete it from
disk, after a question). The recording open in the window cannot be discarded.
The window does the I/O (on the Studio's worker); this dialog only shows rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.recordings import Recording

_STATES = {"recording": "not closed", "closed": "closed", "discarded": "set aside"}


class RecordingsDialog(QDialog):
    """The list (see the module docstring); both signals carry a recording's path."""

    openRequested = Signal(object)  # Path
    discardRequested = Signal(object)  # Path

    def __init__(self, current: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recordings")
        self.resize(620, 380)
        self.current = current
        self.rows: list[Recording] = []
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Recording", "Steps", "Saved", "State"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.itemDoubleClicked.connect(lambda _: self._open())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = QPushButton("Open")
        self.discard_button = QPushButton("Discard…")
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.open_button.clicked.connect(self._open)
        self.discard_button.clicked.connect(self._discard)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self._selection_changed()

    def set_recordings(self, rows: Sequence[Recording]) -> None:
        self.rows = list(rows)
        self.table.setRowCount(len(self.rows))
        for i, r in enumerate(self.rows):
            name = r.name + ("  (open now)" if r.path == self.current else "")
            cells = (name, str(r.steps), r.modified.strftime("%Y-%m-%d %H:%M"),
                     _STATES.get(r.state, r.state))  # fmt: skip
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(r.path))
                if column == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(i, column, item)
        if self.rows:
            self.table.selectRow(0)
        self._selection_changed()

    def selected(self) -> Path | None:
        row = self.table.currentRow()
        return self.rows[row].path if 0 <= row < len(self.rows) else None

    def select(self, path: Path) -> None:
        for i, r in enumerate(self.rows):
            if r.path == path:
                self.table.selectRow(i)

    def _selection_changed(self) -> None:
        path = self.selected()
        self.open_button.setEnabled(path is not None and path != self.current)
        self.discard_button.setEnabled(path is not None and path != self.current)

    def _discard(self) -> None:
        path = self.selected()
        if path is not None and path != self.current:
            self.discardRequested.emit(path)

    def _open(self) -> None:
        path = self.selected()
        if path is not None and path != self.current:
            self.openRequested.emit(path)
            self.accept()
