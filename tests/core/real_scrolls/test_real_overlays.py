"""An overlay shown over a real capture or taken away (:mod:`.overlays`), graded: ``+``
(``-``) of the overlay's nodes only, the screen below unchanged, no scroll.

A cheap, seeded sample runs here (two derived pairs per real capture);
``benchmarks/bench_real_transforms.py`` runs more. :data:`BUDGET` is a ratchet: the
violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random

from deltarec.core.observe.frame import Frame
from tests.core.real_scrolls.overlays import SHAPES, Overlay, cases, check, derive, kind
from tests.core.real_scrolls.transforms import captures, over_budget

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (kind, class) in the seeded sample: none (0 of 1,100 in the benchmark's
sample when the kind was written: the diff read every overlay right)."""


def test_the_derived_frames_add_the_overlay_and_nothing_else() -> None:
    """The generator itself: the covered frame is the capture plus the overlay's nodes (a
    window of its own for a dialog or a toast), and reads backwards as its removal."""
    name, obs = captures()[0]
    for shape in SHAPES:
        prev, curr = derive(Overlay(name, shape))
        assert prev == obs
        added = len(Frame(curr).nodes) - len(Frame(prev).nodes)
        assert added >= 2
        assert len(curr.windows) == len(obs.windows) + (shape in ("dialog", "toast"))
        assert derive(Overlay(name, shape, removal=True)) == (curr, prev)


def test_overlays_over_real_captures_state_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 2)
    assert len(sample) >= 100
    over, found = over_budget(((kind(case), check(case)) for case in sample), BUDGET)
    assert over == {}, found
