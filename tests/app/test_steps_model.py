"""StepsModel passes qtmodeltester in every state it goes through, and changes minimally."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from deltarec.app.snapshot import StepRow
from deltarec.app.steps_model import COL_LABEL, COL_NUMBER, COL_STATUS, STEP_ROLE, StepsModel
from deltarec.app.window import MainWindow
from deltarec.core.recorder.suggest import Suggestion
from tests.app.helpers import click


def rows(*commands: str) -> list[StepRow]:
    return [StepRow(c, {"n": i}, f"{c} #{i}", delta=f"~ {i}") for i, c in enumerate(commands)]


def test_empty_and_filled_models_pass_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = StepsModel()
    qtmodeltester.check(model)
    model.set_steps(rows("AC_tap", "AC_swipe", "AC_type_text"))
    qtmodeltester.check(model)


def test_model_stays_valid_through_appends_changes_and_resets(
    qtmodeltester: ModelTester, qtbot: QtBot
) -> None:
    model = StepsModel()
    qtmodeltester.check(model, force_py=True)  # keeps checking on every signal below
    with qtbot.waitSignal(model.rowsInserted):
        model.set_steps(rows("AC_tap"))
    with qtbot.waitSignal(model.rowsInserted):
        model.set_steps(rows("AC_tap", "AC_back", "AC_home"))
    with qtbot.waitSignal(model.dataChanged):
        model.set_status(1, "failed", "boom")
    with qtbot.waitSignal(model.modelReset):
        model.set_steps(rows("AC_home", "AC_tap"))  # a reorder: reset
    with qtbot.waitSignal(model.modelReset):
        model.set_steps([])
    assert model.rowCount() == 0


def test_columns_marks_tooltips_and_step_role() -> None:
    model = StepsModel()
    model.set_steps(
        [
            StepRow("AC_tap", {}, 'tap button "OK"', status="passed"),
            StepRow("AC_back", {}, "back", status="failed", error="no element"),
            StepRow("AC_home", {}, "home", suggestions=(Suggestion("x", {}),)),
        ]
    )
    shown = [
        [model.data(model.index(r, c)) for c in (COL_NUMBER, COL_STATUS, COL_LABEL)]
        for r in range(3)
    ]
    assert shown == [["1", "✓", 'tap button "OK"'], ["2", "✗", "back"], ["3", "•", "home"]]
    assert "no element" in model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(2, 0), STEP_ROLE).command == "AC_home"
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Step"
    assert model.rowCount(model.index(0, 0)) == 0  # a table: no children
    assert model.data(QModelIndex()) is None
    model.reset_statuses()
    assert [r.status for r in model.rows] == ["recorded"] * 3


def test_the_window_model_passes_the_model_tester_while_recording(
    qtbot: QtBot, qtmodeltester: ModelTester, window: MainWindow
) -> None:
    qtmodeltester.check(window.model, force_py=True)
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Navigate up")
    qtmodeltester.check(window.model)
    assert window.model.rowCount() == 2
