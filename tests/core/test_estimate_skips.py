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
inside spans it otherwise).

:func:`~deltarec.core.diff.settled.settled` reads the pairs passes 3 and 4 added twice, the
second time with both sets' wrappers paired through. Where something came or went, the
window's root is added by pass 3 and its walk meets the node that came: the first reading
fails, and the second fails there too (that node shows something of its own, so no wrapper
pairs it). The first reading now says so ("for good") and the second is not made. Checked
here:

- the generators that found the cost: over every consecutive pair of real captures as
  element dicts (both ways, the benchmark's input), no plain host without rows replaced asks
  for the push (before: 23), the walk visits no wrapper none of whose nodes can span the
  scroller (before: 252), and no second reading follows a first that failed for good
  (before: 22 of the 62 second readings);
- ``geometry.unpair_blank_leaves`` asks its rule only of the pairs with a leaf showing
  nothing on one side (the rule's first tests, at C speed), and drops what asking it of
  every pair drops, on real captures' matched pairs and random ones;
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

from deltarec.core.diff import host, match, pages, scrolls, settled
from deltarec.core.diff.geometry import blank_leaf_for_labels, unpair_blank_leaves
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.pages import replaced_some
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.diff.row_place import spans
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from tests.core.estimate_rules import (
    SEQUENCES,
    calls_to,
    each_ordered_pair,
    over_real_pairs,
    replaced,
)
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


def _read_twice(prev: Frame, curr: Frame, *, long: bool = False) -> int:
    """In one match of the pair, the second readings ``settled`` made after a first reading
    that failed for good (``long``: every failure read again, as before the rule)."""
    found = [0]
    last: list[str] = []
    real_wrappers = settled.through_wrappers

    def reading(*args: Any) -> Any:
        got = _REAL_READING(*args)
        last.append(got)
        return "unsettled" if long and got == "for good" else got

    def wrappers(p_frame: Frame, c_frame: Frame, pairs: Any) -> Any:
        if last and last[-1] == "for good":
            found[0] += 1
            last.pop()  # one count a second reading (through_wrappers is asked twice there)
        return real_wrappers(p_frame, c_frame, pairs)

    with (
        replaced(settled, "_added_settled", reading),
        replaced(settled, "through_wrappers", wrappers),
    ):
        match_measured(prev, curr)
    return found[0]


_REAL_READING = settled._added_settled


def _read_again(*args: Any) -> Any:
    """The long way of ``_added_settled``: a failure is never for good."""
    got = _REAL_READING(*args)
    return "unsettled" if got == "for good" else got


def test_no_second_reading_follows_a_failure_for_good_on_the_real_pairs() -> None:
    assert over_real_pairs(_read_twice) == 0


def test_the_reading_count_sees_the_long_way() -> None:
    """Not vacuous: read twice every time, the root added by pass 3 is read twice."""
    assert over_real_pairs(lambda a, b: _read_twice(a, b, long=True)) >= 20


_LONG = {(host, "_may_push", lambda *args: True), (pages, "_reaches", lambda *args: True)}
"""The long way: the push asked by every host with no vote, every wrapper walked."""


def _estimates(prev: Frame, curr: Frame) -> tuple[object, ...]:
    """The matcher's result and the scroll estimates over its measured and final pairs."""
    got = match_measured(prev, curr)
    measured = got.measured if got.measured is not None else got.pairs
    return got, find_motions(prev, curr, measured), find_motions(prev, curr, got.pairs)


def _check(prev: Frame, curr: Frame) -> None:
    short = _estimates(prev, curr), _settled_answers(prev, curr)
    with ExitStack() as stack:
        for module, name, value in (*_LONG, (settled, "_added_settled", _read_again)):
            stack.enter_context(replaced(module, name, value))
        long = _estimates(prev, curr), _settled_answers(prev, curr)
    assert short == long


def _settled_answers(prev: Frame, curr: Frame) -> list[bool]:
    """What ``settled`` answered in one match of the pair (the matcher reads it once at most)."""
    got: list[bool] = []
    real = match.settled

    def spying(*args: Any) -> bool:
        got.append(real(*args))
        return got[-1]

    with replaced(match, "settled", spying):
        match_measured(prev, curr)
    return got


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


def _blank_leaves_long_way(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """``geometry.unpair_blank_leaves`` asking the rule of every pair (before issue 19)."""
    for c, p in list(pairs.items()):
        cp = curr.parents[c]
        if cp >= 0 and blank_leaf_for_labels(prev, p, curr, c) and holds_rows(curr, cp):
            del pairs[c]
            used.discard(p)


def _unpaired_as_the_long_way(prev: Frame, curr: Frame, pairs: dict[int, int]) -> None:
    short, long = dict(pairs), dict(pairs)
    short_used, long_used = set(short.values()), set(long.values())
    unpair_blank_leaves(prev, curr, short, short_used)
    _blank_leaves_long_way(prev, curr, long, long_used)
    assert (short, short_used) == (long, long_used)


def _any_pairs(prev: Frame, curr: Frame, rng: random.Random) -> dict[int, int]:
    """One-to-one pairs of the two frames: the keys', then random ones (a separator paired
    with a row of labels, a row with a row, as any pass might)."""
    pairs = {c: prev.pos_of[key] for c, key in enumerate(curr.keys) if key in prev.pos_of}
    free = [p for p in range(len(prev)) if p not in set(pairs.values())]
    rng.shuffle(free)
    for c in range(len(curr)):
        if c not in pairs and free and rng.random() < 0.7:
            pairs[c] = free.pop()
    return pairs


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_blank_leaves_unpair_as_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    """The pairs with a leaf showing nothing on one side, picked first, are the pairs the
    rule can drop: the same pairs dropped as asking it of every pair, on every ordered pair
    of real captures (dumps and element dicts), their matched pairs and random ones."""
    rng = random.Random(name)

    def check(prev: Frame, curr: Frame) -> None:
        _unpaired_as_the_long_way(prev, curr, dict(match_measured(prev, curr).pairs))
        _unpaired_as_the_long_way(prev, curr, _any_pairs(prev, curr, rng))

    each_ordered_pair(seq, check)


def _hosts_asked(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the hosts whose rows' votes were counted."""
    return calls_to(scrolls, "host_motion", lambda: match_measured(prev, curr))


def test_a_node_grown_below_its_lists_top_makes_no_host_worth_a_look() -> None:
    """A node whose bottom edge alone moved makes its hosts worth a look only where its top is
    its list's top edge (a piece that edge cuts alike, :mod:`~deltarec.core.diff.edge_pieces`
    measures it): a form's section given a field is no such piece. Asked of every bottom-only
    move (the tall-row branch's first rule), the contact editor's pairs asked their hosts a
    third more bytecodes' worth (issue 19); the figure below is the long way's, which the
    rule must stay under (the outputs are the same: ``benchmarks/equivalence.py``, and the
    whole tall-row sweep, 30 / 8 of 9,042 both ways)."""
    asked = over_real_pairs(_hosts_asked)
    with replaced(scrolls, "_on_top_edge", lambda *args: True):
        long_way = over_real_pairs(_hosts_asked)
    assert asked < long_way, (asked, long_way)


def _edge_walks(size: int) -> int:
    """The uncut-edge walks the tie-break makes in the synthetic dump pair's step."""
    from benchmarks.synthetic import dump_pair
    from deltarec.core.capture import dump_scan
    from deltarec.core.capture.uiautomator import parse_uiautomator
    from deltarec.core.diff import edge_pieces
    from deltarec.core.observer import observe_delta

    before, after = dump_pair(size)
    dump_scan.clear()
    prev = parse_uiautomator(before)
    return calls_to(
        edge_pieces, "edge_offset", lambda: observe_delta(prev, parse_uiautomator(after))
    )


def test_the_uncut_edges_settle_no_split_in_a_host_past_their_walk() -> None:
    """A host of more than ``edge_pieces.LIMIT`` nodes is no list whose one row fills it;
    the tie-break would read its edges in part (the 1 MB step's split host: a twelfth of its
    bytecodes, for nothing; the step's text and JSON unchanged)."""
    from deltarec.core.diff import edge_pieces

    assert _edge_walks(1_000_000) == 0
    with replaced(edge_pieces, "LIMIT", 10**9):
        assert _edge_walks(1_000_000) >= 1
