"""Issue 21 item 10: no missing-glyph box — every character the window's own texts use is
one the window's font (or an installed fallback) can draw.

The oracle: every string literal in ``app/`` and every text the running window shows
(menus, buttons, labels, tooltips, the status bar while a job runs), checked against the
fonts installed here — a machine with only DejaVu fonts is where the box showed.
"""

from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from deltarec.app.glyphs import drawable
from deltarec.app.status import BUSY_MARKS, StatusBar
from deltarec.app.window import MainWindow

APP = Path(__file__).parents[2] / "app"
OPTIONAL = set("".join(BUSY_MARKS[:-1]))
"""Characters only shown when :func:`~deltarec.app.glyphs.drawable` says they are."""


def _literals() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(APP.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for ch in node.value:
                    if ord(ch) > 127 and ch not in OPTIONAL:
                        found.setdefault(ch, set()).add(path.name)
    return found


def test_every_character_in_the_apps_texts_has_a_glyph(qtbot: QtBot) -> None:
    font = QApplication.font()
    missing = {ch: files for ch, files in _literals().items() if not drawable(ch, font)}
    assert missing == {}


def _texts(root: QWidget) -> list[str]:
    texts = [a.text() + a.toolTip() for a in root.findChildren(QAction)]
    for widget in root.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        texts.append(widget.toolTip())
    return texts


def test_the_running_window_and_its_busy_status_draw_every_character(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.status.set_job("Looking for unfinished recordings")
    texts = [*_texts(window), window.status.job.text(), window.windowTitle()]
    bad = [t for t in texts if not drawable(t, window.font())]
    assert bad == []
    assert window.status.job.text().endswith("Looking for unfinished recordings…")


def test_a_mark_no_font_has_is_replaced_by_one_that_shows(qtbot: QtBot) -> None:
    bar = StatusBar()
    qtbot.addWidget(bar)
    assert drawable(bar.busy_mark, bar.job.font())
    assert bar.busy_mark in BUSY_MARKS
