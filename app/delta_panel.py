"""The delta panel: what the selected step changed on the screen.

Tabs: **Delta** (the step's delta text, monospace, exactly as core rendered it,
wrapped at the panel's width; **Show all lines** shows what ``… (+N more)`` cut)
and **JSON** (the step's command, parameters and delta). The font is a
monospace one that has the delta's arrows (``→``, ``↕``), so they are not drawn
small from a fallback font. Below them, the
step's assertions: first the ones it keeps (replayed and exported right after it),
each with a **Remove** button (``removeCheck`` signal, the check's position), then
the suggested ones it does not keep yet, each with an **Add** button
(``addSuggestion``: kept as a check of this step, verified on its own screen).

Nothing above the delta takes its room: the title is one line, elided, with the whole
label in its tooltip (a swipe's or an edited step's label can be its parameters, five
lines at the smallest window), and a failed step's error scrolls past
:data:`ERROR_LINES` lines.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.snapshot import NOT_RUN, StepRow
from deltarec.core.recorder.checks import same_check

NO_STEP = "Select a step to see what it changed."
NO_CHANGE = "(no change on the screen)"
SUGGESTION_ROWS = 4
EDITED = "(edited after recording: run the step to see what it changes now)"
UNRUN = f"({NOT_RUN}: Run step or Run from here shows what it changes)"
ERROR_LINES = 3
"""A failed step's error shows up to this many lines; a longer one scrolls."""


ARROW_FONTS = ("DejaVu Sans Mono", "Menlo", "Consolas", "Noto Sans Mono", "Liberation Mono")
"""Monospace families that carry → and ↕, tried before the system's fixed font."""


def delta_font() -> QFont:
    """A monospace font whose glyphs include the delta's arrows (see the module docstring)."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setFamilies([*ARROW_FONTS, font.family()])
    return font


def monospace_editor(*, wrap: bool = False) -> QPlainTextEdit:
    editor = QPlainTextEdit()
    editor.setReadOnly(True)
    editor.setLineWrapMode(
        QPlainTextEdit.LineWrapMode.WidgetWidth if wrap else QPlainTextEdit.LineWrapMode.NoWrap
    )
    editor.setFont(delta_font())
    return editor


class ElidedLabel(QLabel):
    """A one-line label that elides its text to its width (``…``); :meth:`text` and the
    tooltip are the whole text. It never asks for more width than a few characters."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        return self._full

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("Step 10: …"), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        line = " ".join(self._full.split())  # one line: a label's newlines are spaces here
        width = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, width)
        QLabel.setText(self, shown)


