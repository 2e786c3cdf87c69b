"""End to end: AdbDevice → adbutils → FakeAdbServer → VirtualShell (the Playground phone)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.base import ShellTarget
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.errors import DeviceDisconnected
from deltarec.core.observe.model import Node, Observation

virtual = pytest.importorskip("deltarec.core.devices.virtual")

APP = "dev.deltarec.playground"
HOSTILE = "a b'c\"d;e&f|g$(h)"


@pytest.fixture(autouse=True)
def _no_real_adb(monkeypatch: pytest.MonkeyPatch) -> None:
    """adbutils must never spawn a real adb server: a dead fake fails fast instead."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")


class FakeTime:
    """An injectable clock whose sleep advances it: retries run instantly."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@contextmanager
def _serve(shell: ShellTarget) -> Iterator[tuple[FakeTime, AdbDevice]]:
    fake_time = FakeTime()
    with FakeAdbServer([shell]) as server:
        device = AdbDevice(
            shell.serial,
            port=server.port,
            timeout=10,
            sleep=fake_time.sleep,
            clock=fake_time.clock,
        )
        yield fake_time, device
    assert not [t for t in threading.enumerate() if t.name.startswith("fakeadb")]


@pytest.fixture
def device() -> Iterator[AdbDevice]:
    with _serve(virtual.VirtualShell(serial="virtual-1")) as (_, dev):
        yield dev


def _textbox(obs: Observation, index: int) -> Node:
    boxes = [n for n in obs.walk() if n.role == "textbox"]
    return boxes[index]


def test_capture_launch_and_current_app(device: AdbDevice) -> None:
    assert device.capture().windows
    device.launch_app(APP, ".SignUpActivity")
    obs = device.capture()
    assert [n.text for n in obs.walk() if n.role == "textbox"] == ["Name", "Email", "Password"]
    app = device.current_app()
    assert app.package == APP and app.activity.endswith("SignUpActivity")


def test_tap_and_type_hostile_text_arrive_exactly(device: AdbDevice) -> None:
    device.launch_app(APP, ".SignUpActivity")
    before = device.capture()
    name = _textbox(before, 0)
    device.tap(*name.bounds.center)
    after_tap = device.capture()
    assert after_tap != before, "tapping a field changes the screen (focus, keyboard)"
    assert _textbox(after_tap, 0).focused
    device.type_text(HOSTILE)
    assert _textbox(device.capture(), 0).text == HOSTILE


def test_screenshot_and_window_size(device: AdbDevice) -> None:
    image = device.screenshot()
    assert image.size == (1080, 2400)
    assert device.window_size() == (1080, 2400)


def test_retries_idle_state_and_null_root_dumps() -> None:
    shell = virtual.VirtualShell(
        serial="virtual-2", faults=virtual.Faults(idle_failures=2, null_root_dumps=1)
    )
    with _serve(shell) as (fake_time, device):
        assert device.capture().windows
        assert fake_time.sleeps == [0.25, 0.5, 1.0]


def test_disconnect_mid_session_raises_disconnected() -> None:
    shell = virtual.VirtualShell(serial="virtual-3", faults=virtual.Faults(disconnect_after=1))
    with _serve(shell) as (_, device):
        device.tap(5, 5)
        with pytest.raises(DeviceDisconnected):
            device.tap(5, 5)
