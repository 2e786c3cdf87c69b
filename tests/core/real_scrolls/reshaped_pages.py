"""The pages and grids :mod:`.reshaped` builds from real captures: a scroller's content
(:func:`chain`), a list made a grid of tiles (:func:`gridded`), a list's page replaced by
another of its layout with the tab strip's selection moved (:func:`replaced`)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.rearranged import ALIKE
from tests.core.real_scrolls.selections import Selection, groups, moved
from tests.core.real_scrolls.transforms import Path_, _at, _content, _copy, _replace, scrollers


def chain(obs: Observation, host: Path_) -> list[Path_]:
    """The host and the wrappers filling it down to its content's parent."""
    got = _content(host, _at(obs, host))
    assert got is not None
    return [got[0][:k] for k in range(len(host), len(got[0]) + 1)]


def _tiled(node: Node, left: int, cols: int, col: int, width: int) -> Node:
    """``node`` squeezed into column ``col`` of ``cols`` of a grid ``width`` px wide from
    ``left``: every x of its subtree scaled by ``1 / cols`` and moved to that column."""

    def x(v: int) -> int:
        return left + col * width // cols + (v - left) // cols

    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(x(b.left), b.top, x(b.right), b.bottom),
        children=tuple(_tiled(c, left, cols, col, width) for c in node.children),
    )


def gridded(obs: Observation, host: Path_, cols: int) -> Observation:
    """``obs`` with the content of the scroller at ``host`` a grid of ``cols`` columns: each
    row squeezed into the first column, copies of it showing other words beside it (a grid
    of tiles: a shop, a gallery, a launcher's apps)."""
    parent_path = chain(obs, host)[-1]
    parent = _at(obs, parent_path)
    b = _at(obs, host).bounds
    tiles: list[Node] = []
    for r in parent.children:
        tiles.append(_tiled(r, b.left, cols, 0, b.width))
        tiles += [
            _tiled(_copy(r, 0, 60 + c, True), b.left, cols, c, b.width) for c in range(1, cols)
        ]
    return _replace(obs, parent_path, dataclasses.replace(parent, children=tuple(tiles)))


def _grids(obs: Observation) -> list[Path_]:
    """Scrollers whose content is rows of one class and id, stacked, showing something."""
    out: list[Path_] = []
    for host in scrollers(obs):
        rows = [r for r in _at(obs, chain(obs, host)[-1]).children if r.bounds.area]
        like = {(r.class_name, r.resource_id) for r in rows}
        tops_ = [r.bounds.top for r in rows]
        if len(rows) >= ALIKE and len(like) == 1 and tops_ == sorted(set(tops_)):
            out.append(host)
    return out


def _lists(obs: Observation) -> list[Path_]:
    """Scrollers whose content is a list: :data:`.rearranged.ALIKE` rows of one class and id
    at least, stacked (a tab's page; a screen's whole layout is not one)."""
    out: list[Path_] = []
    for host in scrollers(obs):
        rows = [r for r in _at(obs, chain(obs, host)[-1]).children if r.bounds.area]
        tops_ = [r.bounds.top for r in rows]
        shapes = Counter((r.class_name, r.resource_id) for r in rows)
        if shapes and max(shapes.values()) >= ALIKE and tops_ == sorted(set(tops_)):
            out.append(host)
    return out


def _tab_strip(obs: Observation, host: Path_) -> Selection | None:
    """A ``selected`` tab outside the scroller at ``host`` moved to its first sibling."""
    for parent, old, others, state in groups(obs):
        if state == "selected" and parent[: len(host)] != host:
            return Selection("", parent, old, others[0], state)
    return None


def replaced(obs: Observation, host: Path_) -> Observation:
    """``obs`` with the content of the scroller at ``host`` another page of its layout: every
    row showing other words, in place; with a tab strip, its selection moved."""
    parent_path = chain(obs, host)[-1]
    parent = _at(obs, parent_path)
    kids = tuple(_copy(c, 0, 40, True) for c in parent.children)
    out = _replace(obs, parent_path, dataclasses.replace(parent, children=kids))
    tab = _tab_strip(obs, host)
    return moved(out, tab) if tab else out
