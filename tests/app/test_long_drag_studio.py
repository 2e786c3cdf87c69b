"""Issue 21 item 1 in the Script Builder: a long drag on the Inbox's picture records a step
whose delta is true (graded against the phone, as in
:mod:`tests.core.recorder.test_long_drag_delta`)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from benchmarks.bench_session import snapshot
from deltarec.app.window import MainWindow
from deltarec.core.devices.virtual import Playground, VirtualDevice
from tests.app.helpers import Phones, click, drag
from tests.core.recorder.test_long_drag_delta import grade_drag


def _playground(phones: Phones) -> Playground:
    device = phones.opened[-1][1]
    assert isinstance(device, VirtualDevice)
    return device.playground


def test_a_long_drag_on_the_inbox_picture_records_the_true_delta(
    qtbot: QtBot, window: MainWindow, phones: Phones
) -> None:
    click(qtbot, window, "Inbox")
    pg = _playground(phones)
    view = window.screen_view
    for y1, y2 in ((2123, 408), (2200, 300), (408, 2123)):
        before = snapshot(pg)
        drag(qtbot, window, view.to_widget(536, y1), view.to_widget(536, y2))
        step = window.model.step(window.model.rowCount() - 1)
        assert step is not None
        text = step.delta_all or step.delta
        assert step.command == "AC_swipe", step.label
        assert grade_drag(text, before, snapshot(pg)) == [], f"{step.label}\n{text}"
        assert pg.state.inbox.offset != 0
