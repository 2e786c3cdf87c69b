"""An icon inside a row the list's edge cuts, come into view or gone out of it as the row
stayed, graded by the phone (issue 18: the sliver sweep's tablet avatars, 5395 / 7675
'away', and the clamped case seed 19 large bottom 13/18748, generated as a class here).

A message row's avatar starts 6 lu below its sender and ends 36 lu above the row's bottom,
so a row the list's bottom edge cuts to 31-36 lu shows its sender and date but not its
avatar, and one the top edge cuts to 36 lu or less shows its subject but not its avatar.
Rows archived out of view move the rest by a whole number of px on a scaled screen, rounded
anew (a px more or less of the cut row shows), and rows archived at the list's clamped end
bring the rows above down (the top row uncut): the avatar comes into view, or leaves it,
inside a row both frames show.

:func:`cases`: every preset, both edges, the rows cut to 34-38 lu at a spread of places
(:data:`ITEMS`), rows archived out of view above it or below it (``away``), or in
view (``above`` / ``below``: rows close up over them), then the undo: each step graded by
:class:`~tests.core.truth.walk.Stepper` and the numbers (:func:`~tests.core.truth.slivers.
run`).

Before: 8 of 480 cases failed (small and tablet, both edges, rows archived out of view: the
avatar asked for as a fact, ``appeared: 'Frances avatar'``, and at the undo ``gone``); after:
0. Grader decision, argued in :mod:`deltarec.core.render.folded`: an icon is part of its
row, which was said; the grader's ``+`` / ``-`` facts leave such an icon out
(:func:`benchmarks.bench_session._edge_icon`). :data:`CLOSED` pins the sweep's three.

    python -m tests.core.truth.test_edge_icons   # the whole generator's counts
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import (
    ROW_H,
    is_header,
    item_tops,
    max_offset,
    shown_items,
)
from tests.core.truth.slivers import Case, _bottom, _items_in_view, _sliver_px, run

ITEMS = (23, 67, 104, 110)
"""Places in the list (item positions) whose row an edge cuts: two in its middle, two
near its end (where archives clamp the offset)."""
VISIBLE = range(34, 39)
"""lu of the cut row left in view: its avatar's edge is at 36 lu from the row's cut side."""
KINDS = ("away-above", "away-below", "above", "below")
CI_EVERY = 9
"""Each N-th case in CI."""


def cases(preset: str) -> Iterator[Case]:
    """Every case of the module docstring on ``preset``."""
    profile = PRESETS[preset]
    bottom = _bottom(profile)
    view = bottom - TOOLBAR_BOTTOM
    tops = item_tops()
    order = shown_items()
    highest = max_offset(bottom)
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    for k in ITEMS:
        if is_header(order[k]) or tops[k + 1] - tops[k] != ROW_H:
            continue
        for edge in ("top", "bottom"):
            for h in VISIBLE:
                offset = tops[k] + h - view if edge == "bottom" else tops[k + 1] - h
                if not 0 < offset <= highest:
                    continue
                pg.state.inbox.offset = offset
                rows = _items_in_view(pg)
                if len(rows) < 4:
                    continue
                px = _sliver_px(pg, edge)
                for kind in KINDS:
                    picks = _picks(rows, order, kind, edge)
                    if picks:
                        yield Case(preset, edge, px, offset, kind.partition("-")[0], picks)


def _picks(rows: list, order: tuple[int, ...] | list[int], kind: str, edge: str) -> tuple[int, ...]:
    """The rows ``kind`` archives: out of view above and/or below (two a side), or in view
    (the second and third rows from the side of the cut row, or from the other side)."""
    first, last = order.index(rows[0][0]), order.index(rows[-1][0])
    if kind.startswith("away"):
        above = [order[j] for j in range(max(0, first - 3), first - 1)]
        below = [order[j] for j in range(last + 2, min(len(order), last + 4))]
        pool = above if kind == "away-above" else below if kind == "away-below" else above + below
    else:
        inner = [i for i, _ in rows[1:-1]]
        pool = inner[1:3] if (kind == "above") == (edge == "top") else inner[-3:-1]
    return tuple(sorted(i for i in pool if not is_header(i)))


CLOSED = (
    Case("tablet", "bottom", 28, 5395, "away", (27, 29, 45)),
    Case("tablet", "bottom", 29, 7675, "away", (41, 42, 56)),
    Case("large", "bottom", 13, 18748, "above", (108, 113)),
)
"""The sliver sweep's cases of the class (:mod:`tests.core.truth.slivers`, seeds 18 and
19), each wrong before: the two tablet avatars of ``bench_archive``, the clamped case of
:mod:`tests.core.truth.test_sliver_edges` (the top row uncut by rows archived at the
list's end shows its avatar)."""


def sweep(presets: tuple[str, ...] = tuple(PRESETS), every: int = 1) -> tuple[int, list]:
    """Cases run and the failing ones with their violations."""
    bad, tried = [], 0
    for preset in presets:
        for case in list(cases(preset))[::every]:
            tried += 1
            got = run(case)
            if got:
                bad.append((case, got))
    return tried, bad


def test_the_generator_cuts_the_avatar_at_both_edges_on_every_preset() -> None:
    got = [c for p in PRESETS for c in cases(p)]
    assert {(c.preset, c.edge) for c in got} == {(p, e) for p in PRESETS for e in ("top", "bottom")}
    assert {c.kind for c in got} == {"away", "above", "below"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_icon_at_a_cut_rows_edge_is_part_of_the_row(preset: str) -> None:
    tried, bad = sweep((preset,), CI_EVERY)
    assert tried >= 10
    assert bad == [], (len(bad), bad[:3])


def test_the_sweeps_cases_of_the_class_stay_closed() -> None:
    assert [(c, got) for c in CLOSED if (got := run(c))] == []


if __name__ == "__main__":
    from collections import Counter

    tried, bad = sweep()
    print(f"{len(bad)} of {tried} cases failed")
    print(Counter((c.preset, c.edge, c.kind) for c, _ in bad))
    for c, v in bad[:12]:
        print("  ", c, v[:2])
