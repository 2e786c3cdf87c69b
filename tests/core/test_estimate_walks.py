"""The scroll estimate's walks, cut short where their first step decides (issue 19).

:func:`~deltarec.core.diff.host.host_motion` walks a candidate host's rows to collect votes,
after a set-up (the host's axis, whether it holds rows, a text cache). Its first step asks
whether the host's first row is one wrapper holding the content (it stayed put and covers
the host, or is its one child): then that wrapper is the host, if any, and the walk ends
with no motion. A chain of single-child wrappers with one box (the calendar's clock dial:
8 of the 11 hosts each of its two estimates asks) paid the set-up for each wrapper to find
just that. :func:`~deltarec.core.diff.host._first_wraps` asks the first step before the
set-up. Checked here:

- the generator that found the cost: over every consecutive pair of real captures as
  element dicts (both ways, the benchmark's input), no walk is set up for a host whose
  first row wraps its content (before: 154 of the 360 walks were set up for that);
- why the shortcut gives what the long way gives: the scroll estimate over the pairs the
  matcher measures and over its final pairs, and the matcher's result, equal those of the
  walk set up every time — on every ordered pair of real captures of a flow (dumps and
  element dicts) and on generated edits of real screens (elements moved as a scroll moves
  them, dropped, renamed; lists' pages turned; both ways).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff import host, scrolls
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.motions import SPREAD
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from tests.core.estimate_rules import SEQUENCES, each_ordered_pair, over_real_pairs, replaced
from tests.core.estimate_rules import frame_of as _frame
from tests.core.test_one_estimate import _generated

_LONG = {"_first_wraps": lambda *args: False}
"""The long way: the walk is set up for every host, and its first step decides."""

_RULE = host._first_wraps
"""The first step's answer, asked by the count whatever the walk does."""


def _walks_set_up_for_a_wrapper(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the walks set up (the host's axis read) for a host whose
    first row the first step finds a wrapper of its content."""
    found = [0]
    current: list[bool] = []
    real_motion, real_axis = scrolls.host_motion, host.host_sideways

    def motion(*args: Any) -> Any:
        p_frame, c_frame, pairs, _, c, p, base, wrapped = args[:8]
        natural = (
            c in wrapped
            or scrolls_by_nature(c_frame.nodes[c])
            or scrolls_by_nature(p_frame.nodes[p])
        )
        still = 0 if base == (0, 0) else 2 * SPREAD
        current.append(_RULE(p_frame, c_frame, pairs, c, p, base, still, natural))
        try:
            return real_motion(*args)
        finally:
            current.pop()

    def axis(*args: Any) -> Any:
        if current and current[-1]:
            found[0] += 1
        return real_axis(*args)

    with replaced(scrolls, "host_motion", motion), replaced(host, "host_sideways", axis):
        match_measured(prev, curr)
    return found[0]


def test_no_walk_is_set_up_for_a_wrapper_on_the_real_pairs() -> None:
    assert over_real_pairs(_walks_set_up_for_a_wrapper) == 0


def test_the_count_sees_the_long_way() -> None:
    """Not vacuous: with the walk set up every time, the count finds the calendar's wrappers."""
    with replaced(host, "_first_wraps", _LONG["_first_wraps"]):
        assert over_real_pairs(_walks_set_up_for_a_wrapper) >= 100


def _estimates(prev: Frame, curr: Frame) -> tuple[object, ...]:
    """The matcher's result and the scroll estimates over its measured and final pairs."""
    got = match_measured(prev, curr)
    measured = got.measured if got.measured is not None else got.pairs
    return got, find_motions(prev, curr, measured), find_motions(prev, curr, got.pairs)


def _check(prev: Frame, curr: Frame) -> None:
    short = _estimates(prev, curr)
    with replaced(host, "_first_wraps", _LONG["_first_wraps"]):
        long = _estimates(prev, curr)
    assert short == long


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_estimates_equal_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    each_ordered_pair(seq, _check)


def _scrolled(elements: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """A copy where each container's children moved by one offset now and then (a scroll
    inside a list, nested in one that stayed), some dropped."""
    out: list[dict[str, Any]] = []
    for e in elements:
        e = dict(e)
        kids = e.get("children")
        if kids:
            kids = _scrolled(kids, rng)
            if rng.random() < 0.3:
                dy = rng.choice([-300, -120, -37, 37, 215])
                kids = [_moved(k, dy) for k in kids if rng.random() < 0.9]
            e["children"] = kids
        out.append(e)
    return out


def _moved(e: dict[str, Any], dy: int) -> dict[str, Any]:
    e = dict(e)
    if "y" in e:
        e["y"] = max(0, int(e["y"]) + dy)
    if e.get("children"):
        e["children"] = [_moved(k, dy) for k in e["children"]]
    return e


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_estimates_equal_the_long_way_on_generated_edits(seed: int) -> None:
    for prev, curr in _generated(seed):
        _check(_frame(prev), _frame(curr))
    rng = random.Random(seed)
    screen = _generated(seed)[0][0]
    other = _scrolled(screen, rng)
    _check(_frame(screen), _frame(other))
    _check(_frame(other), _frame(screen))


def _backed_list(top: int, rows: int, first: str, scrollable: bool) -> list[dict[str, Any]]:
    """A list whose first child fills it (a background leaf, or a wrapper holding a label)
    above rows that start at ``top``."""
    back: dict[str, Any] = {"role": "image", "x": 0, "y": 0, "width": 400, "height": 1000}
    if first == "wrapper":
        back = {**back, "role": "group", "children": [{**back, "role": "text", "name": "bg"}]}
    kids = [back] if first != "none" else []
    kids += [
        {"role": "text", "name": f"row {i}", "x": 0, "y": top + 100 * i, "width": 400, "height": 90}
        for i in range(rows)
        if top + 100 * i >= 0 and top + 100 * i + 90 <= 1000
    ]
    return [
        {
            "role": "list",
            "x": 0,
            "y": 0,
            "width": 400,
            "height": 1000,
            "scrollable": scrollable,
            "children": kids,
        }
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(-250, 250),
    st.integers(-250, 250),
    st.integers(2, 14),
    st.sampled_from(["leaf", "wrapper", "none"]),
    st.booleans(),
)
def test_a_first_row_that_fills_the_host_measures_as_the_long_way(
    top: int, other: int, rows: int, first: str, scrollable: bool
) -> None:
    """A row filling its host decides the walk only when it holds the content (a wrapper):
    a background leaf first, rows scrolled behind it, is measured as the long way does."""
    a, b = (
        _frame(_backed_list(top, rows, first, scrollable)),
        _frame(_backed_list(other, rows, first, scrollable)),
    )
    _check(a, b)
    _check(b, a)
