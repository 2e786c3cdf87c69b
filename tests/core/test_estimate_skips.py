"""Questions the scroll estimate no longer asks where the answer cannot change it (issue 19).

:func:`~deltarec.core.diff.host.host_motion` asks a host with no vote at all for the offset
its first row's label was pushed by (:func:`~deltarec.core.diff.pushed_edge.pushed_offset`,
four tries of a label walk). That one vote makes a motion only for a container made to
scroll or one whose rows both came in and left: a plain container's lone vote makes none.
On the contact editor (the pairs furthest over the peer) two wrappers of each form row the
keyboard's edge cut asked it for nothing. :func:`~deltarec.core.diff.host._may_push` names
the hosts that may use it.

:func:`~deltarec.core.diff.pages.turned` looks for a page turned on a scroller's wrappers
(paired, showing nothing of their own), asking a wrapper only where it spans the scroller in
both frames. On element dicts (no resource ids) every section and field wrapper of a form is
bare, so each estimate walked the contact editor's form down to every field for nothing: no
row of it spans the list. The walk now goes below a wrapper only where the box around its
whole subtree spans the scroller (:func:`~deltarec.core.diff.row_place.may_span`; no node
inside spans it otherwise). Checked here:

- the generators that found the cost: over every consecutive pair of real captures as
  element dicts (both ways, the benchmark's input), no plain host without rows replaced asks
  for the push (before: 23), and the walk visits no wrapper none of whose nodes can span the
  scroller (before: 252);
- why the shortcuts give what the long way gives: the matcher's result and the scroll
  estimates over its measured and final pairs equal those with the push always asked and
  every wrapper walked —
  on every ordered pair of real captures of a flow (dumps and element dicts) and on generated
  edits of real screens (elements moved as a scroll moves them, dropped, renamed; lists'
  pages turned; both ways).
"""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff import host, pages, scrolls
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.pages import replaced_some
from deltarec.core.diff.row_place import spans
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from tests.core.estimate_rules import SEQUENCES, each_ordered_pair, over_real_pairs, replaced
from tests.core.estimate_rules import frame_of as _frame
from tests.core.test_estimate_walks import _scrolled
from tests.core.test_one_estimate import _generated


def _asked_for_nothing(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the times a plain host whose rows were not replaced asked
    for the pushed offset."""
    found = [0]
    hosts: list[bool] = []
    real_motion, real_pushed = scrolls.host_motion, host.pushed_offset

    def motion(*args: Any) -> Any:
        p_frame, c_frame, pairs, used, c, p, _, wrapped = args[:8]
        natural = (
            c in wrapped
            or scrolls_by_nature(c_frame.nodes[c])
            or scrolls_by_nature(p_frame.nodes[p])
        )
        hosts.append(not natural and not replaced_some(p_frame, c_frame, pairs, used, c, p))
        try:
            return real_motion(*args)
        finally:
            hosts.pop()

    def pushed(*args: Any) -> Any:
        if hosts and hosts[-1]:
            found[0] += 1
        return real_pushed(*args)

    with replaced(scrolls, "host_motion", motion), replaced(host, "pushed_offset", pushed):
        match_measured(prev, curr)
    return found[0]


def test_no_plain_host_asks_for_a_push_it_cannot_use_on_the_real_pairs() -> None:
    assert over_real_pairs(_asked_for_nothing) == 0


def test_the_count_sees_the_long_way() -> None:
    """Not vacuous: asked by every host with no vote, the contact editor's wrappers ask."""
    with replaced(host, "_may_push", lambda *args: True):
        assert over_real_pairs(_asked_for_nothing) >= 20


def _walked_for_nothing(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the wrappers ``turned`` visits (beside the scroller it starts
    from) whose subtree's box does not span the scroller: no node at or below them can."""
    found = [0]
    real = pages._spans_both

    def spans_both(p_frame: Frame, c_frame: Frame, pairs: Any, k: int, c: int) -> bool:
        boxes = [n.bounds for n in c_frame.nodes[k : c_frame.subtree_end(k)]]
        around = type(boxes[0])(
            min(b.left for b in boxes),
            min(b.top for b in boxes),
            max(b.right for b in boxes),
            max(b.bottom for b in boxes),
        )
        found[0] += not spans(around, c_frame.nodes[c].bounds)
        return real(p_frame, c_frame, pairs, k, c)

    with replaced(pages, "_spans_both", spans_both):
        match_measured(prev, curr)
    return found[0]


def test_no_wrapper_is_walked_for_nothing_on_the_real_pairs() -> None:
    assert over_real_pairs(_walked_for_nothing) == 0


def test_the_walk_count_sees_the_long_way() -> None:
    """Not vacuous: walked below every wrapper, the contact editor's form is walked."""
    with replaced(pages, "_reaches", lambda *args: True):
        assert over_real_pairs(_walked_for_nothing) >= 200


_LONG = {(host, "_may_push"), (pages, "_reaches")}
"""The long way: the push asked by every host with no vote, every wrapper walked."""


def _estimates(prev: Frame, curr: Frame) -> tuple[object, ...]:
    """The matcher's result and the scroll estimates over its measured and final pairs."""
    got = match_measured(prev, curr)
    measured = got.measured if got.measured is not None else got.pairs
    return got, find_motions(prev, curr, measured), find_motions(prev, curr, got.pairs)


def _check(prev: Frame, curr: Frame) -> None:
    short = _estimates(prev, curr)
    with ExitStack() as stack:
        for module, name in _LONG:
            stack.enter_context(replaced(module, name, lambda *args: True))
        long = _estimates(prev, curr)
    assert short == long


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_estimates_equal_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    each_ordered_pair(seq, _check)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_estimates_equal_the_long_way_on_generated_edits(seed: int) -> None:
    for prev, curr in _generated(seed):
        _check(_frame(prev), _frame(curr))
    rng = random.Random(seed)
    screen = _generated(seed)[0][0]
    other = _scrolled(screen, rng)
    _check(_frame(screen), _frame(other))
    _check(_frame(other), _frame(screen))
