"""The steps list's item model: a thin, read-only table over the recording's steps.

Rows are :class:`~deltarec.app.snapshot.StepRow` copies (the GUI thread never reads the
session). Columns: ``#``, the status mark (✓ passed, ✗ failed, • recorded,
… running, – skipped after a failure) and the label with the step's checks under
it. :meth:`StepsModel.set_steps` turns a new snapshot into the smallest model
change it can (rows appended, rows changed in place, else a reset), so the view
keeps its selection and scroll while recording.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from deltarec.app.snapshot import StepRow

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("#", "", "Step")
COL_NUMBER, COL_STATUS, COL_LABEL = range(3)
STEP_ROLE = Qt.ItemDataRole.UserRole + 1
"""``data(index, STEP_ROLE)``: the row's :class:`StepRow`."""

_STATUS_COLOURS = {
    "passed": "#2e9d4f",
    "failed": "#d03b3b",
    "running": "#c98a00",
    "skipped": "#8a8a8a",
}


class StepsModel(QAbstractTableModel):
    """Rows of recorded steps (see the module docstring)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[StepRow] = []

    # ------------------------------------------------------------------ Qt API
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return str(section + 1)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == STEP_ROLE:
            return row
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_NUMBER:
                return str(index.row() + 1)
            if column == COL_STATUS:
                return row.mark
            return row.label + "".join(f"\n    ✓ {label}" for label, _ in row.checks)
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = f"{row.command} ({row.status})"
            return f"{tip}\n{row.error}" if row.error else tip
        if role == Qt.ItemDataRole.ForegroundRole and column == COL_STATUS:
            colour = _STATUS_COLOURS.get(row.status)
            return QBrush(QColor(colour)) if colour else None
        if role == Qt.ItemDataRole.TextAlignmentRole and column != COL_LABEL:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    # ----------------------------------------------------------------- updates
    @property
    def rows(self) -> tuple[StepRow, ...]:
        return tuple(self._rows)

    def step(self, row: int) -> StepRow | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def set_steps(self, steps: Sequence[StepRow]) -> None:
        """Show ``steps``: append, change in place, or reset, whichever is smallest."""
        new, old = list(steps), self._rows
        if len(new) >= len(old) and all(
            a.command == b.command for a, b in zip(old, new, strict=False)
        ):
            self._change(new[: len(old)])
            if len(new) > len(old):
                self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
                self._rows.extend(new[len(old) :])
                self.endInsertRows()
            return
        self.beginResetModel()
        self._rows = new
        self.endResetModel()

    def _change(self, rows: list[StepRow]) -> None:
        for i, row in enumerate(rows):
            if row != self._rows[i]:
                self._rows[i] = row
                self._row_changed(i)

    def set_status(self, row: int, status: str, error: str | None = None) -> None:
        """A live pass/fail mark (during a run or replay)."""
        if 0 <= row < len(self._rows):
            self._rows[row] = replace(self._rows[row], status=status, error=error)
            self._row_changed(row)

    def reset_statuses(self) -> None:
        for i, row in enumerate(self._rows):
            if row.status != "recorded":
                self.set_status(i, "recorded")

    def _row_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
