"""A one-shot delta read as text digests no screen label (issue 19, fixed cost of a cold call).

:func:`~deltarec.core.elements.delta_observation` labels the previous frame and a new screen
with :func:`~deltarec.core.observer.labels_by_texts` (alike exactly when
:func:`~deltarec.core.observer.screen_label` labels them alike) instead of digesting both. The
long way (``observe_delta`` with no index given: real labels) is the reference: on every ordered
pair of each real flow's captures as element dicts, and on generated new screens that show the
same texts (nameless controls replaced: the case where the labels' equality decides the
numbers), the text, the lines and the numbers are the long way's.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.match import match_measured
from deltarec.core.elements import _observe
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import IndexOptions, observe_delta, same_label, screen_label
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)
Elements = list[dict[str, Any]]


def _check(prev: Elements, curr: Elements, said: list[int]) -> None:
    """The shortcut against the long way; counts new screens whose labels are alike."""
    frame_cache.clear()
    got = _observe(prev, curr, None, 80, True, 40, None)
    before, after = Frame(elements_to_observation(prev)), Frame(elements_to_observation(curr))
    delta = compute_delta(before, after, matched=match_measured(before, after))
    want = observe_delta(
        before, after, options=IndexOptions(None, 80, True), max_lines=40, delta=delta
    )
    assert got.text == want.text
    assert got.entries == want.entries
    assert got.new_screen == want.new_screen
    assert got.index.number_of == want.index.number_of
    assert got.prev_index.number_of == want.prev_index.number_of
    alike = screen_label(before) == screen_label(after)
    assert same_label(before, after) == alike
    said[0] += 1
    said[1] += want.new_screen and alike


def _elements(path: Path) -> Elements:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_every_ordered_pair_of_a_flow_reads_as_with_real_labels(name: str, seq: list[Path]) -> None:
    screens = [_elements(p) for p in seq[:8]]
    said = [0, 0]
    for i, a in enumerate(screens):
        for j, b in enumerate(screens):
            if i != j:
                _check(a, b, said)


def _churned(elements: Elements, rng: random.Random) -> Elements:
    """The same texts, the nameless controls replaced: most dropped, others added elsewhere
    (so most interactive elements did not stay: a new screen that shows what the old one did)."""
    out: Elements = []
    for e in elements:
        if not e.get("name") and not e.get("children") and rng.random() < 0.8:
            continue
        e = dict(e)
        if "children" in e:
            e["children"] = _churned(e["children"], rng)
        out.append(e)
    for k in range(rng.randrange(6, 30)):
        x, y = rng.randrange(0, 1000), rng.randrange(0, 2200)
        out.append({"role": "button", "name": "", "x": x, "y": y, "width": 40 + k, "height": 40})
    return out


def test_churned_screens_read_as_with_real_labels() -> None:
    """Seeded walk over every flow's captures: the generator does make new screens labelled
    alike (the labels' equality then recalls numbers by key), and they read as the long way."""
    said = [0, 0]
    for which, (_, seq) in enumerate(SEQUENCES):
        for seed, path in enumerate(seq):
            screen = _elements(path)
            churned = _churned(screen, random.Random(which * 100 + seed))
            _check(screen, churned, said)
            _check(churned, screen, said)
    assert said[1] >= 10, said


# 16 draws (20 before): test_tab_labels' dealt sample of tab strips paid for with 4 (~0.4 s);
# the seeded churn above already reads every capture of every sequence both ways
@settings(max_examples=16, deadline=None)
@given(st.integers(0, len(SEQUENCES) - 1), st.integers(0, 10**6))
def test_generated_churn_reads_as_with_real_labels(which: int, seed: int) -> None:
    seq = SEQUENCES[which][1]
    rng = random.Random(seed)
    screen = _elements(seq[rng.randrange(len(seq))])
    churned = _churned(screen, rng)
    said = [0, 0]
    for a, b in pairwise([screen, churned, _churned(churned, rng), screen]):
        _check(a, b, said)


def test_same_label_is_screen_labels_equality_on_every_pair_of_real_captures() -> None:
    """Every ordered pair of real captures (as dumps: activities known), each also under
    another activity and with its typed text changed."""
    frames = []
    for path in sorted(REAL_DUMPS.rglob("*.xml")):
        obs = parse_uiautomator(path.read_bytes())
        frames += [Frame(obs), Frame(replace(obs, activity=obs.activity + ".Other"))]
    alike = 0
    for a in frames:
        for b in frames:
            assert same_label(a, b) == (screen_label(a) == screen_label(b))
            alike += a is not b and same_label(a, b)
    assert alike >= 4, alike
