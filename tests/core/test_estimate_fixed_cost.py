"""The scroll estimate's fixed cost on new screens (issue 19, fixed cost per call): shortcuts
that say what the long way says.

- :func:`~deltarec.core.diff.scrolls._seen_elsewhere` looks only at the old positions that
  show a content some unmatched node shows, rather than building
  :attr:`~deltarec.core.observe.frame.Frame.places` (a dict over every old node) to ask it:
  on most new screens it answers ``False`` and the estimate then walks no host, so nothing
  else reads ``places``. Checked against the long way (``_seen_elsewhere_by_places``) on every
  ordered pair of the first eight captures of each flow (dumps and element dicts) with the
  matcher's pairs, no pairs, the window roots only and random subsets of the matcher's
  pairs; on generated edits of real screens; and the estimate itself, with the shortcut and the long way, on the
  same pairs.
- :func:`~deltarec.core.diff.row_content.holds_rows` is kept per frame and position
  (:func:`~deltarec.core.observe.frame.by_position`): a step asks it ~35 times of ~19
  positions. Every position of every real capture (dumps and element dicts), asked in a
  random order, twice, answers as the function worked out does.
- :func:`~deltarec.core.diff.row_order.unpair_out_of_order` asks whether a changed pair's
  parent is paired and made of rows before reading both rows' labels (the screen's changed
  wrappers, the root's whole label set among them, were read for nothing: a list is only
  looked at when paired and made of rows, and pairs only go). Against the long way (the
  rule as it was, written out here) on every ordered pair of the first eight captures of
  each flow (dumps and element dicts), with the matcher's pairs and with pairs of alike
  siblings crossed at random (rows out of order, the case the rule is for).
"""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import row_content, row_order, scrolls
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame, by_position
from tests.core.test_pair_speed import _edited
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)


def _elements(path: Path) -> list[dict[str, Any]]:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


def _fresh(frame: Frame) -> Frame:
    """The frame again, with no fact computed (``places`` not built)."""
    return Frame(frame.obs)


def _pair_maps(prev: Frame, curr: Frame, rng: random.Random) -> list[dict[int, int]]:
    full = match_frames(prev, curr)
    roots = {c: p for c, p in zip(curr.roots, prev.roots, strict=False)}
    half = {c: p for c, p in full.items() if rng.random() < 0.5}
    tenth = {c: p for c, p in full.items() if rng.random() < 0.1}
    return [full, {}, roots, half, tenth]


def _check(prev: Frame, curr: Frame, rng: random.Random) -> tuple[int, int]:
    """Shortcut against the long way on the pair's pair maps: (maps asked, answered ``False``:
    the estimate then walks no host, and nothing reads ``places``)."""
    asked = answered = 0
    for pairs in _pair_maps(prev, curr, rng):
        a, b = _fresh(prev), _fresh(curr)
        got = scrolls._seen_elsewhere(a, b, pairs)
        assert "places" not in a.__dict__  # the shortcut never builds it
        answered += not got
        asked += 1
        assert got == scrolls._seen_elsewhere_by_places(_fresh(prev), _fresh(curr), pairs)
        assert find_motions(_fresh(prev), _fresh(curr), pairs) == _motions_the_long_way(
            prev, curr, pairs
        )
    return asked, answered


def _motions_the_long_way(prev: Frame, curr: Frame, pairs: dict[int, int]) -> Any:
    real = scrolls._seen_elsewhere
    scrolls._seen_elsewhere = scrolls._seen_elsewhere_by_places
    try:
        return find_motions(_fresh(prev), _fresh(curr), pairs)
    finally:
        scrolls._seen_elsewhere = real


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_seen_elsewhere_as_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    rng = random.Random(name)
    dumps = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    dicts = [Frame(elements_to_observation(_elements(p))) for p in seq]
    for frames in (dumps, dicts):
        for a, b in permutations(frames[:8], 2):
            _check(a, b, rng)


