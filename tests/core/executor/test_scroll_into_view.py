"""Scroll until visible (issue 22): a tap on a row of a list replays wherever the list stands.

The generator puts the Inbox at any scroll position and taps any message row by the
selector the recorder writes for it, with ``scroll_in`` naming the list: the tap must open
that row's message, or fail (bounded) naming the row and the list.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.logging_device import LoggingDevice
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.devices.virtual.screen_inbox import is_header, is_promo, subject
from deltarec.core.errors import StepFailedError
from deltarec.core.executor import Session, load_script, parse_script, run_steps
from deltarec.core.executor.registry import lookup
from deltarec.core.recorder.session import RecordingSession

LIST = {"resource_id": "dev.deltarec.playground:id/inbox_list"}
ROWS = [i for i in range(1, 70) if not is_header(i) and not is_promo(i)]


def _inbox(offset: int) -> tuple[Session, LoggingDevice]:
    """A fresh phone on the Inbox, its list scrolled down by ``offset`` pixels (a shorter
    swipe than the touch slop would be a tap)."""
    clock = ManualClock()
    device = LoggingDevice(make_virtual_device(clock=clock))
    session = Session(device, clock=clock, sleep=clock.advance)
    steps: list[Any] = [["AC_tap", {"selector": {"content_desc": "Inbox"}}]]
    if offset:
        steps.append(["AC_swipe", {"selector": LIST, "direction": "up", "distance": offset}])
    assert run_steps(parse_script(steps), session).ok
    device.take_actions()
    return session, device


def _tap(session: Session, params: dict[str, Any]) -> Any:
    command = lookup(session.commands, "AC_tap", "$[0]").parse(params, "$[1]")
    return session.execute(command, step=0)


def test_the_list_selector_is_the_one_the_recorder_writes(tmp_path: Any) -> None:
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path, clock=clock,
                           sleep=clock.advance, screenshots=False)  # fmt: skip
    rec.start()
    assert rec.index is not None
    rec.record_tap(*next(e for e in rec.index.elements if e.name == "Inbox").bounds.center)
    rec.record_swipe(540, 2000, 540, 600)
    row = next(e for e in rec.index.elements if e.role == "text" and "#" in e.name)
    step = rec.record_tap(*row.bounds.center)
    assert step.params["scroll_in"]["resource_id"] == LIST["resource_id"]
    assert step.params["scroll_direction"] == "up"  # the way the recording swiped the list


@settings(max_examples=30, deadline=None)
@given(row=st.sampled_from(ROWS), offset=st.one_of(st.just(0), st.integers(100, 6000)))
def test_a_row_is_scrolled_into_view_from_anywhere_and_tapped(row: int, offset: int) -> None:
    session, device = _inbox(offset)
    tops_before = offset  # rows above the viewport are behind: the recorded way is "down"
    direction = "up" if row * 170 >= tops_before else "down"
    outcome = _tap(session, {"selector": {"text": subject(row)}, "scroll_in": LIST,
                             "scroll_direction": direction, "max_swipes": 20})  # fmt: skip
    assert outcome.ok, outcome.error
    swipes = [a for a in device.take_actions() if a["kind"] == "swipe"]
    assert len(swipes) <= 20
    assert session.device.current_app().activity.endswith("MessageActivity")
    assert any(n.text == subject(row) for n in session.settle().walk())


def test_the_wrong_way_turns_at_the_end_of_the_list() -> None:
    session, _ = _inbox(0)  # at the top: swiping "down" moves nothing
    outcome = _tap(session, {"selector": {"text": subject(25)}, "scroll_in": LIST,
                             "scroll_direction": "down"})  # fmt: skip
    assert outcome.ok, outcome.error
    assert session.device.current_app().activity.endswith("MessageActivity")


def test_a_row_that_never_shows_fails_naming_it_and_the_list_after_the_bound() -> None:
    session, device = _inbox(0)
    outcome = _tap(session, {"selector": {"text": "No such row"}, "scroll_in": LIST,
                             "max_swipes": 4})  # fmt: skip
    assert not outcome.ok
    assert isinstance(outcome.error, StepFailedError)
    message = str(outcome.error)
    assert '{text="No such row"} not found in {resource_id=' in message
    assert "after 4 swipes (up, up, up, up)" in message
    assert len([a for a in device.take_actions() if a["kind"] == "swipe"]) == 4


def test_a_row_on_screen_is_tapped_without_a_swipe() -> None:
    session, device = _inbox(0)
    outcome = _tap(session, {"selector": {"text": subject(1)}, "scroll_in": LIST})
    assert outcome.ok, outcome.error
    assert not [a for a in device.take_actions() if a["kind"] == "swipe"]


def test_scroll_in_needs_a_selector() -> None:
    with pytest.raises(Exception, match=r"scroll_in: only with a selector"):
        load_script('[["AC_tap", {"x": 1, "y": 2, "scroll_in": {"text": "a"}}]]')


def test_old_recordings_with_raw_pixels_still_replay() -> None:
    session, _ = _inbox(0)
    steps: list[Any] = [["AC_swipe", {"x1": 540, "y1": 1800, "x2": 540, "y2": 900}],
                        ["AC_tap", {"x": 540, "y": 1000}]]  # fmt: skip
    report = run_steps(parse_script(steps), session)
    assert report.ok, [str(r.error) for r in report.results]
    assert session.device.current_app().activity.endswith("MessageActivity")
