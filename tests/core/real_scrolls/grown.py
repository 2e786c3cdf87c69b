"""Rows inserted at or removed from the top of real lists, where a scroll reads the same.

:mod:`.insertions` derives the pairs (``n`` rows of a list's layout put in at ``index``,
the containers on the way grow, the nearest container made to scroll around the list
keeps its box and clips). This module picks the spots where that pair reads most like a
scroll, on every real capture:

- **tops** (:func:`top_cases`): rows inserted above a list's first row, whole at its top
  (:func:`.insertions.tops`), and the same pair read backwards: the top rows removed, the
  rows below pulled up by their height. Every row moved by one offset, rows came in (or
  left) at one edge: a scroll up (down) by that height, unless something tells it apart.
- **wrapping** (:func:`wrapping`): the spots at index 0, 1 and 2 of lists whose box ends
  above the bottom edge of the box that clips them: a container that wraps its content
  (a ScrollView's content, Settings' preference list inside its collapsing layout, a
  contact form's sections), so its box grows with the rows inserted (by their height, or
  to the clipping edge) and shrinks with the rows removed.

The truth is :func:`.insertions.check`'s; :func:`strict` adds what a grown or shrunk box
proves: where the list's box grew or shrank, the dumps can tell the insertion from a
scroll, so no scroll entry may stand, hedged or not.
"""

from __future__ import annotations

from deltarec.core.observe.model import Observation
from tests.core.real_scrolls.insertions import Insertion, _clip_box, check, derive, lists, tops
from tests.core.real_scrolls.transforms import Path_, _at, captures, graded

DEPTH = 3
"""Indexes 0 to ``DEPTH - 1``: the top of a list, where rows inserted push every row
shown below them."""


def wrapping(obs: Observation) -> list[tuple[Path_, int]]:
    """(list, index): the spots of :func:`.insertions.tops` and of
    :func:`.insertions.lists` below index :data:`DEPTH` in lists whose box ends above the
    bottom edge of the box that clips them (room to grow: the box wraps the rows)."""
    spots = tops(obs) + [(p, i) for p, i in lists(obs) if 0 < i < DEPTH]
    return [
        (p, i)
        for p, i in dict.fromkeys(spots)
        if _at(obs, p).bounds.bottom < _clip_box(obs, p)[1].bottom
    ]


def top_cases() -> list[Insertion]:
    """One and two rows inserted at (and removed from) index 0 of every list of
    :func:`.insertions.tops`, on every real capture."""
    return [
        Insertion(name, where, 0, n, removal)
        for name, obs in captures()
        for where, _ in tops(obs)
        for n in (1, 2)
        for removal in (False, True)
    ]


def wrapping_cases() -> list[Insertion]:
    """One and two rows inserted at (and removed from) every spot of :func:`wrapping`, on
    every real capture."""
    return [
        Insertion(name, where, index, n, removal)
        for name, obs in captures()
        for where, index in wrapping(obs)
        for n in (1, 2)
        for removal in (False, True)
    ]


def strict(case: Insertion) -> list[tuple[str, str]]:
    """:func:`.insertions.check`, and where the list's box changed between the two frames
    (it grew with the rows, or shrank with them): no scroll entry at all, hedged or not
    ("grown-hedged")."""
    out = check(case)
    prev, curr = derive(case)
    if _at(prev, case.where).bounds == _at(curr, case.where).bounds:
        return out
    if any(k == "false-scroll" for k, _ in out):
        return out
    _, _, d, _ = graded(prev, curr)
    if d.scrolls:
        keys = [(s.curr, s.dy, s.page) for s in d.scrolls]
        out.append(("grown-hedged", f"a scroll hedged where the box grew or shrank: {keys}"))
    return out