def test_seen_elsewhere_answers_most_new_screens_without_places() -> None:
    """The generator that found the cost: over every ordered pair of real captures of a flow
    as element dicts (the first six of each), the pair maps asked (830) and those answered (632)
    ``False`` without ``places`` (each built ``places`` on ``main``, a dict over every old
    node, for nothing)."""
    asked = answered = 0
    rng = random.Random(0)
    for _, seq in SEQUENCES:
        frames = [Frame(elements_to_observation(_elements(p))) for p in seq]
        for a, b in permutations(frames[:6], 2):
            got = _check(a, b, rng)
            asked, answered = asked + got[0], answered + got[1]
    assert answered > asked // 4  # many are False: new screens, partial pairs


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_seen_elsewhere_as_the_long_way_on_edited_screens(which: int, seed: int) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    other = _elements(seq[rng.randrange(len(seq))])
    for prev, curr in ((screen, _edited(screen, rng)), (other, _edited(screen, rng))):
        a = Frame(elements_to_observation(prev))
        b = Frame(elements_to_observation(curr))
        _check(a, b, rng)
        _check(b, a, rng)


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_holds_rows_kept_as_worked_out_on_real_captures(name: str, seq: list[Path]) -> None:
    rng = random.Random(name)
    worked_out = row_content.holds_rows.__wrapped__  # type: ignore[attr-defined]
    for path in seq:
        obs = parse_uiautomator(path.read_bytes())
        for frame in (Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))):
            order = list(range(len(frame))) * 2
            rng.shuffle(order)
            assert [row_content.holds_rows(frame, pos) for pos in order] == [
                worked_out(frame, pos) for pos in order
            ]


def test_by_position_keeps_falsy_facts_and_asks_once() -> None:
    asked: list[int] = []

    @by_position
    def fact(frame: Frame, pos: int) -> int | None:
        asked.append(pos)
        return None if pos % 2 else 0

    frame = Frame(parse_uiautomator(sorted(REAL_DUMPS.rglob("*.xml"))[0].read_bytes()))
    got = [fact(frame, pos) for pos in (0, 1, 0, 1, 2)]
    assert got == [0, None, 0, None, 0]
    assert asked == [0, 1, 2]
    assert fact(Frame(frame.obs), 1) is None and asked == [0, 1, 2, 1]  # per frame


def _out_of_order_the_long_way(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]
) -> None:
    """``unpair_out_of_order`` as it was before the shortcut."""
    same = curr.subtree_hashes
    suspects = [
        c
        for c, p in pairs.items()
        if same[c] != prev.subtree_hashes[p] and row_order._edited_both_ways(prev, p, curr, c)
    ]
    for parent in sorted({curr.parents[c] for c in suspects}):
        old_parent = pairs.get(parent)
        if parent < 0 or old_parent is None or not row_content.holds_rows(curr, parent):
            continue
        old_at = {p: i for i, p in enumerate(prev.children[old_parent])}
        rows = [
            (i, old_at[pairs[c]], c)
            for i, c in enumerate(curr.children[parent])
            if pairs.get(c) in old_at
        ]
        edited = [r for r in rows if row_order._edited_both_ways(prev, pairs[r[2]], curr, r[2])]
        if not edited:
            continue
        held = [r for r in rows if r not in edited]
        for i, j, c in edited:
            if any((i < k) != (j < m) for k, m, _ in held):
                row_content.unpair_inside(prev, pairs[c], curr, c, pairs, used)


def _crossed(prev: Frame, curr: Frame, pairs: dict[int, int], rng: random.Random) -> dict[int, int]:
    """``pairs`` with the pairs of some alike siblings swapped (rows out of order)."""
    out = dict(pairs)
    for kids in curr.children:
        paired = [c for c in kids if c in out]
        if len(paired) >= 2 and rng.random() < 0.5:
            a, b = rng.sample(paired, 2)
            if row_content.kind(curr.nodes[a]) == row_content.kind(curr.nodes[b]):
                out[a], out[b] = out[b], out[a]
    return out


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_out_of_order_as_the_long_way_on_real_captures(name: str, seq: list[Path]) -> None:
    rng = random.Random(name)
    dumps = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    dicts = [Frame(elements_to_observation(_elements(p))) for p in seq]
    for frames in (dumps, dicts):
        for a, b in permutations(frames[:8], 2):
            full = match_frames(a, b)
            for pairs in (full, _crossed(a, b, full, rng), _crossed(a, b, full, rng)):
                short, long = dict(pairs), dict(pairs)
                used_s, used_l = set(short.values()), set(long.values())
                row_order.unpair_out_of_order(a, b, short, used_s)
                _out_of_order_the_long_way(a, b, long, used_l)
                assert (short, used_s) == (long, used_l)


def test_out_of_order_pairs_are_dropped_in_the_sweep() -> None:
    """The sweep exercises the rule: over every flow, some of its pair maps lose pairs to it
    (1,620 maps; 41 lose 91 pairs when written), so the comparison above can tell."""
    rng = random.Random(0)
    dropped = 0
    for _, seq in SEQUENCES:
        frames = [Frame(elements_to_observation(_elements(p))) for p in seq]
        for a, b in permutations(frames[:8], 2):
            pairs = _crossed(a, b, match_frames(a, b), rng)
            kept = dict(pairs)
            row_order.unpair_out_of_order(a, b, kept, set(kept.values()))
            dropped += len(pairs) > len(kept)
    assert dropped > 0
