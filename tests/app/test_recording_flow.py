"""Record a flow on the virtual phone by clicking the screen widget; see steps and deltas."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from deltarec.app.palette import DELTA_TITLE
from deltarec.app.param_form import CommandDialog
from deltarec.app.steps_model import COL_LABEL, COL_STATUS
from deltarec.app.window import MainWindow
from tests.app.helpers import (
    FakeAsk,
    Phones,
    click,
    drag,
    element,
    field_line,
    point_of,
    type_text,
    wait_idle,
)

ROOT = Path(__file__).resolve().parents[2]


def labels(window: MainWindow) -> list[str]:
    model = window.model
    shown = [model.data(model.index(r, COL_LABEL)) for r in range(model.rowCount())]
    return [text.split("\n")[0] for text in shown]  # the lines under it: the step's checks


def record_sign_up(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    click(qtbot, window, "Save", "button")
    click(qtbot, window, "Cancel", "button")


def test_sign_up_flow_by_clicking_the_screen(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    assert labels(window) == ['tap button "Sign up"']
    # The new step is selected and its delta is in the panel.
    assert window.steps_panel.current_row() == 0
    assert '[12] textbox "Name"' in window.delta_panel.text

    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    assert '(text: "Name"→"Ada")' in window.delta_panel.text
    assert 'button "Save" (enabled: false→true)' in window.delta_panel.text

    click(qtbot, window, "Save", "button")
    first = window.delta_panel.text.splitlines()[0]
    assert first.startswith("+ [") and 'dialog "Save account?"' in first
    step = window.model.step(3)
    assert step is not None and any(label.startswith("dialog") for label, _ in step.checks)

    click(qtbot, window, "Cancel", "button")
    assert window.delta_panel.text.startswith("- dialog")
    assert labels(window) == [
        'tap button "Sign up"',
        'tap textbox "Name"',
        'type "Ada"',
        'tap button "Save"',
        'tap button "Cancel"',
    ]
    # Selecting an earlier step shows its delta again, and its params in the JSON tab.
    window.steps_panel.select_row(2)
    assert '(text: "Name"→"Ada")' in window.delta_panel.text
    assert '"text": "Ada"' in window.delta_panel.json_text.toPlainText()
    assert window.status.count.text() == "5 steps"


def test_settings_switch_and_inbox_scroll(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Settings")
    click(qtbot, window, "Airplane mode", "switch")
    assert 'switch "Airplane mode" (checked: false→true)' in window.delta_panel.text
    suggestions = [b for b in window.delta_panel.add_buttons]
    assert suggestions
    window.device_panel.key_buttons["back"].click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    click(qtbot, window, "Inbox")
    top = window.screen_view.to_widget(540, 1800)
    bottom = window.screen_view.to_widget(540, 900)
    drag(qtbot, window, top, bottom)
    step = window.model.step(4)
    assert step is not None and step.command == "AC_swipe"
    assert 'list "inbox_list" scrolled down' in window.delta_panel.text


def test_add_a_suggested_assertion(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Settings")
    click(qtbot, window, "Airplane mode", "switch")
    kept = len(window.model.rows[1].checks)
    offered = len(window.delta_panel.add_buttons)
    assert offered >= 2
    window.delta_panel.add_buttons[0].click()
    qtbot.waitUntil(lambda: len(window.model.rows[1].checks) == kept + 1)
    wait_idle(qtbot, window)
    # Issue 21: kept as a check of the step that offered it, not a step at the end.
    assert window.model.rowCount() == 2
    # Bug 3: adding one kept the others, and the selection on the step that offered them.
    assert window.steps_panel.current_row() == 1
    assert len(window.delta_panel.add_buttons) == offered - 1
    assert len(window.delta_panel.remove_buttons) == kept + 1


def test_right_click_records_a_long_press(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import Qt

    click(qtbot, window, "Inbox")
    click(qtbot, window, "Grace · Standup moved #1 · Mar 8", button=Qt.MouseButton.RightButton)
    step = window.model.step(1)
    assert step is not None and step.command == "AC_long_press"


def test_palette_delta_observation_step(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    window.actions_.palette.trigger(DELTA_TITLE)
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    assert list(dialog.fields) == ["max_lines", "max_tokens", "interactive_only"]
    field_line(dialog, "max_lines").setText("5")
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    step = window.model.step(1)
    assert step is not None
    assert step.command == "AC_delta_observation"
    assert step.label == "Observation: Delta (what changed)"
    assert step.params == {"max_lines": 5, "interactive_only": False}
    assert window.steps_panel.current_row() == 1
    assert window.delta_panel.text == step.delta
    assert step.delta  # its output is shown, not an empty panel
    assert window.delta_panel.title.text() == "Step 2: Observation: Delta (what changed)"


def test_palette_assert_prefills_the_inspected_element(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Sign up")
    qtbot.mouseMove(window.screen_view, point_of(window, "Save", "button"))
    assert window.inspector.value("name") == "Save"
    window.actions_.palette.trigger("Assert")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    assert "id/save" in field_line(dialog, "selector").text()
    dialog.fields["enabled"].widget.setCurrentText("false")  # type: ignore[attr-defined]
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    step = window.model.step(1)
    assert step is not None and step.command == "AC_assert"
    assert step.params["enabled"] is False


def test_palette_press_key_launch_and_swipe(qtbot: QtBot, window: MainWindow) -> None:
    window.actions_.palette.trigger("Launch app")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    field_line(dialog, "package").setText("dev.deltarec.playground")
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    window.actions_.palette.trigger("Press key")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    dialog.fields["key"].widget.setCurrentText("back")  # type: ignore[attr-defined]
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    window.actions_.palette.trigger("Swipe (direction)")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    commands = [r.command for r in window.model.rows]
    assert commands == ["AC_launch_app", "AC_press_key", "AC_swipe"]
    assert window.model.rows[2].params == {"direction": "up"}


def test_palette_shows_a_validation_error_in_its_dialog(qtbot: QtBot, window: MainWindow) -> None:
    window.actions_.palette.trigger("Wait for")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    field_line(dialog, "selector").setText('{"text": "Nowhere"}')
    field_line(dialog, "timeout").setText("0.5")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: dialog.error.isVisible())
    assert "Nowhere" in dialog.error.text()
    assert window.model.rowCount() == 0
    dialog.reject()


def test_export_pytest_runs_green(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    record_sign_up(qtbot, window)
    target = tmp_path / "out" / "test_sign_up.py"
    ask.paths.append(str(target))
    with qtbot.waitSignal(window.studio.exported) as exported:
        window.actions_.exports["pytest"].trigger()
    assert exported.args == [str(target)]
    assert any(q.startswith("save: Export pytest file") for q in ask.asked)
    env = dict(os.environ, DELTAREC_DEVICE="virtual", PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(target)],
        cwd=target.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_replay_all_marks_every_step_passed(qtbot: QtBot, window: MainWindow) -> None:
    record_sign_up(qtbot, window)
    marks: list[tuple[int, str]] = []
    window.studio.stepStatus.connect(lambda row, status, _: marks.append((row, status)))
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000) as finished:
        window.actions_.replay.trigger()
    assert finished.args[0] is True
    wait_idle(qtbot, window)
    model = window.model
    assert [model.data(model.index(r, COL_STATUS)) for r in range(5)] == ["✓"] * 5
    # Marks arrived live, one step at a time, before the replay ended.
    assert [m for m in marks if m[1] == "passed"] == [(r, "passed") for r in range(5)]
    assert (0, "running") in marks
    assert window.status.progress.value() == 5
    assert "Replay passed: 5/5" in window.status.job.text()
    # On a fresh phone: the one being recorded on did not move.
    assert window.studio.view is not None and len(window.studio.view.steps) == 5
    assert element(window, "Create your account")  # still the sign-up screen


def test_delta_panel_wraps_shows_all_lines_and_draws_arrows_full_size(
    qtbot: QtBot, window: MainWindow, phones: Phones
) -> None:
    """Bug 8: long lines did not wrap, '… (+N more)' hid lines for good, arrows were tiny."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QPlainTextEdit

    panel = window.delta_panel
    assert panel.delta_text.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth
    metrics = QFontMetrics(panel.delta_text.font())
    if metrics.inFontUcs4(ord("a")) and "DejaVu Sans Mono" in panel.delta_text.font().families():
        assert metrics.inFontUcs4(ord("→")) and metrics.inFontUcs4(ord("↕"))
        assert metrics.horizontalAdvance("→") == metrics.horizontalAdvance("a")
    settings = point_of(window, "Settings")
    assert settings is not None
    device = phones.opened[-1][1]
    x, y = window.screen_view.to_device(settings) or (0, 0)
    device.tap(x, y)  # the phone changes by itself (as far as the recording knows)
    with qtbot.waitSignal(window.studio.stepAdded):
        window.studio.record_delta(max_lines=3)
    wait_idle(qtbot, window)
    assert "more)" in panel.text and panel.show_all.isEnabled()
    cut = panel.text.count("\n")
    panel.show_all.setChecked(True)
    assert panel.text.count("\n") > cut + 5 and "more)" not in panel.text
    step = window.model.rows[0]
    assert step.delta_all.count("\n") > step.delta.count("\n")
