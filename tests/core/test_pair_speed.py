"""The small-screen shortcuts (issue 19, fixed cost per call) give what the long way gives.

- :func:`~deltarec.core.elements.delta_observation` hands the matcher's scroll estimate to the
  delta (:func:`~deltarec.core.diff.compute.compute_delta` ``matched=``), which takes it only
  when the final pairs are the ones it was measured over: on every consecutive pair of real
  captures as element dicts (both ways) and on generated edits of them, the delta, its JSON
  and the rendered text equal those of a delta that measured the scrolls again over its
  final pairs.
- :func:`~deltarec.core.diff.row_evidence.agree` skips pairs of labels that lie rows apart
  (:func:`~deltarec.core.diff.row_evidence._apart`) before weighing them: two boxes it calls
  apart are never :func:`~deltarec.core.diff.motions.consistent` (generated boxes, near and
  far, moved and jittered), and ``agree`` says what weighing every label pair says — on the
  rows of every consecutive pair of real captures (both ways) moved onto their pairs and
  their pairs' siblings, on whole containers at every offset their rows moved by, and on
  generated rows.
- A page's viewport (:func:`~deltarec.core.diff.pages._viewport`) is looked up in one list a
  frame keeps (:func:`~deltarec.core.diff.pages.scrollers`): it is the ancestors walked, on
  every node of every real capture and of generated trees.
- Pass 3 weighs a slot's candidates (:func:`~deltarec.core.diff.match._slot`) evidence
  first and :func:`~deltarec.core.diff.row_content.other_row` last: every slot weighed while
  matching every real pair (both ways, and two steps apart) and generated edits of real
  screens comes out as other_row asked first of every candidate.
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import match
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.match import match_frames, match_measured
from deltarec.core.diff.motions import consistent
from deltarec.core.diff.pages import _viewport, scrollers
from deltarec.core.diff.pair_evidence import Evidence
from deltarec.core.diff.row_content import other_row
from deltarec.core.diff.row_evidence import _apart, agree
from deltarec.core.diff.viewport import own_labels
from deltarec.core.elements import delta_observation
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds
from deltarec.core.observer import IndexOptions, observe_delta
from deltarec.core.render.diff_json import diff_json
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)


# --- the matcher's estimate, handed to the delta ---------------------------------------


def _long_way(prev: list[dict[str, object]], curr: list[dict[str, object]]) -> tuple[str, object]:
    """delta_observation's text and the delta's JSON, the scrolls measured again."""
    before, after = Frame(elements_to_observation(prev)), Frame(elements_to_observation(curr))
    delta = compute_delta(before, after, pairs=match_frames(before, after))
    text = observe_delta(
        before, after, options=IndexOptions(None, 80, True), max_lines=40, delta=delta
    ).text
    return text, diff_json(delta)


def _check_handed(prev: list[dict[str, object]], curr: list[dict[str, object]]) -> None:
    before, after = Frame(elements_to_observation(prev)), Frame(elements_to_observation(curr))
    matched = match_measured(before, after)
    handed = compute_delta(before, after, matched=matched)
    frame_cache.clear()
    text, json = _long_way(prev, curr)
    assert diff_json(handed) == json
    frame_cache.clear()
    assert delta_observation(prev, curr) == text


def _elements(path: Path) -> list[dict[str, object]]:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_real_element_pairs_read_as_with_the_scrolls_measured_again(
    name: str, seq: list[Path]
) -> None:
    screens = [_elements(p) for p in seq]
    for a, b in pairwise(screens):
        _check_handed(a, b)
        _check_handed(b, a)


def _edited(elements: list[dict[str, object]], rng: random.Random) -> list[dict[str, object]]:
    """A copy with some elements moved down, dropped or renamed (an insertion, a scroll)."""
    out: list[dict[str, object]] = []
    shift = rng.choice([0, 37, -120, 215])
    for e in elements:
        roll = rng.random()
        if roll < 0.1:
            continue
        e = dict(e)
        if roll < 0.4 and "y" in e:
            e["y"] = max(0, int(e["y"]) + shift)  # type: ignore[call-overload]
        elif roll < 0.5:
            e["name"] = f"{e.get('name', '')}!"
        if "children" in e:
            e["children"] = _edited(e["children"], rng)  # type: ignore[arg-type]
        out.append(e)
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_edited_element_pairs_read_as_with_the_scrolls_measured_again(
    which: int, seed: int
) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    edited = _edited(screen, rng)
    _check_handed(screen, edited)
    _check_handed(edited, screen)


# --- agree's prefilter ------------------------------------------------------------------


def _agree_long(prev: Frame, p: int, curr: Frame, c: int, shift: tuple[int, int]) -> bool:
    """agree as it read before the prefilter: every pair of labels weighed (two text fields
    of one id show the same field, whatever was typed: ``row_evidence._one_field``), of the
    labels it asks (a carousel's inside the row move on their own: ``viewport.own_labels``)."""
    if p < 0:
        return False
    olds, news = own_labels(prev, p), own_labels(curr, c)
    at = [
        (
            i,
            j,
            (a.text, a.content_desc) == (n.text, n.content_desc)
            or (
                a.editable and n.editable and a.resource_id != "" and a.resource_id == n.resource_id
            ),
        )
        for i, a in enumerate(olds)
        for j, n in enumerate(news)
        if a.class_name == n.class_name and consistent(a.bounds, n.bounds, shift)
    ]
    found_old = {i for i, _, same in at if same}
    found_new = {j for _, j, same in at if same}
    return all(same or i in found_old or j in found_new for i, j, same in at)


_COORD = st.integers(-50, 400)


@settings(max_examples=300, deadline=None)
@given(_COORD, _COORD, st.integers(0, 90), st.integers(-3, 90), st.data())
def test_boxes_apart_are_never_consistent(
    left: int, top: int, width: int, height: int, data: st.DataObject
) -> None:
    old = Bounds(left, top, left + width, top + height)
    dx, dy = data.draw(st.integers(-200, 200)), data.draw(st.integers(-200, 200))
    near = data.draw(st.booleans())
    if near:  # the moved box again, each edge a few px off (rounded apart)
        j = [data.draw(st.integers(-4, 4)) for _ in range(4)]
        new = Bounds(
            left + dx + j[0], top + dy + j[1], left + width + dx + j[2], top + height + dy + j[3]
        )
    else:
        x, y = data.draw(_COORD), data.draw(_COORD)
        new = Bounds(x, y, x + data.draw(st.integers(0, 90)), y + data.draw(st.integers(-3, 90)))
    if _apart(top + dy, top + height + dy, new.top, new.bottom):
        assert not consistent(old, new, (dx, dy))


def _check_agree(prev: Frame, curr: Frame, pairs: dict[int, int]) -> tuple[int, int]:
    """agree == _agree_long for every row with children moved onto its pair and its pair's
    siblings, and for every container at the offsets its children moved by."""
    said = [0, 0]
    for c, p in pairs.items():
        if not curr.children[c]:
            continue
        parent = prev.parents[p]
        olds = prev.children[parent] if parent >= 0 else prev.roots
        b = curr.nodes[c].bounds
        for q in [p, *olds[:12]]:
            a = prev.nodes[q].bounds
            shifts = {(b.left - a.left, b.top - a.top), (0, 0)}
            for k in curr.children[c]:
                if (pk := pairs.get(k)) is not None:
                    ka, kb = prev.nodes[pk].bounds, curr.nodes[k].bounds
                    shifts.add((kb.left - ka.left, kb.top - ka.top))
            for shift in shifts:
                got = agree(prev, q, curr, c, shift)
                assert got == _agree_long(prev, q, curr, c, shift), (q, c, shift)
                said[got] += 1
    return said[0], said[1]


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_agree_is_every_label_pair_weighed_on_real_pairs(name: str, seq: list[Path]) -> None:
    frames = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    said = [0, 0]
    for a, b in pairwise(frames):
        for prev, curr in ((a, b), (b, a)):
            no, yes = _check_agree(prev, curr, match_frames(prev, curr))
            said[0] += no
            said[1] += yes
    assert said[1] > 0


def test_agree_says_no_and_yes_over_the_real_pairs() -> None:
    """The oracle above is not vacuous: over every real sequence, agree says both."""
    said = [0, 0]
    for _, seq in SEQUENCES[:6]:
        frames = [Frame(parse_uiautomator(p.read_bytes())) for p in seq[:4]]
        for a, b in pairwise(frames):
            no, yes = _check_agree(a, b, match_frames(a, b))
            said[0] += no
            said[1] += yes
    assert said[0] > 0 and said[1] > 0


def _rows(rows: list[list[tuple[str, int, int]]]) -> Frame:
    """A list of rows, each of labels (text, top, height) stacked in the row's box."""
    out = []
    for i, labels in enumerate(rows):
        top = 100 * i
        kids = "".join(
            f'<node class="T" text="{t}" bounds="[0,{top + y}][100,{top + y + h}]"/>'
            for t, y, h in labels
        )
        out.append(f'<node class="Row" bounds="[0,{top}][100,{top + 100}]">{kids}</node>')
    return Frame(
        parse_uiautomator(
            '<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,2000]">'
            + "".join(out)
            + "</node></hierarchy>"
        )
    )


_LABEL = st.tuples(st.sampled_from(["a", "b", "c", "Ken"]), st.integers(-5, 95), st.integers(0, 60))
_ROWS = st.lists(st.lists(_LABEL, min_size=1, max_size=4), min_size=1, max_size=6)


@settings(max_examples=120, deadline=None)
@given(_ROWS, _ROWS, st.integers(-320, 320))
def test_agree_is_every_label_pair_weighed_on_generated_rows(
    old: list[list[tuple[str, int, int]]], new: list[list[tuple[str, int, int]]], dy: int
) -> None:
    prev, curr = _rows(old), _rows(new)
    for p in range(len(prev)):
        for c in range(len(curr)):
            for shift in ((0, dy), (0, 100 * (c - p)), (0, 0)):
                assert agree(prev, p, curr, c, shift) == _agree_long(prev, p, curr, c, shift)


# --- the viewport of a page, looked up --------------------------------------------------


def _viewport_long(frame: Frame, pos: int) -> Bounds:
    """pages._viewport as it read before the memo: the ancestors walked."""
    for a in [pos, *frame.ancestors(pos)]:
        if scrolls_by_nature(frame.nodes[a]):
            return frame.nodes[a].bounds
    return frame.nodes[pos].bounds


def test_viewports_are_the_ancestors_walked_on_every_real_capture() -> None:
    captures = sorted(REAL_DUMPS.rglob("*.xml"))
    scrolled = 0
    for path in captures:
        frame = Frame(parse_uiautomator(path.read_bytes()))
        for pos in range(len(frame)):
            assert _viewport(frame, pos) == _viewport_long(frame, pos), (path, pos)
        scrolled += sum(s >= 0 for s in scrollers(frame))
    assert len(captures) > 50 and scrolled > 0


_CLASSES = st.sampled_from(["V", "android.widget.ListView", "android.webkit.WebView", "Row"])


@st.composite
def _tree(draw: st.DrawFn, depth: int = 0) -> str:
    cls = draw(_CLASSES)
    flag = ' scrollable="true"' if draw(st.booleans()) and depth else ""
    x, y = draw(st.integers(0, 50)), draw(st.integers(0, 50))
    kids = "" if depth >= 3 else "".join(draw(st.lists(_tree(depth + 1), max_size=3)))
    return f'<node class="{cls}"{flag} bounds="[{x},{y}][{x + 40},{y + 40}]">{kids}</node>'


@settings(max_examples=60, deadline=None)
@given(st.lists(_tree(), min_size=1, max_size=3))
def test_viewports_are_the_ancestors_walked_on_generated_trees(windows: list[str]) -> None:
    frame = Frame(parse_uiautomator("<hierarchy>" + "".join(windows) + "</hierarchy>"))
    for pos in range(len(frame)):
        assert _viewport(frame, pos) == _viewport_long(frame, pos)


# --- pass 3's slot: evidence first, other_row last --------------------------------------


def _slot_long(
    prev: Frame,
    curr: Frame,
    c: int,
    live: list[int],
    anchored: set[int],
    over: set[int],
    placed: bool,
    ev: Evidence,
) -> list[int]:
    """_align's slot as it read before: other_row asked of every candidate first."""
    return [
        p
        for p in live
        if not other_row(prev, p, curr, c, ev.pairs)
        and (
            (p in over or ev.shares(c, p) or ev.synthetic_roots(c, p))
            if p in anchored
            else placed or match._in_place(prev, p, curr, c, ev, over)
        )
    ]


def _checked_slots(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every slot pass 3 weighs is weighed the long way too, and must come out the same."""
    fast, seen = match._slot, [0]

    def both(*args: Any) -> list[int]:
        got = fast(*args)
        assert got == _slot_long(*args)
        seen[0] += len(args[3])
        return got

    monkeypatch.setattr(match, "_slot", both)
    return seen


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_slots_are_weighed_as_the_long_way_on_real_pairs(
    name: str, seq: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _checked_slots(monkeypatch)
    frames = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    for a, b in pairwise(frames):
        match_frames(a, b)
        match_frames(b, a)
    for a, b in zip(frames, frames[2:], strict=False):  # two steps apart: more left to align
        match_frames(a, b)
    assert seen[0] >= 0


def test_slots_weigh_candidates_over_the_real_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is not vacuous: pass 3 weighs candidates on the real pairs."""
    seen = _checked_slots(monkeypatch)
    for _, seq in SEQUENCES[:4]:
        frames = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
        for a, b in pairwise(frames):
            match_frames(a, b)
    assert seen[0] > 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_slots_are_weighed_as_the_long_way_on_edited_pairs(which: int, seed: int) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    before = Frame(elements_to_observation(screen))
    after = Frame(elements_to_observation(_edited(screen, rng)))
    with pytest.MonkeyPatch.context() as monkeypatch:
        _checked_slots(monkeypatch)
        match_frames(before, after)
        match_frames(after, before)
