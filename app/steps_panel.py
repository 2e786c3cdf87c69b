"""The steps list: a table over :class:`~deltarec.app.steps_model.StepsModel` and its step buttons.

Buttons act on the selected rows and are signals only (the window sends them to
the Studio): Edit… (a form of the parameters), ▲/▼ (move the selection as a
block), Delete (also the Delete key in the table), Duplicate (Ctrl+D), Run step,
Run from here. Rows are selected as in any list (Shift / Ctrl + click); Ctrl+C
copies the selected steps as script JSON, Ctrl+V pastes steps after the selection
(``copyRequested`` / ``pasteRequested``). ``selected(row)`` fires when the
selection changes (-1: none; the current row when several are selected).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt, Signal, SignalInstance
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
    moveRowsRequested = Signal(list, int)  # rows, by (-1 up, +1 down): several at once
    deleteRequested = Signal(int)
    deleteRowsRequested = Signal(list)  # several rows
    duplicateRequested = Signal(list)  # rows
    copyRequested = Signal(list)  # rows
    pasteRequested = Signal(int)  # the row the pasted steps go to
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
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
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
        keys: list[tuple[QKeySequence | QKeySequence.StandardKey, Callable[[], None]]] = [
            (QKeySequence.StandardKey.Delete, self._delete_key),
            (QKeySequence(Qt.Key.Key_Backspace), self._delete_key),
            (QKeySequence.StandardKey.Copy, self.copy),
            (QKeySequence.StandardKey.Paste, self.paste),
            (QKeySequence("Ctrl+D"), self.duplicate),
        ]
        for key, slot in keys:
            shortcut = QShortcut(key, self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(slot)
        model.rowsInserted.connect(self._update_buttons)
        # A reset (a delete, a move, an undo) clears the selection without selectionChanged:
        # say so, or the view switch and a shown step screen keep naming a step now gone.
        model.modelReset.connect(
            lambda: self._selection_changed(QItemSelection(), QItemSelection())
        )

        self.edit_button = QPushButton("Edit…")
        self.up_button = QPushButton("▲ Up")
        self.down_button = QPushButton("▼ Down")
        self.delete_button = QPushButton("Delete")
        self.duplicate_button = QPushButton("Duplicate")
        self.duplicate_button.setToolTip("Copies of the selected steps after them (Ctrl+D)")
        self.run_button = QPushButton("Run step")
        self.run_from_button = QPushButton("Run from here")
        self.edit_button.setToolTip("Edit the step's parameters")
        self.run_from_button.setToolTip("Run this step and every later one; stops at a failure")
        self.edit_button.clicked.connect(lambda: self._send(self.editRequested))
        self.delete_button.clicked.connect(self._delete)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(+1))
        self.run_button.clicked.connect(lambda: self._send(self.runRequested, True))
        self.run_from_button.clicked.connect(lambda: self._send(self.runRequested, False))

        grid = QGridLayout()
        grid.setSpacing(4)
        grid.addWidget(self.edit_button, 0, 0)
        grid.addWidget(self.up_button, 0, 1)
        grid.addWidget(self.down_button, 0, 2)
        grid.addWidget(self.duplicate_button, 0, 3)
        grid.addWidget(self.delete_button, 1, 0)
        grid.addWidget(self.run_button, 1, 1)
        grid.addWidget(self.run_from_button, 1, 2, 1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(grid)
        self._device_busy = False
        self._update_buttons()

    def current_row(self) -> int:
        """The row the person is on: the current one if selected, else the first selected."""
        rows = self.selected_rows()
        current = self.table.selectionModel().currentIndex().row()
        return current if current in rows else rows[0] if rows else -1

    def selected_rows(self) -> list[int]:
        """Every selected row, ascending."""
        return sorted(index.row() for index in self.table.selectionModel().selectedRows())

    def select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))
        else:
            self.table.clearSelection()

    def select_rows(self, rows: Sequence[int]) -> None:
        """Select exactly ``rows`` (those that exist); the first becomes current."""
        shown = [r for r in rows if 0 <= r < self.model.rowCount()]
        if not shown:
            self.table.clearSelection()
            return
        selection = QItemSelection()
        last = self.model.columnCount() - 1
        for r in shown:
            selection.select(self.model.index(r, 0), self.model.index(r, last))
        flags = QItemSelectionModel.SelectionFlag
        chosen = self.table.selectionModel()
        chosen.setCurrentIndex(self.model.index(shown[0], 0), flags.NoUpdate)
        chosen.select(selection, flags.ClearAndSelect | flags.Rows)
        self.table.scrollTo(self.model.index(shown[0], 0))

    def copy(self) -> None:
        """Ctrl+C: the selected steps' script JSON goes to the clipboard (via the window)."""
        rows = self.selected_rows()
        if rows:
            self.copyRequested.emit(rows)

    def paste(self) -> None:
        """Ctrl+V: the clipboard's steps go after the selection (at the end without one)."""
        if not self._device_busy:
            rows = self.selected_rows()
            self.pasteRequested.emit(rows[-1] + 1 if rows else self.model.rowCount())

    def duplicate(self) -> None:
        rows = self.selected_rows()
        if rows and not self._device_busy:
            self.duplicateRequested.emit(rows)

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
            self._delete()

    def _delete(self) -> None:
        rows = self.selected_rows()
        if len(rows) > 1:
            self.deleteRowsRequested.emit(rows)
        else:
            self._send(self.deleteRequested)

    def _move(self, by: int) -> None:
        rows = self.selected_rows()
        if len(rows) > 1:
            if rows[0] + by >= 0 and rows[-1] + by < self.model.rowCount():
                self.moveRowsRequested.emit(rows, by)
            return
        row = self.current_row()
        if 0 <= row + by < self.model.rowCount() and row >= 0:
            self.moveRequested.emit(row, row + by)

    def _selection_changed(self, _new: QItemSelection, _old: QItemSelection) -> None:
        self._update_buttons()
        self.selected.emit(self.current_row())

    def _update_buttons(self) -> None:
        rows = self.selected_rows()
        count = self.model.rowCount()
        ready = bool(rows) and not self._device_busy
        for button in (self.delete_button, self.duplicate_button):
            button.setEnabled(ready)
        for button in (self.edit_button, self.run_button, self.run_from_button):
            button.setEnabled(ready and len(rows) == 1)  # one step at a time
        self.up_button.setEnabled(ready and rows[0] > 0)
        self.hint.setVisible(count == 0)
        self.down_button.setEnabled(ready and rows[-1] < count - 1)
