"""Recordings that carry over (issue 22): generated recordings replay, as JSON and as exported
Python, on a fresh phone to the screen the recording ended on; what they write is relative.

The generator records random tap / swipe / type / back sequences on the virtual phone the way
the Script Builder does (pixels in: :meth:`RecordingSession.record_tap`, ``record_swipe``, …),
then replays the script on a fresh phone. The oracle: the last screen is the same (every
node's class, text, description, bounds and state), and no step wrote raw pixels.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.api import Phone, expect
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import DeltarecError
from deltarec.core.executor import Script, Session, parse_script, run_steps
from deltarec.core.observe.frame import Frame
from deltarec.core.recorder.export_python import body
from deltarec.core.recorder.session import RecordingSession

WIDTH, HEIGHT = 1080, 2400
RAW = {"x", "y", "x1", "y1", "x2", "y2"}

Action = tuple[Any, ...]
STARTS = [(), ("Inbox",), ("Settings",), ("Sign up",), ("Playground", "Feed"),
          ("Playground", "Clock"), ("Playground", "Article")]  # fmt: skip
"""Where a generated recording starts (a path of taps from the launcher)."""
fraction = st.floats(0.02, 0.98)
actions: st.SearchStrategy[Action] = st.one_of(
    st.tuples(st.just("element"), st.integers(0, 400)),  # a tap on the k-th element shown
    st.tuples(st.just("point"), fraction, fraction),  # a tap anywhere
    st.tuples(st.just("swipe"), fraction, fraction, fraction, fraction),
    st.tuples(st.just("type"), st.sampled_from(["ada", "x y", "42"])),
    st.tuples(st.just("back")),
)


def _recorder(tmp: Any) -> RecordingSession:
    clock = ManualClock()
    return RecordingSession(make_virtual_device(clock=clock), tmp, clock=clock,
                            sleep=clock.advance, screenshots=False)  # fmt: skip


def _perform(rec: RecordingSession, action: Action) -> None:
    kind = action[0]
    if kind == "element":
        assert rec.index is not None
        elements = rec.index.elements
        if elements:
            rec.record_tap(*elements[action[1] % len(elements)].bounds.center)
    elif kind == "point":
        rec.record_tap(round(action[1] * WIDTH), round(action[2] * HEIGHT))
    elif kind == "swipe":
        x1, y1, x2, y2 = (
            round(f * s) for f, s in zip(action[1:], (WIDTH, HEIGHT) * 2, strict=True)
        )
        rec.record_swipe(x1, y1, x2, y2)
    elif kind == "type":
        rec.record_type(action[1])
    else:
        rec.record_key("back")


def record(tmp: Any, plan: list[Action], start: tuple[str, ...] = ()) -> RecordingSession:
    rec = _recorder(tmp)
    rec.start()
    for name in start:  # open an app screen first: lists, pagers, forms
        assert rec.index is not None
        rec.record_tap(*next(e for e in rec.index.elements if e.name == name).bounds.center)
    for action in plan:
        with suppress(DeltarecError):  # a failed step is not recorded (the Builder says why)
            _perform(rec, action)
    return rec


Screen = list[tuple[Any, ...]]


def screen(session: Session) -> Screen:
    """What the oracle compares: every node's identity, place and state, in order; a text
    the session saw churn on an unchanged screen (the Feed's "Refreshed N times", counting
    dumps) is left out, as deltas leave it out."""
    frame = Frame(session.settle())
    volatile = session.volatile
    out = []
    for pos, n in enumerate(frame.nodes):
        churns = volatile.is_volatile(frame.keys[pos], "text", n.resource_id)
        text = "(volatile)" if churns else n.text
        out.append((n.class_name, text, n.content_desc, n.bounds, n.checked, n.focused))
    return out


def replay_json(script: Script) -> Session:
    clock = ManualClock()
    session = Session(make_virtual_device(clock=clock), clock=clock, sleep=clock.advance)
    # The oracle is the last screen. Effects only warn: a step whose recorded delta held
    # nothing but a counter of dumps (a tap on the status bar) is not this test's concern.
    report = run_steps(parse_script(script.to_json()), session, policy="none", effects="warn")
    assert report.ok, [str(r.error) for r in report.results if not r.ok]
    return session


def replay_python(script: Script) -> Session:
    clock = ManualClock()
    phone = Phone(make_virtual_device(clock=clock), clock=clock, sleep=clock.advance)
    exec(body(script, indent=""), {"phone": phone, "expect": expect})
    return phone.session


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    start=st.sampled_from(STARTS),
    plan=st.lists(actions, min_size=1, max_size=7),
)
def test_a_generated_recording_replays_to_the_screen_it_ended_on(
    tmp_path_factory: Any, start: tuple[str, ...], plan: list[Action]
) -> None:
    rec = record(tmp_path_factory.mktemp("rec"), plan, start)
    script = rec.script()
    for step in script.steps:  # coordinates only as fractions, never raw pixels
        written = set(step.params)
        assert not written & RAW or (step.command == "AC_swipe" and "direction" not in written)
    recorded = screen(rec.executor)
    assert screen(replay_json(script)) == recorded
    assert screen(replay_python(script)) == recorded
