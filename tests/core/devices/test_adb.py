"""AdbDevice through real adbutils against the fake adb server and a scripted phone."""

from __future__ import annotations

import io
import shlex
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from deltarec.core.devices.adb import DUMP_PATH, AdbDevice, AdbListing, connect, list_devices
from deltarec.core.devices.base import KEYS, AppInfo, Device, ShellResult
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual.shell import android_input_text as input_text_rule
from deltarec.core.errors import DeviceDisconnected, DeviceError, DeviceTimeout
from deltarec.testing import ScriptedTarget

DUMP = Path(__file__).parents[3] / "fixtures" / "real" / "contacts-agent" / "06.xml"
SERIAL = "emulator-5554"
HOSTILE = "a b'c\"d;e&f|g$(h)"


@pytest.fixture(autouse=True)
def _no_real_adb(monkeypatch: pytest.MonkeyPatch) -> None:
    """adbutils must never spawn a real adb server: a dead fake fails fast instead."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")


def android_input_text(command: str) -> str:
    """What Android's ``input text`` types for ``command`` (the phone's ``%s`` rule)."""
    argv = shlex.split(command)
    assert argv[:2] == ["input", "text"] and len(argv) == 3, argv
    return input_text_rule(argv[2])


class Phone(ScriptedTarget):
    """A scripted phone: serves a real dump, a PNG, a text field and app state."""

    def __init__(self) -> None:
        super().__init__(SERIAL)
        self.typed = ""
        self.dump_failures: list[str] = []
        self.on(r"^rm -f \S+; uiautomator dump ", self._dump)
        self.on(r"^input text ", self._type)
        self.on(r"^input (tap|swipe|keyevent) ", "")
        self.on(r"^screencap -p$", ShellResult(_png(1080, 2400)))
        self.on(r"^wm size$", "Physical size: 1080x2400\n")
        self.on(r"^dumpsys display$", "  mCurrentOrientation=0\n")
        self.on(r"^(am|monkey) ", "Starting: Intent { cmp=x }\n")
        self.on(
            r"^dumpsys window windows$",
            "  mCurrentFocus=Window{5c1e2 u0 com.android.contacts/.activities.PeopleActivity}\n",
        )

    def _dump(self, command: str) -> ShellResult:
        self.files.pop(DUMP_PATH, None)
        if self.dump_failures:
            failure = self.dump_failures.pop(0)
            if failure == "empty":
                self.files[DUMP_PATH] = b"<?xml version='1.0' ?><hierarchy rotation=\"0\"/>"
                return ShellResult(b"UI hierchary dumped to: /data/local/tmp/uidump.xml\n")
            return ShellResult(failure.encode() + b"\n")
        self.files[DUMP_PATH] = DUMP.read_bytes()
        return ShellResult(b"UI hierchary dumped to: /data/local/tmp/uidump.xml\n")

    def _type(self, command: str) -> str:
        self.typed += android_input_text(command)
        return ""


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (width, height), (10, 20, 30, 255)).save(out, "PNG")
    return out.getvalue()


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


@pytest.fixture
def phone() -> Phone:
    return Phone()


@pytest.fixture
def server(phone: Phone) -> Iterator[FakeAdbServer]:
    with FakeAdbServer([phone]) as fake:
        yield fake
    assert not [t for t in threading.enumerate() if t.name.startswith("fakeadb")]


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def device(server: FakeAdbServer, fake_time: FakeTime) -> AdbDevice:
    return AdbDevice(
        SERIAL,
        port=server.port,
        timeout=5,
        capture_timeout=3,
        sleep=fake_time.sleep,
        clock=fake_time.clock,
    )


def test_is_a_device(device: AdbDevice) -> None:
    assert isinstance(device, Device)
    assert "emulator-5554" in repr(device)


# -- capture ----------------------------------------------------------------------


def test_capture_parses_the_pulled_dump(device: AdbDevice, phone: Phone) -> None:
    obs = device.capture()
    assert obs.package == "com.android.contacts"
    assert obs.source == f"adb:{SERIAL}"
    assert obs.windows and obs.width == 1080
    # The window probe runs on a second connection beside the dump and names the activity.
    assert obs.activity == "com.android.contacts.activities.PeopleActivity"
    assert obs.keyboard is None
    assert sorted(phone.commands) == [
        "dumpsys window windows",
        f"rm -f {DUMP_PATH}; uiautomator dump {DUMP_PATH}",
    ]


def test_a_failing_window_probe_leaves_the_activity_empty(device: AdbDevice, phone: Phone) -> None:
    phone.on(r"^dumpsys window windows$", ShellResult(b"", b"Can't find service: window\n", 1))
    obs = device.capture()
    assert obs.windows and obs.activity == "" and obs.keyboard is None


def test_capture_retries_idle_state_and_empty_dumps(
    device: AdbDevice, phone: Phone, fake_time: FakeTime
) -> None:
    phone.dump_failures = [
        "ERROR: could not get idle state.",
        "ERROR: null root node returned by UiTestAutomationBridge.",
        "empty",
    ]
    assert device.capture().package == "com.android.contacts"
    assert fake_time.sleeps == [0.25, 0.5, 1.0]


def test_capture_times_out_naming_the_last_failure(
    device: AdbDevice, phone: Phone, fake_time: FakeTime
) -> None:
    phone.dump_failures = ["ERROR: could not get idle state."] * 100
    with pytest.raises(DeviceTimeout, match="could not get idle state") as info:
        device.capture()
    assert fake_time.now <= 3
    assert "attempts" in str(info.value)


def test_capture_other_failure_is_not_retried(
    device: AdbDevice, phone: Phone, fake_time: FakeTime
) -> None:
    phone.on(r"uiautomator dump", ShellResult(b"", b"Killed\n", 137))
    with pytest.raises(DeviceError, match="Killed"):
        device.capture()
    assert fake_time.sleeps == []


def test_capture_malformed_dump_is_a_device_error(device: AdbDevice, phone: Phone) -> None:
    def broken(_cmd: str) -> str:
        phone.files[DUMP_PATH] = b"<hierarchy><node bounds='[0,0][1,1]'"
        return "UI hierchary dumped to: /data/local/tmp/uidump.xml\n"

    phone.on(r"uiautomator dump", broken)
    with pytest.raises(DeviceError, match="malformed UI dump") as info:
        device.capture()
    assert info.value.__cause__ is not None


# -- screenshot ---------------------------------------------------------------------


def test_screenshot_decodes_png(device: AdbDevice) -> None:
    image = device.screenshot()
    assert (image.size, image.mode) == ((1080, 2400), "RGB")


def test_screenshot_never_returns_a_black_placeholder(device: AdbDevice, phone: Phone) -> None:
    phone.on(r"^screencap", ShellResult(b"\x89PNG garbage"))
    with pytest.raises(DeviceError, match="not an image"):
        device.screenshot()
    phone.on(r"^screencap", ShellResult(b"", b"screencap: permission denied\n", 1))
    with pytest.raises(DeviceError, match="permission denied"):
        device.screenshot()


# -- input ----------------------------------------------------------------------------


def test_type_text_delivers_hostile_text_exactly(device: AdbDevice, phone: Phone) -> None:
    device.type_text(HOSTILE)
    assert phone.typed == HOSTILE


@pytest.mark.parametrize("text", ["50%sale", "%s", "% s%%s", "100% sure", "  two  ", "`x` \\n"])
def test_type_text_literal_percent_s(device: AdbDevice, phone: Phone, text: str) -> None:
    device.type_text(text)
    assert phone.typed == text


def test_type_text_refuses_non_ascii_before_typing(device: AdbDevice, phone: Phone) -> None:
    with pytest.raises(DeviceError, match=r"'é' \(U\+00E9\) at index 3"):
        device.type_text("café")
    with pytest.raises(DeviceError, match="U\\+000A"):
        device.type_text("a\nb")
    assert phone.commands == []
    device.type_text("")
    assert phone.commands == []


def test_gestures_and_keys(device: AdbDevice, phone: Phone) -> None:
    device.tap(10, 20)
    device.long_press(30, 40)
    device.swipe(1, 2, 3, 4, 500)
    device.press_key("back")
    device.press_key("KEYCODE_ENTER")
    device.press_key("187")
    assert phone.commands == [
        "input tap 10 20",
        "input swipe 30 40 30 40 800",
        "input swipe 1 2 3 4 500",
        f"input keyevent {KEYS['back']}",
        f"input keyevent {KEYS['enter']}",
        "input keyevent 187",
    ]


def test_bad_arguments_raise_device_errors(device: AdbDevice, phone: Phone) -> None:
    with pytest.raises(DeviceError, match="unknown key 'hyperspace'"):
        device.press_key("hyperspace")
    with pytest.raises(DeviceError, match="integer"):
        device.tap(1.5, 2)  # type: ignore[arg-type]
    with pytest.raises(DeviceError, match="invalid package"):
        device.launch_app("com.x; reboot")
    assert phone.commands == []


def test_failed_input_raises(device: AdbDevice, phone: Phone) -> None:
    phone.on(r"^input tap", ShellResult(b"", b"Error: injection denied\n", 1))
    with pytest.raises(DeviceError, match="injection denied"):
        device.tap(1, 1)


# -- apps and screen facts -----------------------------------------------------------


def test_launch_and_stop_app(device: AdbDevice, phone: Phone) -> None:
    device.launch_app("com.android.contacts", ".activities.PeopleActivity")
    device.launch_app("com.android.settings")
    device.stop_app("com.android.settings")
    assert phone.commands == [
        "am start -n com.android.contacts/.activities.PeopleActivity",
        "monkey -p com.android.settings -c android.intent.category.LAUNCHER 1",
        "am force-stop com.android.settings",
    ]


def test_launch_error_printed_with_exit_zero_raises(device: AdbDevice, phone: Phone) -> None:
    phone.on(r"^am start", "Error: Activity class {x/.Y} does not exist.\n")
    with pytest.raises(DeviceError, match="does not exist"):
        device.launch_app("x", ".Y")
    phone.on(r"^monkey", "** No activities found to run, monkey aborted.\n")
    with pytest.raises(DeviceError, match="No activities found"):
        device.launch_app("x")


def test_current_app(device: AdbDevice, phone: Phone) -> None:
    expected = AppInfo("com.android.contacts", "com.android.contacts.activities.PeopleActivity")
    assert device.current_app() == expected
    phone.on(r"^dumpsys window windows$", "  mCurrentFocus=null\n")
    assert device.current_app() == AppInfo("")


def test_window_size(device: AdbDevice, phone: Phone) -> None:
    assert device.window_size() == (1080, 2400)
    phone.on(r"^wm size$", "Physical size: 1080x2400\nOverride size: 720x1600\n")
    phone.on(r"^dumpsys display$", "  mCurrentOrientation=1\n")
    assert device.window_size() == (1600, 720)
    phone.on(r"^wm size$", "")
    with pytest.raises(DeviceError, match="no size"):
        device.window_size()


# -- failures are always deltarec.core.errors -----------------------------------------------------


def test_disconnect_mid_call(device: AdbDevice, phone: Phone) -> None:
    def vanish(_cmd: str) -> ShellResult:
        raise ConnectionError("usb cable pulled")

    phone.on(r"^input tap", vanish)
    with pytest.raises(DeviceDisconnected) as info:
        device.tap(5, 5)
    assert info.value.__cause__ is not None


def test_unknown_serial_is_disconnected(server: FakeAdbServer) -> None:
    ghost = AdbDevice("ghost", port=server.port)
    with pytest.raises(DeviceDisconnected, match="device 'ghost' not found"):
        ghost.tap(1, 1)


def test_unplugged_device_is_disconnected(
    device: AdbDevice, server: FakeAdbServer, phone: Phone
) -> None:
    device.tap(1, 1)
    server.remove_target(SERIAL)
    with pytest.raises(DeviceDisconnected):
        device.capture()


def test_dead_server_is_disconnected(phone: Phone) -> None:
    with FakeAdbServer([phone]) as server:
        port = server.port
    with pytest.raises(DeviceDisconnected, match="adb server unreachable"):
        AdbDevice(SERIAL, port=port).window_size()


def test_slow_phone_times_out(server: FakeAdbServer, phone: Phone) -> None:
    release = threading.Event()

    def stuck(_cmd: str) -> str:
        release.wait(10)
        return ""

    phone.on(r"^input tap", stuck)
    slow = AdbDevice(SERIAL, port=server.port, timeout=0.3)
    try:
        with pytest.raises(DeviceTimeout):
            slow.tap(1, 1)
    finally:
        release.set()


def test_list_devices_and_connect(server: FakeAdbServer) -> None:
    assert list_devices(port=server.port) == [AdbListing(SERIAL, "device")]
    assert connect(SERIAL, port=server.port) == f"already connected to {SERIAL}"
    with pytest.raises(DeviceError, match="failed to connect"):
        connect("10.9.9.9:5555", port=server.port)


def test_module_functions_wrap_a_dead_server(phone: Phone) -> None:
    with FakeAdbServer([phone]) as server:
        port = server.port
    with pytest.raises(DeviceDisconnected):
        list_devices(port=port)
    with pytest.raises(DeviceDisconnected):
        connect("1.2.3.4:5555", port=port)
