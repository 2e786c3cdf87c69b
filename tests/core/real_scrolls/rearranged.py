"""A row of a real capture's list swiped away, or dragged past its neighbour, with a known
truth.

- **dismiss** (:func:`dismissed`): the row slides out sideways (``ItemTouchHelper``'s swipe)
  and the rows below it move up by its height (its top to the next row's top) in a list that
  did not scroll. Only rows of a list (:data:`ALIKE`) whose rows below it are all wholly in
  view: what comes up from under the bottom edge is not in the capture (:func:`spots`).
- **reorder** (:func:`reordered`): the row and the one below it, alike (one class and id),
  swap places (``ItemTouchHelper``'s drag): the lower one now starts where the upper one did,
  the upper one below it, the gap between them kept; the list's children swap too.

The truth (:func:`check`): no scroll line, no ``~`` of what an element shows; a dismissal
is the row ``-`` and nothing else ``+`` / ``-``; a reorder lists nothing ``+`` / ``-``, and
says at most the two rows moved. Rule 3 of the real-capture oracle (rows that moved
together are a scroll) is what the rows a dismissal pulled up, and a row dragged down,
contradict, so it is not asked.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import _below, _clip_box, _shown, _stacked, lists
from tests.core.real_scrolls.transforms import Path_, _at, _positions, _replace, captures, graded

ALIKE = 3
"""Rows of one class and id a list has, the one swiped away among them: a list's rows (a
form's sections are not swiped away)."""


@dataclass(frozen=True, slots=True)
class Rearranged:
    """Row ``index`` of the list at ``where`` swiped away (``dismiss``) or dragged below the
    next one."""

    capture: str
    where: Path_
    index: int
    dismiss: bool


def _whole(row: Node, top: int, bottom: int) -> bool:
    return top < row.bounds.top and row.bounds.bottom < bottom


def spots(obs: Observation) -> list[Rearranged]:
    """Every row that can be swiped away (it and every row below it wholly in view) or
    dragged below the next (both wholly in view, alike, showing something) in the lists of
    :func:`.insertions.lists`."""
    out: list[Rearranged] = []
    for where in sorted({w for w, _ in lists(obs)}):
        parent = _at(obs, where)
        rows = parent.children
        if len(rows) < 2 or not _stacked(rows):
            continue
        box = _clip_box(obs, where)[1]
        top, bottom = max(box.top, parent.bounds.top), box.bottom
        kinds = Counter((r.class_name, r.resource_id) for r in rows)
        for j, row in enumerate(rows):
            if not (_shown(row) and _whole(row, top, bottom)):
                continue
            alike = kinds[(row.class_name, row.resource_id)] >= ALIKE
            if alike and all(_whole(r, top, bottom) for r in rows[j + 1 :]):
                out.append(Rearranged("", where, j, True))
            nxt = rows[j + 1] if j + 1 < len(rows) else None
            if (
                nxt is not None
                and _shown(nxt)
                and _whole(nxt, top, bottom)
                and (nxt.class_name, nxt.resource_id) == (row.class_name, row.resource_id)
            ):
                out.append(Rearranged("", where, j, False))
    return out


def _shifted(node: Node, dy: int) -> Node:
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=dataclasses.replace(b, top=b.top + dy, bottom=b.bottom + dy),
        children=tuple(_shifted(c, dy) for c in node.children),
    )


def dismissed(obs: Observation, where: Path_, index: int) -> Observation:
    """``obs`` without row ``index`` of the list at ``where``, the rows below it moved up by
    its height (module docstring)."""
    parent = _at(obs, where)
    rows = list(parent.children)
    row = rows.pop(index)
    step = (rows[index].bounds.top if index < len(rows) else row.bounds.bottom) - row.bounds.top
    y = row.bounds.top + step
    rows = [r if k < index else _below(r, y, -step) for k, r in enumerate(rows)]
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(rows)))


def reordered(obs: Observation, where: Path_, index: int) -> Observation:
    """``obs`` with rows ``index`` and ``index + 1`` of the list at ``where`` swapped."""
    parent = _at(obs, where)
    rows = list(parent.children)
    a, b = rows[index], rows[index + 1]
    gap = b.bounds.top - a.bounds.bottom
    rows[index] = _shifted(b, a.bounds.top - b.bounds.top)
    rows[index + 1] = _shifted(a, b.bounds.height + gap)
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(rows)))


def cases(rng: random.Random, per_capture: int) -> list[Rearranged]:
    """``per_capture`` dismissals or reorders of each real capture that has a spot."""
    out: list[Rearranged] = []
    for name, obs in captures():
        found = spots(obs)
        for _ in range(per_capture if found else 0):
            out.append(dataclasses.replace(rng.choice(found), capture=name))
    return out


def sweep() -> list[Rearranged]:
    """Every spot of every real capture."""
    return [dataclasses.replace(s, capture=name) for name, obs in captures() for s in spots(obs)]


def derive(case: Rearranged) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.dismiss:
        return obs, dismissed(obs, case.where, case.index)
    return obs, reordered(obs, case.where, case.index)


def check(case: Rearranged) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, "a row swiped away" if case.dismiss else "two rows swapped")
    out += changed_besides(d)
    row = (*case.where, case.index)
    if case.dismiss:
        taken = set(_positions(fp, prev, row))
        out += stayed_listed(d, taken=taken)
        said = set(d.removed)
        missed = [q for q in taken if fp.nodes[q].text or fp.nodes[q].content_desc]
        missed = [
            q for q in missed if q not in said and not any(a in said for a in fp.ancestors(q))
        ]
        if missed:
            out.append(("missed", f"{len(missed)} labels of the row swiped away not -"))
        return out
    out += stayed_listed(d)
    two = set(_positions(fc, curr, row)) | set(_positions(fc, curr, (*case.where, case.index + 1)))
    others = [c for c in d.moved if c not in two]
    if others:
        out.append(("false-move", f"{len(others)} moved besides the two rows"))
    return out


def kind(case: Rearranged) -> str:
    return "dismiss" if case.dismiss else "reorder"
