"""A list whose only row in view is taller than the list, on real captures, with a known truth
(issue 18: YouTube's ad filling its results list under the keyboard).

Each :class:`Tall` case picks a row of a real scroller (:func:`.transforms.scrollers`) and
makes it fill the list (:func:`filled`): the row stretched to ``span`` px, taller than the
list, its pieces in its upper half kept at their place from its top and those in its lower
half at their place from its bottom (a layout constrained to both edges: the ad's image
over the whole card, its "Learn more" icon at its bottom); the rows before it stacked above
it and those after it below, as they were laid out. The list shows the content from
``offset`` px above the stretched row's top (negative: the row starts below the list's top),
clipped to its box, so the tall row is its only row in view, an edge or both cutting it.
With ``merged`` the row's labels are the row's own description, its pieces showing
nothing (the ad: one description on the card, a Compose row's merged semantics).

Kinds:

- **scroll**: the list scrolled by ``d`` (every distance from a tenth of the list to more
  than it, both ways);
- **anchored** / **unanchored**: the keyboard opened over the list, ``d`` px of its bottom,
  its content moved up with that edge (``stackFromEnd``: a scroll by ``d``,
  :func:`.reshaped.derive`'s kind of that name); read backwards the keyboard closes;
- **ime-open** / **ime-close**: the keyboard opened over the list, its content kept in
  place (``adjustResize`` over a list that does not follow it): no scroll.

The truth: the scroll kinds are graded as :func:`.reshaped._scrolled` grades a scroll (one
scroll line on the list by that offset, or the house's page hedge where nothing with a label
stayed wholly in view, the oracle, nothing of what stayed ``+`` / ``-``); the keyboard
kinds that keep the content as :func:`.keyboards.check` does (no scroll).

    python benchmarks/bench_real_tall_rows.py [--path xml|dicts] [--show N] [--every N]
"""

from __future__ import annotations

import bisect
import dataclasses
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.keyboards import opened
from tests.core.real_scrolls.reshaped import Reshaped, _scrolled
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _content,
    _moved_clipped,
    _replace,
    _twice,
    _walk_node,
    captures,
    grade,
    scrollers,
)
from tests.core.truth.real_oracle import violations as oracle

KINDS = ("scroll", "anchored", "unanchored", "ime-open", "ime-close")


@dataclass(frozen=True, slots=True)
class Tall:
    """Row ``row`` of the scroller at ``host`` stretched to ``span`` px, the list showing
    its content from ``offset`` px above that row's top; ``d`` the scroll (or how far the
    keyboard's edge rose); ``merged``: the row's labels on the row alone."""

    capture: str
    host: Path_
    row: int
    span: int
    offset: int
    d: int
    kind: str
    merged: bool = False


def _stretched(row: Node, top: int, span: int) -> Node:
    """``row`` moved to ``top`` and ``span`` px high, its layout constrained to both edges:
    an edge of a piece in the row's upper half keeps its place from the row's top, one in its
    lower half its place from the row's bottom (a piece across the middle stretches with the
    row; pieces stay inside their parents)."""
    b = row.bounds
    mid = (b.top + b.bottom) / 2
    down, up = top - b.top, top + span - b.bottom

    def put(node: Node) -> Node:
        n = node.bounds
        new_top = n.top + (down if n.top < mid else up)
        new_bottom = n.bottom + (down if n.bottom <= mid else up)
        kids = tuple(put(c) for c in node.children)
        box = Bounds(n.left, new_top, n.right, new_bottom)
        return dataclasses.replace(node, bounds=box, children=kids)

    return put(row)


def _merged(row: Node) -> Node:
    """``row`` with every label of its subtree joined into its own description, its pieces
    showing nothing."""
    said = [n.text or n.content_desc for _, n in _walk_node(row) if n.text or n.content_desc]

    def bare(node: Node) -> Node:
        kids = tuple(bare(c) for c in node.children)
        return dataclasses.replace(node, text="", content_desc="", children=kids)

    return dataclasses.replace(bare(row), content_desc="\n".join(dict.fromkeys(said)))


def _rows(obs: Observation, host: Path_) -> tuple[Path_, Node, list[Node]]:
    got = _content(host, _at(obs, host))
    assert got is not None
    where, parent = got
    return where, parent, [c for c in parent.children if c.bounds.area]


