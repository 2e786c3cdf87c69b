"""The faster key computation and Frame give exactly what they gave before (``old_identity``).

Keys are what diffs, selectors and recorded scripts refer to: the speed work on
:mod:`deltarec.core.observe.identity` and :mod:`deltarec.core.observe.frame` must not change a single one. The
subtree hashes a Frame now keeps depend on content only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import synthetic
from deltarec.core import parse_uiautomator
from deltarec.core.observe import identity
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.identity import compute_keys, flatten, keys_for_flat
from deltarec.core.observe.model import Node, Observation
from tests.conftest import REAL_DUMPS
from tests.core.capture import old_identity

ALL_DUMPS = sorted(REAL_DUMPS.glob("*/*.xml"))


def assert_same_keys_and_layout(windows: tuple[Node, ...]) -> None:
    nodes, parents = old_identity.flatten(windows)
    keys = old_identity.compute_keys(windows)
    assert flatten(windows) == (nodes, parents)
    assert compute_keys(windows) == keys
    assert keys_for_flat(nodes, parents) == keys
    frame = Frame(Observation(windows=windows))
    assert (frame.nodes, frame.parents, frame.keys) == (nodes, parents, keys)
    assert frame.pos_of == {key: pos for pos, key in enumerate(keys)}
    assert frame.roots == [pos for pos, parent in enumerate(parents) if parent < 0]
    assert frame.children == [
        [kid for kid, parent in enumerate(parents) if parent == pos] for pos in range(len(nodes))
    ]
    assert [frame.subtree_end(pos) for pos in range(len(nodes))] == [
        old_identity.subtree_end(frame.depth, pos) for pos in range(len(nodes))
    ]


@pytest.mark.parametrize("path", ALL_DUMPS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_dump_keys_are_unchanged(path: Path) -> None:
    assert_same_keys_and_layout(parse_uiautomator(path.read_bytes()).windows)


def test_synthetic_dump_keys_are_unchanged() -> None:
    for dump in synthetic.dump_pair(300_000, seed=2):
        assert_same_keys_and_layout(parse_uiautomator(dump).windows)


# Few distinct values, so that own contents, subtrees and twins collide often.
_TEXT = st.sampled_from(["", "", "a", "b", "Name", "\ud800 lone surrogate", "第 1 屏"])


@st.composite
def _trees(draw: st.DrawFn, depth: int = 0) -> Node:
    kids = draw(st.lists(_trees(depth + 1), max_size=0 if depth >= 3 else 4))
    return Node(
        role=draw(st.sampled_from(["container", "text", "textbox", "button"])),
        class_name=draw(st.sampled_from(["L", "T", "android.widget.EditText"])),
        resource_id=draw(st.sampled_from(["", "", "id/row", "id/icon"])),
        text=draw(_TEXT),
        content_desc=draw(st.sampled_from(["", "", "More"])),
        password=draw(st.booleans()),
        checked=draw(st.booleans()),
        children=tuple(kids),
    )


@settings(max_examples=75, deadline=None)
@given(st.lists(_trees(), max_size=3))
def test_generated_tree_keys_are_unchanged(windows: list[Node]) -> None:
    assert_same_keys_and_layout(tuple(windows))


@settings(max_examples=50, deadline=None)
@given(st.lists(_trees(), min_size=1, max_size=3))
def test_subtree_hash_depends_on_content_only(windows: list[Node]) -> None:
    frame = Frame(Observation(windows=tuple(windows)))
    for pos, node in enumerate(frame.nodes):
        alone = Frame(Observation(windows=(node,)))
        assert alone.subtree_hashes[0] == frame.subtree_hashes[pos]
        twin = Frame(Observation(windows=(replace(node, checked=not node.checked),)))
        assert twin.subtree_hashes[0] == frame.subtree_hashes[pos]  # state is not content


def _weak(size: int) -> Callable[..., Any]:
    """blake2b cut to ``size`` bytes, whatever size is asked: digests of different inputs
    collide (own with subtree, qualified with either), as 40-bit ones never do in a test."""

    def blake(data: bytes, digest_size: int) -> Any:
        return hashlib.blake2b(data, digest_size=size)

    return blake


@contextmanager
def _weak_hashes(size: int) -> Iterator[None]:
    """Both the keys (through the state every digest is copied from, ``identity._BLANK``)
    and the oracle hash with :func:`_weak` (the memo of the last frame's
    hashes forgotten before and after: it holds digests of the other length)."""
    identity.clear()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(
                identity, "_BLANK", hashlib.blake2b(digest_size=size)
            )  # copied per digest
            patch.setattr(old_identity, "_blake", _weak(size))
            yield
    finally:
        identity.clear()


@settings(max_examples=75, deadline=None)
@given(st.lists(_trees(), max_size=3), st.sampled_from([1, 2]))
def test_colliding_digests_key_as_the_definition(windows: list[Node], size: int) -> None:
    """With digests short enough to collide (an own hash equal to a subtree hash, a qualified
    one to either, contents told apart by their memo only), the keys are still the oracle's."""
    with _weak_hashes(size):
        assert_same_keys_and_layout(tuple(windows))


@pytest.mark.parametrize("size", [1, 2])
def test_colliding_digests_on_real_dumps(size: int) -> None:
    with _weak_hashes(size):
        for path in ALL_DUMPS[::7]:
            assert_same_keys_and_layout(parse_uiautomator(path.read_bytes()).windows)
