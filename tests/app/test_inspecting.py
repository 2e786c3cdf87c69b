"""Issue 21, looking without recording: old steps' screens, inspect-only mode, pick-on-screen
and copy selector as code, each through clicks on the real screen widget, the virtual phone
behind it."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from deltarec.app.inspecting import INSPECT_NOTE, INSPECTING, RECORDING, STEP_CLICK
from deltarec.app.param_form import CommandDialog
from deltarec.app.selector_code import selector_code
from deltarec.app.selector_editor import SelectorEditor
from deltarec.app.window import MainWindow
from deltarec.core.recorder.selector_gen import selector_for
from tests.app.helpers import Phones, click, element, field_line, point_of, wait_idle


def _names(window: MainWindow) -> set[str]:
    index = window.screen_view.index
    return {e.name for e in index.elements} if index is not None else set()


def _three_steps(qtbot: QtBot, window: MainWindow) -> None:
    """Settings (step 1), Back to the launcher (step 2), Sign up (step 3)."""
    click(qtbot, window, "Settings")
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        window.device_panel.key_buttons["back"].click()
    wait_idle(qtbot, window)
    click(qtbot, window, "Sign up")
    assert window.model.rowCount() == 3


def _click_no_step(qtbot: QtBot, window: MainWindow, name: str, role: str | None = None) -> None:
    """A click that must record nothing: no job may start (a recorded tap queues one at once)."""
    rows = window.model.rowCount()
    qtbot.mouseClick(window.screen_view, Qt.MouseButton.LeftButton,
                     pos=point_of(window, name, role))  # fmt: skip
    assert not window.studio.runner.busy
    assert window.model.rowCount() == rows


def test_an_old_step_shows_its_own_screen_tree_and_inspector(
    qtbot: QtBot, window: MainWindow
) -> None:
    _three_steps(qtbot, window)
    assert "Create your account" in _names(window)  # live: the sign-up form
    window.steps_panel.select_row(0)  # as a click on the row does
    qtbot.waitUntil(lambda: window.screen_view.caption == "step 1 · after", timeout=10_000)
    assert "Airplane mode" in _names(window)  # step 1 left the Settings screen
    assert window.device_panel.step_button.isChecked()
    assert window.device_panel.step_button.text() == "Step 1"
    assert window.element_tree.index is window.screen_view.index
    # Hovering reads that step's tree.
    qtbot.mouseMove(window.screen_view, point_of(window, "Airplane mode", "switch"))
    assert window.inspector.value("name") == "Airplane mode"
    # A click selects and records nothing, and says so once.
    _click_no_step(qtbot, window, "Airplane mode", "switch")
    assert window.last_error == STEP_CLICK.format(n=1)
    assert window.inspector.element is not None and window.inspector.element.name == "Airplane mode"
    window.last_error = ""
    _click_no_step(qtbot, window, "Wi-Fi", "switch")
    assert window.last_error == ""  # once
    # Before: the launcher, with what step 1 tapped outlined.
    window.device_panel.before_button.click()
    qtbot.waitUntil(lambda: window.screen_view.caption == "step 1 · before", timeout=10_000)
    assert "Sign up" in _names(window) and "Airplane mode" not in _names(window)
    assert window.screen_view._selected is not None
    assert window.screen_view._selected.name == "Settings"
    # Another old step while a step is shown: its screen, in the same before/after.
    window.steps_panel.select_row(1)
    qtbot.waitUntil(lambda: window.screen_view.caption == "step 2 · before", timeout=10_000)
    assert "Airplane mode" in _names(window)
    # Live returns to the phone, and clicks record again.
    window.device_panel.live_button.click()
    assert window.screen_view.caption == ""
    assert window.device_panel.live_button.isChecked()
    assert "Create your account" in _names(window)
    click(qtbot, window, "Name", "textbox")
    assert window.model.rowCount() == 4
    assert window.screen_view.caption == ""  # the new step is selected, the picture live


def test_the_last_step_and_the_windows_own_selections_stay_live(
    qtbot: QtBot, window: MainWindow
) -> None:
    _three_steps(qtbot, window)
    window.steps_panel.select_row(2)  # the last step: the phone is where it left off
    assert window.screen_view.caption == ""
    assert window.studio.runner.idle_now  # no step screen read
    assert window.device_panel.step_button.text() == "Step 3"
    window.steps_panel.select_row(0)
    qtbot.waitUntil(lambda: window.screen_view.caption == "step 1 · after", timeout=10_000)
    # A step recorded while an old step is shown (Back acts on the phone): back to live.
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        window.device_panel.key_buttons["back"].click()
    wait_idle(qtbot, window)
    assert window.screen_view.caption == ""
    assert window.device_panel.shown_step is None
    assert window.steps_panel.current_row() == 3
    assert "Sign up" in _names(window)  # the phone: back on the launcher
    # Refresh screen asks for the phone: it shows it.
    window.steps_panel.select_row(0)
    qtbot.waitUntil(lambda: window.screen_view.caption == "step 1 · after", timeout=10_000)
    with qtbot.waitSignal(window.studio.viewChanged, timeout=10_000):
        window.actions_.refresh.trigger()
    wait_idle(qtbot, window)
    assert window.screen_view.caption == "" and "Sign up" in _names(window)


def test_inspect_only_mode_selects_instead_of_recording(qtbot: QtBot, window: MainWindow) -> None:
    assert window.mode_label.text() == RECORDING
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert window.inspecting and window.inspect_action.isChecked()
    assert window.mode_label.text() == INSPECTING
    assert window.screen_view.caption == "inspect only"
    _click_no_step(qtbot, window, "Sign up")
    assert window.status.job.text() == INSPECT_NOTE
    assert window.inspector.value("name") == "Sign up"
    sign_up = element(window, "Sign up")
    assert window.element_tree.selected_pos() == sign_up.pos
    assert window.screen_view._selected == sign_up
    # The toolbar button is the same action.
    assert window.inspect_action in window.actions_.toolbar.actions()
    window.inspect_action.trigger()
    assert not window.inspecting and window.mode_label.text() == RECORDING
    click(qtbot, window, "Sign up")
    assert window.model.rowCount() == 1


def test_the_idle_poll_keeps_the_inspected_screen_live(
    qtbot: QtBot, window: MainWindow, phones: Phones
) -> None:
    window.set_inspecting(True)
    device = phones.opened[-1][1]  # the phone changes by itself (a person's finger)
    x, y = element(window, "Settings").bounds.center
    device.tap(x, y)
    shown = window.screen_view._image
    window.poll.setInterval(20)
    window.poll.start()
    qtbot.waitUntil(lambda: window.screen_view._image is not shown, timeout=10_000)
    window.poll.stop()
    wait_idle(qtbot, window)
    # only the picture: no capture per look
    assert not any(n.startswith("Airplane mode") for n in _names(window))
    # A click on the newer picture captures the screen first, then selects what it hit.
    airplane = window.screen_view.to_widget(540, 342)  # the Settings screen's first row
    with qtbot.waitSignal(window.studio.viewChanged, timeout=10_000):
        qtbot.mouseClick(window.screen_view, Qt.MouseButton.LeftButton, pos=airplane)
    wait_idle(qtbot, window)
    assert any(n.startswith("Airplane mode") for n in _names(window))
    assert window.inspector.value("name").startswith("Airplane mode")  # "· Off": its summary
    assert window.model.rowCount() == 0  # looked at, never recorded


def test_pick_fills_the_assertion_editor_and_esc_cancels(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    window.actions_.palette.trigger("Assert")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    pick = dialog.fields["selector"].widget.findChild(QPushButton, "selectorPick")
    assert pick is not None
    # Esc cancels: the dialog comes back as it was, and nothing was recorded.
    pick.click()
    assert not dialog.isVisible() and window.picking
    assert window.screen_view.caption == "pick an element · Esc cancels"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert dialog.isVisible() and not window.picking
    assert field_line(dialog, "selector").text() == ""
    # Pick: the next click fills the selector (the innermost element, for an assertion).
    pick.click()
    _click_no_step(qtbot, window, "Create your account")
    assert dialog.isVisible() and not window.picking
    index = window.screen_view.index
    assert index is not None
    title = element(window, "Create your account")
    assert json.loads(field_line(dialog, "selector").text()) == selector_for(
        index.frame, title.pos, title.index
    )
    # The selector editor has its own Pick (the form fills) and its own Copy.
    dialog.fields["selector"].widget.findChild(QPushButton, "selectorEdit").click()
    editor = dialog.fields["selector"].widget.property("editor")
    assert isinstance(editor, SelectorEditor)
    editor.pick_button.click()
    assert not editor.isVisible() and not dialog.isVisible()
    _click_no_step(qtbot, window, "Email", "textbox")
    assert editor.isVisible() and dialog.isVisible()
    assert editor.count.text() == "matches 1 ✓"
    email = element(window, "Email", "textbox")
    assert editor.selector() == selector_for(index.frame, email.pos, email.index)
    assert editor.copy_button.copy("Maestro").startswith("- tapOn:")
    dialog.reject()


def test_pick_in_a_tap_dialog_takes_the_element_that_takes_the_tap(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.actions_.palette.trigger("Tap")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    dialog.fields["selector"].widget.findChild(QPushButton, "selectorPick").click()
    _click_no_step(qtbot, window, "Sign up")
    picked = json.loads(field_line(dialog, "selector").text())
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    assert window.model.rows[-1].params["selector"] == picked
    assert "Create your account" in _names(window)  # the picked selector tapped Sign up


def test_copy_the_inspected_element_as_code(qtbot: QtBot, window: MainWindow) -> None:
    window.set_inspecting(True)
    _click_no_step(qtbot, window, "Sign up")
    selector = window.inspector.selector()
    assert selector is not None
    clipboard = QGuiApplication.clipboard()
    for kind in ("Python", "pytest", "Maestro", "JSON"):
        window.inspector.copy_button.kinds[kind].trigger()
        assert clipboard.text() == selector_code(selector, kind)
    assert clipboard.text() == json.dumps(selector, ensure_ascii=False)
    window.inspector.copy_button.click()  # the button itself: Python
    assert clipboard.text().startswith("phone.get(")


def test_pick_in_an_old_steps_editor_picks_on_that_steps_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    for _ in range(2):  # the keyboard down, then back on the launcher
        with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
            window.device_panel.key_buttons["back"].click()
        wait_idle(qtbot, window)
    assert "Create your account" not in _names(window)
    dialog = window.edit_step(1)  # tap textbox "Name", recorded on the sign-up form
    assert dialog is not None
    wait_idle(qtbot, window)
    dialog.fields["selector"].widget.findChild(QPushButton, "selectorPick").click()
    qtbot.waitUntil(
        lambda: window.screen_view.caption == "step 2 · before · Esc cancels", timeout=10_000
    )
    assert window.picking and not dialog.isVisible()
    _click_no_step(qtbot, window, "Email", "textbox")
    assert dialog.isVisible() and not window.picking
    index = window.screen_view.index
    assert index is not None
    email = element(window, "Email", "textbox")
    assert json.loads(field_line(dialog, "selector").text()) == selector_for(
        index.frame, email.pos, email.index
    )
    assert window.status.job.text() == 'Picked textbox "Email".'
    dialog.reject()


def test_a_damaged_step_screen_is_named_and_the_picture_stays_live(
    qtbot: QtBot, window: MainWindow
) -> None:
    _three_steps(qtbot, window)
    view, step = window.studio.view, window.model.step(0)
    assert view is not None and step is not None
    damaged = view.bundle / "observations" / f"{step.after:04d}.json"
    damaged.write_text('{"windows": [', encoding="utf-8")
    with qtbot.waitSignal(window.errorShown, timeout=10_000) as shown:
        window.steps_panel.select_row(0)
    assert "Step 1's screen could not be read" in shown.args[0]
    assert str(damaged) in shown.args[0]  # what and where
    assert window.step_screen is None and window.screen_view.caption == ""
    assert window.device_panel.live_button.isChecked()
    assert "Create your account" in _names(window)
