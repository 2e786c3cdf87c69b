"""Issue 21: what a recorded step says is what happened, old steps stay inspectable,
and a recording made here replays as recorded."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from deltarec.app.delta_panel import EDITED
from deltarec.app.selector_editor import SelectorEditor
from deltarec.app.steps_model import COL_STATUS
from deltarec.app.window import MainWindow
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, click, type_text, wait_idle
from tests.app.test_restore_and_settings import crashed_recording


def _offered(window: MainWindow) -> list[str]:
    labels = []
    for button in window.delta_panel.add_buttons:
        label = button.parent().findChild(QLabel)
        assert label is not None
        labels.append(label.text())
    return labels


def _checks(window: MainWindow, row: int) -> list[str]:
    step = window.model.step(row)
    assert step is not None
    return [label for label, _ in step.checks]


def test_an_assertion_added_to_an_old_step_is_checked_on_that_steps_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Settings")
    click(qtbot, window, "Airplane mode", "switch")
    window.device_panel.key_buttons["back"].click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    click(qtbot, window, "Sign up")  # the phone is far from step 2's screen now
    window.steps_panel.select_row(1)
    before = _checks(window, 1)
    offered = [b for b in window.delta_panel.add_buttons]
    assert offered
    window.delta_panel.add_buttons[0].click()
    qtbot.waitUntil(lambda: len(_checks(window, 1)) == len(before) + 1)
    wait_idle(qtbot, window)
    assert window.last_error == ""
    assert window.model.rowCount() == 4  # nothing appended at the end
    assert window.steps_panel.current_row() == 1
    # Shown under step 2 in the steps list, removable there and undoable.
    text = window.model.data(window.model.index(1, 2))
    assert all(f"✓ {label}" in text for label in _checks(window, 1))
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: _checks(window, 1) == before)
    wait_idle(qtbot, window)


def test_the_selector_editor_matches_an_old_step_on_its_own_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    window.device_panel.key_buttons["back"].click()  # keyboard down
    wait_idle(qtbot, window)
    window.device_panel.key_buttons["back"].click()  # back on the launcher
    qtbot.waitUntil(lambda: window.model.rowCount() == 4)
    wait_idle(qtbot, window)
    dialog = window.edit_step(1)  # tap textbox "Name": recorded on the sign-up screen
    assert dialog is not None
    wait_idle(qtbot, window)
    button = dialog.fields["selector"].widget.findChild(QPushButton, "selectorEdit")
    assert button is not None
    button.click()
    editor = dialog.fields["selector"].widget.property("editor")
    assert isinstance(editor, SelectorEditor)
    assert editor.count.text() == "matches 1 ✓"
    editor.reject()
    dialog.reject()


def test_every_exported_assertion_is_a_visible_removable_check_and_none_twice(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    kept = _checks(window, 0)
    assert kept  # the recorder keeps some: they are in the steps list
    text = window.model.data(window.model.index(0, 2))
    assert all(f"✓ {label}" in text for label in kept)
    # A kept one is not offered again (adding it would write it twice).
    assert not set(_offered(window)) & set(kept)
    assert len(window.delta_panel.remove_buttons) == len(kept)
    window.delta_panel.remove_buttons[0].click()
    qtbot.waitUntil(lambda: len(_checks(window, 0)) == len(kept) - 1)
    wait_idle(qtbot, window)
    # The removed one is offered again; adding it back keeps it once.
    assert kept[0] in _offered(window)
    window.delta_panel.add_buttons[_offered(window).index(kept[0])].click()
    qtbot.waitUntil(lambda: len(_checks(window, 0)) == len(kept))
    wait_idle(qtbot, window)
    assert kept[0] not in _offered(window)
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: len(_checks(window, 0)) == len(kept) - 1)
    wait_idle(qtbot, window)
    out = tmp_path / "test_flow.py"
    window.studio.export(str(out), "pytest")
    qtbot.waitUntil(out.exists)
    wait_idle(qtbot, window)
    code = out.read_text()
    assert code.count("expect(") == len(kept) - 1
    assert "timeout=0" not in code
    script = tmp_path / "flow.json"
    window.studio.export(str(script), "json")
    qtbot.waitUntil(script.exists)
    steps = json.loads(script.read_text())
    assert len(steps[0][2]["checks"]) == len(kept) - 1


def test_running_an_edited_step_records_its_new_delta(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    window.device_panel.key_buttons["back"].click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    wait_idle(qtbot, window)
    window.studio.update_params(0, {"selector": {"text": "Settings"}})
    wait_idle(qtbot, window)
    window.steps_panel.select_row(0)
    assert window.delta_panel.text == EDITED
    window.steps_panel.run_button.click()
    qtbot.waitUntil(lambda: window.model.rows[0].status == "passed")
    wait_idle(qtbot, window)
    assert window.delta_panel.text != EDITED
    assert "Settings" in window.delta_panel.text
    shown = json.loads(window.delta_panel.json_text.toPlainText())
    assert shown["delta"] and "Settings" in "\n".join(shown["delta"])


def test_replay_all_ends_on_the_replayed_phone_with_the_failure_selected(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    for _ in range(2):  # keyboard down, then back to the launcher
        n = window.model.rowCount()
        window.device_panel.key_buttons["back"].click()
        qtbot.waitUntil(lambda n=n: window.model.rowCount() == n + 1)
        wait_idle(qtbot, window)
    assert "Create your account" not in names(window)
    window.studio.update_params(1, {"selector": {"text": "No such field"}, "timeout": 0.5})
    wait_idle(qtbot, window)
    window.steps_panel.select_row(4)
    window.status.showMessage("Replay the whole script on a fresh phone")  # a hover text
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000) as finished:
        window.actions_.replay.trigger()
    assert finished.args[0] is False
    wait_idle(qtbot, window)
    # The view is the phone as the replay left it (on the sign-up screen), not before it.
    assert "Create your account" in names(window)
    assert window.steps_panel.current_row() == 1  # the failed step is selected
    assert window.delta_panel.error.text()
    assert [r.status for r in window.model.rows] == ["passed", "failed", *["skipped"] * 3]
    assert window.model.data(window.model.index(2, COL_STATUS)) == "–"
    assert window.status.currentMessage() == ""
    assert "Replay FAILED" in window.status.job.text() and "step 2" in window.status.job.text()
    QApplication.sendEvent(window, QStatusTipEvent("Record a tap"))  # hovering a button
    assert window.status.currentMessage() == ""
    assert window.status.job.isVisible()


def test_run_from_here_marks_the_steps_after_a_failure_skipped(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    window.studio.update_params(0, {"selector": {"text": "No such thing"}, "timeout": 0.5})
    wait_idle(qtbot, window)
    window.studio.run_from(0)
    qtbot.waitUntil(lambda: window.model.rows[-1].status == "skipped")
    wait_idle(qtbot, window)
    assert [r.status for r in window.model.rows] == ["failed", "skipped", "skipped"]


def names(window: MainWindow) -> list[str]:
    index = window.screen_view.index
    return [e.name for e in index.elements] if index is not None else []


def test_after_a_restore_clicks_on_the_old_picture_record_nothing_until_replayed_to_here(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    crashed = crashed_recording(tmp_path / "recordings")
    ask.answers.append(True)
    window = open_window()
    assert window.studio.view is not None and window.studio.view.bundle == crashed
    panel = window.device_panel
    assert not panel.live and panel.not_live.isVisible()
    added: list[int] = []
    window.studio.stepAdded.connect(added.append)
    view = window.screen_view
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.rect().center())
    drag_start, drag_end = view.rect().center(), view.rect().center() - QPoint(0, 120)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=drag_start)
    qtbot.mouseMove(view, drag_end)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=drag_end)
    wait_idle(qtbot, window)
    assert added == [] and window.model.rowCount() == 2
    assert "not live" in window.last_error
    panel.replay_button.click()  # the phone is brought where the recording left off
    qtbot.waitUntil(lambda: panel.live, timeout=10_000)
    wait_idle(qtbot, window)
    assert [r.status for r in window.model.rows] == ["passed", "passed"]
    assert "Create your account" in names(window)
    type_text(qtbot, window, "Ada")  # recording continues from the right screen
    assert window.model.rowCount() == 3


def test_after_a_restore_refresh_makes_the_picture_live(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    crashed_recording(tmp_path / "recordings")
    ask.answers.append(True)
    window = open_window()
    assert not window.device_panel.live
    window.device_panel.refresh_button.click()
    qtbot.waitUntil(lambda: window.device_panel.live)
    wait_idle(qtbot, window)
    click(qtbot, window, "Settings")
    assert window.model.rowCount() == 3


def test_quit_offers_save_discard_cancel_and_save_confirms(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    ask.answers.append("cancel")
    window.close()
    assert window.isVisible() and "Save them before quitting?" in ask.asked[-1]
    ask.answers.append("save")
    ask.paths.append(str(tmp_path / "saved.json"))
    window.close()
    assert not window.isVisible()
    assert json.loads((tmp_path / "saved.json").read_text())[0][0] == "AC_tap"


def test_save_says_where_it_saved(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    ask.paths.append(str(tmp_path / "s.json"))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.save.trigger()
    wait_idle(qtbot, window)
    assert f"Saved 1 step to {tmp_path / 's.json'}" in window.status.job.text()


def test_title_names_the_app_once_and_the_window_has_a_minimum_size(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.windowTitle().count("deltarec Studio") == 1
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setApplicationDisplayName("deltarec Studio")  # the window system appends it
    try:
        click(qtbot, window, "Sign up")
        assert "deltarec Studio" not in window.windowTitle()
        assert "on virtual" in window.windowTitle()
    finally:
        app.setApplicationDisplayName("")
    window.resize(700, 450)
    assert window.width() >= 900 and window.height() >= 600
