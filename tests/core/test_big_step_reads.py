"""The 1 MB step's third round of shortcuts (issue 19) say what the long way says.

Each shortcut is checked against the long way, kept here as it was written before it:

- :func:`~deltarec.core.observe.identity.keys_and_subtree_hashes`'s keys (the nodes that take
  their own or their subtree hash read at C speed, only the parent-qualified ones walked)
  against the walk over every node, and its fallback (:func:`~deltarec.core.observe.
  identity._keys_walked`, taken where an own hash equals a subtree hash or a
  parent-qualified one equals a hash taken) on hashes made to collide;
- :func:`~deltarec.core.diff.geometry.unpair_blank_leaves` (only the pairs of a blank leaf
  and a node that is none asked) against the loop over every pair;
- :func:`~deltarec.core.diff.sliver_pairs._lone_slivers` (the unpaired positions told by a
  set difference) against the walk over every position;
- :func:`~deltarec.core.diff.match._bottom_up` (the unpaired positions told by a set
  difference) against the walk over every position, last first;

on every consecutive pair of real captures in ``fixtures/real`` (both ways), on synthetic
dumps of 20 kB and 200 kB, on generated sequences (real captures perturbed) and on nests of
wrappers moved with their parents or not (``test_big_step_walks._moved_nests``): the
generator each shortcut was checked on before it was kept. ``benchmarks/same_output.py``
holds the whole step, text, JSON and indexes, against ``main``.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings

from deltarec.core import parse_uiautomator
from deltarec.core.diff import geometry, match, sliver_pairs
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.row_content import kind
from deltarec.core.observe import identity
from deltarec.core.observe.frame import Frame
from tests.core.test_big_step_walks import _moved_nests, _real_pairs, _synthetic_pairs
from tests.core.test_step_memo import _sequences

# ------------------------------------------------------------------ the long ways, as they were


def _hashes(frame: Frame) -> tuple[list[bytes], set[bytes], set[bytes]]:
    """Each node's own hash (b"": none), and the own and subtree hashes unique in the frame."""
    own = [
        identity._digest("o", "\x1e".join(ident)) if any(ident[1:]) else b""
        for ident in map(identity.identifying, frame.nodes)
    ]
    counts = Counter(own)
    unique_own = {h for h, n in counts.items() if n == 1 and h}
    unique_sub = {h for h, n in Counter(frame.subtree_hashes).items() if n == 1}
    return own, unique_own, unique_sub


def _keys_long(
    own_hash: list[bytes],
    subtree: list[bytes],
    unique_own: set[bytes],
    unique_sub: set[bytes],
    parents: list[int],
) -> tuple[list[str], dict[bytes, bytes]]:
    keys: list[str] = [""] * len(own_hash)
    seen: dict[bytes, int] = {}
    known_qualified: dict[bytes, bytes] = {}
    for pos in range(len(own_hash)):
        qualified = own_hash[pos]
        if qualified not in unique_own:
            qualified = subtree[pos]
            if qualified not in unique_sub:
                parent = parents[pos]
                parent_key = keys[parent] if parent >= 0 else ""
                data = b"p\x1f%s\x1f%s" % (qualified, parent_key.encode())
                known_qualified[data] = qualified = identity._hash(data)
        ordinal = seen.get(qualified)
        if ordinal is None:
            seen[qualified] = 1
            keys[pos] = qualified.hex()
        else:
            seen[qualified] = ordinal + 1
            keys[pos] = f"{qualified.hex()}-{ordinal + 1}"
    return keys, known_qualified


def _unpair_blank_leaves_long(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]
) -> None:
    for c, p in list(pairs.items()):
        cp = curr.parents[c]
        if (
            cp >= 0
            and geometry.blank_leaf_for_labels(prev, p, curr, c)
            and geometry.holds_rows(curr, cp)
        ):
            del pairs[c]
            used.discard(p)


def _lone_slivers_long(frame: Frame, paired: set[int]) -> dict[tuple[int, bool], int]:
    out: dict[tuple[int, bool], int] = {}
    for row in range(len(frame.nodes)):
        parent = frame.parents[row]
        if parent < 0 or row in paired:
            continue
        box, b = frame.nodes[parent].bounds, frame.nodes[row].bounds
        if not 0 < b.height < box.height // 2:
            continue
        if box.top < b.top < box.bottom <= b.bottom:
            out[parent, False] = -1 if (parent, False) in out else row
        elif b.top <= box.top < b.bottom < box.bottom:
            out[parent, True] = -1 if (parent, True) in out else row
    return {key: row for key, row in out.items() if row >= 0}


