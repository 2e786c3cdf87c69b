"""Infinite scroll on a real capture's list: a "Loading…" footer at the list's end replaced
by the rows it loaded, with a known truth (issue 18, round 7).

A feed, a search's results, an inbox: scrolled to its end, the list shows a footer (a
spinner, with or without a "Loading…" label) below its last row; when the next page
arrives the adapter puts the new rows in where the footer was, and the footer goes below
them, out of view, or stays in view below the few rows that came. :func:`footed` makes the
frame before from a real capture: the rows of a list from ``index`` on taken out (they
have not loaded yet) and a footer put in at the top of the first of them; the capture
itself is the frame after (the rows loaded). No other sweep makes this step
(:mod:`.insertions` puts rows in between rows that stay and pushes the rest down;
:mod:`.daily`'s placeholders are replaced one for one in their own boxes; :mod:`.refreshes`
puts a spinner at a list's top).

The kinds (:class:`Footer`):

- **loaded**: the footer holds a ``ProgressBar`` and a ``TextView`` "Loading…"; after, the
  rows from ``index`` on fill the list to its bottom edge and the footer is out of view;
- **spinner**: the same with a bare ``ProgressBar`` (no label: a spinner alone);
- **more**: fewer rows came (the page was short): the rows from ``index`` that the list
  holds wholly above a footer's height from its bottom edge, and the labelled footer below
  them, moved down with the rows it was pushed by (it stays in view).

The truth (:func:`check`): nothing scrolled (the rows above ``index`` kept their places);
the rows that came are ``+`` and nothing else is, the footer is ``-`` when it left view
(``loaded``, ``spinner``) and is the footer it was when it stayed (``more``: never ``-`` /
``+``, never paired with a row); no ``~`` of what anything shows (the footer's "Loading…"
is never a row's text edited); each row that came with a label is listed (missed
otherwise); the real-capture oracle (:func:`.transforms.graded`), its rule 3 (nodes that
moved together scrolled) moot for the footer pushed down.

The spots: the (list, index) of :func:`.insertions.lists` with a row at ``index`` that shows
something, in a list that is all there is below that row in the box that clips it (the
list's end is the content's end: a ScrollView's other sections below would be misplaced).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import _clip_box, _shown, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _positions,
    _replace,
    _walk_node,
    captures,
    graded,
)

KINDS = ("loaded", "spinner", "more")
LOADING = "Loading…"
HIGH = 144
"""The footer's height in px (48 dp at 480 dpi; a spinner and its label on one line)."""


@dataclass(frozen=True, slots=True)
class Footer:
    """The rows of the list at ``where`` from ``index`` on loaded in place of a footer
    (``kind``: :data:`KINDS`)."""

    capture: str
    kind: str
    where: Path_
    index: int


def _footer(kind: str, box: Bounds, row: Node) -> Node:
    """The footer of ``kind`` in ``box``: a bare spinner, or a spinner and "Loading…" in a
    layout of the class of the list's ``row`` (a list's items are most often all
    ``ViewGroup`` s or ``LinearLayout`` s: the class tells the footer from a row no more
    than a real dump does), of the row's package."""
    package = row.package
    mid = (box.top + box.bottom) // 2
    spin = Bounds(box.left + 48, mid - 36, box.left + 120, mid + 36)
    spinner = Node("progress", "android.widget.ProgressBar", "", bounds=spin, package=package)
    if kind == "spinner":
        return dataclasses.replace(spinner, bounds=box)
    line = Bounds(spin.right + 24, mid - 30, min(box.right, spin.right + 360), mid + 30)
    text = Node("text", "android.widget.TextView", "", text=LOADING, bounds=line, package=package)
    return Node(
        "container",
        row.class_name,
        "",
        bounds=box,
        package=package,
        children=(spinner, text),
    )


def _box(obs: Observation, where: Path_, top: int) -> Bounds:
    rows = _at(obs, where).children
    clip = _clip_box(obs, where)[1]
    left = min(r.bounds.left for r in rows)
    right = max(r.bounds.right for r in rows)
    return Bounds(left, top, right, min(top + HIGH, clip.bottom))


def _more(obs: Observation, where: Path_, index: int) -> int:
    """How many rows from ``index`` a short page brings: those wholly above a footer's height
    from the clipping box's bottom edge (0: none fits)."""
    rows = _at(obs, where).children
    clip = _clip_box(obs, where)[1]
    n = 0
    while index + n < len(rows) and rows[index + n].bounds.bottom + HIGH <= clip.bottom:
        n += 1
    return n


