"""The frame cache of the element-dict API never changes an answer: a kept frame is the one
the same content would build, and content that changed (in place, too) builds anew."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture import frame_cache
from deltarec.core.elements import delta_observation
from deltarec.core.errors import CaptureParseError

ROLES = ["button", "textbox", "switch", "text", "pushbutton"]


def elements() -> st.SearchStrategy[list[dict[str, Any]]]:
    one = st.fixed_dictionaries(
        {
            "role": st.sampled_from(ROLES),
            "name": st.sampled_from(["OK", "Name", "Wi-Fi", ""]),
            "x": st.integers(0, 500),
            "y": st.integers(0, 900),
            "width": st.integers(0, 300),
            "height": st.integers(0, 100),
        },
        optional={
            "value": st.sampled_from(["", "zr", "1"]),
            "checked": st.booleans(),
            "enabled": st.sampled_from([True, False, "false", 0]),
        },
    )
    return st.lists(one, max_size=8)


@settings(max_examples=60, deadline=None)
@given(elements(), elements(), st.data())
def test_a_kept_frame_gives_the_answer_a_new_one_gives(
    prev: list[dict[str, Any]], curr: list[dict[str, Any]], data: st.DataObject
) -> None:
    frame_cache.clear()
    cold = delta_observation(prev, curr)
    assert delta_observation(copy.deepcopy(prev), copy.deepcopy(curr)) == cold  # both kept
    assert delta_observation(curr, curr) == delta_observation(curr, copy.deepcopy(curr))
    if curr:  # change one element in place: its frame is built anew
        i = data.draw(st.integers(0, len(curr) - 1))
        curr[i]["name"] = curr[i]["name"] + "!"
        warm = delta_observation(prev, curr)
        frame_cache.clear()
        assert warm == delta_observation(prev, curr)


def test_content_that_only_looks_alike_is_not_shared() -> None:
    """A tuple of children is refused even after a list of the same children was kept; the
    number 1 and the string "1" are different values."""
    box = {"x": 0, "y": 0, "width": 10, "height": 10}
    kid = {"role": "button", "name": "OK", **box}
    ok = [{"role": "list", "name": "", **box, "children": [kid]}]
    delta_observation(ok, ok)
    with pytest.raises(CaptureParseError):
        delta_observation([{"role": "list", "name": "", **box, "children": (kid,)}], ok)
    one = [{"role": "textbox", "name": "N", "value": 1, **box}]
    text = [{"role": "textbox", "name": "N", "value": "1", **box}]
    assert delta_observation(one, text) == "no change"
    assert frame_cache.frame_of(one) is not frame_cache.frame_of(text)
