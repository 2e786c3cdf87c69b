"""A recorded swipe reads as a person says it; an edit of a step's wait loses nothing.

Found in a real window (issue 21): a drag on a list was labelled by its raw parameters
(``swipe selector={'resource_id': …}, direction='up', percent=55.67``), and editing only a
step's timeout dropped the checks the recorder had chosen for it, which no later run gave
back. Generated drags on every scrolling screen, generated edits of recorded steps.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from deltarec.core.recorder.session import RecordingSession
from deltarec.core.recorder.targets import swiped_list
from tests.core.recorder.recordings import _center, on_activity

LABEL = re.compile(r'^swipe (up|down|left|right) \d+(\.\d+)?% on (\w+) "(.+)"$')
SCREENS = (".InboxActivity", ".SettingsActivity", ".FeedActivity", ".ClockActivity")


@settings(max_examples=12, deadline=None, phases=(Phase.reuse, Phase.generate))
@given(
    activity=st.sampled_from(SCREENS),
    x=st.integers(min_value=60, max_value=1020),
    y1=st.integers(min_value=300, max_value=2200),
    dx=st.integers(min_value=-300, max_value=300),
    dy=st.integers(min_value=-1500, max_value=1500),
)
def test_a_drag_on_a_list_is_labelled_by_the_list_it_moved(
    activity: str, x: int, y1: int, dx: int, dy: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        rec, _ = on_activity(Path(folder), activity)
        assert rec.index is not None
        under = swiped_list(rec.index, x, y1)
        # Named before the swipe: the step may add a node before it (the Inbox's refresh
        # circle, pulled down at its top, is its SwipeRefreshLayout's first child).
        named = (
            None if under is None else (rec.index.frame.nodes[under].role, rec.index.names[under])
        )
        x2, y2 = min(max(x + dx, 1), 1079), min(max(y1 + dy, 1), 2399)
        step = rec.record_swipe(x, y1, x2, y2)
        found = LABEL.match(step.label)
        if "selector" not in step.params:  # no list under the finger: where the finger went
            assert "selector=" not in step.label
            return
        assert under is not None
        assert found, step.label
        assert found[1] == step.params["direction"]
        assert (found[3], found[4]) == named


def _tapped_with_checks(folder: Path) -> tuple[RecordingSession, int]:
    rec, _ = on_activity(folder, ".SignUpActivity")
    step = rec.record_tap(*_center(rec, "Send me news", "checkbox"))
    assert step.checks and step.delta, step.delta
    return rec, len(rec.steps) - 1


@settings(max_examples=8, deadline=None, phases=(Phase.reuse, Phase.generate))
@given(timeouts=st.lists(st.floats(min_value=0, max_value=30), min_size=1, max_size=3))
def test_editing_how_long_a_step_waits_keeps_its_delta_and_checks(timeouts: list[float]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        rec, i = _tapped_with_checks(Path(folder))
        kept = (rec.steps[i].delta, list(rec.steps[i].checks), rec.steps[i].label)
        for timeout in timeouts:
            rec.update_params(i, {**rec.steps[i].params, "timeout": timeout})
            step = rec.steps[i]
            assert (step.delta, step.checks, step.label) == kept
            assert not step.edited
        assert rec.steps[i].params["timeout"] == timeouts[-1]


def test_editing_what_a_step_acts_on_voids_its_delta(tmp_path: Path) -> None:
    rec, i = _tapped_with_checks(tmp_path)
    rec.update_params(i, {"selector": {"text": "Sign up"}, "timeout": 2.0})
    step = rec.steps[i]
    assert step.edited and step.delta == "" and step.checks == []
    assert step.label.startswith("tap "), step.label
