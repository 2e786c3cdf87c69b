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
- **wrap** / **unwrap**: one text of a row grows longer and wraps to two lines: the text
  node grows by its height, what lies below it in the row, the row and the rows below it
  are pushed down by as much.

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes moved together scrolled, is moot where rows moved without a scroll); no element
listed twice; no scroll line (nothing scrolled); what the step put in (took out) is ``+``
(``-``) where it shows a label, paired with nothing that stayed; nothing else is ``+`` /
``-`` but rows pushed out of view (:func:`.grading.stayed_listed`); no ``~`` of what an
element shows but the title (select), the search box (filter) or the wrapped text (wrap),
which must be ``~``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.dict_truth import dict_delta
from tests.core.real_scrolls import transforms
from tests.core.real_scrolls.edited import ROW, _rows
from tests.core.real_scrolls.expansions import expanded
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.insertions import _below, _clip_box, _shown, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _moved_clipped,
    _positions,
    _replace,
    _walk,
    captures,
    graded,
)

KINDS = ("filter", "expand", "select", "banner", "shrink", "push", "wrap")
BACK = {"filter": "clear", "expand": "collapse", "select": "unselect", "banner": "unbanner"}
BACK |= {"shrink": "unshrink", "push": "unpush", "wrap": "unwrap"}
BAR = 140
"""The banner's height (px)."""
ROOM = 112
"""What a row's checkbox takes at its start (px)."""
OPTION = 120
"""Most height of an accordion's option row (px)."""
FAR = -(10**9)
"""A line above everything: :func:`.insertions._below` moves every node below it."""


@dataclass(frozen=True, slots=True)
class Filtered:
    """One derived pair of kind ``kind`` (module docstring) on the list at ``where``:
    ``rows`` the rows taken out (filter), the row opened (expand), the row long-pressed
    (select); ``n`` the options an accordion opens; ``target`` the text that wraps."""

    capture: str
    kind: str
    where: Path_
    rows: tuple[int, ...] = ()
    n: int = 0
    target: Path_ = ()

    @property
    def forward(self) -> str:
        """The kind read forwards (``clear`` → ``filter``)."""
        return next((k for k, b in BACK.items() if b == self.kind), self.kind)


def _moved(node: Node, dy: int) -> Node:
    return _below(node, FAR, dy) if dy else node


def filtered(obs: Observation, where: Path_, gone: tuple[int, ...]) -> Observation:
    """``obs`` with rows ``gone`` of the list at ``where`` taken out, the rows below each
    gap moved up by the pitch of the rows taken out above them; the list keeps its box."""
    rows = _at(obs, where).children
    kids: list[Node] = []
    shift = 0
    for i, row in enumerate(rows):
        if i in gone:
            below = rows[i + 1].bounds.top if i + 1 < len(rows) else row.bounds.bottom
            shift += below - row.bounds.top
            continue
        kids.append(_moved(row, -shift))
    node = _at(obs, where)
    return _replace(obs, where, dataclasses.replace(node, children=tuple(kids)))


def _query(obs: Observation, where: Path_) -> Path_ | None:
    """The search box the filter's query is typed into: the first text field above the
    list's box in its window, if any."""
    box = _at(obs, where).bounds
    return next(
        (
            p
            for p, n in _walk(obs)
            if p[0] == where[0] and "EditText" in n.class_name and n.bounds.bottom <= box.top
        ),
        None,
    )


def searched(obs: Observation, where: Path_, gone: tuple[int, ...]) -> Observation:
    """``obs`` filtered (:func:`filtered`), the query typed into its search box if it has
    one (:func:`_query`): the first word of the first row the filter kept."""
    out = filtered(obs, where, gone)
    box = _query(obs, where)
    if box is None:
        return out
    kept = [r for i, r in enumerate(_at(obs, where).children) if i not in gone]
    words = [w for r in kept for n in r.walk() for w in label(n).split()[:1]]
    query = (words[0] if words else "q")[:3].lower()
    return _replace(out, box, dataclasses.replace(_at(obs, box), text=query))


def _option(row: Node, j: int, top: int, h: int) -> Node:
    name = next((label(n) for n in row.walk() if label(n)), "Item")
    b = row.bounds
    return Node(
        role="button",
        class_name="android.widget.TextView",
        resource_id=f"{row.package}:id/accordion_option" if row.package else "",
        text=f"{name[:20]} option {j + 1}: details",
        package=row.package,
        bounds=Bounds(b.left + 48, top + j * h, b.right, top + (j + 1) * h),
        clickable=True,
        focusable=True,
    )


def _option_height(row: Node) -> int:
    heights = [n.bounds.height for n in row.walk() if n.text and n.bounds.area and n is not row]
    return max(40, min(OPTION, min(heights, default=OPTION)))


