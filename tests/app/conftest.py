"""Fixtures for the Script Builder tests: a window on the virtual phone that never really waits.

Every device is a fresh Playground phone sharing one ManualClock, which the
sessions also use (``sleep=clock.advance``), so settling takes no real time.
Settings go to a per-test INI file and recordings to ``tmp_path``. Dialogs go
through :class:`~tests.app.helpers.FakeAsk`, whose answers a test queues up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from deltarec.app.settings import Settings
from deltarec.app.studio import StudioConfig
from deltarec.app.window import MainWindow
from tests.app.helpers import FakeAsk, Phones, wait_idle


@pytest.fixture
def phones() -> Phones:
    return Phones()


@pytest.fixture
def make_config(tmp_path: Path, phones: Phones) -> Callable[[], StudioConfig]:
    def make() -> StudioConfig:
        return StudioConfig(
            tmp_path / "recordings",
            open_device=phones.open,
            list_devices=phones.list,
            session_options={"clock": phones.clock, "sleep": phones.clock.advance},
            idle_poll_ms=0,  # tests that want the idle look turn it on themselves
        )

    return make


@pytest.fixture
def ask() -> FakeAsk:
    return FakeAsk()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "studio.ini")


WindowFactory = Callable[..., MainWindow]


@pytest.fixture
def open_window(
    qtbot: QtBot, make_config: Callable[[], StudioConfig], ask: FakeAsk, settings: Settings
) -> Iterator[WindowFactory]:
    """Opens a started window (first screen shown); closes every one at the end."""
    windows: list[MainWindow] = []

    def open_(device: str = "virtual", **kwargs: Any) -> MainWindow:
        window = MainWindow(kwargs.get("config") or make_config(), ask=ask, settings=settings)
        qtbot.addWidget(window)
        windows.append(window)
        window.show()
        with qtbot.waitSignal(window.firstScreenShown, timeout=10_000):
            window.start(device)
        wait_idle(qtbot, window)
        return window

    yield open_
    for window in windows:
        window.mark_saved()  # the tests' recordings need no "unsaved steps" question
        window.close()


@pytest.fixture
def window(open_window: WindowFactory) -> MainWindow:
    return open_window()
