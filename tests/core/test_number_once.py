"""A step numbers the new frame once (issue 19, fixed cost of a cold call).

:func:`~deltarec.core.observer.observe_delta` asks :func:`~deltarec.core.diff.screens.is_new_screen`
and :func:`~deltarec.core.render.delta_text.swapped_dialogs` of the frame's
:class:`~deltarec.core.observe.index.Layout` (unnumbered), then numbers the frame once; it used
to number it with the step's pairs first, ask, and on a new screen number it again. The long
way is kept here (:func:`_long_way`): on every ordered pair of each real flow's captures (as
dumps and as element dicts, at several caps) and on generated edits of real screens, the step's
index (numbers, elements, label), whether it is a new screen, and the text are the long way's.
"""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.across import crossed, pages
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.screens import (
    _CLOCK,
    _TITLE_HOSTS,
    TITLE_BAND,
    _tapped_title,
    is_new_screen,
    screen_title,
)
from deltarec.core.diff.volatile import system_bars
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import (
    IndexOptions,
    index_frame,
    layout_of,
    observe_delta,
    screen_label,
)
from deltarec.core.render.delta_text import swapped_dialogs
from tests.core.real_scrolls.unlabelled import captures
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)
OPTIONS = [IndexOptions(), IndexOptions(None, 80, True), IndexOptions(None, 6, False)]


def _long_way(
    delta: Delta, prev_index: ElementIndex, options: IndexOptions
) -> tuple[ElementIndex, bool]:
    """The step's index and new-screen answer as observe_delta found them before: the frame
    numbered with the pairs, asked, and numbered again on a new screen (with the pairs of its
    system bars alone)."""
    pairs = crossed(delta.prev, delta.curr, delta.pairs, pages(delta.scrolls))
    index = index_frame(delta.curr, options, previous=prev_index, pairs=pairs, commit=False)
    swaps = swapped_dialogs(delta, prev_index, index)
    if swaps:
        inside: AbstractSet[int] = delta.curr.under(c for _, c in swaps)
        pairs = {c: p for c, p in pairs.items() if c not in inside}
        index = index_frame(
            delta.curr, options, previous=prev_index, pairs=pairs, commit=False, fresh=inside
        )
    new_screen = is_new_screen(delta, prev_index, index)
    if new_screen:  # the system bars keep their numbers (issue 18): their pairs alone
        screen = screen_label(delta.curr)
        now, before = system_bars(delta.curr), system_bars(delta.prev)
        bars = {c: p for c, p in pairs.items() if c in now and p in before}
        index = index_frame(
            delta.curr, options, previous=prev_index, pairs=bars, commit=False, screen=screen
        )
    return index, new_screen


def _title_long_way(index: ElementIndex, skip: frozenset[int]) -> str:
    """screen_title as it read the numbered elements before it took a layout."""
    frame = index.frame
    bars = system_bars(frame)
    texts = [
        e
        for e in index.elements
        if e.pos not in skip
        and e.pos not in bars
        and frame.nodes[e.pos].role == "text"
        and not _CLOCK.match(e.name)
    ]
    for e in index.elements:
        if e in texts:
            for a in frame.ancestors(e.pos)[:3]:
                node = frame.nodes[a]
                rid = node.resource_id.rpartition("/")[2].lower()
                simple = node.class_name.rsplit(".", 1)[-1].lower()
                if rid.endswith(_TITLE_HOSTS) or "toolbar" in simple or "actionbar" in simple:
                    return e.name
        elif e.pos not in skip and e.pos not in bars and _tapped_title(frame, index.names, e.pos):
            return e.name
    band = frame.obs.height * TITLE_BAND if frame.obs.height else None
    for e in texts:
        if band is None or e.bounds.top < band:
            return e.name
    return ""


