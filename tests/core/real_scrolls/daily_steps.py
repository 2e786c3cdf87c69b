"""The steps of :mod:`.daily`, derived from a real capture's list: a chat anchored at its
bottom taking a message (:func:`chatted`), a row swiped part of the way sideways
(:func:`swiped`), a row lifted by a drag (:func:`lifted`), images whose descriptions load
(:func:`described`), placeholder rows replaced by the real rows (:func:`placeholders`), a
tile put into a grid that reflows (:func:`grid_inserted`). Each returns frames built from
the capture; :mod:`.daily` reads the pair both ways and grades it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.insertions import _clip_box, _shown
from tests.core.real_scrolls.rearranged import ALIKE, _shifted, _stacks, _whole
from tests.core.real_scrolls.reshaped_pages import _tiled, chain
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _copy,
    _moved_clipped,
    _replace,
    _walk_node,
)

LOADING = "Loading…"
"""What a placeholder row shows until its content has loaded."""


def alike_rows(obs: Observation) -> Iterator[tuple[Path_, int, int, int]]:
    """(list, row, top, bottom): the rows of the stacked lists of :func:`.rearranged._stacks`
    that show something, are wholly in view, and are one of :data:`.rearranged.ALIKE` rows
    of their class and id at least; ``top`` / ``bottom`` what shows of the list."""
    for where, parent, top, bottom, kinds in _stacks(obs):
        for j, row in enumerate(parent.children):
            alike = kinds[(row.class_name, row.resource_id)] >= ALIKE
            if alike and _shown(row) and _whole(row, top, bottom):
                yield where, j, top, bottom


def _gap(rows: list[Node], j: int) -> int:
    """The space between row ``j`` and the row above it (0 for the first)."""
    return max(0, rows[j].bounds.top - rows[j - 1].bounds.bottom) if j else 0


def _clipped(obs: Observation, where: Path_, rows: list[Node], box: Bounds) -> Observation:
    parent = _at(obs, where)
    kept = tuple(c for r in rows if (c := _moved_clipped(r, 0, box)) is not None)
    return _replace(obs, where, dataclasses.replace(parent, children=kept))


def bottom_laid(obs: Observation, where: Path_, j: int) -> tuple[Node, Bounds, int, list[Node]]:
    """A chat's rows up to ``j`` laid out from the bottom of what shows of its list (the
    space under its last row kept, as the gap between its rows), earlier messages (copies of
    its first row, other words) filling the space that opens above: (the list, the box that
    shows of it, the gap, the rows laid). Shared by :func:`chatted` and
    :func:`.chrome_steps.typing`."""
    parent = _at(obs, where)
    rows = list(parent.children[: j + 1])
    clip = _clip_box(obs, where)[1]
    top, bottom = max(clip.top, parent.bounds.top), min(clip.bottom, parent.bounds.bottom)
    box = Bounds(clip.left, top, clip.right, bottom)
    gap = _gap(rows, j)
    laid = [_shifted(r, bottom - gap - rows[j].bounds.bottom) for r in rows]
    first = laid[0]
    pitch0 = first.bounds.height + gap
    k = 0
    while laid[0].bounds.top > top - pitch0:
        k += 1
        laid.insert(0, _copy(first, -k * pitch0, 200 + k, True))
    return parent, box, gap, laid


def chatted(obs: Observation, where: Path_, j: int) -> tuple[Observation, Observation, int]:
    """A chat laid out from its bottom (``stackFromEnd``, or ``reverseLayout``) before and
    after a message came: (before, after, the message's pitch).

    Before: the list's rows up to row ``j`` moved down until row ``j`` ends at the bottom
    of what shows of the list (the space under its last row kept, as the gap between its
    rows), earlier messages (copies of its first row, other words) filling the space that
    opens above. After: a message like row ``j`` (other words) below it, every row moved
    up by its pitch; both clipped to what shows of the list, so the rows at its top are
    cut, or gone."""
    _, box, gap, laid = bottom_laid(obs, where, j)
    last = laid[-1]
    pitch = last.bounds.height + gap
    message = _copy(last, pitch, 300, True)
    after = [_shifted(r, -pitch) for r in (*laid, message)]
    return _clipped(obs, where, laid, box), _clipped(obs, where, after, box), pitch


def swiped(obs: Observation, where: Path_, j: int, dx: int) -> Observation | None:
    """``obs`` with row ``j`` of the list at ``where`` slid ``dx`` px sideways (the finger
    still on it: ``ItemTouchHelper`` translates the row), clipped to the box that clips the
    list: what passed its edge is cut, or not dumped. None when nothing of the row shows."""
    parent = _at(obs, where)
    box = _clip_box(obs, where)[1]
    moved = _moved_clipped(parent.children[j], 0, box, dx)
    if moved is None:
        return None
    kids = list(parent.children)
    kids[j] = moved
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(kids)))


def lifted(obs: Observation, where: Path_, j: int, dy: int) -> Observation:
    """``obs`` with row ``j`` of the list at ``where`` lifted and dragged ``dy`` px (drawn
    over its neighbour, not yet past its middle: the neighbours stay)."""
    parent = _at(obs, where)
    kids = list(parent.children)
    kids[j] = _shifted(kids[j], dy)
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(kids)))


def lift_by(obs: Observation, where: Path_, j: int, top: int, bottom: int) -> int:
    """How far :func:`lifted` drags row ``j``: a third of the way onto the row below when
    that row is wholly in view, else onto the row above; 0 when neither is."""
    rows = _at(obs, where).children
    if j + 1 < len(rows) and _whole(rows[j + 1], top, bottom):
        return max(1, (rows[j + 1].bounds.top - rows[j].bounds.top) // 3)
    if j and _whole(rows[j - 1], top, bottom):
        return -max(1, (rows[j].bounds.top - rows[j - 1].bounds.top) // 3)
    return 0


def _bare_image(node: Node) -> bool:
    return (
        "Image" in node.class_name
        and not node.children
        and not node.text
        and not node.content_desc
        and bool(node.bounds.area)
    )


def _first_label(node: Node) -> str:
    return next((n.text or n.content_desc for _, n in _walk_node(node) if n.text), "")


def images(obs: Observation, where: Path_) -> list[int]:
    """The rows of the list at ``where`` holding an image that shows nothing (no text, no
    description, no children) beside a text: what :func:`described` fills in."""
    return [
        j
        for j, row in enumerate(_at(obs, where).children)
        if _first_label(row) and any(_bare_image(n) for _, n in _walk_node(row))
    ]


def described(obs: Observation, where: Path_) -> Observation:
    """``obs`` with every image of :func:`images` described once its content loaded:
    "Photo of" and its row's first text (an avatar, a thumbnail)."""
    parent = _at(obs, where)

    def fill(node: Node, name: str) -> Node:
        if _bare_image(node):
            return dataclasses.replace(node, content_desc=f"Photo of {name}")
        return dataclasses.replace(node, children=tuple(fill(c, name) for c in node.children))

    kids = tuple(
        fill(r, _first_label(r)) if j in images(obs, where) else r
        for j, r in enumerate(parent.children)
    )
    return _replace(obs, where, dataclasses.replace(parent, children=kids))


def placeholder_rows(obs: Observation, where: Path_) -> list[int]:
    """The rows :func:`placeholders` stands in for: the list's rows of its most common
    class and id that show something (those that loaded; a header stays)."""
    rows = _at(obs, where).children
    shapes = [(r.class_name, r.resource_id) for r in rows if _shown(r)]
    common = max(set(shapes), key=shapes.count)
    return [j for j, r in enumerate(rows) if _shown(r) and (r.class_name, r.resource_id) == common]


def placeholders(obs: Observation, where: Path_) -> Observation:
    """``obs`` before the rows of :func:`placeholder_rows` loaded: each a placeholder of its
    box (another layout: its class, no id) holding one text, "Loading…", at its start."""
    parent = _at(obs, where)
    chosen = set(placeholder_rows(obs, where))

    def stand_in(row: Node) -> Node:
        b = row.bounds
        line = Bounds(b.left + 40, b.top, min(b.right, b.left + 340), min(b.bottom, b.top + 60))
        text = Node(
            "text", "android.widget.TextView", "", text=LOADING, bounds=line, package=row.package
        )
        return Node(row.role, row.class_name, "", bounds=b, package=row.package, children=(text,))

    kids = tuple(stand_in(r) if j in chosen else r for j, r in enumerate(parent.children))
    return _replace(obs, where, dataclasses.replace(parent, children=kids))


def _cell(obs: Observation, host: Path_) -> Node | None:
    """The first row of the scroller at ``host`` wholly in view that shows something: the
    cell :func:`grid_inserted` lays its grid out of."""
    box = _at(obs, host).bounds
    rows = _at(obs, chain(obs, host)[-1]).children
    return next((r for r in rows if _shown(r) and _whole(r, box.top - 1, box.bottom + 1)), None)


def grid_spots(obs: Observation, hosts: list[Path_]) -> list[Path_]:
    """The hosts among ``hosts`` (:func:`.reshaped_pages._grids`) with a row wholly in view
    that shows something, a third of the box high at most: what :func:`grid_inserted`
    lays out as a grid's cell."""
    out = []
    for host in hosts:
        cell = _cell(obs, host)
        if cell is not None and 3 * cell.bounds.height <= _at(obs, host).bounds.height:
            out.append(host)
    return out


def grid_inserted(
    obs: Observation, host: Path_, cols: int, at: int
) -> tuple[Observation, Observation, int]:
    """A grid of ``cols`` columns (cells alike: the scroller's first row wholly in view
    squeezed into a column, copies of it showing other words, laid out line by line from
    that row's top past the scroller's bottom edge: a shop's results, a gallery) before and
    after a tile (another copy) is put in at slot ``at``: every tile from there on moves to
    the next slot, the last of a line to the first of the next; both clipped by the
    scroller's box. Also the number of tiles laid out."""
    parent_path = chain(obs, host)[-1]
    parent = _at(obs, parent_path)
    box = _at(obs, host).bounds
    cell = _cell(obs, host)
    assert cell is not None
    pitch = cell.bounds.height
    lines = (box.bottom - cell.bounds.top) // pitch + 2
    slots = [(col, line * pitch) for line in range(lines) for col in range(cols)]

    def tile(k: int, slot: int) -> Node:
        col, dy = slots[slot]
        return _tiled(_copy(cell, dy, 60 + k, True), box.left, cols, col, box.width)

    n = len(slots) - 1
    before = [tile(k, k) for k in range(n)]
    after = [tile(k, k) for k in range(at)] + [tile(500, at)]
    after += [tile(k, k + 1) for k in range(at, n)]

    def laid(tiles: list[Node]) -> Observation:
        kept = tuple(c for t in tiles if (c := _moved_clipped(t, 0, box)) is not None)
        return _replace(obs, parent_path, dataclasses.replace(parent, children=kept))

    return laid(before), laid(after), n
