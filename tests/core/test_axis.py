"""The carousel's edges (:mod:`deltarec.core.diff.axis`) are a list's edges turned a
quarter: every reading along x of boxes equals the reading along y of the boxes flipped
across the diagonal, so a carousel's evidence is a list's, and the vertical readings are
what ``row_evidence`` read before (issue 18)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff.axis import across, at_edge, clear, cut_move, cut_to, flip
from deltarec.core.observe.model import Bounds


@st.composite
def boxes(draw: st.DrawFn) -> Bounds:
    left, top = draw(st.integers(-50, 400)), draw(st.integers(-50, 400))
    return Bounds(left, top, left + draw(st.integers(0, 300)), top + draw(st.integers(0, 300)))


@settings(max_examples=300, deadline=None)
@given(boxes(), boxes(), boxes(), boxes())
def test_sideways_is_the_vertical_reading_of_flipped_boxes(
    a: Bounds, b: Bounds, box: Bounds, other: Bounds
) -> None:
    fa, fb, fbox, fother = flip(a), flip(b), flip(box), flip(other)
    assert at_edge(a, box, side=True) == at_edge(fa, fbox)
    assert clear(a, box, side=True) == clear(fa, fbox)
    assert clear(a, box, side=True) == (not at_edge(a, box, side=True))
    assert cut_to(a, box, side=True) == flip(cut_to(fa, fbox))
    assert across(a, box, b, other, side=True) == across(fa, fbox, fb, fother)
    move = cut_move(fa, fb, fbox)
    assert cut_move(a, b, box, side=True) == (None if move is None else (move[1], move[0]))


def test_a_chip_cut_by_the_left_edge_then_whole_moved_by_its_right_edge() -> None:
    box = Bounds(0, 362, 1080, 532)  # the Feed's chips on the phone, 1,139 -> 204 lu
    was, now = Bounds(0, 382, 23, 512), Bounds(674, 382, 958, 512)
    assert cut_move(was, now, box, side=True) == (935, 0)
    assert cut_move(was, now, box) is None  # read along y, it changed width: no move
