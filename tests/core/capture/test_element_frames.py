"""A frame built from the previous screen's (``frame_like``) is the frame built in full, and
the in-place delta (``compute._in_place``) is the delta the full path computes.

The oracle: every consecutive pair of real captures (as element dicts), then random edits
of real screens — a text typed, a flag toggled, the focus moved, a box moved or resized, a
label or role changed, an element inserted or removed, a number spelled as another type
(1 → 1.0 or True), a malformed value — each compared field by field with the full build,
and through the delta (text and JSON). When the full build refuses the input,
``frame_like`` must not have built anything.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.element_frames import frame_like
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import compute
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import IndexOptions, observe_delta
from tests.conftest import REAL_DUMPS

Element = dict[str, Any]
FIELDS = ("obs", "nodes", "parents", "children", "roots", "keys", "subtree_hashes", "pos_of")
CAPTURES = sorted(p.relative_to(REAL_DUMPS).as_posix() for p in REAL_DUMPS.rglob("*.xml"))
PAIRS = [
    (a, b) for a, b in itertools.pairwise(CAPTURES) if a.rsplit("/", 1)[0] == b.rsplit("/", 1)[0]
]


@functools.cache
def _elements(name: str) -> list[Element]:
    return observation_to_elements(parse_uiautomator((REAL_DUMPS / name).read_bytes()))


def elements(name: str) -> list[Element]:
    """A real capture as element dicts (a fresh copy: tests edit it)."""
    return copy.deepcopy(_elements(name))


def full(data: list[Element]) -> Frame | None:
    try:
        return Frame(elements_to_observation(data))
    except CaptureParseError:
        return None


def check(old: list[Element], new: list[Element]) -> bool:
    """``frame_like`` of ``new`` from ``old``'s frame, against the full build; whether it
    built one."""
    base = Frame(elements_to_observation(old))
    got = frame_like(new, old, base)
    want = full(new)
    if got is None:
        return False
    assert want is not None, "frame_like built a frame of input the full build refuses"
    for name in FIELDS:
        assert getattr(got, name) == getattr(want, name), name
    options = IndexOptions(None, 80, True)
    fast = compute_delta(base, got)
    fast_text = observe_delta(base, got, options=options).text
    with full_path():
        slow = compute_delta(base, want)
        assert to_json(fast) == to_json(slow)
        assert fast_text == observe_delta(base, want, options=options).text
    return True


@contextmanager
def full_path() -> Iterator[None]:
    """compute_delta without its in-place shortcut (every stage run)."""
    kept = compute._in_place
    compute._in_place = lambda prev, curr, pairs: False
    try:
        yield
    finally:
        compute._in_place = kept


def test_the_full_path_is_what_check_compares_with() -> None:
    """The shortcut is taken on a real typed field, and switched off by ``full_path``."""
    old = elements("contacts-agent/06.xml")
    base, curr = Frame(elements_to_observation(old)), full(elements("contacts-agent/07.xml"))
    assert curr is not None
    pairs = dict(zip(range(len(curr)), range(len(curr)), strict=True))
    assert compute._in_place(base, curr, pairs)
    with full_path():
        assert not compute._in_place(base, curr, pairs)


def test_every_real_pair_builds_as_in_full() -> None:
    built = [check(elements(a), elements(b)) for a, b in PAIRS]
    assert any(built), "no real pair kept its shape: the fast build was never tried"


def _walk(items: list[Element]) -> list[Element]:
    out: list[Element] = []
    stack = list(items)
    while stack:
        e = stack.pop()
        out.append(e)
        stack.extend(e.get("children") or [])
    return out


EDITS = (
    "value",
    "toggle",
    "focus",
    "move",
    "resize",
    "name",
    "role",
    "password",
    "insert",
    "remove",
    "respell",
    "malformed",
    "extra",
    "scroll",
)


def _edit(element: Element, kind: str, draw: st.DataObject) -> None:
    """One edit of one element in place (``insert`` / ``remove`` edit its children)."""
    if kind == "value":
        element["value"] = draw.draw(st.sampled_from(["", "z", "zr", "Name"]))
    elif kind in ("toggle", "focus", "password"):
        flag = {"toggle": "checked", "focus": "focused", "password": "password"}[kind]
        element[flag] = not element.get(flag, False)
    elif kind == "move":
        element["y"] = element.get("y", 0) + draw.draw(st.integers(-40, 40))
    elif kind == "resize":
        element["width"] = max(0, element.get("width", 0) + draw.draw(st.integers(-30, 30)))
    elif kind == "name":
        element["name"] = draw.draw(st.sampled_from(["", "OK", "Name", element.get("name", "")]))
    elif kind == "role":
        # A role spelled as a class made to scroll ("ScrollView") scrolls by its class name,
        # which an element dict's role is: a builder must read it so too.
        roles = ["button", "textbox", "text", "list", "ScrollView", "android.widget.ListView"]
        element["role"] = draw.draw(st.sampled_from(roles))
    elif kind == "insert":
        kids = element.setdefault("children", [])
        kids.insert(draw.draw(st.integers(0, len(kids))), {"role": "button", "name": "New"})
    elif kind == "remove" and element.get("children"):
        element["children"].pop(draw.draw(st.integers(0, len(element["children"]) - 1)))
    elif kind == "respell":
        field = draw.draw(st.sampled_from(["x", "y", "width", "height", "name", "value"]))
        number = element.get(field, 1) if isinstance(element.get(field), int) else 1
        element[field] = draw.draw(st.sampled_from([float(number), True, number]))
    elif kind == "malformed":
        field = draw.draw(st.sampled_from(["x", "children", "role"]))
        element[field] = draw.draw(st.sampled_from([None, "wide", [1], {"a": 1}]))
    elif kind == "scroll":  # everything inside moves by one offset (rows keep their keys)
        offset = draw.draw(st.sampled_from([-120, -40, 40, 120]))
        for kid in _walk(element.get("children") or []):
            kid["y"] = kid.get("y", 0) + offset
    elif kind == "extra":
        element[draw.draw(st.sampled_from(["hint", "index"]))] = draw.draw(
            st.sampled_from(["a", 1, 1.0, True, None])
        )


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CAPTURES), st.data())
def test_edits_of_real_screens_build_as_in_full(name: str, draw: st.DataObject) -> None:
    old = elements(name)
    new = copy.deepcopy(old)
    flat = _walk(new)
    for _ in range(draw.draw(st.integers(1, 3))):
        kind = draw.draw(st.sampled_from(EDITS))
        hosts = [e for e in flat if len(e.get("children") or []) > 1] if kind == "scroll" else []
        element = draw.draw(st.sampled_from(hosts or flat))
        _edit(element, kind, draw)
    check(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ({"name": 1}, {"name": 1.0}),
        ({"name": 1}, {"name": True}),
        ({"x": 1}, {"x": True}),
        ({"value": 0}, {"value": False}),
    ],
)
def test_numbers_equal_by_value_are_not_the_same_content(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    """``1 == 1.0 == True`` in Python, but an element's name, value or box reads them apart
    (or refuses one): equal by ``==`` is not kept."""
    box = {"role": "button", "x": 0, "y": 0, "width": 10, "height": 10}
    before = [{**box, "children": [{**box, **old}]}]
    after = [{**box, "children": [{**box, **new}]}]
    assert before == after
    base = Frame(elements_to_observation(before))
    got = frame_like(after, before, base)
    want = full(after)
    assert got is None or (want is not None and got.nodes == want.nodes)
