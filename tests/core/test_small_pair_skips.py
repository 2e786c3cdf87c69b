"""Tests asked in a cheaper order on the small real pairs say what the long way says (issue 19).

:func:`~deltarec.core.diff.twin_sliver._sliver_after` asks whether the sibling after a row
reaches its list's bottom edge before whether it has an area (a property call): against the
long way on every row and the sibling after it, in every real capture (dumps and element
dicts), with no list scrolled and with each row's list scrolled, and in the generated lists.

:func:`~deltarec.core.diff.sliver_pairs._lone_slivers` asks whether an unpaired row crosses
an edge of its parent before whether it is thinner than half of it (most rows sit inside
their parent; the heights were two property calls a row, asked first). Checked against the
long way (``test_big_step_reads._lone_slivers_long``: every position, the height first) on
every ordered pair of real captures of a flow, as dumps and as element dicts, with pass 1's
pairs (the keys) on both sides and random ones, and on generated lists whose rows the edges
cut (thin and thick slivers, one or several at an edge, rows of no height, a list of no
height).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.sliver_pairs import _lone_slivers
from deltarec.core.diff.twin_sliver import _next_row, _shows, _sliver_after
from deltarec.core.observe.frame import Frame
from tests.core.estimate_rules import SEQUENCES, each_ordered_pair, elements_of, frame_of
from tests.core.test_big_step_reads import _lone_slivers_long


def _same(frame: Frame, paired: set[int]) -> None:
    got = _lone_slivers(frame, paired)
    assert list(got.items()) == list(_lone_slivers_long(frame, paired).items())


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_lone_slivers_are_the_long_ways_on_real_captures(name: str, seq: list[Path]) -> None:
    rng = random.Random(name)

    def check(prev: Frame, curr: Frame) -> None:
        pairs = {c: prev.pos_of[key] for c, key in enumerate(curr.keys) if key in prev.pos_of}
        _same(curr, set(pairs))
        _same(prev, set(pairs.values()))
        _same(curr, {c for c in range(len(curr)) if rng.random() < 0.5})

    each_ordered_pair(seq, check)


def _list(height: int, rows: list[tuple[int, int]]) -> Frame:
    """A list ``height`` px high with rows at (top, bottom), as a dump keeps them."""
    kids = "".join(f'<node class="Row" bounds="[0,{t}][90,{b}]"/>' for t, b in rows)
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="L" scrollable="true" bounds="[0,0][90,{height}]">'
            f"{kids}</node></hierarchy>"
        )
    )


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 300),
    st.lists(st.tuples(st.integers(-80, 380), st.integers(0, 200)), max_size=8),
    st.data(),
)
def test_lone_slivers_are_the_long_ways_on_cut_rows(
    height: int, rows: list[tuple[int, int]], data: st.DataObject
) -> None:
    frame = _list(height, [(top, top + h) for top, h in rows])
    paired = set(data.draw(st.lists(st.integers(0, len(frame) - 1))))
    _same(frame, paired)
    _same_slivers_after(frame)


def _sliver_after_long(frame: Frame, row: int, s: int, scrolled: set[int]) -> bool:
    """``_sliver_after`` as it was: its area asked first."""
    a, b = frame.nodes[row], frame.nodes[s]
    box = frame.nodes[frame.parents[s]].bounds
    sb, rb = b.bounds, a.bounds
    return (
        sb.area > 0
        and sb.bottom >= box.bottom
        and sb.height < rb.height
        and rb.bottom <= sb.top
        and (a.class_name, a.resource_id) == (b.class_name, b.resource_id)
        and frame.parents[s] not in scrolled
        and not _shows(frame, s, sb.top, sb.bottom)
    )


def _same_slivers_after(frame: Frame) -> int:
    """Both ways agree on every row with a sibling after it; how many said yes."""
    found = 0
    for row in range(len(frame)):
        s = _next_row(frame, row)
        if s is None:
            continue
        for scrolled in (set(), {frame.parents[s]}):
            got = _sliver_after(frame, row, s, scrolled)
            assert got == _sliver_after_long(frame, row, s, scrolled), (row, s)
            found += got
    return found


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_slivers_after_rows_are_the_long_ways_on_real_captures(name: str, seq: list[Path]) -> None:
    for path in seq:
        _same_slivers_after(Frame(parse_uiautomator(path.read_bytes())))
        _same_slivers_after(frame_of(elements_of(path)))
