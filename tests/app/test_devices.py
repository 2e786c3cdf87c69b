"""The device picker, switching devices, and reconnecting after a disconnect."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from deltarec.app.devices import DevicePicker, default_device
from deltarec.app.window import MainWindow
from deltarec.core.devices.virtual import VirtualDevice
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, Phones, click, point_of, wait_idle


def test_picker_lists_virtual_and_adb_devices(qtbot: QtBot, window: MainWindow) -> None:
    picker = window.actions_.picker
    qtbot.waitUntil(lambda: picker.count() == 2)
    assert picker.specs() == ["virtual", "emulator-5554"]
    assert picker.current() == "virtual"
    assert picker.itemText(0).startswith("virtual")


def test_picker_keeps_virtual_first_and_adds_unknown_specs(qtbot: QtBot) -> None:
    picker = DevicePicker()
    qtbot.addWidget(picker)
    picker.set_devices([("R58M", "device"), ("ZX1", "unauthorized")])
    assert picker.specs() == ["virtual", "R58M", "ZX1"]
    assert picker.itemText(2) == "ZX1 (unauthorized)"
    picker.set_current("replay:/tmp/b")
    assert picker.current() == "replay:/tmp/b"
    chosen: list[str] = []
    picker.chosen.connect(chosen.append)
    picker.setCurrentIndex(1)  # set from code: no "chosen"
    assert chosen == []
    picker.activated.emit(1)
    assert chosen == ["R58M"]


def test_switching_devices_keeps_the_recording(
    qtbot: QtBot, window: MainWindow, phones: Phones, ask: FakeAsk
) -> None:
    click(qtbot, window, "Sign up")
    ask.answers.append(True)  # continue the unsaved step on the other phone
    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.picker.activated.emit(1)  # a person picks emulator-5554
    wait_idle(qtbot, window)
    view = window.studio.view
    assert view is not None and view.serial == "emulator-5554"
    assert phones.opened[-1][0] == "emulator-5554"
    assert window.model.rowCount() == 1
    assert "emulator-5554" in window.status.device.text()
    click(qtbot, window, "Settings")  # the other phone is on its launcher
    assert window.model.rowCount() == 2


def test_reconnect_after_a_disconnect_keeps_the_recording(
    qtbot: QtBot, window: MainWindow, phones: Phones
) -> None:
    click(qtbot, window, "Sign up")
    device = phones.opened[-1][1]
    assert isinstance(device, VirtualDevice)
    device.injector.faults = replace(device.injector.faults, disconnect_after=device.injector.calls)
    with qtbot.waitSignal(window.errorShown) as shown:
        qtbot.mouseClick(
            window.screen_view, Qt.MouseButton.LeftButton, pos=point_of(window, "Name", "textbox")
        )
    wait_idle(qtbot, window)
    assert "disconnected" in shown.args[0]
    assert "Reconnect" in window.status.job.text()
    assert window.model.rowCount() == 1
    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.reconnect.trigger()
    wait_idle(qtbot, window)
    assert len(phones.opened) == 2 and phones.opened[-1][1] is not device
    assert window.model.rowCount() == 1
    click(qtbot, window, "Sign up")  # a fresh phone, on its launcher
    assert window.model.rowCount() == 2


def test_without_a_choice_the_attached_phone_is_used(
    open_window: WindowFactory, phones: Phones
) -> None:
    phones.listed = [("virtual", "device"), ("ZX1", "unauthorized"), ("R58M", "device")]
    window = open_window(device="")
    assert window.studio.spec == "R58M"
    assert window.studio.view is not None and window.studio.view.serial == "R58M"
    assert window.actions_.picker.current() == "R58M"


def test_without_a_choice_or_a_phone_the_virtual_one_is_used(
    open_window: WindowFactory, phones: Phones
) -> None:
    phones.listed = [("virtual", "device"), ("ZX1", "offline")]
    window = open_window(device="")
    assert window.studio.spec == "virtual"
    assert default_device([]) == "virtual"
