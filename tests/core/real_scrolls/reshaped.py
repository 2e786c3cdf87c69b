"""Hostile variety on real captures, round 2: lists reshaped in ways no other sweep makes,
with a known truth (issue 18).

Each :class:`Reshaped` case derives a pair from a real capture (``fixtures/real``):

- **reorder** (:func:`moved_row`): a row of a list (:func:`.rearranged._stacks`) dragged
  two or more places up or down (a sort, ``ItemTouchHelper``'s drag, AutoMobile's
  "replaced-and-moved"): the rows between move by its pitch, the row lands where they
  were; **reorder+scroll**: the same in a list that then scrolls by ``d``
  (:func:`.transforms.scrolled`: a drag near the edge scrolls it), where two dumps can
  tell it (:func:`_told`);
- **sheet** / **unsheet**: a scroller's top edge moves up by ``g`` px (a bottom sheet
  dragged up, a collapsing bar gone), its content moving with the edge, its offset kept;
  rows of its layout come in at its bottom (:func:`sheet`); read backwards it shrinks.
  Only scrollers no other container made to scroll holds (:func:`_free`);
- **anchored** / **unanchored**: a scroller's bottom edge moves up by ``g`` (the keyboard
  opens over a chat) and its content moves up with it, the last row kept in view
  (``stackFromEnd``): a scroll by ``g``; read backwards the keyboard closes;
- **pinned**: a list whose section header is pinned over its top (an overlay sibling of
  the list, ``Section X`` for the first row below it), scrolled by ``d``: the header stays
  and may swap its label (:func:`pinned`);
- **tab**: a scroller's page replaced whole by another page of its layout, showing other
  words (a tab switched), and the selection of a tab strip moved when the capture has
  one (:func:`.selections.moved`);
- **refresh+edit**: a list refreshed: one new row at its top (:func:`.insertions.inserted`
  at index 0), all rows shifted down by it, and a text of a row that stays edited;
- **grid**: a list made a grid (:func:`.reshaped_pages.gridded`: each row beside copies of itself showing
  other words, 2 or 3 tiles a line), scrolled by ``d``.

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes that moved together scrolled, is moot where rows were dragged or a box moved with
its content); no element listed twice; a scroll made is one scroll line on that scroller
by that offset (:func:`.transforms.grade`), none where nothing scrolled (a reorder, a box
resized with its offset kept, a page replaced, a refresh's row at the top but for the
house's ``orInserted`` hedge); no ``~`` of what an element shows but the node edited (the
header relabelled, the tabs' selection); no ``+`` / ``-`` of a node that stayed
(:func:`.grading.stayed_listed`); what came (a tab's page, the refreshed row) ``+`` and
what went ``-``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta, _added_key
from deltarec.core.diff.edited_or_new import edited_or_new
from deltarec.core.diff.new_rows import hedged, new_at_top
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.dict_truth import in_input
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import _shown, inserted, tops
from tests.core.real_scrolls.keyboards import opened
from tests.core.real_scrolls.rearranged import ALIKE, _shifted, _stacks
from tests.core.real_scrolls.reshaped_pages import (
    _grids,
    _lists,
    _tab_strip,
    chain,
    gridded,
    replaced,
)
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _continued,
    _fills,
    _marked,
    _moved_clipped,
    _positions,
    _replace,
    captures,
    edited,
    edits,
    grade,
    graded,
    scrolled,
    scrollers,
)

KINDS = (
    "reorder",
    "reorder+scroll",
    "sheet",
    "unsheet",
    "anchored",
    "unanchored",
    "pinned",
    "tab",
    "refresh+edit",
    "grid",
)
HEADER = "pinned_section_header"
MOVED = "moved ("
"""The oracle's rule 3 (nodes that moved together scrolled), moot where rows were dragged
or a box moved with its content."""


@dataclass(frozen=True, slots=True)
class Reshaped:
    """One derived pair of kind ``kind`` (module docstring): ``where`` the list (the parent
    of its rows) or the scroller; ``index`` → ``to`` the row dragged; ``d`` the scroll;
    ``g`` how far an edge moved (the grid's columns); ``target`` the node edited."""

    capture: str
    kind: str
    where: Path_ = ()
    host: Path_ = ()
    index: int = 0
    to: int = 0
    d: int = 0
    g: int = 0
    target: Path_ = ()
    what: str = ""


def _obs(case: Reshaped) -> Observation:
    return dict(captures())[case.capture]


def moved_row(obs: Observation, where: Path_, i: int, j: int) -> Observation:
    """``obs`` with row ``i`` of the list at ``where`` moved to place ``j``: the rows between
    laid out again from the first one's top, the gaps between places kept."""
    parent = _at(obs, where)
    rows = list(parent.children)
    lo, hi = min(i, j), max(i, j)
    gaps = [rows[k + 1].bounds.top - rows[k].bounds.bottom for k in range(lo, hi)]
    order = list(rows)
    order.insert(j, order.pop(i))
    y = rows[lo].bounds.top
    for k in range(lo, hi + 1):
        r = order[k]
        order[k] = _shifted(r, y - r.bounds.top)
        y += r.bounds.height + (gaps[k - lo] if k < hi else 0)
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(order)))


