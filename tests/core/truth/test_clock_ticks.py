"""A clock that ticked while the walk looked elsewhere, generated: the grader's side.

``walk(0, 1000)`` (one walk of 1,000 steps), step 753: home from the Settings, ``» back to
Launcher "Mon, Jan 1" (as after step 703)`` and ``~ [3] text "9:41"→"9:42"``. The launcher's
clock widget (not the status bar: the diff keeps the status bar out of every line) showed
9:41 at step 703 and shows 9:42 now; the walk's clock (each settle advances it) crossed the
minute in between. The grader called the line false ("a clock or counter (volatile)")
although the phone's truth says the clock ticked from that to that: the grader was wrong,
not the diff. A clock is volatile, so no line about it is *required*; a line stating its
tick is true when both values are the phone's, and still false when either is not
(:func:`tests.core.truth.walk._ticked`).

:func:`sessions` generates the class: the clock advanced by any number of seconds (across
minutes and hours), then the launcher looked at again, either staying on it or coming back
to it from every app screen (``» back to``), with and without the gesture told.
"""

from __future__ import annotations

import random

from deltarec.core.devices.virtual.layout import ACTIVITIES, APP_PACKAGE, MESSAGE
from tests.core.truth.steps import Steps, violations

SCREENS = tuple(a for a in ACTIVITIES if a != MESSAGE)


def sessions(n: int, seed: int) -> list[tuple[str, int]]:
    """``n`` seeded cases: (the app screen left for the launcher, or "" to stay on it; the
    seconds the clock moves while away)."""
    rng = random.Random(seed)
    return [
        (rng.choice(("", *SCREENS)), rng.choice((rng.randint(0, 119), rng.randint(0, 7200))))
        for _ in range(n)
    ]


def graded(away: str, seconds: int) -> tuple[str, list[str]]:
    """The delta of looking at the launcher again after ``seconds`` (from ``away``, an app
    screen, when given) and the grader's violations of it."""
    s = Steps(".MainActivity")
    s.pg.press_key("home")
    s.step()
    if away:
        s.pg.launch_app(APP_PACKAGE, "." + away)
        s.step()
    s.clock.advance(seconds)
    if away:
        s.pg.press_key("home")
    result = s.step()
    return result.text, violations(s, result)


def test_a_clock_that_ticked_is_true_when_stated_and_never_required() -> None:
    """40 seeded cases: the launcher's clock stated with the phone's own values is no
    violation (30 of 40 were false before the grader read the truth)."""
    bad = [f"{c}: {v}" for c in sessions(40, 0) for v in graded(*c)[1]]
    assert bad == []


def test_a_clock_stated_with_a_tick_the_phone_did_not_make_is_false() -> None:
    """The grader still refutes a clock line whose values are not the phone's."""
    s = Steps(".MainActivity")
    s.pg.press_key("home")
    s.step()
    s.clock.advance(90)
    result = s.step()
    assert result.text.startswith("~ [") and '"9:41"→"9:42"' in result.text, result.text
    wrong = result.text.replace('"9:42"', '"9:43"')
    object.__setattr__(result, "text", wrong)
    assert violations(s, result) == [
        f"false: {wrong}   ← no view's text went from that to that",
    ]
