"""Step ``checks``: validated with the script, run after the step, kept through save/load."""

from __future__ import annotations

import json

import pytest

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import Session, load_script, run_steps
from deltarec.core.executor.script import dumps, parse_script

TAP = ["AC_tap", {"selector": {"text": "Sign up"}}]


def test_a_bad_check_fails_validation_with_its_path() -> None:
    bad = [TAP, ["AC_back", {}, {"checks": [{"selector": {"text": "x"}, "text": 3}]}]]
    with pytest.raises(ScriptValidationError, match=r"^\$\[1\]\[2\]\.checks\[0\]\.text: "):
        load_script(json.dumps(bad))
    with pytest.raises(ScriptValidationError, match=r"known: expect, note, checks"):
        load_script('[["AC_back", {}, {"chekcs": []}]]')


def test_checks_round_trip_and_run_after_the_step(session: Session) -> None:
    check = {"selector": {"resource_id": "save"}, "enabled": False}
    script = parse_script([[*TAP, {"checks": [check]}]])
    assert parse_script(json.loads(dumps(script))) == script
    assert run_steps(script, session).ok
    wrong = parse_script([[*TAP, {"checks": [{**check, "enabled": True, "timeout": 1}]}]])
    report = run_steps(wrong, session)
    assert not report.ok
    assert "check 1 of 1: assertion enabled=true failed" in str(report.failures[0].error)