def laid_out(case: Tall, obs: Observation) -> tuple[Path_, Node, list[Node]]:
    """The content of the case's list laid out unclipped, its tall row's top at 0."""
    where, parent, rows = _rows(obs, case.host)
    row = rows[case.row]
    tall = _stretched(_merged(row) if case.merged else row, 0, case.span)
    out = [tall]
    y = 0
    for k in range(case.row - 1, -1, -1):
        gap = rows[k + 1].bounds.top - rows[k].bounds.bottom
        r = rows[k]
        y -= gap + r.bounds.height
        out.insert(0, _moved_clipped(r, y - r.bounds.top, _huge()) or r)
    y = case.span
    for k in range(case.row + 1, len(rows)):
        gap = rows[k].bounds.top - rows[k - 1].bounds.bottom
        r = rows[k]
        y += gap
        out.append(_moved_clipped(r, y - r.bounds.top, _huge()) or r)
        y += r.bounds.height
    return where, parent, out


def _huge() -> Bounds:
    return Bounds(-(10**7), -(10**7), 10**7, 10**7)


def shown(case: Tall, obs: Observation, offset: int, bottom: int | None = None) -> Observation:
    """``obs`` with the case's list showing its laid-out content from ``offset`` px above
    the tall row's top, clipped to its box (its bottom edge at ``bottom`` when given: the
    keyboard's top)."""
    box = _at(obs, case.host).bounds
    edge = box.bottom if bottom is None else bottom
    view = Bounds(box.left, box.top, box.right, edge)
    where, parent, rows = laid_out(case, obs)
    kids = tuple(k for r in rows if (k := _moved_clipped(r, box.top - offset, view)) is not None)
    out = _replace(obs, where, dataclasses.replace(parent, children=kids))
    if bottom is None:
        return out
    return opened(out, case.host, bottom)


def derive(case: Tall) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    before = shown(case, obs, case.offset)
    bottom = _at(obs, case.host).bounds.bottom
    if case.kind == "scroll":
        return before, shown(case, obs, case.offset + case.d)
    if case.kind in ("anchored", "unanchored"):
        typed = shown(case, obs, case.offset + case.d, bottom - case.d)
        return (before, typed) if case.kind == "anchored" else (typed, before)
    typed = shown(case, obs, case.offset, bottom - case.d)
    return (before, typed) if case.kind == "ime-open" else (typed, before)


def check(case: Tall) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    if case.kind == "scroll":
        return list(
            dict.fromkeys(grade(Case(case.capture, "scroll", case.host, case.d), prev, curr))
        )
    if case.kind in ("anchored", "unanchored"):
        return _scrolled(Reshaped(case.capture, case.kind, host=case.host, g=case.d), prev, curr)
    from deltarec.core.diff.compute import compute_delta

    fp, fc = Frame(prev), Frame(curr)
    d = compute_delta(fp, fc)
    out = [("oracle", v) for v in oracle(fp, fc, d)]
    out += [("duplicate", v) for v in _twice(d)]
    out += no_scroll(d, "the keyboard")
    return out + stayed_listed(d) + changed_besides(d)


def _labelled(row: Node) -> bool:
    """A row of pieces (not one text box stretched) that shows something."""
    return bool(row.children) and any(n.text or n.content_desc for _, n in _walk_node(row))


WIDE_OFFSETS = (-20, -10, 0, 25, 50, 75, 110, 120)
"""With ``wide``: where the list shows the row from, in % of the list's height (negative: the
row starts that far below the list's top) or past 100 of what the row overruns it by (110: a
tenth of the list past the overrun), :func:`cases`' three and more."""
WIDE_PCTS = tuple(range(5, 125, 5))
"""With ``wide``: the scrolls, in % of the list's height (each way), every 5 % to 120 %."""


