"""Nothing recorded is lost: unsaved-steps questions, and File → Recordings (open, discard)."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from deltarec.app.window import MainWindow
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, click, wait_idle

UNSAVED = "1 recorded step is not saved as a script."


def test_quit_with_unsaved_steps_asks_and_no_keeps_the_window(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk
) -> None:
    click(qtbot, window, "Sign up")
    ask.answers.append(False)
    window.actions_.quit.trigger()
    assert ask.asked[-1].startswith(UNSAVED + " Save them before quitting?")
    assert window.isVisible()
    assert window.unsaved_steps() == 1


def test_saving_makes_quitting_silent(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    ask.paths.append(str(tmp_path / "s.json"))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.save.trigger()
    assert window.unsaved_steps() == 0
    asked = len(ask.asked)
    window.close()
    assert not window.isVisible() and len(ask.asked) == asked


def test_device_switch_and_open_script_ask_first(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk
) -> None:
    click(qtbot, window, "Sign up")
    window.actions_.picker.chosen.emit("emulator-5554")  # answered "no"
    assert "Continue the recording on emulator-5554 anyway?" in ask.asked[-1]
    assert window.studio.spec == "virtual"
    assert window.actions_.picker.current() == "virtual"
    window.actions_.open.trigger()
    assert "Open another script anyway?" in ask.asked[-1]
    assert not any(a.startswith("open:") for a in ask.asked)  # "no": no file question


def test_recordings_lists_opens_and_discards(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    window = open_window()
    click(qtbot, window, "Sign up")
    first = window.studio.view.bundle if window.studio.view else None
    ask.answers.append(True)  # quit anyway: the step stays on disk
    window.close()
    assert first is not None and not window.isVisible()

    again = open_window()
    dialog = again.show_recordings()
    qtbot.waitUntil(lambda: len(dialog.rows) == 2)
    assert [r.steps for r in dialog.rows] == [0, 1]  # newest (the open one) first
    assert "(open now)" in dialog.table.item(0, 0).text()
    assert not dialog.open_button.isEnabled()  # the open one: nothing to do
    dialog.select(first)
    assert dialog.open_button.isEnabled()
    with qtbot.waitSignal(again.studio.viewChanged):
        dialog.open_button.click()
    wait_idle(qtbot, again)
    assert [r.label for r in again.model.rows] == ['tap button "Sign up"']
    assert again.studio.view is not None and again.studio.view.bundle == first

    dialog = again.show_recordings()
    qtbot.waitUntil(lambda: len(dialog.rows) == 2)
    other = next(r.path for r in dialog.rows if r.path != first)
    dialog.select(other)
    ask.answers.append(True)
    dialog.discard_button.click()
    qtbot.waitUntil(lambda: len(dialog.rows) == 1)
    assert not other.exists() and first.exists()
    manifest = json.loads((first / "manifest.json").read_text())
    assert len(manifest["steps"]) == 1
