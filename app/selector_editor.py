"""The selector editor: a form for a selector, with its match count on the current screen.

Fields: key, resource id, text, description, name, class, role, index, and the
alternates (one selector per line, JSON). Every field a selector can hold has a line:
a recorded tap's selector is often its stable ``key`` alone, and a form that kept it out
of sight looked empty while the key still narrowed whatever the person typed.

Under the form, live as the person types:
``matches 1 ✓`` when the selector names exactly one element of the screen the
device shows now, ``matches 3 — ambiguous`` or ``matches 0 — not found``
otherwise (strict, as the executor resolves it: alternates are fallbacks and
do not count).

**Pick** (when the window gives a ``pick`` request) hides the dialogs and lets the
next click on the phone picture fill the form with the selector the recorder would
write for that element (Esc cancels); **Copy selector** copies the form's selector as
Python, pytest, Maestro or JSON (:mod:`deltarec.app.selector_code`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.selector_code import CopyButton
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import ALIASES, Selector, find_all
from deltarec.core.observe.index import ElementIndex

FIELDS = (
    ("key", "Key"),
    ("resource_id", "Resource id"),
    ("text", "Text"),
    ("content_desc", "Description"),
    ("name", "Name"),
    ("class_name", "Class"),
    ("role", "Role"),
    ("index", "Index"),
)
TIPS = {
    "key": "The element's stable key, as the recorder saw it (clear it to select by the "
    "other fields)",
    "name": "What the element is called: its text, description or the texts it shows",
    "index": "The element's [i] number on the screen it was recorded on",
}

OnPick = Callable[[dict[str, Any]], None]
PickRequest = Callable[[OnPick], None]
"""Ask the window for the next click on the phone picture; it calls back with the selector
the recorder would write for the element clicked (never, when the pick is cancelled)."""


def match_text(selector: dict[str, Any], screen: ElementIndex | None) -> str:
    """``matches 1 ✓`` / ``matches 3 — ambiguous`` / ``matches 0 — not found`` / why invalid."""
    try:
        parsed = Selector.from_json(selector)
    except DeltarecError as exc:
        return f"not a selector: {getattr(exc, 'problem', exc)}"
    if screen is None:
        return "no screen to match against"
    count = len(find_all(parsed, screen))
    if count == 1:
        return "matches 1 ✓"
    return f"matches {count} — " + ("ambiguous" if count else "not found")


def _int_or_text(text: str) -> int | str:
    """An index typed as digits is a number; anything else is left for the selector's own
    validation to refuse, naming it."""
    return int(text) if text.strip().isdigit() else text


class SelectorEditor(QDialog):
    """Edit a selector field by field (see the module docstring)."""

    def __init__(
        self,
        selector: dict[str, Any],
        screen: ElementIndex | None,
        parent: QWidget | None = None,
        *,
        pick: PickRequest | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Selector")
        self.setMinimumWidth(440)
        self.index = screen
        form = QFormLayout()
        self.lines: dict[str, QLineEdit] = {}
        for name, label in FIELDS:
            line = QLineEdit()
            line.setToolTip(TIPS.get(name, ""))
            line.textChanged.connect(self.update_count)
            self.lines[name] = line
            form.addRow(label, line)
        self.alternates = QPlainTextEdit()
        self.alternates.setPlaceholderText("fallback selectors, one JSON object a line")
        self.alternates.setMaximumHeight(90)
        self.alternates.textChanged.connect(self.update_count)
        form.addRow("Alternates", self.alternates)
        self.count = QLabel()
        self.count.setObjectName("matchCount")
        tools = QHBoxLayout()
        self.pick_button = QPushButton("Pick")
        self.pick_button.setToolTip(
            "Click an element on the phone to fill the selector (Esc: cancel)"
        )
        self.pick_button.setVisible(pick is not None)
        if pick is not None:
            self.pick_button.clicked.connect(lambda: pick(self.set_selector))
        self.copy_button = CopyButton(self._valid_selector)
        tools.addWidget(self.pick_button)
        tools.addWidget(self.copy_button)
        tools.addStretch(1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept_if_valid)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.count)
        layout.addLayout(tools)
        layout.addWidget(self.buttons)
        self.kept: dict[str, Any] = {}
        self.set_selector(selector)

    def set_selector(self, selector: dict[str, Any]) -> None:
        """Fill the form with ``selector`` (fields it does not show are kept as they are)."""
        given = {ALIASES.get(k, k): v for k, v in selector.items()}
        self.kept = {k: v for k, v in given.items()
                     if k not in dict(FIELDS) and k != "alternates"}  # fmt: skip
        for name, line in self.lines.items():
            line.setText("" if given.get(name) is None else str(given[name]))
        self.alternates.setPlainText(
            "\n".join(json.dumps(a, ensure_ascii=False) for a in given.get("alternates") or [])
        )
        self.update_count()

    def _valid_selector(self) -> dict[str, Any] | None:
        try:
            selector = self.selector()
            Selector.from_json(selector)
        except (ValueError, DeltarecError):
            return None
        return selector

    def selector(self) -> dict[str, Any]:
        """The selector as JSON (ValueError when an alternate line is not JSON)."""
        out: dict[str, Any] = dict(self.kept)
        for name, line in self.lines.items():
            if line.text():
                out[name] = _int_or_text(line.text()) if name == "index" else line.text()
        alternates = [
            json.loads(t) for t in self.alternates.toPlainText().splitlines() if t.strip()
        ]
        if alternates:
            out["alternates"] = alternates
        return out

    def update_count(self) -> None:
        try:
            text = match_text(self.selector(), self.index)
        except ValueError as exc:
            text = f"alternates: not valid JSON ({exc})"
        self.count.setText(text)

    def accept_if_valid(self) -> None:
        if self.count.text().startswith(("not a selector", "alternates:")):
            return  # the count line says why
        self.accept()