def footed(obs: Observation, where: Path_, index: int, kind: str, n: int = 0) -> Observation:
    """``obs`` with the rows of the list at ``where`` from ``index + n`` on taken out and a
    footer of ``kind`` below the last row kept (module docstring)."""
    parent = _at(obs, where)
    rows = parent.children
    top = rows[index + n].bounds.top if index + n < len(rows) else rows[-1].bounds.bottom
    foot = _footer(kind, _box(obs, where, top), rows[index])
    kids = (*rows[: index + n], foot)
    return _replace(obs, where, dataclasses.replace(parent, children=kids))


def _alone_below(obs: Observation, where: Path_, index: int) -> bool:
    """Whether nothing but the list's rows lies at or below row ``index``'s top in the box
    that clips the list (the list's end is its content's end)."""
    box_path, _ = _clip_box(obs, where)
    y = _at(obs, where).children[index].bounds.top
    inside = where[: len(box_path) + 1]
    host = _at(obs, box_path)
    for k, kid in enumerate(host.children):
        if (*box_path, k) == inside:
            continue
        if any(n.bounds.area and n.bounds.top >= y for _, n in _walk_node(kid)):
            return False
    chain = where[len(box_path) :]
    node = host
    for depth, k in enumerate(chain[:-1]):
        node = node.children[k]
        for j, kid in enumerate(node.children):
            if j == chain[depth + 1]:
                continue
            if any(n.bounds.area and n.bounds.top >= y for _, n in _walk_node(kid)):
                return False
    return True


def spots(obs: Observation) -> list[tuple[Path_, int]]:
    """The (list, index) where rows from ``index`` on can have loaded in a footer's place
    (module docstring)."""
    out: list[tuple[Path_, int]] = []
    for where, index in lists(obs):
        rows = _at(obs, where).children
        if index < len(rows) and _shown(rows[index]) and _alone_below(obs, where, index):
            out.append((where, index))
    return out


def cases(rng: random.Random, per_capture: int) -> list[Footer]:
    """``per_capture`` spots of each real capture, kinds dealt in turn from a random start
    (``more`` only where a row fits above a footer)."""
    out: list[Footer] = []
    for name, obs in captures():
        found = spots(obs)
        if not found:
            continue
        start = rng.randrange(len(KINDS))
        for k in range(per_capture):
            where, index = rng.choice(found)
            kind = KINDS[(start + k) % len(KINDS)]
            if kind == "more" and not _more(obs, where, index):
                kind = "loaded"
            out.append(Footer(name, kind, where, index))
    return out


def sweep() -> list[Footer]:
    """Every spot of every real capture, every kind that fits it."""
    out: list[Footer] = []
    for name, obs in captures():
        for where, index in spots(obs):
            kinds = KINDS if _more(obs, where, index) else KINDS[:2]
            out += [Footer(name, kind, where, index) for kind in kinds]
    return out


def derive(case: Footer) -> tuple[Observation, Observation]:
    """(prev, curr): the list ending in a footer, and the rows loaded."""
    obs = dict(captures())[case.capture]
    prev = footed(obs, case.where, case.index, case.kind)
    if case.kind != "more":
        return prev, obs
    n = _more(obs, case.where, case.index)
    return prev, footed(obs, case.where, case.index, "loaded", n)


def kind(case: Footer) -> str:
    return case.kind


def check(case: Footer) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring)."""
    prev, curr = derive(case)
    fp, fc = Frame(prev), Frame(curr)
    foot_p = _positions(fp, prev, (*case.where, case.index))
    n = len(_at(curr, case.where).children) - case.index
    if case.kind == "more":
        n -= 1
    made = [
        c for j in range(case.index, case.index + n) for c in _positions(fc, curr, (*case.where, j))
    ]
    foot_c = (
        _positions(fc, curr, (*case.where, case.index + n)) if case.kind == "more" else range(0)
    )
    _, _, d, out = graded(prev, curr, lambda v: case.kind == "more" and "moved (" in v)
    out += no_scroll(d, "rows loaded in a footer's place")
    taken = foot_p if case.kind != "more" else ()
    out += stayed_listed(d, made, taken)
    out += changed_besides(d)
    crossed = [c for c, p in d.pairs.items() if p in foot_p and c in made]
    if crossed:
        out.append(("misread", f"the footer paired with {len(crossed)} node(s) of the rows"))
    if foot_c and d.pairs.get(foot_c.start) != foot_p.start:
        out.append(("misread", "the footer that stayed is not paired with itself"))
    listed = set(d.added)
    missed = [
        label(fc.nodes[c])
        for c in made
        if label(fc.nodes[c]) and fc.nodes[c].bounds.area and not (listed & {c, *fc.ancestors(c)})
    ]
    if missed:
        out.append(("missed", f"{len(missed)} labels of rows that came unlisted: {missed[:3]}"))
    if taken and not set(d.removed) & set(foot_p):
        out.append(("missed", "the footer that left is not listed"))
    return out
