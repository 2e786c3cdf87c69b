"""A state machine over the window's ways of looking without recording.

Rules: select any step (or none), Live, Before / After, inspect-only on and off, a pick
started and cancelled, a click on any element the picture shows (the virtual phone
behind it), and deleting the selected step and undoing it (the steps list is reset). The oracle for a click: it records a step exactly when the picture is live
and nothing else takes the click (no pick pending, not inspecting); a pending pick gets
the selector instead. Invariants after every rule: the switch, the caption and the
picture agree on whose screen is shown, and the inspector and tree read that screen.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from deltarec.app.window import MainWindow
from deltarec.core.recorder.keyboard import on_keyboard
from tests.app.conftest import WindowFactory
from tests.app.helpers import click, wait_idle

TIMEOUT = 10_000


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until no job runs and the step screen asked for (if any) is shown."""
    qtbot.waitUntil(lambda: window.studio.runner.idle_now and not window._loading(),
                    timeout=TIMEOUT)  # fmt: skip


def machine(qtbot: QtBot, open_window: WindowFactory) -> type[RuleBasedStateMachine]:
    current: list[MainWindow] = []

    class Modes(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.picked: list[dict[str, Any]] = []
            for old in current:  # every example starts on a fresh window and phone
                old.mark_saved()
                old.close()
            current[:] = [open_window()]
            click(qtbot, self.w, "Settings")  # two steps to look back at
            with qtbot.waitSignal(self.w.studio.stepAdded, timeout=TIMEOUT):
                self.w.device_panel.key_buttons["back"].click()
            wait_idle(qtbot, self.w)

        @property
        def w(self) -> MainWindow:
            return current[0]

        @rule(row=st.integers(-1, 8))
        def select(self, row: int) -> None:
            if row < 0:
                self.w.steps_panel.table.clearSelection()
            elif row < self.w.model.rowCount():
                self.w.steps_panel.select_row(row)
            _settle(qtbot, self.w)

        @rule()
        def live(self) -> None:
            self.w.device_panel.live_button.click()
            _settle(qtbot, self.w)
            assert self.w.step_screen is None

        @rule(before=st.booleans())
        def before_after(self, before: bool) -> None:
            button = (
                self.w.device_panel.before_button if before else self.w.device_panel.after_button
            )
            if button.isVisible():
                button.click()
                _settle(qtbot, self.w)
                assert self.w.step_screen is not None and self.w.step_screen.before == before

        @rule()
        def toggle_inspect(self) -> None:
            was = self.w.inspecting
            qtbot.keyClick(self.w, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
            assert self.w.inspecting is not was

        @precondition(lambda self: not self.w.picking)
        @rule(tap=st.booleans())
        def start_pick(self, tap: bool) -> None:
            self.w.request_pick(self.picked.append, tap)
            assert self.w.picking

        @precondition(lambda self: self.w.picking)
        @rule()
        def cancel_pick(self) -> None:
            qtbot.keyClick(self.w, Qt.Key.Key_Escape)
            assert not self.w.picking

        @rule(data=st.data())
        def click(self, data: st.DataObject) -> None:
            index = self.w.screen_view.index
            if index is None:
                return
            elements = [e for e in index.elements
                        if not on_keyboard(index.frame.obs, *e.bounds.center)]  # fmt: skip
            if not elements:
                return
            # An index drawn independently of the screen, so every example draws alike.
            target = elements[data.draw(st.integers(0, 10**6)) % len(elements)]
            pos = self.w.screen_view.to_widget(*target.bounds.center)
            rows, picks, picking = self.w.model.rowCount(), len(self.picked), self.w.picking
            records = not picking and not self.w.inspecting and self.w.step_screen is None
            if records:
                with qtbot.waitSignal(self.w.studio.stepAdded, timeout=TIMEOUT):
                    qtbot.mouseClick(self.w.screen_view, Qt.MouseButton.LeftButton, pos=pos)
                wait_idle(qtbot, self.w)
                assert self.w.model.rowCount() == rows + 1
                assert self.w.step_screen is None  # a new step: the picture stays live
            else:
                qtbot.mouseClick(self.w.screen_view, Qt.MouseButton.LeftButton, pos=pos)
                assert not self.w.studio.runner.busy  # nothing was queued for the phone
                assert self.w.model.rowCount() == rows
                assert len(self.picked) == picks + (1 if picking else 0)
                assert not self.w.picking
            _settle(qtbot, self.w)

        @precondition(lambda self: self.w.steps_panel.delete_button.isEnabled())
        @rule()
        def delete(self) -> None:
            rows = self.w.model.rowCount()
            self.w.steps_panel.delete_button.click()
            _settle(qtbot, self.w)
            assert self.w.model.rowCount() == rows - 1

        @precondition(lambda self: self.w.undo_stack.canUndo())
        @rule()
        def undo(self) -> None:
            self.w.undo_stack.undo()
            _settle(qtbot, self.w)

        @invariant()
        def one_screen_is_shown(self) -> None:
            shown = self.w.step_screen
            panel = self.w.device_panel
            assert panel.live_button.isChecked() == (self.w._wanted is None)
            selected = self.w.steps_panel.current_row()
            assert panel.step_button.text() == (
                "Step —" if selected < 0 else f"Step {selected + 1}"
            )
            if shown is not None:
                assert shown.row == selected  # never a step deleted or moved meanwhile
            if shown is None:
                expected = "inspect only" if self.w.inspecting else ""
                assert self.w.screen_view.caption.startswith(expected)
                return
            assert (shown.row, shown.before) == self.w._wanted
            assert self.w.screen_view.caption.startswith(shown.caption)
            assert panel.step_button.text() == f"Step {shown.row + 1}"
            assert self.w.screen_view.index is shown.index
            assert self.w.inspector.index in (None, shown.index)
            assert self.w.element_tree.index is shown.index

    return Modes


def test_clicks_record_only_on_the_live_picture(qtbot: QtBot, open_window: WindowFactory) -> None:
    modes = machine(qtbot, open_window)
    modes.TestCase.settings = settings(
        max_examples=10,
        stateful_step_count=20,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    modes.TestCase().runTest()
