"""Scrolls whose boxes moved by one offset ±1 px: the rounding of real layouts.

A WebView lays out at fractional CSS px and rounds each box on its own, so one scroll of
562.5 px moves some boxes by 562 px and others by 563; a native list may do the same after
a relayout. :func:`jittered` makes such a second frame from a derived scroll of a real
capture (:mod:`.transforms`): every node of the scrolled content that sits clear of the
container's edges moves by -1, 0 or +1 px more, each on its own, keeping its size (a
rounded move, not a resize; nodes cut by an edge stay cut there, as the dump clips them).

:func:`check` grades the delta against the delta of the same scroll without the jitter
(which must itself be clean: :func:`tests.core.real_scrolls.transforms.check`): one scroll
entry, on the same container, a page exactly when that one is, by its offset ±1 px; the
same nodes added and removed (no ``+``/``-`` for a node that persisted); the same changes,
and no ``bounds`` change but those the scroll without the jitter has (no ``~ layout``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls import transforms
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _content,
    _replace,
    _walk,
    captures,
    derive,
    scrollers,
)

SPREAD = 1
"""px a rounded box may sit off the scroll's offset, each way."""


def scroll_cases() -> list[Case]:
    """Every scroller of every real capture, scrolled by a third, a half and most of its
    height, and by 40 px, both ways: the scrolls where rows stay in view."""
    out = []
    for name, obs in captures():
        for path in scrollers(obs):
            h = _at(obs, path).bounds.height
            for d in (40, h // 3, h // 2, h - 60):
                out += [Case(name, "scroll", path, d), Case(name, "scroll", path, -d)]
    return out


def jittered(
    obs: Observation, path: Path_, rng: random.Random, before: Observation | None = None
) -> Observation:
    """``obs`` with each node of the content of the container at ``path`` that sits clear
    of its top and bottom edges (before and after) moved by a random -1, 0 or +1 px; but
    a node ``before`` shows at that very place (a fixed header beside the scrolled page:
    it did not move with the scroll)."""
    box = _at(obs, path).bounds
    still = set() if before is None else {_place(n) for _, n in _walk(before)}
    got = _content(path, _at(obs, path))
    assert got is not None
    where, parent = got

    def move(node: Node) -> Node:
        b = node.bounds
        d = rng.choice((-SPREAD, 0, SPREAD))
        clear = box.top < min(b.top, b.top + d) and max(b.bottom, b.bottom + d) < box.bottom
        d = d if clear and _place(node) not in still else 0
        kids = tuple(move(c) for c in node.children)
        return dataclasses.replace(
            node, bounds=Bounds(b.left, b.top + d, b.right, b.bottom + d), children=kids
        )

    kids = tuple(move(c) for c in parent.children)
    return _replace(obs, where, dataclasses.replace(parent, children=kids))


def _place(n: Node) -> tuple[str, str, str, Bounds]:
    return (n.class_name, n.text, n.content_desc, n.bounds)


def check(case: Case, seed: int) -> list[tuple[str, str]] | None:
    """The violations of the jittered scroll ``case`` (module docstring); None when the
    scroll without the jitter is not clean (nothing to compare with)."""
    if transforms.check(case):
        return None
    prev, curr = derive(case)
    fp = Frame(prev)
    clean = compute_delta(fp, Frame(curr))
    got = compute_delta(fp, Frame(jittered(curr, case.where, random.Random(seed), prev)))
    return compare(clean, got)


def compare(clean: Delta, got: Delta) -> list[tuple[str, str]]:
    """What ``got`` (the jittered delta) says that ``clean`` does not (module docstring)."""
    out: list[tuple[str, str]] = []
    want = [(s.curr, s.page, s.dx, s.dy) for s in clean.scrolls]
    said = [(s.curr, s.page, s.dx, s.dy) for s in got.scrolls]
    if len(said) != len(want) or any(
        (a[:3] != b[:3] or abs(a[3] - b[3]) > SPREAD) for a, b in zip(said, want, strict=False)
    ):
        out.append(("wrong-scroll", f"said {said}, want {want}"))
    if set(got.added) != set(clean.added) or set(got.removed) != set(clean.removed):
        more = len(set(got.added) ^ set(clean.added)) + len(set(got.removed) ^ set(clean.removed))
        out.append(("false-pair", f"{more} nodes added or removed otherwise"))
    layout = [
        c
        for c, ch in got.changed.items()
        if "bounds" in ch and "bounds" not in clean.changed.get(c, {})
    ]
    if layout:
        out.append(("layout", f"{len(layout)} ~ layout"))
    if (
        Counter(map(frozenset, got.changed.values()))
        != Counter(map(frozenset, clean.changed.values()))
        and not layout
    ):
        out.append(("false-change", f"changed {len(got.changed)} vs {len(clean.changed)}"))
    return out
