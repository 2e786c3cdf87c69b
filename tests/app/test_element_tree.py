"""The element tree: the whole hierarchy, search, outline on the phone, copy selector."""

from __future__ import annotations

import json

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QTreeWidgetItemIterator
from pytestqt.qtbot import QtBot

from deltarec.app.window import MainWindow


def visible_titles(window: MainWindow) -> list[str]:
    out = []
    it = QTreeWidgetItemIterator(window.element_tree.tree)
    while it.value() is not None:
        if not it.value().isHidden():
            out.append(it.value().text(0))
        it += 1
    return out


def test_tree_search_outline_and_copy_selector(qtbot: QtBot, window: MainWindow) -> None:
    tree = window.element_tree
    window.side_tabs.setCurrentWidget(tree)
    index = window.screen_view.index
    assert index is not None
    assert tree.tree.topLevelItemCount() == len(index.frame.roots)
    every = visible_titles(window)
    assert len(every) == len(index.frame.nodes)  # every node, not only the numbered ones

    tree.search.setText("sign")
    shown = visible_titles(window)
    assert any('button "Sign up"' in t for t in shown) and len(shown) < len(every)
    tree.search.setText("android.widget.FrameLayout")  # by class
    assert visible_titles(window)
    tree.search.setText("")

    sign_up = next(e for e in index.elements if e.name == "Sign up")
    tree.select_pos(sign_up.pos)
    assert window.screen_view._selected is not None
    assert window.screen_view._selected.bounds == sign_up.bounds  # outlined on the phone
    tree.copy_button.click()
    copied = json.loads(QGuiApplication.clipboard().text())
    assert copied == json.loads(tree.copied) and "alternates" in copied
    assert tree.count.text() == "copied as JSON · matches 1 ✓"
