"""settle() with scripted captures and a fake clock (no real waiting)."""

from __future__ import annotations

from dataclasses import replace

from deltarec.core.devices.settle import settle
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.devices.window_state import WindowState
from deltarec.core.errors import DeviceError
from deltarec.core.observe.model import Bounds, Observation
from tests.core.trees import list_screen


class Scripted:
    """A device whose captures come from a list (the last one repeats)."""

    serial = "scripted"

    def __init__(self, frames: list[Observation]) -> None:
        self.frames = frames
        self.calls = 0

    def capture(self) -> Observation:
        frame = self.frames[min(self.calls, len(self.frames) - 1)]
        self.calls += 1
        return frame


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_settles_when_two_captures_agree() -> None:
    t = FakeTime()
    device = Scripted(
        [list_screen(0, 5, 40), list_screen(0, 5, 20), list_screen(0, 5), list_screen(0, 5)]
    )
    result = settle(device, timeout=3, interval=0.25, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert result.settled and result.captures == 4 and result.elapsed == 0.75
    assert result.observation == list_screen(0, 5)


def test_reports_not_settled_after_the_timeout() -> None:
    t = FakeTime()
    frames = [list_screen(0, 5, i) for i in range(100)]
    result = settle(Scripted(frames), timeout=1, interval=0.25, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert not result.settled and result.elapsed >= 1


def test_virtual_phone_clock_does_not_prevent_settling() -> None:
    clock = ManualClock()
    device = make_virtual_device(clock=clock)
    t = FakeTime()

    def sleep(seconds: float) -> None:
        t.sleep(seconds)
        clock.advance(61)  # the status-bar clock ticks between captures

    first = settle(device, timeout=5, interval=0.5, clock=t.clock, sleep=sleep)
    assert first.settled and first.captures == 3
    assert ("id:com.android.systemui:id/clock", "text") in first.volatile.per_element
    again = settle(
        device, timeout=5, interval=0.5, volatile=first.volatile, clock=t.clock, sleep=sleep
    )
    assert again.settled
    assert replace(again.observation, captured_at=None).windows


# -- one capture when the window probe agrees ---------------------------------------


class Probed(Scripted):
    """Scripted captures plus a window probe whose answers come from a list."""

    def __init__(self, frames: list[Observation], states: list[WindowState]) -> None:
        super().__init__(frames)
        self.states = states
        self.probes = 0

    def window_state(self) -> WindowState:
        state = self.states[min(self.probes, len(self.states) - 1)]
        self.probes += 1
        return state


APP = replace(list_screen(0, 5), package="com.x", activity="com.x.Main")
AGREES = WindowState("com.x", "com.x.Main")


def test_one_capture_when_the_probe_agrees_on_a_screen_already_seen() -> None:
    t = FakeTime()
    device = Probed([APP], [AGREES])
    result = settle(device, since=APP, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert (result.captures, device.probes, result.settled, result.probed) == (1, 1, True, True)
    assert result.elapsed == 0


def test_a_transition_under_way_falls_back_to_two_agreeing_captures() -> None:
    t = FakeTime()
    moved = replace(list_screen(0, 5, 20), package="com.x", activity="com.x.Detail")
    device = Probed([APP, moved, moved], [WindowState("com.x", "com.x.Detail")])
    result = settle(device, since=APP, interval=0.25, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert result.captures == 3 and not result.probed
    assert result.observation.activity == "com.x.Detail"


def test_a_keyboard_still_opening_falls_back() -> None:
    t = FakeTime()
    opening = WindowState("com.x", "com.x.Main", keyboard=Bounds(0, 1530, 1080, 2400))
    device = Probed([APP, APP], [opening])
    result = settle(device, since=APP, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert result.captures == 2 and not result.probed


def test_a_new_screen_or_no_since_takes_two_captures_to_learn_its_churn() -> None:
    t = FakeTime()
    elsewhere = replace(APP, activity="com.x.Other")
    for since in (None, elsewhere):
        device = Probed([APP, APP], [AGREES])
        result = settle(device, since=since, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
        assert result.captures == 2 and device.probes == 0


def test_a_failing_probe_falls_back() -> None:
    class Broken(Probed):
        def window_state(self) -> WindowState:
            raise DeviceError("dumpsys window: Can't find service")

    t = FakeTime()
    result = settle(Broken([APP, APP], []), since=APP, clock=t.clock, sleep=t.sleep)  # type: ignore[arg-type]
    assert result.captures == 2 and result.settled


def test_the_virtual_phone_settles_a_step_with_one_capture() -> None:
    device = make_virtual_device(clock=ManualClock())
    device.launch_app("dev.deltarec.playground", ".SettingsActivity")
    first = settle(device, sleep=lambda _s: None)
    switch = next(n for n in first.observation.walk() if n.role == "switch")
    device.tap(*switch.bounds.center)
    result = settle(device, since=first.observation, sleep=lambda _s: None)
    assert result.captures == 1 and result.probed
    assert result.observation != first.observation
