"""Bug 9: the phone picture follows the phone while idle and during replay, off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pytestqt.qtbot import QtBot

from deltarec.app.studio import StudioConfig
from tests.app.conftest import WindowFactory
from tests.app.helpers import Phones, click, element, wait_idle


def test_idle_look_updates_the_picture_but_not_the_recording(
    qtbot: QtBot, open_window: WindowFactory, make_config: Callable[[], StudioConfig],
    phones: Phones,
) -> None:  # fmt: skip
    window = open_window(config=replace(make_config(), idle_poll_ms=20))
    index, before = window.screen_view.index, window.screen_view._image
    settings = element(window, "Settings")
    phones.opened[-1][1].tap(*settings.bounds.center)  # the phone changes on its own
    qtbot.waitUntil(lambda: window.screen_view._image is not before, timeout=10_000)
    assert window.screen_view.index is index  # the boxes and numbers of the last step stay
    assert window.model.rowCount() == 0 and not window.studio.runner.busy
    with qtbot.waitSignal(window.studio.stepAdded):
        window.studio.record_delta()  # what changed since the last step: the look moved nothing
    wait_idle(qtbot, window)
    assert window.model.rows[0].delta.startswith("» new screen")


def test_replay_shows_each_step_on_the_phone(qtbot: QtBot, open_window: WindowFactory) -> None:
    window = open_window()
    click(qtbot, window, "Settings")
    pictures = []
    window.studio.picture.connect(pictures.append)
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000):
        window.actions_.replay.trigger()
    wait_idle(qtbot, window)
    assert len(pictures) == 1
    assert window.screen_view._image is not None