def _check(prev: Frame, curr: Frame, options: IndexOptions, said: list[int]) -> None:
    delta = compute_delta(prev, curr)
    # each way its own book (observe_delta notes the step's numbers in it)
    index, new_screen = _long_way(delta, index_frame(prev, options), options)
    got = observe_delta(
        prev, curr, options=options, prev_index=index_frame(prev, options), delta=delta
    )
    assert got.new_screen == new_screen
    assert got.index.number_of == index.number_of
    assert got.index.elements == index.elements
    assert got.index.screen == index.screen
    placed = layout_of(curr, options)
    assert list(placed.order) == [e.pos for e in index.elements]
    assert placed.candidates == index.candidates
    order = [e.pos for e in index.elements]
    for skip in [*(frozenset(order[:k]) for k in (0, 1, 3, 10)), delta.quiet_curr]:
        title = _title_long_way(index, skip)
        assert screen_title(placed, skip) == title
        assert screen_title(index, skip) == title
    said[new_screen] += 1


def _frames(path: Path) -> tuple[Frame, Frame]:
    """The capture as a dump and as element dicts."""
    obs = parse_uiautomator(path.read_bytes())
    return Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_every_ordered_pair_of_a_flow_is_numbered_as_the_long_way(
    name: str, seq: list[Path]
) -> None:
    frames = [_frames(p) for p in seq[:8]]
    said = [0, 0]
    for i, a in enumerate(frames):
        for j, b in enumerate(frames):
            if i != j:
                for form in (0, 1):
                    for options in OPTIONS:
                        _check(Frame(a[form].obs), Frame(b[form].obs), options, said)
    assert said[0] + said[1] > 0


def test_the_real_pairs_hold_both_answers() -> None:
    """The oracle is not vacuous: new screens and same screens both occur among real pairs."""
    said = [0, 0]
    for _, seq in SEQUENCES:
        for a, b in pairwise(seq):
            _check(_frames(a)[0], _frames(b)[0], IndexOptions(), said)
    assert said[0] > 5 and said[1] > 5, said


def test_a_dialog_swapped_in_the_window_of_the_last_is_numbered_as_the_long_way() -> None:
    """Generated: every dialog window of every capture (real and virtual) replaced by every
    other one over the first's screen (``tests/core/test_session_numbers.py``): the swapped
    dialog's elements take no number back (``fresh``), as the long way gives them."""
    dialogs = [
        (name, i, obs)
        for name, obs in captures()
        for i, window in enumerate(obs.windows)
        if Frame(replace(obs, windows=(window,))).nodes[0].role == "dialog"
    ]
    swaps, said = 0, [0, 0]
    for name, i, obs in dialogs:
        for other, j, with_other in dialogs:
            if other != name:
                windows = list(obs.windows)
                windows[i] = with_other.windows[j]
                prev, curr = Frame(obs), Frame(replace(obs, windows=tuple(windows)))
                index = index_frame(prev)
                swaps += bool(swapped_dialogs(compute_delta(prev, curr), index, index_frame(curr)))
                _check(prev, curr, IndexOptions(), said)
    assert swaps > 20, swaps


def _edited(frame: Frame, rng: random.Random) -> Frame:
    """The screen as element dicts, some dropped, moved or renamed."""
    out: list[dict[str, object]] = []
    shift = rng.choice([0, 37, -120, 215])
    for e in observation_to_elements(frame.obs):
        roll = rng.random()
        if roll < 0.15:
            continue
        e = dict(e)
        if roll < 0.4 and "y" in e:
            e["y"] = max(0, int(e["y"]) + shift)  # type: ignore[call-overload]
        elif roll < 0.55:
            e["name"] = f"{e.get('name', '')}!"
        out.append(e)
    return Frame(elements_to_observation(out))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6), st.sampled_from(OPTIONS))
def test_edited_screens_are_numbered_as_the_long_way(
    which: int, seed: int, options: IndexOptions
) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _frames(seq[rng.randrange(len(seq))])[1]
    edited = _edited(screen, rng)
    said = [0, 0]
    _check(screen, edited, options, said)
    _check(Frame(edited.obs), Frame(screen.obs), options, said)
