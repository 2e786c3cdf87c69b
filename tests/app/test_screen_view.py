"""ScreenView: widget ↔ device mapping, taps, long presses, swipes and hover."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from deltarec.app.inspector import describe
from deltarec.app.screen_view import ScreenView, element_label, smallest_at
from deltarec.core.devices.virtual import make_virtual_device
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import IndexOptions, index_frame


def launcher_index() -> ElementIndex:
    return index_frame(Frame(make_virtual_device().capture()), IndexOptions())


def make_view(qtbot: QtBot) -> ScreenView:
    view = ScreenView()
    qtbot.addWidget(view)
    view.resize(416, 816)  # 400 x 800 inside the 8 px margins: scale 1080 → 400 is 0.37
    image = QImage(1080, 2400, QImage.Format.Format_RGB32)
    image.fill(QColor("#203040"))
    view.set_screen(image, (1080, 2400), launcher_index())
    view.show()
    return view


def test_mapping_round_trips_within_a_widget_pixel(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    rect = view.screen_rect()
    assert round(rect.height()) == 800 and round(rect.width()) == 360
    for x, y in [(0, 0), (540, 1200), (1079, 2399), (135, 1950)]:
        back = view.to_device(view.to_widget(x, y))
        assert back is not None
        assert abs(back[0] - x) <= 3 and abs(back[1] - y) <= 3
    assert view.to_device(QPoint(2, 2)) is None  # in the margin, off the screen


def test_click_right_click_and_drag(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    taps: list[tuple[int, int, bool]] = []
    swipes: list[tuple[int, int, int, int]] = []
    view.tapped.connect(lambda x, y, long: taps.append((x, y, long)))
    view.swiped.connect(lambda *a: swipes.append(a))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.to_widget(400, 1950))
    qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=view.to_widget(400, 1950))
    start, end = view.to_widget(540, 1800), view.to_widget(540, 600)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    assert [(round(x / 10), round(y / 10), long) for x, y, long in taps] == [
        (40, 195, False),
        (40, 195, True),
    ]
    assert len(swipes) == 1
    x1, y1, x2, y2 = swipes[0]
    assert abs(y1 - 1800) <= 3 and abs(y2 - 600) <= 3 and abs(x1 - x2) <= 3


def test_busy_view_ignores_clicks(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    taps: list[object] = []
    view.tapped.connect(lambda *a: taps.append(a))
    view.set_busy(True)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.to_widget(400, 1950))
    assert taps == []


def test_hover_picks_the_innermost_element(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    seen: list[object] = []
    view.hovered.connect(seen.append)
    qtbot.mouseMove(view, view.to_widget(400, 1950))
    hovered = view.hovered_element
    assert hovered is not None and hovered.name == "Sign up"
    assert element_label(hovered) == '[6] button "Sign up"'
    assert seen == [hovered]
    index = view.index
    assert index is not None and smallest_at(index, 400, 1950) is hovered
    rows = describe(index, hovered)
    assert rows["role"] == "button" and rows["bounds"].startswith("[285,1800][525,2100]")
    assert "clickable" in rows["states"]


def test_without_a_screenshot_it_draws_a_wireframe(qtbot: QtBot) -> None:
    view = ScreenView()
    qtbot.addWidget(view)
    view.resize(300, 600)
    view.set_screen(None, (1080, 2400), launcher_index())
    with qtbot.waitSignal(view.shown):
        view.show()
    assert not view.grab().isNull()
