"""Coming back to an Inbox whose edge row was a cut strip, graded by the phone (issue 18,
``backto``).

The Inbox is left at an offset where its top or bottom edge cuts a row to a strip (any
row, any cut: every :data:`STEP` lu of the list's first screens), rows archived or not,
and come back to: the same instance (a row opened, then back; new mail may have come in
meanwhile) or a new one (back to the launcher's screen, the Inbox opened again: it starts
at its top, its archive undone). The reply reads ``» back to InboxActivity`` or a new
screen, and is graded against the remembered screen (:func:`tests.core.truth.walk.check`):
a row seen only as a cut strip in the remembered screen and whole on coming back (or the
reverse) is one row, never a ``-`` strip and a ``+`` row whose labels were in view.

    python -m tests.core.truth.back_strips [EVERY]   # the counts (EVERY: each N-th case)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import item_tops, max_offset
from deltarec.core.devices.virtual.views import View
from tests.core.mcp.agent_numbers import Visit, _visit
from tests.core.truth.numbers import phone_identities
from tests.core.truth.slivers import list_rows
from tests.core.truth.walk import Gesture, Stepper

ROWS = range(1, 15)
"""The items cut (the list's first screens: what a new instance shows at its top, and the
rows just past it; item 3 is an ad, whose row has no resource id)."""
CUTS = (3, 11, 26, 40, 56, 90, 140)
"""How much of the row each edge leaves in view (lu): a sliver, a strip showing one label
(an ad's subject: 56), most of the row."""
WAYS = ("relaunch", "open", "open-mail", "home")
"""How the Inbox is left and come back to: back to the app's main screen and the Inbox
opened again (a new instance); a row opened and back (the same instance), with new mail
come in meanwhile or not; home and the app launched again by its activity."""
FIRST = 12
"""The items a new instance shows at its top (on the default phone: rows 1-11): those
archived (swiped sideways, one step each) before leaving, none, one, or two, every choice
among the rows whole in view (its archive undone, a new instance shows them again between
rows both frames show)."""


@dataclass(frozen=True, slots=True)
class Case:
    preset: str
    offset: int
    way: str
    picks: tuple[int, ...]
    seed: int


def offsets(preset: str = "phone") -> list[int]:
    """The list's offsets (lu) at which each item of :data:`ROWS` is cut by the top or the
    bottom edge to each of :data:`CUTS`, and the top itself, in order."""
    pg = Playground(profile=PRESETS[preset])
    view = pg.screen.nav_top - TOOLBAR_BOTTOM
    tops = item_tops()
    highest = max_offset(pg.screen.nav_top)
    found = {0}
    for k in ROWS:
        for h in CUTS:
            found.add(tops[k + 1] - h)  # the top edge leaves h lu of item k
            found.add(tops[k] + h - view)  # the bottom edge leaves h lu of item k
    return sorted(o for o in found if 0 <= o <= highest)


def cases(preset: str = "phone", every: int = 1, seed: int = 18) -> Iterator[Case]:
    """Every offset, way and choice of rows archived on ``preset``, each ``every``-th kept
    (the row opened dealt from a seeded stream)."""
    rng = random.Random(f"{seed}:{preset}")
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    n = 0
    for offset in offsets(preset):
        pg.state.inbox.offset = offset
        whole = [i for i in _items(_whole_rows(pg)) if i < FIRST]
        picks = [(), *((i,) for i in whole), *combinations(whole, 2)]
        for way in WAYS:
            for pick in picks:
                n += 1
                seed_of = rng.randrange(1 << 16)
                if n % every == 0:
                    yield Case(preset, offset, way, pick, seed_of)


def _items(rows: list[View]) -> list[int]:
    return [int(v.action.partition(":")[2]) for v in rows]


def _centre(v: View) -> tuple[int, int]:
    return (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2


def _action(pg: Playground, action: str) -> View | None:
    found = [v for w in pg.windows() for v in w.root.walk() if v.action == action and v.enabled]
    return found[0] if found else None


def _whole_rows(pg: Playground) -> list[View]:
    return [
        v for v in list_rows(pg) if v.action.startswith("open:") and v.bounds[3] - v.bounds[1] > 100
    ]


Violation = tuple[str, str, str]
"""``(step, class, detail)``: a truth class, or ``relaunch`` (:func:`_look`)."""


def run(case: Case) -> list[Violation]:
    """Every violation of the case's steps: ``(step, class, detail)``."""
    rng = random.Random(case.seed)
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[case.preset])
    pg.launch_app(APP_PACKAGE, ".MainActivity")
    inbox = _action(pg, "open:InboxActivity")
    assert inbox is not None
    pg.tap(*_centre(inbox))
    pg.state.inbox.offset = case.offset
    stepper = Stepper(pg, clock)
    out: list[Violation] = []

    visits: dict[str, Visit] = {}
    _look(stepper, visits, "", out)

    def step(name: str, gesture: Gesture) -> None:
        done = stepper.step(gesture)
        out.extend((name, v.klass, v.detail) for v in done.violations)
        _look(stepper, visits, name, out)

    width = pg.window_size()[0]
    for item in case.picks:
        row = _action(pg, f"open:{item}")
        if row is None or row not in _whole_rows(pg):
            continue
        y = _centre(row)[1]
        step("archive", Gesture("swipe", (width // 4, y, width * 3 // 4, y, 200), "archive"))
    if case.way == "relaunch":
        step("back", Gesture("key", ("back",), "back"))
        again = _action(pg, "open:InboxActivity")
        assert again is not None
        step("again", Gesture("tap", _centre(again), "tap"))
    elif case.way in ("open", "open-mail"):
        rows = _whole_rows(pg)
        if not rows:
            return out
        step("open", Gesture("tap", _centre(rng.choice(rows)), "tap"))
        if case.way == "open-mail":
            pg.push_mail(1 + rng.randrange(3))
        step("again", Gesture("key", ("back",), "back"))
    else:
        step("home", Gesture("key", ("home",), "home"))
        step("again", Gesture("launch", (".InboxActivity",), "launch"))
    return out


def _look(stepper: Stepper, visits: dict[str, Visit], name: str, out: list[Violation]) -> None:
    """The agent's ``relaunch`` class (:mod:`tests.core.mcp.agent_numbers`): a screen entered
    again gives an element it showed at the last reply on it, the same phone element under
    the same role and a name no other element of either frame has, its number again."""
    index, result = stepper.observer.index, stepper.result
    if index is None:
        return
    screen = stepper.pg.state.screen
    now = _visit(index, phone_identities(stepper.pg))
    entered = result is not None and result.text.startswith(("» new screen", "» back to"))
    before = visits.get(screen)
    if entered and before:
        for ident, (number, role, label) in now.items():
            was = before.get(ident)
            if was is not None and was[0] != number and was[1:] == (role, label):
                out.append((name, "relaunch", f"{label!r} [{was[0]}]→[{number}]"))
    visits[screen] = now


def sweep(every: int = 1, preset: str = "phone") -> tuple[int, list[tuple[Case, str, str, str]]]:
    """Cases run and every violation with its case."""
    tried, found = 0, []
    for case in cases(preset, every):
        tried += 1
        found += [(case, *v) for v in run(case)]
    return tried, found


if __name__ == "__main__":
    import sys
    from collections import Counter

    every = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    preset = sys.argv[2] if len(sys.argv) > 2 else "phone"
    tried, found = sweep(every, preset)
    failing = {(c, s) for c, s, _, _ in found}
    print(f"{tried} cases, {len(failing)} failing steps, {len(found)} violations")
    print(Counter(k for _, _, k, _ in found))
    print(Counter((c.way, len(c.picks), s) for c, s in failing))
    for c, s, k, d in found[:30]:
        print(c, s, k, d[:200])
