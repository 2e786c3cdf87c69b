"""Parameter editors built from a command's typed spec, and the dialogs that use them.

:class:`CommandDialog` turns ``Command.spec()`` into a form: a check box for a
boolean, a combo box for a choice, a spin box for a bounded number, a line for
text, and a JSON line for anything structured (selectors, viewports). Only the
values that differ from a parameter's default are sent, so recorded scripts
stay short. :class:`ParamsDialog` edits a recorded step's parameters as JSON.

Both dialogs validate nothing themselves beyond "is it JSON": they emit
``submitted(params)`` and wait for :meth:`~StepDialog.show_error` or
:meth:`~StepDialog.succeeded`, because the real validation is core's (the
same code that runs the step), which happens on the worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.executor import Command
from core.executor.params import Bool, Choice, Int, Number, Param, Str

DEFAULT = "(default)"
_INT32 = 2**31 - 1


class Field:
    """One parameter's editor: ``widget`` and ``value()`` → ``(given, value)``."""

    def __init__(self, widget: QWidget, read: Callable[[], tuple[bool, Any]]) -> None:
        self.widget = widget
        self.read = read

    def value(self) -> tuple[bool, Any]:
        return self.read()


def make_field(spec: Param, initial: Any = None) -> Field:
    """The editor for one parameter (see the module docstring)."""
    kind, default = spec.kind, spec.default
    start = default if initial is None else initial
    if isinstance(kind, Bool) and isinstance(start, bool):
        box = QCheckBox()
        box.setChecked(start)
        return Field(box, lambda: (box.isChecked() != default, box.isChecked()))
    if isinstance(kind, Bool | Choice):
        choices = ["true", "false"] if isinstance(kind, Bool) else list(kind.choices)
        combo = QComboBox()
        if not spec.required:
            combo.addItem(DEFAULT)
        combo.addItems(choices)
        if start is not None:
            combo.setCurrentText(str(start).lower() if isinstance(start, bool) else str(start))

        def read_choice() -> tuple[bool, Any]:
            text = combo.currentText()
            value: Any = (text == "true") if isinstance(kind, Bool) else text
            return text != DEFAULT and (spec.required or value != default), value

        return Field(combo, read_choice)
    if isinstance(kind, Int) and start is not None:
        spin = QSpinBox()
        spin.setRange(max(kind.minimum, -_INT32), min(kind.maximum, _INT32))
        spin.setValue(int(start))
        return Field(spin, lambda: (spec.required or spin.value() != default, spin.value()))
    if isinstance(kind, Number) and start is not None:
        dspin = QDoubleSpinBox()
        dspin.setRange(kind.minimum, kind.maximum)
        dspin.setDecimals(2)
        dspin.setValue(float(start))
        return Field(dspin, lambda: (spec.required or dspin.value() != default, dspin.value()))
    line = QLineEdit()
    line.setPlaceholderText(DEFAULT if not spec.required else kind.label)
    if isinstance(kind, Str):
        line.setText("" if start is None else str(start))
        return Field(line, lambda: (line.text() != (default or ""), line.text()))
    if isinstance(kind, Int | Number):
        return Field(line, lambda: _json_value(line.text()))
    line.setText("" if start is None else json.dumps(start, ensure_ascii=False))
    line.setPlaceholderText(f"{kind.label} (JSON)")
    return Field(line, lambda: _json_value(line.text()))


def _json_value(text: str) -> tuple[bool, Any]:
    """``(False, None)`` for an empty line; the decoded JSON otherwise (ValueError if bad)."""
    if not text.strip():
        return False, None
    return True, json.loads(text)


class StepDialog(QDialog):
    """A dialog that submits parameters and waits to hear whether core accepted them."""

    submitted = Signal(dict)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.error = QLabel()
        self.error.setObjectName("errorLabel")
        self.error.setWordWrap(True)
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        self.layout_ = QVBoxLayout(self)

    def params(self) -> dict[str, Any]:
        raise NotImplementedError

    def submit(self) -> None:
        """Emit ``submitted`` (or show why the input is not even JSON)."""
        try:
            params = self.params()
        except ValueError as exc:
            self.show_error(f"not valid JSON: {exc}")
            return
        self.error.hide()
        self.buttons.setEnabled(False)
        self.submitted.emit(params)

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
        self.buttons.setEnabled(True)

    def succeeded(self, _: object = None) -> None:
        self.accept()


class CommandDialog(StepDialog):
    """A form for one command's parameters (``fields``: a subset, in that order)."""

    def __init__(
        self,
        command: type[Command],
        title: str,
        *,
        fields: Sequence[str] | None = None,
        initial: Mapping[str, Any] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.command = command
        summary = QLabel(command.summary())
        summary.setWordWrap(True)
        summary.setObjectName("hint")
        form = QFormLayout()
        specs = command.spec()
        initial = dict(initial or {})
        self.fields: dict[str, Field] = {}
        for name in fields or list(specs):
            spec = specs[name]
            field = make_field(spec, initial.get(name))
            field.widget.setToolTip(f"{spec.help} ({spec.kind.label})")
            self.fields[name] = field
            form.addRow(name + (" *" if spec.required else ""), field.widget)
        self.layout_.addWidget(summary)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(self.buttons)

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            given, value = field.value()
            if given:
                out[name] = value
        return out


class ParamsDialog(StepDialog):
    """Edit a recorded step's parameters as a JSON object."""

    def __init__(self, title: str, params: Mapping[str, Any], parent: QWidget | None = None):
        super().__init__(title, parent)
        self.editor = QPlainTextEdit()
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setPlainText(json.dumps(dict(params), indent=2, ensure_ascii=False))
        self.editor.setMinimumHeight(220)
        self.layout_.addWidget(self.editor)
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(self.buttons)

    def params(self) -> dict[str, Any]:
        value = json.loads(self.editor.toPlainText())
        if not isinstance(value, dict):
            raise ValueError("parameters must be a JSON object")
        return value
