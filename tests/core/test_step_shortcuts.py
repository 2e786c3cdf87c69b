"""The step's shortcuts (issue 19, the 1 MB step) give what the long way gives.

- The delta takes the scrolls the matcher measured when the final pairs are the ones they
  were measured over, and measures them again otherwise: on every consecutive pair of real
  captures (both ways) and on generated scrolls of every list shape, with and without a
  swipe, the delta equals one whose scrolls were measured again over its final pairs.
- :func:`~deltarec.core.diff.attributes._attribute_changes` skips one node object (a tag the
  parser reused) and the field loop when only the box differs: on generated pairs of nodes
  it gives what each field compared says.
- :func:`~deltarec.core.diff.sliver_pairs.shows_texts` says what ``bool(texts(...))`` says.
"""

from __future__ import annotations

import dataclasses
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import synthetic
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.attributes import _attribute_changes
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.match import match_frames, match_measured
from deltarec.core.diff.row_content import texts
from deltarec.core.diff.sliver_pairs import shows_texts
from deltarec.core.diff.volatile import DEFAULT_VOLATILE
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import ATTRIBUTE_OF_FIELD, Bounds, Node, Observation
from tests.core.lists import VIEW_BOTTOM, VIEW_TOP, list_frame, tops
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"


def _same_as_measured_again(prev: Observation, curr: Observation, gesture: Gesture | None) -> None:
    fp, fc = Frame(prev), Frame(curr)
    shortcut = compute_delta(fp, fc, gesture=gesture)
    # Given the pairs, the delta measures the scrolls itself, over exactly those pairs.
    again = compute_delta(fp, fc, pairs=dict(shortcut.pairs), gesture=gesture)
    assert _facts(shortcut) == _facts(again)


def _facts(d: Delta) -> tuple[object, ...]:
    return (d.pairs, d.added, d.removed, d.changed, d.moved, d.scrolls, d.fields)


@pytest.mark.parametrize("name,seq", sequences(REAL_DUMPS), ids=lambda v: str(v)[-40:])
def test_real_steps_take_the_scrolls_measured_over_their_final_pairs(
    name: str, seq: list[Path]
) -> None:
    frames = [parse_uiautomator(p.read_bytes()) for p in seq]
    for a, b in pairwise(frames):
        _same_as_measured_again(a, b, None)
        _same_as_measured_again(b, a, None)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 6000),
    st.integers(-4000, 4000),
    st.sampled_from(("list", "nested", "unmarked")),
    st.sampled_from([1000, 3, 2]),
    st.booleans(),
)
def test_generated_scrolls_take_the_scrolls_measured_over_their_final_pairs(
    start: int, move: int, shape: str, subjects: int, swiped: bool
) -> None:
    limit = tops(60)[-1] - (VIEW_BOTTOM - VIEW_TOP)
    a_off = min(start, limit)
    b_off = max(0, min(limit, a_off + move))
    before = list_frame(a_off, subjects=subjects, shape=shape)
    after = list_frame(b_off, subjects=subjects, shape=shape)
    # the finger moves with the content: up when the content moved up (offset grew)
    y1, y2 = (1500, 600) if b_off >= a_off else (600, 1500)
    gesture = Gesture(540, y1, 540, y2) if swiped else None
    _same_as_measured_again(before, after, gesture)


def test_the_matcher_says_which_pairs_it_measured_the_scrolls_over() -> None:
    before, after = Frame(list_frame(0)), Frame(list_frame(700))
    matched = match_measured(before, after)
    assert matched.pairs == match_frames(before, after)
    assert matched.measured is not None and matched.motions  # the list scrolled
    assert matched.motions_over(dict(matched.measured)) == list(matched.motions)
    fewer = dict(matched.measured)
    fewer.popitem()
    assert matched.motions_over(fewer) is None  # other pairs: measured again


_TEXTS = st.sampled_from(["", "Wi-Fi", "On", "Off", "12:30"])
_BOXES = st.builds(
    lambda x, y, w, h: Bounds(x, y, x + w, y + h),
    st.integers(0, 50),
    st.integers(0, 50),
    st.integers(0, 30),
    st.integers(0, 30),
)
_NODES = st.builds(
    Node,
    role=st.sampled_from(["switch", "text"]),  # the first field compared
    class_name=st.sampled_from(["android.widget.Switch", "android.widget.TextView"]),
    text=_TEXTS,
    content_desc=_TEXTS,
    resource_id=st.sampled_from(["", "app:id/a"]),
    checked=st.booleans(),
    enabled=st.booleans(),
    bounds=_BOXES,
    selected=st.booleans(),  # the last field before children and extras
    extras=st.sampled_from([(), (("index", "0"),), (("hint", "Name"),)]),
)


def _field_by_field(a: Node, b: Node, *, scrolled: bool) -> dict[str, object]:
    """What the delta says of a pair, field by field (no volatile key; names as the JSON)."""
    out: dict[str, object] = {}
    for f in dataclasses.fields(Node):
        old, new = getattr(a, f.name), getattr(b, f.name)
        if f.name in ("children", "bounds") or old == new:
            continue
        if f.name == "extras":
            ea, eb = dict(old), dict(new)
            for name in ea.keys() | eb.keys():
                if ea.get(name) != eb.get(name) and name not in DEFAULT_VOLATILE.names:
                    out[name] = {"from": ea.get(name), "to": eb.get(name)}
        elif ATTRIBUTE_OF_FIELD[f.name] not in DEFAULT_VOLATILE.names:
            out[ATTRIBUTE_OF_FIELD[f.name]] = {"from": old, "to": new}
    if not scrolled and a.bounds != b.bounds:
        out["bounds"] = {"from": a.bounds.as_list(), "to": b.bounds.as_list()}
    return out


@settings(max_examples=150, deadline=None)
@given(_NODES, _NODES, _BOXES, st.booleans())
def test_attribute_changes_are_each_field_compared(
    a: Node, other: Node, box: Bounds, scrolled: bool
) -> None:
    cases = [
        (a, a),  # one object: a tag the parser reused
        (a, dataclasses.replace(a)),  # an equal node built again
        (a, dataclasses.replace(a, bounds=box)),  # only the box differs
        (a, other),
    ]
    for x, y in cases:
        got = _attribute_changes(x, y, "k", DEFAULT_VOLATILE, scrolled=scrolled)
        assert got == _field_by_field(x, y, scrolled=scrolled), (x, y)


def test_shows_texts_is_whether_the_subtree_has_texts() -> None:
    """:func:`~deltarec.core.diff.sliver_pairs.shows_texts` (stops at the first text) says what
    ``bool(texts(...))`` says, at every position of every real capture and of the synthetic
    dumps, asked before and after ``texts`` kept its answer."""
    dumps = [p.read_bytes() for p in sorted(REAL_DUMPS.glob("*/*.xml"))]
    dumps += [d.encode() for d in synthetic.dump_pair(20_000, seed=2)]
    asked = shown = 0
    for data in dumps:
        frame = Frame(parse_uiautomator(data))
        for pos in range(len(frame)):
            first = shows_texts(frame, pos)
            assert first == bool(texts(frame, pos)) == shows_texts(frame, pos)
            asked, shown = asked + 1, shown + first
    assert 0 < shown < asked  # both answers were given
