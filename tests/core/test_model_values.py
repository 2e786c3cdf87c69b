"""Nodes and bounds stay plain values: pickled, copied and replaced back equal.

``Node`` and ``Bounds`` build through a custom ``__new__`` (core/observe/model.py,
"Construction"); ``Bounds.__new__`` has no defaults, and pickle called it with none, so a
frame could not be pickled or deep-copied (found by pickling a truth-walk step). Generated
trees, and every real capture.
"""

from __future__ import annotations

import copy
import inspect
import pickle
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, bounds_of, node_of

ints = st.integers(min_value=-10_000, max_value=10_000)
bounds = st.builds(Bounds, ints, ints, ints, ints)
leaves = st.builds(
    Node,
    role=st.sampled_from(["button", "text", "list", "container"]),
    text=st.text(max_size=8),
    bounds=bounds,
    checked=st.booleans(),
    extras=st.lists(st.tuples(st.text(max_size=3), st.text(max_size=3)), max_size=2).map(tuple),
)
trees = st.recursive(
    leaves,
    lambda kids: st.builds(Node, children=st.lists(kids, max_size=3).map(tuple), bounds=bounds),
    max_leaves=12,
)


def _round_trips(value: object) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert back == value and hash(back) == hash(value) and type(back) is type(value)
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


@settings(max_examples=60, deadline=None)
@given(tree=trees)
def test_generated_nodes_pickle_copy_and_replace_back_equal(tree: Node) -> None:
    _round_trips(tree)
    _round_trips(tree.bounds)
    assert replace(tree, text=tree.text) == tree
    assert replace(tree.bounds, left=tree.bounds.left) == tree.bounds


def test_every_real_capture_pickles(real_dumps: Path) -> None:
    dumps = sorted(real_dumps.rglob("*.xml"))
    assert len(dumps) >= 50
    for path in dumps:
        obs = parse_uiautomator(path.read_bytes())
        _round_trips(obs)
        assert pickle.loads(pickle.dumps(Frame(obs))).nodes == Frame(obs).nodes


@pytest.mark.parametrize("box", [Bounds(0, 0, 0, 0), Bounds(-5, 3, 1080, 2400)])
def test_bounds_pickle_with_their_four_numbers(box: Bounds) -> None:
    _round_trips(box)


def test_the_builders_take_the_fields_in_their_order() -> None:
    """node_of and bounds_of (the class call left out) name every field, in its order."""
    assert tuple(inspect.signature(node_of).parameters) == tuple(Node.__dataclass_fields__)
    assert tuple(inspect.signature(bounds_of).parameters) == tuple(Bounds.__dataclass_fields__)


@settings(max_examples=60, deadline=None)
@given(tree=trees)
def test_the_builders_build_the_same_values(tree: Node) -> None:
    """A node (and box) built by node_of (bounds_of) from another's fields is equal to it, of
    its type, frozen, hashed alike, and round-trips as the class-built one does."""
    for node in tree.walk():
        box = node.bounds
        built = node_of(*(getattr(node, f) for f in Node.__dataclass_fields__))
        b = bounds_of(box.left, box.top, box.right, box.bottom)
        assert built == node and hash(built) == hash(node) and type(built) is Node
        assert b == box and hash(b) == hash(box) and type(b) is Bounds
        _round_trips(built)
        with pytest.raises(AttributeError):  # FrozenInstanceError
            built.text = "x"  # type: ignore[misc]
