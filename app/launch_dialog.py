"""The "Launch app" dialog: which installed app a recording starts with, and whether
its state is cleared first (see :mod:`deltarec.app.launch`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

EXPLAIN = (
    "A recording that starts by launching its app starts from a known state, and so do "
    "its replays and exports."
)


class LaunchDialog(QDialog):
    """A package list (editable: a package not listed can be typed) and "clear its state"."""

    def __init__(self, packages: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Launch app")
        self.packages = QComboBox()
        self.packages.setEditable(True)
        self.packages.addItems(list(packages))
        self.packages.setMinimumWidth(320)
        self.clear = QCheckBox("Clear its state first (the app starts fresh)")
        self.clear.setChecked(True)
        explain = QLabel(EXPLAIN)
        explain.setWordWrap(True)
        explain.setObjectName("hint")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Launch")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(QLabel("App (package):"))
        layout.addWidget(self.packages)
        layout.addWidget(self.clear)
        layout.addWidget(buttons)

    def choice(self) -> tuple[str, bool] | None:
        """``(package, clear)``; None without a package."""
        package = self.packages.currentText().strip()
        return (package, self.clear.isChecked()) if package else None
