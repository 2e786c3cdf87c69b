"""Edit, reorder, delete and run recorded steps from the steps list."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from deltarec.app.param_form import CommandDialog, StepDialog
from deltarec.app.window import MainWindow
from tests.app.helpers import click, field_line, type_text, wait_idle


def record_three(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")


def ok(dialog: StepDialog) -> None:
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()


def test_edit_form_checks_fields_before_ok(qtbot: QtBot, window: MainWindow) -> None:
    record_three(qtbot, window)
    window.steps_panel.select_row(2)
    window.steps_panel.edit_button.click()
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    assert dialog.windowTitle() == "Edit step 3: Type text"
    text = field_line(dialog, "text")
    assert text.text() == "Ada"

    text.setText("")
    ok(dialog)
    assert dialog.error.isVisible() and dialog.error.text().startswith("Text:")
    assert dialog.buttons.isEnabled()  # the person can fix it and try again

    text.setText("Grace")
    with qtbot.waitSignal(dialog.finished):
        ok(dialog)
    wait_idle(qtbot, window)
    step = window.model.step(2)
    assert step is not None and step.params == {"text": "Grace"}
    assert '"text": "Grace"' in window.delta_panel.json_text.toPlainText()


def test_huge_numbers_never_freeze_the_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """Bug 1: a tap at x=99999999999999999999 greyed OK and Cancel out for good."""
    click(qtbot, window, "Sign up")
    window.steps_panel.select_row(0)
    window.steps_panel.edit_button.click()
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    field_line(dialog, "selector").setText("")
    field_line(dialog, "x").setText("99999999999999999999")
    field_line(dialog, "y").setText("-5")
    ok(dialog)
    assert dialog.error.text() == "X: must be in 0..100000"
    assert dialog.buttons.isEnabled()
    field_line(dialog, "x").setText("abc")
    ok(dialog)
    assert dialog.error.text() == "X: enter a whole number, not 'abc'"


def test_move_up_down_and_delete(qtbot: QtBot, window: MainWindow) -> None:
    record_three(qtbot, window)
    before = [r.command for r in window.model.rows]
    panel = window.steps_panel
    panel.select_row(2)
    panel.up_button.click()
    qtbot.waitUntil(lambda: [r.command for r in window.model.rows] != before)
    wait_idle(qtbot, window)
    assert [r.command for r in window.model.rows] == ["AC_tap", "AC_type_text", "AC_tap"]
    assert panel.current_row() == 1  # the moved step stays selected
    panel.down_button.click()
    qtbot.waitUntil(lambda: [r.command for r in window.model.rows] == before)
    wait_idle(qtbot, window)
    assert panel.current_row() == 2
    assert not panel.down_button.isEnabled()  # the last row cannot go down
    panel.select_row(0)
    assert not panel.up_button.isEnabled()
    panel.delete_button.click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    wait_idle(qtbot, window)
    assert [r.command for r in window.model.rows] == ["AC_tap", "AC_type_text"]


def test_run_step_and_run_from_here(qtbot: QtBot, window: MainWindow) -> None:
    record_three(qtbot, window)
    click(qtbot, window, "Navigate up")  # back on the launcher
    panel = window.steps_panel
    panel.select_row(0)
    panel.run_button.click()
    qtbot.waitUntil(lambda: window.model.rows[0].status == "passed")
    wait_idle(qtbot, window)
    assert [r.status for r in window.model.rows] == ["passed", "recorded", "recorded", "recorded"]
    assert window.model.data(window.model.index(0, 1)) == "✓"

    panel.select_row(1)
    panel.run_from_button.click()
    qtbot.waitUntil(lambda: window.model.rows[3].status != "recorded")
    wait_idle(qtbot, window)
    assert [r.status for r in window.model.rows] == ["passed"] * 4


def test_run_from_here_stops_at_a_failure(qtbot: QtBot, window: MainWindow) -> None:
    record_three(qtbot, window)
    # Step 2 taps the Name field: on the launcher (after Home) it cannot be found.
    window.device_panel.key_buttons["home"].click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 4)
    wait_idle(qtbot, window)
    window.studio.update_params(1, {"selector": {"text": "Name"}, "timeout": 0.5})
    wait_idle(qtbot, window)
    window.steps_panel.select_row(1)
    window.steps_panel.run_from_button.click()
    qtbot.waitUntil(lambda: window.model.rows[1].status == "failed")
    wait_idle(qtbot, window)
    statuses = [r.status for r in window.model.rows]
    assert statuses == ["recorded", "failed", "skipped", "skipped"]  # issue 21: not run
    assert window.model.data(window.model.index(1, 1)) == "✗"
    assert "Name" in (window.model.rows[1].error or "")
    # Bug 5: one numbering, 1-based: row 2 of the table is "step 2" in its error.
    assert (window.model.rows[1].error or "").startswith("step 2 (AC_tap) failed")
    assert window.model.data(window.model.index(1, 0)) == "2"
    assert window.delta_panel.error.isVisible()  # the selected step's error is shown


def test_an_edit_relabels_the_step_and_clears_marks(qtbot: QtBot, window: MainWindow) -> None:
    """Bug 2: after editing step 1's selector it still read 'tap button "Sign up"', with ✓."""
    record_three(qtbot, window)
    # On the launcher: step 1 runs where it was recorded (issue 21: on the sign-up screen its
    # text fallback would find the title "Sign up", which is not the button it recorded).
    click(qtbot, window, "Navigate up")
    window.steps_panel.select_row(0)
    window.steps_panel.run_button.click()
    qtbot.waitUntil(lambda: window.model.rows[0].status == "passed")
    wait_idle(qtbot, window)
    window.studio.update_params(0, {"selector": {"text": "Settings"}})
    wait_idle(qtbot, window)
    row = window.model.rows[0]
    assert row.label == 'tap button "Settings"'  # named on the screen it was recorded on
    assert [r.status for r in window.model.rows] == ["recorded"] * 4
    assert window.model.data(window.model.index(0, 1)) == "•"
    assert row.delta == "" and row.suggestions == ()
    window.steps_panel.select_row(1)
    window.steps_panel.select_row(0)
    assert window.delta_panel.text.startswith("(edited after recording")
