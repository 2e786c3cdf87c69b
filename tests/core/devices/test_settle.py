"""settle() with scripted captures and a fake clock (no real waiting)."""

from __future__ import annotations

from dataclasses import replace

from core.devices.settle import settle
from core.devices.virtual import ManualClock, make_virtual_device
from core.model import Observation
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
