"""A carousel of a real capture scrolled sideways, with a known truth.

The carousels: every container made to scroll (:func:`.transforms._marked`) whose content
(:func:`.transforms._content`) is a row of items side by side, each as high as the others
(:func:`.transforms._sideways`), that goes on past its left or right edge: YouTube's
cards inside its vertical feed (a card cut by the right edge, :func:`_cut`). Items that
fill the box exactly (YouTube's bottom navigation, the contacts' two tabs in a
``HorizontalScrollView``) fit it: a ``HorizontalScrollView`` scrolls only a child wider
than itself, so they never move.

:func:`scrolled_sideways` moves the content by ``-d`` px along x (``d`` > 0: scrolled
right, the items move left), clipped to the carousel's box as uiautomator clips it; what
comes in is more items of the same layout showing other words, as
:func:`.transforms._continued` brings rows in.

The truth (:func:`check`): one scroll line, on the carousel (or a wrapper filling it), by
``(-d, 0)`` within 2 px; nothing outside it ``+`` / ``-``; no ``~`` of what an element shows.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides
from tests.core.real_scrolls.transforms import (
    SLACK,
    Path_,
    _at,
    _content,
    _fills,
    _marked,
    _moved_clipped,
    _other,
    _positions,
    _replace,
    _sideways,
    _walk,
    captures,
    graded,
)


@dataclass(frozen=True, slots=True)
class Sideways:
    """The carousel at ``where`` scrolled ``d`` px to the right (left when negative)."""

    capture: str
    where: Path_
    d: int


def carousels(obs: Observation) -> list[Path_]:
    """The carousels of ``obs`` (module docstring)."""
    out: list[Path_] = []
    for path, node in _walk(obs):
        got = _content(path, node) if _marked(node) else None
        if got is None or not _sideways(got[1]) or node.bounds.width < 100:
            continue
        items = got[1].children
        if any(_cut(item, items, node.bounds) for item in items):
            out.append(path)  # items that fit the box do not scroll
    return out


def _cut(item: Node, items: tuple[Node, ...], box: Bounds) -> bool:
    """Whether the left or right edge of ``box`` cuts ``item``: narrower than the widest of
    ``items`` (a bottom navigation's buttons are alike), and the item and a label inside it
    both reach that edge (a tab that ends at the edge holds its label clear of it)."""
    b = item.bounds
    if b.width >= max(i.bounds.width for i in items):
        return False
    for reach in (lambda r: r.left <= box.left, lambda r: r.right >= box.right):
        labels = (n for n in item.walk() if n is not item and (n.text or n.content_desc))
        if reach(b) and any(reach(n.bounds) for n in labels):
            return True
    return False


def _whole(items: list[Node], box: Bounds) -> list[Node]:
    """``items`` with the ones an edge cut (:func:`_cut`) as wide as the widest again, away
    from that edge: what the carousel holds past its edge (their labels keep their boxes:
    what is past the edge is not dumped, and comes in as the carousel moves)."""
    widest = max(c.bounds.width for c in items)
    out = []
    for c in items:
        b = c.bounds
        if _cut(c, tuple(items), box):
            if b.left <= box.left:
                b = Bounds(b.right - widest, b.top, b.right, b.bottom)
            else:
                b = Bounds(b.left, b.top, b.left + widest, b.bottom)
            c = dataclasses.replace(c, bounds=b, children=tuple(_widened(k, b) for k in c.children))
        out.append(c)
    return out


def _widened(node: Node, box: Bounds) -> Node:
    """``node`` (a wrapper filling its item, cut with it) as wide as its item ``box``."""
    b = node.bounds
    if (b.top, b.bottom) != (box.top, box.bottom):
        return node
    grown = Bounds(min(b.left, box.left), b.top, max(b.right, box.right), b.bottom)
    return dataclasses.replace(node, bounds=grown)


def _copy(node: Node, dx: int, k: int) -> Node:
    """``node`` ``dx`` further right, showing other words."""
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left + dx, b.top, b.right + dx, b.bottom),
        text=_other(node.text, k),
        content_desc=_other(node.content_desc, k),
        children=tuple(_copy(c, dx, k) for c in node.children),
    )


def scrolled_sideways(obs: Observation, where: Path_, d: int) -> Observation:
    """``obs`` with the carousel at ``where`` scrolled by ``d`` px (module docstring)."""
    box = _at(obs, where).bounds
    got = _content(where, _at(obs, where))
    assert got is not None
    at, parent = got
    items = _whole([c for c in parent.children if c.bounds.area], box)
    period = max(c.bounds.right for c in items) - min(c.bounds.left for c in items)
    reach = (abs(d) + box.width) // max(1, period) + 1
    longer: list[Node] = []
    for k in range(-reach, reach + 1):
        longer += items if k == 0 else [_copy(c, k * period, k) for c in items]
    kids = tuple(m for c in longer if (m := _moved_clipped(c, 0, box, -d)) is not None)
    return _replace(obs, at, dataclasses.replace(parent, children=kids))


def cases(rng: random.Random, per_capture: int) -> list[Sideways]:
    """``per_capture`` sideways scrolls of each real capture's carousels: 10 px to more
    than its width (the items beside it come in, cut by the other edge), both ways."""
    out: list[Sideways] = []
    for name, obs in captures():
        found = carousels(obs)
        for _ in range(per_capture if found else 0):
            where = rng.choice(found)
            w = _at(obs, where).bounds.width
            d = rng.choice((10, 40, 150, w // 3, w // 2, w - 60, w + 200, 2 * w))
            out.append(Sideways(name, where, rng.choice((-1, 1)) * max(10, d)))
    return out


def derive(case: Sideways) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return obs, scrolled_sideways(obs, case.where, case.d)


def check(case: Sideways) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr)
    out += changed_besides(d)
    inside_p, inside_c = _positions(fp, prev, case.where), _positions(fc, curr, case.where)
    outside = [c for c in d.added if c not in inside_c] + [
        p for p in d.removed if p not in inside_p
    ]
    if outside:
        out.append(("unchanged-listed", f"{len(outside)} outside the carousel"))
    hosts = [s for s in d.scrolls if s.curr in inside_c or _fills(fc, s.curr, inside_c.start)]
    keys = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    if len(d.scrolls) != 1 or not hosts:
        out.append(("wrong-scroll", f"scrolled {case.d}px sideways; scroll entries {keys}"))
    elif not hosts[0].page and (abs(hosts[0].dx + case.d) > SLACK or hosts[0].dy):
        out.append(("wrong-scroll", f"scrolled {case.d}px sideways; reported {keys}"))
    return out


def kind(case: Sideways) -> str:
    return "sideways"
