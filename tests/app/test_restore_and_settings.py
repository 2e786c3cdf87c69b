"""Autosave and crash restore, and what the window remembers between runs."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QByteArray
from pytestqt.qtbot import QtBot

from deltarec.app.recordings import new_bundle_dir, recordings_root
from deltarec.app.settings import Settings
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.recorder.session import RecordingSession, find_unfinished
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, click, wait_idle


def crashed_recording(root: Path) -> Path:
    """A session with two recorded steps, dropped without close() (as a crash leaves it)."""
    clock = ManualClock()
    session = RecordingSession(make_virtual_device(clock=clock), root / "20240101-120000",
                               clock=clock, sleep=clock.advance)  # fmt: skip
    index = session.start()
    sign_up = next(e for e in index.elements if e.name == "Sign up")
    session.record_tap(*sign_up.bounds.center)
    assert session.index is not None
    name = next(e for e in session.index.elements if e.name == "Name")
    session.record_tap(*name.bounds.center)
    path = session.bundle.root
    del session
    return path


def manifest_steps(bundle: Path) -> list[dict[str, object]]:
    return list(json.loads((bundle / "manifest.json").read_text())["steps"])


def test_restore_an_unfinished_recording(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    crashed = crashed_recording(tmp_path / "recordings")
    ask.answers.append(True)
    window = open_window()
    assert ask.asked == ["Restore the unfinished recording with 2 steps?"]
    assert [r.label for r in window.model.rows] == ['tap button "Sign up"', 'tap textbox "Name"']
    assert window.studio.view is not None and window.studio.view.bundle == crashed
    window.steps_panel.select_row(0)
    assert '[12] textbox "Name"' in window.delta_panel.text  # the deltas came back too
    # Bug 9: the picture is where the recording left off (the Sign up form), not the launcher.
    view = window.studio.view
    assert view.recorded_picture and view.index is None and view.image is not None
    assert "where the recording left off" in window.status.job.text()
    shot = crashed / "screenshots" / f"{manifest_steps(crashed)[-1]['after']:04d}.png"
    assert view.image.size().width() == Image.open(shot).width // 2
    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.refresh.trigger()  # the phone as it is now: a fresh one, on the launcher
    wait_idle(qtbot, window)
    # Recording continues into the same bundle, which is still autosaved.
    click(qtbot, window, "Sign up")
    manifest = json.loads((crashed / "manifest.json").read_text())
    assert len(manifest["steps"]) == 3


def test_declining_starts_fresh_and_stops_asking(
    open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    root = tmp_path / "recordings"
    crashed_recording(root)
    ask.answers.append(False)
    window = open_window()
    assert window.model.rowCount() == 0
    assert window.studio.view is not None
    unfinished = find_unfinished(root)
    assert unfinished == [window.studio.view.bundle]  # only the live one; the old one was set aside
    window.close()
    assert find_unfinished(root) == []  # closing the window closes the recording
    open_window()
    assert len(ask.asked) == 1  # nothing left to offer the second time


def test_new_recording_closes_the_old_one(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, tmp_path: Path
) -> None:
    window = open_window()
    click(qtbot, window, "Sign up")
    first = window.studio.view.bundle if window.studio.view else None
    ask.answers.append(True)  # start a new one although the step is not saved
    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.new.trigger()
    qtbot.waitUntil(lambda: not window.studio.runner.busy)
    assert window.model.rowCount() == 0
    assert window.studio.view is not None and window.studio.view.bundle != first
    assert find_unfinished(tmp_path / "recordings") == [window.studio.view.bundle]


def test_settings_remember_device_and_layout(
    qtbot: QtBot, open_window: WindowFactory, settings: Settings, tmp_path: Path
) -> None:
    window = open_window()
    window.resize(760, 640)  # no smaller than its minimum size
    size = (window.width(), window.height())
    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.picker.chosen.emit("emulator-5554")
    qtbot.waitUntil(lambda: not window.studio.runner.busy)
    window.close()
    again = Settings(tmp_path / "studio.ini")
    assert again.last_device == "emulator-5554"
    assert isinstance(again.geometry, QByteArray) and isinstance(again.splitter, QByteArray)
    second = open_window(device="")  # no --device: the last one is used
    assert second.studio.spec == "emulator-5554"
    assert second.actions_.picker.current() == "emulator-5554"
    assert (second.width(), second.height()) == size


def test_recordings_root_and_bundle_names(monkeypatch: object, tmp_path: Path) -> None:
    import pytest

    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("DELTAREC_HOME", str(tmp_path))
        assert recordings_root() == tmp_path / "recordings"
    finally:
        mp.undo()
    first = new_bundle_dir(tmp_path)
    first.mkdir()
    second = new_bundle_dir(tmp_path)
    assert second != first and second.parent == tmp_path
