"""Issue 21 item 1: a long drag on the Inbox, recorded, gives the true delta.

The recorder hands its gesture to the diff; the step's delta is graded against the phone's
own state: its ``↕`` line against the Inbox's offset (the true direction, the distance
within 10 %; "about a page or more" when the list moved past its whole height, or no
subject stayed wholly in view: a strip an edge cuts cannot place its row), every row that came wholly into view named on a ``+`` line, and no ``~``
line at all (a scroll changes no text). The issue's drag (y 2123→408), then a generated range of long drags.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import Snapshot, snapshot
from deltarec.core.devices.virtual import Playground
from deltarec.core.recorder.session import RecordingSession
from deltarec.core.render.lines import quote
from tests.core.recorder.recordings import on_activity

SCROLL = re.compile(r"^↕ .*list \"inbox_list\" scrolled (up|down) (\d+)px", re.M)
PAGE = re.compile(r"^↕ .*list \"inbox_list\" scrolled (up|down) about a page or more", re.M)
SLACK = 0.10
LIST_TOP, LIST_BOTTOM = 252, 2274
"""The Inbox list's box on the virtual phone."""


def _subjects(snap: Snapshot, *, clear: bool = False) -> set[str]:
    """The subjects of the Inbox rows wholly in view (an ad's "Sponsored: offer N" too);
    ``clear``: only those no edge touches (a label on an edge may be cut by it)."""
    inset = 1 if clear else 0
    return {
        info.view.text
        for info in snap.views.values()
        if (info.view.rid.endswith(":id/subject") or info.view.text.startswith("Sponsored:"))
        and info.view.bounds[1] >= LIST_TOP + inset
        and info.view.bounds[3] <= LIST_BOTTOM - inset
    }


def grade_drag(text: str, before: Snapshot, after: Snapshot) -> list[str]:
    """What is wrong with a long drag's delta ``text`` (nothing: ``[]``)."""
    moved = after.state.inbox.offset - before.state.inbox.offset
    out = [f"a scroll changed this? {ln}" for ln in text.splitlines() if ln.startswith("~")]
    plus = [ln for ln in text.splitlines() if ln.startswith("+")]
    came = _subjects(after) - _subjects(before)
    shown = [quote(t)[1:-1] for t in sorted(came)]  # as a line writes it: \" escaped
    out += [f"came in, not listed: {t}" for t in shown if not any(t in ln for ln in plus)]
    found = SCROLL.findall(text)
    page = PAGE.findall(text)
    stayed = _subjects(before, clear=True) & _subjects(after, clear=True)
    if not found and (abs(moved) >= LIST_BOTTOM - LIST_TOP or not stayed):
        # No row stayed, or only a strip of one an edge cuts (its sender and date recur along
        # the list): no distance to read, a page the finger's way.
        want = "down" if moved > 0 else "up"
        return out if page == [want] else [*out, f"moved {moved}px, no row stayed; said {page}"]
    if moved == 0:
        return [*out, f"a scroll line, nothing moved: {found}"] if found else out
    if len(found) != 1:
        return [*out, f"the Inbox moved {moved}px; scroll lines: {found}"]
    way, px = found[0][0], int(found[0][1])
    if way != ("down" if moved > 0 else "up"):
        out.append(f"the Inbox moved {moved}px; the delta says {way}")
    if abs(px - abs(moved)) > SLACK * abs(moved):
        out.append(f"the Inbox moved {abs(moved)}px; the delta says {px}px")
    return out


def inbox(tmp_path: Path) -> tuple[RecordingSession, Playground]:
    return on_activity(tmp_path, ".InboxActivity")


def record_drag(rec: RecordingSession, pg: Playground, y1: int, y2: int, x: int = 536) -> str:
    before = snapshot(pg)
    step = rec.record_swipe(x, y1, x, y2)
    text = step.delta_all or step.delta
    problems = grade_drag(text, before, snapshot(pg))
    assert problems == [], f"{step.label}\n{text}"
    return text


def test_the_issues_long_drag_on_the_inbox_reads_true(tmp_path: Path) -> None:
    rec, pg = inbox(tmp_path)
    text = record_drag(rec, pg, 2123, 408)
    assert pg.state.inbox.offset > 1500  # a long drag indeed: most of a screen
    assert "↕" in text and "(+" in text  # rows that came in are listed


def test_long_drags_back_and_forth_read_true(tmp_path: Path) -> None:
    rec, pg = inbox(tmp_path)
    for y1, y2 in ((2123, 408), (2200, 300), (408, 2123), (500, 2300)):
        record_drag(rec, pg, y1, y2)


@settings(max_examples=6, deadline=None, phases=(Phase.reuse, Phase.generate))  # no shrink
@given(
    y1=st.integers(min_value=1700, max_value=2250),
    length=st.integers(min_value=1000, max_value=1800),
    x=st.integers(min_value=100, max_value=980),
    up_first=st.booleans(),
)
def test_any_long_drag_reads_true(y1: int, length: int, x: int, up_first: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        rec, pg = inbox(Path(folder))
        if up_first:  # from somewhere down the list, dragging back towards the top
            record_drag(rec, pg, 2200, 300, x)
            record_drag(rec, pg, y1 - length, y1, x)
        else:
            record_drag(rec, pg, y1, y1 - length, x)
