"""The frame of element dicts made in one walk (``elements_frame``) is the frame the long way
makes, ``Frame(elements_to_observation(...))``, in every field; and on input the long way
refuses, it raises the very error (class and message, with its path).

The oracle: every real capture as element dicts (with and without a viewport), random edits
of them (the edits of ``test_element_frames.py``, malformed values included), hostile
shapes (nesting at and past the depth limit, ``children`` of other types, elements that are
not dicts, mappings that are not ``dict``), and the empty list.
"""

from __future__ import annotations

import copy
from collections import UserDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.dict_frame import elements_frame
from deltarec.core.capture.element_dicts import MAX_ELEMENT_DEPTH, elements_to_observation
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.identity import _NO_CHILDREN
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Observation
from tests.conftest import REAL_DUMPS
from tests.core.capture.test_element_frames import CAPTURES, EDITS, FIELDS, _edit, _walk, elements

Element = dict[str, Any]


def same(data: Any, viewport: list[int] | None = None) -> None:
    """``elements_frame`` against the long way: equal fields, or the same error."""
    try:
        want: Frame | None = Frame(elements_to_observation(data, viewport=viewport))
        error: Exception | None = None
    except Exception as exc:  # any error the long way raises
        want, error = None, exc
    if error is not None:
        with pytest.raises(type(error)) as got:
            elements_frame(data, viewport=viewport)
        assert str(got.value) == str(error)
        return
    got_frame = elements_frame(data, viewport=viewport)
    assert want is not None
    for name in FIELDS:
        assert getattr(got_frame, name) == getattr(want, name), name
    assert got_frame.window_of == _window_of(want)
    assert got_frame.subtree_ends == want.subtree_ends
    # The natures it keeps are every node's, as natures() would find them.
    assert natures(got_frame) == list(map(scrolls_by_nature, want.nodes))
    # Leaves share the one empty list, as flattening gives them.
    for kids, long in zip(got_frame.children, want.children, strict=True):
        assert (kids is _NO_CHILDREN) == (long is _NO_CHILDREN)


def _window_of(frame: Frame) -> list[int]:
    """The window root of every position, the long way (``Frame.window_of`` takes one
    window's at C speed)."""
    out = [0] * len(frame.nodes)
    for pos, parent in enumerate(frame.parents):
        out[pos] = pos if parent < 0 else out[parent]
    return out


@pytest.mark.parametrize("name", CAPTURES)
def test_every_real_dump_has_its_windows_as_the_long_way(name: str) -> None:
    """Dumps of one window or several (a keyboard, a dialog, System UI's bars)."""
    frame = Frame(parse_uiautomator((REAL_DUMPS / name).read_bytes()))
    assert frame.window_of == _window_of(frame)


@pytest.mark.parametrize("name", CAPTURES)
def test_every_real_capture_builds_as_the_long_way(name: str) -> None:
    data = elements(name)
    same(data)
    same(data, viewport=[0, 0, 1080, 2400])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CAPTURES), st.data())
def test_edits_of_real_screens_build_as_the_long_way(name: str, draw: st.DataObject) -> None:
    data = elements(name)
    flat = _walk(data)
    for _ in range(draw.draw(st.integers(1, 4))):
        kind = draw.draw(st.sampled_from(EDITS))
        _edit(draw.draw(st.sampled_from(flat)), kind, draw)
    same(data)


def _nested(depth: int) -> list[Element]:
    leaf: Element = {"role": "button", "name": "deep", "x": 0, "y": 0, "width": 9, "height": 9}
    for _ in range(depth):
        leaf = {"role": "container", "children": [leaf]}
    return [leaf]


LEAF: Element = {"role": "button", "name": "OK", "x": 0, "y": 0, "width": 9, "height": 9}


