"""Bug 11: the layout holds from 1000×650 to 2560×1440 (splitter sizes at both ends)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from deltarec.app.delta_panel import SUGGESTION_ROWS
from deltarec.app.window import RIGHT_SHARE, MainWindow
from tests.app.helpers import click


@pytest.mark.parametrize(("width", "height"), [(1000, 650), (2560, 1440)])
def test_splitters_at_the_smallest_and_largest_window(
    qtbot: QtBot, window: MainWindow, width: int, height: int
) -> None:
    click(qtbot, window, "Settings")
    click(qtbot, window, "Airplane mode", "switch")  # six suggestions to show
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height)
    left, middle, right = window.splitter.sizes()
    assert min(left, middle, right) >= 0.2 * width  # no column squeezed out
    delta, side = window.right.sizes()
    assert abs(delta / (delta + side) - RIGHT_SHARE) < 0.05  # the inspector does not crowd it
    box = window.delta_panel.suggestion_box
    assert box.height() >= SUGGESTION_ROWS * 27 + 34  # four suggestions, not two
    assert window.delta_panel.tabs.height() >= 0.3 * delta  # the delta itself stays the largest
    screen = window.screen_view.screen_rect()
    assert screen.height() >= 0.6 * height  # the phone uses the height it has
    assert window.steps_panel.table.height() >= 0.4 * height
