"""Pull to refresh on a real capture's list: a spinner at its top pushes the rows down,
with a known truth.

:func:`refreshing` puts a ``ProgressBar`` (no text: a spinner) ``h`` px high above the
first row of a scrolling list at its start (:func:`cases`), as a list whose header
holds its refresh spinner lays out: every row moves down by ``h``, the containers around
grow, the box that clips the list keeps its size, and rows pushed past its bottom edge
are no longer dumped. Read backwards (``done``), the refresh ends: the spinner goes, the
rows move back up and the rows pushed out come back.

The truth (:func:`check`): the spinner ``+`` (``-``), nothing scrolled (the content did not
move under the finger: a row was inserted above it), no ``~`` of what an element shows,
nothing ``+`` / ``-`` but rows pushed out that show only texts no longer on the screen.
Rule 3 of the real-capture oracle (nodes that moved together scrolled) is what an
insertion contradicts, so only its rules 1 and 2 are asked. Open: the diff reads every
case as a scroll (:mod:`.test_real_refreshes`).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import _below, _clip_box, _pushed, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _marked,
    _moved_clipped,
    _positions,
    _replace,
    captures,
    graded,
)


@dataclass(frozen=True, slots=True)
class Refresh:
    """A spinner ``h`` px high above the first row of the list at ``where``; ``done``: the
    pair read backwards."""

    capture: str
    where: Path_
    h: int
    done: bool = False


def spinner(box: Bounds) -> Node:
    return Node(
        "progress",
        "android.widget.ProgressBar",
        "app:id/refresh_progress",
        bounds=box,
    )


def refreshing(obs: Observation, where: Path_, h: int) -> Observation:
    """``obs`` with the spinner above the first row of the list at ``where``."""
    rows = _at(obs, where).children
    first = rows[0].bounds
    y = first.top
    new = (spinner(Bounds(first.left, y, first.right, y + h)),)
    box_path, box = _clip_box(obs, where)
    host = _at(obs, box_path)
    rest = where[len(box_path) :]
    if not rest:
        return obs
    k = rest[0]
    kids = list(host.children)
    kids[k] = _pushed(kids[k], y, h, rest[1:], 0, new)
    kids = [c if i == k else _below(c, y, h) for i, c in enumerate(kids)]
    clipped = tuple(c for kid in kids if (c := _moved_clipped(kid, 0, box)) is not None)
    return _replace(obs, box_path, dataclasses.replace(host, children=clipped))


def cases(rng: random.Random, per_capture: int) -> list[Refresh]:
    """``per_capture`` refreshes of each real capture's lists made to scroll (a ListView, a
    RecyclerView: what a swipe refreshes) whose first row lies clear below the list's top edge
    (the list is at its start), spinners 96 to 192 px high. A list at its start whose first
    row touches its top edge is left out: a spinner pushing its rows down reads, in two
    dumps, as the list scrolled up onto a row that shows nothing."""
    out: list[Refresh] = []
    for name, obs in captures():
        found = sorted(
            {
                w
                for w, _ in lists(obs)
                if _marked(_at(obs, w))
                and len(w) > len(_clip_box(obs, w)[0])
                and _at(obs, w).children[0].bounds.top > _at(obs, w).bounds.top
            }
        )
        for _ in range(per_capture if found else 0):
            out.append(
                Refresh(name, rng.choice(found), rng.choice((96, 144, 192)), rng.random() < 0.4)
            )
    return out


def derive(case: Refresh) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    busy = refreshing(obs, case.where, case.h)
    return (busy, obs) if case.done else (obs, busy)


def check(case: Refresh) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, "a refresh")
    busy, frame = (prev, fp) if case.done else (curr, fc)
    spun = _positions(frame, busy, (*case.where, 0)).start
    made, taken = (set(), {spun}) if case.done else ({spun}, set())
    out += stayed_listed(d, made, taken)
    out += changed_besides(d)
    if spun not in (d.removed if case.done else d.added):
        out.append(("missed", "the spinner is not listed"))
    return out


def kind(case: Refresh) -> str:
    return "refresh-done" if case.done else "refresh"
