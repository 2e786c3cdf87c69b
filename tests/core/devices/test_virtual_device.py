"""VirtualDevice: the Device protocol over the Playground, its errors and faults."""

from __future__ import annotations

import pytest

from deltarec.core.devices.base import KEYS, AppInfo, Device
from deltarec.core.devices.latency import Latency
from deltarec.core.devices.virtual import (
    Faults,
    ManualClock,
    Playground,
    VirtualDevice,
    make_virtual_device,
)
from deltarec.core.errors import DeviceDisconnected, DeviceError, DeviceTimeout
from deltarec.core.observe.model import Node, Observation

APP = "dev.deltarec.playground"


def one(o: Observation, rid: str) -> Node:
    found = [n for n in o.walk() if n.resource_id == rid]
    assert len(found) == 1, found
    return found[0]


def test_factory_builds_a_device_that_satisfies_the_protocol() -> None:
    dev = make_virtual_device("v1")
    assert isinstance(dev, Device)
    assert dev.serial == "v1"
    assert dev.window_size() == (1080, 2400)
    assert dev.current_app() == AppInfo("dev.deltarec.launcher", "dev.deltarec.launcher.Launcher")


def test_capture_goes_through_the_parser_and_carries_screen_facts() -> None:
    clock = ManualClock(1000.0)
    dev = make_virtual_device(clock=clock)
    dev.launch_app(APP, ".SignUpActivity")
    o = dev.capture()
    assert (o.width, o.height, o.rotation) == (1080, 2400, 0)
    assert (o.package, o.activity) == (APP, f"{APP}.SignUpActivity")
    assert o.captured_at == 1000.0
    assert o.source == "virtual:virtual"
    assert dev.last_dump.startswith("<?xml")


def test_a_recorded_flow_through_the_device_api() -> None:
    dev = make_virtual_device()
    dev.launch_app(APP, ".SignUpActivity")
    dev.tap(*one(dev.capture(), f"{APP}:id/name").bounds.center)
    dev.type_text("zr")
    o = dev.capture()
    assert one(o, f"{APP}:id/name").text == "zr" and one(o, f"{APP}:id/name").focused
    dev.press_key("back")  # hides the keyboard
    dev.tap(*one(dev.capture(), f"{APP}:id/save").bounds.center)
    o = dev.capture()
    assert o.windows[-1].role == "dialog"
    dev.tap(*one(o, "android:id/button1").bounds.center)
    assert one(dev.capture(), f"{APP}:id/status").text == "Saved"
    dev.long_press(10, 10)
    dev.swipe(540, 1500, 540, 1000)
    dev.stop_app(APP)
    assert dev.current_app().package == "dev.deltarec.launcher"


def test_every_protocol_key_is_accepted_and_unknown_ones_raise_device_error() -> None:
    dev = make_virtual_device()
    for key in KEYS:
        dev.press_key(key)
    with pytest.raises(DeviceError):
        dev.press_key("warp")
    with pytest.raises(DeviceError):
        dev.launch_app("com.example.none")


def test_screenshot_is_a_pil_image() -> None:
    img = make_virtual_device().screenshot()
    assert img.size == (1080, 2400) and img.mode == "RGB"


def test_idle_state_failures_raise_device_timeout_then_recover() -> None:
    dev = make_virtual_device(faults=Faults(idle_failures=2))
    for _ in range(2):
        with pytest.raises(DeviceTimeout, match="could not get idle state"):
            dev.capture()
    assert dev.capture().windows


def test_null_root_dumps_give_an_empty_observation() -> None:
    dev = make_virtual_device(faults=Faults(null_root_dumps=1))
    assert dev.capture().windows == ()
    assert dev.capture().windows


def test_slow_capture_calls_the_injected_sleep_only() -> None:
    slept: list[float] = []
    dev = make_virtual_device(faults=Faults(latency=Latency(capture_s=3.0), sleep=slept.append))
    dev.capture()
    dev.capture()
    assert slept == [3.0, 3.0]


def test_disconnect_after_n_calls_is_sticky() -> None:
    dev = make_virtual_device(faults=Faults(disconnect_after=3))
    dev.capture()
    dev.tap(1, 1)
    dev.window_size()
    for _ in range(2):
        with pytest.raises(DeviceDisconnected):
            dev.current_app()


def test_device_and_shell_on_one_playground_see_the_same_phone() -> None:
    from deltarec.core.devices.virtual import VirtualShell

    pg = Playground()
    dev, sh = VirtualDevice(pg), VirtualShell(pg)
    sh.shell(f"monkey -p {APP} -c android.intent.category.LAUNCHER 1")
    assert dev.current_app().package == APP


def test_public_api_is_small_and_pinned() -> None:
    import deltarec.core.devices.virtual as virtual

    assert sorted(virtual.__all__) == [
        "DEFAULT_PROFILE",
        "Faults",
        "ManualClock",
        "PRESETS",
        "Playground",
        "Profile",
        "ShellDisconnected",
        "VirtualDevice",
        "VirtualShell",
        "make_virtual_device",
        "parse_profile",
    ]
