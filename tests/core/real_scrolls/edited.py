"""Hostile variety on real captures: the changes the other sweeps never make, with a known
truth (issue 18).

Each :class:`Edited` case derives a second frame from a real capture (``fixtures/real``):

- **scroll+outside**: a scroller scrolled by ``d`` px (:func:`.transforms.scrolled`) while a
  text, a count ("Filters (1)" → "Filters (2)"), a checkbox or switch, or a description
  *outside* it changed: a toolbar's chip, a tab's count, a header's switch;
- **scroll+desc**: the same with a description inside the scroller that stays in view
  ("Play" → "Pause" on a row's button), the other inside edits being
  :mod:`.scroll_edits`';
- **nested**: a carousel (:func:`.carousels.carousels`) scrolled sideways by ``dx`` while
  the vertical list holding it scrolls by ``d`` (``d`` = 0: the list stayed), the carousel
  wholly in the list's box before and after;
- **line** / **unline**: a row of a list (:func:`.insertions.lists`) gains a second text line
  below its labels (a snippet, a wrapped subtitle), the row growing by the line's height
  and the rows below pushed down and clipped (:func:`.expansions.expanded`); backwards,
  the line goes and the rows below come up;
- **badge** / **unbadge** (and **scroll+badge** / **scroll+unbadge**): a labelled leaf of a
  row that stays (a time, a count, an icon's description) taken out of it, the row keeping
  its box and another label; read backwards it comes in. With a scroll, the row stays
  wholly in view.

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes moved together scrolled, is moot where a line pushed the rows below); no element
listed twice; every scroll of the step one scroll line on its container (or a wrapper
filling it) by its offset (:func:`.transforms.grade`), and no scroll line where nothing
scrolled; the edit one ``~`` of that node with that attribute, the line or the leaf one
``+`` (``-``); no other ``~`` of what an element shows, no other ``+`` / ``-`` but rows that
showed only texts that left (came).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.carousels import carousels, scrolled_sideways
from tests.core.real_scrolls.expansions import expanded
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import lists
from tests.core.real_scrolls.transforms import (
    SLACK,
    Case,
    Path_,
    _at,
    _content,
    _fills,
    _moved_clipped,
    _positions,
    _replace,
    _stayed,
    _walk,
    captures,
    edited,
    edits,
    grade,
    graded,
    scrolled,
    scrollers,
)

ATTRIBUTE = {"checked": "checked", "count": "text", "text": "text", "desc": "content-desc"}
PUSHED = "moved ("
"""The oracle's rule 3 (nodes that moved together scrolled), moot where a row grew."""


@dataclass(frozen=True, slots=True)
class Edited:
    """One derived pair of kind ``kind`` (module docstring): the scroller at ``where``
    scrolled by ``d`` (0: none); ``target`` the node edited (``what``), the row that gains
    a line or the leaf taken out; ``inner`` the carousel scrolled by ``dx``."""

    capture: str
    kind: str
    where: Path_ = ()
    d: int = 0
    target: Path_ = ()
    what: str = ""
    inner: Path_ = ()
    dx: int = 0


def _inside(b: Bounds, box: Bounds, dy: int) -> bool:
    return b.area > 0 and box.top < b.top + dy and b.bottom + dy < box.bottom


def _under(path: Path_, top: Path_) -> bool:
    return len(path) > len(top) and path[: len(top)] == top


def _descs(obs: Observation) -> list[tuple[Path_, str]]:
    """Descriptions unique in the frame, of nodes with an area and no text."""
    seen = Counter(n.content_desc for _, n in _walk(obs) if n.content_desc)
    return [
        (path, "desc")
        for path, n in _walk(obs)
        if n.content_desc and not n.text and seen[n.content_desc] == 1 and n.bounds.area
    ]


def _edit(obs: Observation, path: Path_, what: str) -> Observation:
    if what != "desc":
        return edited(obs, path, what)
    node = _at(obs, path)
    return _replace(obs, path, dataclasses.replace(node, content_desc=node.content_desc + " on"))


