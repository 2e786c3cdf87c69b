"""A page whose button toggled as its numbers ran, generated: an edit, never a page turned.

``bench_truth.py --steps 10000 --seed 500``, seed 523 step 97: on the Clock's stopwatch,
running at 0:00.50, a tap on "Reset" read ``↕ [117] list "pager" scrolled about a page or
more (+1 rows, -1 rows)`` and listed the page's three elements as new; the phone changed
the time, "Pause" → "Start" and Reset's ``enabled``. :func:`session` generates the class:
the Timer's or the Stopwatch's page, then toggles, resets and waits in seeded order, the
clock moved by any amount before a tap, with and without the tap told. Before
:mod:`deltarec.core.diff.toggled`, 47 of 80 sessions' taps read as pages turned (each way;
seeds 0–39); the six seeds CI runs fail in 10 of 12 sessions (72 violations) without it.

The same sessions found a grader fault: a wait across a minute replied ``(only the status
bar changed)`` (true: its clock ticked) and the grader called it "not a delta line"; it now
reads the status bar's views (:meth:`benchmarks.bench_session.Grader._status_changed`).
"""

from __future__ import annotations

import random

from benchmarks.bench_session import Grader
from deltarec.core.diff.gesture import Gesture as Touch
from tests.core.truth.steps import Steps, violations

WAITS = (0.3, 1, 7, 61, 3700)
"""Seconds a wait moves the clock (61 and 3,700 cross the status bar's minute)."""
BEFORE_TAP = (0.01, 0.5, 3, 65)
"""Seconds the clock may move just before a tap (the time shown runs meanwhile)."""


def _centre(s: Steps, action: str) -> tuple[int, int] | None:
    for w in s.pg.windows():
        for v in w.root.walk():
            if v.action == action and v.enabled:
                return (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2
    return None


def session(seed: int, told: bool, steps: int = 12) -> list[str]:
    """The violations of one seeded session on the Timer's or the Stopwatch's page."""
    rng = random.Random(seed)
    s = Steps(".ClockActivity")
    tab = rng.choice((2, 3))
    name = "timer" if tab == 2 else "stopwatch"
    out: list[str] = []
    for i in range(-1, steps):
        act = "tab" if i < 0 else rng.choice(("toggle", "toggle", "reset", "wait"))
        if act == "wait":
            s.clock.advance(rng.choice(WAITS))
            touch = None
        else:
            at = _centre(s, f"tab:{tab}" if act == "tab" else f"{name}:{act}")
            if at is None:  # Reset is disabled at 0
                continue
            if act != "tab" and rng.random() < 0.5:
                s.clock.advance(rng.choice(BEFORE_TAP))
            s.pg.tap(*at)
            touch = Touch(*at, *at, 50) if told else None
        result = s.step(touch)
        out += [f"seed {seed} step {i} {act}: {v}\n{result.text}" for v in violations(s, result)]
    return out


def test_a_toggled_page_reads_as_its_edits_told_or_not() -> None:
    """12 sessions (6 seeds, told and not) hold every toggle of both pages, each with its
    time run or not, and Reset from running and paused: no violation."""
    bad = [v for seed in range(6) for told in (True, False) for v in session(seed, told)]
    assert bad == []


def test_the_status_bar_line_is_graded_by_the_status_bar() -> None:
    """The grader reads ``(only the status bar changed)`` against the status bar's own views:
    true once the minute ticked, false while it did not."""
    s = Steps(".ClockActivity")
    s.step()
    before = s.shown[1]
    s.clock.advance(1)
    s.step()
    line = "(only the status bar changed)"
    assert Grader(before, s.shown[2]).grade(line).false == [
        f"{line}   ← the status bar did not change"
    ]
    s.clock.advance(61)
    s.step()
    assert Grader(s.shown[2], s.shown[3]).grade(line).false == []
