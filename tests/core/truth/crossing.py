"""Rows that cross a page: drags long enough that a row cut by one edge of a list comes
whole, or cut by the other edge, to its other end, graded by the phone's identity.

:func:`sweep` opens a scrollable screen on a fresh phone, drags it to a starting offset,
then drags it once more by a length from a grid (both ways, at 600 ms: a drag, not a fling,
so the virtual phone moves the content by the finger's travel less the slop), and grades
every step with :class:`~tests.core.truth.numbers.NumbersWalk`'s grader: a number given to
two phone elements (**reuse**), an element that stayed under another number
(**renumbered**). The walks reach these steps now and then (``bench_numbers --slop``); the
sweep reaches every one of a grid of them.

Counts are per screen and per what the step's reply said of the scroll: ``page`` (about a
page or more: the offset unknown) or ``measured``.

:func:`twin_sweep` is the other side: moves of about one period of the Inbox's repeats
plus a page, which land a row's twin (the same sender and date) where the row crossed an
edge. A row whose number survives a page on such evidence gives it to another element.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observer import Observer
from tests.core.truth.numbers import NumbersWalk, phone_identities

SCREENS = ("InboxActivity", "FeedActivity", "ArticleActivity")
X, BOTTOM, MS = 540, 2200, 600


class Scripted(NumbersWalk):
    """A :class:`NumbersWalk` that makes the given swipes ``(x1, y1, x2, y2, ms)`` in turn,
    after a first step that observes."""

    def __init__(self, start: str, swipes: Iterable[tuple[int, int, int, int, int]]) -> None:
        super().__init__(0, start)
        self.swipes = list(swipes)

    def next_call(self) -> tuple[str, dict[str, Any], str]:
        if self.last is None:
            return "AC_observe", {}, "observe"
        x1, y1, x2, y2, ms = self.swipes.pop(0)
        params = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "duration_ms": ms}
        return "AC_swipe", params, f"drag {y1 - y2} px"


def sweep(
    firsts: Iterable[int],
    lengths: Iterable[int],
    screens: Iterable[str] = SCREENS,
) -> tuple[int, Counter[tuple[str, str, str]], dict[tuple[str, str, str], str]]:
    """Cases run, violations by (class, screen, ``page``/``measured``), and the first of each."""
    counts: Counter[tuple[str, str, str]] = Counter()
    first: dict[tuple[str, str, str], str] = {}
    cases = 0
    lengths = list(lengths)
    for screen in screens:
        for a in firsts:
            for length in lengths:
                for sign in (1, -1):
                    y1 = BOTTOM if sign > 0 else BOTTOM - length
                    swipes = [(X, BOTTOM, X, BOTTOM - a, MS)] if a else []
                    swipes.append((X, y1, X, y1 - sign * length, MS))
                    walk = Scripted(screen, swipes)
                    walk.step()
                    for _ in range(len(swipes)):
                        found = walk.step()
                        assert walk.last is not None
                        said = "page" if "about a page" in walk.last.text else "measured"
                        for v in found:
                            key = (v.klass, screen, said)
                            counts[key] += 1
                            first.setdefault(
                                key, f"{screen} from {a} px, {sign * length} px: {v.detail}"
                            )
                    cases += 1
    return cases, counts, first


TWIN_ROWS = 28
"""The virtual Inbox repeats a row's sender and date this many rows on."""


def twin_case(start: int, move: int) -> tuple[int, int]:
    """The Inbox at offset ``start`` (px), then at ``start + move`` (told as a fling the
    content's way): how many numbers the second reply gave to another phone element than the
    first's (reuse), and how many elements on both kept no number (renumbered)."""
    pg = Playground(ManualClock())
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    device = VirtualDevice(pg)
    pg.state.inbox.offset = start
    observer = Observer()
    first = observer.reset(device.capture())
    before = phone_identities(pg)
    owner = {e.index: before[e.pos] for e in first.elements}
    pg.state.inbox.offset = start + move
    y1, y2 = (1800, 600) if move > 0 else (600, 1800)
    result = observer.step(device.capture(), gesture=Gesture(X, y1, X, y2, 40))
    after = phone_identities(pg)
    reuse = sum(
        1 for e in result.index.elements if owner.get(e.index, after[e.pos]) != after[e.pos]
    )
    had = {before[e.pos]: e.index for e in first.elements}
    renumbered = sum(1 for e in result.index.elements if had.get(after[e.pos], e.index) != e.index)
    return reuse, renumbered


def twin_sweep(starts: Iterable[int], moves: Iterable[int]) -> tuple[int, Counter[str], list[str]]:
    """:func:`twin_case` for each start and move, both ways (down from ``start``, up from
    ``start`` + 6,000 px): moves about a twin period plus a page land a row's twin where
    the row crossed an edge (``bench_numbers --slop --seed 20``, seed 33 step 40)."""
    counts: Counter[str] = Counter()
    found: list[str] = []
    cases = 0
    moves = list(moves)
    for start in starts:
        for move in moves:
            for sign in (1, -1):
                at = start if sign > 0 else start + 6000
                reuse, renumbered = twin_case(at, sign * move)
                counts["reuse"] += reuse
                counts["renumbered"] += renumbered
                if reuse:
                    found.append(f"from {at} px by {sign * move} px: reuse {reuse}")
                cases += 1
    return cases, counts, found
