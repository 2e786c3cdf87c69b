"""The steps list: a table over :class:`~deltarec.app.steps_model.StepsModel` and its step buttons.

Buttons act on the selected row and are signals only (the window sends them to
the Studio): Edit… (a form of the parameters), ▲/▼ (move), Delete (also the
Delete key in the table), Run step, Run from here. ``selected(row)`` fires when
the selection changes (-1: none).
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, Signal, SignalInstance
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.steps_model import COL_LABEL, COL_NUMBER, COL_STATUS, StepsModel


class StepsPanel(QWidget):
    """The table of steps plus the buttons that edit and run them."""

    selected = Signal(int)
    editRequested = Signal(int)
    moveRequested = Signal(int, int)
    deleteRequested = Signal(int)
    runRequested = Signal(int, bool)  # row, only this step

    def __init__(self, model: StepsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        title = QLabel("Steps")
        title.setObjectName("panelTitle")
        self.hint = QLabel(
            "Click the phone to record a tap, drag to swipe, right-click (or hold) to "
            "long-press. Type text below it, or add any command with + Add command."
        )
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        self.table = QTableView()
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        # A step's checks are lines under its label: the row grows to show them all.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(COL_NUMBER, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(COL_STATUS, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(COL_LABEL, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(COL_NUMBER, 36)
        header.resizeSection(COL_STATUS, 28)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.doubleClicked.connect(lambda index: self.editRequested.emit(index.row()))
        for key in (QKeySequence.StandardKey.Delete, QKeySequence(Qt.Key.Key_Backspace)):
            shortcut = QShortcut(key, self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self._delete_key)
        model.rowsInserted.connect(self._update_buttons)
        model.modelReset.connect(self._update_buttons)

        self.edit_button = QPushButton("Edit…")
        self.up_button = QPushButton("▲ Up")
        self.down_button = QPushButton("▼ Down")
        self.delete_button = QPushButton("Delete")
        self.run_button = QPushButton("Run step")
        self.run_from_button = QPushButton("Run from here")
        self.edit_button.setToolTip("Edit the step's parameters")
        self.run_from_button.setToolTip("Run this step and every later one; stops at a failure")
        self.edit_button.clicked.connect(lambda: self._send(self.editRequested))
        self.delete_button.clicked.connect(lambda: self._send(self.deleteRequested))
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(+1))
        self.run_button.clicked.connect(lambda: self._send(self.runRequested, True))
        self.run_from_button.clicked.connect(lambda: self._send(self.runRequested, False))

        grid = QGridLayout()
        grid.setSpacing(4)
        grid.addWidget(self.edit_button, 0, 0)
        grid.addWidget(self.up_button, 0, 1)
        grid.addWidget(self.down_button, 0, 2)
        grid.addWidget(self.delete_button, 1, 0)
        grid.addWidget(self.run_button, 1, 1)
        grid.addWidget(self.run_from_button, 1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(grid)
        self._device_busy = False
        self._update_buttons()

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))
        else:
            self.table.clearSelection()

    def set_busy(self, busy: bool) -> None:
        """While a job runs, editing and running wait; selecting and reading do not."""
        self._device_busy = busy
        self._update_buttons()

    def _send(self, signal: SignalInstance, *more: object) -> None:
        """Emit ``signal(row, *more)`` for the selected row, if any."""
        row = self.current_row()
        if row >= 0:
            signal.emit(row, *more)

    def _delete_key(self) -> None:
        if self.delete_button.isEnabled():
            self._send(self.deleteRequested)

    def _move(self, by: int) -> None:
        row = self.current_row()
        if 0 <= row + by < self.model.rowCount() and row >= 0:
            self.moveRequested.emit(row, row + by)

    def _selection_changed(self, _new: QItemSelection, _old: QItemSelection) -> None:
        self._update_buttons()
        self.selected.emit(self.current_row())

    def _update_buttons(self) -> None:
        row = self.current_row()
        count = self.model.rowCount()
        ready = row >= 0 and not self._device_busy
        for button in (self.edit_button, self.delete_button, self.run_button, self.run_from_button):
            button.setEnabled(ready)
        self.up_button.setEnabled(ready and row > 0)
        self.hint.setVisible(count == 0)
        self.down_button.setEnabled(ready and row < count - 1)
