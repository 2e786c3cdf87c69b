"""The selector editor: a form for a selector, with its match count on the current screen.

Fields: resource id, text, description, class, role, and the alternates (one
selector per line, JSON). Under the form, live as the person types:
``matches 1 ✓`` when the selector names exactly one element of the screen the
device shows now, ``matches 3 — ambiguous`` or ``matches 0 — not found``
otherwise (strict, as the executor resolves it: alternates are fallbacks and
do not count). Fields of the selector the form does not show (``key``,
``index``, ``name``) are kept as they were.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import ALIASES, Selector, find_all
from deltarec.core.observe.index import ElementIndex

FIELDS = (
    ("resource_id", "Resource id"),
    ("text", "Text"),
    ("content_desc", "Description"),
    ("class_name", "Class"),
    ("role", "Role"),
)


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


class SelectorEditor(QDialog):
    """Edit a selector field by field (see the module docstring)."""

    def __init__(
        self, selector: dict[str, Any], screen: ElementIndex | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Selector")
        self.setMinimumWidth(440)
        self.index = screen
        given = {ALIASES.get(k, k): v for k, v in selector.items()}
        self.kept = {k: v for k, v in given.items()
                     if k not in dict(FIELDS) and k != "alternates"}  # fmt: skip
        form = QFormLayout()
        self.lines: dict[str, QLineEdit] = {}
        for name, label in FIELDS:
            line = QLineEdit("" if given.get(name) is None else str(given[name]))
            line.textChanged.connect(self.update_count)
            self.lines[name] = line
            form.addRow(label, line)
        self.alternates = QPlainTextEdit(
            "\n".join(json.dumps(a, ensure_ascii=False) for a in given.get("alternates") or [])
        )
        self.alternates.setPlaceholderText("fallback selectors, one JSON object a line")
        self.alternates.setMaximumHeight(90)
        self.alternates.textChanged.connect(self.update_count)
        form.addRow("Alternates", self.alternates)
        self.count = QLabel()
        self.count.setObjectName("matchCount")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept_if_valid)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.count)
        layout.addWidget(self.buttons)
        self.update_count()

    def selector(self) -> dict[str, Any]:
        """The selector as JSON (ValueError when an alternate line is not JSON)."""
        out: dict[str, Any] = dict(self.kept)
        for name, line in self.lines.items():
            if line.text():
                out[name] = line.text()
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