def opened(obs: Observation, where: Path_, index: int, n: int) -> Observation:
    """``obs`` with row ``index`` of the list at ``where`` opened: ``n`` options inserted
    at its bottom, inside it (clipped by the list's box)."""
    row_path = (*where, index)
    row = _at(obs, row_path)
    h = _option_height(row)
    grown = expanded(obs, where, index, n * h)
    box = _clip_box(obs, where)[1]
    options = [_moved_clipped(_option(row, j, row.bounds.bottom, h), 0, box) for j in range(n)]
    now = _at(grown, row_path)
    kids = now.children + tuple(o for o in options if o is not None)
    return _replace(grown, row_path, dataclasses.replace(now, children=kids))


def _shifted(node: Node, row: Bounds) -> Node:
    """``node`` of a row moved right by :data:`ROOM`: what would run past the row's end is
    narrowed if it starts in the row's first half (a label), else kept (a trailing icon)."""
    b = node.bounds
    if b.right + ROOM <= row.right:
        box = Bounds(b.left + ROOM, b.top, b.right + ROOM, b.bottom)
    elif b.left < (row.left + row.right) // 2 and b.left + ROOM < b.right:
        box = Bounds(b.left + ROOM, b.top, b.right, b.bottom)
    else:
        box = b
    kids = tuple(_shifted(c, row) for c in node.children)
    return dataclasses.replace(node, bounds=box if b.area else b, children=kids)


