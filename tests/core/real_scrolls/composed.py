"""Two transforms in one step on real captures, with a known truth (issue 18: hostile variety).

The other kinds derive one change per step. A phone makes several at once: new mail comes
in while the inbox is flung; a dialog opens over a list that was still settling. Each
:class:`Composed` case scrolls a scroller of a real capture by ``d`` px
(:func:`.transforms.scrolled`), then, in that scrolled frame:

- **scroll+insert**: ``n`` rows put into the scrolled list at ``index``
  (:func:`put_in`): the rows above the spot moved by the scroll alone, the rows
  below it by the scroll and the rows' height;
- **scroll+overlay**: an overlay shown over it (:func:`.overlays.shown`: a snackbar, a sheet,
  a dialog, a toast, a scrim).

Read backwards (``removal``), the rows go (the overlay is taken away) and the list scrolls
back.

The truth (:func:`check`): the real-capture oracle's rules 1 and 2 (:func:`.transforms.graded`;
rule 3, rows moved together are one scroll, is what an insertion contradicts, and the
scroll is graded here instead); no element listed twice; no ``~`` of what an element shows
(nothing was edited); what the step made never paired with what was there, and listed
(``missed`` where not); nothing outside the scroller listed but the overlay; and one scroll
line on the scroller (or a wrapper filling it). Its offset is the scroll's, the move of the
rows above the spot; where no row above the spot stayed in view as itself (rule 1), the
rows below place it as well, by the scroll and the rows' height: a scroll by that much with
the rows come in at the top fits both dumps. "About a page" only when no content stayed in
view. Rows put in that show just what the row above the spot shows (a list whose words are
all its template's) may be read either way: which of identical rows came in, two dumps
cannot tell (:func:`_twin_made`, a grader decision).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls import overlays
from tests.core.real_scrolls.grading import Violation, changed_besides, twin_fits
from tests.core.real_scrolls.insertions import FAR, _below, _copy, _pushed, lists, template
from tests.core.real_scrolls.transforms import (
    SLACK,
    Path_,
    _at,
    _content,
    _fills,
    _moved_clipped,
    _positions,
    _replace,
    _stayed,
    captures,
    graded,
    scrolled,
    scrollers,
)
from tests.core.truth.real_oracle import persisted

DISTANCES = (-900, -400, -150, 150, 400, 900)
"""Scroll lengths (px) the cases draw from: short, a few rows, most of a page."""


ROWS = 2
"""Rows of the list (holding nodes that persisted, rule 1) moved by the scroll's offset that
make the scroll a fact the delta must state. With one, no scroll line is a fact left
unsaid (``missed``), not a false one: that row's move is also a row above it resized (the
row the top edge cuts) and the rows below pushed, and the delta states neither. (The real
oracle's rule 3 counts nodes: one row's three labels are one row's move.)"""


@dataclass(frozen=True, slots=True)
class Composed:
    """One derived pair: the scroller at ``where`` scrolled by ``d``, then rows inserted
    (``n`` at ``index`` of its content) or an overlay (``shape``) shown; ``removal``: read
    backwards."""

    capture: str
    kind: str  # "scroll+insert" or "scroll+overlay"
    where: Path_
    d: int
    index: int = 0
    n: int = 0
    shape: str = ""
    removal: bool = False


def _list_of(obs: Observation, where: Path_) -> Path_ | None:
    got = _content(where, _at(obs, where))
    return None if got is None else got[0]


def put_in(obs: Observation, where: Path_, index: int, n: int) -> Observation:
    """``obs`` with ``n`` rows put in at ``index`` of the content of the scroller at ``where``
    (:func:`.insertions.inserted`'s rows, pushed as it pushes them), the scroller keeping its
    box and clipping them, the content its own children or a wrapper's."""
    content = _list_of(obs, where)
    assert content is not None
    rows = _at(obs, content).children
    above = rows[max(0, index - 1)]
    step = (rows[index].bounds.top if index < len(rows) else above.bounds.bottom) - (
        above.bounds.top
    )
    y = above.bounds.top + step
    keep = template(rows)
    new = tuple(_copy(above, step * (j + 1), FAR + j, keep) for j in range(n))
    host = _at(obs, where)
    if content == where:
        kids = [_below(c, y, step * n) for c in host.children]
        kids[index:index] = new
    else:
        k = content[len(where)]
        kids = list(host.children)
        kids[k] = _pushed(kids[k], y, step * n, content[len(where) + 1 :], index, new)
    clipped = tuple(c for kid in kids if (c := _moved_clipped(kid, 0, host.bounds)) is not None)
    return _replace(obs, where, dataclasses.replace(host, children=clipped))


def _spots(mid: Observation, where: Path_) -> list[int]:
    """Where rows can be put in the scrolled content of ``where``: below a row that shows
    something, wholly in view (:func:`.insertions.lists`)."""
    content = _list_of(mid, where)
    return [i for p, i in lists(mid) if p == content and i > 0]


def cases(rng: random.Random, per_capture: int) -> list[Composed]:
    """``per_capture`` cases of each kind on each real capture with a scroller (insertions
    only into a scroller's own content, below a row in view after the scroll, the scroller
    the box that clips it)."""
    out: list[Composed] = []
    for name, obs in captures():
        where_all = scrollers(obs)
        if not where_all:
            continue
        for _ in range(per_capture):
            where, d = rng.choice(where_all), rng.choice(DISTANCES)
            mid = scrolled(obs, where, d)
            spots = _spots(mid, where)
            if spots:
                index, n = rng.choice(spots), rng.choice((1, 2, 8))
                out.append(
                    Composed(name, "scroll+insert", where, d, index, n, removal=rng.random() < 0.4)
                )
            shape = rng.choice([s for s in overlays.SHAPES if overlays.fits(mid, s)])
            out.append(
                Composed(name, "scroll+overlay", where, d, shape=shape, removal=rng.random() < 0.4)
            )
    return out


def sweep(
    spots: int = 3,
    shapes: tuple[str, ...] = ("snackbar", "dialog", "scrim"),
    distances: tuple[int, ...] = DISTANCES,
) -> list[Composed]:
    """Every scroller of every real capture scrolled by each of ``distances``, then one and
    two rows put in at each of its first ``spots`` spots, and each of ``shapes`` shown; both
    ways."""
    out: list[Composed] = []
    for name, obs in captures():
        for where in scrollers(obs):
            for d in distances:
                mid = scrolled(obs, where, d)
                at = _spots(mid, where)
                for removal in (False, True):
                    out += [
                        Composed(name, "scroll+insert", where, d, i, n, removal=removal)
                        for i in at[:spots]
                        for n in (1, 2)
                    ]
                    out += [
                        Composed(name, "scroll+overlay", where, d, shape=shape, removal=removal)
                        for shape in shapes
                        if overlays.fits(mid, shape)
                    ]
    return out


def derive(case: Composed) -> tuple[Observation, Observation]:
    """(prev, curr): the capture, and the capture scrolled then changed (or the reverse)."""
    obs = dict(captures())[case.capture]
    mid = scrolled(obs, case.where, case.d)
    if case.kind == "scroll+insert":
        after = put_in(mid, case.where, case.index, case.n)
    else:
        after = overlays.shown(mid, case.shape)
    return (after, obs) if case.removal else (obs, after)


def _made(case: Composed, frame: Frame, obs: Observation) -> set[int]:
    """Positions the step made, in the frame that has them (``obs`` is its observation)."""
    if case.kind == "scroll+overlay":
        return overlays._overlay_positions(frame, case.shape)
    content = _list_of(obs, case.where)
    assert content is not None
    kids = _at(obs, content).children
    out: set[int] = set()
    for j in range(case.n):
        if case.index + j < len(kids):
            out.update(_positions(frame, obs, (*content, case.index + j)))
    return out


def _height(case: Composed) -> int:
    """How far the rows below the spot moved besides the scroll: the inserted rows' pitch."""
    if case.kind != "scroll+insert":
        return 0
    mid = scrolled(dict(captures())[case.capture], case.where, case.d)
    content = _list_of(mid, case.where)
    assert content is not None
    grown = put_in(mid, case.where, case.index, case.n)
    rows, more = _at(mid, content).children, _at(grown, content).children
    below = case.index + case.n
    if case.index < len(rows) and below < len(more) and more[below].class_name:
        return more[below].bounds.top - rows[case.index].bounds.top
    return 0


def told(case: Composed) -> Gesture:
    """The swipe an executor tells the diff for ``case``'s scroll: 200 px down or up the
    middle of the scroller, the way its content moved (content moves with the finger)."""
    box = _at(dict(captures())[case.capture], case.where).bounds
    x, y = (box.left + box.right) // 2, (box.top + box.bottom) // 2
    down = (case.d > 0) if case.removal else (case.d < 0)
    return Gesture(x, y, x, y + (200 if down else -200))


def check(case: Composed, *, finger: bool = False) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring): (class, detail); with
    ``finger``, the diff told the swipe (:func:`told`), as the executor tells it."""
    prev, curr = derive(case)
    gesture = told(case) if finger else None
    fp, fc, d, out = graded(prev, curr, lambda v: "nodes moved (" in v, gesture)
    out += changed_besides(d)
    grown, frame = (prev, fp) if case.removal else (curr, fc)
    made = _made(case, frame, grown)
    side = set(d.removed if case.removal else d.added)
    if case.kind == "scroll+overlay" and case.shape in overlays.WINDOWED:
        side |= set(d.closed if case.removal else d.opened)
    readings = [_listed(case, d, frame, m, side) for m in (made, *_twin_made(case, frame, grown))]
    out += min(readings, key=len)
    inside_p, inside_c = _positions(fp, prev, case.where), _positions(fc, curr, case.where)
    made_p, made_c = (made, set()) if case.removal else (set(), made)
    outside = [c for c in d.added if c not in inside_c and c not in made_c]
    outside += [p for p in d.removed if p not in inside_p and p not in made_p]
    if outside:
        out.append(("unchanged-listed", f"{len(outside)} outside the scroller"))
    return out + _scroll(case, fp, fc, d, inside_p, inside_c)


def _listed(
    case: Composed, d: Delta, frame: Frame, made: set[int], side: set[int]
) -> list[Violation]:
    """What the step made (``made``, positions of ``frame``) paired with what was there, or
    not listed (``side``: the positions listed as come in, or gone)."""
    out: list[Violation] = []
    paired = made & (set(d.pairs.values()) if case.removal else set(d.pairs))
    if paired:
        out.append(("false-pair", f"{len(paired)} nodes the step made paired with others"))
    shown = [q for q in made if frame.nodes[q].text or frame.nodes[q].content_desc]
    if any(q not in side and not (side & set(frame.ancestors(q))) for q in shown):
        out.append(("missed", "nodes the step made not listed"))
    return out


def _twin_made(case: Composed, frame: Frame, obs: Observation) -> list[set[int]]:
    """The other reading of rows put in that show just what the row above the spot shows
    (:func:`put_in` copies it; a list whose words are all its template's, YouTube's
    suggestions "mrbeast 2", copies it exactly): ``n + 1`` identical rows in a row, of which
    the two frames cannot tell which ``n`` came in. Grader decision: the row above the spot
    read as come in, the last row put in as the old row, is as true as the step's own."""
    if case.kind != "scroll+insert" or case.index == 0:
        return []
    content = _list_of(obs, case.where)
    assert content is not None
    kids = _at(obs, content).children
    if case.index + case.n > len(kids):
        return []
    rows = [_positions(frame, obs, (*content, case.index + j)) for j in range(-1, case.n)]
    shown = [sorted(_said(frame, r)) for r in rows]
    if not shown[0] or any(s != shown[0] for s in shown):
        return []
    return [{q for r in rows[:-1] for q in r}]


