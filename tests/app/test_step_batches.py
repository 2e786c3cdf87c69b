"""Issue 21: several steps at once — select, delete, move, duplicate, copy and paste —
each one undo entry; the block moves generated over every shape of selection."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from deltarec.app.studio_edits import moved
from deltarec.app.undo_batch import inverse
from deltarec.app.window import MainWindow
from deltarec.core.executor import load_script
from tests.app.helpers import click, type_text, wait_idle


def _labels(window: MainWindow) -> list[str]:
    return [r.label for r in window.model.rows]


def _three(qtbot: QtBot, window: MainWindow) -> list[str]:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    return _labels(window)


@st.composite
def selections(draw: st.DrawFn) -> tuple[int, list[int], int]:
    count = draw(st.integers(1, 12))
    rows = draw(st.lists(st.integers(0, count - 1), min_size=1, unique=True))
    return count, rows, draw(st.sampled_from((-1, 1)))


@given(selections())
def test_a_block_moves_by_one_row_and_its_inverse_puts_it_back(
    case: tuple[int, list[int], int],
) -> None:
    count, rows, by = case
    order = moved(count, rows, by)
    chosen = set(rows)
    if min(rows) + by < 0 or max(rows) + by >= count:
        assert order is None  # at an edge nothing moves
        return
    assert order is not None and sorted(order) == list(range(count))
    for now, was in enumerate(order):
        if was in chosen:
            assert now == was + by  # every selected step moved by exactly one row
    others = [was for was in order if was not in chosen]
    assert others == sorted(others)  # the rest kept their order
    back = inverse(order)
    assert [order[i] for i in back] == list(range(count))


def test_several_selected_steps_delete_move_and_duplicate_as_one_undo_each(
    qtbot: QtBot, window: MainWindow
) -> None:
    labels = _three(qtbot, window)
    panel, stack = window.steps_panel, window.undo_stack
    panel.select_rows([1, 2])
    assert panel.selected_rows() == [1, 2]
    assert panel.delete_button.isEnabled() and panel.duplicate_button.isEnabled()
    assert not panel.edit_button.isEnabled()  # one step at a time

    entries = stack.count()
    panel.duplicate_button.click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 5)
    wait_idle(qtbot, window)
    assert _labels(window) == [*labels, labels[1], labels[2]]
    assert window.model.rows[3].unrun and not window.model.rows[3].delta  # not run yet
    assert panel.selected_rows() == [3, 4]
    assert stack.count() == entries + 1

    panel.up_button.click()  # the block of two moves up one row
    qtbot.waitUntil(lambda: _labels(window) == [*labels[:2], labels[1], labels[2], labels[2]])
    wait_idle(qtbot, window)
    assert panel.selected_rows() == [2, 3]
    assert stack.count() == entries + 2

    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    assert stack.count() == entries + 3

    for expected in (5, 5, 3):  # undo delete, undo move, undo duplicate: one step each
        stack.undo()
        qtbot.waitUntil(lambda n=expected: window.model.rowCount() == n)
        wait_idle(qtbot, window)
    assert _labels(window) == labels
    stack.redo()
    qtbot.waitUntil(lambda: window.model.rowCount() == 5)
    wait_idle(qtbot, window)
    assert _labels(window) == [*labels, labels[1], labels[2]]


def test_copy_puts_the_steps_json_on_the_clipboard_and_paste_inserts_after_the_selection(
    qtbot: QtBot, window: MainWindow
) -> None:
    labels = _three(qtbot, window)
    panel = window.steps_panel
    panel.select_rows([1, 2])
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    text = QGuiApplication.clipboard().text()
    script = load_script(text)  # what deltarec run reads
    assert [s.command for s in script.steps] == ["AC_tap", "AC_type_text"]
    assert [s.note for s in script.steps] == labels[1:]
    assert json.loads(text)[1][1]["text"] == "Ada"

    panel.select_rows([0])
    entries = window.undo_stack.count()
    qtbot.keyClick(panel.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.model.rowCount() == 5)
    wait_idle(qtbot, window)
    assert _labels(window) == [labels[0], labels[1], labels[2], labels[1], labels[2]]
    assert panel.selected_rows() == [1, 2]
    assert window.model.rows[1].unrun  # not run here yet: its delta is unknown
    assert window.undo_stack.count() == entries + 1
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    assert _labels(window) == labels


def test_pasting_what_is_not_a_script_names_the_problem_and_inserts_nothing(
    qtbot: QtBot, window: MainWindow
) -> None:
    labels = _three(qtbot, window)
    bad = {  # clipboard text → where the error says the problem is
        "hello": "$",
        '[["AC_tap", {"selector": {"text": "x"}}], ["AC_nope", {}]]': "$[1][0]",
        '[["AC_type_text", {"text": 5}]]': "$[0][1]",
    }
    for text, where in bad.items():
        QGuiApplication.clipboard().setText(text)
        window.last_error = ""
        window.steps_panel.paste()
        qtbot.waitUntil(lambda: window.last_error != "")
        wait_idle(qtbot, window)
        assert window.last_error.startswith("Cannot paste:")
        assert where in window.last_error
        assert _labels(window) == labels
