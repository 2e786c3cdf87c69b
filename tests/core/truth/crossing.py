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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from tests.core.truth.numbers import NumbersWalk

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