def _said(frame: Frame, rows: range) -> list[tuple[str, str, int, int]]:
    """What a row shows, where in it: each labelled node's label, class and box size."""
    out = []
    for q in rows:
        n = frame.nodes[q]
        if n.text or n.content_desc:
            out.append((n.text or n.content_desc, n.class_name, n.bounds.width, n.bounds.height))
    return out


def _scroll(
    case: Composed, fp: Frame, fc: Frame, d: Delta, inside_p: range, inside_c: range
) -> list[Violation]:
    """One scroll line on the scroller, by the scroll's offset (module docstring)."""
    true = case.d if case.removal else -case.d  # the content's move, as a scroll line says it
    hosts = [s for s in d.scrolls if s.curr in inside_c or _fills(fc, s.curr, inside_c.start)]
    keys = [(s.curr, s.dy, s.page) for s in d.scrolls]
    kept = [(p, c) for p, c in persisted(fp, fc) if p in inside_p and c in inside_c]
    moves = [fc.nodes[c].bounds.top - fp.nodes[p].bounds.top for p, c in kept]
    rows = {
        _row(fc, c, inside_c.start)
        for (_, c), m in zip(kept, moves, strict=True)
        if abs(m - true) <= SLACK
    }
    if not d.scrolls and len(rows) < ROWS:
        return [("missed", f"scrolled {case.d}px: no scroll line")]
    if len(d.scrolls) != 1 or not hosts:
        return [("wrong-scroll", f"scrolled {case.d}px; scroll entries {keys}")]
    s = hosts[0]
    if s.page:
        h = _height(case)
        if kept or _stayed_through(case, fp, fc, inside_p, inside_c, (true, true + h, true - h)):
            return [("wrong-scroll", f"scrolled {case.d}px, content stayed: a page")]
        return []
    if s.further and not _hedge_holds(fp, fc, d, s, true):
        return [("wrong-scroll", f"scrolled {case.d}px; reported {s.dy}px or further")]
    ok = {true}
    h = _height(case)
    if h and not any(abs(m - true) <= SLACK for m in moves):
        ok.add(true - h if case.removal else true + h)
    if s.dx or all(abs(s.dy - o) > SLACK for o in ok):
        return [("wrong-scroll", f"scrolled {case.d}px (+{h}), reported ({s.dx}, {s.dy})")]
    return []


