"""A sideways swipe on a row cut to a sliver by the Inbox's top edge, graded by the phone
(issue 18: ``test_small_drags``' one open case of 1,800, generated as a class here).

The finger starts on the sliver and archives its row (``ItemTouchHelper``: a fast release
escapes however short the travel); the row above comes down into the sliver's box, cut
exactly as it was. When the sliver shows one label (or a few, all of them other now), two
dumps show one row whose every label changed in place, and the rule of
:mod:`deltarec.core.diff.swiped` kept the pair: it takes a row for another only when more
than one old label is gone (one changed label may be a swipe's edit: a message marked read).
A row whose every label is gone shows nothing of the old row: under a sideways swipe told on
it, the row under the finger left (``- "Lunch on Friday? #33"``, ``+ "Invoice 42 #32"``).
Before: 44 of the 360 cases failed (22 told, 22 not told); after: 22, all not told
(:data:`OPEN_NOT_TOLD`).

:func:`cases`: every preset, the first message rows of the list (:data:`ROWS`), each cut by
the top edge to each of :data:`VISIBLE` lu, swiped left from the sliver's middle by a third
of the screen at 100 ms (a fling sideways: archived), told or not.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import ROW_H, is_header, item_tops, shown_items
from tests.core.truth.walk import Gesture, Stepper

ROWS = 6
"""Items from the list's start whose rows are cut (headers skipped; the first row's box
takes the header: no row of its kind comes into it)."""
VISIBLE = (12, 32, 33, 35, 37, 39, 45, 60, 90)
"""lu of the row the top edge leaves in view: its subject ends 30 lu above its bottom, so
32-39 lu show a strip of 2-9 lu of it (the walk's case: 35 lu, a 5 px strip)."""
Case = tuple[str, int, int, bool]
"""(preset, offset lu, visible lu, told)."""


def cases(presets: tuple[str, ...] = tuple(PRESETS)) -> Iterator[Case]:
    """Every case of the module docstring."""
    tops = item_tops()
    for preset in presets:
        for k, item in enumerate(shown_items()[:ROWS]):
            if is_header(item):
                continue
            for visible in VISIBLE:
                for told in (True, False):
                    yield preset, tops[k] + ROW_H - visible, visible, told


def run(case: Case) -> list[str]:
    """The violations of the swipe's step (empty when the row did not leave: none here)."""
    preset, offset, _, told = case
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = offset
    rows = [
        v
        for w in pg.windows()
        for v in w.root.walk()
        if v.action.startswith("open:") and v.bounds[3] > v.bounds[1]
    ]
    top = min(rows, key=lambda v: v.bounds[1])
    width, _ = pg.window_size()
    y = (top.bounds[1] + top.bounds[3]) // 2
    step = Stepper(pg, clock, gesture=told).step(
        Gesture("swipe", (width // 2, y, width // 2 - width // 3, y, 100), "sideways")
    )
    assert pg.state.inbox.archived, case  # the sliver's row left
    return [f"{case}: {v.klass} {v.detail}" for v in step.violations]


OPEN_NOT_TOLD = {"large": 6, "phone": 6, "small": 5, "tablet": 5}
"""Cases not told that fail, per preset (a ratchet: only down). Open: with no finger, the
dumps differ by a strip of 2-9 lu of one label only (and the snackbar, a view the diff does
not read): one row edited in place, or one row swiped away and another come into its box
cut alike. Overlap is evidence that they are one; the finger that started on the strip is
what says the row under it left. The JSON states the text change; the text, a strip too
thin to name, says nothing of the row.

Looked at again (round 5): what both frames prove is one row of the list held in its box,
of its kind and state, its one label shown (a 2-5 lu strip of a subject) replaced by a label
no row of the last frame showed, every other row of the list in its very box, and a
snackbar come in outside the list. An edit of that subject in place and the row taken out
with the row above come down into its box, cut alike, both fit node for node; the step
between and the baseline two steps back (``Observer.before``) show the same strip, so they
add nothing. The house's hedge (:func:`deltarec.core.render.rows.hedges`) ends a scroll's
``↕`` line, and here no row moved: a hedge needs a line of its own there (``~ text "A"→"B",
or its row was taken out and another came into its box``) and the walk's grader a decision
to take it for the row gone and the row come. Not done this round."""


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_sliver_swiped_away_is_one_row_gone_and_another_come(preset: str) -> None:
    told = [v for case in cases((preset,)) if case[3] for v in run(case)]
    assert told == [], (len(told), told[:4])
    not_told = [case for case in cases((preset,)) if not case[3] and run(case)]
    assert len(not_told) <= OPEN_NOT_TOLD[preset], not_told


if __name__ == "__main__":  # the counts: python -m tests.core.truth.test_swiped_slivers
    every = list(cases())
    bad = [(c, v) for c in every if (v := run(c))]
    print(f"{len(bad)} of {len(every)} cases failed")
    for _, v in bad[:8]:
        print("  ", v[0])
