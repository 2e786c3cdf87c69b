"""The public API on the virtual phone (fake clock) and through the fake adb server."""

from __future__ import annotations

from pathlib import Path

import pytest

import deltarec
import deltarec.core.api
from deltarec.core.api import ExpectationError, Phone, connect, expect
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.logging_device import LoggingDevice
from deltarec.core.devices.virtual import ManualClock, VirtualShell, make_virtual_device
from deltarec.core.errors import AmbiguousSelectorError, ScriptValidationError, StepFailedError
from deltarec.core.executor import load_script
from deltarec.core.recorder.export_python import to_python
from tests.core.recorder.recordings import record
from tests.core.recorder.test_exports import expected_commands, load, ran_commands


@pytest.fixture
def phone() -> Phone:
    clock = ManualClock()
    return Phone(LoggingDevice(make_virtual_device(clock=clock)), clock=clock, sleep=clock.advance)


def _name_field(phone: Phone) -> str:
    return phone.get(resource_id="name").text()


def test_the_deltarec_package_is_the_api() -> None:
    assert deltarec.connect is connect and deltarec.expect is expect
    assert set(deltarec.core.api.__all__) <= set(deltarec.__all__)


def test_fill_replaces_the_text_and_type_appends(phone: Phone) -> None:
    phone.get(text="Sign up").tap()
    name = phone.get(resource_id="name")
    name.fill("Ada")
    assert _name_field(phone) == "Ada"
    name.fill("Grace")
    assert _name_field(phone) == "Grace"
    name.type("!")
    expect(name).to_have_text("Grace!", timeout=0)
    assert [s.params.get("clear") for s in phone.steps if s.command == "AC_type_text"] == [
        True,
        True,
        None,
    ]


def test_clear_needs_a_selector() -> None:
    with pytest.raises(ScriptValidationError, match=r"\$\[0\]\[1\]\.clear: needs a selector"):
        load_script('[["AC_type_text", {"text": "x", "clear": true}]]')


def test_locators_are_strict_and_act_on_nothing_when_ambiguous(phone: Phone) -> None:
    phone.get(text="Sign up").tap()
    device = phone.device
    assert isinstance(device, LoggingDevice)
    device.take_actions()
    with pytest.raises(StepFailedError, match=r"matches 3 elements: \[6\] textbox \"Name\""):
        phone.get(role="textbox").tap(timeout=0)
    assert device.take_actions() == []
    assert phone.get(role="textbox").count() == 3


def test_is_visible_is_true_for_one_match_false_for_none_and_strict_for_several(
    phone: Phone,
) -> None:
    assert phone.get(text="Sign up").is_visible()
    assert not phone.get(text="No such thing").is_visible()
    assert phone.get(resource_id="no_such_id").or_(text="Sign up").is_visible()  # fallbacks count
    phone.get(text="Sign up").tap()
    assert not phone.get(text="Sign up", role="button").is_visible()  # the screen changed
    with pytest.raises(AmbiguousSelectorError, match="matches 3 elements"):
        phone.get(role="textbox").is_visible()
    assert phone.actions == 1  # looking acts on nothing and is no step


def test_or_falls_back_in_order_and_says_what_failed(phone: Phone) -> None:
    sign_up = phone.get(resource_id="no_such_id").or_(text="Sign up")
    sign_up.tap(timeout=0)
    assert phone.last is not None and phone.last.result["alternate"] == 0
    assert phone.delta().startswith("screen dev.deltarec.playground/")


def test_a_failed_expectation_is_an_assertion_with_what_the_screen_had_and_the_last_delta(
    phone: Phone,
) -> None:
    phone.get(text="Sign up").tap()
    phone.get(resource_id="name").fill("Bob")
    with pytest.raises(AssertionError) as caught:
        expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=1)
    error = caught.value
    assert isinstance(error, ExpectationError) and isinstance(error, StepFailedError)
    assert "shows 'Bob'" in str(error) and '(text: "Name"→"Bob")' in error.delta
    assert str(error).endswith(error.delta)


def test_delta_before_any_action_is_the_whole_screen(phone: Phone) -> None:
    assert phone.delta().splitlines()[0].startswith("screen dev.deltarec.launcher/")
    assert phone.steps == []


def test_run_is_the_escape_hatch_for_any_command(phone: Phone) -> None:
    assert phone.run("AC_current_app")["package"] == "dev.deltarec.launcher"
    with pytest.raises(ScriptValidationError, match="did you mean AC_tap"):
        phone.run("AC_tapp")


def test_an_exported_program_replays_through_the_fake_adb_server(tmp_path: Path) -> None:
    script = record("sign_up", tmp_path / "rec").script()
    shell = VirtualShell(serial="emulator-5554")
    with FakeAdbServer([shell]) as server:
        phone = connect(f"emulator-5554@127.0.0.1:{server.port}")
        load(to_python(script), "exported").run(phone)
    assert ran_commands(phone.steps) == expected_commands(script)
    assert any(cmd.startswith("input text") for cmd in shell.history)


def test_log_counts_steps_from_1_and_expectations_belong_to_the_step_before() -> None:
    clock, lines = ManualClock(), []
    phone = Phone(make_virtual_device(clock=clock), clock=clock, sleep=clock.advance,
                  log=lines.append)  # fmt: skip
    phone.get(text="Sign up").tap()
    phone.get(resource_id="name").fill("Bob")
    expect(phone.get(resource_id="name")).to_have_text("Bob", timeout=0)
    with pytest.raises(ExpectationError, match=r"^step 2 \(AC_assert\) failed"):
        expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=0)
    assert lines[:2] == ["1 AC_tap passed", "2 AC_type_text passed"]
    assert len(lines) == 3 and lines[2].startswith("2 AC_assert failed: step 2 (AC_assert)")
