"""The element tree: the whole hierarchy of the screen the recording is on.

Like the hierarchy panes of Appium Inspector and weditor: every node of every
window (not only the numbered ones), as ``[i] role "name"`` (numbered) or
``role "name"``, with its resource id and class. The search box keeps the
nodes whose text, description, resource id or class contains the words (and
their ancestors, so each stays in place). Selecting a node outlines it on the
phone (``picked``). **Copy selector** puts the strict selector the recorder
would write for it (with its alternates, as JSON; its menu: as Python, pytest or
Maestro code) on the clipboard, and says how many elements of the screen it matches.

The tree is rebuilt only while it is visible (a recording step does not pay
for a panel nobody looks at).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QTreeWidgetItemIterator,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.selector_code import CopyButton, copied_selector
from deltarec.app.selector_editor import match_text
from deltarec.core.observe.index import ElementIndex, IndexedElement

POS_ROLE = Qt.ItemDataRole.UserRole + 1


def node_title(index: ElementIndex, pos: int) -> str:
    """``[i] role "name"`` for a numbered node, ``role "name"`` (or the role) otherwise."""
    node = index.frame.nodes[pos]
    name = index.names[pos]
    number = index.number_of.get(pos)
    head = f"[{number}] " if number is not None else ""
    return f'{head}{node.role} "{name}"' if name else f"{head}{node.role}"


class ElementTree(QWidget):
    """The hierarchy panel (see the module docstring)."""

    picked = Signal(object)  # IndexedElement (index -1 for a node without a number) or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search text, id or class")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Element", "Resource id · class"])
        self.tree.setUniformRowHeights(True)
        self.tree.currentItemChanged.connect(lambda *_: self._current_changed())
        self.copy_button = CopyButton(self.selector, default="JSON")
        self.copy_button.copied.connect(self._copied)
        self.count = QLabel()
        self.count.setObjectName("matchCount")
        row = QHBoxLayout()
        row.addWidget(self.copy_button)
        row.addWidget(self.count, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addLayout(row)
        self.index: ElementIndex | None = None
        self._built: ElementIndex | None = None
        self.copied = ""
        self._current_changed()

    # ----------------------------------------------------------------- content
    def set_index(self, index: ElementIndex | None) -> None:
        self.index = index
        if self.isVisible():
            self._build()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._build()

    def _build(self) -> None:
        if self._built is self.index and self.index is not None:
            return
        self._built = self.index
        self.tree.clear()
        index = self.index
        if index is None:
            return
        frame = index.frame
        items: dict[int, QTreeWidgetItem] = {}
        for pos, node in enumerate(frame.nodes):
            parent = frame.parents[pos]
            where = node.resource_id.rsplit("/", 1)[-1] if node.resource_id else ""
            cls = node.class_name.rsplit(".", 1)[-1]
            item = QTreeWidgetItem(
                [node_title(index, pos), " · ".join(x for x in (where, cls) if x)]
            )
            item.setData(0, POS_ROLE, pos)
            item.setToolTip(0, f"{node.resource_id}\n{node.class_name}".strip())
            items[pos] = item
            if parent >= 0 and parent in items:
                items[parent].addChild(item)
            else:
                self.tree.addTopLevelItem(item)
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        self._filter(self.search.text())

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        index = self.index
        if index is None:
            return
        keep: set[int] = set()
        for pos, node in enumerate(index.frame.nodes):
            hay = " ".join((node.text, node.content_desc, node.resource_id, node.class_name,
                            index.names[pos])).lower()  # fmt: skip
            if all(w in hay for w in words):
                keep.add(pos)
                keep.update(index.frame.ancestors(pos))
        it = QTreeWidgetItemIterator(self.tree)
        while it.value() is not None:
            item = it.value()
            item.setHidden(int(item.data(0, POS_ROLE)) not in keep)
            it += 1

    # --------------------------------------------------------------- selection
    def selected_pos(self) -> int | None:
        item = self.tree.currentItem()
        return int(item.data(0, POS_ROLE)) if item is not None else None

    def select_pos(self, pos: int) -> None:
        self._build()
        it = QTreeWidgetItemIterator(self.tree)
        while it.value() is not None:
            if int(it.value().data(0, POS_ROLE)) == pos:
                self.tree.setCurrentItem(it.value())
                return
            it += 1

    def element(self, pos: int) -> IndexedElement | None:
        index = self.index
        if index is None:
            return None
        node = index.frame.nodes[pos]
        number = index.number_of.get(pos, -1)
        return IndexedElement(number, pos, index.frame.keys[pos], node.role, index.names[pos],
                              node.bounds)  # fmt: skip

    def _current_changed(self) -> None:
        pos = self.selected_pos()
        self.copy_button.setEnabled(pos is not None)
        self.count.setText("")
        self.picked.emit(self.element(pos) if pos is not None else None)

    def selector(self) -> dict[str, object] | None:
        """The selector a recorded tap on the selected node writes (the element that takes
        the tap: :func:`~deltarec.app.selector_code.copied_selector`)."""
        pos, index = self.selected_pos(), self.index
        if pos is None or index is None:
            return None
        return dict(copied_selector(index, pos))

    def copy_selector(self, kind: str = "JSON") -> None:
        self.copy_button.copy(kind)

    def _copied(self, kind: str, text: str) -> None:
        self.copied = text
        selector = self.selector()
        matched = match_text(selector, self.index) if selector is not None else ""
        self.count.setText(f"copied as {kind} · {matched}")
