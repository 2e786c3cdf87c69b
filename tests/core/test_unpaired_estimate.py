"""The matcher measures no scroll over no pairs (issue 19, fixed cost per call).

Before passes 3 and 4 the matcher measures the scrolls over the pairs passes 1 and 2 made
(:class:`~deltarec.core.diff.pair_evidence.Guard`). On a new screen those are often none;
:func:`~deltarec.core.diff.scrolls.find_motions` over no pairs and no gesture finds no
motion (every host it measures is a paired node, every page it turns a paired container),
so :func:`~deltarec.core.diff.match._guarded` skips it. Checked here:

- the generator that found the cost: over every consecutive pair of real captures as
  element dicts (both ways), the matcher asks no estimate over no pairs without a gesture
  (17 such estimates on the 43 benchmark pairs before, ~50 µs each);
- why the shortcut gives what the long way gives: ``find_motions`` over no pairs is empty
  on every ordered pair of real captures of a flow (both kinds of input: dumps and element
  dicts), on generated edits of them and on generated trees; and the matcher's result with
  the shortcut equals its result with the estimate run, on real and edited pairs.
"""

from __future__ import annotations

import random
from itertools import pairwise, permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import match, pair_evidence
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.test_pair_speed import _edited
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)


def _elements(path: Path) -> list[dict[str, Any]]:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


def _frame(elements: list[dict[str, Any]]) -> Frame:
    return Frame(elements_to_observation(elements))


def _estimates_over_no_pairs(prev: Frame, curr: Frame, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many scroll estimates over no pairs and no gesture one match of the pair asks."""
    asked: list[int] = []
    real = pair_evidence.find_motions

    def counting(p: Frame, c: Frame, pairs: Any, gesture: Any = None) -> Any:
        if not pairs and gesture is None:
            asked.append(1)
        return real(p, c, pairs, gesture)

    monkeypatch.setattr(pair_evidence, "find_motions", counting)
    match_measured(prev, curr)
    monkeypatch.setattr(pair_evidence, "find_motions", real)
    return len(asked)


def test_no_estimate_over_no_pairs_on_the_real_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = 0
    for _, seq in SEQUENCES:
        frames = [_frame(_elements(p)) for p in seq]
        for a, b in pairwise(frames):
            asked += _estimates_over_no_pairs(a, b, monkeypatch)
            asked += _estimates_over_no_pairs(b, a, monkeypatch)
    assert asked == 0


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_no_pairs_measure_no_motion_on_real_captures(name: str, seq: list[Path]) -> None:
    dumps = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    dicts = [_frame(_elements(p)) for p in seq]
    for frames in (dumps, dicts):
        for a, b in permutations(frames, 2):
            assert find_motions(a, b, {}) == []


def _matched_the_long_way(prev: Frame, curr: Frame) -> match.Matched:
    """match_measured with the guard's estimate run over no pairs too."""
    real = match._guarded

    def long_way(*args: Any) -> Any:
        prev_, curr_, pairs, used, iou, gesture, motions = args
        if motions is None and not pairs and gesture is None:
            motions = find_motions(prev_, curr_, pairs, gesture)
        return real(prev_, curr_, pairs, used, iou, gesture, motions)

    match._guarded = long_way  # type: ignore[assignment]
    try:
        return match_measured(prev, curr)
    finally:
        match._guarded = real


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_matched_as_the_long_way_on_real_pairs(name: str, seq: list[Path]) -> None:
    frames = [_frame(_elements(p)) for p in seq]
    for a, b in pairwise(frames):
        for prev, curr in ((a, b), (b, a)):
            assert match_measured(prev, curr) == _matched_the_long_way(prev, curr)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_no_pairs_and_matched_as_the_long_way_on_edited_pairs(which: int, seed: int) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    other = _elements(seq[rng.randrange(len(seq))])
    for prev, curr in ((screen, _edited(screen, rng)), (other, _edited(screen, rng))):
        a, b = _frame(prev), _frame(curr)
        assert find_motions(a, b, {}) == []
        assert match_measured(a, b) == _matched_the_long_way(a, b)


_CLASSES = ["android.widget.ScrollView", "androidx.recyclerview.widget.RecyclerView", "V", "T"]


@st.composite
def _tree(draw: st.DrawFn, depth: int = 0) -> Node:
    top = draw(st.integers(0, 6)) * 100
    height = draw(st.sampled_from([0, 100, 300, 1200]))
    kids = draw(st.lists(_tree(depth + 1), max_size=3)) if depth < 3 else []
    return Node(
        role=draw(st.sampled_from(["container", "list", "text", "button"])),
        class_name=draw(st.sampled_from(_CLASSES)),
        text=draw(st.sampled_from(["", "", "Row", "Ken"])),
        scrollable=draw(st.booleans()),
        bounds=Bounds(0, top, 1000, top + height),
        children=tuple(kids),
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(_tree(), min_size=1, max_size=2), st.lists(_tree(), min_size=1, max_size=2))
def test_no_pairs_measure_no_motion_on_generated_trees(a: list[Node], b: list[Node]) -> None:
    prev = Frame(Observation(windows=tuple(a), width=1000, height=2400))
    curr = Frame(Observation(windows=tuple(b), width=1000, height=2400))
    assert find_motions(prev, curr, {}) == []
    assert match_measured(prev, curr) == _matched_the_long_way(prev, curr)
