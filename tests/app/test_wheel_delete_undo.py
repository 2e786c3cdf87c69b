"""Bug 7: the wheel scrolls the phone, Delete deletes a step, and every edit can be undone."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from deltarec.app.window import MainWindow
from deltarec.core.devices.virtual.keyboard import key_center
from tests.app.helpers import click, type_text, wait_idle


def wheel(window: MainWindow, at: QPoint, notches: int) -> None:
    view = window.screen_view
    event = QWheelEvent(
        QPointF(at), QPointF(view.mapToGlobal(at)), QPoint(0, 0), QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(view, event)


def test_the_wheel_records_a_scroll_swipe(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Inbox")
    with qtbot.waitSignal(window.studio.stepAdded):
        wheel(window, window.screen_view.to_widget(540, 1400), -1)  # wheel down
    wait_idle(qtbot, window)
    step = window.model.rows[-1]
    assert step.command == "AC_swipe"
    # recorded on the list it scrolled, relative to it: the finger moves up, the list down
    assert step.params["selector"]["resource_id"].endswith("inbox_list")
    assert step.params["direction"] == "up"
    assert 0 < step.params["percent"] <= 100
    assert "y1" not in step.params
    assert 'list "inbox_list" scrolled down' in window.delta_panel.text


def test_delete_key_and_undo_redo_of_record_delete_move_edit(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    labels = [r.label for r in window.model.rows]
    stack = window.undo_stack

    def settle() -> None:
        wait_idle(qtbot, window)

    window.steps_panel.select_row(1)
    window.steps_panel.table.setFocus()
    qtbot.keyClick(window.steps_panel.table, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    settle()
    assert [r.label for r in window.model.rows] == [labels[0], labels[2]]
    stack.undo()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    settle()
    assert [r.label for r in window.model.rows] == labels

    window.studio.move_step(2, 0)
    settle()
    assert [r.label for r in window.model.rows] == [labels[2], labels[0], labels[1]]
    stack.undo()
    settle()
    assert [r.label for r in window.model.rows] == labels

    window.studio.update_params(2, {"text": "Grace"})
    settle()
    assert window.model.rows[2].params == {"text": "Grace"}
    stack.undo()
    settle()
    assert window.model.rows[2].params == {"text": "Ada"}
    assert window.model.rows[2].delta  # the recorded delta came back with it
    stack.redo()
    settle()
    assert window.model.rows[2].params == {"text": "Grace"}

    assert stack.count() == 4  # 3 recorded + the edit (an undone move is replaced by it)
    while stack.canUndo():
        stack.undo()
    settle()
    assert window.model.rowCount() == 0  # every recorded step undone
    stack.redo()
    settle()
    assert [r.label for r in window.model.rows] == labels[:1]


def test_typing_needs_a_focused_field_and_keyboard_keys_join_the_typing(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Bug 6: typing with no field focused recorded "no change"; keys recorded as taps."""
    click(qtbot, window, "Sign up")
    window.device_panel.text.setText("Ada")
    with qtbot.waitSignal(window.errorShown) as shown:
        window.device_panel.type_button.click()
    assert shown.args[0].startswith("No text field is focused")
    assert window.model.rowCount() == 1 and window.device_panel.text.text() == "Ada"
    click(qtbot, window, "Name", "textbox")  # the keyboard comes up
    type_text(qtbot, window, "Ada")
    for key in ("m", "s"):
        with qtbot.waitSignal(window.studio.stepAdded):
            qtbot.mouseClick(window.screen_view, Qt.MouseButton.LeftButton,
                             pos=window.screen_view.to_widget(*key_center(key)))  # fmt: skip
        wait_idle(qtbot, window)
    assert window.model.rowCount() == 3  # no "tap x=…, y=…" row
    assert window.model.rows[2].params == {"text": "Adams"}
    assert "Adams" in window.delta_panel.text
    window.undo_stack.undo()  # one key at a time
    wait_idle(qtbot, window)
    assert window.model.rows[2].params == {"text": "Adam"}
    # A long press on a key is held on the phone (its alternate, where a keyboard has one;
    # the built-in one has none): never a "long-press x=…" row.
    window.last_error = ""
    qtbot.mouseClick(window.screen_view, Qt.MouseButton.RightButton,
                     pos=window.screen_view.to_widget(*key_center("a")))  # fmt: skip
    wait_idle(qtbot, window)
    assert window.model.rowCount() == 3 and window.last_error == ""
    assert window.model.rows[2].params == {"text": "Adam"}
