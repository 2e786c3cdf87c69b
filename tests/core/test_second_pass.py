"""The matcher's second run of passes 3 and 4, skipped where the first run is it
(``core/diff/second_pass.py``, issue 19): the matcher with the check against the matcher that
always runs the passes again, pair for pair and in the same order. Where the check skips the
run, the matcher hands on the final estimate it read (measured over those very pairs), and
where the second run ends with the pairs that estimate was measured over, so does it: the
delta does not measure it again. What it hands on equals ``find_motions`` over the pairs.

The generator: every ordered pair of the first eight captures of each real flow, as dumps
and as element dicts (the case that found the cost: a new screen whose first estimate had
nothing to measure with, then a page turned under the pairs passes 3 and 4 made), and
generated edits of real screens (rows moved, dropped, renamed), both ways. Counted: the
pairs that ran the passes a second time, and of those, the ones the check skipped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import match, second_pass
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.diff.second_pass import ASKED_LIMIT, Noted
from deltarec.core.observe.frame import Frame
from tests.core.test_pair_speed import _edited
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)


def _elements(path: Path) -> list[dict[str, Any]]:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


@contextmanager
def _always_again() -> Iterator[None]:
    """The matcher that runs passes 3 and 4 again whenever the final estimate asks it."""
    kept = match.replays
    match.replays = lambda *args: False
    try:
        yield
    finally:
        match.replays = kept


def _check(prev: Frame, curr: Frame, counts: dict[str, int]) -> None:
    """The matcher with the check equals the one without, in content and order; ``counts``:
    ``again`` (the final estimate asked for a second run), ``skipped`` (the check held)."""
    answers: list[bool] = []
    kept = match.replays

    def noting(*args: Any) -> bool:
        got = kept(*args)
        answers.append(got)
        return got

    match.replays = noting
    try:
        fast = match.match_measured(Frame(prev.obs), Frame(curr.obs))
    finally:
        match.replays = kept
    with _always_again():
        slow = match.match_measured(Frame(prev.obs), Frame(curr.obs))
    assert list(fast.pairs.items()) == list(slow.pairs.items())
    for got in (fast, slow):  # what the matcher hands on is the delta's own estimate
        handed = got.motions_over(got.pairs)
        assert handed is None or handed == find_motions(prev, curr, got.pairs)
    if answers and answers[-1]:
        # Skipped: the first run stands, and the final estimate the check read was measured
        # over its pairs, so the matcher hands it on (the delta measures nothing again).
        assert fast.measured == fast.pairs
    else:
        assert (fast.measured, fast.motions) == (slow.measured, slow.motions)
    counts["again"] += len(answers)
    counts["skipped"] += sum(answers)


def _frames(seq: list[Path]) -> Iterator[list[Frame]]:
    yield [Frame(parse_uiautomator(p.read_bytes())) for p in seq[:8]]
    yield [Frame(elements_to_observation(_elements(p))) for p in seq[:8]]


def _counts() -> dict[str, int]:
    return {"again": 0, "skipped": 0}


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_the_second_run_skipped_only_where_it_is_the_first(name: str, seq: list[Path]) -> None:
    counts = _counts()
    for frames in _frames(seq):
        for a, b in permutations(frames, 2):
            _check(a, b, counts)


def test_the_generator_finds_second_runs_and_skips_some() -> None:
    """Over every flow's ordered pairs (the first six captures, both kinds of input), the
    second runs the final estimate asked for and those the check skipped: 20 and 12 when
    written (before the check, all 20 ran the passes again; 26 and 16 over the first eight
    captures)."""
    counts = _counts()
    for _, seq in SEQUENCES:
        for frames in _frames(seq[:6]):
            for a, b in permutations(frames, 2):
                _check(a, b, counts)
    assert counts["again"] >= 15
    assert 0 < counts["skipped"] < counts["again"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_the_second_run_skipped_only_where_it_is_the_first_on_edited_screens(
    which: int, seed: int
) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    other = _elements(seq[rng.randrange(len(seq))])
    counts = _counts()
    for prev, curr in ((screen, _edited(screen, rng)), (other, _edited(screen, rng))):
        a = Frame(elements_to_observation(prev))
        b = Frame(elements_to_observation(curr))
        _check(a, b, counts)
        _check(b, a, counts)


def _one_page(frame: Frame) -> list[Motion]:
    return [Motion(frame.roots[0], frame.roots[0], 0, 0, page=True)]


def test_no_skip_without_a_noted_first_run_or_with_an_offset() -> None:
    """The check asks a first run that noted its questions under no scroll, and a final
    estimate of pages alone; a question past the limit leaves nothing to check."""
    frame = Frame(parse_uiautomator(sorted(REAL_DUMPS.rglob("*.xml"))[0].read_bytes()))
    pairs: dict[int, int] = {}  # a new screen: passes 1 and 2 paired nothing
    noted = Noted(frame, frame, pairs, None)
    args = (frame, frame, pairs, set(pairs.values()))
    bottom_up = match._bottom_up
    assert second_pass.replays(*args, noted, _one_page(frame), None, bottom_up)
    moved = [Motion(frame.roots[0], frame.roots[0], 0, 40)]
    assert not second_pass.replays(*args, noted, moved, None, bottom_up)
    assert not second_pass.replays(*args, noted, [], None, bottom_up)
    for _ in range(ASKED_LIMIT + 1):
        noted.allowed(0, 0)
    assert noted.asked is None
    assert not second_pass.replays(*args, noted, _one_page(frame), None, bottom_up)