def _reorders(obs: Observation) -> list[tuple[Path_, int, int]]:
    """(list, from, to): rows two or more places apart whose run is wholly in view, all of
    one class and id, showing something, in a list of :data:`.rearranged.ALIKE` such rows."""
    out: list[tuple[Path_, int, int]] = []
    for where, parent, top, bottom, kinds in _stacks(obs):
        rows = parent.children

        def ok(r: Node, like: tuple[str, str], top: int = top, bottom: int = bottom) -> bool:
            whole = top < r.bounds.top and r.bounds.bottom < bottom
            return whole and _shown(r) and (r.class_name, r.resource_id) == like

        for i, row in enumerate(rows):
            like = (row.class_name, row.resource_id)
            if kinds[like] < ALIKE or not ok(row, like):
                continue
            run = i
            while run + 1 < len(rows) and ok(rows[run + 1], like):
                run += 1
            out += [(where, i, j) for j in range(i + 2, run + 1)]
            out += [(where, j, i) for j in range(i + 2, run + 1)]
    return out


def _told(obs: Observation, where: Path_, host: Path_, i: int, j: int, d: int) -> bool:
    """Whether two dumps can tell a drag of row ``i`` to ``j`` in a list scrolled by ``d``:
    the row wholly in the box before (at ``i``) and after (at ``j``, scrolled), and a row it
    did not pass too. Else a scroll by another amount reads the same: the rows it passed
    kept their place and it crossed them (no other row to say they moved), or it left the
    view and a row was taken out (put in) where it was (:mod:`deltarec.core.diff.gaps`)."""
    box = _at(obs, host).bounds
    rows = _at(obs, where).children
    moved = _at(moved_row(obs, where, i, j), where).children
    lo, hi = min(i, j), max(i, j)

    def whole(r: Node, dy: int) -> bool:
        return box.top < r.bounds.top - dy and r.bounds.bottom - dy < box.bottom

    others = [r for k, r in enumerate(rows) if not lo <= k <= hi and _shown(r)]
    return (
        whole(rows[i], 0)
        and whole(moved[j], d)
        and any(whole(r, 0) and whole(r, d) for r in others)
    )


