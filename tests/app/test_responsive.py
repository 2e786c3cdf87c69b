"""Device I/O never blocks the GUI thread: a capture stuck in the worker leaves the UI live."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from deltarec.core.devices.latency import Latency
from deltarec.core.devices.virtual import Faults
from tests.app.conftest import WindowFactory
from tests.app.helpers import Phones, click, point_of, wait_idle


def test_gui_stays_responsive_while_a_capture_is_slow(
    qtbot: QtBot, phones: Phones, open_window: WindowFactory
) -> None:
    armed, inside, release = threading.Event(), threading.Event(), threading.Event()

    def slow_capture(seconds: float) -> None:  # the virtual phone's capture delay
        if armed.is_set():
            inside.set()
            release.wait(30)

    phones.faults["virtual"] = Faults(latency=Latency(capture_s=3.0), sleep=slow_capture)
    window = open_window()
    click(qtbot, window, "Sign up")
    view = window.screen_view
    armed.set()
    try:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point_of(window, "Name", "textbox"))
        qtbot.waitUntil(inside.is_set)  # the worker is now blocked inside a capture

        # The busy state shows ...
        assert window.studio.runner.busy
        assert not window.device_panel.type_button.isEnabled()
        assert window.status.job.text().startswith(f"{window.status.busy_mark} Tapping")
        assert window.status.progress.isVisible()
        # ... and the GUI thread keeps turning: a 5 ms heartbeat ticks,
        ticks: list[int] = []
        timer = QTimer()
        timer.setInterval(5)
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start()
        qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=2000)
        timer.stop()
        # hovering the screen updates the inspector,
        qtbot.mouseMove(view, point_of(window, "Email", "textbox"))
        assert window.inspector.value("name") == "Email"
        # selecting a step shows its delta,
        window.steps_panel.select_row(0)
        assert '[12] textbox "Name"' in window.delta_panel.text
        # and a click on the busy screen is not queued behind the stuck one.
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point_of(window, "Email", "textbox"))
        pending = window.studio.runner.pending
        assert len(pending) == 1 and pending[0].startswith("Tapping")
        assert window.model.rowCount() == 1
    finally:
        armed.clear()
        release.set()
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    wait_idle(qtbot, window)
    assert window.device_panel.type_button.isEnabled()
    assert window.status.job.text() == "Ready"
