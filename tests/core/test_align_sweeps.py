"""Pass 3 weighs a child again only when a pair was made since it last weighed it (issue 19).

Inside two paired parents, :func:`~deltarec.core.diff.match._align` weighs each unpaired
child against its old siblings in two sweeps (left to right, then right to left), so that
a pair made late in the first sweep can anchor a child the first sweep passed. Weighing a
child reads only the frames and the pairs made so far: with no pair made since, it finds
what it found. The calendar's clock dial (10 alike cells unpaired, none paired by pass 3)
weighed every cell twice, ~90 µs of a ~1.65 ms call. Checked here:

- the generator that found the cost: over every consecutive pair of real captures as
  element dicts (both ways), no child is weighed again with no pair made since (before:
  150 such weighings, 70 of them on calendar-tablet 14-15-55's dial; now 0);
- why the shortcut gives what the long way gives: the matcher's result equals the one
  with every child weighed in both sweeps — on every ordered pair of real captures of a
  flow (dumps and element dicts), on generated edits of real screens (lists' pages
  turned, labels renamed, elements moved and dropped; both ways) and on generated rows of
  alike cells renamed, moved, swapped, dropped and inserted, where a pair made late in
  the first sweep anchors one the first sweep passed (skipping the second sweep whenever
  the first one made a pair fails it).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff import match
from deltarec.core.diff.match import match_measured
from deltarec.core.observe.frame import Frame
from tests.core.estimate_rules import SEQUENCES, each_ordered_pair, over_real_pairs, replaced
from tests.core.estimate_rules import frame_of as _frame
from tests.core.test_one_estimate import _generated


def _long(weighed: dict[int, int], c: int, made: int) -> bool:
    """The long way: every child weighed in both sweeps."""
    return False


def _weighed_again(prev: Frame, curr: Frame) -> int:
    """In one match of the pair, the children pass 3 weighed with no pair made since it
    last weighed them (whichever way ``match.weighed_alike`` answers: ``_align`` calls it
    by that name, imported from :mod:`~deltarec.core.diff.weighing`)."""
    real = match.weighed_alike
    seen: set[tuple[int, int, int]] = set()
    kept: list[dict[int, int]] = []  # the sweeps' dicts, alive: their ids stay theirs
    again = [0]

    def counting(weighed: dict[int, int], c: int, made: int) -> bool:
        kept.append(weighed)
        skip = real(weighed, c, made)
        if not skip:
            key = (id(weighed), c, made)
            again[0] += key in seen
            seen.add(key)
        return skip

    with replaced(match, "weighed_alike", counting):
        match_measured(prev, curr)
    return again[0]


def test_no_child_is_weighed_again_for_nothing_on_the_real_pairs() -> None:
    assert over_real_pairs(_weighed_again) == 0


def test_the_count_sees_the_long_way() -> None:
    """Not vacuous: with both sweeps weighing every child, the dial's cells count."""
    with replaced(match, "weighed_alike", _long):
        assert over_real_pairs(_weighed_again) >= 100


def _check(prev: Frame, curr: Frame) -> None:
    short = match_measured(prev, curr)
    with replaced(match, "weighed_alike", _long):
        long = match_measured(prev, curr)
    assert short == long


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_pass_3_pairs_as_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    each_ordered_pair(seq, _check)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_pass_3_pairs_as_the_long_way_on_generated_edits(seed: int) -> None:
    for prev, curr in _generated(seed):
        _check(_frame(prev), _frame(curr))


def _cells(labels: list[str], left: int) -> list[dict[str, Any]]:
    """A row of alike cells (a container and a label each) from ``left`` on."""
    kids = [
        {
            "role": "group",
            "x": left + 60 * i,
            "y": 0,
            "width": 50,
            "height": 50,
            "children": [
                {"role": "text", "name": t, "x": left + 60 * i, "y": 0, "width": 50, "height": 50}
            ],
        }
        for i, t in enumerate(labels)
    ]
    return [{"role": "group", "x": 0, "y": 0, "width": 1200, "height": 60, "children": kids}]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6))
def test_pass_3_pairs_as_the_long_way_on_generated_cells(seed: int) -> None:
    rng = random.Random(seed)
    labels = [rng.choice(["0", "5", "10", "15", "", "x"]) for _ in range(rng.randrange(2, 14))]
    edited = list(labels)
    for _ in range(rng.randrange(1, 5)):
        roll, at = rng.random(), rng.randrange(len(edited))
        if roll < 0.25:
            edited.insert(at, rng.choice(["0", "20", ""]))
        elif roll < 0.45 and len(edited) > 1:
            del edited[at]
        elif roll < 0.75:
            edited[at] = rng.choice(["0", "5", "25", edited[at] + "!"])
        else:
            j = rng.randrange(len(edited))
            edited[at], edited[j] = edited[j], edited[at]
    left = rng.choice([0, 0, 13, 60, -30])
    a, b = _frame(_cells(labels, 0)), _frame(_cells(edited, left))
    _check(a, b)
    _check(b, a)