class DeltaPanel(QWidget):
    """Shows one :class:`~deltarec.app.snapshot.StepRow` (or none)."""

    addSuggestion = Signal(object)  # Suggestion
    removeCheck = Signal(int)  # position in the step's checks

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ElidedLabel(NO_STEP)
        self.title.setObjectName("panelTitle")
        self.delta_text = monospace_editor(wrap=True)
        self.delta_text.setObjectName("deltaText")
        self.delta_text.setPlaceholderText("What the selected step changed on the screen.")
        self.json_text = monospace_editor()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.delta_text, "Delta")
        self.tabs.addTab(self.json_text, "JSON")
        self.show_all = QCheckBox("Show all lines")
        self.show_all.setToolTip("Show the lines the delta's budget cut (… (+N more))")
        self.show_all.toggled.connect(lambda _: self._fill_delta())
        self.tabs.setCornerWidget(self.show_all)
        self.error = QLabel()
        self.error.setObjectName("errorLabel")
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_box = QScrollArea()
        self.error_box.setWidgetResizable(True)
        self.error_box.setFrameShape(QFrame.Shape.NoFrame)
        self.error_box.setWidget(self.error)
        self.error_box.hide()

        self.suggestion_box = QGroupBox("Assertions")
        self._rows = QVBoxLayout()
        self._rows.setContentsMargins(4, 4, 4, 4)
        self._rows.setSpacing(2)
        holder = QWidget()
        outer = QVBoxLayout(holder)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(self._rows)
        outer.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(holder)
        box_layout = QVBoxLayout(self.suggestion_box)
        box_layout.setContentsMargins(4, 4, 4, 4)
        box_layout.addWidget(scroll)
        self.add_buttons: list[QPushButton] = []
        self.remove_buttons: list[QPushButton] = []

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.error_box)
        layout.addWidget(self.tabs, 3)
        layout.addWidget(self.suggestion_box, 1)
        # Four suggestions stay readable however small the window (bug 11: two rows at 650 px).
        self.suggestion_box.setMinimumHeight(SUGGESTION_ROWS * 27 + 34)
        self._shown: tuple[StepRow | None, int | None] = (None, -1)
        self.show_step(None)

    def show_step(self, step: StepRow | None, number: int | None = None) -> None:
        if (step, number) == self._shown:
            return  # the window re-shows the selected step after every job; most are unchanged
        self._shown = (step, number)
        if step is None:
            self.title.setText(NO_STEP)
            self._fill_delta()
            self.json_text.setPlainText("")
            self.error_box.hide()
            self._set_suggestions(None)
            return
        prefix = f"Step {number}: " if number is not None else ""
        self.title.setText(f"{prefix}{step.label}")
        self._fill_delta()
        self.json_text.setPlainText(json.dumps(step.as_json(), indent=2, ensure_ascii=False))
        self.error.setText(step.error or "")
        self.error_box.setVisible(bool(step.error))
        self._fit_error()
        self._set_suggestions(step)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_error()

    def _fit_error(self) -> None:
        """The error box as high as its text, at most :data:`ERROR_LINES` lines (then it
        scrolls): a one-line error takes one line of the delta's room, not four."""
        frame = 2 * self.error_box.frameWidth()
        width = max(self.error_box.width() - frame, 50)
        need = self.error.heightForWidth(width) if self.error.text() else 0
        # Cut between lines, never through one: the top padding and whole lines.
        most = (
            self.error.contentsMargins().top()
            + ERROR_LINES * self.error.fontMetrics().lineSpacing()
        )
        self.error_box.setFixedHeight(min(need, most) + frame)

    def _fill_delta(self) -> None:
        step = self._shown[0]
        self.show_all.setEnabled(step is not None and bool(step.delta_all))
        if step is None:
            self.delta_text.setPlainText("")
        elif step.delta_all and self.show_all.isChecked():
            self.delta_text.setPlainText(step.delta_all)
        else:
            empty = UNRUN if step.unrun else EDITED if step.edited else NO_CHANGE
            self.delta_text.setPlainText(step.delta or empty)

    def _set_suggestions(self, step: StepRow | None) -> None:
        while self._rows.count():
            item = self._rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone now; deleteLater only runs when control returns to Qt
                widget.setParent(None)
                widget.deleteLater()
        self.add_buttons = []
        self.remove_buttons = []
        kept = step.checks if step is not None else ()
        kept_params = [params for _, params in kept]
        offered = [
            s for s in (step.suggestions if step is not None else ())
            if not any(same_check(s.params, params) for params in kept_params)
        ]  # fmt: skip
        if not kept and not offered:
            empty = QLabel("None for this step.")
            empty.setObjectName("hint")
            self._rows.addWidget(empty)
            return
        for i, (label, params) in enumerate(kept):
            button = QPushButton("Remove")
            button.setToolTip("Stop checking this after the step (and leave it out of exports)")
            button.clicked.connect(lambda _=False, i=i: self.removeCheck.emit(i))
            self._add_row(f"✓ {label}", params, button)
            self.remove_buttons.append(button)
        for suggestion in offered:
            button = QPushButton("Add")
            button.setToolTip("Check this right after the step (replayed and exported)")
            button.clicked.connect(lambda _=False, s=suggestion: self.addSuggestion.emit(s))
            self._add_row(suggestion.label, suggestion.params, button)
            self.add_buttons.append(button)

    def _add_row(self, text: str, params: dict[str, Any], button: QPushButton) -> None:
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        label = QLabel(text)
        label.setToolTip(json.dumps(params, ensure_ascii=False))
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        line.addWidget(label, 1)
        line.addWidget(button)
        self._rows.addWidget(row)

    @property
    def text(self) -> str:
        return self.delta_text.toPlainText()