def _distance(rng: random.Random, h: int) -> int:
    return rng.choice((-1, 1)) * max(10, rng.choice((10, 40, 150, h // 3, h // 2, h - 60)))


def sheet(obs: Observation, host: Path_, g: int) -> Observation:
    """``obs`` with the scroller at ``host`` (and the wrappers filling it) ``g`` px taller at
    its top, its content moved up with the edge, offset kept: the rows below its old
    bottom edge (more of its layout) come in."""
    b = _at(obs, host).bounds
    box = Bounds(b.left, b.top - g, b.right, b.bottom)
    paths = chain(obs, host)
    parent = _at(obs, paths[-1])
    kids = tuple(
        k for c in _continued(parent, b, g) if (k := _moved_clipped(c, -g, box)) is not None
    )
    out = _replace(obs, paths[-1], dataclasses.replace(parent, children=kids, bounds=box))
    for path in paths[:-1]:
        out = _replace(out, path, dataclasses.replace(_at(out, path), bounds=box))
    return out


def _free(obs: Observation, host: Path_) -> bool:
    """Whether no container made to scroll holds the scroller at ``host`` (but wrappers of
    its box): a sheet moves such a scroller. One held by another (Settings' list in its
    ScrollView) whose top edge moved with its content is what the outer one scrolling
    shows, its bottom cut by the outer one's edge: not a sheet, and not this kind."""
    b = _at(obs, host).bounds
    return not any(
        _marked(n) and n.bounds != b for n in (_at(obs, host[:k]) for k in range(1, len(host)))
    )


def pinned(obs: Observation, host: Path_, h: int) -> Observation:
    """``obs`` with a section header ``h`` px high pinned over the top of the scroller at
    ``host`` (the last child of its parent, drawn over it), labelled for the first row of
    its content whose bottom lies below the header: ``Section`` and that row's first
    letter."""
    b = _at(obs, host).bounds
    parent = _at(obs, chain(obs, host)[-1])
    first = next(
        (r for r in parent.children if r.bounds.area and r.bounds.bottom > b.top + h and _shown(r)),
        None,
    )
    shown = next((label(n) for n in first.walk() if label(n)), "") if first else ""
    letter = next((ch.upper() for ch in shown if ch.isalnum()), "#")
    header = Node(
        class_name="android.widget.TextView",
        resource_id=f"app:id/{HEADER}",
        text=f"Section {letter}",
        bounds=Bounds(b.left, b.top, b.right, b.top + h),
    )
    up = _at(obs, host[:-1])
    return _replace(obs, host[:-1], dataclasses.replace(up, children=(*up.children, header)))


def _refresh_edits(obs: Observation, where: Path_) -> list[tuple[Path_, str]]:
    """Texts of the rows of the list at ``where`` uncut once a row came in at its top (the
    same box, one row down): what the refresh edits, as paths in the grown frame."""
    grown = inserted(obs, where, 0, 1)
    n = len(where)
    out: list[tuple[Path_, str]] = []
    for path, what in edits(grown):
        if what == "checked" or len(path) <= n + 1 or path[:n] != where or path[n] < 1:
            continue
        old = (*where, path[n] - 1, *path[n + 1 :])
        shift = _at(grown, path[: n + 1]).bounds.top - _at(obs, old[: n + 1]).bounds.top
        try:
            was = _at(obs, old)
        except IndexError:
            continue
        b, a = was.bounds, _at(grown, path).bounds
        if was.text == _at(grown, path).text and (a.top, a.bottom, a.left, a.right) == (
            b.top + shift,
            b.bottom + shift,
            b.left,
            b.right,
        ):
            out.append((path, what))
    return out


def cases(rng: random.Random, per_capture: int) -> list[Reshaped]:
    """``per_capture`` pairs of each kind on each real capture that has a spot for it."""
    out: list[Reshaped] = []
    for name, obs in captures():
        out += [dataclasses.replace(c, capture=name) for c in _spots(rng, per_capture, obs)]
    return out


def _spots(rng: random.Random, per: int, obs: Observation) -> list[Reshaped]:
    out: list[Reshaped] = []
    hosts = scrollers(obs)
    contents = {chain(obs, h)[-1]: h for h in hosts}
    found = _reorders(obs)
    for _ in range(per if found else 0):
        where, i, j = rng.choice(found)
        out.append(Reshaped("", "reorder", where, index=i, to=j))
    scrolling = [f for f in found if f[0] in contents]
    for _ in range(per if scrolling else 0):
        where, i, j = rng.choice(scrolling)
        host = contents[where]
        b = _at(obs, host).bounds
        ds = [d for d in range(-b.height, b.height, 5) if d and _told(obs, where, host, i, j, d)]
        if ds:
            out.append(Reshaped("", "reorder+scroll", where, host, i, j, rng.choice(ds)))
    for _ in range(per if hosts else 0):
        host = rng.choice(hosts)
        b = _at(obs, host).bounds
        if _free(obs, host):
            g = max(8, b.top * rng.randint(10, 90) // 100)
            out.append(Reshaped("", rng.choice(("sheet", "unsheet")), host=host, g=g))
        g = b.height * rng.randint(15, 60) // 100
        out.append(Reshaped("", rng.choice(("anchored", "unanchored")), host=host, g=g))
        h = rng.choice((48, 64, 96))
        out.append(Reshaped("", "pinned", host=host, d=_distance(rng, b.height), g=h))
    pages = _lists(obs)
    for _ in range(per if pages else 0):
        out.append(Reshaped("", "tab", host=rng.choice(pages)))
    spots = [w for w, i in tops(obs) if i == 0 and len(_at(obs, w).children) >= 2]
    for _ in range(per if spots else 0):
        where = rng.choice(spots)
        targets = _refresh_edits(obs, where)
        if targets:
            target, what = rng.choice(targets)
            out.append(Reshaped("", "refresh+edit", where, target=target, what=what))
    grids = _grids(obs)
    for _ in range(per if grids else 0):
        host = rng.choice(grids)
        d = _distance(rng, _at(obs, host).bounds.height)
        out.append(Reshaped("", "grid", host=host, d=d, g=rng.choice((2, 3))))
    return out


def keyboards(prefix: str = "") -> list[Reshaped]:
    """Every scroller of every real capture whose name starts with ``prefix``, the keyboard
    opened over it (anchored) and closed (unanchored) by 12 % to 63 % of its height, in
    steps of 3 %: the two kinds whole, no sample."""
    return [
        Reshaped(name, k, host=host, g=_at(obs, host).bounds.height * pct // 100)
        for name, obs in captures()
        if name.startswith(prefix)
        for host in scrollers(obs)
        for pct in range(12, 64, 3)
        for k in ("anchored", "unanchored")
    ]


def derive(case: Reshaped) -> tuple[Observation, Observation]:
    obs = _obs(case)
    if case.kind == "reorder":
        return obs, moved_row(obs, case.where, case.index, case.to)
    if case.kind == "reorder+scroll":
        return obs, scrolled(moved_row(obs, case.where, case.index, case.to), case.host, case.d)
    if case.kind in ("sheet", "unsheet"):
        tall = sheet(obs, case.host, case.g)
        return (obs, tall) if case.kind == "sheet" else (tall, obs)
    if case.kind in ("anchored", "unanchored"):
        bottom = _at(obs, case.host).bounds.bottom
        typed = opened(scrolled(obs, case.host, case.g), case.host, bottom - case.g)
        return (obs, typed) if case.kind == "anchored" else (typed, obs)
    if case.kind == "pinned":
        after = scrolled(obs, case.host, case.d)
        return pinned(obs, case.host, case.g), pinned(after, case.host, case.g)
    if case.kind == "tab":
        return obs, replaced(obs, case.host)
    if case.kind == "refresh+edit":
        return obs, edited(inserted(obs, case.where, 0, 1), case.target, case.what)
    grid = gridded(obs, case.host, case.g)
    return grid, scrolled(grid, case.host, case.d)


def check(case: Reshaped) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    if case.kind in ("reorder+scroll", "anchored", "unanchored", "pinned", "grid"):
        return _scrolled(case, prev, curr)
    moot = case.kind in ("reorder", "sheet", "unsheet", "refresh+edit")
    fp, fc, d, out = graded(prev, curr, (lambda v: MOVED in v) if moot else lambda _: False)
    if case.kind == "refresh+edit":
        return out + _refreshed(case, fp, fc, d, curr)
    if case.kind != "tab":
        return out + no_scroll(d, case.kind) + changed_besides(d) + stayed_listed(d)
    return out + _tab(case, prev, curr, fp, fc, d)


def _tab(
    case: Reshaped, prev: Observation, curr: Observation, fp: Frame, fc: Frame, d: Delta
) -> list[Violation]:
    """A page replaced: its rows ``-`` and the new page's ``+``; the tab strip's selection
    ``~``; no scroll.

    Grader decision: with no tab strip whose selection moved, a page replaced in place by
    rows of its layout is what a scroll by whole pages shows too, and "about a page or
    more" on its list (or a wrapper filling it) is the house's hedge, true under both
    readings (:func:`.transforms.grade` takes it where nothing stayed in view). A tab
    strip whose selection moved tells the page was replaced: then no scroll line."""
    tab = _tab_strip(prev, case.host)
    host = _positions(fc, curr, case.host)
    hedged = tab is None and all(
        s.page and (s.curr in host or _fills(fc, s.curr, host.start)) for s in d.scrolls
    )
    out = [] if hedged else no_scroll(d, case.kind)
    page = chain(prev, case.host)[-1]
    taken = set(_positions(fp, prev, page)) - {_positions(fp, prev, page).start}
    made = set(_positions(fc, curr, page)) - {_positions(fc, curr, page).start}
    tabs: set[int] = set()
    if tab is not None:
        for k in (tab.old, tab.new):
            tabs |= set(_positions(fc, curr, (*tab.parent, k)))
    out += changed_besides(d, tabs) + stayed_listed(d, made, taken)
    said_c, said_p = set(d.added), set(d.removed)
    missed = [c for c in made if label(fc.nodes[c]) and not _said(fc, c, said_c)]
    missed += [p for p in taken if label(fp.nodes[p]) and not _said(fp, p, said_p)]
    if missed:
        out.append(("missed", f"{len(missed)} labels of the page replaced not +/-"))
    return out


def _said(frame: Frame, pos: int, said: set[int]) -> bool:
    return pos in said or any(a in said for a in frame.ancestors(pos))


def _scrolled(case: Reshaped, prev: Observation, curr: Observation) -> list[Violation]:
    """A step that scrolled the host: :func:`.transforms.grade`'s truth; a pinned header
    relabelled is the one ``~`` (of its text) that may stand."""
    d_ = {"anchored": case.g, "unanchored": -case.g}.get(case.kind, case.d)
    said = grade(Case(case.capture, "scroll", case.host, d_), prev, curr)
    fp, fc, d, out = graded(prev, curr, lambda v: MOVED in v)
    out += [v for v in said if v[0] not in ("oracle", "duplicate", "false-change")]
    header: set[int] = set()
    if case.kind == "pinned":
        header = {len(fc.nodes) - 1 - _after(curr, case.host)}
        was = fp.nodes[len(fp.nodes) - 1 - _after(prev, case.host)]
        now = fc.nodes[min(header)]
        if was.text != now.text and "text" not in d.changed.get(min(header), {}):
            out.append(("missed", f"header {was.text!r} -> {now.text!r} not ~"))
    out += changed_besides(d, header)
    made: list[int] = []
    taken: list[int] = []
    if any(s.page for s in d.scrolls) and not any(v[0] == "wrong-scroll" for v in said):
        # Grader decision, as :func:`.edited.check`'s: a page where no content stayed wholly
        # in view is the house's hedge (.transforms.grade takes it): rows cut in both frames
        # may be twins, so the scroller's rows are not graded for -/+.
        made, taken = list(_positions(fc, curr, case.host)), list(_positions(fp, prev, case.host))
    out += stayed_listed(d, made, taken)
    return list(dict.fromkeys(out))


def _after(obs: Observation, host: Path_) -> int:
    """How many nodes follow the header (the last child of the host's parent) in
    pre-order: the rest of the windows after it."""
    n = 0
    path = host[:-1]
    for k in range(len(path), 0, -1):
        parent = _at(obs, path[: k - 1]) if k > 1 else None
        kids = parent.children if parent else obs.windows
        n += sum(sum(1 for _ in c.walk()) for c in kids[path[k - 1] + 1 :])
    return n


def _refreshed(
    case: Reshaped, fp: Frame, fc: Frame, d: Delta, curr: Observation
) -> list[Violation]:
    """A row came in at the list's top and a row below was edited: the row ``+`` (nothing
    scrolled, but the house's ``orInserted`` hedge: a scroll up by its pitch onto a row's
    top reads the same, :mod:`deltarec.core.diff.new_rows`), the edit one ``~``."""
    out: list[Violation] = []
    new = set(_positions(fc, curr, (*case.where, 0)))
    pitch = _at(curr, (*case.where, 1)).bounds.top - _at(curr, (*case.where, 0)).bounds.top
    scrolls = [s for s in d.scrolls if not (s.dy == pitch and new_at_top(d, s) == 1)]
    out += no_scroll(dataclasses.replace(d, scrolls=scrolls), "a row at the top")
    target = _positions(fc, curr, case.target).start
    hedge = _pushed_hedge(d, fc, new, target)
    paired = new & set(d.pairs) - hedge
    if paired:
        out.append(("false-pair", f"{len(paired)} nodes of the new row paired with old ones"))
    out += stayed_listed(d, made=new)
    said = set(d.added)
    missed = [c for c in new - hedge if label(fc.nodes[c]) and not _said(fc, c, said)]
    if missed:
        out.append(("missed", f"{len(missed)} labels of the new row not +"))
    out += changed_besides(d, {target} | hedge)
    edited = "text" in d.changed.get(target, {}) or bool(hedge)
    if not edited and in_input(fc, target, "text"):
        out.append(("missed", f"edit of {label(fc.nodes[target])!r} not ~"))
    return out


def _pushed_hedge(d: Delta, fc: Frame, new: set[int], target: int) -> set[int]:
    """The new row's nodes a hedged pair covers: its label paired with the old row edited in
    place, the JSON changed entry carrying ``orNew`` and ``orPushedTo`` naming the added row
    that holds ``target`` (:mod:`deltarec.core.diff.edited_or_new`); empty: no such hedge.

    **Grader decision (issue 18).** A row put in at a list's top, of the pushed row's kind
    and box, showing one label where it showed one, with that row edited as it was pushed,
    makes the very dumps that row edited in place and a row put in after it make: the rows
    after moved down by the same pitch either way, and each of the two rows reads as the
    old one with one label edited. The pair the delta states fits both frames
    (:func:`~deltarec.core.diff.edited_or_new.edited_or_new` checks it), and ``orPushedTo``
    names the truth (the old row is the added row holding the edited label): a hedge whose
    every reading fits and that names the truth is true, as :func:`.insertions._hedged_twin`
    accepts a sliver's. An unhedged pair, or a hedge naming another row, is not accepted."""
    found = edited_or_new(d)
    if not found:
        return set()
    marked = {
        e["key"]: e["orPushedTo"]
        for e in hedged(d, to_json(d))["changed"]
        if e.get("orNew") and "orPushedTo" in e
    }
    out: set[int] = set()
    for c, y in found.items():
        ok = marked.get(fc.keys[c]) == _added_key(d, y) and y <= target < fc.subtree_end(y)
        row = next((a for a in (c, *fc.ancestors(c)) if a in new and fc.parents[a] not in new), -1)
        if ok and c in new and row >= 0:
            out.update(k for k in range(row, fc.subtree_end(row)) if k in new)
    return out


def kind(case: Reshaped) -> str:
    return case.kind
