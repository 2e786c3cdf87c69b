"""Recordings made on the virtual phone, shared by the export tests (fake clock: no real waits).

Each starts by force-stopping and launching the Playground, so it replays from any
state (on a phone a worker keeps for a whole xdist session, too).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from deltarec.core.devices.virtual import (
    ManualClock,
    Playground,
    VirtualDevice,
    make_virtual_device,
)
from deltarec.core.executor import Script
from deltarec.core.recorder.session import RecordingSession

APP = "dev.deltarec.playground"


def on_activity(tmp_path: Path, activity: str) -> tuple[RecordingSession, Playground]:
    """A recording (no screenshots) whose first step launches the Playground's ``activity``,
    and the phone it records on."""
    clock = ManualClock()
    pg = Playground(clock)
    rec = RecordingSession(VirtualDevice(pg), tmp_path / "rec", clock=clock, sleep=clock.advance,
                           screenshots=False)  # fmt: skip
    rec.start()
    rec.record("AC_launch_app", {"package": APP, "activity": activity})
    return rec, pg


def _center(rec: RecordingSession, name: str, role: str | None = None) -> tuple[int, int]:
    assert rec.index is not None
    hit = [e for e in rec.index.elements if e.name == name and (role is None or e.role == role)]
    assert len(hit) >= 1, [e.name for e in rec.index.elements]
    return hit[0].bounds.center


def _fresh(rec: RecordingSession) -> None:
    rec.record("AC_stop_app", {"package": APP})
    rec.record("AC_launch_app", {"package": APP})


def sign_up(rec: RecordingSession) -> None:
    """Sign up: tap, type into the focused field, fill another (clears), save, cancel."""
    _fresh(rec)
    rec.record_tap(*_center(rec, "Sign up"))
    rec.record_tap(*_center(rec, "Name", "textbox"))
    rec.record_type("Ada")
    rec.record("AC_type_text", {"selector": {"resource_id": "email"}, "text": "ada@x.org",
                                "clear": True})  # fmt: skip
    rec.record_tap(*_center(rec, "Save", "button"))
    rec.record_tap(*_center(rec, "Cancel", "button"))


def airplane(rec: RecordingSession) -> None:
    """Settings: toggle two switches."""
    _fresh(rec)
    rec.record_tap(*_center(rec, "Settings"))
    rec.record_tap(*_center(rec, "Bluetooth", "switch"))
    rec.record_tap(*_center(rec, "Dark theme", "switch"))


def inbox(rec: RecordingSession) -> None:
    """Inbox: scroll the list by a drag and by a swipe, then open a message."""
    _fresh(rec)
    rec.record_tap(*_center(rec, "Inbox"))
    rec.record_swipe(540, 1800, 540, 900)
    rec.record("AC_swipe", {"direction": "up", "distance": 600})
    rec.record_tap(*_center(rec, "Re: build is green #18"))


def round_trip(rec: RecordingSession) -> None:
    """Into two screens and back from each: every Back returns to a screen seen before
    (its delta reads ``» back to …``, then what differs from the remembered frame)."""
    _fresh(rec)
    rec.record_tap(*_center(rec, "Settings"))
    rec.record_key("back")
    rec.record_tap(*_center(rec, "Sign up"))
    rec.record_key("back")


RECORDINGS: dict[str, Callable[[RecordingSession], None]] = {
    "sign_up": sign_up,
    "airplane": airplane,
    "inbox": inbox,
}
"""The xdist suite's recordings (tests/deltarec/suite.py: two tests each)."""

EVERY: dict[str, Callable[[RecordingSession], None]] = {**RECORDINGS, "round_trip": round_trip}
"""Every recording, for the export and replay tests."""


def record(kind: str, folder: Path, *, name: str = "recording") -> RecordingSession:
    """Record ``kind`` on a fresh virtual phone into ``folder``."""
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), folder, name=name,
                           clock=clock, sleep=clock.advance, screenshots=False)  # fmt: skip
    rec.start()
    EVERY[kind](rec)
    return rec


def script(kind: str, folder: Path) -> Script:
    return record(kind, folder).script()
