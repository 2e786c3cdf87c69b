"""Scripts replayed on the Playground phone: forms, dialogs, settings, scrolling, failures, effects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import StepFailedError
from deltarec.core.executor import RunReport, Script, Session, StepResult, run_steps
from tests.core.executor.conftest import launch, run
from tests.core.recorder.recordings import record

SIGN_UP = [
    ["AC_tap", {"selector": {"text": "Sign up"}}],
    ["AC_tap", {"selector": {"resource_id": "name"}}],
    ["AC_type_text", {"text": "Ada"}],
    ["AC_tap", {"selector": {"resource_id": "dev.deltarec.playground:id/newsletter"}}],
    ["AC_assert", {"selector": {"resource_id": "newsletter"}, "checked": True}],
    ["AC_tap", {"selector": {"text": "Save"}}],
    ["AC_wait_for", {"selector": {"role": "dialog"}}],
    [
        "AC_assert",
        {"selector": {"resource_id": "android:id/message"}, "text": "Create an account for Ada?"},
    ],
    ["AC_tap", {"selector": {"text": "Cancel"}}],
    ["AC_assert", {"selector": {"role": "dialog"}, "gone": True}],
]


def observations(report: RunReport) -> list[str | None]:
    return [r.observation for r in report.results]


def test_sign_up_form_with_a_dialog(session: Session) -> None:
    report = run(session, SIGN_UP)
    assert report.ok and report.passed == len(SIGN_UP), report.to_json()
    seen = observations(report)
    assert seen[0] is not None and seen[0].startswith("screen dev.deltarec.playground/")
    assert seen[1] == '+ keyboard opened (covers y 1530–2400)\n~ focus: none → [6] textbox "Name"'
    assert (
        seen[2]
        == '~ [6] textbox "Ada" (text: "Name"→"Ada")\n~ [10] button "Save" (enabled: false→true)'
    )
    assert seen[3] == '~ [9] checkbox "Send me news" (checked: false→true)'
    assert seen[4] is None  # an assertion does not observe
    assert seen[5] == (
        '+ [11] dialog "Save account?"\n+ [12] text "Create an account for Ada?"\n'
        '+ [13] button "Cancel"\n+ [14] button "OK"\n- keyboard closed'
    )
    assert seen[8] == '- dialog "Save account?" closed'
    assert report.results[1].result["element"] == '[6] textbox "Name"'


def test_type_text_into_a_selector_taps_it_first(session: Session) -> None:
    report = run(
        session,
        [
            launch("SignUpActivity"),
            ["AC_type_text", {"text": "ada@example.com", "selector": {"resource_id": "email"}}],
        ],
    )
    assert report.ok
    assert report.results[1].observation == (
        "+ keyboard opened (covers y 1530–2400)\n"
        '~ focus: none → [7] textbox "ada@example.com"\n'
        '~ [7] textbox "ada@example.com" (text: "Email"→"ada@example.com")'
    )


def test_settings_airplane_mode_disables_the_radios(session: Session) -> None:
    report = run(
        session,
        [
            launch("SettingsActivity"),
            ["AC_assert", {"selector": {"name": "Wi-Fi · On", "role": "button"}, "enabled": True}],
            ["AC_tap", {"selector": {"name": "Airplane mode · Off", "role": "button"}}],
            ["AC_wait_for", {"selector": {"name": "Wi-Fi", "role": "switch"}, "state": "disabled"}],
            [
                "AC_assert",
                {"selector": {"name": "Airplane mode", "role": "switch"}, "checked": True},
            ],
            [
                "AC_assert",
                {
                    "selector": {"name": "Wi-Fi · Airplane mode is on", "role": "button"},
                    "enabled": False,
                },
            ],
            [
                "AC_assert",
                {
                    "selector": {"name": "Bluetooth · Airplane mode is on", "role": "button"},
                    "enabled": False,
                },
            ],
            [
                "AC_assert",
                {"selector": {"name": "Dark theme · Off", "role": "button"}, "enabled": True},
            ],
        ],
    )
    assert report.ok, report.to_json()
    toggled = report.results[2].observation or ""
    assert '~ [6] switch "Airplane mode" (checked: false→true)' in toggled
    assert (
        '~ [8] button "Wi-Fi · Airplane mode is on" (was "…On", enabled: true→false)'
    ) in toggled


def test_inbox_scrolls_with_a_swipe(session: Session) -> None:
    report = run(
        session,
        [
            launch("InboxActivity"),
            [
                "AC_swipe",
                {"selector": {"resource_id": "inbox_list"}, "direction": "up", "distance": 500},
            ],
            ["AC_swipe", {"x1": 540, "y1": 1000, "x2": 540, "y2": 1500}],
        ],
    )
    assert report.ok
    down = report.results[1]
    assert down.result["from"] == [540, 1513] and down.result["to"] == [540, 1013]
    # the finger travels 500 px; the list, 500 less the touch slop (21 px)
    assert (down.observation or "").splitlines()[0] == (
        '↕ [5] list "inbox_list" scrolled down 479px (+3 rows, -3 rows)'
    )
    up = report.results[2].observation or ""
    assert up.startswith('↕ [5] list "inbox_list" scrolled up 479px')


def test_missing_selector_times_out_on_the_fake_clock_naming_what_it_saw(
    session: Session, clock: ManualClock
) -> None:
    report = run(
        session,
        [
            launch("SignUpActivity"),
            ["AC_tap", {"selector": {"text": "Submit"}, "timeout": 2}],
            ["AC_back"],
        ],
    )
    assert not report.ok and report.skipped == 1
    failed = report.results[1]
    assert failed.error == (
        'step 2 (AC_tap) failed: no element matches {text="Submit"} within 2s; saw SignUpActivity:'
        ' [0] text "9:41", [1] image "Wifi signal full.", [2] image "Battery 100 percent.",'
        ' [3] button "Navigate up", [4] text "Sign up", [5] text "Create your account",'
        ' [6] textbox "Name", [7] textbox "Email", … (+3 more); tried: selector {text="Submit"}'
    )
    assert failed.timing["toolMs"] == 2000
    assert failed.observation == "no change"  # policy all: a failed step shows where it left off


def test_ambiguous_selector_fails_at_once_listing_candidates(
    session: Session, clock: ManualClock
) -> None:
    report = run(session, [launch("SettingsActivity"), ["AC_tap", {"selector": {"name": "On"}}]])
    failed = report.results[1]
    assert failed.error is not None
    assert 'matches 3 elements: [10] text "On"; [16] text "On"; [20] text "On"' in failed.error
    assert failed.timing["toolMs"] == 0  # ambiguity is not waited on


def test_alternates_rescue_a_step_and_say_so(session: Session) -> None:
    selector = {"resource_id": "save_button", "alternates": [{"text": "Save", "role": "button"}]}
    report = run(session, [launch("SignUpActivity"), ["AC_tap", {"selector": selector}]])
    assert report.ok
    step = report.results[1]
    assert (
        step.result["alternate"] == 0 and step.result["selector"] == '{text="Save", role="button"}'
    )
    assert step.warnings == (
        'selector {resource_id="save_button"} failed; alternate {text="Save", role="button"}'
        ' resolved to [10] button "Save"',
        '[10] button "Save" is disabled',  # Save waits for a name
    )


def test_step_failed_error_names_step_command_and_what_was_tried(session: Session) -> None:
    selector = {"resource_id": "submit", "alternates": [{"text": "Submit"}, {"key": "nope"}]}
    report = run(
        session, [launch("SignUpActivity"), ["AC_tap", {"selector": selector, "timeout": 0}]]
    )
    with pytest.raises(StepFailedError) as caught:
        report.raise_for_failure()
    error = caught.value
    assert (error.step, error.command) == (1, "AC_tap")
    assert error.tried == (
        'selector {resource_id="submit"}',
        'alternate 0 {text="Submit"}',
        'alternate 1 {key="nope"}',
    )


def test_keep_going_and_progress(session: Session) -> None:
    progress: list[StepResult] = []
    steps: list[Any] = [
        launch("SignUpActivity"),
        ["AC_assert", {"selector": {"text": "Save"}, "enabled": True}],
        ["AC_tap", {"selector": {"resource_id": "name"}}],
    ]
    stopped = run(session, steps, on_progress=progress.append)
    assert [r.status for r in stopped.results] == ["passed", "failed"] and progress == list(
        stopped.results
    )
    assert "assertion enabled=true failed" in (stopped.results[1].error or "")
    assert "is enabled=false" in (stopped.results[1].error or "")
    kept = run(session, steps, keep_going=True)
    assert [r.status for r in kept.results] == ["passed", "failed", "passed"]
    assert kept.to_json()["failed"] == 1 and not kept.ok


def test_nothing_runs_when_any_step_is_invalid(session: Session) -> None:
    from deltarec.core.errors import ScriptValidationError

    with pytest.raises(ScriptValidationError):
        run(session, [["AC_home"], ["AC_tap", {"selector": {"text": 3}}]])
    assert session.latest is None
    assert session.device.current_app().package == "dev.deltarec.launcher"


# ------------------------------------------------------------------ effect checks


def recorded(session: Session, steps: list[Any]) -> Script:
    """Run ``steps`` and keep each mutating step's observation as its ``expect``."""
    report = run(session, steps)
    assert report.ok
    from deltarec.core.executor import Step

    return Script(
        tuple(
            Step(s[0], s[1] if len(s) > 1 else {}, r.observation)
            for s, r in zip(steps, report.results, strict=True)
        )
    )


