"""RecordingSession on the virtual phone: record, see deltas, export, replay, restore."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deltarec.core.devices.replay import ReplayDevice
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import StepFailedError
from deltarec.core.executor import parse_script
from deltarec.core.recorder.session import RecordingSession, find_unfinished
from tests.core.recorder.recordings import _center, _fresh


def new_session(tmp_path: Path) -> RecordingSession:
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                           clock=clock, sleep=clock.advance)  # fmt: skip
    rec.start()
    return rec


def record_sign_up(rec: RecordingSession) -> None:
    rec.record_tap(*_center(rec, "Sign up"))
    rec.record_tap(*_center(rec, "Name", "textbox"))
    rec.record_type("Ada")
    rec.record_tap(*_center(rec, "Save", "button"))
    rec.record_tap(*_center(rec, "Cancel", "button"))


def test_a_recorded_flow_has_selectors_and_deltas(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    record_sign_up(rec)
    commands = [s.command for s in rec.steps]
    assert commands == ["AC_tap", "AC_tap", "AC_type_text", "AC_tap", "AC_tap"]
    assert rec.steps[1].params["selector"]["resource_id"].endswith(":id/name")
    assert '(text: "Name"→"Ada")' in rec.steps[2].delta
    assert "dialog" in rec.steps[3].delta.splitlines()[0]
    assert rec.steps[4].delta.startswith("- dialog")
    labels = [s.label for s in rec.steps[3].suggestions]
    assert any(label.startswith("dialog") for label in labels)


def test_delta_observation_step_and_assert_from_a_suggestion(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    rec.record_tap(*_center(rec, "Settings"))
    toggle = rec.record_tap(*_center(rec, "Airplane mode", "switch"))
    delta_step = rec.record_delta(max_lines=5)
    assert delta_step.command == "AC_delta_observation" and delta_step.label.startswith(
        "Observation"
    )
    suggestion = next(s for s in toggle.suggestions if "checked" in s.params)
    check = rec.add_suggestion(suggestion)
    assert check.command == "AC_assert" and check.status == "recorded"


def test_a_failed_step_is_not_recorded_and_loses_nothing(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    rec.record_tap(*_center(rec, "Sign up"))
    with pytest.raises(StepFailedError):
        rec.record("AC_tap", {"selector": {"text": "No such thing"}, "timeout": 1})
    assert len(rec.steps) == 1
    assert len(parse_script(rec.script().to_json()).steps) == 1


def test_export_pytest_runs_green_against_the_virtual_phone(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    record_sign_up(rec)
    rec.name = '"); import os; os.system("x") #\x00²\ud800'
    out = rec.export(tmp_path / "test_recorded.py", "pytest")
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith('# "); import os; os.system("x") #\\x00²\\ud800: recorded')
    env = dict(os.environ, DELTAREC_DEVICE="virtual", ADBUTILS_ADB_PATH="/bin/false")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(out)],
                         capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    script = rec.export(tmp_path / "s.py", "python")
    ran = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_replay_on_a_fresh_phone_and_on_the_bundle(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    record_sign_up(rec)
    clock = ManualClock()
    assert rec.replay(make_virtual_device(clock=clock)) is True
    assert {s.status for s in rec.steps} == {"passed"}
    assert rec.replay(ReplayDevice(rec.bundle.root)) is True


def test_crash_restore_keeps_every_completed_step(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    rec.record_tap(*_center(rec, "Sign up"))
    rec.record_tap(*_center(rec, "Name", "textbox"))
    # the process dies here: no close()
    assert find_unfinished(tmp_path) == [rec.bundle.root]
    clock = ManualClock()
    again = RecordingSession.restore(rec.bundle.root, make_virtual_device(clock=clock),
                                     clock=clock, sleep=clock.advance)  # fmt: skip
    assert [s.label for s in again.steps] == [s.label for s in rec.steps]
    again.close()
    assert find_unfinished(tmp_path) == []


def test_editing_steps_is_validated_and_autosaved(tmp_path: Path) -> None:
    rec = new_session(tmp_path)
    record_sign_up(rec)
    rec.move_step(4, 3)
    rec.delete_step(4)
    rec.update_params(2, {"text": "Grace"})
    with pytest.raises(Exception, match=r"\$\[0\]\[1\]"):
        rec.update_params(0, {"selector": 5})
    saved = (rec.bundle.root / "script.json").read_text()
    assert '"Grace"' in saved and len(parse_script(__import__("json").loads(saved)).steps) == 4


def test_delta_step_shows_what_changed_since_the_last_step_with_the_same_numbers(
    tmp_path: Path,
) -> None:
    rec = new_session(tmp_path)
    rec.record_tap(*_center(rec, "Sign up"))
    field = rec.record_tap(*_center(rec, "Name", "textbox"))
    typed = rec.record_type("Ada")
    delta_step = rec.record_delta()
    assert delta_step.delta == "no change"  # nothing happened since the typing step
    assert typed.delta.splitlines()[0].startswith("~ [")
    number = typed.delta.split("]")[0]
    assert number in field.delta or "focus" in field.delta


def test_a_cut_delta_step_keeps_every_line_from_one_capture(tmp_path: Path) -> None:
    clock = ManualClock()
    device = make_virtual_device(clock=clock)
    rec = RecordingSession(device, tmp_path / "rec", clock=clock, sleep=clock.advance,
                           screenshots=False)  # fmt: skip
    rec.start()
    _fresh(rec)
    device.tap(*_center(rec, "Inbox"))  # the phone changes by itself
    captures = device.injector.calls
    step = rec.record_delta(max_lines=3)
    assert step.delta.endswith("… (+12 more)")
    assert len(step.delta_all.splitlines()) == 15
    assert device.injector.calls == captures + 1  # the whole text did not capture again
