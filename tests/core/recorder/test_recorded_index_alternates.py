"""A recorded ``[i]`` alternate carries what it meant, so a replay never acts on another element."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deltarec.core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import RunReport, Selector, Session, load_script, run_steps
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node
from deltarec.core.observer import index_frame
from deltarec.core.recorder.session import RecordingSession
from tests.core.executor.conftest import APP


def record_airplane_tap(tmp_path: Path) -> RecordingSession:
    """Record, from the launcher: open Settings, tap the Airplane mode switch."""
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                           clock=clock, sleep=clock.advance)  # fmt: skip
    rec.start()
    for role, name in (("button", "Settings"), ("switch", "Airplane mode")):
        assert rec.index is not None
        target = next(e for e in rec.index.elements if (e.role, e.name) == (role, name))
        rec.record_tap(*target.bounds.center)
    # The tap's checks ("Airplane mode" checked is true) cannot hold on a phone whose
    # airplane mode was on already; these tests are about which switch a replay taps.
    while rec.steps[1].checks:
        rec.remove_check(1, 0)
    return rec


def switch(device: VirtualDevice, name: str) -> Node:
    """The switch labelled ``name`` on the device's screen now."""
    screen = index_frame(Frame(device.capture()))
    return next(
        screen.frame.nodes[e.pos] for e in screen.elements if (e.role, e.name) == ("switch", name)
    )


def airplane_already_on() -> VirtualDevice:
    """A phone on the launcher whose Airplane row differs from the recording's (its key too)."""
    device = make_virtual_device(clock=ManualClock())
    device.launch_app(APP, ".SettingsActivity")
    device.tap(*switch(device, "Airplane mode").bounds.center)
    assert switch(device, "Airplane mode").checked
    device.press_key("home")
    return device


def replay(device: VirtualDevice, steps: list[Any]) -> RunReport:
    clock = ManualClock(0)
    session = Session(device, clock=clock, sleep=clock.advance)
    return run_steps(load_script(json.dumps(steps)), session)


def test_the_index_alternate_records_the_name_and_role_it_meant(tmp_path: Path) -> None:
    params = record_airplane_tap(tmp_path).steps[1].params
    selector = params["selector"]
    assert list(selector) == ["key", "alternates"]
    assert selector["alternates"] == [{"index": 12, "name": "Airplane mode", "role": "switch"}]
    # The shape is the selector's own fields: the script validates, and reads back the same.
    load_script(json.dumps([["AC_tap", params]]))
    assert Selector.from_json(selector).to_json() == selector


def test_a_replay_never_taps_another_element_for_the_recorded_one(tmp_path: Path) -> None:
    """Replayed, the key no longer resolves (the Airplane row differs) and the launcher was
    never shown, so Settings is numbered afresh: [15] is the Mobile data switch. Numbers are
    a session's, so the alternate goes by the name it recorded: the one switch "Airplane
    mode" is tapped, never the Mobile data switch that holds [15] now."""
    rec = record_airplane_tap(tmp_path)
    device = airplane_already_on()
    assert rec.replay(device)
    assert [s.status for s in rec.steps] == ["passed", "passed"]
    assert not switch(device, "Airplane mode").checked  # it was on: the recorded one was tapped


def test_an_index_alternate_whose_name_is_on_no_element_fails_and_taps_nothing(
    tmp_path: Path,
) -> None:
    rec = record_airplane_tap(tmp_path)
    key = rec.steps[1].params["selector"]["key"]
    device = airplane_already_on()
    steps = [["AC_launch_app", {"package": APP, "activity": ".SettingsActivity"}],
             ["AC_tap", {"selector": {"key": key, "alternates": [
                 {"index": 15, "name": "Flight mode", "role": "switch"}]}}]]  # fmt: skip
    report = replay(device, steps)
    assert not report.ok
    error = report.failures[0].error or ""
    assert error.endswith(
        f'; tried: selector {{key="{key}"}}, alternate 0 {{index=15, name="Flight mode",'
        ' role="switch"}: not found ([15] is switch "Mobile data")'
    ), error
    assert switch(device, "Airplane mode").checked  # nothing was tapped


def test_the_index_alternate_still_rescues_a_step_when_it_is_the_recorded_element(
    tmp_path: Path,
) -> None:
    """Shown the launcher first, as the recording was, [12] is the Airplane switch again."""
    rec = record_airplane_tap(tmp_path)
    device = airplane_already_on()
    steps = [["AC_describe_screen"], *rec.script().to_json()]
    report = replay(device, steps)
    assert report.ok, [r.error for r in report.failures]
    rescued = report.results[2]
    assert rescued.result["alternate"] == 0
    assert rescued.result["element"] == '[12] switch "Airplane mode"'
    assert not switch(device, "Airplane mode").checked  # it was on; the replay turned it off


@pytest.mark.parametrize(
    ("selector", "path", "problem"),
    [
        ({"index": 12}, None, None),  # recorded before: a bare index still validates
        ({"index": 15, "name": "Airplane mode", "role": "switch"}, None, None),
        ({"index": 15, "name": 3}, ".name", "expected a string"),
        ({"index": 15, "role": ""}, ".role", "must not be empty"),
        ({"index": 15, "meant": "Airplane"}, ".meant", "unknown selector field"),
    ],
)
def test_index_alternates_validate_strictly(
    selector: dict[str, Any], path: str | None, problem: str | None
) -> None:
    script = [["AC_tap", {"selector": {"key": "k", "alternates": [selector]}}]]
    if path is None:
        load_script(json.dumps(script))
        return
    with pytest.raises(ScriptValidationError) as caught:
        load_script(json.dumps(script))
    assert caught.value.path == f"$[0][1].selector.alternates[0]{path}"
    assert problem is not None and problem in caught.value.problem
