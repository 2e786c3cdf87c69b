"""Inbox rows archived several at once, or one swiped sideways, and the undo, graded by the
phone (issue 18: the gestures the walk never made).

The virtual Inbox archives as Gmail does (:mod:`deltarec.core.devices.virtual.inbox_archive`):
rows selected (here wherever they are: in view, cut by an edge, scrolled away above or
below) leave at once when "Archive" is tapped, the rows below each close its gap (several
gaps in one step; rows cut by the bottom edge come up into view); a row dragged sideways
far or fast enough leaves alone, else slides back; "Undo" puts them back. Each step is
graded as the walk grades its steps (:class:`tests.core.truth.walk.Stepper`): no false
line, no missed fact, no scroll where the list did not scroll, each element once.

:func:`cases` draws the selections and swipes from a seeded ``random.Random`` per preset,
over the whole list (its top, its middle, its end where the offset is clamped).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU
from deltarec.core.devices.virtual.layout import APP_PACKAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS, Profile
from deltarec.core.devices.virtual.screen_inbox import is_header, item_tops, max_offset
from deltarec.core.devices.virtual.views import View
from tests.core.truth.walk import Gesture, Stepper, Violation

PER_PRESET = 24
"""Cases per preset and kind (CI: a sample, 40 until CI's time needed it; ``main`` of this
module runs more)."""


@dataclass(frozen=True, slots=True)
class Case:
    """Rows ``picks`` selected at ``offset`` and archived (``swipe`` empty), or the row under
    ``swipe``'s start dragged sideways by it (x1, y1, x2, y2, ms); then the undo."""

    preset: str
    offset: int
    picks: tuple[int, ...] = ()
    swipe: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)


def _viewport(profile: Profile) -> int:
    return Playground(profile=profile).screen.nav_top - TOOLBAR_BOTTOM


