"""A launch reads as a delta from the screen the caller last saw, and that delta is true.

Generated: random walks of launches (any activity, or the package alone), taps on what is
on screen, back, home and typing through a :class:`Session`, each reply graded by the
session benchmark's oracle (built from the phone's own state). Only the first reply of a
session is a full frame with a ``screen`` header; no launch reply is one (a delta dearer than
the frame is still sent as the frame, marked), and none states a false or misses a fact.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import Grader, snapshot
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import ACTIVITIES, APP_PACKAGE
from deltarec.core.executor import Session
from tests.core.truth.walk import BACK_TO, _oracle_blind

ACTIVITY = st.sampled_from(["", *sorted("." + a for a in ACTIVITIES)])
STEP = st.one_of(
    st.tuples(st.just("AC_launch_app"), ACTIVITY),
    st.tuples(st.sampled_from(["AC_back", "AC_home"]), st.just("")),
    st.tuples(st.just("AC_tap"), st.integers(0, 40)),
    st.tuples(st.just("AC_type_text"), st.just("ab")),
)


def _params(pg: Playground, session: Session, name: str, arg: str | int) -> dict[str, object]:
    if name == "AC_launch_app":
        return {"package": APP_PACKAGE, **({"activity": arg} if arg else {})}
    if name == "AC_tap":
        seen = session.seen
        numbers = [e.index for e in seen.elements] if seen is not None else []
        return {"selector": {"index": numbers[int(arg) % len(numbers)]}} if numbers else {}
    if name == "AC_type_text":
        return {"text": arg}
    return {}


@settings(max_examples=25, deadline=None)
@given(first=ACTIVITY, steps=st.lists(STEP, min_size=1, max_size=8))
def test_a_launch_is_a_true_delta_from_the_screen_last_shown(
    first: str, steps: list[tuple[str, str | int]]
) -> None:
    pg = Playground(ManualClock())
    clock = ManualClock(0)
    session = Session(VirtualDevice(pg), clock=clock, sleep=clock.advance)
    opened = session.call("AC_launch_app", _params(pg, session, "AC_launch_app", first))
    assert (opened["observation"] or "").startswith("screen ")  # nothing seen yet: the frame
    shown = {1: snapshot(pg)}  # what the caller saw after each step (people count from 1)
    for name, arg in steps:
        params = _params(pg, session, name, arg)
        if name == "AC_tap" and not params:
            continue
        before = snapshot(pg)
        reply = session.call(name, params)
        text = reply["observation"]
        after = shown[reply["step"] + 1] = snapshot(pg)
        if text is None:
            continue  # nothing shown: the next reply covers this step too
        if name == "AC_launch_app":
            assert not text.startswith("screen "), text
        back = BACK_TO.search(text)
        if back:  # taken from a remembered frame: graded against what it showed
            before = shown[int(back[1])]
            text = "\n".join(x for x in text.splitlines() if not BACK_TO.match(x)) or "no change"
        grade = Grader(before, after).grade(text)
        missed = [m for m in grade.missed if not _oracle_blind(m, after, text)]
        if back and text == "no change":  # back to a screen as it was: nothing to say
            missed = [m for m in missed if not m.startswith("'no change'")]
        if back:  # the header says the screen: a new instance of it (another stack below)
            missed = [m for m in missed if not m.startswith(f"screen → {after.state.screen} ")]
        false = [f for f in grade.false if not _oracle_blind(f, after, text)]
        assert (missed, false) == ([], []), f"{name} {params}\n{text}"