def _bottom_up_long(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    for c in range(len(curr) - 1, -1, -1):
        if c in pairs or not curr.children[c]:
            continue
        votes: dict[int, int] = {}
        for child in curr.children[c]:
            p_child = pairs.get(child)
            if p_child is not None:
                p_parent = prev.parents[p_child]
                if p_parent >= 0 and p_parent not in used:
                    votes[p_parent] = votes.get(p_parent, 0) + 1
        if not votes:
            continue
        kids = len(curr.children[c])
        box = curr.nodes[c].bounds
        ranked = sorted(
            votes.items(), key=lambda kv: (-kv[1], -prev.nodes[kv[0]].bounds.iou(box), kv[0])
        )
        for p, n in ranked:
            if 2 * n < min(kids, len(prev.children[p])):
                break
            if kind(prev.nodes[p]) == kind(curr.nodes[c]):
                pairs[c] = p
                used.add(p)
                break


# ----------------------------------------------------------------------------------- the checks


def _check_keys(frame: Frame) -> None:
    own, unique_own, unique_sub = _hashes(frame)
    want, want_known = _keys_long(own, frame.subtree_hashes, unique_own, unique_sub, frame.parents)
    assert frame.keys == want
    for last in ({}, want_known):  # cold, and each parent-qualified hash known already
        for keyed in (identity._keys, identity._keys_walked):
            known: dict[bytes, bytes] = {}
            got = keyed(
                own, frame.subtree_hashes, unique_own, unique_sub, frame.parents, last, known
            )
            assert got == want
            assert list(known.items()) == list(want_known.items())


def _check_pair(prev: Frame, curr: Frame) -> None:
    for frame in (prev, curr):
        _check_keys(frame)
    for pairs in (
        {c: prev.pos_of[k] for c, k in enumerate(curr.keys) if k in prev.pos_of},
        match_frames(prev, curr),
    ):
        got, want = dict(pairs), dict(pairs)
        got_used, want_used = set(got.values()), set(want.values())
        geometry.unpair_blank_leaves(prev, curr, got, got_used)
        _unpair_blank_leaves_long(prev, curr, want, want_used)
        assert list(got.items()) == list(want.items()) and got_used == want_used
        used = set(pairs.values())
        for frame, paired in ((prev, used), (curr, set(pairs))):
            got_lone = sliver_pairs._lone_slivers(frame, paired)
            assert list(got_lone.items()) == list(_lone_slivers_long(frame, paired).items())
        got_lone = sliver_pairs._lone_slivers(curr, pairs.keys())
        assert list(got_lone.items()) == list(_lone_slivers_long(curr, set(pairs)).items())
        # Pass 2 from what the keys paired, some pairs dropped (parents left to vote for).
        for dropped in (0, 2, 3):
            start = {c: p for i, (c, p) in enumerate(pairs.items()) if dropped and i % dropped}
            got, want = dict(start), dict(start)
            got_used, want_used = set(got.values()), set(want.values())
            match._bottom_up(prev, curr, got, got_used, lambda c, p: True)
            _bottom_up_long(prev, curr, want, want_used)
            assert list(got.items()) == list(want.items()) and got_used == want_used


@pytest.mark.parametrize(
    "prev,curr",
    [pytest.param(a, b, id=name) for name, a, b in [*_real_pairs(), *_synthetic_pairs()]],
)
def test_big_step_reads_say_what_the_long_way_says(prev: bytes, curr: bytes) -> None:
    _check_pair(Frame(parse_uiautomator(prev)), Frame(parse_uiautomator(curr)))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sequences())
def test_big_step_reads_on_generated_steps(dumps: list[str]) -> None:
    frames = [Frame(parse_uiautomator(d)) for d in dumps]
    for prev, curr in pairwise(frames):
        _check_pair(prev, curr)


NESTS = 150
"""Seeds of ``_moved_nests``: wrappers that show nothing (parent-qualified keys, twins among
them) moved with their parents or not, some cut at their parents' edges."""


def test_big_step_reads_on_moved_nests() -> None:
    for seed in range(NESTS):
        prev, curr = (Frame(parse_uiautomator(d)) for d in _moved_nests(seed))
        _check_pair(prev, curr)
        _check_pair(curr, prev)


def test_keys_take_the_long_way_where_hashes_collide() -> None:
    """An own hash equal to a subtree hash, and a parent-qualified hash equal to a hash taken
    (40-bit digests of other bytes: made to collide here), are keyed as the walk keys them."""
    a, b, c = b"A" * 5, b"B" * 5, b"C" * 5
    # Node 0 takes its own hash a; node 1 has no own hash and its unique subtree hash is a too.
    own, subtree, parents = [a, b"", b""], [b, a, c], [-1, 0, 0]
    unique_own, unique_sub = {a}, {a, b, c}
    want, _ = _keys_long(own, subtree, unique_own, unique_sub, parents)
    assert want == [a.hex(), f"{a.hex()}-2", c.hex()]
    assert identity._keys(own, subtree, unique_own, unique_sub, parents, {}, {}) == want
    # Twin leaves 1 and 2 (their subtree hash b twice) qualified by their parent: made to
    # equal node 0's own hash a, through the memo of the hashes the last frame made.
    own, subtree, parents = [a, b"", b""], [c, b, b], [-1, 0, 0]
    unique_own, unique_sub = {a}, {c}
    data = b"p\x1f%s\x1f%s" % (b, a.hex().encode())
    known: dict[bytes, bytes] = {}
    got = identity._keys(own, subtree, unique_own, unique_sub, parents, {data: a}, known)
    assert got == [a.hex(), f"{a.hex()}-2", f"{a.hex()}-3"]
    assert known == {data: a}