@pytest.mark.parametrize(
    "data",
    [
        [],
        [LEAF, "not an element"],
        [LEAF, UserDict(LEAF)],
        [dict(LEAF, children={"a": 1})],
        [dict(LEAF, children=(dict(LEAF),))],
        [dict(LEAF, children="")],
        [dict(LEAF, children=0)],
        [dict(LEAF, x="wide"), dict(LEAF, children=[dict(LEAF, y=None)])],
        [dict(LEAF, children=[dict(LEAF, y=None)]), 5],
        [dict(LEAF, bounds=[0, 0, 9, 9]), dict(LEAF, bounds=[0, 0, 9])],
        [dict(LEAF, x=10**12)],
        [dict(LEAF, x=2**31 - 1, width=1)],
        [dict(LEAF, x=-(2**31), y=2**31 - 1, width=0, height=0)],
        [dict(LEAF, x=1.0), dict(LEAF, y="12"), dict(LEAF, width=True)],
        [dict(LEAF, role="list", children=[dict(LEAF, role="web", scrollable="false")])],
        [dict(LEAF, role="Listbox", scrollable=1, children=[dict(LEAF, scrollable="yes")])],
        # a role spelled as a class made to scroll: it scrolls by its class, as the long way
        # reads it (the fast build kept it as not made to scroll; benchmarks/dict_natures.py)
        [dict(LEAF, role="ScrollView", children=[dict(LEAF, role="android.widget.ListView")])],
        _nested(MAX_ELEMENT_DEPTH),
        _nested(MAX_ELEMENT_DEPTH + 1),
        (LEAF,),
    ],
)
def test_hostile_shapes_build_or_fail_as_the_long_way(data: Any) -> None:
    same(copy.deepcopy(data))
    same(copy.deepcopy(data), viewport=[0, 0, 100, 100])


def test_frames_of_several_windows_have_their_windows_as_the_long_way() -> None:
    """A dump of several windows (an app, a dialog over it, System UI's bars)."""
    dumps = [parse_uiautomator((REAL_DUMPS / name).read_bytes()) for name in CAPTURES[:6]]
    for k in range(2, 5):
        windows = tuple(w for obs in dumps[:k] for w in obs.windows)
        frame = Frame(Observation(windows=windows, width=1080, height=2400))
        assert len(frame.roots) == k
        assert frame.window_of == _window_of(frame)


def test_a_box_kept_in_place_is_one_object_in_both_frames() -> None:
    """An element whose edges stayed has its old box object in the next frame (one identity
    test tells a pair that stayed: ``element_dicts._boxes``), an element moved a new one; the
    values are the long way's (the tests above). The kept boxes are forgotten with the kept
    frames (``frame_cache.clear``: the cold path)."""
    from deltarec.core.capture import element_dicts, frame_cache

    frame_cache.clear()
    data = elements(CAPTURES[0])
    before = elements_frame(data)
    moved = copy.deepcopy(data)
    moved[0]["y"] = moved[0].get("y", 0) + 7
    after = elements_frame(moved)
    assert all(a.bounds is b.bounds for a, b in zip(before.nodes[2:], after.nodes[2:], strict=True))
    assert before.nodes[1].bounds == Frame(elements_to_observation(data)).nodes[1].bounds
    assert before.nodes[1].bounds is not after.nodes[1].bounds
    frame_cache.clear()
    assert element_dicts._boxes == {}


def test_the_kept_boxes_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``BOXES_KEPT`` the table starts again: a session of screens never grows it."""
    from deltarec.core.capture import element_dicts

    monkeypatch.setattr(element_dicts, "BOXES_KEPT", 5)
    element_dicts.forget_boxes()
    rows = [dict(LEAF, y=10 * i) for i in range(12)]
    frame = elements_frame(rows)
    assert len(element_dicts._boxes) <= 5
    assert [n.bounds.top for n in frame.nodes[1:]] == [10 * i for i in range(12)]
    element_dicts.forget_boxes()


def test_the_scrolling_classes_met_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Element dicts naming more scrolling classes than are kept (hostile input: a role a
    node, each a "…ScrollView") grow no set, and every node still scrolls as the long way
    says: past the bound the fast build asks each node's class again."""
    from deltarec.core.capture import element_dicts

    met: set[str] = set()
    monkeypatch.setattr(element_dicts, "SCROLLING_CLASSES_MET", met)
    monkeypatch.setattr("deltarec.core.capture.dict_frame.SCROLLING_CLASSES_MET", met)
    monkeypatch.setattr(element_dicts, "_CLASSES_MET_KEPT", 3)
    monkeypatch.setattr(element_dicts, "_ROLE_OF", {})  # every role met anew
    rows = [dict(LEAF, y=10 * i, role=f"com.x.Pane{i}ScrollView") for i in range(8)]
    rows.append(dict(LEAF, y=90, role="android.widget.TextView"))
    same(rows)
    assert len(met) <= 4 and "" in met
    frame = elements_frame(rows)
    assert natures(frame)[1:] == [True] * 8 + [False]
