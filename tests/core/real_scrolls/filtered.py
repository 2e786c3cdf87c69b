"""What an agent does to a list every day, on real captures, with a known truth (issue 18).

Each :class:`Filtered` case derives a second frame from a real capture (``fixtures/real``),
on a list of :func:`.insertions.lists`; none of the other sweeps makes these steps:

- **filter** / **clear**: a search narrows the list (its query typed into the search box
  above the list, where the screen has one): two or more rows wholly in view taken
  out from anywhere (not the first rows alone: that is :mod:`.grown`'s insertion at the
  top), the rows below each gap closing up by the gaps above them, the list's box
  unchanged; nothing new comes in below (the results end). Read backwards (the search
  cleared) the rows come back and the others move down;
- **expand** / **collapse**: an accordion row (a row that holds children) opens: two or
  three option rows inserted inside it at its bottom, the row grown by their height and
  the rows below pushed down, clipped by the list's box (:func:`.expansions.expanded`);
  backwards it closes;
- **select** / **unselect**: selection mode: every row that holds children gains a
  ``CheckBox`` as its first child (the long-pressed row's checked), its contents shifted
  right by the checkbox's box (it takes the place where the row's content started: a
  leading label narrowed where it ran to the row's end, a trailing icon kept in place), and the toolbar's title (the widest text above the list in
  its window) reads "1 selected"; backwards selection mode ends;
- **banner** / **unbanner**: a bar ("You're offline" · "RETRY") shown over the top of the
  list (the last child of the list's scroller's parent): nothing moves;
- **shrink** / **unshrink**: the same bar shown above the list, the list's scroller
  shrunk from its top edge by the bar's height, its content moved down with that edge and
  clipped at its bottom;
- **push** / **unpush**: the bar shown above the list, the scroller and what lies below it
  in its parent (a bottom bar) pushed down whole by the bar's height, clipped by the
  parent's box;
- **expand+icon** / **collapse+icon**: the accordion row with a chevron at its end whose
  description reads "Expand" ("Collapse" once open), flipped as it opens (closes); with
  ``every``, each row of the list wholly in view that has room shows one (a list of
  accordions: "Expand" a label every row shows). :func:`accordions` derives them all;
- **wrap** / **unwrap**: one text of a row grows longer and wraps to two lines: the text
  node grows by its height, what lies below it in the row, the row and the rows below it
  are pushed down by as much.

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes moved together scrolled, is moot where rows moved without a scroll); no element
listed twice; no scroll line (nothing scrolled); what the step put in (took out) is ``+``
(``-``) where it shows a label, paired with nothing that stayed; nothing else is ``+`` /
``-`` but rows pushed out of view (:func:`.grading.stayed_listed`); no ``~`` of what an
element shows but the title (select), the search box (filter), the chevron (expand+icon)
or the wrapped text (wrap), which must be ``~``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from tests.core.dict_truth import in_input
from tests.core.real_scrolls.edited import _rows
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import lists
from tests.core.real_scrolls.list_steps import (
    BAR,
    _bar_path,
    _host,
    _query,
    _selectable,
    _texts_in,
    _title,
    bannered,
    opened,
    opened_with_icon,
    searched,
    selecting,
    with_icons,
    wrapped,
)
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _positions,
    captures,
    graded,
)

KINDS = ("filter", "expand", "select", "banner", "shrink", "push", "wrap", "expand+icon")
BACK = {"filter": "clear", "expand": "collapse", "select": "unselect", "banner": "unbanner"}
BACK |= {"filter-top": "clear-top"}
BACK |= {"shrink": "unshrink", "push": "unpush", "wrap": "unwrap", "expand+icon": "collapse+icon"}


@dataclass(frozen=True, slots=True)
class Filtered:
    """One derived pair of kind ``kind`` (module docstring) on the list at ``where``:
    ``rows`` the rows taken out (filter), the row opened (expand), the row long-pressed
    (select); ``n`` the options an accordion opens; ``target`` the text that wraps;
    ``every``: the rows of the list (expand+icon) that show a chevron besides the row opened."""

    capture: str
    kind: str
    where: Path_
    rows: tuple[int, ...] = ()
    n: int = 0
    target: Path_ = ()
    every: tuple[int, ...] = ()

    @property
    def forward(self) -> str:
        """The kind read forwards (``clear`` → ``filter``)."""
        return next((k for k, b in BACK.items() if b == self.kind), self.kind)


def cases(rng: random.Random, per_capture: int) -> list[Filtered]:
    """``per_capture`` pairs of each kind on each real capture that has a spot for it, read
    forwards or backwards at random."""
    out: list[Filtered] = []
    for name, obs in captures():
        spots = lists(obs)
        parents = list(dict.fromkeys(p for p, _ in spots))
        whole = {p: sorted({i - 1 for q, i in spots if q == p}) for p in parents}
        picks: dict[str, list[Filtered]] = {k: [] for k in KINDS}
        for p in parents:
            shown = whole[p]
            if len(shown) >= 3:
                picks["filter"].append(Filtered(name, "filter", p, tuple(shown[1:])))
            for i in shown:
                if _at(obs, (*p, i)).children:
                    picks["expand"].append(Filtered(name, "expand", p, (i,)))
                    b = _at(obs, (*p, i)).bounds
                    if b.height >= 100 and b.width >= 400:
                        picks["expand+icon"].append(Filtered(name, "expand+icon", p, (i,)))
            rows = _selectable(obs, p)
            if len(rows) >= 2:
                picks["select"] += [Filtered(name, "select", p, (i,)) for i in rows]
            if len(_host(obs, p)) > 1:
                picks["banner"].append(Filtered(name, "banner", p))
                if _at(obs, _host(obs, p)).bounds.height > 3 * BAR:
                    picks["shrink"].append(Filtered(name, "shrink", p))
                    picks["push"].append(Filtered(name, "push", p))
        for row in _rows(obs):
            picks["wrap"] += [
                Filtered(name, "wrap", row[:-1], target=t) for t in _texts_in(obs, row)
            ]
        for kind, spots_k in picks.items():
            for _ in range(per_capture if spots_k else 0):
                case = rng.choice(spots_k)
                if kind == "filter":
                    k = min(len(case.rows) - 1, rng.choice((2, 3, len(case.rows) // 2)))
                    case = dataclasses.replace(
                        case, rows=tuple(sorted(rng.sample(case.rows, max(1, k))))
                    )
                if kind in ("expand", "expand+icon"):
                    case = dataclasses.replace(case, n=rng.choice((2, 3)))
                if rng.random() < 0.5:
                    case = dataclasses.replace(case, kind=BACK[kind])
                out.append(case)
    return out + top_filters()


FILTERS = ("filter", "filter-top")
"""The kinds read forwards that take rows out (``filter-top``: :func:`top_filters`)."""


def top_filters() -> list[Filtered]:
    """**filter-top** / **clear-top**: a query typed into a list's search box (the first text
    field above it) that filters out its first rows, 1, 2 or 3 of them (never all that
    show), where the list is at its top (its first child whole on its top edge): the rows
    that stay close up from the list's top, as a search list lays its results out anew
    (YouTube's suggestions as a query grows). Read backwards (a key deleted) they come back
    at the top and push the others down. Every such spot of every capture, both ways (the
    kinds above leave the first row alone: rows taken out at a list's top with nothing
    typed are :mod:`deltarec.core.diff.grown`'s hedge)."""
    out: list[Filtered] = []
    for name, obs in captures():
        for p in dict.fromkeys(p for p, _ in lists(obs)):
            host = _at(obs, p)
            kids = host.children
            if _query(obs, p) is None or len(kids) < 3 or kids[0].bounds.top != host.bounds.top:
                continue
            for k in range(1, min(3, len(kids) - 2) + 1):
                rows = tuple(range(k))
                out += [Filtered(name, "filter-top", p, rows), Filtered(name, "clear-top", p, rows)]
    return out


def _icon_rows(obs: Observation, where: Path_, shown: list[int]) -> list[int]:
    """The rows of ``shown`` that hold children and have room for a chevron."""
    rows = [(i, _at(obs, (*where, i))) for i in shown]
    return [i for i, r in rows if r.children and r.bounds.height >= 100 and r.bounds.width >= 400]


def accordions() -> list[Filtered]:
    """Every expand+icon spot of every real capture, its chevron on the row alone and on
    every row of :func:`_icon_rows` (when there are two or more), opened and closed, with
    two options and three: the class whole, no sample."""
    out: list[Filtered] = []
    for name, obs in captures():
        spots = lists(obs)
        for p in dict.fromkeys(q for q, _ in spots):
            rows = _icon_rows(obs, p, sorted({i - 1 for q, i in spots if q == p}))
            for i in rows:
                for every in ((), tuple(rows)) if len(rows) > 1 else ((),):
                    out += [
                        Filtered(name, k, p, (i,), n, every=every)
                        for n in (2, 3)
                        for k in ("expand+icon", "collapse+icon")
                    ]
    return out


def _row_of(case: Filtered) -> Path_:
    return case.target[: len(case.where) + 1]


def derive(case: Filtered) -> tuple[Observation, Observation]:
    """(prev, curr): the capture and the capture changed as ``case`` says, or the reverse."""
    obs = dict(captures())[case.capture]
    kind = case.forward
    if kind in FILTERS:
        other = searched(obs, case.where, case.rows)
    elif kind == "expand":
        other = opened(obs, case.where, case.rows[0], case.n)
    elif kind == "select":
        other = selecting(obs, case.where, case.rows[0])
    elif kind in ("banner", "shrink", "push"):
        other = bannered(obs, case.where, kind)
    elif kind == "expand+icon":
        obs = with_icons(obs, case.where, tuple(sorted({*case.every, case.rows[0]})))
        other = opened_with_icon(obs, case.where, case.rows[0], case.n)
    else:
        other = wrapped(obs, _row_of(case), case.target)
    return (obs, other) if kind == case.kind else (other, obs)


def _made(case: Filtered, frame: Frame, obs: Observation) -> list[int]:
    """The positions in ``frame`` (of ``obs``, the side that has them) of what the step put
    in (read forwards): the rows filtered out are in the full side."""
    kind = case.forward
    if kind in FILTERS:
        return [q for i in case.rows for q in _positions(frame, obs, (*case.where, i))]
    if kind in ("expand", "expand+icon"):
        row = (*case.where, case.rows[0])
        kids = _at(obs, row).children
        first = len(kids) - sum(1 for k in kids if k.resource_id.endswith("accordion_option"))
        return [q for j in range(first, len(kids)) for q in _positions(frame, obs, (*row, j))]
    if kind == "select":
        return [
            _positions(frame, obs, (*case.where, i, 0)).start
            for i, r in enumerate(_at(obs, case.where).children)
            if r.children and r.children[0].class_name == "android.widget.CheckBox"
        ]
    if kind in ("banner", "shrink", "push"):
        bar = _bar_path(dict(captures())[case.capture], case.where, kind)
        return list(_positions(frame, obs, bar))
    return []


def _edited(case: Filtered, frame: Frame, obs: Observation) -> int | None:
    """The position in ``frame`` (of ``obs``) of the text the step edits, if any."""
    if case.forward == "wrap":
        return _positions(frame, obs, case.target).start
    if case.forward == "expand+icon":
        row = (*case.where, case.rows[0])
        kids = _at(obs, row).children
        icon = next(j for j, k in enumerate(kids) if k.content_desc in ("Expand", "Collapse"))
        return _positions(frame, obs, (*row, icon)).start
    if case.forward in ("select", *FILTERS):
        find = _title if case.forward == "select" else _query
        at = find(dict(captures())[case.capture], case.where)
        return None if at is None else _positions(frame, obs, at).start
    return None


def check(case: Filtered) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, case.kind)
    back = case.kind != case.forward
    full, full_frame = (curr, fc) if not back else (prev, fp)
    if case.forward in FILTERS:  # the full list is the capture: the rows are in it
        full, full_frame = (prev, fp) if not back else (curr, fc)
    made = _made(case, full_frame, full)
    came = (case.forward in FILTERS) == back  # the side that holds what the step put in
    out += stayed_listed(d, made if came else (), () if came else made)
    side = set(d.added if came else d.removed)
    paired = set(made) & set(d.pairs if came else d.pairs.values())
    if paired:
        out.append(("false-pair", f"{len(paired)} nodes the step put in paired with others"))
    missed = [q for q in made if label(full_frame.nodes[q]) and q not in side]
    if missed:
        out.append(("missed", f"{len(missed)} labelled nodes the step put in (took) unlisted"))
    edit = _edited(case, fc, curr)
    out += changed_besides(d, {edit} if edit is not None else set())
    said = "content-desc" if case.forward == "expand+icon" else "text"
    if edit is not None and said not in d.changed.get(edit, {}) and in_input(fc, edit, said):
        out.append(("missed", f"{said} of {label(fc.nodes[edit])!r} not reported"))
    return out


def kind(case: Filtered) -> str:
    return case.kind