def _hedge_holds(fp: Frame, fc: Frame, d: Delta, s: Scroll, true: int) -> bool:
    """Whether a scroll line's hedge, "D px or further" (``Scroll.further``: a page turned
    that kept a row whose twin may stand in its place), names the truth and shows it:
    D the truth's way, and each node of the rows it kept (the scroller's children paired)
    that shows something shown alike (class, id, text, description, size) at its old box
    moved by D. Grader decision: the D reading is graded below as any scroll line is (the
    case's scroll, with the rows put in: no node-for-node fit of a pure scroll,
    :func:`.grading.scroll_fits`, holds where rows came in); the further readings put the
    kept row's twin where it is, and only it: the frames show that row alike at D. No swipe
    told, the line names the other way too, "or up E px or further" (``Scroll.other``): at
    E each kept row is a twin and E is the least such move (:func:`.grading.twin_fits`)."""
    if s.dy * true <= 0:
        return False
    if s.other and (s.other * s.dy >= 0 or not twin_fits(fp, s.prev, fc, s.curr, d.pairs, s.other)):
        return False  # untold, the other way must fit too: each kept row a twin
    box_p, box_c = fp.nodes[s.prev].bounds, fc.nodes[s.curr].bounds
    for k in fc.children[s.curr]:
        if k not in d.pairs:
            continue
        for c in range(k, fc.subtree_end(k)):
            p, n = d.pairs.get(c), fc.nodes[c]
            if not (n.text or n.content_desc):
                continue
            if p is None or _sign(fp.nodes[p]) != _sign(n):
                return False
            a, b = fp.nodes[p].bounds, n.bounds
            if (
                _whole(a, box_p)
                and _whole(b, box_c)
                and (
                    a.width != b.width or a.height != b.height or abs(b.top - a.top - s.dy) > SLACK
                )
            ):
                return False  # a node an edge cuts shows a part: its box is the cut
    return True


