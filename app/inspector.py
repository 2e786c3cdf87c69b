"""The element inspector: facts about the element under the pointer (or the last one picked).

Read from the immutable index the screen view shows: the numbered element and
its node in ``index.frame`` (role, name, key, resource-id, class, bounds and
the state flags that are set). **Copy selector** (a :class:`~deltarec.app.selector_code.CopyButton`)
copies the strict selector the recorder would write for the element shown, as Python,
pytest, Maestro or JSON.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QWidget

from deltarec.app.selector_code import CopyButton, copied_selector
from deltarec.core.observe.index import ElementIndex, IndexedElement

FIELDS = ("element", "role", "name", "key", "resource-id", "class", "bounds", "states")
_STATES = ("clickable", "long_clickable", "checkable", "checked", "enabled", "focusable",
           "focused", "scrollable", "selected", "password")  # fmt: skip


def describe(index: ElementIndex, element: IndexedElement) -> dict[str, str]:
    """The inspector's rows for one element."""
    node = index.frame.nodes[element.pos]
    b = element.bounds
    states = [name for name in _STATES if getattr(node, name)]
    if not node.enabled:
        states.append("disabled")
    states = [s for s in states if s != "enabled"]
    return {
        "element": f"[{element.index}]",
        "role": element.role,
        "name": element.name,
        "key": element.key,
        "resource-id": node.resource_id or "—",
        "class": node.class_name or "—",
        "bounds": f"[{b.left},{b.top}][{b.right},{b.bottom}]  ({b.width}×{b.height})",
        "states": ", ".join(states) or "—",
    }


class Inspector(QGroupBox):
    """A form of :data:`FIELDS`; empty when no element is shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Element", parent)
        form = QFormLayout(self)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.setContentsMargins(8, 6, 8, 6)
        form.setVerticalSpacing(3)
        self.values: dict[str, QLabel] = {}
        for name in FIELDS:
            value = QLabel("—")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setWordWrap(True)
            self.values[name] = value
            form.addRow(name, value)
        self.copy_button = CopyButton(self.selector)
        self.copy_button.setEnabled(False)
        form.addRow("", self.copy_button)
        self.element: IndexedElement | None = None
        self.index: ElementIndex | None = None

    def selector(self) -> dict[str, Any] | None:
        """The selector a recorded tap on the element shown writes: the element that takes
        the tap (:func:`~deltarec.app.selector_code.copied_selector`); None: none shown."""
        index, element = self.index, self.element
        if index is None or element is None:
            return None
        return copied_selector(index, element.pos)

    def show_element(self, index: ElementIndex | None, element: IndexedElement | None) -> None:
        self.element, self.index = element, index
        self.copy_button.setEnabled(index is not None and element is not None)
        rows = describe(index, element) if index is not None and element is not None else {}
        for name, label in self.values.items():
            label.setText(rows.get(name, "—"))
        self.setTitle(f"Element {rows['element']}" if rows else "Element (hover the screen)")

    def value(self, field: str) -> str:
        return self.values[field].text()
