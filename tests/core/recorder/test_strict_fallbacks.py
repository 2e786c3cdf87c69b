"""Issue 21 item 7: taps are recorded on the clickable element, and a fallback selector only
ever resolves to the element it was recorded on (its role and name), or fails naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import ElementNotFoundError, StepFailedError
from deltarec.core.executor.selectors import Selector, find_all, resolve
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import index_frame
from deltarec.core.recorder.session import RecordingSession

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "bundles" / "sign-up"


def _session(tmp_path: Path) -> RecordingSession:
    clock = ManualClock()
    return RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                            clock=clock, sleep=clock.advance)  # fmt: skip


def _at(rec: RecordingSession, name: str) -> tuple[int, int]:
    assert rec.index is not None
    hits = [e for e in rec.index.elements if e.name == name]
    assert hits, name
    return hits[0].bounds.center


def test_a_tap_on_a_rows_text_is_recorded_on_the_row(tmp_path: Path) -> None:
    rec = _session(tmp_path)
    rec.start()
    rec.record_tap(*_at(rec, "Inbox"))
    assert rec.index is not None
    screen = rec.index
    step = rec.record_tap(*_at(rec, "Dennis"))
    selector = Selector.from_json(step.params["selector"])
    found = find_all(selector, screen)
    assert len(found) == 1  # unique on the screen it was recorded on
    assert screen.frame.nodes[found[0].pos].clickable  # the row, not its text
    assert "Dennis" in step.label and not step.label.startswith("tap text")
    long = rec.record_tap(*_at(rec, "Navigate up"))  # back to a list
    assert long.command == "AC_tap"


def test_a_fallback_never_taps_another_element_of_that_text() -> None:
    script = json.loads((FIXTURES / "script.json").read_text())
    selector = Selector.from_json(script[0][1]["selector"])  # tap button "Sign up"
    sign_up_screen = index_frame(Frame(_observation(1)))  # it has the title "Sign up"
    assert [m.role for m in find_all(Selector(text="Sign up"), sign_up_screen)] == ["text"]
    with pytest.raises(ElementNotFoundError) as caught:
        resolve(selector, sign_up_screen)
    assert any('not the recorded element (it is text "Sign up"' in r for r in caught.value.reasons)
    launcher = index_frame(Frame(_observation(0)))
    assert resolve(selector, launcher).element.role == "button"


def test_replaying_the_sign_up_recording_elsewhere_fails_at_its_first_step(
    tmp_path: Path,
) -> None:
    rec = _session(tmp_path)
    rec.start()
    rec.record_tap(*_at(rec, "Sign up"))  # the phone is now on the sign-up screen
    steps = json.loads((FIXTURES / "script.json").read_text())
    first = steps[0][1]
    with pytest.raises(StepFailedError) as caught:
        rec.record("AC_tap", {**first, "timeout": 0.5})
    assert "Sign up" in str(caught.value)


def _observation(n: int):  # type: ignore[no-untyped-def]
    from deltarec.core.capture.jsonio import observation_from_json

    return observation_from_json(json.loads((FIXTURES / "observations" / f"{n:04d}.json")
                                            .read_text()))  # fmt: skip


def test_exports_are_named_after_their_file_and_maestro_starts_where_the_recording_did(
    tmp_path: Path,
) -> None:
    rec = _session(tmp_path)
    rec.start()
    rec.record_tap(*_at(rec, "Sign up"))
    code = rec.export(tmp_path / "test_sign_up_flow.py", "pytest").read_text()
    assert "def test_sign_up_flow(phone" in code
    flow = rec.export(tmp_path / "flow.yaml", "maestro").read_text()
    assert "${APP_ID}" not in flow
    assert "appId: dev.deltarec.playground" in flow
    assert flow.index("pressKey: Home") < flow.index("tapOn")  # it started on the launcher
    inside = _session(tmp_path / "b")
    inside.start()
    inside.record_tap(*_at(inside, "Sign up"))
    inside.steps.clear()  # a recording that starts inside the app
    inside.record_tap(*_at(inside, "Name"))
    flow = inside.export(tmp_path / "inside.yaml", "maestro").read_text()
    assert "launchApp" in flow and flow.index("launchApp") < flow.index("tapOn")
