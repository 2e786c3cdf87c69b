"""A real capture's scroll turned a quarter: the same step, read sideways, with a known truth.

Every derived scroll of :mod:`.transforms` (a real list scrolled by any offset, its rows
cut by its top and bottom edges, more rows of its layout coming in) is turned across the
diagonal (:func:`turn`: every box's x for its y, the screen's width for its height): the
list becomes a carousel, or a grid swiped sideways, its items cut by its left and right
edges. A carousel's evidence is a list's turned a quarter (:mod:`deltarec.core.diff.axis`),
so the truth (:func:`check`) is the delta of the step as it was: the same scroll lines on
the same hosts with ``dx`` for ``dy`` (or the same pages), the same elements ``+``,
``-`` and ``~``. Every sideways rule is checked against every real list this way, not
only against the carousels the captures hold. :func:`nested_cases` turns a feed scrolled
while the carousel inside it turned a page: a pager swiped while a list in its page turned
one.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.axis import flip
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.carousels import carousels, scrolled_sideways
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.pagers import offsets
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    captures,
    derive,
    scrolled,
    scrollers,
)
from tests.core.real_scrolls.transforms import cases as scrolls


def _turned(node: Node) -> Node:
    return dataclasses.replace(
        node, bounds=flip(node.bounds), children=tuple(_turned(c) for c in node.children)
    )


def turn(obs: Observation) -> Observation:
    """``obs`` turned across the diagonal: every box, the screen and the keyboard."""
    return dataclasses.replace(
        obs,
        windows=tuple(_turned(w) for w in obs.windows),
        width=obs.height,
        height=obs.width,
        keyboard=None if obs.keyboard is None else flip(obs.keyboard),
    )


def cases(rng: random.Random, per_capture: int) -> list[Case]:
    """The scrolls of :func:`.transforms.cases` (edits have no axis)."""
    return [c for c in scrolls(rng, per_capture) if c.kind == "scroll"]


def sweep() -> list[Case]:
    """Every real list of every capture (:func:`.transforms.scrollers`) scrolled by every
    offset of :func:`.pagers.offsets` of its height, both ways: deterministic, no sampling
    (a few px, a third, a half, a page but 60 px, a page, each a few px either side, more)."""
    out: list[Case] = []
    for name, obs in captures():
        for where in scrollers(obs):
            h = _at(obs, where).bounds.height
            out += [Case(name, "scroll", where, s * d) for d in offsets(h) for s in (1, -1)]
    return out


def _said(d: Delta, turned: bool) -> tuple[object, ...]:
    moves = sorted(
        (s.curr, s.dy, s.dx, s.page, s.further, s.other_dx, s.other)
        if turned
        else (s.curr, s.dx, s.dy, s.page, s.further, s.other, s.other_dx)
        for s in d.scrolls
    )
    return (moves, sorted(d.added), sorted(d.removed), sorted(d.changed))


def check(case: Case) -> list[Violation]:
    """Where the delta of ``case`` turned a quarter differs from its delta: scroll lines,
    elements listed, elements changed."""
    return _compared(*derive(case))


def _compared(prev: Observation, curr: Observation) -> list[Violation]:
    upright = _said(compute_delta(Frame(prev), Frame(curr)), False)
    sideways = _said(compute_delta(Frame(turn(prev)), Frame(turn(curr))), True)
    names = ("turned-scroll", "turned-listed", "turned-listed", "turned-changed")
    out: list[Violation] = []
    for name, a, b in zip(names, upright, sideways, strict=True):
        if a != b and not any(v[0] == name for v in out):
            out.append((name, f"upright {a} != turned {b}"[:300]))
    return out


def kind(case: Case) -> str:
    return "turned"


@dataclass(frozen=True, slots=True)
class Nested:
    """The carousel at ``where`` turned ``page`` px while the list around it scrolled ``d``."""

    capture: str
    where: Path_
    page: int
    d: int


def nested_cases() -> list[Nested]:
    """Every real carousel's items replaced (scrolled more than its width, either way)
    while the list around it scrolled 10 to 300 px either way: turned a quarter, a pager
    swiped sideways while a list in its page turned a page."""
    out = []
    for name, obs in captures():
        for where in carousels(obs):
            w = _at(obs, where).bounds.width
            for page in (w + 300, 2 * w + 500, -(w + 300)):
                out += [Nested(name, where, page, d) for d in (-300, -40, -10, 10, 40, 300)]
    return out


def check_nested(case: Nested) -> list[Violation]:
    """:func:`check` of a :class:`Nested` step."""
    obs = dict(captures())[case.capture]
    outer = next(p for p in scrollers(obs) if case.where[: len(p)] == p)
    curr = scrolled(scrolled_sideways(obs, case.where, case.page), outer, case.d)
    return _compared(obs, curr)


EIGHTHS = range(1, 8)
""":func:`scroll_view_sweep`'s offsets, in eighths of the list's height."""


def scroll_view_sweep() -> list[Case]:
    """Every real list in a ``ScrollView`` (itself, or the nearest container around it made
    to scroll, by its class)
    scrolled by every eighth of its height but none and a page, both ways: content laid out
    once, placed by its labels alone (:func:`deltarec.core.diff.pushed_edge.kept_in_scroll_view`),
    which turned a quarter move along x (YouTube's results in its coordinator, scrolled half
    its height, read as a page turned sideways: ``bench_dict_truth.py`` seed 69)."""
    out: list[Case] = []
    for name, obs in captures():
        for where in scrollers(obs):
            around = [_at(obs, where[:n]) for n in range(len(where), 0, -1)]
            made = next((n for n in around if n.scrollable), around[0])
            if not made.class_name.endswith("ScrollView"):
                continue
            h = _at(obs, where).bounds.height
            out += [Case(name, "scroll", where, s * (h * k // 8)) for k in EIGHTHS for s in (1, -1)]
    return out


def check_pairs(case: Case) -> list[Violation]:
    """Where the matcher's pairs of ``case`` turned a quarter differ from its pairs upright:
    the same nodes are the same nodes whichever way the list scrolls (a row's twin, a
    sliver placed by its neighbour), so every pair the upright step makes the turned one
    makes, and no other (the pairs are what the delta's numbers, ``+`` and ``-`` follow)."""
    prev, curr = derive(case)
    upright = compute_delta(Frame(prev), Frame(curr)).pairs
    sideways = compute_delta(Frame(turn(prev)), Frame(turn(curr))).pairs
    if upright == sideways:
        return []
    only_up = sorted(set(upright.items()) - set(sideways.items()))
    only_turned = sorted(set(sideways.items()) - set(upright.items()))
    return [("turned-pairs", f"upright only {only_up}, turned only {only_turned}"[:300])]
