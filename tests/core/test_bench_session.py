"""The session benchmark's oracle grades hand-written replies as the phone's state says.

No deltarec rendering is involved: each reply below is what a correct (or a
wrong) delta would say, written by hand from what the Playground did.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks.bench_session import APP, Grader, snapshot
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
