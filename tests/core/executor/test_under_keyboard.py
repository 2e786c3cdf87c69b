"""A target under the on-screen keyboard is not tapped (it would type a key): warn instead."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from deltarec.core.devices.virtual import ManualClock, VirtualDevice
from deltarec.core.errors import StepFailedError
from deltarec.core.executor import Session
from deltarec.core.executor.commands.mutating import Tap, TypeText
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Observation
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.session import RecordingSession

APP = "dev.deltarec.playground"
KEYBOARD = Bounds(0, 1200, 1080, 2400)


class PanningPhone(VirtualDevice):
    """A phone whose app pans instead of resizing: its keyboard covers content still in the
    dump (the Playground resizes, so the keyboard is reported over its lower half)."""

    covered = False
    frame = KEYBOARD

    def capture(self) -> Observation:
        obs = super().capture()
        return replace(obs, keyboard=self.frame) if self.covered else obs


def _low_switch(obs: Observation) -> tuple[dict[str, object], int]:
    """A selector for a switch whose centre lies under :data:`KEYBOARD`, and that centre's y."""
    frame = Frame(obs)
    low = [
        i
        for i, n in enumerate(frame.nodes)
        if n.role == "switch" and KEYBOARD.contains_point(*n.bounds.center)
    ]
    assert low, "Settings has a switch below y=1200"
    return dict(selector_for(frame, low[0])), frame.nodes[low[0]].bounds.center[1]


def _phone() -> PanningPhone:
    phone = PanningPhone()
    phone.launch_app(APP, ".SettingsActivity")
    return phone


def test_a_tap_under_the_keyboard_warns_and_taps_nothing() -> None:
    phone = _phone()
    clock = ManualClock(0)
    session = Session(phone, clock=clock, sleep=clock.advance)
    selector, _ = _low_switch(phone.capture())
    before = phone.playground.dump_xml()
    phone.covered = True
    outcome = session.execute(Tap.parse({"selector": selector}, "$"))
    assert outcome.ok and outcome.result["performed"] is False
    assert any("under the keyboard (y 1200–2400)" in w and "Back" in w for w in outcome.warnings)
    phone.covered = False
    assert phone.playground.dump_xml() == before  # the switch did not toggle
    done = session.execute(Tap.parse({"selector": selector}, "$"))
    assert done.ok and "performed" not in done.result
    assert phone.playground.dump_xml() != before


def test_the_recorder_records_nothing_and_suggests_back_or_a_scroll(tmp_path: Path) -> None:
    phone = _phone()
    clock = ManualClock()
    rec = RecordingSession(phone, tmp_path / "rec", clock=clock, sleep=clock.advance)
    rec.start()
    assert rec.index is not None
    _, y = _low_switch(rec.index.frame.obs)
    x = next(e for e in rec.index.elements if e.role == "switch" and e.bounds.center[1] == y)
    phone.covered = True
    with pytest.raises(StepFailedError, match="press Back to close the keyboard or scroll"):
        rec.record_tap(*x.bounds.center)
    assert rec.steps == []


def test_typing_into_a_field_under_the_keyboard_fails_before_tapping_or_typing() -> None:
    phone = PanningPhone()
    phone.launch_app(APP, ".SignUpActivity")
    clock = ManualClock(0)
    session = Session(phone, clock=clock, sleep=clock.advance)
    frame = Frame(phone.capture())
    name = next(i for i, n in enumerate(frame.nodes) if n.role == "textbox")
    before = phone.playground.dump_xml()
    phone.covered, phone.frame = True, Bounds(0, 400, 1080, 2400)  # a tall keyboard, over Name
    outcome = session.execute(
        TypeText.parse({"selector": dict(selector_for(frame, name)), "text": "x"}, "$")
    )
    assert not outcome.ok and outcome.error is not None
    assert "under the keyboard" in outcome.error.reason
    phone.covered = False
    assert phone.playground.dump_xml() == before
