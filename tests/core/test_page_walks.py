"""The page rule's walks, cut short where what they find is never read (issue 19).

:func:`~deltarec.core.diff.pages.turned` looks for a page turned on a scroller, then on the
wrappers inside it, and keeps a wrapper's page only where the wrapper
:func:`~deltarec.core.diff.row_place.spans` the scroller. It asked
:func:`~deltarec.core.diff.pages.page` of every wrapper it walked and read the answer only
for those: on element dicts every section of a form is a bare wrapper, so the contact
editor's two estimates walked 19 wrappers each, asking ``page`` of 17 that span nothing each time
(a seventh of the bytecodes of the whole cold call on contacts-agent 07→08). Now ``page`` is asked only of
the scroller and of the wrappers that span it. Inside ``page``, a paired row in one box
and one view is passed over before the container's axis is read (it crossed no edge,
spanned nothing past one and was not relaid, along either axis), and the axis is read
only when a row needs it; and ``axis.host_sideways`` keeps each container's side-by-side
and cut facts in the frame's memo (the matcher's estimate and the delta's ask the same).

Checked here:

- the generator that found the cost: over every consecutive pair of real captures as
  element dicts, both ways, no ``page`` is asked of a wrapper that does not span its
  scroller (the long way: 252 such asks; after: 0);
- a row passed over in ``page`` is one for which every test of a crossing row is false,
  along either axis: checked on every row of every container ``page`` is asked of;
- why the shortcuts give what the long way gives: the matcher's result and the scroll
  estimates over its measured and final pairs equal those of the long way (every wrapper
  asked, the axis facts read afresh) on every ordered pair of real captures of a flow
  (dumps and element dicts) and on generated edits of real screens (pages turned in their
  lists, labels renamed, elements moved and dropped; both ways).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff import axis, host, pages, scrolls
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.row_evidence import spanned_past
from deltarec.core.diff.row_place import spans
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from tests.core.estimate_rules import SEQUENCES, each_ordered_pair, over_real_pairs, replaced
from tests.core.estimate_rules import frame_of as _frame
from tests.core.test_one_estimate import _generated


def _long_turned(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int
) -> Motion | None:
    """``pages.turned`` as it was: ``page`` asked of every wrapper walked."""
    todo = [c]
    while todo:
        k = todo.pop(0)
        got = pages.page(prev, curr, pairs, used, k, pairs[k])
        if got is not None and (k == c or spans(curr.nodes[k].bounds, curr.nodes[c].bounds)):
            return got
        rows = max(len(curr.children[k]), len(prev.children[pairs[k]]))
        if rows > 1 and scrolls_by_nature(curr.nodes[k]):
            continue
        todo += [
            q
            for q in curr.children[k]
            if q in pairs
            and curr.children[q]
            and (
                (pages.bare(curr.nodes[q]) and pages.bare(prev.nodes[pairs[q]]))
                or (pages._fills(prev, pairs[k], pairs[q]) and pages._fills(curr, k, q))
            )
        ]
    return None


def _facts_afresh(frame: Frame, pos: int) -> tuple[bool, bool, bool]:
    return (axis.sideways(frame, pos), *axis._cuts(frame, pos))


@contextmanager
def _long_way() -> Iterator[None]:
    with ExitStack() as stack:
        for module in (pages, host, scrolls):
            stack.enter_context(replaced(module, "turned", _long_turned))
        stack.enter_context(replaced(axis, "_facts", _facts_afresh))
        yield


def _unread_pages(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the ``page`` asks of a wrapper that does not span the
    scroller ``turned`` was asked of (their answer is never read)."""
    unread = [0]
    hosts: list[int] = []
    real_turned, real_page = pages.turned, pages.page

    def turned(p_frame: Frame, c_frame: Frame, pairs: Any, used: Any, c: int) -> Any:
        hosts.append(c)
        try:
            return real_turned(p_frame, c_frame, pairs, used, c)
        finally:
            hosts.pop()

    def page(p_frame: Frame, c_frame: Frame, pairs: Any, used: Any, c: int, p: int) -> Any:
        if hosts and c != hosts[-1]:
            box = c_frame.nodes[hosts[-1]].bounds
            unread[0] += not spans(c_frame.nodes[c].bounds, box)
        return real_page(p_frame, c_frame, pairs, used, c, p)

    with ExitStack() as stack:
        stack.enter_context(replaced(pages, "page", page))
        for module in (pages, host, scrolls):
            stack.enter_context(replaced(module, "turned", turned))
        match_measured(prev, curr)
    return unread[0]


def test_no_page_is_asked_of_a_wrapper_that_spans_nothing_on_the_real_pairs() -> None:
    assert over_real_pairs(_unread_pages) == 0


def test_the_count_sees_the_long_way() -> None:
    """Not vacuous: with every wrapper asked, the forms' sections are counted (252)."""
    with replaced(pages, "turned", _long_turned):
        assert over_real_pairs(_unread_pages) >= 200


def _rows_passed_over_cross(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the rows ``page`` passes over (paired, one box, one view)
    for which a test of a crossing row holds along either axis (must be none)."""
    wrong = [0]
    real_page = pages.page

    def page(p_frame: Frame, c_frame: Frame, pairs: Any, used: Any, c: int, p: int) -> Any:
        view, old_view = pages._viewport(c_frame, c), pages._viewport(p_frame, p)
        if view == old_view:
            for k in c_frame.children[c]:
                q = pairs.get(k)
                if q is None:
                    continue
                a, b = p_frame.nodes[q].bounds, c_frame.nodes[k].bounds
                if a != b:
                    continue
                wrong[0] += (
                    axis.across(a, old_view, b, view, False)
                    or axis.across(a, old_view, b, view, True)
                    or spanned_past(a, old_view, b, view)
                    or pages._relaid(p_frame, q, c_frame, k)
                )
        return real_page(p_frame, c_frame, pairs, used, c, p)

    with ExitStack() as stack:
        stack.enter_context(replaced(pages, "page", page))
        match_measured(prev, curr)
    return wrong[0]


def test_rows_passed_over_cross_nothing_on_the_real_pairs() -> None:
    assert over_real_pairs(_rows_passed_over_cross) == 0


def _estimates(prev: Frame, curr: Frame) -> tuple[object, ...]:
    """The matcher's result and the scroll estimates over its measured and final pairs."""
    got = match_measured(prev, curr)
    measured = got.measured if got.measured is not None else got.pairs
    return got, find_motions(prev, curr, measured), find_motions(prev, curr, got.pairs)


def _check(prev: Frame, curr: Frame) -> None:
    short = _estimates(prev, curr)
    with _long_way():
        long = _estimates(Frame(prev.obs), Frame(curr.obs))  # fresh frames: no memo kept
    assert short == long


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_estimates_equal_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    each_ordered_pair(seq, _check)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_estimates_equal_the_long_way_on_generated_edits(seed: int) -> None:
    for prev, curr in _generated(seed):
        _check(_frame(prev), _frame(curr))
