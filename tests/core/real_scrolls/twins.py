"""Steps two dumps cannot tell apart: two readings fit both frames (issue 18, the hedges).

A generator for the class, not for one dump: it builds the pair of one reading and proves
that another reading makes the very same input, then asks the delta to name both (or
neither as fact).

- **Sliver twins** (:func:`sliver_twins`): in every real list of :func:`.insertions.lists`,
  ``n`` rows put in above a row the bottom edge is moved to cut (:func:`.insertions.cut`),
  the edge leaving ``px`` of the ``n``-th new row. Where that sliver shows nothing and is
  of the class of the row it pushed out, ``n - 1`` rows put in leave the old row's sliver
  there, and the two dumps are byte for byte the same (:func:`same_dump`: uiautomator's
  ``index`` is the child's place, which both give alike). Read backwards, the pair is ``n``
  or ``n - 1`` rows taken out. The truth is either; the delta must name both
  (:func:`hedged_twin`).

``python -m tests.core.real_scrolls.twins`` prints the whole generator's counts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from deltarec.core.observe.model import Observation
from deltarec.core.observer import FULL_FRAME_MARK, observe_delta
from deltarec.core.render.rows import CAME, WENT
from tests.core.real_scrolls.insertions import Insertion, _clip_box, cut, inserted, lists, same_dump
from tests.core.real_scrolls.insertions import check as check_insertion
from tests.core.real_scrolls.transforms import Path_, _at, _walk_node, captures

SLIVERS = (1, 3, 5, 8, 13, 21)
"""px of the ``n``-th new row the moved edge leaves."""
MOST = 4
"""Rows put in at most (``n``)."""


@dataclass(frozen=True, slots=True)
class Twin:
    """One input two truths make: ``n`` or ``n - 1`` rows put in at ``index`` of the list
    at ``where`` of the capture cut at ``edge`` (``removal``: read backwards)."""

    capture: str
    where: Path_
    index: int
    n: int
    edge: int
    removal: bool = False


@lru_cache(maxsize=4096)
def _cut(capture: str, where: Path_, edge: int) -> Observation:
    return cut(dict(captures())[capture], where, edge)


def derive(t: Twin, truth_n: int | None = None) -> tuple[Observation, Observation]:
    """(prev, curr) of the twin under the truth of ``truth_n`` rows (default ``t.n``)."""
    obs = _cut(t.capture, t.where, t.edge)
    grown = inserted(obs, t.where, t.index, t.n if truth_n is None else truth_n)
    return (grown, obs) if t.removal else (obs, grown)


def _spots(name: str, obs: Observation) -> Iterator[Twin]:
    for where, index in lists(obs):
        rows = _at(obs, where).children
        if index >= len(rows) or index < 1:
            continue
        box = _clip_box(obs, where)[1]
        pitch = rows[index].bounds.top - rows[index - 1].bounds.top
        for n in range(2, MOST + 1):
            for px in SLIVERS:
                edge = rows[index].bounds.top + (n - 1) * pitch + px
                if not rows[index].bounds.top < edge < box.bottom:
                    continue
                try:
                    kept = _at(_cut(name, where, edge), where).children
                except IndexError:
                    continue
                if kept[:index] != rows[:index]:
                    continue  # the cut moved the rows above: not this list's place
                yield Twin(name, where, index, n, edge)


def sliver_twins(removal: bool = True) -> list[Twin]:
    """Every sliver twin of the real captures (module docstring), each also read
    backwards when ``removal``."""
    out: list[Twin] = []
    for name, obs in captures():
        for t in _spots(name, obs):
            try:
                a, b = derive(t), derive(t, t.n - 1)
            except IndexError:
                continue
            if same_dump(a[1], b[1]):
                out += [t, dataclasses.replace(t, removal=True)] if removal else [t]
    return out


def as_insertion(t: Twin, n: int) -> Insertion:
    """The twin under the truth of ``n`` rows put in (``n`` or ``n - 1``)."""
    return Insertion(t.capture, t.where, t.index, n, t.removal, t.edge)


def check(t: Twin) -> list[tuple[str, str]]:
    """The violations of the twin's one delta, graded under each truth
    (:func:`.insertions.check`: the sliver's pair, hedged, is accepted there only when the
    other reading makes the same dumps), and whether its text names both readings where
    the old row showed a label (:data:`~deltarec.core.render.rows.WENT` /
    :data:`~deltarec.core.render.rows.CAME` on that label's line; a full frame, cheaper
    than the delta, states no change and names none)."""
    out = [
        (k, f"truth {n}: {v}")
        for n in (t.n, t.n - 1)
        for k, v in check_insertion(as_insertion(t, n))
    ]
    prev, curr = derive(t)
    full = prev if not t.removal else curr  # the frame where the old row shows whole
    row = _at(full, (*t.where, t.index))
    if any(n.text or n.content_desc for _, n in _walk_node(row)):
        said, text = WENT if not t.removal else CAME, observe_delta(prev, curr).text
        if not text.startswith(FULL_FRAME_MARK) and said not in text:
            out.append(("unhedged-text", "no line names both readings of the sliver"))
    return out


if __name__ == "__main__":
    import time

    started = time.perf_counter()
    every = sliver_twins()
    bad = [t for t in every if check(t)]
    took = time.perf_counter() - started
    print(f"sliver twins: {len(bad)} of {len(every)} failing ({took:.1f} s)")
    for t in bad[:10]:
        print("  ", t, check(t)[:3])