def _sign(n: Node) -> tuple[str, str, str, str]:
    return (n.class_name, n.resource_id, n.text, n.content_desc)


def _whole(b: Bounds, box: Bounds) -> bool:
    return box.top < b.top and b.bottom < box.bottom


def _stayed_through(
    case: Composed,
    fp: Frame,
    fc: Frame,
    inside_p: range,
    inside_c: range,
    moves: tuple[int, ...],
) -> bool:
    """Whether content (a node showing something) of the scroller was wholly in view in both
    frames of the step, moved by one of ``moves`` (the scroll; with the rows put in, the
    scroll and their height). Grader decision: rows put in (or taken out) may push out
    of view every row the scroll alone keeps (the contact form's photo row, below two
    form sections put in after a 900 px scroll up); with nothing of the list in both
    frames, no offset is there to read, and "about a page" is the truth of the dumps.
    (Was asked of the scroll alone, :func:`.transforms._stayed`.) An overlay pushes
    nothing: there the scroll alone is asked."""
    if case.kind != "scroll+insert":
        return _stayed(dict(captures())[case.capture], case.where, case.d)
    box_p, box_c = fp.nodes[inside_p.start].bounds, fc.nodes[inside_c.start].bounds
    seen: dict[tuple[str, str, str, int, int], list[int]] = {}
    for q in inside_p:
        n, b = fp.nodes[q], fp.nodes[q].bounds
        if (n.text or n.content_desc) and b.area and box_p.top < b.top and b.bottom < box_p.bottom:
            key = (n.class_name, n.text, n.content_desc, b.width, b.height)
            seen.setdefault(key, []).append(b.top)
    for k in inside_c:
        n, b = fc.nodes[k], fc.nodes[k].bounds
        if not (b.area and box_c.top < b.top and b.bottom < box_c.bottom):
            continue
        tops = seen.get((n.class_name, n.text, n.content_desc, b.width, b.height), [])
        if any(abs(b.top - t - m) <= SLACK for t in tops for m in moves):
            return True
    return False


def _row(frame: Frame, pos: int, host: int) -> int:
    """The child of the innermost wrapper filling ``host`` that holds ``pos`` (its row)."""
    content = host
    while len(kids := frame.children[content]) == 1 and (
        frame.nodes[kids[0]].bounds == frame.nodes[host].bounds
    ):
        content = kids[0]
    while pos >= 0 and frame.parents[pos] != content:
        pos = frame.parents[pos]
    return pos


def kind(case: Composed) -> str:
    return case.kind + ("-" if case.removal else "")
