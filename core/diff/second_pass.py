"""Passes 3 and 4 of :mod:`deltarec.core.diff.match` again under the final estimate, and when
the first run already is that second run (issue 19: one run of the passes where the answers
it got stand).

The matcher runs passes 3 and 4 under the scrolls measured over the pairs passes 1 and 2
made (:class:`~deltarec.core.diff.pair_evidence.Guard`). When the pairs passes 3 and 4 made
measure only pages turned that the first estimate could not weigh (:func:`measured_pages`:
a new screen whose first estimate had no pair to measure with, a feed whose repeated card
hid a page), it pairs again from the pairs of passes 1 and 2 under the final estimate.

**When the second run is the first.** A first run under no scroll at all (the guard's
estimate empty) reads the guard through four questions only: ``allowed(c, p)`` (always
yes: :class:`Noted` notes each question), ``shift(c)`` (None), ``cut_alike(c, p)`` (no) and
``active`` (no). Under an estimate of pages alone, ``shift`` and ``cut_alike`` answer the
same (a page places nothing: every placement under it is ``paged``), and ``active`` adds
two steps before pass 3: pairs the guard does not allow are dropped, and pass 2 runs again
under it. So the second run is the first, step for step, when (:func:`replays`)

- the final estimate is pages alone and the first one was empty;
- every pair passes 3 and 4 started from is allowed (nothing dropped), and pass 2 run again
  under the new guard pairs nothing more (it only adds pairs: compared on a copy);
- every question the first run asked of ``allowed`` is answered yes by the new guard.

The passes are deterministic functions of the frames, the pairs and the guard's answers:
with every answer the same, the second run asks the same questions in the same order and
makes the same pairs, in the same order. Otherwise the passes run again. At most
:data:`ASKED_LIMIT` questions are noted (then the passes run again): the check costs at most
that many answers, against a second run of the passes (1.2 ms of YouTube 01→02's 5.5).
``tests/core/test_second_pass.py`` holds the matcher with the check against the matcher
that always runs the passes again, on every ordered pair of the first captures of each real
flow (dumps and element dicts) and on generated edits of real screens.
"""

from __future__ import annotations

from collections.abc import Callable

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pair_evidence import Guard
from deltarec.core.observe.frame import Frame

ASKED_LIMIT = 20_000
"""Most questions :class:`Noted` keeps; past them the second run is not checked but run."""

BottomUp = Callable[[Frame, Frame, dict[int, int], set[int], Callable[[int, int], bool]], None]


class Noted(Guard):
    """A guard with no scroll to pair by (it allows every pair) that notes each pair it was
    asked about (``asked``; None past :data:`ASKED_LIMIT`)."""

    def __init__(self, prev: Frame, curr: Frame, pairs: dict[int, int], gesture: Gesture | None):
        super().__init__(prev, curr, pairs, gesture, [])
        self.asked: list[tuple[int, int]] | None = []

    def allowed(self, c: int, p: int) -> bool:
        asked = self.asked
        if asked is not None:
            if len(asked) < ASKED_LIMIT:
                asked.append((c, p))
            else:
                self.asked = None
        return True


def unmeasured_pages(
    curr: Frame, pairs: dict[int, int], first: Guard, final: list[Motion]
) -> list[Motion]:
    """``final``, the estimate over the pairs passes 3 and 4 made, and every page ``first``
    (the guard they ran under) turned that ``final`` names no motion on, around or inside,
    on a host still paired, where the pairs ``first`` was measured over held a node inside
    it that it unpaired. The page dropped what measured it: the pieces of one tall row
    filling its list, all replaced (a twin's may have come in), so nothing paired moved and
    ``final`` found no motion, and the step read as pieces removed and added, nothing
    scrolled (YouTube's channel card stretched over its results, scrolled 410 px up:
    ``tests/core/real_scrolls/tall_rows.py --wide``). O(motions × (motions + measured)).

        >>> from deltarec.core.capture.uiautomator import parse_uiautomator
        >>> frame = Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
        ...     ' bounds="[0,0][9,9]"><node class="B" bounds="[0,5][9,9]"/></node></hierarchy>'))
        >>> page = Motion(0, 0, 0, 0, page=True)
        >>> first = Guard(frame, frame, {0: 0, 1: 1}, None, [page])  # measured over the piece
        >>> unmeasured_pages(frame, {0: 0}, first, [])  # the page unpaired it: it stands
        [Motion(curr=0, prev=0, dx=0, dy=0, page=True, toward=(0, 0), gap=0, below=0)]
        >>> unmeasured_pages(frame, {0: 0, 1: 1}, first, [])  # the piece is paired still
        []
    """
    out = final
    for m in first.motions:
        if not m.page or pairs.get(m.curr) != m.prev:
            continue
        end = curr.subtree_end(m.curr)
        if any(m.curr <= f.curr < end or f.curr < m.curr < curr.subtree_end(f.curr) for f in out):
            continue  # named, or inside or around a host that is
        if any(m.curr < c < end and c not in pairs for c in first.measured):
            out = [*out, m]
    return out


def measured_pages(estimate: list[Motion], final: list[Motion]) -> bool:
    """Whether ``final`` differs from ``estimate`` only in offsets measured on hosts the
    estimate took for pages turned, or in pages turned on hosts the estimate could not
    weigh (unpaired then: element dicts name no list, and a list whose rows all changed is
    paired by its place in pass 3) — nothing else changes what passes 3 and 4 may pair.

        >>> measured_pages([], [Motion(3, 3, 0, 0, page=True)])
        True
        >>> measured_pages([], [Motion(3, 3, 0, 40)])
        False
    """
    pages = {(m.curr, m.prev) for m in estimate if m.page}
    hosts = {(m.curr, m.prev) for m in estimate}
    changed = [m for m in final if m not in estimate]
    return bool(changed) and (
        all((m.curr, m.prev) in pages and not m.page for m in changed)
        if len(final) == len(estimate)
        else all(m.page and (m.curr, m.prev) not in hosts for m in changed)
        and all(m in final for m in estimate)
    )


def replays(
    prev: Frame,
    curr: Frame,
    start: dict[int, int],
    start_used: set[int],
    first: Guard,
    final: list[Motion],
    gesture: Gesture | None,
    bottom_up: BottomUp,
) -> bool:
    """Whether passes 3 and 4 from ``start`` under ``final`` make what the run that ``first``
    guarded made (the module docstring). ``bottom_up``: pass 2 (it only adds pairs)."""
    if not isinstance(first, Noted) or first.asked is None or first.motions:
        return False
    if not final or not all(m.page for m in final):
        return False
    guard = Guard(prev, curr, start, gesture, final)
    allowed = guard.allowed
    if not all(allowed(c, p) for c, p in start.items()):
        return False  # the second run drops a pair the first one kept
    trial = dict(start)
    bottom_up(prev, curr, trial, set(start_used), allowed)
    if len(trial) != len(start):
        return False  # pass 2 again pairs more than the first run started from
    return all(allowed(c, p) for c, p in first.asked)
