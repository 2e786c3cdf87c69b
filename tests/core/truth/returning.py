"""Rows that leave the screen and come back: do they keep their number? Graded by the phone.

A seeded walk (:class:`ReturningWalk`, a :class:`~tests.core.truth.numbers.NumbersWalk`)
drives an executor session on the virtual phone's screens with long lists — the Inbox, the
Feed, Settings, the Article's web page — mostly with drags and flings up and down of any
length (50-4,000 px), with taps, back and whole frames in between. Every element is named
by the phone's own identity (:func:`~tests.core.truth.numbers.phone_identities`: an Inbox
row by the message it opens, a Feed card by its place in the feed's content), never by
deltarec's keys.

Per step, each element of the reply that the previous reply did not show (it *entered*)
and that an earlier reply of the same visit showed (the same screen, entered once: a new
screen or a ``» back to`` reply starts a visit) is counted as

- **kept**: it has the number it had when last shown;
- **renumbered**: it has another number (safe: the old one is retired, the stale check
  refuses it; against "an element that comes back keeps its number");
- **renumbered-unstated**: so, but a reply since it was last shown stated a scroll with no
  exact offset (:data:`UNSTATED`: a page turned, "D px or further", another reading).
  A grader decision: counted apart, never hidden — the dumps of such a step do not say
  where the rows sit in the list's content (a fling can land a twin where a row was), so
  no number can be proven to come back across it; a reuse there still counts;
- **recalled-kept** / **recalled-renumbered** (-unstated): the same, for an element that
  the visit itself has not shown but that the screen showed before it was left, when a
  ``» back to`` reply brought the screen back (that reply states the screen is the one
  seen then, with the numbers it had: its rows, also those scrolled out before it was
  left, are that screen's rows);
- **reuse** (the worst): its number was given to another phone element before — counted
  by the walk's own grader over the whole session, whatever entered.

``python benchmarks/bench_numbers.py --returning`` runs the whole sweep;
``tests/core/truth/test_returning.py`` a dealt sample.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import _map
from tests.core.truth.numbers import Ident, NumbersWalk, Violation
from tests.core.truth.renumbered_why import TracedBooks
from tests.core.truth.walk import _clickables

UNSTATED = frozenset(
    {"page", "atLeast", "orDy", "edge", "orInserted", "orRemoved", "orRows", "atMost"}
)
"""The keys of a JSON scroll entry that state no exact offset: a page turned, "D px or
further" ("at most D px"), a top edge moved with it, or another reading (rows put in or
taken out)."""

SCREENS = ("InboxActivity", "FeedActivity", "SettingsActivity", "ArticleActivity")
"""The screens with a list longer than the screen (each walk starts on one)."""


def scroll_gesture(rng: random.Random, width: int, height: int) -> tuple[dict[str, Any], str]:
    """A vertical drag or fling of 50-4,000 px (log-uniform), either way, from anywhere clear
    of the bars, as :func:`~tests.core.truth.walk.random_gesture` makes them."""
    length = int(50 * (80 ** rng.random()))
    sign = rng.choice((-1, 1))
    x1 = rng.randint(20, width - 20)
    y1 = rng.randint(_map(300, height, 2400), _map(2200, height, 2400))
    x2 = max(0, min(width - 1, x1 + rng.randint(-40, 40)))
    y2 = max(0, min(height - 1, y1 + sign * length))
    fling = rng.random() < 0.25
    ms = rng.choice((40, 80, 120)) if fling else rng.choice((200, 300, 600))
    params = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "duration_ms": ms}
    return params, "fling" if fling else "drag"


@dataclass(slots=True)
class ReturningWalk(NumbersWalk):
    """A :class:`NumbersWalk` that scrolls lists down and back up (module docstring)."""

    counts: Counter[str] = field(default_factory=Counter)
    """kept / renumbered: rows entering that a reply of the visit showed before."""
    examples: list[str] = field(default_factory=list)
    """The first few renumbered rows, for a report."""
    visit: dict[Ident, tuple[int, int]] = field(default_factory=dict)
    """Every element the replies of this visit showed: its last number, and the
    :attr:`unstated` count when it was shown."""
    unstated: int = 0
    """How many replies of the session stated a scroll with no exact offset."""
    left: dict[str, dict[Ident, tuple[int, int]]] = field(default_factory=dict)
    """Per screen left: its visit (as :attr:`visit`), resumed by a ``» back to`` reply."""
    resumed: dict[Ident, tuple[int, int]] = field(default_factory=dict)
    """The visit a ``» back to`` reply resumed: what the screen showed before it was left."""
    books: TracedBooks = field(default_factory=TracedBooks)
    """The session's observer's books, traced: why a row took a new number."""

    def __post_init__(self) -> None:
        NumbersWalk.__post_init__(self)
        self.session.observer.books = self.books

    def next_call(self) -> tuple[str, dict[str, Any], str]:
        if self.last is None:
            return "AC_observe", {}, "observe"
        roll = self.rng.random()
        screen = self.pg.state.screen
        if screen not in SCREENS and roll < 0.7:  # left the lists: back to one
            if roll < 0.4:
                return "AC_back", {}, "back"
            activity = "." + self.rng.choice(SCREENS)
            return "AC_launch_app", {"package": APP_PACKAGE, "activity": activity}, "launch"
        if roll < 0.8:
            params, klass = scroll_gesture(self.rng, *self.pg.window_size())
            return "AC_swipe", params, klass
        if roll < 0.88:
            views = _clickables(self.pg)
            if views:
                v = self.rng.choice(views)
                x, y = (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2
                return "AC_tap", {"x": x, "y": y}, "tap"
        if roll < 0.95:
            return "AC_back", {}, "back"
        return "AC_observe", {}, "observe"

    def step(self) -> list[Violation]:
        before = self.last
        found = NumbersWalk.step(self)
        now = self.last
        if now is None or now is before:
            return found
        result = self.session._delta
        if (
            result is not None
            and result.index is now.index
            and any(UNSTATED & e.keys() for e in result.diff["scrolls"])
        ):
            self.unstated += 1
        back_to = "» back to" in now.text
        if before is None or now.new_screen or now.screen != before.screen or back_to:
            if before is not None:
                self.left[before.screen] = {**self.resumed, **self.visit}
            self.visit = {}
            self.resumed = self.left.pop(now.screen, {}) if back_to else {}
        shown_before = {before.idents[e.pos] for e in before.index.elements} if before else set()
        pos_of = {now.idents[e.pos]: e.pos for e in now.index.elements}
        for ident, number in now.numbers().items():
            had, then = self.visit.get(ident, (None, 0))
            kind = "back"
            if had is None:
                had, then = self.resumed.get(ident, (None, 0))
                kind = "recalled"
            if had is None or ident in shown_before:
                continue
            if had == number:
                self.counts[f"{kind}-kept"] += 1
            elif then != self.unstated:
                self.counts[f"{kind}-renumbered-unstated"] += 1
            else:
                self.counts[f"{kind}-renumbered"] += 1
                why = self.books.why(had, pos_of[ident], now.index.frame)
                self.counts[f"why:{why}" if kind == "back" else f"{kind}-why:{why}"] += 1
                if len(self.examples) < 20:
                    self.examples.append(
                        f"seed {self.seed} step {self.steps}: {'/'.join(ident[-3:])}"
                        f" was [{had}], now [{number}] ({why})"
                    )
        self.visit.update((i, (n, self.unstated)) for i, n in now.numbers().items())
        return found


def sweep(seeds: range, steps: int) -> tuple[Counter[str], list[str]]:
    """Run one walk a seed, ``steps`` steps each, each starting on one of :data:`SCREENS` in
    turn: the kept / renumbered counts, the walk's violations by class (``reuse`` …) and
    the first renumbered rows."""
    total: Counter[str] = Counter()
    examples: list[str] = []
    for seed in seeds:
        walk = ReturningWalk(seed, SCREENS[seed % len(SCREENS)])
        for violations in walk.run(steps):
            total.update(v.klass for v in violations)
            examples += [f"seed {seed} [{v.klass}] {v.detail}" for v in violations][:3]
        total.update(walk.counts)
        examples += walk.examples
    return total, examples
