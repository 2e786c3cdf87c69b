"""``pm clear`` on the built-in phone, as a real phone does it: the app's data and state gone.

The generator drives the Playground through random launches, taps on whatever is
clickable, typing and Back, then clears the app over the real adb protocol
(AdbDevice → adbutils → FakeAdbServer → VirtualShell) or through VirtualDevice.
The oracle: the phone is exactly a fresh phone's (only the dump counter, the phone's
own, survives), the app is stopped, and its files are gone while other apps' stay.
A ``pm clear`` that only force-stops fails it as soon as a setting was changed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualDevice, VirtualShell
from deltarec.core.devices.virtual.layout import ACTIVITIES
from deltarec.core.devices.virtual.playground import APP_PACKAGE, LAUNCHER_PACKAGE, Playground
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.errors import DeviceError

Action = tuple[str, str | int]

ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.tuples(st.just("launch"), st.sampled_from(sorted(ACTIVITIES))),
    st.tuples(st.just("tap"), st.integers(0, 40)),
    st.tuples(st.just("type"), st.text("ab@. 1", min_size=1, max_size=6)),
    st.tuples(st.just("back"), st.just(0)),
)
VISITS: st.SearchStrategy[list[Action]] = st.lists(
    st.tuples(st.sampled_from(sorted(ACTIVITIES)), st.lists(ACTIONS, max_size=4)).map(
        lambda visit: [("launch", visit[0]), ("tap", len(visit[1])), *visit[1]]
    ),
    max_size=4,
).map(lambda visits: [a for visit in visits for a in visit])
"""Visits to the app's screens, each a launch, a tap and a few more actions."""


def act(device: VirtualDevice, actions: list[Action]) -> None:
    """Do ``actions`` on the phone; a tap picks the n-th clickable element on screen."""
    for verb, arg in actions:
        if verb == "launch":
            device.launch_app(APP_PACKAGE, f".{arg}")
        elif verb == "tap":
            hits = [n for n in device.capture().walk() if n.clickable and n.enabled]
            if hits:
                device.tap(*hits[int(arg) % len(hits)].bounds.center)
        elif verb == "type":
            device.type_text(str(arg))
        else:
            device.press_key("back")


@contextmanager
def served(playground: Playground) -> Iterator[tuple[VirtualShell, AdbDevice]]:
    shell = VirtualShell(playground, serial="virtual-clear")
    with FakeAdbServer([shell]) as server:
        yield shell, AdbDevice(shell.serial, port=server.port, timeout=10)
    assert not [t for t in threading.enumerate() if t.name.startswith("fakeadb")]


def fresh_but_counter(state: PhoneState) -> PhoneState:
    return PhoneState(dumps=state.dumps)


def test_pm_clear_over_adb_leaves_a_fresh_app_whatever_was_done_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    playground = Playground()
    phone = VirtualDevice(playground, serial="virtual-clear")
    changed: list[bool] = []
    with served(playground) as (shell, adb):

        @settings(max_examples=40, deadline=None)
        @given(VISITS)
        def check(actions: list[Action]) -> None:
            playground.state = PhoneState()
            shell.write_file(f"/data/data/{APP_PACKAGE}/shared_prefs/app.xml", b"<map/>")
            shell.write_file(f"/sdcard/Android/data/{APP_PACKAGE}/cache.bin", b"x")
            shell.write_file("/sdcard/Download/mine.txt", b"kept")
            act(phone, actions)
            changed.append(playground.state.settings != PhoneState().settings)
            adb.clear_app(APP_PACKAGE)
            assert playground.state == fresh_but_counter(playground.state)
            assert adb.current_app().package == LAUNCHER_PACKAGE  # stopped
            assert [p for p in shell.files if APP_PACKAGE in p] == []
            assert shell.read_file("/sdcard/Download/mine.txt") == b"kept"

        check()
    assert any(changed), "the generator never changed a setting: it could not find a weak clear"


@settings(max_examples=25, deadline=None)
@given(VISITS)
def test_clear_through_the_virtual_device_is_the_same_clear(actions: list[Action]) -> None:
    phone = VirtualDevice(Playground())
    act(phone, actions)
    phone.clear_app(APP_PACKAGE)
    assert phone.playground.state == fresh_but_counter(phone.playground.state)
    assert phone.current_app().package == LAUNCHER_PACKAGE


def test_stop_keeps_the_settings_clear_does_not() -> None:
    phone = VirtualDevice(Playground())
    phone.playground.state.settings.values["vibrate"] = True
    phone.stop_app(APP_PACKAGE)
    assert phone.playground.state.settings.values["vibrate"] is True  # preferences persist
    phone.clear_app(APP_PACKAGE)
    assert phone.playground.state.settings.values["vibrate"] is False


def test_an_unknown_package_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    with pytest.raises(DeviceError, match=r"com\.example\.nothere"):
        VirtualDevice(Playground()).clear_app("com.example.nothere")
    with served(Playground()) as (_, adb), pytest.raises(DeviceError) as caught:
        adb.clear_app("com.example.nothere")
    assert "clear com.example.nothere failed" in str(caught.value)
    with served(Playground()) as (_, adb), pytest.raises(DeviceError, match="package"):
        adb.clear_app("not a package; reboot")