def fresh_session() -> Session:
    clock = ManualClock(0)
    return Session(make_virtual_device(clock=ManualClock()), clock=clock, sleep=clock.advance)


def test_a_recorded_script_replays_with_its_effects(session: Session) -> None:
    script = recorded(session, SIGN_UP)
    assert script.steps[5].expect is not None and "dialog" in script.steps[5].expect
    report = run_steps(script, fresh_session(), policy="none")
    assert report.ok, report.to_json()


def test_a_step_with_no_effect_fails(session: Session) -> None:
    script = recorded(session, SIGN_UP)
    # Replay without typing the name: Save stays disabled and the tap does nothing.
    broken = Script(script.steps[:2] + script.steps[3:])
    report = run_steps(broken, fresh_session(), policy="none")
    failed = report.failures[0]
    assert failed.command == "AC_tap" and failed.step == 4
    assert failed.error == (
        'step 5 (AC_tap) failed: AC_tap on Save had no effect (expected: + [11] dialog "Save account?")'
    )
    assert failed.observation is None  # policy none: not even for failures
    warned = run_steps(broken, fresh_session(), effects="warn", keep_going=True)
    assert warned.results[4].ok and warned.results[4].warnings[-1].startswith(
        "AC_tap on Save had no effect"
    )
    assert not warned.ok  # the dialog never opened, so a later assertion fails


