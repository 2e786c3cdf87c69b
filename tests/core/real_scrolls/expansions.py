"""A row of a real capture's list expands (or collapses), with a known truth.

:func:`expanded` grows one row of a list by ``h`` px at its bottom (a text wrapped to more
lines, a card's details opened): the rows below it move down by ``h``, every container
around it grows by as much, and the nearest container made to scroll around the list (or
the window) keeps its box and clips what was pushed, as uiautomator clips it
(:mod:`.insertions` does the same for inserted rows). Read backwards, the pair is a row
collapsing: the rows below move up and what was pushed out comes back.

The truth (:func:`check`): nothing scrolled (the list's content did not move under its
box: one row grew), so no scroll line; the rows below are the same rows, neither ``+``,
``-`` nor ``~``; only what was pushed out of view (collapse: came into view) is ``-``
(``+``); no ``~`` of what anything shows. Rule 3 of the real-capture oracle (nodes that
moved together scrolled) is what a growing row contradicts, so only its rules 1 and 2 are
asked.

The rows: the spots of :func:`.insertions.lists`: a row that shows something, wholly in
view below the list's top edge.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import _clip_box, in_box, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _moved_clipped,
    _replace,
    captures,
    graded,
)


@dataclass(frozen=True, slots=True)
class Expansion:
    """Row ``index`` of the list at ``where`` grown by ``h`` px; ``collapse``: backwards."""

    capture: str
    where: Path_
    index: int
    h: int
    collapse: bool = False


def expanded(obs: Observation, where: Path_, index: int, h: int) -> Observation:
    """``obs`` with row ``index`` of the list at ``where`` ``h`` px taller (module
    docstring)."""
    row = _at(obs, (*where, index))
    y = row.bounds.bottom
    box_path, box = _clip_box(obs, where)
    host = _at(obs, box_path)
    kids = in_box(host, where[len(box_path) :], y, h, len(_at(obs, where).children), ())
    grown = _replace(obs, box_path, dataclasses.replace(host, children=tuple(kids)))
    b = row.bounds
    taller = dataclasses.replace(row, bounds=Bounds(b.left, b.top, b.right, b.bottom + h))
    grown = _replace(grown, (*where, index), taller)
    host = _at(grown, box_path)
    clipped = tuple(c for kid in host.children if (c := _moved_clipped(kid, 0, box)) is not None)
    return _replace(grown, box_path, dataclasses.replace(host, children=clipped))


def cases(rng: random.Random, per_capture: int) -> list[Expansion]:
    """``per_capture`` rows of each real capture with a list grown by a line (12–48 px),
    by its own height or by 300 px, or collapsed by as much."""
    out: list[Expansion] = []
    for name, obs in captures():
        spots = lists(obs)
        for _ in range(per_capture if spots else 0):
            where, index = rng.choice(spots)
            height = _at(obs, (*where, index - 1)).bounds.height
            h = rng.choice((12, 48, max(1, height), 300))
            out.append(Expansion(name, where, index - 1, h, rng.random() < 0.4))
    return out


def derive(case: Expansion) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    grown = expanded(obs, case.where, case.index, case.h)
    return (grown, obs) if case.collapse else (obs, grown)


def check(case: Expansion) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    _, _, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, "a row that grew" if not case.collapse else "a row that shrank")
    out += stayed_listed(d)
    out += changed_besides(d)
    return out


def kind(case: Expansion) -> str:
    return "collapse" if case.collapse else "expand"
