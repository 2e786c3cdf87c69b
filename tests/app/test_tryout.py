"""What a session in a real window (Xvfb + xdotool) found wrong, each kept as a test.

Each test reproduces what a person did by hand in the running Script Builder: after a
crash restore every way of recording waits for the picture to be live, not only clicks;
the selector editor shows every field of the selector it edits (a recorded tap's is a
``key``: the form was empty); a step's long label or error never takes the delta's room.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from deltarec.app.device_panel import LIVE, NOT_LIVE_SWITCH
from deltarec.app.selector_editor import SelectorEditor
from deltarec.app.snapshot import StepRow
from deltarec.app.studio import NOT_LIVE_RECORD
from deltarec.app.window import MINIMUM_SIZE, MainWindow
from deltarec.core.executor.selectors import ALIASES, Selector
from deltarec.core.observe.index import ElementIndex
from deltarec.core.recorder.targets import tap_params
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, click, wait_idle
from tests.app.test_inspecting import _click_no_step
from tests.app.test_restore_and_settings import crashed_recording
from tests.app.test_selector_code import clicks


def test_after_a_restore_keys_typing_and_commands_record_nothing_until_live(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    """Found by hand: ◁ Back on the restored picture recorded "back" (no change) from the
    launcher, the phone being elsewhere; so did the Type box and + Add command. And the
    switch read "● Live" over the old picture."""
    crashed_recording(tmp_path / "recordings")
    ask.answers.append(True)
    window = open_window()
    panel = window.device_panel
    assert not panel.live
    assert panel.live_button.text() == NOT_LIVE_SWITCH  # not "● Live" over an old picture
    added: list[int] = []
    window.studio.stepAdded.connect(added.append)
    for button in panel.key_buttons.values():
        window.last_error = ""
        button.click()
        wait_idle(qtbot, window)
        assert window.last_error == NOT_LIVE_RECORD
    panel.text.setText("Ada")
    panel.type_button.click()
    wait_idle(qtbot, window)
    refused: list[str] = []
    window.studio.record(
        "AC_press_key", {"key": "enter"}, on_error=lambda e: refused.append(str(e))
    )
    wait_idle(qtbot, window)
    assert refused == [NOT_LIVE_RECORD]
    assert added == [] and window.model.rowCount() == 2
    panel.refresh_button.click()  # live again: recording goes on
    qtbot.waitUntil(lambda: panel.live)
    wait_idle(qtbot, window)
    assert panel.live_button.text() == LIVE
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        panel.key_buttons["home"].click()
    wait_idle(qtbot, window)
    assert window.model.rowCount() == 3


@settings(max_examples=80, deadline=None)
@given(clicks())
def test_the_selector_editor_shows_every_field_of_a_recorded_selector(
    qapp: QApplication, click: tuple[ElementIndex, int, int]
) -> None:
    """Oracle over every element of every real capture: the selector a recorded tap gets,
    opened in the editor, has each of its fields in a line a person sees and can change
    (none kept out of sight), counts 1 on its own screen and comes back unchanged."""
    screen, x, y = click
    selector = tap_params(screen, x, y)["selector"]
    editor = SelectorEditor(selector, screen)
    try:
        given_fields = {ALIASES.get(k, k): v for k, v in selector.items() if k != "alternates"}
        hidden = {k: v for k, v in given_fields.items() if k not in editor.lines}
        assert hidden == {}, f"fields of {selector} not shown in the editor"
        for name, value in given_fields.items():
            assert editor.lines[name].text() == str(value)
        assert editor.count.text() == "matches 1 ✓"
        assert Selector.from_json(editor.selector()) == Selector.from_json(selector)
    finally:
        editor.deleteLater()


def test_clearing_a_recorded_key_in_the_selector_editor_leaves_the_fields_typed(
    qapp: QApplication,
) -> None:
    """Found by hand: the editor of a recorded tap showed empty fields; typing a text kept
    the unseen key too, so the selector needed both and no person could say why."""
    editor = SelectorEditor({"key": "7209876421", "alternates": [{"index": 3}]}, None)
    try:
        assert editor.lines["key"].text() == "7209876421"
        editor.lines["key"].setText("")
        editor.lines["text"].setText("Dennis")
        assert editor.selector() == {"text": "Dennis", "alternates": [{"index": 3}]}
    finally:
        editor.deleteLater()


DELTA_LINES = 6
"""Lines of the delta the panel shows at the smallest window, whatever stands above it."""

words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    label=st.lists(words, min_size=1, max_size=80).map(" ".join),
    error=st.none() | st.lists(words, min_size=1, max_size=120).map(" ".join),
)
def test_a_long_label_or_error_never_takes_the_deltas_room(
    qtbot: QtBot, window: MainWindow, label: str, error: str | None
) -> None:
    """Found by hand at the smallest window: a swipe's label (its selector dict, 5 lines)
    and a failed step's error above the delta left it 3 lines. The title is one line
    (the whole label in its tooltip); the error scrolls past a few lines."""
    window.resize(*MINIMUM_SIZE)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == MINIMUM_SIZE)
    panel = window.delta_panel
    delta = "\n".join(f'+ [{i}] text "row {i}"' for i in range(30))
    step = StepRow("AC_swipe", {}, label, delta=delta, error=error,
                   status="failed" if error else "recorded")  # fmt: skip
    panel.show_step(step, 17)
    panel.layout().activate()
    assert panel.title.text() == f"Step 17: {label}"
    assert label in panel.title.toolTip()
    line = panel.delta_text.fontMetrics().lineSpacing()
    assert panel.delta_text.viewport().height() >= DELTA_LINES * line
    assert panel.title.height() <= 2 * panel.title.fontMetrics().lineSpacing() + 8


def test_a_new_recording_drops_the_last_ones_replay_report(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk
) -> None:
    """Found by hand: after Replay all, File ▸ New recording kept "Open replay report" in the
    status bar (and the Run menu), opening the old recording's report."""
    click(qtbot, window, "Sign up")
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000):
        window.actions_.replay.trigger()
    wait_idle(qtbot, window)
    assert window.actions_.report.isEnabled()
    old = window.studio.view.bundle if window.studio.view is not None else None
    window.mark_saved()  # no "unsaved steps" question
    ask.launches.append(None)  # no app launched: an empty recording
    window.actions_.new.trigger()
    qtbot.waitUntil(lambda: window.studio.view is not None and window.studio.view.bundle != old)
    wait_idle(qtbot, window)
    assert not window.actions_.report.isEnabled()
    assert window.status.report_button.isHidden()


def test_copy_selector_says_what_it_copied(qtbot: QtBot, window: MainWindow) -> None:
    """Found by hand: Copy selector ▸ as pytest gave no sign at all that anything was copied."""
    window.set_inspecting(True)
    _click_no_step(qtbot, window, "Sign up")
    for kind in ("Python", "pytest", "Maestro", "JSON"):
        code = window.inspector.copy_button.copy(kind)
        note = window.status.job.text()
        assert note.startswith(f'Copied the selector of button "Sign up" as {kind}: ')
        assert code.strip().splitlines()[0] in note
