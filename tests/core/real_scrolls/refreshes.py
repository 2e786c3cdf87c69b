"""Pull to refresh on a real capture's list: a spinner at its top pushes the rows down,
with a known truth.

:func:`refreshing` puts a refresh header ``h`` px high above the first row of a scrolling
list at its start (:func:`cases`), as a list whose header holds its refresh spinner lays
out: every row moves down by ``h``, the containers around grow, the box that clips the
list keeps its size, and rows pushed past its bottom edge are no longer dumped. The header
is a bare ``ProgressBar`` (no text: a spinner) or a wrapper holding one and a label
("Refreshing…"). Read backwards (``done``), the refresh ends: the header goes, the rows
move back up and the rows pushed out come back.

The lists: every list made to scroll (a ListView, a RecyclerView: what a swipe
refreshes) whose first row lies clear below the list's top edge, and every such list whose
first row touches that edge given a top padding ``pad`` first (:func:`padded`: a list at
its start whose padding or header margin keeps its first row off the edge, as Material
lists lay out), wherever the list sits on the screen.

The truth (:func:`check`): the header ``+`` (``-``), nothing scrolled (the content did not
move under the finger: a row was inserted above it), no ``~`` of what an element shows,
nothing ``+`` / ``-`` but rows pushed out that show only texts no longer on the screen.
Rule 3 of the real-capture oracle (nodes that moved together scrolled) is what an
insertion contradicts, so only its rules 1 and 2 are asked.
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

HEIGHTS = (40, 48, 64, 96, 120, 144, 168, 192, 240)
"""Header heights, px: a bare spinner (40 to 64) to a header with a label and margins."""

PADS = (8, 16, 24, 32, 48)
"""Top paddings given to a list whose first row touches its top edge (:func:`padded`)."""

LABEL = "Refreshing…"


@dataclass(frozen=True, slots=True)
class Refresh:
    """A header ``h`` px high above the first row of the list at ``where``; ``done``: the
    pair read backwards; ``labelled``: the header is a wrapper with a spinner and a label;
    ``pad``: the list given that top padding first (0: as captured)."""

    capture: str
    where: Path_
    h: int
    done: bool = False
    labelled: bool = False
    pad: int = 0


def spinner(box: Bounds) -> Node:
    return Node(
        "progress",
        "android.widget.ProgressBar",
        "app:id/refresh_progress",
        bounds=box,
    )


def header(box: Bounds, labelled: bool) -> Node:
    """A bare spinner filling ``box``, or a wrapper filling it holding a spinner and a label
    beside it (SmartRefreshLayout's classic header, a pull-to-refresh ListView's)."""
    if not labelled:
        return spinner(box)
    side = min(box.height, 96)
    top = box.top + (box.height - side) // 2
    wheel = spinner(Bounds(box.left + 48, top, box.left + 48 + side, top + side))
    text = Node(
        "text",
        "android.widget.TextView",
        "app:id/refresh_label",
        text=LABEL,
        bounds=Bounds(box.left + 72 + side, top, min(box.right, box.left + 600), top + side),
    )
    return Node(
        "container",
        "android.widget.LinearLayout",
        "app:id/refresh_header",
        bounds=box,
        children=(wheel, text),
    )


def refreshing(obs: Observation, where: Path_, h: int, labelled: bool = False) -> Observation:
    """``obs`` with the header above the first row of the list at ``where``."""
    first = _at(obs, where).children[0].bounds
    y = first.top
    return _pushed_in(
        obs, where, y, h, (header(Bounds(first.left, y, first.right, y + h), labelled),)
    )


def padded(obs: Observation, where: Path_, pad: int) -> Observation:
    """``obs`` with the list at ``where`` laid out with a top padding of ``pad`` px: its rows
    ``pad`` px further down, clipped as before."""
    return _pushed_in(obs, where, _at(obs, where).children[0].bounds.top, pad, ())


def _pushed_in(
    obs: Observation, where: Path_, y: int, h: int, new: tuple[Node, ...]
) -> Observation:
    """``obs`` with ``new`` put at the start of the list at ``where``, what starts at or
    below ``y`` pushed down by ``h``, the containers grown, clipped to the box around."""
    box_path, box = _clip_box(obs, where)
    host = _at(obs, box_path)
    rest = where[len(box_path) :]
    k = rest[0]
    kids = list(host.children)
    kids[k] = _pushed(kids[k], y, h, rest[1:], 0, new)
    kids = [c if i == k else _below(c, y, h) for i, c in enumerate(kids)]
    clipped = tuple(c for kid in kids if (c := _moved_clipped(kid, 0, box)) is not None)
    return _replace(obs, box_path, dataclasses.replace(host, children=clipped))


def spots(obs: Observation) -> list[tuple[Path_, bool]]:
    """(list, touches): the lists made to scroll inside a clipping box whose first row shows
    in it, ``touches`` when that row touches the list's top edge (it is given a padding)."""
    out = set()
    for w, _ in lists(obs):
        node = _at(obs, w)
        if not _marked(node) or len(w) <= len(_clip_box(obs, w)[0]):
            continue
        first = node.children[0].bounds
        out.add((w, first.top <= node.bounds.top))
    return sorted(out)


def cases(rng: random.Random, per_capture: int) -> list[Refresh]:
    """``per_capture`` refreshes of each real capture's lists (module docstring): headers of
    :data:`HEIGHTS`, bare or labelled, each read both ways. A list at its start whose first
    row touches its top edge is padded first: a header pushing such rows down reads, in two
    dumps, as the list scrolled up onto a row that shows nothing, and no diff can tell."""
    out: list[Refresh] = []
    for name, obs in captures():
        found = spots(obs)
        for _ in range(per_capture if found else 0):
            where, touches = rng.choice(found)
            h, done, labelled = rng.choice(HEIGHTS), rng.random() < 0.4, len(out) % 2 == 1
            out.append(Refresh(name, where, h, done, labelled, rng.choice(PADS) if touches else 0))
    return out


def derive(case: Refresh) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.pad:
        obs = padded(obs, case.where, case.pad)
    busy = refreshing(obs, case.where, case.h, case.labelled)
    return (busy, obs) if case.done else (obs, busy)


def check(case: Refresh) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, "a refresh")
    busy, frame = (prev, fp) if case.done else (curr, fc)
    spun = _positions(frame, busy, (*case.where, 0))
    made, taken = (set(), set(spun)) if case.done else (set(spun), set())
    out += stayed_listed(d, made, taken)
    out += changed_besides(d)
    if spun.start not in (d.removed if case.done else d.added):
        out.append(("missed", "the header is not listed"))
    return out


def kind(case: Refresh) -> str:
    return "refresh-done" if case.done else "refresh"
