"""The steps of :mod:`.filtered`, derived from a real capture's list: a search that
narrows it (:func:`searched`), an accordion row opened (:func:`opened`, with a chevron
:func:`opened_with_icon`), selection mode (:func:`selecting`), a banner over or above it
(:func:`bannered`), a text wrapped onto a second line (:func:`wrapped`). Each returns the
capture changed; :mod:`.filtered` reads the pair both ways and grades it.
"""

from __future__ import annotations

import dataclasses

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.edited import ROW
from tests.core.real_scrolls.expansions import expanded
from tests.core.real_scrolls.grading import label
from tests.core.real_scrolls.insertions import _below, _clip_box, _shown
from tests.core.real_scrolls.transforms import Path_, _at, _moved_clipped, _replace, _walk

BAR = 140
"""The banner's height (px)."""
ROOM = 112
"""What a row's checkbox takes at its start (px)."""
OPTION = 120
"""Most height of an accordion's option row (px)."""
FAR = -(10**9)
"""A line above everything: :func:`.insertions._below` moves every node below it."""


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


def with_icon(obs: Observation, row_path: Path_) -> Observation:
    """``obs`` with an accordion's chevron at the end of the row at ``row_path``, its
    description "Expand" (the row closed)."""
    row = _at(obs, row_path)
    b = row.bounds
    icon = Node(
        role="image",
        class_name="android.widget.ImageView",
        resource_id=f"{row.package}:id/chevron" if row.package else "",
        content_desc="Expand",
        package=row.package,
        bounds=Bounds(b.right - 140, b.top + 10, b.right - 40, b.top + 90),
    )
    return _replace(obs, row_path, dataclasses.replace(row, children=(*row.children, icon)))


def with_icons(obs: Observation, where: Path_, rows: tuple[int, ...]) -> Observation:
    """``obs`` with a chevron reading "Expand" on each row ``rows`` of the list at
    ``where`` (:func:`with_icon`): a list of accordions, the chevron's description a label
    every row shows."""
    for i in rows:
        obs = with_icon(obs, (*where, i))
    return obs


def opened_with_icon(obs: Observation, where: Path_, index: int, n: int) -> Observation:
    """:func:`with_icon`'s row opened (:func:`opened`), its chevron reading "Collapse"."""
    row_path = (*where, index)
    at = (*row_path, len(_at(obs, row_path).children) - 1)
    out = opened(obs, where, index, n)
    return _replace(out, at, dataclasses.replace(_at(out, at), content_desc="Collapse"))


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
