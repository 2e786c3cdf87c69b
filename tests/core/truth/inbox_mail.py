"""New mail at the top of the Inbox, generated: every case of a sweep, graded as the walk does.

A case (:class:`Case`) puts the Inbox at a place (``top``: offset 0; ``short``: a fling that
stopped :data:`SHORT` lu short of the top, anchored as any offset off the top is;
``scrolled``: :data:`SCROLLED` lu down), brings ``n`` new messages (0-3) by a refresh (a pull
at the top shows the circle, the next input brings the mail) or by a push
(:meth:`~deltarec.core.devices.virtual.Playground.push_mail`), and makes the input that
delivers them: ``pull`` (another drag down at the top), ``tap`` (on the action bar's title,
which does nothing), ``key`` (typing with no field focused: nothing told), ``fling`` (a
fast drag up the list: the mail and a scroll in one step) or ``drag`` (a slow drag up by
100 lu, less than a new row: the rows both frames show move *down*). The delta of that input is graded
by :func:`tests.core.truth.walk.check` against the phone's state, told the gesture or not.

:func:`sweep` yields every case of every preset with its violations.

:func:`drag_sweep` is the drag's own sweep (:class:`DragCase`): mail 1-3 at the top (by a
refresh or a push) or just below it (a push), delivered by one slow drag up or down of every
length of :data:`DRAG_LENGTHS` (within the touch slop to past three new rows), or sideways
(:data:`SIDEWAYS_AT`: on the first row, archived as the mail comes), told or not, on every
preset: 1,728 cases. ``python -m tests.core.truth.inbox_mail`` runs it whole; the test suite
runs :data:`CI_LENGTHS`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU
from deltarec.core.devices.virtual.profile import PRESETS, Profile
from deltarec.core.devices.virtual.screen_inbox import REFRESH_MAIL, REFRESH_PULL, ROW_H
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observer import DeltaResult
from tests.core.truth.steps import STEP, Steps
from tests.core.truth.walk import check

SHORT = 60
"""lu short of the top where a fling towards it stopped (the top row cut by 60 lu)."""
SCROLLED = 1439
"""lu down the list: far from its top."""
PLACES = {"top": 0, "short": SHORT, "scrolled": SCROLLED}
INPUTS = ("pull", "tap", "key", "fling", "drag")
OPEN_INPUTS: tuple[str, ...] = ()
"""Inputs of a class left open. Closed (issue 18): new mail at the top and a short drag up in
one step (the rows both frames show move down, less than the new rows' height), said as a
scroll past the new rows (:mod:`deltarec.core.diff.past_new`)."""


@dataclass(frozen=True, slots=True)
class Case:
    preset: str
    place: str
    by: str
    """"refresh" or "push"."""
    n: int
    input: str
    told: bool

    def __str__(self) -> str:
        told = "told" if self.told else "not told"
        return f"{self.preset} {self.place} {self.by} {self.n} by {self.input} ({told})"


def cases(
    presets: tuple[str, ...] = tuple(PRESETS), inputs: tuple[str, ...] = INPUTS
) -> Iterator[Case]:
    """Every case: a refresh only at the top (off it a drag down scrolls), a pull only at
    the top, a key never told (it is no touch); ``inputs``: those of :data:`INPUTS` by
    default."""
    for preset in presets:
        for place in PLACES:
            for by in ("refresh", "push"):
                if by == "refresh" and place != "top":
                    continue
                for n in range(4):
                    for what in inputs:
                        if what == "pull" and place != "top":
                            continue
                        for told in (True, False):
                            if what == "key" and told:
                                continue
                            yield Case(preset, place, by, n, what, told)


def _touch(steps: Steps, what: str, profile: Profile) -> Touch:
    pg = steps.pg
    width, height = pg.window_size()
    x = width // 2
    if what == "pull":
        y1 = height // 5
        return Touch(x, y1, x, y1 + profile.px(REFRESH_PULL + TOUCH_SLOP_LU + 60), 300)
    if what == "fling":
        y1 = height * 3 // 4
        return Touch(x, y1, x, y1 - height // 4, 60)
    if what == "drag":  # a short, slow drag up: less than a new row's height, no glide
        y1 = height * 3 // 4
        return Touch(x, y1, x, y1 - profile.px(TOUCH_SLOP_LU + 100), 600)
    title = next(
        v for w in pg.windows() for v in w.root.walk() if v.text == "Inbox" and not v.action
    )
    cx, cy = (title.bounds[0] + title.bounds[2]) // 2, (title.bounds[1] + title.bounds[3]) // 2
    return Touch(cx, cy, cx, cy, 50)


def _deliver(steps: Steps, by: str, n: int, profile: Profile) -> None:
    """``n`` new messages by a pull that refreshes (a step of its own) or a push (shown by
    the next input)."""
    pg = steps.pg
    if by == "refresh":
        pull = _touch(steps, "pull", profile)
        pg.swipe(pull.x1, pull.y1, pull.x2, pull.y2, pull.duration_ms)
        steps.step(pull)
        assert pg.state.inbox.refreshing, (by, n)
        pg.state.inbox.refreshes = REFRESH_MAIL.index(n)
    else:
        pg.push_mail(n)


def run(case: Case) -> tuple[DeltaResult, list[str]]:
    """The delta of the input that delivered the mail, and its violations."""
    profile = PRESETS[case.preset]
    steps = Steps(".InboxActivity", profile=profile)
    pg = steps.pg
    pg.state.inbox.offset = PLACES[case.place]
    steps.step()
    _deliver(steps, case.by, case.n, profile)
    mail = pg.state.inbox.mail
    told: Touch | None = None
    if case.input == "key":
        pg.type_text("x")
    else:
        told = _touch(steps, case.input, profile)
        if told.x1 == told.x2 and told.y1 == told.y2:
            pg.tap(told.x1, told.y1)
        else:
            pg.swipe(told.x1, told.y1, told.x2, told.y2, told.duration_ms)
    assert pg.state.inbox.mail == mail + case.n, case
    result = steps.step(told if case.told else None)
    n = len(steps.shown) - 1
    found = check(steps.shown[n - 1], steps.shown[n], result, "InboxActivity", STEP, told=case.told)
    return result, [f"{v.klass}: {v.detail}" for v in found]


def sweep(
    presets: tuple[str, ...] = tuple(PRESETS), inputs: tuple[str, ...] = INPUTS
) -> Iterator[tuple[Case, DeltaResult, list[str]]]:
    """Every case of :func:`cases`, its delta and its violations."""
    for case in cases(presets, inputs):
        result, bad = run(case)
        yield case, result, bad


DRAG_LENGTHS = (20, 50, 100, 150, 190, 250, 350, 450, 600)
"""lu the finger travels in :func:`drag_cases` (the touch slop, 21 lu, included): from within
the slop (a tap to the phone, told as the drag it was) to more than three new rows; 190 lu
leaves a sliver of the first new row that shows none of its children on every preset."""
CI_LENGTHS = (50, 190, 250, 450)
"""The lengths the test suite sweeps (:func:`drag_cases` ``lengths``): past no new row, into
the first down to a sliver, past one, past two; the whole sweep runs with
``python -m tests.core.truth.inbox_mail``."""
DRAG_PLACES = ("top", "short")
"""At the list's top, or just below it (a fling that stopped :data:`SHORT` lu short)."""
SIDEWAYS_LENGTHS = (100, 300, 600)
"""lu a sideways drag travels in :func:`drag_cases` (a row slides back, or is archived)."""
SIDEWAYS_AT = {"left": "first", "right": "middle"}
"""Where a sideways drag starts: on the list's first row going left (a message an earlier
step brought, flush with the top edge, where it is once the mail came in above it: archived
in the step the mail came), in the list's middle going right."""


@dataclass(frozen=True, slots=True)
class DragCase:
    """New mail (``n``: 1-3, by ``by``) delivered by one slow drag of ``length`` lu that goes
    ``way`` ("up", "down", "left", "right"), at ``place``, told to the diff or not."""

    preset: str
    place: str
    by: str
    n: int
    way: str
    length: int
    told: bool
    ms: int = 600
    """The drag's duration: 600 ms is slow (no glide); :func:`fling_cases` flings."""

    def __str__(self) -> str:
        told = "told" if self.told else "not told"
        what = "a drag" if self.ms == 600 else f"a {self.ms} ms fling"
        return f"{self.preset} {self.place} {self.by} {self.n} by {what} {self.way} {self.length}lu ({told})"


WAYS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def drag_cases(
    presets: tuple[str, ...] = tuple(PRESETS),
    lengths: tuple[int, ...] = DRAG_LENGTHS,
    sideways_lengths: tuple[int, ...] = SIDEWAYS_LENGTHS,
) -> Iterator[DragCase]:
    """Every preset × at the top (mail by a refresh or a push) or just below it (a push: a
    drag down there scrolls) × 1-3 messages × a slow drag up or down of every length of
    ``lengths``, or sideways of ``sideways_lengths`` (:data:`SIDEWAYS_AT`) × told or not."""
    for preset in presets:
        for place in DRAG_PLACES:
            for by in ("refresh", "push"):
                if by == "refresh" and place != "top":
                    continue
                for n in (1, 2, 3):
                    for way in WAYS:
                        sideways = way in ("left", "right")
                        for length in sideways_lengths if sideways else lengths:
                            for told in (True, False):
                                yield DragCase(preset, place, by, n, way, length, told)


FLING_LENGTHS = (60, 120, 190, 300, 500)
"""lu the finger travels in :func:`fling_cases`: from a flick a third of a row long to past
three new rows (the glide adds to each)."""
FLING_MS = (40, 80, 120)
"""The flings' durations (the walk's)."""


def fling_cases(
    presets: tuple[str, ...] = tuple(PRESETS),
    lengths: tuple[int, ...] = FLING_LENGTHS,
    durations: tuple[int, ...] = FLING_MS,
) -> Iterator[DragCase]:
    """Every preset × at the top (mail by a refresh or a push) or just below it (a push) ×
    1-3 messages × a fling up or down of every length of ``lengths`` and duration of
    ``durations`` × told or not: new mail and a fling in one step (the tablet walk's seed 16
    step 48: two new rows and a fling up from the top, said as nothing scrolled)."""
    for case in drag_cases(presets, lengths, ()):
        if case.way in ("up", "down"):
            for ms in durations:
                yield replace(case, ms=ms)


def _drag(steps: Steps, case: DragCase, profile: Profile) -> Touch:
    """A drag (slow: 600 ms, unless ``case.ms`` says otherwise) from the middle of the list's
    lower half (a sideways one from its first row, :data:`SIDEWAYS_AT`): ``case.length`` lu
    along its way, drifting 3 lu across."""
    width, height = steps.pg.window_size()
    x1, y1 = width // 2, height * 3 // 5
    if SIDEWAYS_AT.get(case.way) == "first":
        row = min(
            (v for w in steps.pg.windows() for v in w.root.walk() if v.action.startswith("open:")),
            key=lambda v: v.bounds[1],
        )
        shift = profile.px(case.n * ROW_H) if case.place == "top" else 0  # the mail above it
        y1 = (row.bounds[1] + row.bounds[3]) // 2 + shift
    sx, sy = WAYS[case.way]
    travel, drift = profile.px(case.length), profile.px(3)
    return Touch(x1, y1, x1 + sx * travel + sy * drift, y1 + sy * travel + sx * drift, case.ms)


def run_drag(case: DragCase) -> tuple[DeltaResult, list[str]]:
    """The delta of the drag that delivered the mail, and its violations."""
    profile = PRESETS[case.preset]
    steps = Steps(".InboxActivity", profile=profile)
    pg = steps.pg
    pg.state.inbox.offset = PLACES[case.place]
    steps.step()
    if SIDEWAYS_AT.get(case.way) == "first":  # a message of an earlier step is the first row
        pg.push_mail(1)
        tap = _touch(steps, "tap", profile)
        pg.tap(tap.x1, tap.y1)
        steps.step(tap)
    _deliver(steps, case.by, case.n, profile)
    mail = pg.state.inbox.mail
    told = _drag(steps, case, profile)
    pg.swipe(told.x1, told.y1, told.x2, told.y2, told.duration_ms)
    assert pg.state.inbox.mail == mail + case.n, case
    result = steps.step(told if case.told else None)
    n = len(steps.shown) - 1
    found = check(steps.shown[n - 1], steps.shown[n], result, "InboxActivity", STEP, told=case.told)
    return result, [f"{v.klass}: {v.detail}" for v in found]


def drag_sweep(
    presets: tuple[str, ...] = tuple(PRESETS),
    lengths: tuple[int, ...] = DRAG_LENGTHS,
    sideways_lengths: tuple[int, ...] = SIDEWAYS_LENGTHS,
) -> Iterator[tuple[DragCase, DeltaResult, list[str]]]:
    """Every case of :func:`drag_cases`, its delta and its violations."""
    for case in drag_cases(presets, lengths, sideways_lengths):
        result, bad = run_drag(case)
        yield case, result, bad


def fling_sweep(
    presets: tuple[str, ...] = tuple(PRESETS),
    lengths: tuple[int, ...] = FLING_LENGTHS,
    durations: tuple[int, ...] = FLING_MS,
) -> Iterator[tuple[DragCase, DeltaResult, list[str]]]:
    """Every case of :func:`fling_cases`, its delta and its violations."""
    for case in fling_cases(presets, lengths, durations):
        result, bad = run_drag(case)
        yield case, result, bad


def main(flings: bool = False) -> None:
    """The whole drag sweep (``flings``: the fling sweep): how many cases, how many failed,
    and the first few."""
    total, failing = 0, []
    for case, result, bad in fling_sweep() if flings else drag_sweep():
        total += 1
        if bad:
            failing.append((case, result.text, bad))
    for case, text, bad in failing[:10]:
        print(case, text, *bad, sep="\n  ")
    print(f"{len(failing)} of {total} cases failed")


if __name__ == "__main__":  # python -m tests.core.truth.inbox_mail [--flings]
    import sys

    main("--flings" in sys.argv)
