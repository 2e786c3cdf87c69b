"""Pasted and duplicated steps: "not run yet" (no delta) until they run, then their own delta.

The generator interleaves duplicates, pastes (of script JSON, as the clipboard holds
it) and runs (one step, or from a row on) on a real recording of the virtual phone. The
oracle keeps, beside the session, which steps were inserted and not run since: exactly
those are ``unrun``, carry no delta, actions or suggestions, and say so in the manifest;
one that ran and passed is no longer ``unrun`` and carries the delta of that run.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.bundle import Bundle
from deltarec.core.executor import Script, load_script
from deltarec.core.executor.script import dumps
from deltarec.core.recorder.session import RecordedStep, RecordingSession
from tests.core.recorder.recordings import on_activity

Op = tuple[str, int, int]
OPS: st.SearchStrategy[list[Op]] = st.lists(
    st.tuples(
        st.sampled_from(["dup", "paste", "run", "run_from"]), st.integers(0, 20), st.integers(0, 20)
    ),
    min_size=1,
    max_size=8,
)


def recording(root: Path) -> RecordingSession:
    rec, _ = on_activity(root, ".SettingsActivity")
    rec.record("AC_tap", {"selector": {"text": "Vibrate"}})
    rec.record("AC_tap", {"selector": {"text": "Dark theme"}})
    return rec


def apply(rec: RecordingSession, op: Op, pending: set[int]) -> None:
    verb, a, b = op
    n = len(rec.steps)
    if verb == "dup":
        copy = rec.steps[a % n].unrun_copy()
        rec.insert_step(a % n + 1, copy)
        pending.add(id(copy))
    elif verb == "paste":
        text = dumps(Script((rec.steps[a % n].to_step(),)))  # what Copy puts on the clipboard
        step = RecordedStep.pasted(load_script(text).steps[0])
        rec.insert_step(b % (n + 1), step)
        pending.add(id(step))
    else:
        last = a % n + 1 if verb == "run" else n
        for i in range(a % n, last):
            step = rec.run_step(i)
            if step.status == "passed":
                pending.discard(id(step))
            else:
                break


@settings(max_examples=12, deadline=None)
@given(OPS)
def test_inserted_steps_say_not_run_until_they_run_then_carry_their_delta(ops: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rec = recording(Path(tmp))
        pending: set[int] = set()
        for op in ops:
            apply(rec, op, pending)
            for step in rec.steps:
                assert step.unrun == (id(step) in pending), (op, step.label)
                if step.unrun:
                    assert step.delta == "" and step.actions == [] and step.suggestions == []
                elif step.status == "passed":
                    assert step.actions and step.after >= step.before
            saved = Bundle.open(rec.bundle.root).steps
            assert [bool(s.get("unrun")) for s in saved] == [s.unrun for s in rec.steps]
        ran = [s for s in rec.steps if s.status == "passed" and s.command == "AC_tap"]
        assert all(s.delta for s in ran)  # a tap on a switch always changes the screen


def test_a_pasted_step_keeps_its_checks_when_it_runs() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rec = recording(Path(tmp))
        check = {"selector": {"text": "Vibrate"}, "exists": True}
        script = load_script(dumps(Script((rec.steps[1].to_step(),))))
        step = RecordedStep.pasted(script.steps[0])
        step.checks = [check]
        rec.insert_step(3, step)
        assert rec.run_step(3).status == "passed"
        assert not step.unrun and step.delta and step.checks == [check]
