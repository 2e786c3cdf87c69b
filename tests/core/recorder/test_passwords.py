"""Issue 21 item 10: a password typed while recording is never in plain text — not in the
step's label, its delta, its suggestions, ``script.json`` or any export — and the recording
still replays it (:mod:`deltarec.core.recorder.secrets`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.executor import Script, Session, load_script, run_steps
from deltarec.core.recorder.export import KINDS, render
from deltarec.core.recorder.session import RecordingSession
from deltarec.core.recorder.step import RecordedStep
from tests.core.recorder.recordings import on_activity

SECRET = "hunter22!"


def sign_up(tmp_path: Path) -> tuple[RecordingSession, Playground]:
    rec, pg = on_activity(tmp_path, ".SignUpActivity")
    for field, text in (("Name", "Ada"), ("Password", SECRET)):
        assert rec.index is not None
        e = next(e for e in rec.index.elements if (e.role, e.name) == ("textbox", field))
        rec.record_tap(*e.bounds.center)
        rec.record_type(text)
    return rec, pg


def test_a_typed_password_is_a_reference_everywhere_but_the_recording(tmp_path: Path) -> None:
    rec, pg = sign_up(tmp_path)
    name, password = rec.steps[2], rec.steps[4]
    assert name.label == 'type "Ada"' and not name.secret  # not a password field
    assert password.label == 'type ${PASSWORD} into textbox "Password"'
    assert password.secret == "PASSWORD" and password.params["text"] == SECRET
    assert pg.state.form.password == SECRET
    said = [s.label for s in password.suggestions] + [
        json.dumps(s.params) for s in password.suggestions
    ]
    assert "•" in password.delta and not any(SECRET in x for x in [password.delta, *said])
    # Every script made from the recording names it; only the manifest keeps it.
    assert SECRET not in (rec.bundle.root / "script.json").read_text(encoding="utf-8")
    for kind in KINDS:
        path = rec.export(tmp_path / f"signup.{kind}", kind)
        text = path.read_text(encoding="utf-8")
        assert SECRET not in text, kind
        assert "Ada" in text, kind  # what is not a password is written as typed
    exported = {k: (tmp_path / f"signup.{k}").read_text(encoding="utf-8") for k in KINDS}
    assert json.loads(exported["json"])[4][1]["text"] == "${PASSWORD}"
    for kind in ("python", "pytest"):
        assert ".type(os.environ['PASSWORD'])" in exported[kind]
        compile(exported[kind], kind, "exec")
    assert exported["pytest"].index("import os") < exported["pytest"].index("from deltarec")
    flow = list(yaml.safe_load_all(exported["maestro"]))
    assert {"inputText": "${PASSWORD}"} in flow[1]
    assert "maestro test -e PASSWORD=… FILE" in exported["maestro"]
    rec.update_params(4, {"text": "other-secret"})  # edited: still a secret, still no text
    assert rec.steps[4].label == "type ${PASSWORD}" and "other-secret" not in rec.steps[4].label


def test_the_recording_replays_the_password_it_kept(tmp_path: Path) -> None:
    sign_up(tmp_path)
    again = RecordingSession.restore(tmp_path / "rec", VirtualDevice(Playground(ManualClock())),
                                     screenshots=False)  # fmt: skip
    assert again.steps[4].secret == "PASSWORD"
    fresh = Playground(ManualClock())
    assert again.replay(VirtualDevice(fresh)), [s.error for s in again.steps]
    assert fresh.state.form.password == SECRET


@settings(max_examples=25, deadline=None)
@given(
    value=st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
        min_size=8,
        max_size=16,
    ),
    clear=st.booleans(),
    selector=st.sampled_from([None, {"resource_id": "app:id/password"}]),
)
def test_no_export_ever_writes_a_secret(
    value: str, clear: bool, selector: dict[str, str] | None
) -> None:
    params: dict[str, object] = {"text": value}
    if selector is not None:
        params |= {"selector": selector, "clear": clear}
    step = RecordedStep("AC_type_text", params, "type ${PASSWORD}", secret="PASSWORD")
    script = Script((step.to_step(),))
    assert step.to_step(reveal=True).params["text"] == value
    for kind in KINDS:
        text = render(script, kind, name="demo")
        assert value not in text and json.dumps(value)[1:-1] not in text, kind
        assert "PASSWORD" in text, kind


@pytest.mark.parametrize("value", [SECRET, "ünïcode pass 42"])
def test_the_exported_script_replays_with_the_password_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """The JSON export holds ``${PASSWORD}``; the executor types the environment's value
    (``PASSWORD=… deltarec run``), and without it the step fails naming the variable."""
    rec, _ = sign_up(tmp_path)
    rec.steps[4].params["text"] = value  # what was typed, kept by the recording
    script = load_script(rec.export(tmp_path / "signup.json", "json"))
    assert value not in (tmp_path / "signup.json").read_text(encoding="utf-8")
    monkeypatch.setenv("PASSWORD", value)
    fresh = Playground(ManualClock())
    assert run_steps(script, Session(VirtualDevice(fresh), variables=os.environ)).ok
    assert fresh.state.form.password == value
    agent = Playground(ManualClock())  # no variables (an MCP server's session): as given
    assert run_steps(script, Session(VirtualDevice(agent)), effects="off").ok
    assert agent.state.form.password == "${PASSWORD}"
    monkeypatch.delenv("PASSWORD")
    unset = Playground(ManualClock())
    report = run_steps(script, Session(VirtualDevice(unset), variables=os.environ))
    failed = report.failures[0]
    assert "PASSWORD is not set" in (failed.error or ""), failed.error
    assert unset.state.form.password == ""  # nothing typed in its place