def _distance(rng: random.Random, h: int) -> int:
    return rng.choice((-1, 1)) * max(10, rng.choice((10, 40, 150, h // 3, h // 2)))


def _outside(obs: Observation, where: Path_) -> list[tuple[Path_, str]]:
    """Edits outside the scroller at ``where`` and clear of its box (a toolbar, a tab)."""
    box = _at(obs, where).bounds
    return [
        (path, what)
        for path, what in edits(obs) + _descs(obs)
        if not _under(path, where) and path[: len(where)] != where
        for b in [_at(obs, path).bounds]
        if b.bottom <= box.top or b.top >= box.bottom or b.right <= box.left or b.left >= box.right
    ]


def _stays(obs: Observation, where: Path_, path: Path_, d: int) -> bool:
    """Whether the node at ``path`` lies in the content of the scroller at ``where``, wholly
    in view, clear of its edges, before and after a scroll by ``d``."""
    got = _content(where, _at(obs, where))
    if got is None or not _under(path, got[0]):
        return False
    b, box = _at(obs, path).bounds, _at(obs, where).bounds
    return _inside(b, box, 0) and _inside(b, box, -d)


ROW = 400
"""Most height of a row (px): taller, a list's "row" is a page of sections."""


def _rows(obs: Observation) -> list[Path_]:
    """Rows of lists (:func:`.insertions.lists`) wholly in view that show something, at most
    :data:`ROW` high and holding no such row (a settings page's frame is one list's only
    "row": its preferences are the rows)."""
    rows = list(dict.fromkeys((*where, index - 1) for where, index in lists(obs)))
    return [
        r for r in rows if _at(obs, r).bounds.height <= ROW and not any(_under(o, r) for o in rows)
    ]


def _leaves(obs: Observation, row: Path_) -> list[Path_]:
    """Labelled leaves of the row at ``row`` whose label shows once in the row, the row
    keeping another label without them: what a row can lose and stay itself."""
    node = _at(obs, row)
    shown = [(p, n) for p, n in _walk(_sub(obs, row)) if label(n)]
    if len(shown) < 2:
        return []
    counts = Counter(label(n) for _, n in shown)
    return [
        (*row, *p[1:])
        for p, n in shown
        if not n.children and n is not node and counts[label(n)] == 1 and n.bounds.area
    ]


def _sub(obs: Observation, path: Path_) -> Observation:
    return dataclasses.replace(obs, windows=(_at(obs, path),))


def _without(obs: Observation, path: Path_) -> Observation:
    parent = _at(obs, path[:-1])
    kids = parent.children[: path[-1]] + parent.children[path[-1] + 1 :]
    return _replace(obs, path[:-1], dataclasses.replace(parent, children=kids))


def _line(row: Node) -> tuple[Node, int] | None:
    """A second text line for ``row``: a ``TextView`` below its lowest label, as wide, as
    high, showing words no row shows (the height it adds to the row)."""
    texts = [n for n in row.walk() if n.text and n.bounds.area and n is not row]
    if not texts:
        return None
    low = max(texts, key=lambda n: n.bounds.bottom)
    b = low.bounds
    h = max(24, min(b.height, 80))
    top = row.bounds.bottom
    line = dataclasses.replace(
        low,
        resource_id=f"{low.resource_id}_snippet" if low.resource_id else "",
        text=f"Snippet under {low.text[:24]}: quarterly figures attached",
        content_desc="",
        bounds=Bounds(b.left, top, b.right, top + h),
        children=(),
    )
    return line, h


def lined(obs: Observation, row: Path_) -> Observation:
    """``obs`` with the row at ``row`` grown by a second text line (module docstring)."""
    got = _line(_at(obs, row))
    assert got is not None
    line, h = got
    grown = expanded(obs, row[:-1], row[-1], h)
    node = _at(grown, row)
    return _replace(grown, row, dataclasses.replace(node, children=(*node.children, line)))


def cases(rng: random.Random, per_capture: int) -> list[Edited]:
    """``per_capture`` pairs of each kind on each real capture that has a spot for it."""
    out: list[Edited] = []
    for name, obs in captures():
        out += _scroll_cases(rng, per_capture, name, obs)
        out += _nested_cases(rng, per_capture, name, obs)
        out += _row_cases(rng, per_capture, name, obs)
    return out


def _scroll_cases(rng: random.Random, per: int, name: str, obs: Observation) -> list[Edited]:
    out: list[Edited] = []
    hosts = scrollers(obs)
    for _ in range(per if hosts else 0):
        where = rng.choice(hosts)
        d = _distance(rng, _at(obs, where).bounds.height)
        outside = _outside(obs, where)
        if outside:
            target, what = rng.choice(outside)
            out.append(Edited(name, "scroll+outside", where, d, target, what))
        inside = [(p, w) for p, w in _descs(obs) if _stays(obs, where, p, d)]
        if inside:
            target, what = rng.choice(inside)
            out.append(Edited(name, "scroll+desc", where, d, target, what))
    return out


def scroll_descs(distances: tuple[int, ...] = (-300, -150, -60, 60, 150, 300)) -> list[Edited]:
    """Every description inside every scroller of every real capture that stays in view as
    the scroller scrolls by each of ``distances``, edited as it scrolls (scroll+desc): the
    kind whole, no sample."""
    return [
        Edited(name, "scroll+desc", where, d, target, what)
        for name, obs in captures()
        for where in scrollers(obs)
        for d in distances
        for target, what in _descs(obs)
        if _stays(obs, where, target, d)
    ]


def nested_all(step: int = 97, dxs: tuple[int, ...] = (-150, -10, 10, 150)) -> list[Edited]:
    """Every carousel of every real capture in every scroller around it, scrolled sideways
    by each of ``dxs`` while that scroller scrolls by 0 and every ``step`` px either way
    that keeps the carousel wholly in its box (nested): the kind whole, no sample."""
    out: list[Edited] = []
    for name, obs in captures():
        for inner in carousels(obs):
            b = _at(obs, inner).bounds
            for where in [h for h in scrollers(obs) if _under(inner, h)]:
                box = _at(obs, where).bounds
                ds = range(-box.height, box.height, step)
                room = [0] + [d for d in ds if d and _inside(b, box, -d)]
                out += [
                    Edited(name, "nested", where, d, inner=inner, dx=x) for d in room for x in dxs
                ]
    return out


def _nested_cases(rng: random.Random, per: int, name: str, obs: Observation) -> list[Edited]:
    out: list[Edited] = []
    for inner in carousels(obs):
        hosts = [h for h in scrollers(obs) if _under(inner, h)]
        b = _at(obs, inner).bounds
        for _ in range(per if hosts else 0):
            where = rng.choice(hosts)
            box = _at(obs, where).bounds
            w = b.width
            dx = rng.choice((-1, 1)) * rng.choice((10, 40, 150, w // 3, w // 2, w - 60))
            room = [0] + [d for d in range(-box.height, box.height, 7) if _inside(b, box, -d) and d]
            out.append(Edited(name, "nested", where, rng.choice(room), inner=inner, dx=dx))
    return out


def _row_cases(rng: random.Random, per: int, name: str, obs: Observation) -> list[Edited]:
    out: list[Edited] = []
    rows = _rows(obs)
    grows = [r for r in rows if _line(_at(obs, r)) is not None]
    for _ in range(per if grows else 0):
        row = rng.choice(grows)
        out.append(Edited(name, rng.choice(("line", "unline")), target=row))
    leaves = [leaf for r in rows for leaf in _leaves(obs, r)]
    for _ in range(per if leaves else 0):
        out.append(Edited(name, rng.choice(("badge", "unbadge")), target=rng.choice(leaves)))
    hosts = scrollers(obs)
    for _ in range(per if hosts else 0):
        where = rng.choice(hosts)
        d = _distance(rng, _at(obs, where).bounds.height)
        kept = [leaf for leaf in leaves if _stays(obs, where, leaf, d)]
        if kept:
            kind = rng.choice(("scroll+badge", "scroll+unbadge"))
            out.append(Edited(name, kind, where, d, rng.choice(kept)))
    return out


def derive(case: Edited) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.kind in ("scroll+outside", "scroll+desc"):
        return obs, scrolled(_edit(obs, case.target, case.what), case.where, case.d)
    if case.kind == "nested":
        sideways = scrolled_sideways(obs, case.inner, case.dx)
        return obs, scrolled(sideways, case.where, case.d) if case.d else sideways
    if case.kind in ("line", "unline"):
        grown = lined(obs, case.target)
        return (obs, grown) if case.kind == "line" else (grown, obs)
    without = _without(obs, case.target)
    if case.kind == "badge":
        return without, obs
    if case.kind == "unbadge":
        return obs, without
    if case.kind == "scroll+badge":
        return without, scrolled(obs, case.where, case.d)
    return obs, scrolled(without, case.where, case.d)


def check(case: Edited) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    if case.kind == "nested":
        return _nested(case, prev, curr)
    pushed = case.kind in ("line", "unline")
    fp, fc, d, out = graded(prev, curr, (lambda v: PUSHED in v) if pushed else lambda _: False)
    made: list[int] = []
    taken: list[int] = []
    if case.d:
        scroll = Case(case.capture, "scroll", case.where, case.d)
        said = [v for v in grade(scroll, prev, curr) if v[0] not in ("false-change", "oracle")]
        out = list(dict.fromkeys(out + said))
        if any(s.page for s in d.scrolls) and not any(v[0] == "wrong-scroll" for v in said):
            # Grader decision: a page where no content stayed wholly in view is the house's
            # hedge (.transforms.grade takes it): rows cut in both frames may be twins, so
            # the scroller's rows are not graded for -/+ (as .transforms.grade grades none).
            made += _positions(fc, curr, case.where)
            taken += _positions(fp, prev, case.where)
    else:
        out += no_scroll(d, case.kind)
    if case.kind.startswith("scroll+") and case.what:
        target = _where_now(
            case, fc, curr, _at(_edit(_obs(case), case.target, case.what), case.target)
        )
        out += changed_besides(d, {target})
        out += stayed_listed(d, made, taken)
        if ATTRIBUTE[case.what] not in d.changed.get(target, {}):
            out.append(("missed", f"{case.what} of {label(fc.nodes[target])!r} not reported"))
        return out
    out += changed_besides(d)
    if case.kind in ("line", "badge", "scroll+badge"):
        came = _made(case, fc, curr, case.kind == "scroll+badge")
        out += stayed_listed(d, [*made, came], taken)
        if came not in d.added:
            out.append(("missed", f"{label(fc.nodes[came])!r} came, not listed"))
    else:
        went = _made(case, fp, prev, False)
        out += stayed_listed(d, made, [*taken, went])
        if went not in d.removed:
            out.append(("missed", f"{label(fp.nodes[went])!r} went, not listed"))
    return out


def _made(case: Edited, frame: Frame, obs: Observation, moved: bool) -> int:
    """The position of the line (the leaf) in ``frame`` (of ``obs``), which holds it;
    ``moved``: the leaf moved by the scroll."""
    if case.kind in ("line", "unline"):
        row = case.target
        return _positions(frame, obs, (*row, len(_at(obs, row).children) - 1)).start
    if not moved:
        return _positions(frame, obs, case.target).start
    return _where_now(case, frame, obs, _at(_obs(case), case.target))


def _obs(case: Edited) -> Observation:
    return dict(captures())[case.capture]


def _where_now(case: Edited, frame: Frame, obs: Observation, node: Node) -> int:
    """The position in ``frame`` (of ``obs``) of ``node`` of the capture, moved with its
    content when the step scrolled (the scrolled content's rows are laid out anew: its
    path may hold another node): the node outside the scroller stays where it was."""
    if not case.d or not _under(case.target, case.where):
        return _positions(frame, obs, case.target).start
    moved = _moved_clipped(node, -case.d, _at(obs, case.where).bounds)
    return next(i for i, n in enumerate(frame.nodes) if n == moved)


def _nested(
    case: Edited, prev: Observation, curr: Observation, source: Observation | None = None
) -> list[Violation]:
    """Two scrolls (one when ``d`` = 0): the carousel sideways by ``dx``, its list by ``d``
    (``source``: the screen both came from, when not the capture: :mod:`.nested`'s).

    Grader decision: where no label of the carousel lay wholly in its box before and after
    (:func:`_stayed_sideways`), "about a page or more" is the house's hedge for a carousel
    (:func:`.carousels.check` takes it, as :func:`.transforms.grade` takes it for a list):
    one card cut by an edge in one frame could be its twin a few cards on
    (:func:`deltarec.core.diff.row_evidence.refuted`), so under that reading its card
    ``-`` and ``+`` are two cards, and not counted; outside the carousel every rule holds."""
    fp, fc, d, out = graded(prev, curr)
    out += changed_besides(d)
    obs = _obs(case) if source is None else source
    if case.d and not _stayed(obs, case.where, case.d):
        paged = _paged(case, fp, fc, prev, curr, d)
        if paged is not None:
            return out + paged
    carousel = _at(obs, case.inner)
    b = carousel.bounds
    at = Bounds(b.left, b.top - case.d, b.right, b.bottom - case.d)
    inner = next(
        i
        for i, n in enumerate(fc.nodes)
        if n.bounds == at
        and (n.class_name, n.resource_id) == (carousel.class_name, carousel.resource_id)
    )
    inner_c = range(inner, fc.subtree_end(inner))
    if _stayed_sideways(carousel, -case.dx):
        out += stayed_listed(d)
    else:  # a page is the hedge: the carousel's cards are not graded (docstring)
        out += stayed_listed(d, made=inner_c, taken=_positions(fp, prev, case.inner))
    want = [(case.inner, -case.dx, 0)] + ([(case.where, 0, -case.d)] if case.d else [])
    got = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    for where, dx, dy in want:
        inside = inner_c if where == case.inner else _positions(fc, curr, where)
        hosts = [
            s
            for s in d.scrolls
            if _fills(fc, s.curr, inside.start)
            or (s.curr in inside and (where == case.inner or s.curr not in inner_c))
        ]
        if not hosts:
            out.append(("wrong-scroll", f"no scroll of {where[-3:]} by ({dx}, {dy}): {got}"))
        elif hosts[0].page and where == case.inner and not _stayed_sideways(carousel, dx):
            continue  # nothing of the carousel stayed in view: about a page is all there is
        elif hosts[0].page or abs(hosts[0].dx - dx) > SLACK or abs(hosts[0].dy - dy) > SLACK:
            out.append(("wrong-scroll", f"{where[-3:]} by ({dx}, {dy}); reported {got}"))
    if len(d.scrolls) != len(want):
        out.append(("wrong-scroll", f"{len(want)} scroll(s) made; reported {got}"))
    return out


def _paged(
    case: Edited, fp: Frame, fc: Frame, prev: Observation, curr: Observation, d: Delta
) -> list[Violation] | None:
    """The violations of a delta that read the list around the carousel as a page (None when
    it did not), where nothing that shows something lay wholly in the list's box before and
    after (:func:`.transforms._stayed`).

    Grader decision: that page is the house's hedge, as :func:`.transforms.grade` takes it
    for a list scrolled alone: a row cut (or touching the edge) in one frame may be its
    twin a page on, and so may the carousel, the only content left of the list's page
    (the coordinator flung 2,120 px: the carousel had touched the bottom edge). Under it
    nothing in the list is graded for ``-`` / ``+`` and the carousel's own scroll is not
    asked (which carousel it is, the frames do not say); outside the list every rule holds,
    and the page is the step's one scroll line."""
    inside = _positions(fc, curr, case.where)
    hosts = [s for s in d.scrolls if s.curr in inside or _fills(fc, s.curr, inside.start)]
    if not hosts or not hosts[0].page:
        return None
    out = stayed_listed(d, made=inside, taken=_positions(fp, prev, case.where))
    if len(d.scrolls) != 1:
        got = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
        out.append(("wrong-scroll", f"a page and more scroll lines: {got}"))
    return out


def _stayed_sideways(carousel: Node, dx: int) -> bool:
    """Whether a label of ``carousel`` lay wholly in its box before and after its content
    moved by ``dx``."""
    box = carousel.bounds
    return any(
        label(n)
        and box.left < b.left
        and b.right < box.right
        and box.left < b.left + dx
        and b.right + dx < box.right
        for n in carousel.walk()
        for b in [n.bounds]
        if n is not carousel and b.area
    )


def kind(case: Edited) -> str:
    return case.kind
