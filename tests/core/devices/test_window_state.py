"""The window probe: activity and keyboard from ``dumpsys window``, fetched beside the dump."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.latency import Latency
from deltarec.core.devices.virtual import Faults, Playground, VirtualShell, make_virtual_device
from deltarec.core.devices.window_state import parse_window_dump
from deltarec.core.observe.model import Bounds
from deltarec.core.observer import observe_delta

SIGNUP = ("dev.deltarec.playground", ".SignUpActivity")

ANDROID_9_HIDDEN = """
  Window #4 Window{8e1 u0 InputMethod}:
    mViewVisibility=0x8 mHaveFrame=true mObscured=false
    mHasSurface=false isReadyForDisplay()=false
    mFrame=[0,1200][1080,2160] last=[0,1200][1080,2160]
  mFocusedApp=AppWindowToken{4c token=Token{a ActivityRecord{b u0 com.x/.Main t7}}}
"""

ANDROID_9_SHOWN = ANDROID_9_HIDDEN.replace("0x8", "0x0").replace(
    "mHasSurface=false", "mHasSurface=true"
)


def test_focused_app_falls_back_to_the_focused_activity_record() -> None:
    state = parse_window_dump(ANDROID_9_HIDDEN)
    assert (state.package, state.activity, state.keyboard) == ("com.x", "com.x.Main", None)


def test_old_dumps_without_is_visible_use_view_visibility_and_surface() -> None:
    assert parse_window_dump(ANDROID_9_SHOWN).keyboard == Bounds(0, 1200, 1080, 2160)


def test_is_visible_wins_and_frame_spelling_varies() -> None:
    text = (
        "  Window #1 Window{1 u0 InputMethod}:\n"
        "    mViewVisibility=0x0\n    frame=[0,1500][1080,2400]\n    isVisible=false\n"
    )
    assert parse_window_dump(text).keyboard is None
    assert parse_window_dump(text.replace("false", "true")).keyboard == Bounds(0, 1500, 1080, 2400)


def test_no_ime_window_and_no_focus_is_an_empty_state() -> None:
    state = parse_window_dump("WINDOW MANAGER WINDOWS\n  mCurrentFocus=null\n")
    assert (state.package, state.activity, state.keyboard) == ("", "", None)


def test_a_popup_window_focus_keeps_its_title_and_no_activity() -> None:
    text = "  mCurrentFocus=Window{2f u0 PopupWindow:5a1}\n"
    state = parse_window_dump(text)
    assert state.focused_window == "PopupWindow:5a1" and state.activity == ""


@pytest.fixture
def served() -> Iterator[tuple[AdbDevice, Playground]]:
    playground = Playground()
    with FakeAdbServer([VirtualShell(playground, serial="emulator-5554")]) as server:
        device = AdbDevice("emulator-5554", port=server.port)
        yield device, playground
        device.close()


def test_adb_capture_knows_the_activity_and_the_keyboard(
    served: tuple[AdbDevice, Playground],
) -> None:
    device, _ = served
    device.launch_app(*SIGNUP)
    before = device.capture()
    assert before.activity == "dev.deltarec.playground.SignUpActivity"
    assert before.keyboard is None
    field = next(n for n in before.walk() if n.role == "textbox")
    device.tap(*field.bounds.center)
    after = device.capture()
    assert after.keyboard == Bounds(0, 1530, 1080, 2400)
    assert device.window_state().agrees_with(after)
    text = observe_delta(before, after).text
    assert text.splitlines()[0] == "+ keyboard opened (covers y 1530–2400)"
    device.press_key("back")
    assert observe_delta(after, device.capture()).text.splitlines()[0] == "- keyboard closed"


def test_the_probe_runs_while_the_dump_is_still_running() -> None:
    """The capture's latency waits until the probe has answered: only concurrency passes."""
    probed = threading.Event()

    def sleep(seconds: float) -> None:
        if seconds >= 1.0:  # the dump: finishes only once the probe got through
            assert probed.wait(10), "the window probe waited for the dump"
        else:
            probed.set()

    faults = Faults(latency=Latency(capture_s=1.5, probe_s=0.05, seed=1), sleep=sleep)
    shell = VirtualShell(Playground(), serial="emulator-5554", faults=faults)
    with FakeAdbServer([shell]) as server:
        device = AdbDevice("emulator-5554", port=server.port)
        obs = device.capture()
        device.close()
    assert obs.activity and probed.is_set()


def test_latency_is_seeded_jittered_and_slept_by_the_virtual_device() -> None:
    slept: list[float] = []
    latency = Latency(capture_s=1.5, probe_s=0.1, screenshot_s=0.4, jitter_s=0.3, seed=3)
    device = make_virtual_device(faults=Faults(latency=latency, sleep=slept.append))
    device.capture()
    device.window_state()
    device.screenshot()
    device.tap(1, 1)
    assert len(slept) == 3
    assert 1.2 <= slept[0] <= 1.8 and 0.07 <= slept[1] <= 0.13 and 0.1 <= slept[2] <= 0.7
    again: list[float] = []
    twin = make_virtual_device(faults=Faults(latency=latency, sleep=again.append))
    twin.capture()
    assert again[0] == slept[0]
    with pytest.raises(ValueError, match="capture_s"):
        Latency(capture_s=-1)


def test_the_keyboard_survives_the_diff_and_observation_json() -> None:
    from dataclasses import replace

    from deltarec.core import apply_diff, diff_observations
    from deltarec.core.capture.jsonio import observation_from_json, observation_to_json
    from deltarec.core.errors import CaptureParseError

    device = make_virtual_device()
    device.launch_app(*SIGNUP)
    hidden = device.capture()
    shown = replace(hidden, keyboard=Bounds(0, 1530, 1080, 2400))
    for a, b in ((hidden, shown), (shown, hidden)):
        diff = diff_observations(a, b)
        assert diff["fields"]["keyboard"] == {
            "from": None if a.keyboard is None else [0, 1530, 1080, 2400],
            "to": None if b.keyboard is None else [0, 1530, 1080, 2400],
        }
        assert apply_diff(a, diff).keyboard == b.keyboard
    assert observation_from_json(observation_to_json(shown)).keyboard == shown.keyboard
    assert "keyboard" not in observation_to_json(hidden)
    bad = {**observation_to_json(shown), "keyboard": [0, 1]}
    with pytest.raises(CaptureParseError, match=r"\$\.keyboard"):
        observation_from_json(bad)
