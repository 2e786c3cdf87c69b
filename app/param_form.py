"""Parameter forms built from a command's typed spec, and the dialogs that use them.

:class:`CommandDialog` turns ``Command.spec()`` into a form: a check box for a
boolean, a combo box for a choice, a line for a number or a text, and a
selector line with an "Edit…" button that opens the
:class:`~deltarec.app.selector_editor.SelectorEditor` and, when the window offers
picking, a "Pick" button: the next click on the phone picture writes the selector the
recorder would write for that element (for a tap, of the element that takes the tap).
Labels and help read as words ("Max lines", no markup). Only the values that
differ from a parameter's default are sent, so recorded scripts stay short. The same dialog edits a
recorded step (every parameter, filled with the step's values).

Every field is checked before OK does anything: a text where a number goes,
a number out of range or a bad selector shows its reason under the form and
OK stays available. Only then is ``submitted(params)`` emitted (an ``object``
signal: a Python int of any size crosses it, where a ``dict`` signal would
convert to a QVariantMap and overflow); the dialog then waits for
:meth:`~StepDialog.show_error` or :meth:`~StepDialog.succeeded`, because rules
across parameters are core's (the code that runs the step, on the worker thread).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.selector_editor import OnPick, PickRequest, SelectorEditor
from deltarec.core.errors import DeltarecError, ScriptValidationError
from deltarec.core.executor import Command
from deltarec.core.executor.params import Bool, Choice, Int, Number, Param, Str
from deltarec.core.executor.selectors import SelectorKind
from deltarec.core.observe.index import ElementIndex

DEFAULT = "(default)"
ACTS_ON_TAP = frozenset({"AC_tap", "AC_long_press", "AC_type_text"})
"""Commands whose picked element is the one that takes the tap (the row, not its text)."""
WindowPick = Callable[[OnPick, bool], None]
"""The window's pick: ``pick(on_pick, actionable)``."""


class FieldError(ValueError):
    """A field's text is not a value of its kind; the message names the field."""


def human_name(name: str) -> str:
    """``max_lines`` → ``Max lines``."""
    return name.replace("_", " ").capitalize()


def human_help(text: str) -> str:
    """A help text without reST markup (````x```` → ``x``)."""
    return text.replace("``", "").replace("`", "")


def problem_text(exc: BaseException, names: Mapping[str, str] | None = None) -> str:
    """A validation error as a person reads it: ``Seconds: must be in 0..600``."""
    if isinstance(exc, ScriptValidationError):
        # "$[2][1].text" (step 3's parameters, as core checks a script): the dialog is
        # about that step already, so only the parameter is named.
        path = re.sub(r"^\$(\[\d+\])?\[1\]", "", exc.path).removeprefix("$").lstrip(".")
        head, _, rest = path.partition(".")
        if head:
            label = (names or {}).get(head, human_name(head))
            where = label + (f" ({rest})" if rest else "")
            return f"{where}: {exc.problem}"
        return exc.problem
    return str(exc) or type(exc).__name__


class Field:
    """One parameter's editor: ``widget`` and ``value()`` → ``(given, value)``.

    ``value()`` raises :class:`FieldError` when the text is not a value of the
    parameter's kind (a word where a number goes, bad JSON).
    """

    def __init__(
        self, widget: QWidget, read: Callable[[], tuple[bool, Any]], line: QLineEdit | None = None
    ) -> None:
        self.widget = widget
        self.read = read
        self.line = line  # the text the person types, when the field has one

    def value(self) -> tuple[bool, Any]:
        return self.read()


def _number(text: str, whole: bool, label: str) -> Any:
    try:
        value: Any = int(text) if whole else float(text)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise FieldError(f"{label}: enter {kind}, not {text!r}") from None
    if not whole and not math.isfinite(value):
        raise FieldError(f"{label}: enter a finite number")
    return int(value) if not whole and value.is_integer() and "." not in text else value