def _offsets(h: int, extra: int, wide: bool) -> list[int]:
    if not wide:
        return [-h // 5, extra // 2, extra + h // 5]
    return [
        pct * h // 100
        if pct <= 0
        else extra * pct // 100
        if pct <= 100
        else extra + (pct - 100) * h // 100
        for pct in WIDE_OFFSETS
    ]


def cases(*, every: int = 1, rows_per: int = 3, wide: bool = False) -> list[Tall]:
    """Every real scroller, up to ``rows_per`` of its rows that show something (its first,
    middle and last such), each stretched to 1.3 and 2.2 times the list's height, the list
    showing it from inside the list's top (the ad: the row starts in view, runs past the
    bottom), across both edges and ending inside, moved by every distance of
    :func:`_distances`; kinds :data:`KINDS`, the row's labels its own or merged onto it.
    ``every``: every ``every``-th case (a sample that keeps every kind). ``wide``: the
    scroll kinds only, from more places (:data:`WIDE_OFFSETS`) by more distances
    (:data:`WIDE_PCTS`): a class seen at one offset is a class at those around it."""
    out: list[Tall] = []
    for at, obs, _, h, ends in _placed(rows_per, wide):
        for kind in KINDS[:3] if wide else KINDS:
            for d in _distances(kind, h, at.offset, at.span, wide):
                if kind in ("scroll", "anchored", "unanchored") and not _within(
                    ends, at.offset + d, h
                ):
                    continue  # past the content's end: no list shows that
                for merged in (False, True):
                    case = Tall(at.capture, at.host, at.row, at.span, at.offset, d, kind, merged)
                    if kind.startswith("ime") or _told(case, obs):
                        out.append(case)
    return out[::every]


def _placed(
    rows_per: int, wide: bool
) -> Iterator[tuple[Tall, Observation, list[Node], int, tuple[int, int]]]:
    """The places :func:`cases` and :func:`pitch_cases` move a tall row from: every real
    scroller's first, middle and last rows that show something (up to ``rows_per``),
    stretched to 1.3 and 2.2 times its list's height, at each offset of :func:`_offsets`
    inside the content: ``(Tall at that offset, unmoved; the capture; its list's rows; the
    list's height; the content's ends)``."""
    for name, obs in captures():
        for host in scrollers(obs):
            box = _at(obs, host).bounds
            _, _, rows = _rows(obs, host)
            picks = [i for i, r in enumerate(rows) if _labelled(r)]
            if not picks:
                continue
            chosen = list(dict.fromkeys((picks[0], picks[len(picks) // 2], picks[-1])))
            for i in chosen[:rows_per]:
                for span in (box.height * 13 // 10, box.height * 22 // 10):
                    _, _, laid = laid_out(Tall(name, host, i, span, 0, 0, "scroll"), obs)
                    ends = (laid[0].bounds.top, laid[-1].bounds.bottom)
                    for offset in _offsets(box.height, span - box.height, wide):
                        if _within(ends, offset, box.height):
                            at = Tall(name, host, i, span, offset, 0, "scroll")
                            yield at, obs, rows, box.height, ends


def _told(case: Tall, obs: Observation) -> bool:
    """Whether two dumps can tell the scroll: an edge of a node of the content (a row's top, a
    piece's bottom) lies inside the view in both frames, so its move is the scroll. Else
    nothing in view shows where it is (one box stretched across both edges, a sliver that
    came in at one edge): no dump tells how far it moved."""
    h = _at(obs, case.host).bounds.height
    keyboard = case.kind in ("anchored", "unanchored")
    views = ((case.offset, case.offset + h), (case.offset + case.d, case.offset + case.d + h))
    if keyboard:
        views = (views[0], (views[1][0], views[1][1] - case.d))
    lo, hi = max(v[0] for v in views), min(v[1] for v in views)
    edges = _edges(dataclasses.replace(case, offset=0, d=0, kind="scroll"), obs)
    k = bisect.bisect_right(edges, lo)
    return k < len(edges) and edges[k] < hi


_EDGES: dict[Tall, list[int]] = {}


def _edges(key: Tall, obs: Observation) -> list[int]:
    """The tops and bottoms of the nodes of the laid-out content (sorted), once a row."""
    got = _EDGES.get(key)
    if got is None:
        _, _, rows = laid_out(key, obs)
        got = sorted(
            e
            for r in rows
            for _, n in _walk_node(r)
            if n.bounds.area
            for e in (n.bounds.top, n.bounds.bottom)
        )
        _EDGES[key] = got
    return got


def _within(ends: tuple[int, int], offset: int, h: int) -> bool:
    """Whether a view ``h`` px high from ``offset`` lies within the content (``ends``: its
    first row's top and last row's bottom): a list never shows past its ends."""
    return ends[0] <= offset and offset + h <= ends[1]


def _distances(kind: str, h: int, offset: int, span: int, wide: bool = False) -> list[int]:
    """How far: a scroll by a tenth of the list to more than it, either way, kept where the
    tall row still shows a quarter of the list; the keyboard over 15 % to 60 % of it
    (``wide``: every 5 %, :data:`WIDE_PCTS`)."""
    if kind != "scroll":
        pcts = [p for p in WIDE_PCTS if p <= 70] if wide else (15, 30, 45, 60)
        return [h * pct // 100 for pct in pcts]
    out = []
    for pct in WIDE_PCTS if wide else (10, 25, 40, 60, 85, 110):
        for sign in (-1, 1):
            d = sign * h * pct // 100
            top = -(offset + d)  # the row's top, from the list's top, after
            if top < h * 3 // 4 and top + span > h // 4:
                out.append(d)
    return out


def kind(case: Tall) -> str:
    return case.kind + ("+merged" if case.merged else "")


AROUND = (-6, -1, 0, 1, 6)
"""With :func:`pitch_cases`: px off a whole number of the rows' pitch a move lands, each way."""


def _pitches(rows: list[Node], row: Node) -> list[int]:
    """The distances between consecutive tops of a list's rows, and of the children of every
    node of three or more inside ``row`` (a list inside it: Settings' whole content one row
    of its ScrollView), the two most shown: rows of one make repeat at their pitch, and a move by it
    puts each where its twin was."""
    got = Counter[int]()
    inner = (n.children for _, n in _walk_node(row) if len(n.children) > 2)
    for kids in (rows, *inner):
        got.update(b.bounds.top - a.bounds.top for a, b in pairwise(kids))
    return [p for p, _ in got.most_common() if p > 0][:2]


def pitch_cases(
    *, every: int = 1, rows_per: int = 3, around: tuple[int, ...] = AROUND
) -> list[Tall]:
    """The moves :func:`cases` samples by percent of the list's height land a whole pitch
    off a twin row only by chance (Settings' rows, 215 px, a tenth of its list): every real
    scroller's rows as :func:`cases` picks them (its wide offsets), moved (scrolled, or the
    keyboard opening with the content, ``anchored``) by one to three of its rows' pitches
    (:func:`_pitches`) and by ``around`` px off each, both ways, the labels their own or
    merged onto the row. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    for at, obs, rows, h, ends in _placed(rows_per, True):
        pitches = _pitches(rows, rows[at.row])
        moves = sorted(
            {k * p + e for p in pitches for k in (1, 2, 3) for e in around} - {0}, key=abs
        )
        for kind in ("scroll", "anchored"):
            for d in _pitched(kind, h, at.offset, at.span, moves):
                if not _within(ends, at.offset + d, h):
                    continue
                for merged in (False, True):
                    case = Tall(at.capture, at.host, at.row, at.span, at.offset, d, kind, merged)
                    if _told(case, obs):
                        out.append(case)
    return out[::every]


def _pitched(kind: str, h: int, offset: int, span: int, moves: list[int]) -> list[int]:
    """Of ``moves`` (px, each way), those :func:`_distances` would keep for ``kind``: a
    scroll that leaves a quarter of the list on the tall row, the keyboard over 5 % to 70 %
    of it (the content moved up with its edge)."""
    if kind != "scroll":
        return [m for m in moves if h * 5 // 100 <= m <= h * 70 // 100]
    out = []
    for m in moves:
        for d in (-m, m):
            top = -(offset + d)
            if top < h * 3 // 4 and top + span > h // 4:
                out.append(d)
    return out


CUTS = (6, 24, 48)
"""With :func:`anew_cases`: px of a bare piece an edge leaves in view."""


def anew_cases(*, every: int = 1, rows_per: int = 3, cuts: tuple[int, ...] = CUTS) -> list[Tall]:
    """The scrolls :func:`cases` samples by percent of the list cut a piece that shows nothing
    (a card's corner button, a photo's icon overlay) anew only by chance: every real
    scroller's rows as :func:`cases` picks them (its wide offsets), each such piece of the
    tall row whole in one frame and cut by either edge of the list to ``cuts`` px in the
    other (whole before and cut after, or the reverse, 20 px clear of the edge), the labels
    the row's own or merged onto it. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    for at, obs, _, h, ends in _placed(rows_per, True):
        _, _, laid = laid_out(at, obs)
        for piece in _bare_pieces(laid[at.row]):
            a, b = piece.bounds.top, piece.bounds.bottom  # in the content, as offsets are
            moves: set[int] = set()
            if at.offset < a and b < at.offset + h:  # whole before: cut after
                moves |= {a + s - h - at.offset for s in cuts}
                moves |= {b - s - at.offset for s in cuts}
            elif a < at.offset < b or a < at.offset + h < b:  # cut before: whole after
                moves |= {b + 20 - h - at.offset, a - 20 - at.offset}
            for d in sorted(moves - {0}, key=lambda m: (abs(m), m)):
                if d not in _pitched("scroll", h, at.offset, at.span, [abs(d)]):
                    continue  # the tall row leaves less than a quarter of the list
                if not _within(ends, at.offset + d, h):
                    continue
                for merged in (False, True):
                    case = Tall(
                        at.capture, at.host, at.row, at.span, at.offset, d, "scroll", merged
                    )
                    if _told(case, obs):
                        out.append(case)
    return list(dict.fromkeys(out))[::every]


def _bare_pieces(row: Node) -> list[Node]:
    """The leaves of ``row`` that show nothing, with an area."""
    return [
        n
        for _, n in _walk_node(row)
        if n is not row and not n.children and not (n.text or n.content_desc) and n.bounds.area
    ]