def _checkbox(row: Node, checked: bool) -> Node:
    """The row's checkbox: where its content started, :data:`ROOM` px wide (a
    ``CheckBox``'s box holds its 48 dp touch target), centred on the row's height."""
    b = row.bounds
    start = min((k.bounds.left for k in row.children if k.bounds.area), default=b.left)
    mid = (b.top + b.bottom) // 2
    half = min(ROOM // 2, max(1, b.height // 2 - 1))
    return Node(
        role="checkbox",
        class_name="android.widget.CheckBox",
        resource_id=f"{row.package}:id/select" if row.package else "",
        package=row.package,
        bounds=Bounds(start, mid - half, start + ROOM, mid + half),
        checkable=True,
        checked=checked,
        clickable=True,
        focusable=True,
    )


def _selectable(obs: Observation, where: Path_) -> list[int]:
    """The rows of the list at ``where`` that gain a checkbox: those that hold children and
    show something, :data:`ROOM` px wide at least twice over, at most
    :data:`~.edited.ROW` high (taller, a "row" is a page of sections or a form's section)."""
    return [
        i
        for i, r in enumerate(_at(obs, where).children)
        if r.children and _shown(r) and r.bounds.width > 2 * ROOM and 8 < r.bounds.height <= ROW
    ]


def _title(obs: Observation, where: Path_) -> Path_ | None:
    """The toolbar's title: the widest text above the list's box in its window."""
    box = _clip_box(obs, where)[1]
    above = [
        (n.bounds.width, p)
        for p, n in _walk(obs)
        if p[0] == where[0] and n.text and n.bounds.area and n.bounds.bottom <= box.top
    ]
    return max(above)[1] if above else None


def selecting(obs: Observation, where: Path_, pressed: int) -> Observation:
    """``obs`` in selection mode (module docstring): row ``pressed`` checked."""
    out = obs
    for i in _selectable(obs, where):
        path = (*where, i)
        row = _at(obs, path)
        kids = (_checkbox(row, i == pressed), *(_shifted(c, row.bounds) for c in row.children))
        out = _replace(out, path, dataclasses.replace(row, children=kids))
    title = _title(obs, where)
    if title is not None:
        out = _replace(out, title, dataclasses.replace(_at(out, title), text="1 selected"))
    return out


def _bar(package: str, box: Bounds, top: int) -> Node:
    def text(t: str, left: int, right: int, role: str, cls: str) -> Node:
        return Node(
            role=role,
            class_name=cls,
            text=t,
            package=package,
            bounds=Bounds(left, top + 30, right, top + BAR - 30),
            clickable=role == "button",
        )

    split = box.right - 260
    return Node(
        class_name="android.widget.LinearLayout",
        resource_id=f"{package}:id/offline_banner" if package else "",
        package=package,
        bounds=Bounds(box.left, top, box.right, top + BAR),
        children=(
            text(
                "You're offline. Showing saved results",
                box.left + 40,
                split,
                "text",
                "android.widget.TextView",
            ),
            text("RETRY", split + 20, box.right - 40, "button", "android.widget.Button"),
        ),
    )


def _host(obs: Observation, where: Path_) -> Path_:
    """The list's scroller (the node that clips it); the window's root has no parent."""
    return _clip_box(obs, where)[0]


def bannered(obs: Observation, where: Path_, how: str) -> Observation:
    """``obs`` with a banner over the list's top (``how`` = "banner"); above it, the
    scroller shrunk from its top edge and its content moved down with it, clipped
    ("shrink"); or above it, the scroller and what lies below it in its parent pushed down
    whole, clipped by the parent's box ("push")."""
    host = _host(obs, where)
    node = _at(obs, host)
    box = node.bounds
    bar = _bar(node.package, box, box.top)
    parent = _at(obs, host[:-1])
    kids = list(parent.children)
    if how == "banner":
        kids.append(bar)
    elif how == "shrink":
        short = Bounds(box.left, box.top + BAR, box.right, box.bottom)
        inner = tuple(c for k in node.children if (c := _moved_clipped(k, BAR, short)) is not None)
        kids[host[-1]] = dataclasses.replace(node, bounds=short, children=inner)
        kids.insert(host[-1], bar)
    else:
        pushed = [k if i < host[-1] else _below(k, box.top, BAR) for i, k in enumerate(kids)]
        pushed.insert(host[-1], bar)
        kids = [c for k in pushed if (c := _moved_clipped(k, 0, parent.bounds)) is not None]
    return _replace(obs, host[:-1], dataclasses.replace(parent, children=tuple(kids)))


def _bar_path(obs: Observation, where: Path_, how: str) -> Path_:
    host = _host(obs, where)
    if how != "banner":
        return host
    return (*host[:-1], len(_at(obs, host[:-1]).children))


def _grow_chain(node: Node, chain: Path_, y: int, h: int, text: str) -> Node:
    """``node`` with the node ``chain`` leads to ``h`` px taller showing ``text``: the nodes
    on the way grow by ``h``, what starts at or below ``y`` beside them moves down."""
    b = node.bounds
    taller = Bounds(b.left, b.top, b.right, b.bottom + h)
    if not chain:
        return dataclasses.replace(node, bounds=taller, text=text)
    kids = [
        _grow_chain(c, chain[1:], y, h, text) if k == chain[0] else _below(c, y, h)
        for k, c in enumerate(node.children)
    ]
    return dataclasses.replace(node, bounds=taller, children=tuple(kids))


def wrapped(obs: Observation, row: Path_, target: Path_) -> Observation:
    """``obs`` with the text at ``target`` (in the row at ``row``) wrapped onto a second
    line: longer, as much taller as it was high, the rest pushed down (module docstring)."""
    leaf = _at(obs, target)
    h = leaf.bounds.height
    grown = expanded(obs, row[:-1], row[-1], h)
    longer = f"{leaf.text} and the rest of it, wrapped onto a second line"
    new = _grow_chain(_at(obs, row), target[len(row) :], leaf.bounds.bottom, h, longer)
    clipped = _moved_clipped(new, 0, _clip_box(obs, row[:-1])[1])
    assert clipped is not None
    return _replace(grown, row, clipped)


def _texts_in(obs: Observation, row: Path_) -> list[Path_]:
    node = _at(obs, row)
    return [
        (*row, *p[1:])
        for p, n in _walk(dataclasses.replace(obs, windows=(node,)))
        if n.text and not n.children and n is not node and 16 <= n.bounds.height <= 120
    ]


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
                if kind == "expand":
                    case = dataclasses.replace(case, n=rng.choice((2, 3)))
                if rng.random() < 0.5:
                    case = dataclasses.replace(case, kind=BACK[kind])
                out.append(case)
    return out


def _row_of(case: Filtered) -> Path_:
    return case.target[: len(case.where) + 1]


def derive(case: Filtered) -> tuple[Observation, Observation]:
    """(prev, curr): the capture and the capture changed as ``case`` says, or the reverse."""
    obs = dict(captures())[case.capture]
    kind = case.forward
    if kind == "filter":
        other = searched(obs, case.where, case.rows)
    elif kind == "expand":
        other = opened(obs, case.where, case.rows[0], case.n)
    elif kind == "select":
        other = selecting(obs, case.where, case.rows[0])
    elif kind in ("banner", "shrink", "push"):
        other = bannered(obs, case.where, kind)
    else:
        other = wrapped(obs, _row_of(case), case.target)
    return (obs, other) if kind == case.kind else (other, obs)


def _made(case: Filtered, frame: Frame, obs: Observation) -> list[int]:
    """The positions in ``frame`` (of ``obs``, the side that has them) of what the step put
    in (read forwards): the rows filtered out are in the full side."""
    kind = case.forward
    if kind == "filter":
        return [q for i in case.rows for q in _positions(frame, obs, (*case.where, i))]
    if kind == "expand":
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
    if case.forward in ("select", "filter"):
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
    if case.forward == "filter":  # the full list is the capture: the rows are in it
        full, full_frame = (prev, fp) if not back else (curr, fc)
    made = _made(case, full_frame, full)
    came = (case.forward == "filter") == back  # the side that holds what the step put in
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
    if edit is not None and "text" not in d.changed.get(edit, {}) and _in_input(fc, edit):
        out.append(("missed", f"text of {label(fc.nodes[edit])!r} not reported"))
    return out


def _in_input(frame: Frame, pos: int) -> bool:
    """Whether the text of the node at ``pos`` is in what the delta was computed from.

    Grader decision: element dicts name a node by its description, else its text
    (:mod:`tests.core.dict_truth`): a text beside a description is not in them, so its
    edit is asked of the XML path only (the dict path may say less, never something
    false: a ``~`` of it would still count as one of the step's)."""
    on_dicts = transforms.compute_delta is dict_delta
    return not (on_dicts and frame.nodes[pos].content_desc)


def kind(case: Filtered) -> str:
    return case.kind