def _json(text: str, label: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise FieldError(f"{label}: not valid JSON ({exc})") from None


def make_field(
    spec: Param,
    initial: Any = None,
    *,
    label: str = "value",
    screen: Callable[[], ElementIndex | None] | None = None,
    pick: PickRequest | None = None,
) -> Field:
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
    line = QLineEdit()
    line.setPlaceholderText(DEFAULT if not spec.required else human_help(kind.label))
    if isinstance(kind, Int | Number):
        line.setText("" if start is None else str(start))

        def read_number() -> tuple[bool, Any]:
            text = line.text().strip()
            if not text:
                return False, None
            value = _number(text, isinstance(kind, Int), label)
            return spec.required or value != default, value

        return Field(line, read_number, line)
    if isinstance(kind, Str):
        line.setText("" if start is None else str(start))
        return Field(line, lambda: (line.text() != (default or ""), line.text()), line)
    line.setText("" if start is None else json.dumps(start, ensure_ascii=False))

    def read_json() -> tuple[bool, Any]:
        text = line.text()
        return (False, None) if not text.strip() else (True, _json(text, label))

    if isinstance(kind, SelectorKind):
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(line, 1)
        button = QPushButton("Edit…")
        button.setObjectName("selectorEdit")
        row.addWidget(button)
        line.setPlaceholderText("a selector: press Edit…")

        def picked(selector: dict[str, Any]) -> None:
            line.setText(json.dumps(selector, ensure_ascii=False))
            line.setCursorPosition(0)  # its start (the primary selector) in view

        if pick is not None:
            line.setPlaceholderText("a selector: press Pick or Edit…")
            pick_button = QPushButton("Pick")
            pick_button.setObjectName("selectorPick")
            pick_button.setToolTip("Click the element on the phone (Esc: cancel)")
            pick_button.clicked.connect(lambda: pick(picked))
            row.addWidget(pick_button)

        def edit() -> None:
            try:
                current = json.loads(line.text()) if line.text().strip() else {}
            except ValueError:
                current = {}
            editor = SelectorEditor(current if isinstance(current, dict) else {},
                                    screen() if screen else None, holder,
                                    pick=pick)  # fmt: skip
            editor.accepted.connect(
                lambda: line.setText(json.dumps(editor.selector(), ensure_ascii=False))
            )
            holder.setProperty("editor", editor)
            editor.open()

        button.clicked.connect(edit)
        return Field(holder, read_json, line)
    line.setPlaceholderText(f"{human_help(kind.label)} (JSON)")
    return Field(line, read_json, line)


class StepDialog(QDialog):
    """A dialog that submits parameters and waits to hear whether core accepted them."""

    submitted = Signal(object)  # dict; object, so Python ints of any size cross it

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
        """Emit ``submitted`` once every field holds a valid value (else show why)."""
        try:
            params = self.params()
        except (FieldError, DeltarecError) as exc:
            self.show_error(problem_text(exc, getattr(self, "labels", None)))
            return
        self.error.hide()
        self.buttons.setEnabled(False)
        try:
            self.submitted.emit(params)
        except Exception as exc:  # a slot failed: never leave OK greyed out
            self.show_error(f"could not submit: {exc}")

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
        self.buttons.setEnabled(True)

    def succeeded(self, _: object = None) -> None:
        self.accept()


class CommandDialog(StepDialog):
    """A form for one command's parameters (``fields``: a subset, in that order).

    ``screen`` gives the current screen to the selector editor (its match count);
    ``pick`` (the window's) adds the "Pick" buttons.
    """

    def __init__(
        self,
        command: type[Command],
        title: str,
        *,
        fields: Sequence[str] | None = None,
        initial: Mapping[str, Any] | None = None,
        screen: Callable[[], ElementIndex | None] | None = None,
        pick: WindowPick | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.command = command
        summary = QLabel(human_help(command.summary()))
        summary.setWordWrap(True)
        summary.setObjectName("hint")
        form = QFormLayout()
        self.specs = command.spec()
        initial = dict(initial or {})
        self.fields: dict[str, Field] = {}
        self.labels: dict[str, str] = {}
        tap = command.name in ACTS_ON_TAP
        picking: PickRequest | None = None
        if pick is not None:
            picking = lambda on_pick: pick(on_pick, tap)  # noqa: E731
        for name in fields or list(self.specs):
            spec = self.specs[name]
            label = human_name(name)
            field = make_field(spec, initial.get(name), label=label, screen=screen, pick=picking)
            field.widget.setToolTip(human_help(spec.help))
            self.fields[name] = field
            self.labels[name] = label
            form.addRow(label + (" *" if spec.required else ""), field.widget)
        self.layout_.addWidget(summary)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(self.buttons)

    def params(self) -> dict[str, Any]:
        """The given values, each checked against its parameter's kind (FieldError, or
        ScriptValidationError naming the parameter)."""
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            given, value = field.value()
            spec = self.specs[name]
            if given:
                spec.kind.parse(value, f"$.{name}")
                out[name] = value
            elif spec.required:
                raise FieldError(f"{self.labels[name]}: required")
        return out
