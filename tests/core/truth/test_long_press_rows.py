"""Inbox rows long-pressed (selected, and again: unselected) wherever the list's edge cuts
them, graded by the phone (issue 18: the widened walk, ``bench_truth --wide --seed 1000``,
seed 1001 step 148: ``long(761, 2248)`` on a 27 px sliver of a row at the list's bottom).

:func:`cases` draws, per preset, Inbox offsets over its whole content and long-presses the
rows the list's top or bottom edge cuts (a sliver that shows no text, or a strip that shows
some), and a whole row, then the same row again; each step graded as the walk grades its
steps (:class:`tests.core.truth.walk.Stepper`).

The class: a row of a list that shows nothing (a sliver at its edge) and changed state is
known by its place alone, so the diff unpaired it (rows archived from a selection take the
selected sliver with them and the row above comes down in its place) and the step read as
``+ button "message_row" (selected)`` / ``- button "Frances · …"``. Where nothing else in
the list moved, came or went, the sliver in its very box is the row that was there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from benchmarks.bench_session import Grader
from deltarec.core.devices.virtual import ManualClock, Playground, screen_inbox
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from tests.core.truth.walk import Gesture, Stepper

OFFSETS = 12
"""Inbox offsets a preset in CI."""
Press = tuple[str, int, int]
"""(preset, offset in lu, which row: 0 the top-most shown, -1 the bottom-most, 1 a whole one)."""


def cases(preset: str, count: int, seed: int = 18) -> Iterator[Press]:
    rng = random.Random(f"{seed}:{preset}:long")
    highest = screen_inbox.max_offset(Playground(profile=PRESETS[preset]).screen.nav_top)
    for _ in range(count):
        offset = rng.randint(0, highest)
        for which in (0, -1, 1):
            yield preset, offset, which


def _rows(pg: Playground) -> list[tuple[int, int, int, int]]:
    """The boxes of the message rows shown, top first."""
    out = []
    for window in pg.windows():
        for v in window.root.walk():
            if v.long_action.startswith("select:") and v.bounds[3] > v.bounds[1]:
                out.append(v.bounds)
    return sorted(out, key=lambda b: b[1])


def run(press: Press) -> list[str]:
    """The violations of a long press on the row ``press`` names and of a second one."""
    preset, offset, which = press
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = offset
    stepper = Stepper(pg, clock)
    rows = _rows(pg)
    if not rows:
        return []
    left, top, right, bottom = rows[min(which, len(rows) - 1)]
    point = ((left + right) // 2, (top + bottom) // 2)
    out = []
    for _ in range(2):
        step = stepper.step(Gesture("long", point, "long-press"))
        out += [f"{press} {point}: {v.klass} {v.detail}" for v in step.violations]
    return out


@pytest.mark.parametrize("preset", ["phone", "small", "tablet"])
def test_a_row_long_pressed_at_the_lists_edge_is_that_row_selected(preset: str) -> None:
    found: list[str] = []
    for press in cases(preset, OFFSETS):
        found += run(press)
    assert found == [], (len(found), found[:4])


def test_a_nameless_sliver_selected_is_graded_by_its_change() -> None:
    """The grader takes ``~ [i] button "LinearLayout"`` (its class: nothing names it,
    ``labels.class_part``; ``""`` before stop 55) for a row that shows nothing (no text, no
    id) only for the change that row made: another value, or a row that shows text, is
    false."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS["tablet"])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = 2435  # an ad row cut to a 13 px sliver at the list's bottom
    stepper = Stepper(pg, clock)
    left, top, right, bottom = _rows(pg)[-1]
    step = stepper.step(Gesture("long", ((left + right) // 2, (top + bottom) // 2), "long"))
    assert step.violations == []
    assert '] button "LinearLayout" (selected: false→true)' in step.text
    before, after = stepper.shown[0], stepper.shown[1]
    for lie in ("(selected: true→false)", "(checked: false→true)"):
        text = step.text.replace("(selected: false→true)", lie)
        assert Grader(before, after).grade(text).false, lie
    named = step.text.replace('button "LinearLayout"', 'button "Zebra"')
    assert Grader(before, after).grade(named).false


if __name__ == "__main__":  # the counts: python -m tests.core.truth.test_long_press_rows [N]
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else OFFSETS
    for preset in PRESETS:
        got = [(p, run(p)) for p in cases(preset, n)]
        bad = [(p, v) for p, v in got if v]
        print(f"{preset}: {len(got)} presses (x2), {len(bad)} with a violation")
        for _, v in bad[:4]:
            print("  ", v[0])