def test_a_clearly_different_effect_fails() -> None:
    from deltarec.core.executor import Step

    expect = '+ [11] dialog "Save account?"\n+ [13] button "Cancel"'
    script = Script(
        (
            Step(
                "AC_launch_app",
                {"package": "dev.deltarec.playground", "activity": ".SignUpActivity"},
            ),
            Step("AC_tap", {"selector": {"resource_id": "newsletter"}}, expect),
        )
    )
    report = run_steps(script, fresh_session(), policy="failures")
    failed = report.failures[0]
    assert "AC_tap on Send me news: expected a dialog to open" in (failed.error or "")
    # The caller never saw the screen (policy failures), so the failure shows all of it.
    assert (failed.observation or "").startswith("screen ")
    assert '[9] checkbox "Send me news" @(540,977) (checked)' in (failed.observation or "")


def test_a_back_to_a_remembered_screen_replays_on_a_fresh_phone(tmp_path: Path) -> None:
    # Recorded: Back returns to the Playground seen after step 2; its delta is
    # "» back to MainActivity …" then what differs from that frame (a ticking counter).
    script = record("round_trip", tmp_path).script()
    backs = [s.expect or "" for s in script.steps if s.command == "AC_back"]
    assert [b.splitlines()[0] for b in backs] == [
        '» back to MainActivity "Playground" (as after step 2)',
        '» back to MainActivity "Playground" (as after step 4)',
    ]
    report = run_steps(script, fresh_session(), policy="none")
    assert report.ok, [r.error for r in report.failures]


def test_a_back_that_reaches_another_screen_fails_naming_both(tmp_path: Path) -> None:
    script = record("round_trip", tmp_path).script()
    # Drop "tap Settings": Back now leaves the Playground for the launcher.
    broken = Script(script.steps[:2] + script.steps[3:])
    report = run_steps(broken, fresh_session(), policy="none")
    failed = report.failures[0]
    assert failed.step == 2 and failed.command == "AC_back"
    assert "expected the screen MainActivity; the replay reached" in (failed.error or "")
