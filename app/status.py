"""The status bar: device, step count, last step's timing, what the worker is doing, progress,
and after a replay a button that opens its report."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QStatusBar, QToolButton

from deltarec.app.glyphs import first_drawable
from deltarec.app.snapshot import SessionView

BUSY_MARKS = ("⏳", "◷")
"""The working mark before a job's label: the hourglass where a font has it."""


class StatusBar(QStatusBar):
    def __init__(self, parent: QMainWindow | None = None) -> None:
        super().__init__(parent)
        self.job = QLabel("")
        self.job.setObjectName("jobLabel")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setMaximumHeight(16)
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.device = QLabel("no device")
        self.count = QLabel("0 steps")
        self.timing = QLabel("")
        self.timing.setToolTip("Time the last step took (action + settle + observation)")
        self.report_button = QToolButton()  # the window gives it "Open replay report"
        self.report_button.setObjectName("reportButton")
        self.report_button.setAutoRaise(True)
        self.report_button.hide()  # until a replay wrote a report
        self.addWidget(self.job)
        self.addPermanentWidget(self.report_button)
        self.addPermanentWidget(self.progress)
        for label in (self.device, self.count, self.timing):
            label.setObjectName("statusField")
            self.addPermanentWidget(label)
        self._replaying = False
        self._busy = False
        self._sticky = False  # an error or a replay result stays until the next job starts
        self.busy_mark = first_drawable(BUSY_MARKS, self.job.font())

    def show_view(self, view: SessionView) -> None:
        app = f" · {view.package}" if view.package else ""
        self.device.setText(f"Device: {view.serial}{app}")
        n = len(view.steps)
        self.count.setText(f"{n} step{'s' if n != 1 else ''}")
        last = view.steps[-1].timing.get("totalMs") if view.steps else None
        self.timing.setText(f"last step {last:.0f} ms" if last is not None else "")

    def set_job(self, label: str) -> None:
        self.job.setText(f"{self.busy_mark} {label}…")
        self.job.setToolTip("")
        self.job.setProperty("error", False)
        self._sticky = False
        self._repolish()

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        if not busy:
            if not self._sticky:
                self.job.setText("Ready")
            if not self._replaying:
                self.progress.hide()
        elif not self._replaying:
            self.progress.setRange(0, 0)  # indeterminate: "working"
            self.progress.show()

    @property
    def sticky(self) -> bool:
        """A result or an error is showing (until the next job starts)."""
        return self._sticky

    def show_error(self, text: str) -> None:
        self.clearMessage()  # a hover text shown before must not cover it
        self.job.setText(f"✗ {text}")
        self.job.setToolTip(text)
        self.job.setProperty("error", True)
        self._sticky = True
        self._repolish()

    def show_note(self, text: str) -> None:
        """A message that stays until the next job starts (not an error)."""
        self.clearMessage()
        self.job.setText(text)
        self.job.setToolTip(text)
        self.job.setProperty("error", False)
        self._sticky = True
        self._repolish()

    def start_progress(self, total: int) -> None:
        self._replaying = True
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(0)
        self.progress.setFormat("replay %v/%m")
        self.progress.show()

    def advance(self, done: int) -> None:
        if self._replaying:
            self.progress.setValue(done)

    def finish_progress(self, message: str) -> None:
        self._replaying = False
        self.progress.setValue(self.progress.maximum())
        self.clearMessage()  # the hover text of the button that started it, say
        self.job.setText(message)
        self.job.setProperty("error", "FAILED" in message)
        self._sticky = True
        self._repolish()
        if not self._busy:
            self.progress.hide()

    def _repolish(self) -> None:
        style = self.job.style()
        style.unpolish(self.job)
        style.polish(self.job)
