"""A row of a real capture's list swiped away, or dragged past its neighbour, with a known
truth.

- **dismiss** (:func:`dismissed`): the row slides out sideways (``ItemTouchHelper``'s swipe)
  and the rows below it move up by its height (its top to the next row's top) in a list that
  did not scroll. Only rows of a list (:data:`ALIKE`) whose rows below it are all wholly in
  view: what comes up from under the bottom edge is not in the capture (:func:`spots`).
- **dismiss at the edge** (:func:`edge_spots`, :func:`dismissed_at_edge`): the same, where
  rows below are cut by the list's bottom edge or out of view. The capture's rows from the
  first one not wholly in view on are laid out again as copies of the row swiped away
  (other words, one pitch apart, past the edge: :func:`full_rows`), and both frames are
  clipped to the list's box: the rows below move up into the gap, the cut one shows more,
  and a row comes in at the bottom. ``undo`` reads it backwards: the row comes back, the
  rows below move down and the bottom one leaves. ``top``: the same at the top edge (a list
  scrolled to its end: the rows *above* move down into the gap, a row comes in at the top,
  the rows below stay): the pair mirrored upside down (:func:`mirrored`: every box flipped,
  the list's rows in reverse order). Real captures are scrolled to their start: few lists
  are cut by the top edge, none with rows alike to swipe away.
- **reorder** (:func:`reordered`): the row and the one below it, alike (one class and id),
  swap places (``ItemTouchHelper``'s drag): the lower one now starts where the upper one did,
  the upper one below it, the gap between them kept; the list's children swap too.

The truth (:func:`check`): no scroll line, no ``~`` of what an element shows; a dismissal
is the row ``-`` and nothing else ``+`` / ``-`` but rows that came in at the bottom (an undo:
the row ``+`` and nothing else but rows that left at the bottom); a reorder lists nothing ``+`` / ``-``, and
says at most the two rows moved. Rule 3 of the real-capture oracle (rows that moved
together are a scroll) is what the rows a dismissal pulled up, and a row dragged down,
contradict, so it is not asked.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta, _added_key
from deltarec.core.diff.new_rows import hedged
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    no_scroll,
    scroll_fits,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import _below, _clip_box, _shown, _stacked, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _copy,
    _moved_clipped,
    _positions,
    _replace,
    captures,
    graded,
)

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
    edge: bool = False
    """Rows below it are cut by the bottom edge or out of view (:func:`edge_spots`)."""
    undo: bool = False
    """Read backwards: the row comes back."""
    like: int = 0
    """The rows that come in are copies of row ``index + like``: 1, of the row below the one
    swiped away (other words, and another height when it has one: :func:`full_rows`)."""
    top: bool = False
    """At the top edge: the pair mirrored (:func:`mirrored`): rows above it are cut by the top
    edge or out of view and move down (``index`` counts from the list's last row)."""
    cut: int = 0
    """The list's first row cut by its top edge to this many px (its rows moved up by the
    rest; :func:`sliver_spots`); with ``top``, a sliver at the bottom edge that stays while
    the rows above it move down into the gap."""


def _whole(row: Node, top: int, bottom: int) -> bool:
    return top < row.bounds.top and row.bounds.bottom < bottom


def _stacks(
    obs: Observation,
) -> Iterator[tuple[tuple[int, ...], Node, int, int, Counter[tuple[str, str]]]]:
    """The lists of :func:`.insertions.lists` whose rows are stacked, two at least: each with
    its node, the top and bottom of what shows of it, and how many rows of each kind it has."""
    for where in sorted({w for w, _ in lists(obs)}):
        parent = _at(obs, where)
        rows = parent.children
        if len(rows) < 2 or not _stacked(rows):
            continue
        box = _clip_box(obs, where)[1]
        kinds = Counter((r.class_name, r.resource_id) for r in rows)
        yield where, parent, max(box.top, parent.bounds.top), box.bottom, kinds


def spots(obs: Observation) -> list[Rearranged]:
    """Every row that can be swiped away (it and every row below it wholly in view) or
    dragged below the next (both wholly in view, alike, showing something) in the lists of
    :func:`.insertions.lists`."""
    out: list[Rearranged] = []
    for where, parent, top, bottom, kinds in _stacks(obs):
        rows = parent.children
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


def edge_spots(obs: Observation) -> list[Rearranged]:
    """Every row that can be swiped away (wholly in view, alike, showing something) with a
    row below it not wholly in view, in the lists of :func:`.insertions.lists` whose box is
    cut by the clipping box's bottom edge: each both ways."""
    out: list[Rearranged] = []
    for where, parent, top, bottom, kinds in _stacks(obs):
        rows = parent.children
        if parent.bounds.bottom < bottom:
            continue  # the list ends in view: nothing comes up from under the edge
        for j, row in enumerate(rows):
            alike = kinds[(row.class_name, row.resource_id)] >= ALIKE
            below = rows[j + 1 :]
            if not (alike and _shown(row) and _whole(row, top, bottom)):
                continue
            if below and not all(_whole(r, top, bottom) for r in below):
                likes = (0, 1) if _whole(below[0], top, bottom) and _shown(below[0]) else (0,)
                out += [
                    Rearranged("", where, j, True, True, undo, like)
                    for like in likes
                    for undo in (False, True)
                ]
    return out


def full_rows(
    obs: Observation, where: Path_, index: int, like: int = 0, past: int = 0
) -> list[Node]:
    """The rows of the list at ``where`` as laid out past its box: the rows wholly in view
    up to the first that is not, then copies of row ``index + like`` (wholly in view) one
    pitch apart (its height and the gap above the row after ``index``) until two pitches
    (and ``past`` px) past the clipping box."""
    rows = list(_at(obs, where).children)
    box = _clip_box(obs, where)[1]
    top = max(box.top, _at(obs, where).bounds.top)
    keep = index + 1
    while keep < len(rows) and _whole(rows[keep], top, box.bottom):
        keep += 1
    row = rows[index + like]
    gap = max(0, rows[index + 1].bounds.top - rows[index].bounds.bottom) if keep > index + 1 else 0
    pitch = row.bounds.height + gap
    y, k, out = rows[keep - 1].bounds.bottom + gap, 0, rows[:keep]
    while y < box.bottom + 2 * pitch + past:
        k += 1
        out.append(_copy(row, y - row.bounds.top, 100 + k, True))
        y += pitch
    return out


def dismissed_at_edge(
    obs: Observation, where: Path_, index: int, like: int = 0, cut: int = 0
) -> tuple[Observation, Observation]:
    """The capture with the rows of :func:`full_rows`, and without row ``index``, the rows
    below it up by its pitch; both clipped to the list's clipping box. ``cut``: every row
    moved up first, so that the first row shows that many px (:func:`_cut_by`)."""
    lift = _cut_by(obs, where, cut)
    rows = [_shifted(r, -lift) for r in full_rows(obs, where, index, like, lift)]
    row = rows.pop(index)
    step = rows[index].bounds.top - row.bounds.top
    after = [
        r if k < index else _below(r, rows[index].bounds.top, -step) for k, r in enumerate(rows)
    ]
    box = _clip_box(obs, where)[1]
    parent = _at(obs, where)
    if lift:  # the first row is cut by what shows of the list: its box inside the clip
        box = dataclasses.replace(box, top=max(box.top, parent.bounds.top))
    frames = []
    for laid in ([*rows[:index], row, *rows[index:]], after):
        kept = tuple(c for r in laid if (c := _moved_clipped(r, 0, box)) is not None)
        frames.append(_replace(obs, where, dataclasses.replace(parent, children=kept)))
    return frames[0], frames[1]


def _cut_by(obs: Observation, where: Path_, cut: int) -> int:
    """How far the rows of the list at ``where`` move up for its top edge to cut its first
    row to ``cut`` px (0: not cut; none when it shows no more)."""
    if not cut:
        return 0
    parent = _at(obs, where)
    top = max(_clip_box(obs, where)[1].top, parent.bounds.top)
    return max(0, parent.children[0].bounds.bottom - top - cut)


CUTS = (1, 3, 8, 21, 40)
"""The px heights :func:`sliver_spots` cuts a list's first row to."""


def sliver_spots(obs: Observation, cuts: tuple[int, ...] = CUTS) -> list[Rearranged]:
    """The edge spots (:func:`edge_spots`) below a list's first row, that row cut by the
    top edge to each of ``cuts`` px (the rows moved up by the rest) while the row swiped
    away stays wholly in view: with ``top``, rows swiped away above a bottom sliver."""
    out: list[Rearranged] = []
    for spot in edge_spots(obs):
        parent = _at(obs, spot.where)
        first, row = parent.children[0], parent.children[spot.index]
        top = max(_clip_box(obs, spot.where)[1].top, parent.bounds.top)
        for cut in cuts:
            lift = _cut_by(obs, spot.where, cut)
            if (
                spot.index
                and lift > 0
                and first.bounds.height > cut
                and row.bounds.top - lift > top
            ):
                out.append(dataclasses.replace(spot, cut=cut))
    return out


def _flipped(node: Node, h: int, where: Path_ | None) -> Node:
    """``node`` upside down in a screen ``h`` px high; the children of the node ``where``
    leads to (empty: ``node`` itself) in reverse order, so that its rows stay stacked."""
    b = node.bounds
    kids = [
        _flipped(k, h, where[1:] if where and where[0] == i else None)
        for i, k in enumerate(node.children)
    ]
    return dataclasses.replace(
        node,
        bounds=dataclasses.replace(b, top=h - b.bottom, bottom=h - b.top),
        children=tuple(kids[::-1] if where == () else kids),
    )


def mirrored(obs: Observation, where: Path_) -> Observation:
    """``obs`` upside down: every box flipped about the screen's middle, and the rows of the
    list at ``where`` in reverse order (its path is kept). Its own inverse: a list cut by the
    top edge is one cut by the bottom edge, and back."""
    h = max(w.bounds.bottom for w in obs.windows)
    windows = tuple(
        _flipped(w, h, where[1:] if where[0] == i else None) for i, w in enumerate(obs.windows)
    )
    return dataclasses.replace(obs, windows=windows)


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


def edge_sweep(top: bool = False) -> list[Rearranged]:
    """Every edge spot of every real capture (:func:`edge_spots`), both ways; ``top``: the
    same spots at the top edge (the pair mirrored, :func:`mirrored`)."""
    return [
        dataclasses.replace(s, capture=name, top=top)
        for name, obs in captures()
        for s in edge_spots(obs)
    ]


def sliver_sweep(top: bool = True) -> list[Rearranged]:
    """Every sliver spot of every real capture (:func:`sliver_spots`), both ways; ``top``
    (the default): mirrored, the sliver at the bottom edge and the rows above moving down."""
    return [
        dataclasses.replace(s, capture=name, top=top)
        for name, obs in captures()
        for s in sliver_spots(obs)
    ]


def derive(case: Rearranged) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.edge:
        full, less = dismissed_at_edge(obs, case.where, case.index, case.like, case.cut)
        if case.top:
            full, less = mirrored(full, case.where), mirrored(less, case.where)
        return (less, full) if case.undo else (full, less)
    if case.dismiss:
        return obs, dismissed(obs, case.where, case.index)
    return obs, reordered(obs, case.where, case.index)


def _unsaid(frame: Frame, places: set[int], said: set[int]) -> list[int]:
    """The labels among ``places`` that no line says, itself or through an ancestor."""
    labels = [q for q in places if frame.nodes[q].text or frame.nodes[q].content_desc]
    return [q for q in labels if q not in said and not any(a in said for a in frame.ancestors(q))]


def check(case: Rearranged) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    row = (*case.where, _taken(case, curr if case.undo else prev))
    if not (case.edge and _hedged(case, d, prev, curr, row)):
        out += no_scroll(d, "a row swiped away" if case.dismiss else "two rows swapped")
    out += changed_besides(d)
    if case.undo or case.dismiss:
        frame, full = (fc, curr) if case.undo else (fp, prev)
        row_at = set(_positions(frame, full, row))
        out += stayed_listed(d, made=row_at) if case.undo else stayed_listed(d, taken=row_at)
        missed = _unsaid(frame, row_at, set(d.added if case.undo else d.removed))
        if missed:
            said = "back not +" if case.undo else "swiped away not -"
            out.append(("missed", f"{len(missed)} labels of the row {said}"))
        return out
    out += stayed_listed(d)
    two = set(_positions(fc, curr, row)) | set(_positions(fc, curr, (*case.where, case.index + 1)))
    others = [c for c in d.moved if c not in two]
    if others:
        out.append(("false-move", f"{len(others)} moved besides the two rows"))
    return out


def _hedged(case: Rearranged, d: Delta, prev: Observation, curr: Observation, row: Path_) -> bool:
    """Whether the delta's one scroll line names, as its other reading, the row the step
    took out (put back, the undo) and nothing else (``orRemoved`` / ``orInserted`` 1 with
    ``orRows`` that row's key), and the scroll it states fits both frames too
    (:func:`~tests.core.real_scrolls.grading.scroll_fits`).

    **Grader decision (issue 18).** A row taken out beside a sliver the list's edge cuts,
    the sliver showing nothing, is pixel for pixel a scroll by the row's pitch (the sliver
    scrolled out, the row's last px in its box): the line that states the scroll and names
    the row as the other reading says both things two dumps can mean, and is true. A hedge
    whose scroll would show anything else, or that names another row, is not accepted."""
    if len(d.scrolls) != 1:
        return False
    s = d.scrolls[0]
    [entry] = hedged(d, to_json(d))["scrolls"]
    pos = _positions(d.curr if case.undo else d.prev, curr if case.undo else prev, row).start
    key = _added_key(d, pos) if case.undo else d.prev.keys[pos]
    if entry.get("orRows") != [key] or entry.get("orInserted" if case.undo else "orRemoved") != 1:
        return False
    return not s.dx and scroll_fits(d.prev, s.prev, d.curr, s.curr, s.dy)


def _taken(case: Rearranged, full: Observation) -> int:
    """The index of the row swiped away among the rows of ``full`` (the frame that has it)."""
    if not case.top:
        return case.index
    return len(_at(full, case.where).children) - 1 - case.index


def kind(case: Rearranged) -> str:
    if case.edge:
        name = ("dismiss-top" if case.top else "dismiss-edge") + ("-sliver" if case.cut else "")
        return f"{name}-undo" if case.undo else name
    return "dismiss" if case.dismiss else "reorder"


def main(argv: list[str] | None = None) -> int:
    """The whole sliver sweep (:func:`sliver_sweep`, both ways), violations per kind and
    class, on the XML path and on element dicts (``--path``): what ``test_real_rearranged``
    samples every 3rd case of (on XML)."""
    import argparse
    from contextlib import nullcontext

    from deltarec.core.capture import frame_cache
    from tests.core.dict_truth import graded_by_dicts

    parser = argparse.ArgumentParser(description=(main.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    args = parser.parse_args(argv)
    every = [*sliver_sweep(), *sliver_sweep(top=False)]
    for path in ("xml", "dicts") if args.path == "both" else (args.path,):
        found: Counter[tuple[str, str]] = Counter()
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            for case in every:
                found.update((kind(case), klass) for klass, _ in check(case))
        said = dict(found) or "no violation"
        print(f"{path}: rows swiped away beside a sliver: {len(every)} cases, {said}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
