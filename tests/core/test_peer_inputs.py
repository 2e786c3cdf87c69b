"""The peer's observation family on any JSON a caller can hand it: an answer or a typed error.

An agent's harness passes whatever its tool produced (a list with a stray ``null``, a
number for an element, a dict where the list should be, a hand-made delta) to
``assign_stable_ids``, ``flatten_tree``, ``summarize_delta`` and the rest. Each function
either answers or raises a :class:`~deltarec.core.errors.DeltarecError` naming what and where
(the CLI turns it into exit 2); never an ``AttributeError`` from deep inside. Generator: any
JSON value, and element lists (of real captures and drawn) with any value put in any place.
Before the fix, ``assign_stable_ids`` with a non-dict element or prior element raised
``AttributeError`` (``'int' object has no attribute 'get'``), ``flatten_tree`` and
``summarize_delta`` alike (found by a fuzz of mutated real element lists, 3 of 1,000).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deltarec.core.elements import (
    assign_stable_ids,
    delta_index,
    delta_observation,
    delta_observation_result,
    flatten_tree,
    match_elements,
    observation_index,
    serialize_observation,
    summarize_delta,
)
from deltarec.core.errors import CaptureParseError, DeltarecError

_KEYS = ("role", "name", "value", "x", "y", "width", "height", "bounds", "children", "id")

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
_json = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=4), inner, max_size=5),
    ),
    max_leaves=12,
)
_element = st.fixed_dictionaries(
    {
        "role": st.sampled_from(("button", "textbox", "text", "list", "")),
        "name": st.text(max_size=6),
        "x": st.integers(0, 500),
        "y": st.integers(0, 900),
        "width": st.integers(0, 300),
        "height": st.integers(0, 200),
    }
)
_stray = st.lists(st.one_of(_element, _json), min_size=1, max_size=6)

_CALLS: dict[str, Callable[[Any, Any], object]] = {
    "assign_stable_ids": lambda a, b: assign_stable_ids(b, a),
    "assign_stable_ids, no prior": lambda a, b: assign_stable_ids(b),
    "flatten_tree": lambda a, b: flatten_tree(b, interactive_only=False),
    "observation_index": lambda a, b: observation_index(b),
    "serialize_observation": lambda a, b: serialize_observation(b),
    "match_elements": match_elements,
    "delta_index": delta_index,
    "summarize_delta": lambda a, b: summarize_delta(delta_index(a, b)),
    "summarize_delta, by hand": lambda a, b: summarize_delta(b),
    "delta_observation": delta_observation,
    "delta_observation_result": delta_observation_result,
}


def _answers_or_refuses(name: str, a: Any, b: Any) -> None:
    with contextlib.suppress(DeltarecError):
        _CALLS[name](a, b)


@pytest.mark.parametrize("name", sorted(_CALLS))
@settings(max_examples=60, deadline=None)
@given(a=_stray, b=_stray)
@example(a=[{"role": "button", "x": 0, "y": 0, "width": 9, "height": 9}], b=[3])
@example(a=[None], b=[{"role": "button", "name": "Save"}])
@example(a=[], b={"added": 1})
@example(a=[], b={"added": [1], "changed": [{"after": None}]})
@example(
    a=[],
    b={"changed": [{"after": {}, "changes": {1: {"from": 0, "to": 1}, "x": {"from": 0, "to": 1}}}]},
)
def test_any_element_list_gets_an_answer_or_a_typed_error(name: str, a: Any, b: Any) -> None:
    _answers_or_refuses(name, a, b)


@pytest.mark.parametrize("name", sorted(_CALLS))
@settings(max_examples=40, deadline=None)
@given(a=_json, b=_json)
def test_any_json_value_gets_an_answer_or_a_typed_error(name: str, a: Any, b: Any) -> None:
    _answers_or_refuses(name, a, b)


def test_the_error_names_the_element() -> None:
    """The refusal says which element, as the parser's errors do (``$[1]``)."""
    good = {"role": "button", "name": "Save", "x": 0, "y": 0, "width": 40, "height": 20}
    with pytest.raises(CaptureParseError, match=r"got int \(at \$\[1\]\)"):
        assign_stable_ids([good, 7], [good])
    with pytest.raises(CaptureParseError, match=r"got NoneType \(at prior\[0\]\)"):
        assign_stable_ids([good], [None])
    with pytest.raises(CaptureParseError, match=r"got str \(at \$\[0\]\.children\[1\]\)"):
        flatten_tree([dict(good, children=[good, "x"])])
