"""Exports as code and as a Maestro flow, on the same recordings as the JSON script.

Each export, run, must replay exactly what the JSON script replays: the same
commands with the same parameters (the checks as ``expect`` lines), the same
actions on the device, and the same verdict — green on the recording, red at the
same step when the phone does something else.
"""

from __future__ import annotations

import dataclasses
import json
import types
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from deltarec.core.api import ExpectationError, Phone
from deltarec.core.devices.logging_device import LoggingDevice
from deltarec.core.devices.replay import ReplayDevice
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import (
    Command,
    RunReport,
    Script,
    Session,
    Step,
    load_script,
    parse_script,
    run_steps,
)
from deltarec.core.executor.checks import check_command
from deltarec.core.executor.registry import command_table, lookup
from deltarec.core.recorder.export import FORMATS, export
from deltarec.core.recorder.export_maestro import selector_command, to_maestro
from deltarec.core.recorder.export_python import to_pytest, to_python
from tests.core.recorder.recordings import EVERY, record

ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
BUNDLE = Path(__file__).resolve().parents[3] / "fixtures" / "bundles" / "sign-up"


@pytest.fixture(scope="module", params=["fixtures/bundles/sign-up", *sorted(EVERY)])
def recorded(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Script:
    if request.param.startswith("fixtures/"):
        return load_script(BUNDLE / "script.json")
    return record(request.param, tmp_path_factory.mktemp(request.param)).script()


def expected_commands(script: Script) -> list[Command]:
    """What replaying ``script`` runs: each step, then each of its checks as AC_assert."""
    table = command_table()
    out: list[Command] = []
    for step in script.steps:
        out.append(lookup(table, step.command, "$").parse(step.params, "$"))
        out += [check_command(check) for check in step.checks]
    return out


def ran_commands(steps: list[Step]) -> list[Command]:
    table = command_table()
    return [lookup(table, s.command, "$").parse(s.params, "$") for s in steps]


def fresh_phone() -> tuple[LoggingDevice, ManualClock]:
    clock = ManualClock()
    return LoggingDevice(make_virtual_device(clock=clock)), clock


def replay_json(script: Script) -> tuple[RunReport, list[dict[str, Any]]]:
    device, clock = fresh_phone()
    report = run_steps(script, Session(device, clock=clock, sleep=clock.advance))
    return report, device.take_actions()


def load(code: str, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(code, f"{name}.py", "exec"), module.__dict__)
    return module


def replay_code(code: str, entry: str) -> tuple[Phone, list[dict[str, Any]], Exception | None]:
    device, clock = fresh_phone()
    phone = Phone(device, clock=clock, sleep=clock.advance)
    try:
        getattr(load(code, "exported"), entry)(phone)
    except ExpectationError as exc:
        return phone, device.take_actions(), exc
    return phone, device.take_actions(), None


def test_python_and_pytest_exports_replay_exactly_what_the_json_script_does(
    recorded: Script,
) -> None:
    report, json_actions = replay_json(recorded)
    assert report.ok, [r.error for r in report.failures]
    for code, entry in ((to_python(recorded), "run"), (to_pytest(recorded), "test_recording")):
        phone, actions, error = replay_code(code, entry)
        assert error is None
        assert ran_commands(phone.steps) == expected_commands(recorded)
        assert actions == json_actions


def test_the_fixture_bundle_replays_on_its_own_captures_as_json_and_as_code() -> None:
    script = load_script(BUNDLE / "script.json")
    report = run_steps(script, Session(ReplayDevice(BUNDLE), settle_timeout=0))
    assert report.ok, [r.error for r in report.failures]
    for code, entry in ((to_python(script), "run"), (to_pytest(script), "test_recording")):
        phone = Phone(ReplayDevice(BUNDLE), settle_timeout=0)
        getattr(load(code, "exported"), entry)(phone)
        assert ran_commands(phone.steps) == expected_commands(script)


def test_a_replay_that_types_something_else_fails_at_the_same_step_in_json_and_code(
    tmp_path: Path,
) -> None:
    script = record("sign_up", tmp_path / "rec").script()
    typed = next(i for i, s in enumerate(script.steps) if s.params.get("text") == "Ada")
    steps = list(script.steps)
    steps[typed] = dataclasses.replace(steps[typed], params={"text": "Bob"})
    bob = Script(tuple(steps))
    report, _ = replay_json(bob)
    assert not report.ok and report.failures[0].step == typed
    assert "check 1 of 2: assertion text='Ada' failed" in str(report.failures[0].error)
    assert "shows 'Bob'" in str(report.failures[0].error)
    phone, _, error = replay_code(to_python(bob), "run")
    assert isinstance(error, ExpectationError) and isinstance(error, AssertionError)
    assert "shows 'Bob'" in str(error) and "last delta:" in str(error)
    commands = ran_commands(phone.steps)
    assert commands == expected_commands(bob)[: len(commands)]
    # it stopped at the typed step's first check, as the JSON replay did
    assert len(commands) == sum(1 + len(s.checks) for s in steps[:typed]) + 2
    assert phone.steps[-1].params["text"] == "Ada"


def test_an_exported_step_reads_as_one_call_with_its_delta_beneath(recorded: Script) -> None:
    from deltarec.core.recorder.export_code import call, inert

    code = to_python(recorded)
    assert "SCRIPT" not in code and "run_steps" not in code
    lines = code.splitlines()
    at = 0
    for number, step in enumerate(recorded.steps, start=1):
        at = lines.index(f"    {call(step)}", at)
        if step.expect:
            first = inert(step.expect.splitlines()[0])
            assert lines[at + 1] == f"    # {number}: {first}"


def test_the_sign_up_export_uses_fill_and_checks_the_typed_text(tmp_path: Path) -> None:
    code = to_pytest(record("sign_up", tmp_path / "rec").script(), name="sign up")
    assert "def test_sign_up(phone: Phone) -> None:" in code
    assert "    phone.type('Ada')\n" in code
    assert "    phone.get(resource_id='email').fill('ada@x.org')\n" in code
    assert (
        "expect(phone.get(resource_id='dev.deltarec.playground:id/name')).to_have_text('Ada')"
        in code
    )


@given(name=st.text(ANY_CHAR, max_size=30), text=st.text(ANY_CHAR, min_size=1, max_size=30))
def test_every_export_is_valid_for_any_name_and_any_recorded_text(name: str, text: str) -> None:
    step = Step("AC_tap", {"selector": {"text": text, "alternates": [{"content_desc": text}]}},
                expect=f'+ [3] button "{text}"\n{text}', note=text,
                checks=({"selector": {"text": text}, "text": text},))  # fmt: skip
    script = Script((step, Step("AC_type_text", {"text": text})))
    for fmt in FORMATS.values():
        out = fmt.render(script, name)
        out.encode("utf-8")  # no lone surrogate reaches the file
        if fmt.kind in ("python", "pytest"):
            # the names the code uses do not depend on the recorded text: it stays data
            used = {n for n in _names(compile(out, "exported.py", "exec")) if n[:5] != "test_"}
            assert used == PLAIN_NAMES[fmt.kind]
        elif fmt.kind == "maestro":
            header, flow = yaml.safe_load_all(out)
            assert header["name"] == name
            assert flow[0] == {"tapOn": {"text": _java_literal(text)}}
            assert flow[2] == {"inputText": text}
        elif any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            with pytest.raises(ScriptValidationError, match="unpaired surrogate"):
                parse_script(json.loads(out))  # written as an escape; the loader refuses it
        else:
            assert parse_script(json.loads(out)) == script


def _names(code: types.CodeType) -> set[str]:
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def _plain(kind: str) -> set[str]:
    step = Step("AC_tap", {"selector": {"text": "x", "alternates": [{"content_desc": "x"}]}},
                checks=({"selector": {"text": "x"}, "text": "x"},))  # fmt: skip
    out = FORMATS[kind].render(Script((step, Step("AC_type_text", {"text": "x"}))), "x")
    return {n for n in _names(compile(out, "plain.py", "exec")) if n[:5] != "test_"}


PLAIN_NAMES = {kind: _plain(kind) for kind in ("python", "pytest")}


def _java_literal(text: str) -> str:
    from deltarec.core.recorder.export_maestro import _regex

    return _regex(text)


def test_hostile_names_stay_in_comments(tmp_path: Path) -> None:
    hostile = '"); import os; os.system("x") #\n\x00²\ud800'
    script = Script((Step("AC_tap", {"selector": {"text": hostile}}, expect=hostile),))
    for kind in FORMATS:
        path = export(script, tmp_path / f"out.{kind}", kind, name=hostile)  # type: ignore[arg-type]
        text = path.read_text(encoding="utf-8")
        assert "os.system" in text  # written, as data or comment only:
        if kind in ("python", "pytest"):
            assert "system" not in _names(compile(text, "out.py", "exec"))
            assert "\\x00²\\ud800" in text


def test_maestro_flow_maps_the_recording_and_says_what_does_not_map(tmp_path: Path) -> None:
    script = record("sign_up", tmp_path / "rec").script()
    out = to_maestro(script, name="sign up")
    header, flow = yaml.safe_load_all(out)
    assert header == {"appId": "dev.deltarec.playground", "name": "sign up"}
    commands = [next(iter(c)) if isinstance(c, dict) else c for c in flow]
    assert commands[:2] == ["stopApp", "launchApp"]
    assert {"inputText": "Ada"} in flow and {"inputText": "ada@x.org"} in flow
    assert {"assertVisible": {"id": r"dev\.deltarec\.playground:id/name", "text": "Ada"}} in flow
    assert {"tapOn": {"id": r".*:id/email"}} in flow and "eraseText" in commands
    assert "# 3: alternates not exported:" in out
    assert "# 6: eraseText erases a fixed count" in out


@pytest.mark.parametrize("name", ["", None])
def test_an_index_whose_element_had_no_name_has_no_maestro_form(name: str | None) -> None:
    # ``text: ""`` would tap the first unnamed view: the recorder writes "name": "" for an
    # element shown with no name (a calendar's day cell no longer borrows its month's title).
    alternate: dict[str, Any] = {"index": 10, "role": "button"}
    if name is not None:
        alternate["name"] = name
    flow = selector_command({"key": "60c80f8aa8", "alternates": [alternate]})
    assert yaml.safe_load(flow) is None, flow
    assert "no Maestro selector" in flow
    named = selector_command({"key": "60c80f8aa8", "alternates": [{**alternate, "name": "Go"}]})
    assert yaml.safe_load(named) == [{"tapOn": {"text": "Go"}}]


def test_formats_registry_names_every_target() -> None:
    assert [(f.kind, f.pattern) for f in FORMATS.values()] == [
        ("json", "{name}.json"),
        ("python", "{name}.py"),
        ("pytest", "test_{name}.py"),
        ("maestro", "{name}.yaml"),
    ]
    assert "*.yaml" in FORMATS["maestro"].filter
