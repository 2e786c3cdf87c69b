"""The uiautomator2 backend against a loopback fake of its on-device JSON-RPC server.

Real uiautomator2 and adbutils run: the jar is pushed over sync, ``/ping`` and
``/jsonrpc/0`` travel adb's ``tcp:9008`` stream through the fake adb server to
:class:`~deltarec.testing.fakeu2.FakeU2Server`, which drives a Playground phone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

pytest.importorskip("uiautomator2")

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.open import open_device
from deltarec.core.devices.u2 import U2Device
from deltarec.core.devices.virtual import Playground, VirtualShell
from deltarec.core.errors import DeviceError
from deltarec.core.observe.model import Bounds
from deltarec.testing.fakeu2 import FakeU2Server, U2Phone

SERIAL = "emulator-5554"
APP = "dev.deltarec.playground"


@dataclass
class Rig:
    device: U2Device
    server: FakeU2Server
    phone: U2Phone
    playground: Playground
    notices: list[str]


def _rig(*, running: bool = True, paste_works: bool = True) -> Iterator[Rig]:
    playground = Playground()
    server = FakeU2Server(playground, paste_works=paste_works)
    phone = U2Phone(VirtualShell(playground, serial=SERIAL), server)
    if running:
        server.start()
    notices: list[str] = []
    with FakeAdbServer([phone]) as adb:
        device = U2Device(SERIAL, port=adb.port, notice=notices.append)
        try:
            yield Rig(device, server, phone, playground, notices)
        finally:
            device.close()
            server.stop()


@pytest.fixture
def rig() -> Iterator[Rig]:
    yield from _rig()


def _field(rig: Rig, name: str) -> tuple[int, int]:
    obs = rig.device.capture()
    node = next(n for n in obs.walk() if n.role == "textbox" and n.text == name)
    return node.bounds.center


def test_capture_comes_from_the_server_with_activity_and_keyboard(rig: Rig) -> None:
    rig.device.launch_app(APP, ".SignUpActivity")
    obs = rig.device.capture()
    assert obs.source == f"u2:{SERIAL}" and obs.activity == f"{APP}.SignUpActivity"
    assert "dumpWindowHierarchy" in rig.server.calls
    assert rig.phone.shell_target.files["/data/local/tmp/u2.jar"][:2] == b"PK"  # pushed
    rig.device.tap(*_field(rig, "Name"))
    assert rig.device.capture().keyboard == Bounds(0, 1530, 1080, 2400)
    assert rig.notices == []


def test_any_text_goes_in_through_the_clipboard_and_is_read_back(rig: Rig) -> None:
    rig.device.launch_app(APP, ".SignUpActivity")
    rig.device.tap(*_field(rig, "Name"))
    rig.device.type_text("Zoë 東京 🙂")
    obs = rig.device.capture()
    assert any(n.text == "Zoë 東京 🙂" for n in obs.walk())
    assert rig.server.calls[-4:-1] == ["setClipboard", "getClipboard", "pasteClipboard"]


def test_text_that_did_not_land_fails_loudly() -> None:
    for rig in _rig(paste_works=False):
        rig.device.launch_app(APP, ".SignUpActivity")
        rig.device.tap(*_field(rig, "Name"))
        rig.device.type_text("Ünïcode")
        with pytest.raises(DeviceError, match=r"typed 'Ünïcode'.*did not land: the field reads"):
            rig.device.capture()


def test_gestures_and_keys_go_through_the_server(rig: Rig) -> None:
    rig.device.launch_app(APP, ".SettingsActivity")
    obs = rig.device.capture()
    switch = next(n for n in obs.walk() if n.role == "switch")
    rig.device.tap(*switch.bounds.center)
    after = rig.device.capture()
    assert any(n.checked != m.checked for n, m in zip(obs.walk(), after.walk(), strict=True))
    rig.device.swipe(540, 1800, 540, 900, 300)
    rig.device.press_key("back")
    assert {"click", "swipe", "pressKeyCode"} <= set(rig.server.calls)
    with pytest.raises(DeviceError, match="unknown key"):
        rig.device.press_key("hyperspace")


def test_no_server_falls_back_to_plain_adb_with_one_notice() -> None:
    """The fake jar cannot be launched (no ``app_process``): the device says so once and
    goes on through ``uiautomator dump``."""
    for rig in _rig(running=False):
        rig.device.launch_app(APP, ".SignUpActivity")
        obs = rig.device.capture()
        rig.device.capture()
        assert obs.source == f"adb:{SERIAL}" and obs.activity == f"{APP}.SignUpActivity"
        assert len(rig.notices) == 1 and "falling back to plain adb" in rig.notices[0]
        with pytest.raises(DeviceError, match=r"ASCII only \(for any text: pip install"):
            rig.device.type_text("é")


def test_the_fallback_stops_the_u2_server_before_any_dump(rig: Rig) -> None:
    rig.device.capture()
    assert rig.server.running
    rig.device.fall_back("test")
    assert not rig.server.running  # pkill -f com.wetest.uia2.Main
    assert rig.device.capture().source == f"adb:{SERIAL}"


def test_a_dump_while_another_uiautomation_client_holds_the_phone_says_so(rig: Rig) -> None:
    rig.device.capture()  # the u2 server runs
    with pytest.raises(DeviceError, match="another UiAutomation client"):
        rig.device.adb.capture()


def test_open_device_u2_prefix() -> None:
    device = open_device("u2:abc")
    assert isinstance(device, U2Device) and device.serial == "abc"