def cases(preset: str, count: int, seed: int = 18) -> Iterator[Case]:
    """``count`` archives of 2-4 selected rows and ``count`` sideways swipes on ``preset``,
    at offsets spread over the list (a third at its end)."""
    profile = PRESETS[preset]
    rng = random.Random(f"{seed}:{preset}")
    tops = item_tops()
    highest = max_offset(Playground(profile=profile).screen.nav_top)
    view = _viewport(profile)
    for _ in range(count):
        offset = highest if rng.random() < 0.3 else rng.randint(0, highest)
        near = [
            i
            for i in range(len(tops) - 1)
            if not is_header(i) and offset - view <= tops[i] <= offset + 2 * view
        ]
        k = rng.choice((2, 2, 3, 4))
        yield Case(preset, offset, tuple(sorted(rng.sample(near, k))))
    pg = Playground(profile=profile)
    width, height = pg.window_size()
    slop = profile.px(TOUCH_SLOP_LU)
    for _ in range(count):
        offset = highest if rng.random() < 0.3 else rng.randint(0, highest)
        x1 = rng.randint(20, width - 20)
        y1 = rng.randint(height // 8, height * 11 // 12)
        dx = rng.choice((-1, 1)) * int((slop + 1) * ((width / (slop + 1)) ** rng.random()))
        x2 = max(0, min(width - 1, x1 + dx))
        dy = rng.randint(-abs(x2 - x1) // 3, abs(x2 - x1) // 3)
        ms = rng.choice((40, 80, 120, 200, 300, 600, 1200))
        yield Case(preset, offset, (), (x1, y1, x2, y1 + dy, ms))


def _archive_button(pg: Playground) -> View:
    return next(v for w in pg.windows() for v in w.root.walk() if v.action == "archive:selected")


def _undo_button(pg: Playground) -> View | None:
    found = [v for w in pg.windows() for v in w.root.walk() if v.action == "unarchive:"]
    return found[0] if found else None


def _centre(v: View) -> tuple[int, int]:
    return (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2


def run(case: Case) -> list[tuple[str, Violation]]:
    """Every violation of the case's two steps (the archive, then the undo), each with the
    step's name, and ("archived", a blank) when something was (a swipe that slid back is
    graded too)."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[case.preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = case.offset
    pg.state.inbox.selected = set(case.picks)
    stepper = Stepper(pg, clock)
    if case.picks:
        first = Gesture("tap", _centre(_archive_button(pg)), "archive")
    else:
        first = Gesture("swipe", case.swipe, "swipe-archive")
    out = [("archive", v) for v in stepper.step(first).violations]
    undo = _undo_button(pg)
    if undo is not None:
        out += [("undo", v) for v in stepper.step(Gesture("tap", _centre(undo), "undo")).violations]
        out.append(("archived", Violation("", "", "", "")))  # counted, not a violation
    return out


def sweep(count: int) -> tuple[int, list[tuple[Case, str, Violation]]]:
    """Cases run on every preset, and every violation."""
    found: list[tuple[Case, str, Violation]] = []
    tried = 0
    for preset in PRESETS:
        for case in cases(preset, count):
            tried += 1
            found += [(case, step, v) for step, v in run(case) if step != "archived"]
    return tried, found


def test_the_generator_archives_several_rows_and_puts_them_back() -> None:
    """The generator itself: the selected rows leave at once (rows below close the gaps,
    the rows scrolled away above move the offset, not the rows in view), the snackbar
    offers the undo, and the undo restores the list as it was."""
    case = Case("phone", 1500, (7, 8, 11, 12))  # 7 above the viewport, 8 cut by its top
    pg = Playground()
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    before = pg.dump_xml()  # at the list's top, nothing selected
    pg.state.inbox.offset, pg.state.inbox.selected = case.offset, set(case.picks)
    pg.tap(*_centre(_archive_button(pg)))
    assert pg.state.inbox.archived == {7, 8, 11, 12} and not pg.state.inbox.selected
    # Rows 7 and 8 left before the anchor (row 9, which stays where it was): the rows
    # above came down into their place; 11 and 12 left after it: the rows below came up.
    assert pg.state.inbox.offset == 1500 - 2 * 180
    undo = _undo_button(pg)
    assert undo is not None and "4 archived" in pg.dump_xml()
    pg.tap(*_centre(undo))  # the anchor is now row 6, in view: they all come back after it
    assert (pg.state.inbox.archived, pg.state.inbox.offset) == (set(), 1500 - 2 * 180)
    pg.state.inbox.offset = 0
    assert pg.dump_xml() == before  # the list as it was
    pg.state.inbox.offset, pg.state.inbox.selected = 1500, {9, 12}  # after the anchor, 8
    pg.tap(*_centre(_archive_button(pg)))
    assert pg.state.inbox.offset == 1500
    pg.tap(*_centre(_undo_button(pg) or undo))
    pg.state.inbox.offset = 0
    assert pg.dump_xml() == before  # the undo of rows after the anchor is the inverse


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rows_archived_at_once_or_swiped_away_state_the_truth(preset: str) -> None:
    found: list[str] = []
    tried = archived = swiped = 0
    for case in cases(preset, PER_PRESET):
        tried += 1
        got = run(case)
        done = any(step == "archived" for step, _ in got)
        archived += done
        swiped += done and not case.picks
        found += [f"{case} {step}: {v.klass} {v.detail}" for step, v in got if step != "archived"]
    assert tried == 2 * PER_PRESET and archived > PER_PRESET and swiped > PER_PRESET // 4
    assert found == [], (len(found), found[:4])


if __name__ == "__main__":  # the counts: python -m tests.core.truth.test_archive [N]
    import sys
    from collections import Counter

    n = int(sys.argv[1]) if len(sys.argv) > 1 else PER_PRESET
    tried, found = sweep(n)
    cases_failing = {(c, s) for c, s, _ in found}
    print(f"{tried} cases, {len(cases_failing)} failing steps, {len(found)} violations")
    print(Counter((c.preset, "swipe" if not c.picks else "select", s) for c, s in cases_failing))
    for c, s, v in found[:12]:
        print(c, s, v.klass, v.detail)
