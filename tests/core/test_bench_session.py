"""The session benchmark's oracle grades hand-written replies as the phone's state says.

No deltarec rendering is involved: each reply below is what a correct (or a
wrong) delta would say, written by hand from what the Playground did.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import APP, Grader, Key, Snapshot, snapshot
from deltarec.core.devices.virtual import Playground


def _step(pg: Playground, act: Callable[[], None]) -> Grader:
    before = snapshot(pg)
    act()
    return Grader(before, snapshot(pg))


def _settings() -> Playground:
    pg = Playground()
    pg.launch_app(APP, ".SettingsActivity")
    return pg


def test_a_toggle_reported_in_full_passes() -> None:
    pg = _settings()
    grade = _step(pg, lambda: pg.perform("toggle:vibrate")).grade(
        '~ [12] checkbox "Vibrate" (checked: false→true)'
    )
    assert (grade.missed, grade.false) == ([], [])


def test_no_change_after_a_change_is_a_miss_and_a_clock_line_is_false() -> None:
    pg = _settings()
    assert _step(pg, lambda: pg.perform("toggle:vibrate")).grade("no change").missed
    grade = _step(pg, lambda: pg.perform("toggle:vibrate")).grade(
        '~ [12] checkbox "Vibrate" (checked: true→false)\n~ [0] text "9:41"→"9:42"'
    )
    assert grade.missed == [] and len(grade.false) == 1


def test_a_scroll_needs_its_px_and_rows_and_no_slot_pairing() -> None:
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")  # a 271 px drag less the 21 px touch slop: 250 px
    good = _step(pg, lambda: pg.swipe(540, 1500, 540, 1229)).grade(
        '↕ [13] list "inbox_list" scrolled down 250px\n+ [6] text "Standup moved #12"'
    )
    assert (good.missed, good.false) == ([], [])
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")
    bad = _step(pg, lambda: pg.swipe(540, 1500, 540, 1229)).grade(
        '↕ [13] list "inbox_list" scrolled down 300px\n~ [17] text "Mar 8"→"Mar 25"'
    )
    assert len(bad.missed) == 2  # the px, and row #12 never named
    assert len(bad.false) == 1  # row 1's date paired with row 12's


def test_a_new_screen_must_be_named() -> None:
    pg = Playground()
    pg.launch_app(APP)
    step = _step(pg, lambda: pg.perform("open:InboxActivity"))
    assert step.grade("» new screen dev.deltarec.playground: 47 elements").missed
    pg = Playground()
    pg.launch_app(APP)
    step = _step(pg, lambda: pg.perform("open:InboxActivity"))
    assert step.grade('» new screen InboxActivity "Inbox"').missed == []


def test_a_full_frame_in_place_of_a_delta_is_graded_as_a_listing() -> None:
    pg = _settings()
    step = _step(pg, lambda: pg.perform("toggle:vibrate"))
    head = "» full frame (cheaper than the delta)\nscreen p/SettingsActivity 1080x2400\n"
    good = step.grade(head + '[12] checkbox "Vibrate" @(960,1300) (checked)')
    assert (good.missed, good.false) == ([], [])
    pg = _settings()
    step = _step(pg, lambda: pg.perform("toggle:vibrate"))
    assert step.grade(head + '[12] checkbox "Vibrate" @(960,1300) (unchecked)').false


@functools.cache
def _inbox_scrolled() -> tuple[Snapshot, Snapshot, list[Key]]:
    """The Inbox before and after a drag up of 1,200 px, and the views that came in."""
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")
    before = snapshot(pg)
    pg.swipe(540, 1900, 540, 700)
    after = snapshot(pg)
    came = sorted(k for k in Grader(before, after).appeared if after.views[k].names)
    return before, after, came


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_listed_lines_are_graded_alike_in_any_order(data: st.DataObject) -> None:
    """The oracle must neither hide nor invent a failure by the order of a reply's lines:
    ``+`` lines, each naming one view that came in by one of its names, are false as many
    times whatever their order (a view claimed by two lines, where another view both
    could name is free, is no line listed twice). Before the fix the first free candidate
    in sorted-key order was taken for good (``Grader._listed``), so a line taking a view
    another line alone could name made that one "listed twice" — or not, reordered."""
    before, after, came = _inbox_scrolled()
    picks = data.draw(st.lists(st.sampled_from(came), min_size=2, max_size=12, unique=True))
    lines = [
        f'+ [1] text "{data.draw(st.sampled_from(sorted(after.views[k].names)))}"' for k in picks
    ]
    order = data.draw(st.permutations(lines))

    def false(reply: list[str]) -> int:
        return len(Grader(before, after).grade("\n".join(reply)).false)

    assert false(lines) == false(order)
