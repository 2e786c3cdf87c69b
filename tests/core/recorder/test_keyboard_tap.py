"""Taps on the on-screen keyboard are recorded as the typing they did, and replay to the
same field text (virtual phone, fake clock: no real waits)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.devices.virtual.keyboard import key_center
from deltarec.core.errors import StepFailedError
from deltarec.core.executor import Session, parse_script, run_steps
from deltarec.core.recorder.keyboard import Keystroke, Typed, focused_field, keystroke
from deltarec.core.recorder.session import RecordingSession
from tests.core.recorder.recordings import _center, _fresh


def sign_up(tmp_path: Path) -> RecordingSession:
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                           clock=clock, sleep=clock.advance, screenshots=False)  # fmt: skip
    rec.start()
    _fresh(rec)
    rec.record_tap(*_center(rec, "Sign up"))
    rec.record_tap(*_center(rec, "Name", "textbox"))
    return rec


def keys(rec: RecordingSession, *labels: str) -> list[str]:
    return [rec.record_keyboard_tap(*key_center(label)).kind for label in labels]


def field_text(rec: RecordingSession) -> str:
    assert rec.screen is not None
    field = focused_field(rec.screen)
    return "" if field is None else field.text


def replayed_name(rec: RecordingSession) -> str:
    clock = ManualClock()
    device = make_virtual_device(clock=clock)
    session = Session(device, clock=clock, sleep=clock.advance)
    report = run_steps(parse_script(rec.script().to_json()), session, policy="none")
    assert report.ok, [r.error for r in report.failures]
    obs = device.capture()
    return next(n.text for n in obs.walk() if n.resource_id.endswith("name"))


def test_keys_join_the_typing_step_typed_in_the_box(tmp_path: Path) -> None:
    rec = sign_up(tmp_path)
    rec.record_type("Ad")
    rows = len(rec.steps)
    assert keys(rec, "a") == ["merged"]
    assert len(rec.steps) == rows
    step = rec.steps[-1]
    assert (step.command, step.params, step.label) == (
        "AC_type_text",
        {"text": "Ada"},
        'type "Ada"',
    )
    assert step.delta == (  # from before the typing step, the numbers the person saw
        '~ [6] textbox "Ada" (text: "Name"→"Ada")\n~ [10] button "Save" (enabled: false→true)'
    )
    assert replayed_name(rec) == "Ada"


def test_keys_alone_start_a_typing_step_and_never_record_a_tap(tmp_path: Path) -> None:
    rec = sign_up(tmp_path)
    rows = len(rec.steps)
    # The empty field shows its hint ("Name") as its text; one key cannot delete three letters.
    assert keys(rec, "b", "o", "b") == ["added", "merged", "merged"]
    assert len(rec.steps) == rows + 1
    assert not any(s.command == "AC_tap" and "x" in s.params for s in rec.steps)
    assert rec.steps[-1].params == {"text": "bob"}  # typed into an empty field
    assert rec.steps[-1].label == 'type "bob"'
    assert field_text(rec) == "bob"
    assert replayed_name(rec) == "bob"


def test_delete_shortens_the_step_and_deleting_all_of_it_leaves_no_step(tmp_path: Path) -> None:
    rec = sign_up(tmp_path)
    rec.record_type("Ab")
    rows = len(rec.steps)
    assert keys(rec, "del") == ["merged"]
    assert rec.steps[-1].params == {"text": "A"}
    assert keys(rec, "del") == ["removed"]
    assert len(rec.steps) == rows - 1
    assert field_text(rec) == "Name"  # the hint again
    assert replayed_name(rec) == "Name"


def test_deleting_what_was_there_before_replaces_the_field_text(tmp_path: Path) -> None:
    rec = sign_up(tmp_path)
    rec.record_type("Ada")
    rec.record_tap(*_center(rec, "Email", "textbox"))  # another step: no more joining
    rec.record_tap(*_center(rec, "Ada", "textbox"))
    assert keys(rec, "del", "m") == ["added", "merged"]
    step = rec.steps[-1]
    assert step.params["clear"] is True and step.params["text"] == "Adm"
    assert step.label == 'fill textbox "Ada" with "Adm"'
    assert step.params["selector"]  # a replacement names its field
    assert replayed_name(rec) == "Adm"


def test_go_moves_the_focus_and_is_recorded_as_enter(tmp_path: Path) -> None:
    rec = sign_up(tmp_path)
    rec.record_type("Ada")
    assert keys(rec, "go") == ["added"]
    assert rec.steps[-1].command == "AC_press_key" and rec.steps[-1].params == {"key": "enter"}
    assert rec.steps[-2].params == {"text": "Ada"}  # the typing step is untouched


def test_a_key_with_no_field_focused_presses_nothing(tmp_path: Path) -> None:
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                           clock=clock, sleep=clock.advance, screenshots=False)  # fmt: skip
    rec.start()
    rec.device.take_actions()
    with pytest.raises(StepFailedError, match="no field is focused"):
        rec.record_keyboard_tap(*key_center("a"))
    assert rec.device.take_actions() == [] and rec.steps == []


@settings(max_examples=200)
@given(
    start=st.text("ab", max_size=4),
    edits=st.lists(st.one_of(st.sampled_from(["del"]), st.text("abc", min_size=1, max_size=1))),
)
def test_typing_always_ends_where_the_field_does(start: str, edits: list[str]) -> None:
    """Invariant: replaying the step (clear, then type) leaves the field as the keys did."""
    hint = "Hint"
    field = start
    typed = Typed()
    for edit in edits:
        before = field or hint
        field = field[:-1] if edit == "del" else field + edit
        typed = typed.then(keystroke(before, field or hint, typing=typed != Typed()))
    replay = typed.text if typed.clear else start + typed.text
    assert replay == field


def test_keystroke_reads_one_key() -> None:
    assert keystroke("Ad", "Ad", typing=True) == Keystroke("none")
    assert keystroke("Hint", "x", typing=False) == Keystroke("append", "x")  # was empty
    assert keystroke("Ada", "Adz", typing=False) == Keystroke("replace", "Adz")
